"""The operating round's shortcuts of stop 50 (issue 32) against fresh computations along real random games
(positions built by legal play):

- the depot's sales (``trainbuy.on_sale``), answered first from the last depot asked of the facts, equal the
  depot's ``for_sale`` and its cheapest price worked out afresh, at every position and after a fork's; the
  trains the bank sells (``trainbuy.offered``), kept with that depot, equal those worked out afresh;
- the route position kept per corporation (``revenue.route_position``) equals one built afresh from the state
  (the same board object, equal trains, tile colours and route rules);
- the best set kept as an action per router answer (``revenue._as_action``) equals the action built afresh
  from that answer.
"""

from __future__ import annotations

import pytest

from gamekit.g18xx import revenue, trainbuy
from gamekit.tracks.actions import Route, RunRoutes
from gamekit.tracks.router import Position, remembered_best
from gamekit.tracks.trains import for_sale, phase, train_name

from .bot_positions import operating_positions, random_positions

CASES = [("1830", 4, 1), ("1837", 4, 1), ("1894", 3, 2)]


def _fresh_sale(game) -> tuple[tuple[str, ...], int | None]:
    """The depot's sales and the cheapest one's price, worked out afresh."""
    sale = tuple(for_sale(game.facts, game.state.depot))
    return sale, min((trainbuy.depot_price(game, t) for t in sale), default=None)


def _fresh_offered(game) -> list[str]:
    """The trains the bank sells, worked out afresh: of the discarded ones, where the policy says so, only the
    first discarded of each type."""
    depot = game.state.depot
    sale = _fresh_sale(game)[0]
    if not game.policy.pool_sells_first_of_type:
        return list(sale)
    return [t for t in sale if t not in depot.discarded or
            next(d for d in depot.discarded if train_name(d) == train_name(t)) == t]


@pytest.mark.parametrize("title,players,seed", CASES + [("1837", 4, 2)])
def test_on_sale_equals_fresh(title, players, seed):
    checked = changed = 0
    before = None
    for game in random_positions(title, players, seed, 3000):
        fresh = _fresh_sale(game)
        assert trainbuy.on_sale(game) == fresh
        assert trainbuy.on_sale(game) == fresh  # asked again: from the last depot kept
        assert trainbuy.offered(game) == _fresh_offered(game)
        assert trainbuy.offered(game) == _fresh_offered(game)  # asked again: kept with the depot's entry
        changed += before is not None and fresh != before
        before = fresh
        if checked % 97 == 0:  # a fork asked in between keeps its own depot as the last one
            fork = game.fork()
            assert trainbuy.on_sale(fork) == fresh
            assert trainbuy.on_sale(game) == fresh
        checked += 1
    assert checked > 500 and changed > 5


def _fresh_position(game, corp: str) -> Position:
    state = game.state
    return Position(game.track, state.board, corp, revenue.trains_of(game, corp),
                    tuple(phase(game.facts, state.depot).tiles), game.route_rules)


def _fresh_action(corp: str, best) -> RunRoutes:
    """``revenue._as_action`` worked out afresh, with the checking constructors."""
    return RunRoutes(entity=corp, routes=tuple(
        Route(train=route.train, connections=tuple(tuple(coord for coord, _ in leg.paths) for leg in route.legs),
              hexes=tuple(s.node[0] for s in scored.stops), nodes=tuple(s.node_id for s in scored.stops),
              revenue=scored.revenue)
        for route, scored in zip(best.routes, best.run.routes)))


@pytest.mark.parametrize("title,players,seed", CASES)
def test_route_position_and_best_action_equal_fresh(title, players, seed):
    positions = kept = actions = 0
    for game, corp in operating_positions(title, players, seed, 3000):
        rnd = game.state.round
        first = revenue.route_position(game, corp)
        again = revenue.route_position(game, corp)
        fresh = _fresh_position(game, corp)
        assert first == fresh and first.board is game.state.board
        assert list(first.trains) == game.state.corporations[corp].trains
        kept += again is first
        positions += 1
        if rnd.step == "route" and game.state.corporations[corp].trains:
            best = remembered_best(fresh)
            action = revenue._as_action(corp, best)
            assert action == _fresh_action(corp, best)
            assert revenue._as_action(corp, best) is action
            actions += 1
    assert positions > 300 and kept == positions and actions > 20
