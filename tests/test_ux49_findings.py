"""What the last new-user trial found, each checked at its new value: the map's hover names a city by what it is
(never by an 18xx.games id such as ``city-0-0``), a map scaled to its column keeps its labels readable, and an
amount slider lands only on the values of its range."""

from __future__ import annotations

import re

import pytest

import gamekit
from gamekit.datafiles import data_json
from gamekit.viz import has_market, map_figure
from gamekit.viz.map18xx import hex_facts

RAW_ID = re.compile(r"\b\w+-\d+\b")
"""An internal id in a text: a city's (``A19-0-0``, ``city-0-0``, ``57-3-0``) or a tile copy's (``57-0``)."""

START_MAPS = [("1830", ()), ("1830", ("coalfields",)), ("1830", ("reading",)), ("1837", ()),
              ("1837", ("edition=1st",)), ("1894", ())]
"""Every 18xx title's start map, and the rule options that change a map (1830's variants add hexes and a
corporation; 1837's first edition)."""


def hover_lines(game) -> dict[str, list[str]]:
    """The hover text of every hex of the drawn map, as a reader sees it, by the hex's first line."""
    (trace,) = [t for t in map_figure(game).data if t.name == "hex facts"]
    return {text.split("<br>")[0]: text.split("<br>") for text in trace.hovertext}


def test_every_18xx_title_is_walked():
    titles = {title for title, _ in START_MAPS}
    assert titles == {t for t in gamekit.title_names() if has_market(gamekit.new_game(t, ["A", "B", "C"], seed=1))}


@pytest.mark.parametrize("title, options", START_MAPS)
def test_no_hex_of_a_start_map_hovers_an_internal_id(title, options):
    game = gamekit.new_game(title, ["A", "B", "C", "D"], seed=1, options=list(options))
    hovers = hover_lines(game)
    assert len(hovers) == len(game.track.hexes)
    cities = 0
    for first, lines in hovers.items():
        for line in lines[1:]:
            assert not RAW_ID.search(line), (first, line)
            assert "slot(s)" not in line
        expected = len(game.state.board.tokens.get(first.split()[0], [])) or None
        said = [line for line in lines if re.match(r"(\w+ )?city: ", line)]
        if expected:
            assert len(said) == expected, first  # one line per city, each saying it is a city
        cities += len(said)
    assert cities >= 20


def test_albany_and_the_double_cities_read_what_they_are():
    """1830's Albany (E19) is printed with one city, no track and NYC's home reservation; Hamilton & Toronto (D10)
    and New York & Newark (G19) have two cities each, told apart as the game's sentences tell them apart; Vienna
    (1837's G17) has four, each a minor's home."""
    g1830 = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=1)
    hovers = hover_lines(g1830)
    assert hovers["E19 Albany"] == ["E19 Albany", "printed white hex",
                                    "city: no revenue until a tile is laid, 1 token slot: reserved NYC"]
    assert hovers["D10 Hamilton & Toronto"][3:5] == [
        "first city: no revenue until a tile is laid, 1 token slot: empty",
        "second city: no revenue until a tile is laid, 1 token slot: empty"]
    assert str(hex_facts(g1830, "G19")).splitlines()[3:5] == ["first city: revenue $40, 1 token slot: reserved NYNH",
                                                              "second city: revenue $40, 1 token slot: empty"]
    g1837 = gamekit.new_game("1837", ["A", "B", "C"], seed=1)
    assert str(hex_facts(g1837, "G17")).splitlines()[2:6] == [
        "first city: revenue 40K, 1 token slot: reserved SD1", "second city: revenue 40K, 1 token slot: reserved KK2",
        "third city: revenue 40K, 1 token slot: reserved KK3", "fourth city: revenue 40K, 1 token slot: reserved KK1"]


def test_a_mid_game_map_hovers_no_internal_id():
    """The sample game at action 400: laid tiles say their number, colour and rotation (not the copy's id
    ``57-0``); a city upgraded to two or more slots says so in the plural."""
    game = gamekit.load_json(data_json("1830", "sample_game.json")).at(400)
    hovers = hover_lines(game)
    lines = [line for text in hovers.values() for line in text[1:]]
    assert [line for line in lines if RAW_ID.search(line)] == []
    laid = [line for line in lines if line.startswith("tile ")]
    assert len(laid) == len(game.state.board.tiles) >= 10
    assert all(re.fullmatch(r"tile \w+ \((yellow|green|brown|gray)\), rotation [0-5]", line) for line in laid)
    assert any(re.search(r"city: revenue \$\d+, [23] token slots: ", line) for line in lines)


