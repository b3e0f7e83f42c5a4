"""Stop 52's router shortcuts give what the long way gives, along random games (positions built by legal play):
a segment's number names its leg's stops and tile paths one to one (the memo keys of networks hold numbers, not
legs), and the combination's kept answers of ``Ranked.free`` are the clash test of every given candidate."""

from __future__ import annotations

import random

import pytest

from gamekit.tracks import router

from .bot_positions import route_positions

CASES = [("1830", 2, 1500), ("1894", 3, 1000), ("1837", 1, 400)]


def _segments(pos: router.Position) -> tuple[router.Segment, ...]:
    depth = max(router.most_stops(t) for t in pos.trains.values()) - 1
    return router.network_segments(pos, None, depth)


@pytest.mark.parametrize("title,seed,actions", CASES)
def test_segment_numbers_name_legs_one_to_one(title, seed, actions):
    by_number: dict[int, tuple] = {}
    by_leg: dict[tuple, int] = {}
    for pos in route_positions(title, seed, actions):
        for seg in _segments(pos):
            leg = (seg.leg.start, seg.leg.end, seg.leg.paths)
            assert by_number.setdefault(seg.number, leg) == leg
            assert by_leg.setdefault(leg, seg.number) == seg.number
            assert seg.hexes == {seg.leg.start[0], seg.leg.end[0], *(coord for coord, _ in seg.leg.paths)}
    assert len(by_number) >= 10


@pytest.mark.parametrize("title,seed,actions", CASES)
def test_kept_free_answers_are_the_clash_test(title, seed, actions):
    rng = random.Random(seed)
    asked = 0
    for pos in route_positions(title, seed, actions):
        segments = _segments(pos)
        by_type = router.candidates(pos, segments, list(pos.trains.values()), router.Counters(), router._Clock(None))
        masks = [c.mask for ranked in by_type.values() for c in ranked.all()]
        for ranked in by_type.values():
            for _ in range(6):
                used = 0
                for mask in rng.sample(masks, min(len(masks), rng.randint(0, 3))):
                    used |= mask
                for _ in range(2):  # the second answer comes from the memo
                    expected = sum(1 << k for k, c in enumerate(ranked.given) if not c.mask & used)
                    assert ranked.free(used) == expected
                    asked += 1
    assert asked >= 100
