"""The explorer's map and market are drawn through ``Output`` widgets (``gamekit.widgets.parts.FigurePanel``): a
language switch or an action replaces the figure in the same widget, in the state the page receives; no
``go.FigureWidget`` is left in the explorer (in Voila its view missed the kernel's changes: stop 66's market panel
that stayed English)."""

from __future__ import annotations

import ipywidgets as widgets
import plotly.graph_objects as go

import gamekit
from gamekit.widgets import Explorer

PLOTLY = "application/vnd.plotly.v1+json"


def shown(panel) -> dict:
    """The figure the panel's ``Output`` widget holds, as the page receives it (Plotly's JSON)."""
    (output,) = panel.view.outputs
    return output["data"][PLOTLY]


def every_widget(widget):
    """``widget`` and every widget below it."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from every_widget(child)


def test_a_language_switch_redraws_the_1837_market_and_map_in_the_same_outputs(english):
    game = gamekit.new_game("1837", players=["Ann", "Ben", "Cy"], seed=7)
    ex = Explorer(game)
    market, board = ex.panels["market"], ex.panels["map"]
    views = (market.view, board.view)
    assert isinstance(market.view, widgets.Output) and market.view in ex.children and board.view in ex.children
    assert shown(market)["layout"]["title"]["text"] == "Share market"
    assert shown(board)["layout"]["title"]["text"] == "1837 — phase 2 (tiles: yellow) — after 0 actions"
    ex.language_menu.value = "zh"
    assert (market.view, board.view) == views
    assert shown(market)["layout"]["title"]["text"] == "股票市场"
    assert shown(board)["layout"]["title"]["text"] == "1837 — 阶段 2（板块：黄色）— 0 个动作之后"
    # the figure drawn is the panel's figure, as the page shows it
    assert market.figure.layout.title.text == "股票市场"
    assert not any(isinstance(w, go.FigureWidget) for w in every_widget(ex))


def test_an_action_and_its_undo_redraw_the_map(english):
    game = gamekit.new_game("1830", players=["Ann", "Ben", "Cy", "Di"], seed=7)
    ex = Explorer(game)
    ex.apply_button.click()  # the first legal action: Ann buys SV for $20
    assert shown(ex.panels["map"])["layout"]["title"]["text"] == "1830 — phase 2 (tiles: yellow) — after 1 action"
    ex.undo_button.click()
    assert shown(ex.panels["map"])["layout"]["title"]["text"] == "1830 — phase 2 (tiles: yellow) — after 0 actions"
