"""A bot game keeps a snapshot only every ``BOT_SNAPSHOT_EVERY`` actions (``Game.batch(snapshot_every=…)``), and
its positions between two snapshots are rebuilt equal to the ones played one action at a time."""

from __future__ import annotations

import pytest

from gamekit.game import BATCH_SNAPSHOT_EVERY, BOT_SNAPSHOT_EVERY
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, play_random_game, random_action


def test_a_random_bot_game_keeps_a_snapshot_every_bot_spacing_and_rebuilds_every_position():
    game = play_random_game("1830", 4, 3, cap=BOT_SNAPSHOT_EVERY + 40)
    assert len(game.actions) == BOT_SNAPSHOT_EVERY + 40
    assert [i for i, s in enumerate(game._snapshots) if s is not None] == [0, BOT_SNAPSHOT_EVERY]
    one_by_one = new_bot_game("1830", 4, 3)  # outside a batch: a snapshot before every action
    for action in game.actions:
        one_by_one.process(action)
    for index in (1, BOT_SNAPSHOT_EVERY - 1, BOT_SNAPSHOT_EVERY + 1, len(game.actions)):
        assert game.state_at(index) == one_by_one.state_at(index), index
    for _ in range(45):  # back over the second snapshot: rebuilt from the first
        assert game.undo() == one_by_one.undo()
        assert game.state == one_by_one.state


def test_a_batch_inside_another_keeps_the_outer_spacing():
    game = new_bot_game("1830", 4, 5)
    rng = GameRandom(5)
    with game.batch(3):
        with game.batch(BATCH_SNAPSHOT_EVERY):
            for _ in range(7):
                game.process(random_action(game, rng))
        game.process(random_action(game, rng))
    game.process(random_action(game, rng))  # outside the batch: a snapshot again
    assert [s is not None for s in game._snapshots] == [True, False, False, True, False, False, True, False, True]


@pytest.mark.parametrize("spacing", [0, -1, 2.0, True, "64"])
def test_a_batch_refuses_a_spacing_that_is_not_a_whole_number_of_at_least_one(spacing):
    game = new_bot_game("1830", 4, 1)
    with pytest.raises(ValueError):
        with game.batch(spacing):
            pass
    assert game._batch_from is None
