"""1837's route step asks whether track joins a station of the company to another stop (``minors.has_route``):
the router answers with the hexes of the first segment of the first level (``router.first_segment_hexes``, stop
62), found without cutting the level into segments. It must be the first of the segments the cut gives, whichever
is asked first on a kept walk, and None exactly when the cut gives none."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from gamekit.g18xx import revenue
from gamekit.simulate import play_random_game
from gamekit.titles.g1837 import minors
from gamekit.tracks import router


def _asked_positions(seed: int) -> list:
    """The route position of every company whose route step asked ``has_route`` along a random 1837 game, its
    board copied as it was then."""
    found = []
    asked = minors.has_route

    def recording(game, corp):
        found.append(replace(revenue.route_position(game, corp), board=copy.deepcopy(game.state.board)))
        return asked(game, corp)

    minors.has_route = recording
    try:
        play_random_game("1837", 4, seed)
    finally:
        minors.has_route = asked
    return found


def _fresh(pos):
    """``pos`` with track data of its own, holding no kept walk."""
    return replace(pos, data=replace(pos.data, cache={}))


def _cut_first(pos) -> frozenset[str] | None:
    segments = router.network_segments(pos, None, 1)
    return segments[0].hexes if segments else None


@pytest.mark.parametrize("seed", [1, 2])
def test_the_first_segment_is_the_cut_s_first_in_either_order(seed):
    positions = _asked_positions(seed)
    answers = set()
    for pos in positions[::3]:
        alone = _fresh(pos)
        first = router.first_segment_hexes(alone)
        assert first == _cut_first(alone)  # the cut after the query, on the cells the query derived
        cut = _fresh(pos)
        assert _cut_first(cut) == router.first_segment_hexes(cut) == first  # the query on a level cut before
        answers.add(first is None)
    assert answers == {True, False}  # companies with and without a route

