"""The hex market of 1837 (second edition, the 18xx.games chart) and the grid market's refusal of diagonals.

Expected positions are editions.md §3.1 T37-20 (payout right, half payout down-right, withhold left) and cells
read off the chart: row 0 ``95 99 104p 114 …`` and so on (``data/1837/game.json``)."""

from __future__ import annotations

import pytest

from gamekit.tracks.facts import title_facts
from gamekit.tracks.market import StockMarket

HEX = StockMarket(title_facts("1837").market)
GRID = StockMarket(title_facts("1830").market)


def price(pos):
    return HEX.cell(pos).price


def test_the_1837_chart():
    assert HEX.kind == "hex" and len(HEX.cells) == 101
    assert [c.price for c in HEX.par_cells()] == [104, 97, 91, 85, 80, 75, 70]
    assert all(c.col == 2 for c in HEX.par_cells())


@pytest.mark.parametrize("start, direction, end, end_price", [
    ((0, 2), "right", (0, 3), 114),        # T37-20 full payout from par 104
    ((0, 2), "down_right", (1, 3), 102),   # T37-20 half payout
    ((0, 2), "left", (0, 1), 99),          # T37-20 withhold
    ((3, 12), "right", (2, 12), 210),      # T37-20: end of row 3 (175) moves up-right
    ((0, 14), "right", (0, 14), 460),      # T37-20: the top-right corner stays
])
def test_dividend_moves_of_t37_20(start, direction, end, end_price):
    assert HEX.move(start, direction) == end and price(end) == end_price


def test_left_at_the_left_edge_moves_down_left_and_stops_at_the_corner():
    assert HEX.left((0, 0)) == (1, 0) and price((1, 0)) == 89
    assert HEX.left((8, 0)) == (8, 0)


def test_up_and_down_stop_at_the_edges():
    assert HEX.up((0, 5)) == (0, 5)
    assert HEX.down((8, 3)) == (8, 3)
    assert HEX.down((7, 6)) == (8, 6) and price((8, 6)) == 72
    assert HEX.down((6, 7)) == (6, 7)  # row 7 has 7 cells: (7, 7) does not exist


def test_sold_out_moves_up_or_up_left():
    assert HEX.up((4, 5)) == (3, 5) and price((3, 5)) == 98
    assert HEX.up_left((4, 5)) == (3, 4) and price((3, 4)) == 93
    assert HEX.up_left((3, 0)) == (3, 0)
    assert HEX.up_left((0, 6)) == (0, 6)


def test_half_payout_never_leaves_the_chart():
    assert HEX.down_right((3, 12)) == (3, 12)  # row 4 ends at column 10
    assert HEX.down_right((8, 2)) == (8, 2)
    assert HEX.down_right((7, 5)) == (8, 6) and price((8, 6)) == 72


def test_sale_blocks_move_down_one_step_each():
    assert HEX.move((0, 2), "down", times=3) == (3, 2) and price((3, 2)) == 85
    assert HEX.move((6, 2), "down", times=5) == (8, 2)


def test_yellow_cells_do_not_count_for_the_certificate_limit():
    assert not HEX.cell((5, 0)).counts_for_cert_limit and HEX.cell((5, 1)).counts_for_cert_limit
    assert [c.price for c in HEX.cells_with("no_cert_limit")] == [69, 67, 65, 64, 63, 62, 60, 59, 57, 54]


def test_a_grid_market_has_no_diagonals():
    with pytest.raises(ValueError, match="no move 'up_left'"):
        GRID.move((3, 3), "up_left")
    with pytest.raises(ValueError, match="no diagonal moves"):
        GRID.down_right((3, 3))
    assert GRID.move((3, 6), "up", times=2) == (1, 6)
