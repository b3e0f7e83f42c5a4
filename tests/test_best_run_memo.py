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
    """1830, seed 1, four players, random bot (its generator seeded 1) at action 98: the NYNH, with three 2-trains
    and stations in New York (G19) and Providence (F22, just placed), runs them for 50 (New York 40 + a town of
    New Haven & Hartford 10, on tile #1), 30 (the same town by its other track + Providence 20) and 30
    (Providence 20 + Mansfield 10); the synthetic title's 2+1-trains on the same board earn 60 (Boston 30 +
    Mansfield 10 + Providence 20), 50 and 30. Asked
    first for the synthetic game, the memo must still give 1830 its own routes, which 1830 accepts (before, 1830
    was offered the synthetic routes and refused them under 1830:route.distance)."""
    game, rng = new_bot_game("1830", 4, 1), GameRandom(1)
    while len(game.actions) < 98:
        game.process(random_action(game, rng))
    assert game.current_entity == "NYNH" and game.active_step.name == "Run trains"
    assert game.tokens("NYNH") == ("G19", "F22") and game.state.corporations["NYNH"].trains == ["2-0", "2-1", "2-2"]
    synthetic = Synthetic18xx([f"P{i + 1}" for i in range(4)], seed=1)
    synthetic.state = pickle.loads(pickle.dumps(game.state))
    theirs = route_choices(synthetic, "NYNH")[0]
    ours = route_choices(game, "NYNH")[0]
    assert [r.revenue for r in theirs.routes] == [60, 50, 30] and [r.revenue for r in ours.routes] == [50, 30, 30]
    assert [r.nodes for r in ours.routes] == [("F20-1", "G19-0"), ("F20-1", "F22-0"), ("F22-0", "F24-0")]
    game.process(ours)
