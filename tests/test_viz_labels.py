"""The map label placer (gamekit.viz.labels): a label takes its first free candidate; when every candidate (and
every nudge of it) is taken, it takes the one that covers least of the labels and marks already placed."""

from __future__ import annotations

from gamekit.viz.labels import Box, Placer, text_size


def test_the_first_free_candidate_is_taken():
    placer = Placer(px_per_unit=1.0)
    placer.block(0, 0, 20, 20)
    assert placer.place("A", 10, [(0, 0), (100, 0), (200, 0)]) == (100, 0)
    assert placer.boxes[-1] == placer.box(100, 0, *text_size("A", 10))


def test_with_no_free_candidate_the_least_covered_one_is_taken():
    """Two candidates, both under fixed marks beyond any nudge (16 px): the first lies wholly under a 60 × 60
    mark, the second's box only overlaps a 40 px wide mark by 20 × 13 px less the padding, so it is chosen."""
    placer = Placer(px_per_unit=1.0)
    placer.block(0, 0, 60, 60)
    placer.block(120, 0, 40, 60)
    width, height = text_size("W", 10)  # 10 × 13 px
    x, y = placer.place("W", 10, [(0, 0), (100, 0)])
    chosen = placer.boxes[-1]
    assert (x, y) != (0, 0)
    covered = sum(chosen.shared_area(b) for b in placer.boxes[:-1])
    first = placer.box(0, 0, width, height)
    assert covered < sum(first.shared_area(b) for b in placer.boxes[:-1])


def test_shared_area_of_two_boxes():
    assert Box(0, 0, 10, 10).shared_area(Box(5, 5, 20, 20)) == 25
    assert Box(0, 0, 10, 10).shared_area(Box(10, 0, 20, 10)) == 0.0
