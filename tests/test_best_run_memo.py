"""The memo of best route sets (``g18xx.revenue._best_run``) answers a position only with routes found for that
title's map and trains: the synthetic test title shares 1830's map, corporation ids and train ids, but its "2"
also counts a town, so at the same position it finds other routes."""

from __future__ import annotations

import pickle

from gamekit.g18xx.revenue import route_choices
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action

from .synthetic_18xx import Synthetic18xx


def test_the_best_routes_of_another_title_are_never_offered():
    """1830, seed 1, four players, random bot (its generator seeded 1) at action 464, once the B&M has placed no token: it runs its 2-train
    for 40 dollars; the synthetic title's 2+1-train on the same board earns 60 (a town more). Asked first for the
    synthetic game, the memo must still give 1830 its own 40-dollar route, which 1830 accepts (before, 1830 was
    offered the 60-dollar route and refused it under 1830:route.distance)."""
    game, rng = new_bot_game("1830", 4, 1), GameRandom(1)
    while len(game.actions) < 464:
        game.process(random_action(game, rng))
    assert game.current_entity == "B&M" and game.active_step.name == "Place a station token"
    game.process(next(a for a in game.legal_actions() if a.type == "pass"))  # no token: on to its trains
    assert game.active_step.name == "Run trains"
    synthetic = Synthetic18xx([f"P{i + 1}" for i in range(4)], seed=1)
    synthetic.state = pickle.loads(pickle.dumps(game.state))
    theirs = route_choices(synthetic, "B&M")[0]
    ours = route_choices(game, "B&M")[0]
    assert [r.revenue for r in theirs.routes] == [60] and [r.revenue for r in ours.routes] == [40]
    game.process(ours)
