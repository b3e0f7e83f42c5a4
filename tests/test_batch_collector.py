"""Game.batch pauses Python's cycle collector for its duration and restores it as it was: the collector's state after
nested batches, a batch entered with it disabled, a refusal and a fork inside a batch; no collection during a random
game, and the objects a batch kept handed to the oldest generation unscanned as it ends (someone else's frozen
objects left frozen)."""

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


def test_no_collection_during_a_random_game(collector_on, monkeypatch):
    collected = []
    monkeypatch.setattr(game_module.gc, "collect", lambda generation=2: collected.append(generation) or 0)
    played = play_random_game("1830", 4, 1)
    assert collected == [] and len(played.actions) > 1000
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_the_end_of_a_long_batch_leaves_the_history_unscanned(collector_on):
    # 1837 seed 1 takes 3274 actions, over 40,000 kept objects: the batch ends with none of them young, so no
    # collection is due as it returns, and none of the collections that follow scans the history (the game is
    # alive through them all)
    started = []

    def record(phase, info):
        if phase == "start":
            started.append(info["generation"])

    game, rng = new_bot_game("1837", 4, 1), GameRandom(1 * 7919 + 17)  # play_random_game's generator
    gc.collect()  # every generation's count from zero
    gc.callbacks.append(record)
    try:
        with game.batch():
            while not game.is_over:
                game.process(random_action(game, rng))
        assert gc.get_count()[0] < gc.get_threshold()[0]
        young = len(gc.get_objects(0)) + len(gc.get_objects(1))
    finally:
        gc.callbacks.remove(record)
    assert len(game.actions) == 3274 and started == []
    assert young < 1000  # what the lines above made, not the game's history


def test_someone_elses_frozen_objects_stay_frozen(collector_on):
    kept = [[n] for n in range(100)]  # a server's objects, frozen before it forks
    gc.freeze()
    try:
        assert gc.get_freeze_count() >= 100
        played = play_random_game("1830", 4, 2, cap=300)
        assert len(played.actions) == 300 and gc.isenabled()
        # still in the permanent generation, which no generation lists
        assert gc.is_tracked(kept[0]) and not any(o is kept[0] for o in gc.get_objects())
    finally:
        gc.unfreeze()
    assert len(kept) == 100
