"""Whether a train can run (:func:`gamekit.tracks.router.any_route`), answered by a kept route whose hexes changed
since (``router._rebuilt_witness``: its legs found again along the same hexes on the board as it is now, then
checked and scored by the route module), is the answer of a search on an empty memo, along random games of 1830,
1894 and 1837 (positions built by legal play; rules ``1830:or.route``, ``1830:route.best``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit.g18xx.revenue import route_position
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action
from gamekit.tracks import router

CASES = [("1830", 1, 2000), ("1830", 2, 2000), ("1894", 5, 1000)]
"""Title, seed and how many actions of a random 4-player game to play."""


@pytest.mark.parametrize("title,seed,actions", CASES)
def test_a_rebuilt_witness_answers_as_a_fresh_search(title, seed, actions, monkeypatch):
    rebuilt = []
    real = router._rebuilt_witness

    def counted(pos, kept, trains):
        found = real(pos, kept, trains)
        rebuilt.append(found)
        return found

    monkeypatch.setattr(router, "_rebuilt_witness", counted)
    game, rng = new_bot_game(title, 4, seed), GameRandom(seed)
    asked = 0
    while len(game.actions) < actions and not game.is_over:
        me = game.current_entity
        if me in game.corporations() and game.trains(me):
            pos = route_position(game, me)
            before = len(rebuilt)
            answer = router.any_route(pos)
            if len(rebuilt) > before:  # the kept routes' hexes had changed: compare with a fresh search
                fresh = router.find_best_routes(replace(pos, data=replace(pos.data, cache={})))
                assert answer == bool(fresh.routes), (len(game.actions), me)
                asked += 1
        game.process(random_action(game, rng))
    assert asked >= 3 and any(rebuilt), (asked, sum(rebuilt))


def test_a_rebuilt_witness_is_kept_with_what_its_hexes_hold_now(monkeypatch):
    game, rng = new_bot_game("1830", 4, 1), GameRandom(1)
    kept_after = []
    real = router._rebuilt_witness

    def watched(pos, kept, trains):
        found = real(pos, kept, trains)
        if found:
            _, route, hexes, facts = kept[0]
            kept_after.append(router._holds_facts(pos.board, hexes, facts) and hexes == router._route_hexes(route))
        return found

    monkeypatch.setattr(router, "_rebuilt_witness", watched)
    while len(game.actions) < 2000 and not game.is_over:
        me = game.current_entity
        if me in game.corporations() and game.trains(me):
            router.any_route(route_position(game, me))
        game.process(random_action(game, rng))
    assert kept_after and all(kept_after)
