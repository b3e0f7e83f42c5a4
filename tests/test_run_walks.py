"""The router's kept network walks (``router.network_segments`` answering from a walk whose footprint the board
still holds) and its memo of whether trains can run (``router.any_route``) give what a fresh walk and a fresh full
search give, along random games: at every route step and on the boards a heuristic compares, after tile lays."""

from __future__ import annotations

import pytest

from gamekit.g18xx.revenue import route_position
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action
from gamekit.tracks import router

MEMOS = ("network walks", "runs on network", "best routes", "best routes by network")


def fresh(pos, ask):
    """``ask()`` with the router's memos of ``pos``'s title emptied before and put back after: a new walk and
    search."""
    saved = {name: pos.data.cache.pop(name, None) for name in MEMOS}
    try:
        return ask()
    finally:
        for name, value in saved.items():
            pos.data.cache.pop(name, None)
            if value is not None:
                pos.data.cache[name] = value


def positions(title: str, seed: int, actions: int):
    """Route positions of a random game's first ``actions`` actions: the corporation at its route step, and the
    laying corporation after each of its first three legal lays (a fork each)."""
    game, rng = new_bot_game(title, 4, seed), GameRandom(seed)
    while len(game.actions) < actions and not game.is_over:
        me = game.current_entity
        step = game.active_step.name
        if step == "Run trains":
            yield route_position(game, me)
        elif me in game.state.corporations and game.trains(me):
            for lay in [a for a in game.legal_actions() if a.type == "lay_tile"][:3]:
                fork = game.fork()
                fork.process(lay)
                yield route_position(fork, me)
        game.process(random_action(game, rng))


@pytest.mark.parametrize("title, seed, actions", [("1830", 2, 5000), ("1894", 1, 5000), ("1837", 1, 500)])
def test_kept_walks_and_run_answers_are_those_of_a_fresh_search(title, seed, actions):
    asked = kept = ran = 0
    for pos in positions(title, seed, actions):
        deepest = max((router.most_stops(t) for t in pos.trains.values()), default=0) - 1
        for depth in (1, deepest, None):
            walks = router.memo(pos.data, "network walks").get(pos.corporation, [])
            kept += bool(walks) and walks[0].holds(pos.board)
            assert router.network_segments(pos, None, depth) == \
                fresh(pos, lambda: router.network_segments(pos, None, depth))
        runs = bool(fresh(pos, lambda: router.find_best_routes(pos)).routes)
        assert router.any_route(pos) == runs
        assert router.any_route(pos) == runs  # answered from the memo of networks
        asked += 1
        ran += runs
    assert asked > 30 and ran > 10 and kept > asked  # kept walks answered many of the questions
