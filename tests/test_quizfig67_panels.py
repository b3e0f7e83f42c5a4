"""Stop 67: every figure of the explorer, the quiz and the replay player is a figure output in an ``Output`` widget
(``gamekit.widgets.parts.FigurePanel``), never a ``go.FigureWidget``. A FigureWidget is an anywidget whose page
side must load Plotly's 5 MB bundle within 2 seconds, or it drops the traces the kernel sends next: in JupyterLab
the quiz's map and market were often drawn as empty axes. A hex is answered by typing it or picking it from the
list of the map's hexes."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("ipywidgets")

import anywidget  # noqa: E402
import ipywidgets as widgets  # noqa: E402

import gamekit  # noqa: E402
from gamekit import exercises, viz  # noqa: E402
from gamekit.tracks.actions import LayTile  # noqa: E402
from gamekit.widgets import Quiz, ReplayPlayer  # noqa: E402
from gamekit.widgets.parts import FigurePanel  # noqa: E402
from gamekit.widgets.quiz import map_hexes  # noqa: E402

from .fixtures import fixture_logs  # noqa: E402
from .g1830_positions import nyc_floated  # noqa: E402

PLOTLY = "application/vnd.plotly.v1+json"


def shown(view: widgets.Output) -> dict:
    """The figure an ``Output`` widget holds, as the page receives it (Plotly's JSON)."""
    (output,) = view.outputs
    return output["data"][PLOTLY]


def every_widget(widget):
    """``widget`` and every widget below it."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from every_widget(child)


@pytest.fixture(scope="module")
def where_e19():
    """The quiz question "on which hex may NYC lay tile 57 now?" of the NYC floated position (E19, its home)."""
    return exercises.KINDS["tile_lay_where"].make(
        nyc_floated(), LayTile(entity="NYC", hex="E19", tile="57-0", rotation=1), random.Random(0))


def test_a_panel_sends_its_figure_as_output_data_and_replaces_it_in_the_same_widget():
    game = gamekit.new_game("1830", players=["Ann", "Ben", "Cy", "Di"], seed=7)
    panel = FigurePanel(viz.map_figure, game)
    view = panel.view
    assert shown(view)["layout"]["title"]["text"] == "1830 — phase 2 (tiles: yellow) — after 0 actions"
    assert shown(view)["config"] == {"displaylogo": False}
    game.process(game.legal_actions()[0])  # Ann buys SV for $20
    panel.show(game)
    assert panel.view is view and len(view.outputs) == 1
    assert shown(view)["layout"]["title"]["text"] == "1830 — phase 2 (tiles: yellow) — after 1 action"
    assert len(shown(view)["data"]) == len(panel.figure.data) > 0


def test_the_quiz_draws_no_figure_widget_and_lists_every_hex_of_the_map(where_e19):
    quiz = Quiz([where_e19])
    assert not any(isinstance(w, anywidget.AnyWidget) for w in every_widget(quiz))
    board, market = quiz.board.children
    assert shown(board)["layout"]["title"]["text"] == "1830 — phase 2 (tiles: yellow) — after 16 actions"
    assert shown(market)["layout"]["title"]["text"] == "Share market"
    hexes = quiz.hex.options
    # every hex of the map, in map order (letter, then number: E9 before E19), not only where the tile may go
    assert {"E19", "A11", "K15", "D10"} <= set(hexes) and where_e19.accepted == ("E19",)
    assert hexes.index("E5") < hexes.index("E19") and hexes == tuple(map_hexes(quiz.panels["map"].figure))
    assert "type or pick a hex" in quiz.hex.placeholder and "pick it from the box&#x27;s list" in quiz.prompt.value


def test_a_hex_typed_off_the_list_or_in_lower_case_is_still_read_and_marked(where_e19):
    quiz = Quiz([where_e19])
    quiz.hex.value = "F20"  # a hex of the map where tile 57 may not go: marked wrong, with the right one
    quiz.submit.click()
    assert quiz.score == (0, 1) and "Wrong" in quiz.feedback.value and "E19" in quiz.feedback.value
    quiz.hex.value = "Z99"  # no hex of this map: the list does not refuse it, the question marks it
    quiz.submit.click()
    assert "Wrong: not Z99; the answer is E19." in quiz.feedback.value and quiz.score == (0, 1)
    quiz.hex.value = "e19"  # typed, not picked: the question reads it as E19
    quiz.submit.click()
    assert "Right: E19." in quiz.feedback.value and quiz.score == (0, 1)  # the first answer counted


def test_the_replay_timeline_is_redrawn_only_when_the_round_changes():
    log = next(p for p in fixture_logs("1830") if p.stem == "26855")
    player = ReplayPlayer(gamekit.import_log(log), start=300)
    assert not any(isinstance(w, anywidget.AnyWidget) for w in every_widget(player))
    view = player.timeline.view
    assert view in player.children

    def now_line() -> list[float]:
        return [s["x0"] for s in shown(view)["layout"]["shapes"] if s.get("name") == "now"]

    first = view.outputs
    assert now_line() == [11] * 4 and player.data.labels[11] == "SR 5"  # one line across each of the 4 charts
    player.slider.value = 301  # the same stock round: the charts stay as sent
    assert view.outputs is first
    later = next(i for i in range(301, 502) if player.data.point_at(i) == 12)
    player.slider.value = later
    assert now_line() == [12] * 4 and view.outputs is not first


def test_a_quiz_without_figures_still_lists_the_maps_hexes_for_a_hex_question(where_e19):
    # the classroom's question panel: figures=False beside the table's own map; the box lists the same hexes
    plain = Quiz([where_e19], figures=False)
    assert plain.board.children == () and plain.hex.options == Quiz([where_e19]).hex.options
    assert len(plain.hex.options) == 93 and "E19" in plain.hex.options

