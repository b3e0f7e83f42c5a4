"""The router's memos of which train types fit a stop mix (``router._fit_memos``, kept in the title's track data
across searches) give the candidates of a search with the memos emptied, along random games (positions built by
legal play): the same routes, in the same order, with the same track bits and values, for every train type."""

from __future__ import annotations

import pytest

from gamekit.tracks import router

from .bot_positions import route_positions

CASES = [("1830", 2, 600), ("1894", 3, 500), ("1837", 1, 500)]


def _candidates(pos: router.Position) -> list[dict]:
    """Every candidate of every train type (scored and ordered), as plain values, for all of ``pos``'s trains and
    for each of its trains alone (other sets of types: other numbers for the same types in the memos' keys)."""
    trains = [t for _, t in sorted(pos.trains.items())]
    depth = max(router.most_stops(t) for t in trains) - 1
    segments = router.network_segments(pos, None, depth)
    out = []
    for chosen in [trains, *([t] for t in trains)]:
        by_type = router.candidates(pos, segments, chosen, router.Counters(), router._Clock(None))
        out.append({rows: [(c.stops, c.legs, c.mask, c.value) for c in ranked.all()]
                    for rows, ranked in by_type.items()})
    return out


@pytest.mark.parametrize("title,seed,actions", CASES)
def test_kept_fit_memos_give_a_fresh_searchs_candidates(title, seed, actions):
    kept_used = 0
    last = None
    for pos in route_positions(title, seed, actions):
        key = router.position_key(pos)
        if key == last:
            continue  # the same position asked again: nothing new to compare
        last = key
        fits = router.memo(pos.data, "train fits")
        kept_used += any(still for still, _ in fits.values())
        kept = _candidates(pos)
        saved = dict(fits)
        fits.clear()
        fresh = _candidates(pos)
        fits.update(saved)
        assert kept == fresh
        assert any(kept[0].values()) or not router.any_route(pos)
    assert kept_used >= 5  # the memos were filled by earlier searches and read