# ----- 3: an amount slider stands only on values of its range ------------------------------------------------
def test_the_explorer_slider_never_stands_between_two_bids():
    """1894's private auction takes bids in multiples of 5 F (AR: 30 F to Ann's 480 F). A number typed between two
    steps is refused in the note and leaves the slider on the last bid it stood on (it used to move to 47); a bid
    of the range moves it; the slider's far end is the highest bid of the range even where the cash is not on a
    step."""
    from dataclasses import replace

    from gamekit.widgets import Explorer
    from gamekit.widgets.explorer import RangeControl

    ex = Explorer(gamekit.new_game("1894", ["Ann", "Ben", "Cy", "Di"], seed=7))
    (ar,) = [rc for rc in ex.range_controls if rc.range.template.company == "AR"]
    assert (ar.range.low, ar.range.high, ar.range.step) == (30, 480, 5)
    assert (ar.slider.min, ar.slider.max, ar.slider.step) == (30, 480, 5)
    ar.number.value = "45"
    assert ar.slider.value == 45
    for typed in ("47", "31", "479"):
        ar.number.value = typed
        assert (ar.number.value, ar.slider.value, ar.button.disabled) == (typed, 45, True)
        assert f"{typed} is not a price of the range: from 30 to 480 in steps of 5" in ar.note.value
    ar.number.value = "50"
    assert (ar.slider.value, ar.note.value, ar.button.disabled) == (50, "", False)
    off_step = RangeControl(replace(ar.range, high=483), lambda control: None)  # a cash of 483 F
    assert (off_step.slider.max, list(off_step.range.values())[-1]) == (480, 480)


def test_the_classroom_slider_never_stands_between_two_bids():
    """The classroom's amount row, as the explorer's: the same AR bids."""
    from gamekit.widgets.classroom import Classroom

    from .test_classroom import select

    table = Classroom("1894", 4, seed=7).table
    (ar,) = [r for r in table.game.action_ranges() if getattr(r.template, "company", None) == "AR"]
    select(table, ar.template)
    assert (table.amount.min, table.amount.max, table.amount.step, table.amount.value) == (30, 480, 5, 30)
    table.amount_number.value = "42"
    assert (table.amount.value, table.apply_button.disabled) == (30, True)
    assert "42 is not a price of the range: from 30 to 480 in steps of 5" in table.amount_note.value
    table.amount_number.value = "40"
    assert (table.amount.value, table.amount_note.value, table.apply_button.disabled) == (40, "", False)


# ----- 2: a map scaled to its column keeps its labels readable ---------------------------------------------------
def test_no_scaled_figure_text_reads_under_eight_pixels():
    """``wide_figures`` scales a figure down to its column no further than ``MIN_SCALE``; every text of every
    title's map and market (labels, tokens, prices, legends) then reads at least ``READABLE_PX`` = 8 px (at the
    old half size, 1830's 10 px labels read 5 px, and 6 px in the 668 px column of a 1100 px JupyterLab window)."""
    from gamekit.viz import market_figure
    from gamekit.widgets import notebook_style

    assert (notebook_style.READABLE_PX, notebook_style.MIN_SCALE) == (8, 0.8)
    assert "var MIN_SCALE = 0.8," in notebook_style.FIT_SCRIPT
    smallest = {}
    for title in gamekit.title_names():
        game = gamekit.new_game(title, ["A", "B", "C", "D"], seed=1)
        figures = [map_figure(game)] + ([market_figure(game)] if has_market(game) else [])
        sizes = [t.textfont.size for fig in figures for t in fig.data
                 if "text" in (getattr(t, "mode", None) or "") and getattr(t, "textfont", None) is not None
                 and t.textfont.size is not None]
        smallest[title] = min(sizes)
    assert smallest == {title: 10 for title in gamekit.title_names()}
    assert all(size * notebook_style.MIN_SCALE >= notebook_style.READABLE_PX for size in smallest.values())
