"""Station tokens on the 18xx maps are legible and apart: the abbreviation's colour contrasts with the token's
fill (WCAG 2, :mod:`gamekit.viz.contrast`), and no two tokens — nor a token and an empty slot beyond the touch of
their outlines — overlap, in Vienna's crowded hex (four to six cities, the KK and SD stations), in 1830's New York
and in 1894's Paris, measured from the drawn figure in pixels."""

from __future__ import annotations

import math

import pytest

import gamekit
from gamekit.datafiles import data_json
from gamekit.viz import map_figure
from gamekit.viz.contrast import MIN_CONTRAST, contrast, luminance, rgb, text_colour
from gamekit.viz.labels import Box, text_size
from gamekit.viz.map18xx import MARGIN_SIDE

from .fixtures import fixtures_dir, require_fixtures

TITLES_18XX = ("1830", "1894", "1837")


def test_colours_read_as_css_reads_them():
    assert rgb("pink") == (255, 192, 203) and rgb("#ADD8E6") == (173, 216, 230) and rgb("#fa0") == (255, 170, 0)
    assert luminance("black") == 0 and luminance("white") == 1
    assert round(contrast("black", "white"), 6) == 21
    with pytest.raises(ValueError, match="not a colour"):
        rgb("chartreuse-ish")


@pytest.mark.parametrize(("fill", "declared", "ink"), [
    ("pink", None, "black"),        # 1837's UG minors: white on pink was 1.5:1
    ("orange", None, "black"),      # 1837's SD minors: 1.97:1 in white
    ("brown", None, "white"),       # KK: 7.1:1 in white
    ("#d1232a", None, "white"),     # 1830's CPR: 5.3:1 in white, 4.0:1 in black
    ("yellow", "black", "black"),   # declared and legible: kept
    ("lightblue", "white", "black"),  # declared but 1.4:1: overruled
])
def test_the_ink_is_the_one_that_reads(fill, declared, ink):
    assert text_colour(fill, declared) == ink


@pytest.mark.parametrize("title", TITLES_18XX)
def test_every_company_abbreviation_contrasts_with_its_fill(title):
    game = gamekit.new_game(title, ["A", "B", "C"], seed=1)
    for corp in game.facts.corporations:
        ink = text_colour(corp.colour, corp.text_colour)
        assert contrast(corp.colour, ink) >= MIN_CONTRAST, corp.sym


def token_text_colours(fig) -> dict[str, str]:
    return {d.name.split()[0]: d.textfont.color for d in fig.data if (d.name or "").endswith(" token text")}


def test_the_1837_map_writes_ug_in_black_and_kk_in_white():
    fig = map_figure(gamekit.load_json(data_json("1837", "sample_game.json")).at(600))
    colours = token_text_colours(fig)
    assert (colours["UG1"], colours["UG3"], colours["SD1"], colours["KK1"]) == ("black", "black", "black", "white")


def test_only_an_abbreviation_wider_than_its_token_has_a_halo():
    """A halo keeps text legible where it runs past the token; on text that fits, it outlined black letters in
    white and cancelled the contrast the ink was chosen for."""
    fig = map_figure(gamekit.load_json(data_json("1830", "sample_game.json")).at(500))
    halos = {d.name.split()[0]: d.textfont.shadow for d in fig.data if (d.name or "").endswith(" token text")}
    assert halos["PRR"] is None and halos["B&O"] is None
    assert halos["NYNH"] and "1px 0px 0" in halos["NYNH"]


def footprints(fig) -> list[tuple[str, float, float, float]]:
    """``(what, x, y, radius)`` in pixels of every drawn slot: each token (outline stroke included) and each
    empty slot, from the figure's polygons and its axis scale."""
    x0, x1 = fig.layout.xaxis.range
    px = (fig.layout.width - fig.layout.margin.l - fig.layout.margin.r) / (x1 - x0)
    out = []
    for d in fig.data:
        name = d.name or ""
        if not (name.endswith(" token") or name == "city slots"):
            continue
        xs, ys = list(d.x), list(d.y)
        start = 0
        for end in [i for i, v in enumerate(xs) if v is None] + [len(xs)]:
            ring = [(x, y) for x, y in zip(xs[start:end], ys[start:end])]
            start = end + 1
            if not ring:
                continue
            left, right = min(x for x, _ in ring), max(x for x, _ in ring)
            low, high = min(y for _, y in ring), max(y for _, y in ring)
            radius = (right - left) / 2 * px + d.line.width / 2
            out.append((name, (left + right) / 2 * px, (low + high) / 2 * px, radius))
    return out


