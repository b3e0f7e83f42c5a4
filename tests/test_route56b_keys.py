"""The router's keys and checks made cheaper at stop 56 (route56b), each checked against what it replaced along
seeded games:

* a position's key holds the route hooks as a value, and the facts of the trains last asked about are kept
  (``router._trains_facts``): the facts equal those built afresh, also for a mapping of trains changed in place;
* a kept walk looks first at the hex where the last board differed (``router._Walk.holds``): it answers as a
  comparison of its whole footprint;
* a leg's check is kept per leg with the tiles on its hexes (``routes._checked_leg``): it answers as the check
  itself, and a leg whose hexes hold other tiles (one turned) is checked again, refused where its track breaks;
* a leg walked from its larger node is turned once per leg (``router._walked_from_end``): the leg walked the
  other way, with its number."""

from __future__ import annotations

import copy

import pytest

from gamekit.bots import play_seats
from gamekit.errors import GameError
from gamekit.simulate import play_random_game
from gamekit.tracks import router, routes
from gamekit.tracks.graph import TilePaths
from gamekit.tracks.routes import Train

from .router_positions import searched_positions

GAMES = [("1894", lambda: play_seats("1894", ["heuristic"] * 4, 1)),
         ("1837", lambda: play_random_game("1837", 4, 1)),
         ("1830", lambda: play_seats("1830", ["heuristic"] * 4, 1))]


def _fresh_facts(trains) -> list:
    """The facts of ``trains`` built afresh (what ``router._trains_facts`` keeps)."""
    return [(tid, t.id, t.name, [(sorted(row.kinds), row.visit, row.pay) for row in t.distance])
            for tid, t in sorted(trains.items())]


@pytest.fixture(scope="module", params=GAMES, ids=[title for title, _ in GAMES])
def positions(request):
    title, play = request.param
    found = searched_positions(title, play)
    assert len(found) >= 20
    return found[:200]


def test_kept_train_facts_are_the_facts_built_afresh(positions):
    for pos in positions:
        assert router._trains_facts(pos.trains) == _fresh_facts(pos.trains)
        assert router._trains_facts(pos.trains) == _fresh_facts(pos.trains)  # asked again: the kept facts
    trains = dict(positions[-1].trains)
    router._trains_facts(trains)
    trains["9-0"] = Train.counting_all("9-0", 9)  # the same mapping, changed in place
    assert router._trains_facts(trains) == _fresh_facts(trains)
    del trains["9-0"]
    assert router._trains_facts(trains) == _fresh_facts(trains)


def test_position_keys_are_one_for_equal_positions_only(positions):
    by_key: dict = {}
    for pos in positions:
        facts = (pos.corporation, pos.board, sorted(pos.trains.items()), pos.phase_colours, pos.rules)
        assert by_key.setdefault(router.position_key(pos), facts) == facts


def test_kept_leg_checks_answer_as_the_check(positions):
    checked = 0
    for pos in positions:
        best = router.find_best_routes(pos)
        for route in best.routes:
            for leg in route.legs:
                kept = routes._checked_leg(pos.data, pos.board, route.train, leg, TilePaths(pos.data, pos.board))
                assert kept == routes._check_leg(pos.data, route.train, leg, TilePaths(pos.data, pos.board))
                checked += 1
    assert checked >= 20


def _outcome(check, *args):
    """What a leg's check gives: its track items, or the refusal's rule."""
    try:
        return check(*args)
    except GameError as refused:
        return refused.rule


def test_a_leg_on_other_tiles_is_checked_again():
    refused = 0
    for pos in searched_positions("1830", lambda: play_seats("1830", ["heuristic"] * 4, 1))[:60]:
        data, board = pos.data, pos.board
        for route in router.find_best_routes(pos).routes:
            for leg in route.legs:
                laid = [coord for coord, _ in leg.paths if coord in board.tiles]
                if not laid:
                    continue
                items = routes._checked_leg(data, board, "T", leg, TilePaths(data, board))  # kept now
                turned = copy.deepcopy(board)
                tile, rotation = turned.tiles[laid[-1]]
                turned.tiles[laid[-1]] = (tile, (rotation + 1) % 6)  # the tile under the leg turned
                now = _outcome(routes._checked_leg, data, turned, "T", leg, TilePaths(data, turned))
                assert now == _outcome(routes._check_leg, data, "T", leg, TilePaths(data, turned))
                refused += isinstance(now, str)
                assert routes._checked_leg(data, board, "T", leg, TilePaths(data, board)) == items
    assert refused >= 5


def test_kept_walks_hold_a_board_as_a_full_comparison_says(positions):
    answers = []
    for pos in positions:
        for walk in router.memo(pos.data, "network walks").get(pos.corporation, []):
            full = all(pos.board.tiles.get(coord) == tile and pos.board.tokens.get(coord) == toks
                       for coord, (tile, toks) in walk.footprint.items())
            assert walk.holds(pos.board) == full
            answers.append(full)
    assert len(answers) >= 20 and any(answers) and not all(answers)


def test_legs_walked_from_their_end_are_the_reversed_legs(positions):
    turned = 0
    for pos in positions[:40]:
        depth = max(router.most_stops(t) for t in pos.trains.values()) - 1
        for seg in router.network_segments(pos, None, depth):
            walked, number = router._walked_from_end(seg.back)
            assert walked == seg.back.reversed() == seg.leg and number == router._leg_number(walked) == seg.number
            turned += 1
    assert turned >= 20
