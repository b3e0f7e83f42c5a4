"""The shortcuts of Continental Divide's bot play give the answers of the longer ways: the players' empty start
grids, built once per game, list what the stock positions without a start option offer (nothing); the line checks
that ask whether a hex holds a cube before reading its occupants agree with a walk adding hex after hex, also for
a hex whose list of occupants is empty; whether a railroad can build agrees with its longest lines; and the
dividends' one loop pays as the rulebook's example."""

from __future__ import annotations

import pytest

from gamekit.cuberails.cd_build import can_build, longest_lines
from gamekit.cuberails.cd_economy import payout
from gamekit.cuberails.cd_state import RailroadState
from gamekit.simulate import play_random_game

from .test_continental_divide_support import new, start
from .test_speedcd67_shortcuts import _walked  # the longest lines found hex by hex, the slow way

SEEDS = range(1, 7)


def test_the_empty_start_grids_built_once_per_game_list_nothing_where_no_start_is_open():
    empty = 0
    for seed in SEEDS:
        game = play_random_game("continental-divide", 4, seed)
        for index in range(len(game.actions)):
            position = game.at(index)
            s = position.state
            if s.phase != "stock":
                continue
            grid = position.action_groups()[0]
            no_start = s.bought is not None or all(rr.started for rr in s.railroads.values())
            if no_start:
                assert grid is position._no_starts[s.current_player]
                assert len(grid) == 0 and list(grid.ranges()) == [] and list(grid.actions()) == []
                empty += 1
    assert empty > 5


@pytest.mark.parametrize("seed", SEEDS)
def test_can_build_and_the_longest_lines_agree_with_a_walk_hex_by_hex(seed):
    game = play_random_game("continental-divide", 3, seed)
    compared = 0
    for index in range(0, len(game.actions) + 1, 3):
        position = game.at(index)
        for rr in position.state.railroads.values():
            if rr.started:
                walked = _walked(position, rr)
                assert longest_lines(position.state, rr, position.board, position.rules) == walked
                assert can_build(position.state, rr, position.board, position.rules) == bool(walked)
                compared += 1
    assert compared > 50


def test_a_hex_with_an_empty_list_of_occupants_is_free_for_every_check():
    g = new()
    start(g, "UP", "G39", value=30)
    rr = g.state.railroads["UP"]
    lines = longest_lines(g.state, rr, g.board, g.rules)
    assert lines and can_build(g.state, rr, g.board, g.rules)
    for _, ray, count in lines:  # an entry holding no railroad, as a hand-made position may leave one
        for coord in ray[:count]:
            g.state.occupancy.setdefault(coord, ())
    assert longest_lines(g.state, rr, g.board, g.rules) == lines == _walked(g, rr)
    assert can_build(g.state, rr, g.board, g.rules)


def test_the_dividends_one_loop_pays_as_the_rulebook_example():
    red = RailroadState("red", start_hex="K39", shares_issued=4, stock_value=20, income=15,
                        holders={"Pete": 1, "Dave": 2})
    assert payout(red) == (4, {"Dave": 8, "Pete": 4}, 3)  # $4 a share; one unsold share: the railroad keeps $3
    red.holders["Vince"] = 1
    assert payout(red) == (4, {"Dave": 8, "Pete": 4, "Vince": 4}, 0)  # $16 paid of $15: nothing kept
