"""A game over time, round by round: the charts that mean something in its title (player values, share prices,
treasuries, income, revenue per operating round), on one shared round axis.

A round is what ``game.active_round()`` names ("Stock round 2", "Operating round 3.1", "Game turn 4", "Year
1852"), counted as :func:`gamekit.measure` counts rounds: a point is taken at the end of every round (the first
position whose ``active_round()`` names the next one, so income paid as the next round opens — 1830's private
revenue — is already in it) and one at the end. Revenue per round sums the corporations' ``payout`` and
``withhold`` events of the actions played in that round; phase changes and end triggers are kept as marks.
Nothing is recomputed: every value is read through the query API (:mod:`gamekit.query`) at each point.

Which charts a title has, and their headings, is data: :data:`CHARTS_18XX` for the 18xx titles, and a cube-rail
title's view module (``gamekit.viz.CUBE_RAIL_VIEWS``) declares its own ``TIMELINE_CHARTS``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Callable

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..i18n import N_, Message, _, join, localize, pgettext, phase_word
from .labels import LINE_EM, spread, text_size

CHARTS_18XX = {"player_values": N_("Player values"),
               # the percent goes in as a value: "% s" in a template would read as a printf field to gettext's tools
               "share_prices": Message(N_("Share prices (per {percent} share)"), {"percent": "10%"}),
               "treasuries": N_("Treasuries"), "revenue": N_("Revenue per operating round")}
"""The charts of an 18xx title, in drawing order: series name (a field of :class:`Timeline`) → heading (English,
translated where it is drawn: :func:`heading`)."""
PLAYER_SERIES: dict[str, Callable[[Any, str], int | None]] = {
    "player_values": lambda view, pid: view.player_value(pid),
    "player_cash": lambda view, pid: view.cash(pid),
}
"""Series with one line per player: how each reads a position (query API)."""
COMPANY_SERIES: dict[str, Callable[[Any, str], int | None]] = {
    "share_prices": lambda view, corp: view.share_price(corp),
    "treasuries": lambda view, corp: view.treasury(corp),
    "income": lambda view, corp: view.income(corp),
}
"""Series with one line per corporation or railroad: how each reads a position (query API)."""
FROM_FIRST_VALUE = ("treasuries", "income")
"""Series whose line begins at the company's first value other than 0 (its first money — in 18xx mostly its
capital at the float —, its first income): before that it is not in play, and a line at 0 would say it is."""
MARK_KINDS = {"phase": N_("phase {phase}"), "bank_broken": N_("bank broken"), "game_end": N_("game ends")}
"""Event kinds kept as turning-point marks, with their label (a template filled from the event's data)."""
SHORT_ROUND_NAMES = (("Private auction", N_("Auction")), ("Exchange round", N_("ER")), ("Stock round", N_("SR")),
                     ("Operating round", N_("OR")), ("Game turn", N_("Turn")), ("Year", N_("Year")))
"""How the round axis shortens the words of ``active_round()`` (case aside): "Operating round 3.1" → "OR 3.1";
the short words are translated where they are drawn ("RO 3.1" in Catalan)."""
_ROUND_WORDS = re.compile("|".join(f"({re.escape(words)})" for words, _short in SHORT_ROUND_NAMES), re.IGNORECASE)

MIN_WIDTH_PX = 800
"""The narrowest a timeline is meant to be drawn, in pixels. It takes the width of its output, as a chart does
(a JupyterLab column is 800–1300 px), so its labels are placed apart in pixels for this width: any wider drawing
only moves them further apart."""
CHART_PX = 150
"""Height of one chart's plotting area, in pixels (:func:`timeline` without ``height``)."""
GAP_PX = 45
"""Vertical room between two charts, which holds the lower chart's heading."""
MARGIN_LEFT_PX = 60
HEADING_PX = 26
"""Room the first chart's heading takes above its plot, in pixels; the marks' labels stand above it."""
TOOLBAR_PX = 28
"""Room above the marks' labels for Plotly's toolbar, shown over the figure's top right corner under the mouse."""
LABEL_FONT_PX = 10
LABEL_GAP_PX = LINE_EM * LABEL_FONT_PX + 2
"""Least distance between the centres of two upright labels (a line of 10 px text and a little air)."""
LEGEND_FONT_PX = 12
LEGEND_SYMBOL_PX = 50
"""Room of a legend entry's line and marker, left of its name."""
PAD_PX = 10


@dataclass
class Timeline:
    """The series of a game, one value per point (``None`` where a series has no value, e.g. before a float).

    Attributes:
        labels: short name of the round that ended at each point (``"Auction"``, ``"SR 1"``, ``"OR 1.1"``,
            ``"Turn 3"``, ``"Year 1852"``; see :data:`SHORT_ROUND_NAMES`), English text that renders in the
            current language (:func:`gamekit.i18n.localize`).
        positions: the action index of each point (``game.at(position)`` is the position drawn).
        charts: the series charted for the title, in drawing order: series name → heading. The series not
            named here stay empty.
        player_values: player id → ``game.player_value`` (currency units, or victory points where the title
            scores points).
        player_cash: player id → cash in currency units.
        share_prices: corporation → share price (per 10% share in 18xx titles; None while it has none).
        treasuries: corporation → cash in its treasury (None before it first has money).
        income: railroad → income in currency units (cube rails; None before it first has income).
        revenue: corporation → revenue earned in the round of that point (None where it did not run).
        marks: ``(point index, text)`` for phase changes and end triggers, the point of the round they fell in
            (the text as the labels are: English, rendered in the current language where it is drawn).
    """

    labels: list[str] = field(default_factory=list)
    positions: list[int] = field(default_factory=list)
    charts: dict[str, str] = field(default_factory=dict)
    player_values: dict[str, list[int]] = field(default_factory=dict)
    player_cash: dict[str, list[int]] = field(default_factory=dict)
    share_prices: dict[str, list[int | None]] = field(default_factory=dict)
    treasuries: dict[str, list[int | None]] = field(default_factory=dict)
    income: dict[str, list[int | None]] = field(default_factory=dict)
    revenue: dict[str, list[int | None]] = field(default_factory=dict)
    marks: list[tuple[int, str]] = field(default_factory=list)

    def point_at(self, action_index: int) -> int:
        """Return the index of the point of the round in progress just before action ``action_index``."""
        for k, pos in enumerate(self.positions):
            if action_index < pos:
                return k
        return len(self.positions) - 1


def timeline_charts(game: Any) -> dict[str, str]:
    """Return the charts of ``game``'s title (series name → heading, in drawing order): a cube-rail title's
    ``TIMELINE_CHARTS`` (its view module in ``gamekit.viz.CUBE_RAIL_VIEWS``), else :data:`CHARTS_18XX`."""
    from . import CUBE_RAIL_VIEWS

    if game.title in CUBE_RAIL_VIEWS:
        return dict(import_module(f"{__package__}.{CUBE_RAIL_VIEWS[game.title]}").TIMELINE_CHARTS)
    return dict(CHARTS_18XX)


def heading(text: str) -> str:
    """A chart's heading (a value of :func:`timeline_charts`) in the current language."""
    return text.local() if isinstance(text, Message) else _(text)


def short_round_name(name: str) -> str:
    """Return the round axis's name for an ``active_round()`` text (:data:`SHORT_ROUND_NAMES`): its English text,
    whose short words render in the current language (a :class:`~gamekit.i18n.Message`)."""
    parts: list[str] = []
    at = 0
    for found in _ROUND_WORDS.finditer(name):
        parts += [name[at:found.start()], Message(SHORT_ROUND_NAMES[found.lastindex - 1][1], {})]
        at = found.end()
    return join("", [p for p in parts + [name[at:]] if p])


def timeline_data(game: Any) -> Timeline:
    """Collect the :class:`Timeline` of a game from its history (any position; a finished or imported game
    gives the whole game).

    Args:
        game: a game of any title.

    Returns:
        One point per round played (the rounds :func:`gamekit.measure` counts), the last at the game's current
        position, so a finished game's last values are its outcome's; only the series of
        :func:`timeline_charts` are filled.
    """
    out = Timeline(charts=timeline_charts(game))
    rounds, views = _rounds(game)
    out.labels = [short_round_name(name) for name, _ in rounds]
    out.positions = [pos for _, pos in rounds]
    out.marks = [(out.point_at(i), text) for i, text in _marks(game)]
    players = [p.id for p in game.players]
    companies = list(game.corporations())
    for name in out.charts:
        if name in PLAYER_SERIES:
            getattr(out, name).update({pid: [PLAYER_SERIES[name](v, pid) for v in views] for pid in players})
        elif name in COMPANY_SERIES:
            series = {c: [COMPANY_SERIES[name](v, c) for v in views] for c in companies}
            if name in FROM_FIRST_VALUE:
                series = {c: _from_first_value(values) for c, values in series.items()}
            getattr(out, name).update(series)
    if "revenue" in out.charts:
        out.revenue.update(_revenue(game, out, companies))
    return out


def _rounds(game: Any) -> tuple[list[tuple[str, int]], list[Any]]:
    """Return ``(round name, position where it ended)`` for every round entered, and the position at each end
    (``game.at``): a round ends where ``active_round()`` first names another; the last one, where the game is
    (a round entered by the game's last action ends where it began, as :func:`gamekit.measure` counts it)."""
    ends: list[tuple[str, int]] = []
    views: list[Any] = []
    walker = game.at(0)
    current = walker.active_round()
    with walker.batch():  # one walk through the game, not a position rebuilt for each action
        for i, action in enumerate(game.actions, start=1):
            walker.process(action)
            name = walker.active_round()
            if name != current:
                ends.append((current, i))
                views.append(walker.fork())
                current = name
    ends.append((current, len(game.actions)))
    views.append(game.at(len(game.actions)))
    return ends, views


def _from_first_value(values: list[int | None]) -> list[int | None]:
    """Return ``values`` with the leading zeros as ``None`` (see :data:`FROM_FIRST_VALUE`)."""
    first = next((k for k, v in enumerate(values) if v), len(values))
    return [None] * first + values[first:]


def _revenue(game: Any, timeline: Timeline, companies: list[str]) -> dict[str, list[int | None]]:
    """Return corporation → revenue of its ``payout`` and ``withhold`` events per round of ``timeline`` (None:
    it did not run), each action's events counted in the round it was played in."""
    out: dict[str, list[int | None]] = {c: [None] * len(timeline.positions) for c in companies}
    for i, (_action, events) in enumerate(game.history()):
        point = timeline.point_at(i)
        for e in events:
            corp = e.data.get("corporation")
            if e.kind in ("payout", "withhold") and corp in out:
                out[corp][point] = (out[corp][point] or 0) + int(e.data.get("revenue", 0))
    return out


def _marks(game: Any) -> list[tuple[int, str]]:
    """Return the turning points of :data:`MARK_KINDS` as ``(action index, text)``; :func:`timeline_data` turns
    the action index into the point of its round."""
    found = []
    for i, (_action, events) in enumerate(game.history()):
        for e in events:
            if e.kind in MARK_KINDS:
                try:
                    found.append((i, Message(MARK_KINDS[e.kind], _mark_fields(e.data))))
                except KeyError:  # same kind, other meaning (a cube-rail action phase has no phase name)
                    pass
    return found


def _mark_fields(data: dict[str, Any]) -> dict[str, Any]:
    """A mark event's fields as its text shows them: a phase by the name the learner's language gives it (1894's
    colours; a numbered phase stays its number)."""
    return {**data, "phase": phase_word(data["phase"])} if isinstance(data.get("phase"), str) else dict(data)


def timeline(game: Any, now: int | None = None, height: int | None = None) -> go.Figure:
    """Return the game over time: the title's charts (:func:`timeline_charts`) stacked on one round axis, phase
    changes and end triggers as dotted vertical lines labelled above the charts.

    Args:
        game: any game.
        now: an action index to mark with a vertical line (the replay player moves it), or None.
        height: figure height in pixels (default: ``CHART_PX`` per chart plus the room of headings and labels).

    Returns:
        A deterministic figure as wide as its output (its labels placed for ``MIN_WIDTH_PX`` or more); its x
        axis is the point index, labelled with the rounds.
    """
    return timeline_figure(game, timeline_data(game), now=now, height=height)


def timeline_figure(game: Any, data: Timeline, now: int | None = None, height: int | None = None) -> go.Figure:
    """Draw a :class:`Timeline` already collected (see :func:`timeline`; the replay player reuses one).

    Labels are placed in pixels, for a drawing ``MIN_WIDTH_PX`` wide: the marks' labels stand upright in a strip
    above the first chart (never over the lines), spread apart along the axis
    (:func:`~gamekit.viz.labels.spread`), so two marks of one round — the bank breaks, the game ends — get a label
    each; the round names stand upright under the axis, in as many staggered rows as the width per round needs.
    Headings, marks and round names are drawn in the current language (:func:`gamekit.set_language`).
    """
    marks = [(point, localize(text)) for point, text in data.marks]
    labels = [localize(label) for label in data.labels]
    rows, n = len(data.charts), len(labels)  # a title has a chart or more; a game, a round or more
    lines = _lines(game, data)
    right = LEGEND_SYMBOL_PX + max((text_size(trace.name, LEGEND_FONT_PX)[0] for _row, trace in lines), default=0)
    plot_w = MIN_WIDTH_PX - MARGIN_LEFT_PX - right - PAD_PX  # the narrowest plot area
    widest_mark = max((text_size(text, LABEL_FONT_PX)[0] for _point, text in marks), default=0)
    top = HEADING_PX + (widest_mark + TOOLBAR_PX if marks else 0) + PAD_PX
    name_rows = max(1, math.ceil(LABEL_GAP_PX * n / plot_w))
    name_px = max((text_size(label, LABEL_FONT_PX)[0] for label in labels), default=0) + 6
    bottom = 4 + name_rows * name_px + PAD_PX
    plots = rows * CHART_PX + (rows - 1) * GAP_PX if height is None else height - top - bottom
    fig = make_subplots(rows=rows, cols=1, shared_xaxes=True, subplot_titles=[heading(h) for h in data.charts.values()],
                        vertical_spacing=GAP_PX / plots if rows > 1 else 0)
    for row, trace in lines:
        fig.add_trace(trace, row=row, col=1)
    _marks_above(fig, marks, n, plot_w)
    if now is not None:
        fig.add_vline(x=data.point_at(now), line=dict(color="#d62728", width=2), name="now")
    fig.update_xaxes(range=[-0.5, n - 0.5], tickmode="array", tickvals=list(range(n)), ticktext=[""] * n)
    _round_names(fig, labels, rows, name_rows, name_px)
    fig.update_layout(height=plots + top + bottom, hovermode="x unified",
                      margin=dict(l=MARGIN_LEFT_PX, r=right + PAD_PX, t=top, b=bottom, autoexpand=False),
                      legend=dict(x=1.01, xanchor="left", groupclick="toggleitem"))
    return fig


def _lines(game: Any, data: Timeline) -> list[tuple[int, go.Scatter]]:
    """Return ``(row, trace)`` for every line of the charts: a player's in each player
    chart, a company's in each company chart where it has a value; each name is in the legend once."""
    from plotly.colors import qualitative

    company_colours = _company_colours(game)
    xs = list(range(len(data.labels)))
    out, named = [], set()
    for row, name in enumerate(data.charts, start=1):
        for key, values in getattr(data, name).items():
            if all(v is None for v in values):
                continue
            player = name in PLAYER_SERIES
            label = game.player(key).name if player else key
            if player:
                colour = qualitative.Plotly[[p.id for p in game.players].index(key) % len(qualitative.Plotly)]
            else:
                colour = company_colours.get(key)
            trace = go.Scatter(x=xs, y=values, mode="lines+markers", name=label, showlegend=label not in named,
                               legendgroup="players" if player else key,
                               legendgrouptitle_text=pgettext("legend", "players") if player else None,
                               line=dict(color=colour), marker=dict(line=dict(color="black", width=0.5)),
                               hovertemplate=f"{label}: %{{y}}<extra></extra>")
            named.add(label)
            out.append((row, trace))
    return out


def _company_colours(game: Any) -> dict[str, str]:
    """Return company → line colour: a cube-rail title's view module says (``timeline_colours``), an 18xx
    title's facts give each corporation's colour."""
    from . import CUBE_RAIL_VIEWS

    if game.title in CUBE_RAIL_VIEWS:
        return import_module(f"{__package__}.{CUBE_RAIL_VIEWS[game.title]}").timeline_colours(game)
    return {c.sym: c.colour for c in game.facts.corporations}


def _marks_above(fig: go.Figure, marks: list[tuple[int, str]], n: int, plot_w: float) -> None:
    """Draw each mark as a dotted line across the charts at the start of its round, and its label upright in
    the strip above the first chart's heading, the labels spread at least ``LABEL_GAP_PX`` apart in a plot area
    ``plot_w`` pixels wide (the narrowest; a wider one spreads them further)."""
    xs = [point - 0.5 for point, _ in marks]
    per_point = plot_w / n
    wanted = [(x + 0.5) * per_point for x in xs]
    placed = spread(wanted, LABEL_GAP_PX, LABEL_GAP_PX / 2, plot_w - LABEL_GAP_PX / 2)
    for x in sorted(set(xs)):
        fig.add_vline(x=x, line=dict(color="#555555", dash="dot", width=1))
    for at, (_point, text) in zip(placed, marks):
        fig.add_annotation(x=at / per_point - 0.5, y=1, yref="paper", yshift=HEADING_PX, text=text,
                           showarrow=False, textangle=-90, xanchor="center", yanchor="bottom",
                           font=dict(size=LABEL_FONT_PX, color="#555555"))


def _round_names(fig: go.Figure, labels: list[str], rows: int, name_rows: int, name_px: float) -> None:
    """Write the round names under the last chart's axis, upright (slanted names reach over their
    neighbours), in ``name_rows`` staggered rows of ``name_px`` pixels when one row of them would not fit."""
    axis = f"x{rows}" if rows > 1 else "x"
    for k, label in enumerate(labels):
        fig.add_annotation(x=k, y=0, xref=axis, yref="paper", text=label, showarrow=False, textangle=-90,
                           xanchor="center", yanchor="top", yshift=-4 - name_px * (k % name_rows),
                           font=dict(size=LABEL_FONT_PX, color="#333333"))
