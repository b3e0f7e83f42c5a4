"""Continental Divide views (Plotly) and the greedy demo bot."""

from __future__ import annotations

import pytest

from gamekit.cuberails.cd_bots import greedy_action
from gamekit.simulate import play_random_game
from gamekit.viz.continental_divide import APPROXIMATE, map_figure, player_chart, turn_chart

from .test_continental_divide_support import build, new, start


def test_map_draws_every_cube_with_its_abbreviation_and_the_lines():
    g = new()
    start(g, "ATSF", "G39", value=20)
    build(g, "ATSF", "G39", "G37", "G35")
    fig = map_figure(g, highlight=("G37",))
    assert APPROXIMATE in fig.layout.title.text and "approximate" in APPROXIMATE.lower()
    (cubes,) = [t for t in fig.data if t.name and t.name.startswith("ATSF ")]
    assert list(cubes.text) == ["ATSF"] * 3 and cubes.marker.color == "#1f5fbf"
    names = {t.name for t in fig.data}
    assert {"Continental Divide", "region line (East | Central | West)", "highlight"} <= names
    divide = next(t for t in fig.data if t.name == "Continental Divide")
    assert sum(x is None for x in divide.x) > 10  # one segment per hex edge along the Divide
    hexes = next(t for t in fig.data if t.name == "hexes (hover for facts)")
    g37 = next(h for h in hexes.hovertext if h.startswith("<b>G37</b>"))
    assert "cost $2, income $1" in g37 and "railroads: ATSF" in g37


def assert_names_apart(fig) -> None:
    """The names at the lines' ends sit in the right margin (right of the last turn), 14 px or more apart,
    each joined to its own line's last point, and inside the value axis."""
    plot_px = fig.layout.height - fig.layout.margin.t - fig.layout.margin.b
    low, high = fig.layout.yaxis.range
    per_px = (high - low) / plot_px
    heights = sorted(a.y - a.ay * per_px for a in fig.layout.annotations)  # ay: pixels downwards
    assert all(b - a >= 14 * per_px - 1e-9 for a, b in zip(heights, heights[1:])), heights
    assert all(low - 1e-9 <= h <= high + 1e-9 for h in heights) and all(a.ax > 0 for a in fig.layout.annotations)
    assert {(a.x, a.y) for a in fig.layout.annotations} == {(t.x[-1], t.y[-1]) for t in fig.data}


def test_line_end_names_stand_apart_where_lines_end_together():
    """Seed 7's greedy game (lesson cd_01): P2 and P3 end on 18 VP, P1 and P4 4 points apart, GN/TP/ATSF
    within 2 points: every name still stands apart, ATSF inside the chart."""
    g = play_random_game("continental-divide", 4, 7, bot=greedy_action)
    vp = player_chart(g, "vp")
    assert sorted(t.y[-1] for t in vp.data) == [18, 18, 22, 24]
    for fig in (vp, player_chart(g, "cash"), turn_chart(g, "income"), turn_chart(g, "vp_per_share")):
        assert_names_apart(fig)


def test_empty_map_and_charts_over_turns():
    assert len(map_figure().data) > 5
    g = play_random_game("continental-divide", 4, 8, bot=greedy_action)
    for metric in ("income", "treasury", "vp_per_share"):
        fig = turn_chart(g, metric)
        started = [rid for rid, rr in g.state.railroads.items() if rr.started]
        assert len(fig.data) == len(started)
        line = fig.data[0]
        name = fig.layout.annotations[0]
        assert list(line.x)[-1] == 8 and name.text == line.name.split()[0] and (name.x, name.y) == (8, line.y[-1])
        assert list(line.y)[-1] == getattr(g.state.records[-1], metric)[line.name.split()[0]]
        assert_names_apart(fig)
        assert APPROXIMATE not in fig.layout.title.text  # only the maps carry the map's disclaimer
    vp = player_chart(g, "vp")
    assert [list(t.y)[-1] for t in vp.data] == [g.outcome.values[p.id] for p in g.players]
    with pytest.raises(ValueError):
        turn_chart(g, "money")
    with pytest.raises(ValueError):
        player_chart(g, "income")


@pytest.mark.parametrize("players", [3, 6])
def test_greedy_bot_plays_a_whole_game_west(players):
    g = play_random_game("continental-divide", players, 7, bot=greedy_action)
    assert g.is_over and len(g.actions) < 300
    started = [rr for rr in g.state.railroads.values() if rr.started]
    assert len(started) >= 3
    assert any("west" in rr.unlocked and rr.crossed_divide for rr in started)
    assert max(g.outcome.values.values()) > 0


def test_the_legend_is_a_grid_of_three_columns_that_a_notebook_column_shows_whole():
    """The legend ran as one row across the figure, its end cut off at the right of a narrower notebook
    column: now three entries a row from the left edge (220 px of text after a 45 px mark: four would pass the
    840 px plot, so Plotly wraps after three); the bottom margin holds its rows (14 entries with five railroads
    on the map: five rows). The whole figure fits a JupyterLab output beside the file browser of a 1400 x 900
    window (about 960 px wide; wide_figures' box 810 px high), where the 1100 x 949 px map was cut off."""
    from gamekit.viz.continental_divide import LEGEND_ENTRY_PX, LEGEND_PAD_PX, LEGEND_ROW_PX
    from gamekit.viz.labels import text_size

    fig = map_figure(play_random_game("continental-divide", 3, 4))
    shown = [t.name for t in fig.data if t.showlegend is not False]
    assert len(shown) == 14 and sum(name.startswith(("UP ", "ATSF ", "NP ", "GN ", "TP ")) for name in shown) == 5
    legend = fig.layout.legend
    assert (legend.orientation, legend.x, legend.xanchor, legend.entrywidthmode) == ("h", 0, "left", "pixels")
    plot_px = fig.layout.width - fig.layout.margin.l - fig.layout.margin.r
    assert 3 * (LEGEND_ENTRY_PX + 45) <= plot_px < 4 * (LEGEND_ENTRY_PX + 45)
    assert max(text_size(name, 10)[0] for name in shown) < LEGEND_ENTRY_PX  # no entry runs into the next
    assert fig.layout.margin.b == LEGEND_PAD_PX + LEGEND_ROW_PX * 5 == 119
    assert fig.layout.width <= 960 and fig.layout.height <= 810
    assert map_figure().layout.margin.b == LEGEND_PAD_PX + LEGEND_ROW_PX * 3  # the empty map: nine entries
