"""The router's answers after the speed work of stop 57 are those of a plain computation:

- ``router.best_earning`` (the heuristic's lay question, which no longer asks nor fills the memo of positions, nor
  a memo of route graphs) answers, along the lays of seeded games, what a new search of each lay's position earns,
  for floors at, above and below it, with a best set that earns exactly that;
- ``Ranked.free`` (the combination's index of the candidates not touching the track used), whose index is built one
  candidate at a time or, for many candidates given at once, in byte rows, answers as testing every candidate's
  track bits, along seeded games and for lists growing by few and by many candidates.
"""

from __future__ import annotations

import random

import pytest

from gamekit.bots import play_seats
from gamekit.g18xx.revenue import route_position
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action
from gamekit.tracks import router


def _lay_positions(title: str, seed: int, actions: int, per_step: int):
    """The route positions of up to ``per_step`` lays at every lay step of a corporation with trains, along a
    random game's first ``actions`` actions."""
    game, rng = new_bot_game(title, 4, seed), GameRandom(seed)
    while len(game.actions) < actions and not game.is_over:
        me = game.current_entity
        if me in game.corporations() and game.trains(me):
            lays = [a for a in game.legal_actions() if a.type == "lay_tile"]
            for lay in lays[:per_step]:
                yield route_position(game.fork_after(lay), me)
        game.process(random_action(game, rng))


@pytest.mark.parametrize("title,seed", [("1894", 2), ("1830", 3)])
def test_best_earning_is_a_new_searchs_earnings_with_its_set(title, seed):
    asked = found = 0
    for pos in _lay_positions(title, seed, 400, 6):
        fresh = router.find_best_routes(pos)
        earned = fresh.total + fresh.run.subsidy
        for floor in (earned + 1, earned, earned // 2, 0):
            answer, best = router.best_earning(pos, floor)
            asked += 1
            if floor > earned:
                assert (answer, best) == (None, None)
                continue
            assert answer == earned and router.earning_at_least(pos, floor) == earned
            assert best.total + best.run.subsidy == earned and best.proved_optimal
            found += 1
    assert asked >= 60 and found >= asked // 2, (asked, found)


def _free_by_testing(ranked: router.Ranked, used: int) -> int:
    return sum(1 << k for k, c in enumerate(ranked.given) if not c.mask & used)


def test_free_answers_as_testing_every_candidate_for_lists_growing_by_few_and_many():
    draw = random.Random(57)
    ranked = router.Ranked([], lambda *args: None, 0)
    asked = []
    for grow in (1, 3, router._ROWS_FROM, 5, 3 * router._ROWS_FROM + 7, 1, 2 * router._ROWS_FROM):
        masks = [draw.getrandbits(24) & draw.getrandbits(24) | 1 << draw.randrange(24) for _ in range(grow)]
        ranked.given.extend(router.Candidate((), (), mask, 0) for mask in masks)
        asked += [draw.getrandbits(24) & draw.getrandbits(24) for _ in range(6)]
        for used in asked:  # (asked again after the list grew: a kept answer for the shorter list is not given)
            assert ranked.free(used) == _free_by_testing(ranked, used)


def test_free_along_a_heuristic_game_answers_as_testing_every_candidate(monkeypatch):
    checked = []
    free = router.Ranked.free

    def watched(ranked, used):
        unindexed = len(ranked.given) - ranked.indexed if used else 0  # (the index is built only for track used)
        answer = free(ranked, used)
        assert answer == _free_by_testing(ranked, used)
        checked.append(unindexed)
        return answer

    monkeypatch.setattr(router.Ranked, "free", watched)
    play_seats("1894", ["heuristic"] * 4, 1)
    in_rows = sum(unindexed >= router._ROWS_FROM for unindexed in checked)
    assert len(checked) >= 1000 and in_rows >= 5, (len(checked), in_rows)
