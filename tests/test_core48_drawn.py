"""The engine's own random bot hands its actions to ``Game._play_listed``, which skips the checks of ``process``
(the field checks and the step's types): the games must be the ones ``process`` plays, and every drawn action
must be one ``process`` admits unchanged."""

import pytest

from gamekit.actions import is_checked
from gamekit.simulate import ENGINE_BOTS, new_bot_game, play_random_game, random_action, random_bot
from gamekit.rng import GameRandom

CASES = [("1830", 4, 3), ("1894", 3, 2), ("1837", 3, 1), ("continental-divide", 4, 1), ("american-rails", 3, 1)]


@pytest.mark.parametrize("title,players,seed", CASES)
def test_drawn_actions_play_the_game_process_plays(title, players, seed):
    # a bot that is not one of ENGINE_BOTS goes through process, with every check
    def checked(game, rng):
        return random_bot(game, rng)

    assert checked not in ENGINE_BOTS
    cap = 600
    fast = play_random_game(title, players, seed, cap=cap, bot=random_bot)
    slow = play_random_game(title, players, seed, cap=cap, bot=checked)
    assert len(fast.actions) == len(slow.actions) > 50
    assert fast.to_json() == slow.to_json()
    assert [e for _, es in fast.history() for e in es] == [e for _, es in slow.history() for e in es]
    assert fast.state == slow.state


@pytest.mark.parametrize("title,players,seed", CASES)
def test_every_drawn_action_is_admitted_as_it_is(title, players, seed):
    game = new_bot_game(title, players, seed)
    rng = GameRandom(seed * 7919 + 17)
    with game.batch():
        for _ in range(400):
            if game.is_over:
                break
            action = random_action(game, rng)
            admitted = game._admitted(action)  # no refusal
            assert admitted == action
            assert admitted is action or not is_checked(action)  # built by a checking constructor: built again
            game._play_listed(action)
    assert len(game.actions) > 50
