"""Refusals in real operating-round positions (taken from an 18xx.games game replayed with our rules): each names
its rule and leaves the game exactly as it was."""

from __future__ import annotations

import pytest

from gamekit.import18xx import import_log
from gamekit.tracks.actions import Dividend, PlaceToken, Route, RunRoutes

from .fixtures import fixture_logs
from .g1830_positions import assert_refused


@pytest.fixture(scope="module")
def log():
    return next(p for p in fixture_logs("1830") if p.stem == "26855")


def test_token_where_the_network_does_not_reach(log):
    game = import_log(log, stop_at=91).game  # NYNH at its token step (it reaches F22 and G19)
    assert game.active_step.rule == "1830:or.token" and game.current_entity == "NYNH"
    assert_refused(game, PlaceToken(entity="NYNH", city="city-4-0", slot=0), "1830:token.connect")


def test_token_in_a_full_city(log):
    game = import_log(log, stop_at=91).game
    # position: a rival's token fills the one slot of the city NYNH reaches on F22
    game.state.board.tokens["F22"][0][0] = "PRR"
    assert_refused(game, PlaceToken(entity="NYNH", city="57-1-0", slot=0), "1830:token.slot")


def test_token_twice_in_one_hex(log):
    game = import_log(log, stop_at=91).game
    assert_refused(game, PlaceToken(entity="NYNH", city="G19-0-0", slot=0), "1830:token.once")


def test_overpaid_route(log):
    game = import_log(log, stop_at=92).game
    route = Route(train="2-2", connections=(("G19", "F20"),), revenue=60)  # it earns 50
    assert_refused(game, RunRoutes(entity="NYNH", routes=(route,)), "1830:route.revenue")


def test_route_reusing_track(log):
    game = import_log(log, stop_at=92).game
    twice = (Route(train="2-2", connections=(("G19", "F20"),), revenue=50),
             Route(train="2-3", connections=(("G19", "F20"),), revenue=50))
    assert_refused(game, RunRoutes(entity="NYNH", routes=twice), "1830:route.reuse")


def test_route_with_a_train_it_does_not_own(log):
    game = import_log(log, stop_at=92).game
    route = Route(train="2-0", connections=(("G19", "F20"),), revenue=50)
    assert_refused(game, RunRoutes(entity="NYNH", routes=(route,)), "1830:route.train")


def test_dividend_kind_must_be_payout_or_withhold(log):
    game = import_log(log, stop_at=93).game  # NYNH earned 110 and must choose
    assert game.active_step.rule == "1830:or.dividend"
    assert_refused(game, Dividend(entity="NYNH", kind="half"), "1830:dividend")


def test_withhold_is_not_a_route_run(log):
    game = import_log(log, stop_at=92).game  # still at the route step: no dividend decision yet
    assert_refused(game, Dividend(entity="NYNH", kind="withhold"), "1830:or.dividend")
