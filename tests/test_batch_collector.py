"""Game.batch pauses Python's cycle collector for its duration and restores it as it was (gamekit.game.YOUNG_EVERY):
the collector's state after nested batches, a batch entered with it disabled, a refusal and a fork inside a batch,
and the young collections every YOUNG_EVERY actions of a random game."""

import gc

import pytest

from gamekit import game as game_module
from gamekit.errors import GameError
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, play_random_game, random_action


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_batch_pauses_and_restores_the_collector(collector_on):
    game = new_bot_game("1830", 4, 3)
    with game.batch():
        assert not gc.isenabled()
        with game.batch():  # a nested batch leaves the pause to the outer one
            game.process(random_action(game, GameRandom(1)))
        assert not gc.isenabled()
    assert gc.isenabled()
    assert len(game.actions) == 1


def test_batch_leaves_a_disabled_collector_disabled(collector_on):
    game = new_bot_game("1830", 4, 3)
    gc.disable()
    with game.batch():
        game.process(random_action(game, GameRandom(1)))
    assert not gc.isenabled()
    gc.enable()


def test_collector_restored_after_a_refusal_and_a_fork_plays_outside(collector_on):
    game = new_bot_game("1830", 4, 3)
    legal = game.legal_actions()[0]
    with pytest.raises(GameError):
        with game.batch():
            game.process(legal)
            other = game.fork()
            other.process(random_action(other, GameRandom(2)))  # a copy is outside the batch
            assert not gc.isenabled()
            game.process(legal)  # the same action again: refused (not this entity's turn any more, or a rule)
    assert gc.isenabled()
    assert len(game.actions) == 1 and len(other.actions) == 2


def test_young_collections_during_a_random_game(collector_on, monkeypatch):
    collected = []
    monkeypatch.setattr(game_module.gc, "collect", lambda generation=2: collected.append(generation) or 0)
    played = play_random_game("1830", 4, 1)
    # one collection of the youngest generation after every YOUNG_EVERY-th action of the game, none other
    assert collected == [0] * (len(played.actions) // game_module.YOUNG_EVERY)
    assert len(played.actions) > game_module.YOUNG_EVERY
    assert gc.isenabled()
