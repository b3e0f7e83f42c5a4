"""A listed ``run_routes`` action changed in place (past its frozen record, as tests/test_fuzz.py does) never
rewrites the game's history: the engine kept one action object per best set and per corporation's run of no train
and handed the same object out again after a game had run it, so the change reached the run already in the
history, and the save replayed otherwise (1837, 5 players, seed 5: emptying the listed run's routes at action 443
emptied an earlier run too, and a president's certificate was unaffordable at action 384 of the replay). Rule:
``1837:or.route``."""

from __future__ import annotations

import gamekit
from gamekit.rng import GameRandom
from gamekit.simulate import random_action
from gamekit.titles import game_class
from gamekit.tracks.actions import RunRoutes


def test_a_listed_run_changed_in_place_leaves_the_history_as_played():
    game = game_class("1837")([f"P{i + 1}" for i in range(5)], seed=5)
    rng = GameRandom(5)
    while len(game.actions) < 443:
        game.process(random_action(game, rng))
    saved = game.to_json()
    runs = [a for a in game.legal_actions() if isinstance(a, RunRoutes) and a.routes]
    assert runs, "the position lists a run"
    history = {id(a) for a in game.actions}
    assert all(id(run) not in history for run in runs)
    run = runs[0]
    kept = run.routes
    object.__setattr__(run, "routes", [])
    try:
        assert game.to_json() == saved
        game.process(run)  # a run of no train: legal here
        assert gamekit.load_json(game.to_json()).to_json() == game.to_json()
        game.undo()
    finally:
        object.__setattr__(run, "routes", kept)
    assert game.to_json() == saved
