"""The map label placer (gamekit.viz.labels): a label takes its first free candidate, keeping clear of the track
where it can; when every candidate (and every nudge of it) is taken, it takes the one that covers least of the
labels and marks already placed."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.datafiles import data_json
from gamekit.import18xx import import_log
from gamekit.viz.labels import Box, Placer, text_size
from gamekit.viz.map18xx import LABEL_PX, map_figure

from .fixtures import fixture_logs


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


def test_a_soft_mark_is_avoided_where_a_candidate_is_clear_of_it():
    """The track is a soft mark: the label moves to the second candidate when it is clear of everything, and
    sits on the track rather than on a fixed mark when only the track leaves room."""
    placer = Placer(px_per_unit=1.0)
    placer.avoid(0, 0, 5, 5)
    assert placer.place("10", 10, [(0, 0), (100, 0)]) == (100, 0)
    placer = Placer(px_per_unit=1.0)
    placer.avoid(0, 0, 60, 60)  # wider than any nudge (16 px)
    placer.block(100, 0, 80, 80)
    assert placer.place("10", 10, [(0, 0), (100, 0)]) == (0, 0)
    assert placer.on_soft(0, 0, "10", 10) and not placer.on_soft(100, 0, "10", 10)


def test_shared_area_of_two_boxes():
    assert Box(0, 0, 10, 10).shared_area(Box(5, 5, 20, 20)) == 25
    assert Box(0, 0, 10, 10).shared_area(Box(10, 0, 20, 10)) == 0.0


def labels_on_track(fig) -> list[str]:
    """The map's texts (names, revenues, tile labels, notes) whose estimated box holds a point of the track."""
    x_range = fig.layout.xaxis.range
    px_per_unit = (fig.layout.width - fig.layout.margin.l - fig.layout.margin.r) / (x_range[1] - x_range[0])
    track = next(t for t in fig.data if t.name == "track")
    points = [(x, y) for x, y in zip(track.x, track.y) if x is not None]
    hits = []
    for trace in fig.data:
        if trace.mode == "text" and trace.name in ("name", "label", "tile", "note", "city revenue", "town revenue"):
            for x, y, text in zip(trace.x, trace.y, trace.text):
                width, height = text_size(text, LABEL_PX)
                if any(abs(px - x) * px_per_unit < width / 2 and abs(py - y) * px_per_unit < height / 2
                       for px, py in points):
                    hits.append(text)
    return hits


@pytest.mark.parametrize("title", ["1830", "1894"])
def test_names_and_values_keep_off_the_track_where_they_can(title):
    """At the end of every real game of 1830 and 1894 the map's texts avoid the track: 24–30 of them sat on it
    when the placer did not know where the track ran; now at most 3 (long names of double cities, where every
    spot of the hex is crossed)."""
    for log in fixture_logs(title):
        fig = map_figure(import_log(log).game)
        assert len(labels_on_track(fig)) <= 3, (log.stem, labels_on_track(fig))


def test_a_label_left_on_the_track_is_outlined():
    """The 1837 sample game's last position: Preßburg and Vienna find no spot of their hexes clear of the track
    (Kaschau did on the smaller hexes drawn before Vienna's crowded stations set the smallest hex); each is drawn
    with a white outline (dark ink) so it reads over the black track line, and a name clear of the track
    (Salzburg) has none."""
    game = gamekit.load_json(data_json("1837", "sample_game.json"))
    fig = map_figure(game)
    on_track = set(labels_on_track(fig))
    assert {"Preßburg", "Vienna"} <= on_track
    rims = {}
    for trace in fig.data:
        if trace.mode == "text" and trace.name in ("name", "label", "tile", "note", "city revenue", "town revenue"):
            shadows = trace.textfont.shadow
            for i, text in enumerate(trace.text):
                rims[text] = "none" if shadows is None else shadows[i]
    assert all("white" in rims[text] for text in on_track)
    assert rims["Salzburg"] == "none"
