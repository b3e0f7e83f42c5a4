"""1894's route check reads a route's stops where it can (``Rules1894.check_route``): along a heuristic game, every
route the router asks about gets the same answer as the walk of every path of every leg would give."""

from __future__ import annotations

import pytest

from gamekit.bots import play_seats
from gamekit.errors import GameError
from gamekit.titles.g1894 import routes as routes1894
from gamekit.titles.g1894.game import Game1894
from gamekit.titles.g1894.routes import Rules1894

from .router_positions import forget_answers


def _walked(rules: Rules1894, corporation: str, route) -> str | None:
    """The refusal's rule as the plain definition gives it: Paris among the stops twice, or any path of any leg
    on London for a corporation without a ferry marker."""
    if sum(1 for coord, _, _ in route.stops if coord == rules.paris) > 1:
        return "revisit"
    if corporation not in rules.ferries and any(coord == rules.london for leg in route.legs for coord, _ in leg.paths):
        return "london"
    return None


def test_check_route_answers_as_the_walk_along_a_heuristic_game(monkeypatch):
    asked = {"revisit": 0, "london": 0, None: 0}
    real = Rules1894.check_route

    def compared(self, data, board, corporation, route, train):
        expected = _walked(self, corporation, route)
        asked[expected] += 1
        try:
            real(self, data, board, corporation, route, train)
        except GameError as error:
            assert expected is not None and error.rule.endswith(expected)
            raise
        assert expected is None

    monkeypatch.setattr(Rules1894, "check_route", compared)
    forget_answers("1894")  # a search an earlier test made would be answered without asking check_route
    play_seats("1894", ["heuristic"] * 4, 2)
    # the game asked about routes of every kind: refused for Paris twice, for London, and allowed
    assert asked["revisit"] > 0 and asked["london"] > 0 and asked[None] > 0


def test_printed_london_has_no_path_through():
    game = Game1894(["P1", "P2", "P3", "P4"], seed=0)
    london = game.facts.constants["london_hex"]
    assert routes1894.passes_london(game.track, game.state.board, london) is False
    assert game.route_rules.london_through is False


@pytest.mark.parametrize("through", [False, True])
def test_a_path_through_london_is_refused_either_way(through):
    """A route whose leg walks a path on London without stopping there: refused for a corporation without a ferry
    marker when the rules know London can be passed through (the walk), and allowed when they know it cannot."""
    from gamekit.tracks.routes import Leg, Route
    rules = Rules1894(frozenset(), frozenset(), "A10", "I18", "C18", "G6", frozenset(), 0, through)
    route = Route("2-0", (Leg(("B9", "city", 0), ("B11", "city", 0), (("B9", 0), ("A10", 1), ("B11", 0))),))
    game = Game1894(["P1", "P2", "P3", "P4"], seed=0)
    if through:
        with pytest.raises(GameError):
            rules.check_route(game.track, game.state.board, "Nord", route, None)
    else:
        rules.check_route(game.track, game.state.board, "Nord", route, None)
