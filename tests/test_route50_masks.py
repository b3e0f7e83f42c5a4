"""The router's track bits, candidate heap and kept stop values (stop 50): one bit per largest set of segments
sharing track (``router._track_masks``) still makes two segments' masks meet exactly when they share a track item,
along the route searches of seeded games; the lists of candidates (``router.Ranked``, its heap of routes keyed by
one int) give every candidate in the order of all of them scored and sorted; the stop values kept across boards
(``routes.stop_table``) are those read on the board."""

from __future__ import annotations

import pytest

from gamekit.simulate import play_random_game
from gamekit.tracks import router
from gamekit.tracks.graph import TilePaths
from gamekit.tracks.routes import leg_track

from .router_positions import searched_positions


def test_track_masks_keep_only_the_largest_sharing_sets():
    # segments 0 and 1 share an item, 1 and 2 another; 0 and 2 each have items of their own; 3 stands alone
    sharing = [0b0001, 0b0011, 0b0110, 0b0100, 0b1000, 0b0011]
    assert router._track_masks(sharing, 4) == [0b001, 0b011, 0b010, 0b100]
    # a set within a larger one of more than one segment gets no bit either
    assert router._track_masks([0b011, 0b111, 0b110], 3) == [0b1, 0b1, 0b1]


@pytest.fixture(scope="module")
def searched():
    """The positions of the route searches of seeded random 1894 and 1830 games (boards copied as searched)."""
    found = searched_positions("1894", lambda: play_random_game("1894", 4, 1))
    found += searched_positions("1830", lambda: play_random_game("1830", 4, 2))
    assert len(found) > 100
    return found


def test_masks_meet_exactly_when_segments_share_track(searched):
    pairs = shared = 0
    for pos in searched[::5]:
        depth = max(router.most_stops(t) for t in pos.trains.values()) - 1
        segments = router.network_segments(pos, None, depth)
        tiles = TilePaths(pos.data, pos.board)
        items = [set(leg_track(seg.leg, tiles)) for seg in segments]
        for a, seg in enumerate(segments):
            assert seg.mask
            for b in range(a + 1, len(segments)):
                meet = bool(seg.mask & segments[b].mask)
                assert meet == bool(items[a] & items[b]), (pos.corporation, seg.leg, segments[b].leg)
                pairs += 1
                shared += meet
    assert pairs > 1000 and shared > 100


def test_ranked_lists_read_as_all_candidates_sorted(searched):
    compared = 0
    for pos in searched[::9]:
        trains = [t for _, t in sorted(pos.trains.items())]
        segments = router.network_segments(pos, None, max(router.most_stops(t) for t in trains) - 1)
        lazy = router.candidates(pos, segments, trains, router.Counters(), router._Clock(None))
        for rows, ranked in lazy.items():
            if ranked.eager:
                continue
            read = ranked.all()
            scored = [ranked.score(f[0], f[1], f[2], f[4]) for f in ranked.routes]
            assert read == router._ordered([c for c in scored if c is not None])
            compared += len(read)
    assert compared > 500


def test_kept_stop_values_are_those_read_on_the_board(searched):
    from gamekit.tracks.board import node_id
    from gamekit.tracks.routes import stop_table

    compared = 0
    for pos in searched[::3]:
        depth = max(router.most_stops(t) for t in pos.trains.values()) - 1
        segments = router.network_segments(pos, None, depth)
        nodes = sorted({n for seg in segments for n in (seg.leg.start, seg.leg.end)})
        kept = stop_table(pos.data, pos.board, nodes, pos.phase_colours, pos.rules)
        assert kept == {n: (pos.rules.stop_value(pos.data, pos.board, n, pos.phase_colours),
                            node_id(pos.data, pos.board, n)) for n in nodes}
        compared += len(nodes)
    assert compared > 300
    assert router.memo(searched[0].data, "stop values")  # 1894 and 1830 use the default stop value: kept


def test_paid_stops_are_built_at_the_first_ask_and_shared():
    from gamekit.tracks.routes import StopRevenue

    paid = router._PaidStops({("D10", "city", 0): (40, "D10-0"), ("E11", "town", 0): (10, "E11-1")})
    first = paid[("E11", "town", 0)]
    assert first == StopRevenue(("E11", "town", 0), "E11-1", "town", 10)
    assert list(map(paid.__getitem__, [("E11", "town", 0)]))[0] is first and len(paid) == 1