def overlaps(fig) -> list[tuple[str, str, float]]:
    """Pairs of slots that overlap, with the overlap in pixels: two tokens not at all (their outlines are drawn
    inside the slot); an empty slot's outline straddles its circle, so neighbouring slots of one city touch with
    half its stroke (0.75 px) each."""
    found = []
    slots = footprints(fig)
    for i, (a, ax, ay, ar) in enumerate(slots):
        for b, bx, by, br in slots[:i]:
            allowed = 0.01 + 0.75 * [a, b].count("city slots")
            depth = ar + br - math.hypot(ax - bx, ay - by)
            if depth > allowed:
                found.append((a, b, round(depth, 2)))
    return found


@pytest.mark.parametrize(("sample", "position"), [("sample_game.json", 200), ("sample_game.json", 600),
                                                  ("sample_game.json", 900), ("sample_game.json", 1000),
                                                  ("sample_game.json", 1225)])
def test_no_two_tokens_overlap_on_the_1837_sample_map(sample, position):
    """Yellow Vienna with SD1 and KK1–KK3 (200), green 427's six cities (600; the nationals' SD and KK thick rings
    in them at 900), brown 436 (1000), to the end (1,225 actions; brown 432 on H20 since 1025, two 2-slot cities
    drawn one row above the other)."""
    fig = map_figure(gamekit.load_json(data_json("1837", sample)).at(position))
    assert overlaps(fig) == []


@pytest.mark.parametrize("position", [250, 500, 657])
def test_no_two_slots_overlap_on_the_1894_sample_map(position):
    """Split cities (``1894:track.city-split``): Antwerpen's X16, laid by the Belge at action 267, with the Belge
    back in its first city and the AG in its second (500 on); Paris with the PLM in one of its two cities (250 on);
    Le Havre, Rouen and Évreux's two-city tiles near the next hex's cities (500 and the end, 657)."""
    fig = map_figure(gamekit.load_json(data_json("1894", "sample_game.json")).at(position))
    assert overlaps(fig) == []


def test_no_two_tokens_overlap_in_new_york_and_paris():
    require_fixtures("1830")
    require_fixtures("1894")
    from gamekit.import18xx import import_log

    for title, name in (("1830", "1830_game_end_bank.json"), ("1894", "1894_game_end_bankrupt.json")):
        game = import_log(fixtures_dir() / title / name).game
        for position in (len(game.actions) // 2, len(game.actions)):
            assert overlaps(map_figure(game.at(position))) == [], (title, position)


def text_boxes(fig) -> list[tuple[str, Box]]:
    """Every token abbreviation and city value the map writes: its text and its box on screen (pixels, as the
    labels module estimates them at the size each is written, with the token's one-pixel halo)."""
    k = (fig.layout.width - 2 * MARGIN_SIDE) / (fig.layout.xaxis.range[1] - fig.layout.xaxis.range[0])
    out = []
    for trace in fig.data:
        if not (trace.name.endswith("token text") or trace.name == "city revenue"):
            continue
        for x, y, text in zip(trace.x, trace.y, trace.text):
            w, h = text_size(text, trace.textfont.size)
            w += 2 if trace.name.endswith("token text") else 0
            out.append((text, Box(x * k - w / 2, y * k - h / 2, x * k + w / 2, y * k + h / 2)))
    return out


@pytest.mark.parametrize("position", [200, 600])
def test_vienna_abbreviations_stay_clear_of_each_other_and_of_the_values(position):
    """Vienna's crowded cities (SD1 and KK1–KK3 side by side): at 36 px hexes each abbreviation was wider than
    its token and ran into its neighbour's ("KK3KK1") and into the city values ("40"). The map's hexes are now
    never smaller than a crowded slot holding a three-character abbreviation at 10 px with its halo: no
    abbreviation meets another or a value."""
    fig = map_figure(gamekit.load_json(data_json("1837", "sample_game.json")).at(position))
    boxes = text_boxes(fig)
    assert len([t for t, _ in boxes if t in {"KK1", "KK2", "KK3", "SD1"}]) == 4
    met = [(a, b) for i, (a, box_a) in enumerate(boxes) for b, box_b in boxes[:i] if box_a.meets(box_b)]
    assert met == []
