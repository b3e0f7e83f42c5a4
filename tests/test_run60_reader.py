"""The combination's reads past the given candidates of a long list (stop 60): a train whose scan has passed every
candidate given (:data:`router._DEEP` at least, in a list of :data:`router._LONG` routes or more) reads on only the
candidates not touching the track used (``Ranked.reader``), bounded by the best of them (``Ranked.free_after``),
scoring none of the routes it could not run. Checked here:

- a reader returns exactly the candidates of the list after those given, not touching the track, in the list's
  order, and keeps the one it refuses for earning too little; ``free_after`` bounds them, None only where there
  are none; the list gives the same candidates in the same order after readers scored some of them ahead;
- the combination answers the set a search trying every choice in order finds first (generated long lists of
  identical trains sharing much track, as two diesels of 1894 do);
- along a seeded 1894 heuristic game whose corporations run two identical long trains, every search answers as it
  does without the reads (:data:`router._DEEP` out of reach), having read fewer candidates.
"""

from __future__ import annotations

import random

import pytest

from gamekit.bots import play_seats
from gamekit.titles import game_class
from gamekit.tracks import router
from gamekit.tracks.router import Counters, _Clock, _combine, rank
from gamekit.tracks.routes import Train

from .router_positions import forget_answers
from .test_route56_followers import generated_list, unpruned


def _lists(seed: int, size: int, bits: int) -> tuple[router.Ranked, router.Ranked]:
    """Two copies of one generated lazy list (the same routes, each read afresh)."""
    return generated_list(random.Random(seed), size, bits), generated_list(random.Random(seed), size, bits)


@pytest.mark.parametrize("seed", range(40))
def test_a_reader_reads_the_free_candidates_in_order(seed):
    rng = random.Random(seed)
    size, bits = rng.randint(40, 160), rng.randint(4, 12)
    ranked, whole = _lists(seed, size, bits)
    everything = whole.all()
    ranked.get(rng.randint(0, max(0, len(everything) - 1)))  # some given, others scored and waiting
    given = len(ranked.given)
    for _ in range(4):
        used = rng.getrandbits(bits) & rng.getrandbits(bits)
        expected = [c for c in everything[given:] if not c.mask & used]
        bound = ranked.free_after(used)
        assert (bound is None) == (not expected)
        assert not expected or bound >= max(c.value for c in expected)
        read = ranked.reader(used)
        for c in expected:
            limit = rank(rng.choice([0, 20, 50]), 0)
            if c.value <= limit:
                assert read(limit) is None  # refused for earning too little: kept for the next call
            assert read(-1 << 40) == c
        assert read(-1 << 40) is None
    assert ranked.all() == everything  # the list's own order, after readers scored ahead of it


@pytest.mark.parametrize("seed", range(40))
def test_long_lists_of_identical_trains_answer_the_unpruned_search(seed, monkeypatch):
    monkeypatch.setattr(router, "_LONG", 0)  # (lists shorter than a game's, read as a long one)
    rng = random.Random(seed)
    other = Train.counting_all("3-0", 3)
    trains = [(f"4-{k}", Train.counting_all(f"4-{k}", 4)) for k in range(rng.randint(2, 3))]
    if rng.random() < 0.4:
        trains.append(("3-0", other))
    size, bits = rng.randint(router._DEEP + 10, 150), rng.randint(5, 10)
    beat = rng.choice([-1, -1, rank(rng.choice([40, 90, 140]), 0) - 1])

    def lists():
        again = random.Random(seed * 7 + 1)  # the same routes for both searches, read afresh
        return {trains[0][1].distance: generated_list(again, size, bits),
                other.distance: generated_list(again, size, bits)}

    found = _combine(sorted(trains), lists(), Counters(), _Clock(None), beat=beat)
    assert found == unpruned(sorted(trains), lists(), beat)


def _answers(monkeypatch, search, deep: int) -> tuple[list, int]:
    """The answers of every route search (``search``: the router's own) of a seeded 1894 heuristic game (seed 2:
    its corporations run two diesels) with :data:`router._DEEP` at ``deep``, and the candidates they scored."""
    forget_answers("1894")
    game_class("1894")(["P1", "P2", "P3"], seed=0).track.cache.pop("routes by network", None)  # (lists read)
    monkeypatch.setattr(router, "_DEEP", deep)
    found, scored = [], []

    def recording(pos, budget, floor, segments=None):
        answer = search(pos, budget, floor, segments)
        found.append(None if answer is None else (answer.routes, answer.total, answer.proved_optimal))
        scored.append(0 if answer is None else answer.counters.scored)
        return answer

    monkeypatch.setattr(router, "_search", recording)
    play_seats("1894", ["heuristic"] * 4, 2)
    return found, sum(scored)


def test_seeded_1894_searches_answer_as_without_the_reads(monkeypatch):
    search, deep = router._search, router._DEEP
    plain, plain_scored = _answers(monkeypatch, search, 1 << 60)
    read, read_scored = _answers(monkeypatch, search, deep)
    assert read == plain and len(read) >= 200
    assert read_scored < plain_scored
