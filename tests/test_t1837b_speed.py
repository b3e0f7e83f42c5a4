"""1837's answers kept or found more cheaply (issue 32) equal the answers worked out afresh, along seeded random
games: the corporations of which the player acting holds more than the holding limit (``selling._over_limit``);
whether a company that surrendered a train can buy one (``trains._skip``, from the lazy purchases); a route witness
compared with the board hex by hex (``minors._witnessed_segment``); and the hex distances of the stations' prices
(``hex_distance``, remembered)."""

from __future__ import annotations

import pytest

from gamekit.g18xx.operating import STEPS
from gamekit.g18xx.state import OperatingRound, StockRound
from gamekit.hexgrid import parse_coord
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action
from gamekit.titles.g1837 import game as game1837, minors, selling
from gamekit.tracks.board import memo


def _fresh_over_limit(game) -> tuple[str, ...]:
    """The corporations of which the player acting holds more than its holding limit, outside a market zone
    allowing it, read from the ledger's holdings one by one (rule ``1837:stock.must-sell``)."""
    who, ledger = game.current_entity, game.state.ledger
    return tuple(corp for corp in ledger.corporations_of(who)
                 if game.state.corporations[corp].price is not None and
                 ledger.percent_of(who, corp) > game.facts.max_holding_percent_of(corp) and
                 not game.market.cell(game.state.corporations[corp].price).allows_over_60)


def _distance(a: str, b: str) -> int:
    """Hex steps between ``a`` and ``b`` in doubled coordinates, worked out afresh."""
    (xa, ya), (xb, yb) = parse_coord(a), parse_coord(b)
    return abs(ya - yb) + max(0, (abs(xa - xb) - abs(ya - yb)) // 2)


@pytest.mark.parametrize("players, seed", [(4, 1), (5, 4)])
def test_kept_answers_equal_fresh_ones_along_a_random_game(players, seed):
    game = new_bot_game("1837", players, seed)
    rng = GameRandom(seed * 7919 + 17)
    stock_positions = buy_steps = witnesses = 0
    with game.batch():  # as play_random_game plays
        for _ in range(2500):
            if game.is_over:
                break
            rnd = game.state.round
            if isinstance(rnd, StockRound):
                stock_positions += 1
                assert selling._over_limit(game) == _fresh_over_limit(game)
            if isinstance(rnd, OperatingRound) and rnd.step == "buy_train" and not rnd.must_discard:
                corp = game.current_entity
                buy_steps += 1
                assert bool(STEPS["buy_train"].purchases(game, corp)) == bool(STEPS["buy_train"].ranges(game, corp))
            if isinstance(rnd, OperatingRound):
                for corp, kept in memo(game.track, minors._WITNESSES).items():
                    witnesses += 1
                    assert minors._witnessed_segment(game.track, game.state.board, corp) == \
                        (minors._hex_facts(game.state.board, kept[0]) == kept[1])
            game._play_listed(random_action(game, rng))
    # stock-round positions, train steps and route witnesses were all seen
    assert stock_positions > 40 and buy_steps > 50 and witnesses > 1000


def test_hex_distance_remembered_equals_the_distance_worked_out():
    coords = ["A1", "G17", "H22", "C33", "D36", "K13", "J6", "I5", "AA1", "B2"]
    for a in coords:
        for b in coords:
            assert game1837.hex_distance(a, b) == _distance(a, b) == game1837.hex_distance(b, a)
    assert game1837.hex_distance("G17", "H22") == 3 and game1837.hex_distance("A1", "A1") == 0
