"""The combination's bound for identical trains (``router._combine``, stop 56): after a train's choice at index
``idx``, the identical trains following it earn at most the best candidates after ``idx`` not touching the track
used. The bound only prunes branches that cannot beat the best set found, so the answer is the set an unpruned
search in the same order finds first: checked against such a search on generated candidate lists (identical trains
of one type, others of another, track shared at random, ties in value) and on the searches of a seeded 1894
heuristic game, whose corporations run two or three identical trains."""

from __future__ import annotations

import random

import pytest

from gamekit.bots import play_seats
from gamekit.tracks import router
from gamekit.tracks.router import IDLE, Candidate, Counters, Ranked, _Clock, _combine, rank
from gamekit.tracks.routes import Train

from .router_positions import forget_answers


def unpruned(trains, by_type, beat: int = -1):
    """The set :func:`router._combine` must answer: every choice tried in its order (trains by best candidate, name
    and id; candidates in list order, then idle; identical trains at increasing indices), the first set ranked
    above all before it (and above ``beat``) kept; None when none beats ``beat``."""
    order = sorted(((tid, t) for tid, t in trains if t.distance in by_type and by_type[t.distance].get(0)),
                   key=lambda tt: (-by_type[tt[1].distance].get(0).value, tt[1].name, tt[0]))
    lists = [by_type[t.distance].all() for _, t in order]
    same = [i > 0 and order[i][1].distance == order[i - 1][1].distance for i in range(len(order))]
    best: list = [beat, None]
    picked: list = []

    def choose(i: int, used: int, total: int, floor: int) -> None:
        if i == len(order):
            if total > best[0]:
                best[:] = [total, list(picked)]
            return
        follows = i + 1 < len(order) and same[i + 1]
        for idx in range(floor, len(lists[i])) if floor < IDLE else ():
            c = lists[i][idx]
            if not c.mask & used:
                picked.append((order[i][0], c))
                choose(i + 1, used | c.mask, total + c.value, idx + 1 if follows else 0)
                picked.pop()
        choose(i + 1, used, total, IDLE if follows else 0)

    choose(0, 0, 0, 0)
    return best[1]


def generated_list(rng: random.Random, size: int, bits: int) -> Ranked:
    """A lazy ranked list of ``size`` routes on ``bits`` bits of track: distinct stops, revenues with ties, some
    negative, and bounds at least the revenue (sometimes above it)."""
    found = []
    values = {}
    for k in range(size):
        numbers = tuple(rng.sample(range(40), rng.randint(2, 4)))
        if numbers in values:
            continue
        revenue = rng.choice([-10, 0, 10, 20, 20, 30, 40, 50, 60, 80])
        values[numbers] = revenue
        mask = sum(1 << b for b in rng.sample(range(bits), rng.randint(1, 3)))
        found.append((numbers, (), mask, revenue + rng.choice([0, 0, 5, 30]), k))

    def score(numbers, legs, mask, visited):
        return Candidate(tuple((f"H{n}", "city", 0) for n in numbers), legs, mask, rank(values[numbers], 0))

    return Ranked(found, score, 0)


@pytest.mark.parametrize("seed", range(60))
def test_identical_trains_answer_the_unpruned_search(seed):
    rng = random.Random(seed)
    many = Train.counting_all("4-0", 4)
    other = Train.counting_all("3-0", 3)
    trains = [(f"4-{k}", Train.counting_all(f"4-{k}", 4)) for k in range(rng.randint(2, 3))]
    if rng.random() < 0.5:
        trains.append(("3-0", other))
    size, bits = rng.randint(5, 40), rng.randint(6, 14)
    beat = rng.choice([-1, -1, rank(rng.choice([40, 90, 140]), 0) - 1])

    def lists():
        again = random.Random(seed * 7 + 1)  # the same routes for both searches, read afresh
        return {many.distance: generated_list(again, size, bits), other.distance: generated_list(again, size, bits)}

    found = _combine(sorted(trains), lists(), Counters(), _Clock(None), beat=beat)
    assert found == unpruned(sorted(trains), lists(), beat)


def test_seeded_1894_searches_answer_the_unpruned_search(monkeypatch):
    forget_answers("1894")
    combine = router._combine
    seen = {"identical": 0}

    def checking(trains, by_type, counters, clock, set_bonus=(0, lambda picked: 0), beat=-1):
        found = combine(trains, by_type, counters, clock, set_bonus, beat)
        names = [t.distance for _, t in trains if t.distance in by_type]
        small = all(len(ranked.all()) <= 60 for ranked in by_type.values())
        if len(names) > len(set(names)) and small and not set_bonus[0]:
            seen["identical"] += 1
            assert found == unpruned(trains, by_type, beat)
        return found

    monkeypatch.setattr(router, "_combine", checking)
    play_seats("1894", ["heuristic"] * 4, 1)
    assert seen["identical"] >= 20
