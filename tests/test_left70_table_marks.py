"""The classroom table's own map outlines a question's hexes (left70 item 1): while a question is up, the big map
outlines and labels the hexes its prompt names as the question's small window does, opens its window round them,
adds the hexes the answer names after the reveal, keeps them in the whole-map view (labels read 17 px there too),
and drops them when the question goes. Positions are seeded bot games' (``source_game``), asked as the table
asks (seeded with the number of actions played)."""

from __future__ import annotations

import math

import pytest

from gamekit.exercises.generate import source_game
from gamekit.i18n import localize, using
from gamekit.viz.hexes import hex_center
from gamekit.widgets.classroom_question import MARK_COLOUR, MARK_FONT_PX, hexes_named, named_ids
from gamekit.widgets.classroom_table import PROJECTOR_SCALE, Table


def _table(title: str, seed: int, at: int) -> Table:
    return Table(source_game(title, seed=seed).at(at))


def _marks(figure) -> tuple[list[str], int]:
    """The coordinates labelled in the mark colour on ``figure``, and how many hexagons are outlined in it."""
    labels = [a.text for a in figure.layout.annotations if a.font.color == MARK_COLOUR]
    outlines = [t for t in figure.data if getattr(t, "line", None) is not None and t.line.color == MARK_COLOUR
                and len(t.x) == 7]
    return labels, len(outlines)


def _in_window(figure, hexes) -> bool:
    (x0, x1), (y0, y1) = figure.layout.xaxis.range, figure.layout.yaxis.range
    return all(x0 < hex_center(h)[0] < x1 and y0 < hex_center(h)[1] < y1 for h in hexes)


@pytest.mark.parametrize("title, seed, at, prompt, hexes", [
    ("1837", 1, 189, "Operating round 1.1, phase 2: EOD is at its track step. May it lay tile 3 on D18 with "
                     "rotation 2?", ["D18"]),
    ("1894", 1, 119, "Operating round 2.1, phase Blue: PLM is at its track step. May it lay tile 30 on G2 with "
                     "rotation 5?", ["G2"]),
    ("continental-divide", 2, 60, "Game turn 4: UP's income is $6. P3 builds UP from O31: N32 → M33. What is "
                                  "UP's income after this build?", ["O31", "N32", "M33"]),
])
def test_the_big_map_outlines_the_hexes_a_question_names_until_it_goes(title, seed, at, prompt, hexes):
    table = _table(title, seed, at)
    panel = table.panels["map"]
    assert _marks(panel.shown) == ([], 0)
    with using("en"):
        question = table.ask_question()
    assert localize(question.prompt) == prompt
    assert panel.marks == table.question.hexes == hexes
    assert _marks(panel.shown) == ([f"<b>{h}</b>" for h in hexes], len(hexes))
    assert _in_window(panel.shown, hexes)  # the window opened round them
    assert _marks(table.question.where.shown)[0] == _marks(panel.shown)[0]  # as the question's own window
    # the whole-map view keeps them, their labels drawn to read 17 px at the scale shown, as in the window
    table.whole_button.value = True
    whole = panel.shown
    labels = [a for a in whole.layout.annotations if a.font.color == MARK_COLOUR]
    assert [a.text for a in labels] == [f"<b>{h}</b>" for h in hexes] and panel.scale < 1
    assert {a.font.size for a in labels} == {math.ceil(MARK_FONT_PX * PROJECTOR_SCALE / panel.scale)}
    table.whole_button.value = False
    table.close_question()
    assert panel.marks == [] and _marks(panel.shown) == ([], 0)


def test_the_hexes_a_tile_may_go_on_join_the_big_map_after_the_reveal():
    # 1830, seed 1, after 31 actions: the B&M may lay tile 7 on D22 only; the prompt asks where, so no hex is
    # outlined before the reveal (it would give the answer away)
    table = _table("1830", 1, 31)
    with using("en"):
        question = table.ask_question()
        assert localize(question.prompt) == ("Operating round 1.1, phase 2: B&M is at its track step. On which hex "
                                             "may B&M lay tile 7 now?")
        assert question.accepted == ("D22",) and table.panels["map"].marks == []
        table.question.reveal()
    assert table.panels["map"].marks == ["D22"] and _marks(table.panels["map"].shown) == (["<b>D22</b>"], 1)
    table.close_question()
    assert _marks(table.panels["map"].shown) == ([], 0)


def test_a_new_position_takes_the_outlines_off_with_the_question():
    # replaying Continental Divide seed 2: the question at action 60 outlines O31, N32, M33; stepping on closes it
    game = source_game("continental-divide", seed=2)
    table = Table(game, replay=True)
    table.show(60)
    with using("en"):
        table.ask_question()
    assert table.panels["map"].marks == ["O31", "N32", "M33"]
    table.show(61)
    assert not table.question.shown and table.panels["map"].marks == []
    assert _marks(table.panels["map"].shown) == ([], 0)


def test_a_player_named_like_a_hex_is_no_hex():
    # American Rails seed 1 after 14 actions: "What is the lowest bid P2 may offer for AM now?" — the map has a
    # hex P2, but here P2 is the player; nothing is outlined
    table = _table("american-rails", 1, 14)
    with using("en"):
        question = table.ask_question()
        assert localize(question.prompt).endswith("What is the lowest bid P2 may offer for AM now?")
    assert "P2" in hexes_named("P2", ["P2", "P3"]) and "P2" in named_ids(table.view)
    assert table.question.hexes == [] and table.panels["map"].marks == []
    assert _marks(table.panels["map"].shown) == ([], 0)
