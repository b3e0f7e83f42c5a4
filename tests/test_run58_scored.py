"""The router's answer is scored without ``run_routes``' checks (``routes.scored_run``, at the end of
``router._search``): along seeded random games of 1830, 1894 and 1837, at every position where the corporation
acting has trains and on the forks of some of its tile lays, the best set found passes ``run_routes``' checks and
its score is exactly ``run_routes``' result."""

from __future__ import annotations

import pytest

from gamekit.g18xx.revenue import route_position
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action
from gamekit.tracks import router
from gamekit.tracks.routes import run_routes

CASES = [("1830", 3, 600), ("1894", 5, 600), ("1837", 2, 400)]
"""Title, seed and how many actions of a random 4-player game to play."""
LAYS_FORKED = 2
"""How many of a corporation's tile lays are forked at each position where it may lay."""


def _positions(title: str, seed: int, actions: int):
    """The route position of the corporation acting wherever it has trains, and of the forks after its first
    :data:`LAYS_FORKED` legal tile lays, along a random game's first ``actions`` actions."""
    game, rng = new_bot_game(title, 4, seed), GameRandom(seed)
    while len(game.actions) < actions and not game.is_over:
        me = game.current_entity
        if me in game.corporations() and game.trains(me):
            yield route_position(game, me)
            for lay in [a for a in game.legal_actions() if a.type == "lay_tile"][:LAYS_FORKED]:
                fork = game.fork_after(lay)
                if fork.trains(me):
                    yield route_position(fork, me)
        game.process(random_action(game, rng))


@pytest.mark.parametrize("title,seed,actions", CASES)
def test_best_sets_pass_the_checks_with_the_same_score(title, seed, actions):
    ran = 0
    for pos in _positions(title, seed, actions):
        found = router.find_best_routes(pos)
        checked = run_routes(pos.data, pos.board, pos.corporation, found.routes, pos.trains, pos.phase_colours,
                             rules=pos.rules)
        assert checked == found.run
        ran += bool(found.routes)
    assert ran >= 20  # sets of routes, not only idle trains
