"""Whether a train can run (:func:`gamekit.tracks.router.any_route`), answered by a route kept from an earlier
position for another train of the corporation (``router._runs_as``: a train bought since, or one of another type,
checked and scored by the route module), is the answer of a search on an empty memo, along random games of 1830,
1894 and 1837 (positions built by legal play; rules ``1830:or.route``, ``1830:route.best``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit.g18xx.revenue import route_position
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action
from gamekit.tracks import router

CASES = [("1830", 1, 3000), ("1894", 5, 1000), ("1837", 2, 1500)]
"""Title, seed and how many actions of a random 4-player game to play."""


@pytest.mark.parametrize("title,seed,actions", CASES)
def test_a_witness_run_by_another_train_answers_as_a_fresh_search(title, seed, actions, monkeypatch):
    by_other = []
    real = router._runs_as

    def counted(pos, route, trains):
        found = real(pos, route, trains)
        by_other.append(found is not None)
        return found

    monkeypatch.setattr(router, "_runs_as", counted)
    game, rng = new_bot_game(title, 4, seed), GameRandom(seed)
    asked = 0
    while len(game.actions) < actions and not game.is_over:
        me = game.current_entity
        if me in game.corporations() and game.trains(me):
            pos = route_position(game, me)
            before = len(by_other)
            answer = router.any_route(pos)
            if len(by_other) > before:  # a witness of another train was tried: compare with a fresh search
                fresh = router.find_best_routes(replace(pos, data=replace(pos.data, cache={})))
                assert answer == bool(fresh.routes), (len(game.actions), me)
                asked += 1
        game.process(random_action(game, rng))
    assert asked >= 5 and any(by_other), (asked, sum(by_other))
