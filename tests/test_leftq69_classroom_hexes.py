"""The hexes a classroom question names are found on a map the room sees (leftq69 item 2): the table's map prints
place names, not coordinates, so the question panel shows under its answer row a window onto the map round the
hexes the prompt names (after **Reveal answer**, those its explanation names too), each outlined and labelled
with its coordinate; a question that names no hex shows none. The heading over it is gettext'd."""

from __future__ import annotations

import html

import pytest

import gamekit
from gamekit import exercises, viz
from gamekit.i18n import _, localize, using
from gamekit.viz.hexes import hex_center
from gamekit.widgets.classroom_question import MARK_COLOUR, WHERE, QuestionPanel, hexes_named, marked
from gamekit.widgets.quiz import map_hexes


def _position(title: str, kinds, n: int, seed: int, action_index: int):
    return next(q for q in exercises.questions(title, kinds, n=n, seed=seed)
                if q.action_index == action_index).position()


@pytest.fixture(scope="module")
def cd_build():
    # Continental Divide, 4 players, seed 2: after 60 actions P3 builds UP from O31 through N32 (Dallas / Fort
    # Worth) to M33 (the classroom asks about that build: its seed is the 60 actions played)
    return _position("continental-divide", None, 12, 2, 60)


def _panel(game) -> QuestionPanel:
    panel = QuestionPanel(420, 540, lambda: None)
    with using("en"):
        panel.ask(game)
    return panel


def _labels(figure) -> list[str]:
    return [a.text for a in figure.layout.annotations if a.font.color == MARK_COLOUR]


def test_the_hexes_a_prompt_names_are_the_map_s_not_its_players(cd_build):
    drawn = map_hexes(viz.compact_map_figure(cd_build))
    assert len(drawn) == 296 and {"O31", "N32", "M33"} <= set(drawn) and "P3" not in drawn
    text = "Game turn 4: UP's income is $6. P3 builds UP from O31: N32 → M33. What is UP's income after this build?"
    assert hexes_named(text, drawn) == ["O31", "N32", "M33"]
    assert hexes_named("P3 passes; KK1 runs", drawn) == []


def test_a_build_s_hexes_are_outlined_and_labelled_in_a_window_onto_them(cd_build):
    panel = _panel(cd_build)
    assert localize(panel.question.prompt) == ("Game turn 4: UP's income is $6. P3 builds UP from O31: N32 → M33. "
                                               "What is UP's income after this build?")
    assert panel.hexes == ["O31", "N32", "M33"]
    assert list(panel.quiz.aside.children) == [panel.where_heading, panel.where.box]
    assert "Outlined on the map below: O31, N32, M33" in panel.where_heading.value
    shown = panel.where.shown  # the window shown, 1.4 times as drawn, as the table shows its map
    assert panel.where.scale == 1.4 and "gk-where-map" in panel.where.widget._dom_classes
    assert _labels(shown) == ["<b>O31</b>", "<b>N32</b>", "<b>M33</b>"]
    (x0, x1), (y0, y1) = shown.layout.xaxis.range, shown.layout.yaxis.range
    for name in panel.hexes:
        x, y = hex_center(name)
        assert x0 < x < x1 and y0 < y < y1, name
    outlines = [t for t in shown.data if getattr(t, "line", None) is not None and t.line.color == MARK_COLOUR]
    assert len(outlines) == 3 and all(len(t.x) == 7 for t in outlines)  # a closed hexagon each
    # the window is the panel's width less its scroll bar, at the height the panel leaves it
    assert panel.where.size == (390, 230)


def test_a_question_naming_no_hex_shows_no_window():
    game = gamekit.new_game("1830", ["Ann", "Bob", "Cy", "Di"], seed=1)
    panel = _panel(game)  # the lowest bid on the B&O, as the browser test asks at 1830's start
    assert localize(panel.question.prompt) == "Private auction. What is the lowest bid Ann may offer for BO now?"
    assert (panel.hexes, panel.where, panel.quiz.aside.children) == ([], None, ())
    panel.reveal()
    assert (panel.hexes, panel.quiz.aside.children) == ([], ())


def test_the_hexes_a_tile_may_go_on_are_outlined_once_revealed():
    # 1830, seed 1, after 223 actions: PRR may lay tile 8 on G13, H8 or I9; the prompt names none (it asks which)
    game = _position("1830", ["tile_lay_where"], 3, 1, 223)
    panel = _panel(game)
    assert panel.question.kind == "tile_lay_where" and panel.question.accepted == ("G13", "H8", "I9")
    assert (panel.hexes, panel.quiz.aside.children) == ([], ())  # drawing them would give the answer away
    with using("en"):
        panel.reveal()
    assert panel.hexes == ["G13", "H8", "I9"]
    assert _labels(panel.where.figure) == ["<b>G13</b>", "<b>H8</b>", "<b>I9</b>"]
    assert panel.quiz.aside.children[1] is panel.where.box


@pytest.mark.parametrize("lang", ["en", "zh", "ca", "es", "nl"])
def test_the_heading_is_in_the_room_s_language(cd_build, lang):
    panel = _panel(cd_build)
    with using(lang):
        panel.relabel()
        assert html.escape(_(WHERE).format(hexes="O31, N32, M33")) in panel.where_heading.value  # "veure'n" in ca


def test_marking_leaves_the_drawn_map_as_it_was(cd_build):
    figure = viz.compact_map_figure(cd_build)
    before = figure.to_json()
    out = marked(figure, ["N32"])
    assert figure.to_json() == before and _labels(out) == ["<b>N32</b>"]
