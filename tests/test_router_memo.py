"""The router's memo of best route sets (``router.remembered_best``, ``router.remembered_earning``) answers a position
exactly as a new search does, and only that position; the depot's trains for sale (``trains.for_sale``, remembered
per depot) are the same list the rules built before, a new one each call."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from gamekit.g18xx.revenue import route_position
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action
from gamekit.tracks import router
from gamekit.tracks.trains import for_sale


def nynh_route_step():
    """1830, seed 1, four random players, at action 98: the NYNH (three 2-trains, stations in New York and
    Providence) is to run its trains (see tests/test_best_run_memo.py: it earns 50 + 30 + 30)."""
    game, rng = new_bot_game("1830", 4, 1), GameRandom(1)
    while len(game.actions) < 98:
        game.process(random_action(game, rng))
    assert game.current_entity == "NYNH" and game.active_step.name == "Run trains"
    return game


def test_a_remembered_answer_is_the_search_answer_and_is_kept():
    game = nynh_route_step()
    pos = route_position(game, "NYNH")
    game.track.cache.pop("best routes", None)
    fresh = router.find_best_routes(pos)
    first = router.remembered_best(pos)
    assert (first.routes, first.run, first.total, first.proved_optimal) == \
        (fresh.routes, fresh.run, fresh.total, True)
    assert first.total == 110
    assert router.remembered_best(route_position(game, "NYNH")) is first  # an equal position: no new search


def test_a_floor_is_answered_from_the_memo():
    game = nynh_route_step()
    pos = route_position(game, "NYNH")
    game.track.cache.pop("best routes", None)
    assert router.remembered_earning(pos, 111) is None  # nothing is remembered of a position earning too little
    assert router.memo(pos.data, "best routes") == {}
    best = router.remembered_earning(pos, 110)
    assert best is not None and best.total == 110
    assert router.remembered_earning(pos, 60) is best and router.remembered_earning(pos, 111) is None


def test_another_position_is_searched_anew():
    game = nynh_route_step()
    pos = route_position(game, "NYNH")
    best = router.remembered_best(pos)
    two = dict(sorted(pos.trains.items())[:2])
    fewer = router.remembered_best(dataclasses.replace(pos, trains=two))
    assert fewer is not best and fewer.total == router.find_best_routes(dataclasses.replace(pos, trains=two)).total
    assert fewer.total == 80  # the two best routes of three that share no track: 50 + 30


def test_trains_for_sale_is_a_new_list_each_call():
    game = new_bot_game("1830", 4, 1)
    depot = game.state.depot
    offered = for_sale(game.facts, depot)
    assert offered == ["2-0"]
    offered.append("D-0")
    assert for_sale(game.facts, depot) == ["2-0"]
    depot.discarded.append("3-9")
    assert for_sale(game.facts, depot) == ["2-0", "3-9"]


def _lays_tried(title: str, seed: int, actions: int, per_step: int):
    """Route positions of the corporation laying track, after each of the first ``per_step`` legal lays, at every
    lay step of a random game's first ``actions`` actions (a corporation with trains only): what a heuristic bot
    compares."""
    game, rng = new_bot_game(title, 4, seed), GameRandom(seed)
    while len(game.actions) < actions and not game.is_over:
        lays = [a for a in game.legal_actions() if a.type == "lay_tile"]
        me = game.current_entity
        if lays and game.trains(me):
            for lay in lays[:per_step]:
                fork = game.fork()
                fork.process(lay)
                yield route_position(fork, me)
        game.process(random_action(game, rng))


@pytest.mark.parametrize("title, seed", [("1830", 3), ("1894", 2)])
def test_a_network_answer_is_the_search_answer_of_every_board_sharing_it(title, seed):
    """Lays far from the trains' reach leave the network as it was: the memo of networks then answers boards it
    never searched, and every answer is the new search's (routes, run, total, proved)."""
    answered_elsewhere = 0
    searched: dict[bytes, object] = {}
    for pos in _lays_tried(title, seed, 400, 6):
        fresh = router.find_best_routes(pos)
        segments = router.network_segments(pos, None, max(router.most_stops(t) for t in pos.trains.values()) - 1)
        key = router.network_key(pos, segments)
        board = pickle.dumps(pos.board)
        answered_elsewhere += searched.setdefault(key, board) != board
        pos.data.cache.pop("best routes", None)  # the memo of positions would answer an equal board first
        got = router.remembered_best(pos)
        assert (got.routes, got.run, got.total, got.proved_optimal) == (fresh.routes, fresh.run, fresh.total, True)
        for floor in (fresh.total + fresh.run.subsidy, fresh.total + fresh.run.subsidy + 1):
            pos.data.cache.pop("best routes", None)
            earned = router.remembered_earning(pos, floor)
            assert (earned is not None) == (floor <= fresh.total + fresh.run.subsidy)
    assert answered_elsewhere > 0
