"""A game over time, round by round: player values, share prices, treasuries and revenue per operating round.

The series are read from the game's history: a point is taken at the end of every round (the position after
the action whose events begin the next round, so income paid as the next round opens — 1830's private
revenue — is already in it) and one at the end. Revenue per round sums the corporations' ``payout`` and
``withhold`` events of that round; phase changes and end triggers are kept as marks. Nothing is recomputed:
values come from ``game.player_value`` and the query API (:mod:`gamekit.query`) at each point.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

ROUND_NAME_ROWS = 2
ROUND_NAME_PX = 50
"""Height of one row of upright round names under the round axis, in pixels."""
MARK_KINDS = {"phase": "phase {phase}", "bank_broken": "bank broken", "game_end": "game ends"}
"""Event kinds kept as turning-point marks, with their label (filled from the event's data)."""


@dataclass
class Timeline:
    """The series of a game, one value per point (``None`` where a series has no value, e.g. before a float).

    Attributes:
        labels: round that ended at each point (``"Auction"``, ``"SR 1"``, ``"OR 1.1"``, …).
        positions: the action index of each point (``game.at(position)`` is the position drawn).
        player_values: player id → value in currency units.
        share_prices: corporation → price per 10% share (None while it has no price).
        treasuries: corporation → cash in its treasury (None until it floats).
        revenue: corporation → revenue earned in the round of that point (None where it did not run).
        marks: ``(point index, text)`` for phase changes and end triggers, the point of the round they fell in.
    """

    labels: list[str] = field(default_factory=list)
    positions: list[int] = field(default_factory=list)
    player_values: dict[str, list[int]] = field(default_factory=dict)
    share_prices: dict[str, list[int | None]] = field(default_factory=dict)
    treasuries: dict[str, list[int | None]] = field(default_factory=dict)
    revenue: dict[str, list[int | None]] = field(default_factory=dict)
    marks: list[tuple[int, str]] = field(default_factory=list)

    def point_at(self, action_index: int) -> int:
        """Return the index of the point of the round in progress just before action ``action_index``."""
        for k, pos in enumerate(self.positions):
            if action_index < pos:
                return k
        return len(self.positions) - 1


class _RoundNames:
    """Names rounds from their ``round`` events: 18xx ``Auction``, ``SR n``, ``OR n.k``; else the event text."""

    def __init__(self) -> None:
        self.stock_rounds = 0

    def name(self, event: Any) -> str:
        data = event.data
        if data.get("round") == "auction":
            return "Auction"
        if data.get("round") == "operating":
            return f"OR {self.stock_rounds}.{data.get('num', 1)}"
        if event.rule.endswith("stock.round"):
            self.stock_rounds += 1
            return f"SR {self.stock_rounds}"
        return event.text


def timeline_data(game: Any) -> Timeline:
    """Collect the :class:`Timeline` of a game from its history (any position; a finished or imported game
    gives the whole game).

    Share prices and treasuries are filled for titles with a share market (games answering
    ``market_stacks()``); player values for every title.
    """
    names = _RoundNames()
    rounds = [e for e in game.setup_events if e.kind == "round"]
    current = names.name(rounds[-1]) if rounds else "start"
    ends: list[tuple[str, int, dict[str, int]]] = []
    marks: list[tuple[int, str]] = []
    revenue: dict[str, int] = {}
    for i, (_, events) in enumerate(game.history()):
        for e in events:
            if e.kind == "round":
                ends.append((current, i + 1, revenue))
                current, revenue = names.name(e), {}
            elif e.kind in ("payout", "withhold") and "corporation" in e.data:
                corp = e.data["corporation"]
                revenue[corp] = revenue.get(corp, 0) + int(e.data.get("revenue", 0))
            elif e.kind in MARK_KINDS:
                try:
                    marks.append((len(ends), MARK_KINDS[e.kind].format(**e.data)))
                except KeyError:  # same kind, other meaning (a cube-rail action phase has no phase name)
                    pass
    ends.append((current, len(game.actions), revenue))
    out = Timeline(marks=marks)
    corps = list(game.corporations()) if hasattr(game, "market_stacks") else []
    out.player_values = {p.id: [] for p in game.players}
    for series in (out.share_prices, out.treasuries, out.revenue):
        series.update({c: [] for c in corps})
    for label, pos, earned in ends:
        view = game.at(pos)
        out.labels.append(label)
        out.positions.append(pos)
        for pid, values in out.player_values.items():
            values.append(view.player_value(pid))
        for corp in corps:
            out.share_prices[corp].append(view.share_price(corp))
            out.treasuries[corp].append(view.treasury(corp) if view.floated(corp) else None)
            out.revenue[corp].append(earned.get(corp))
    return out


def timeline(game: Any, now: int | None = None, height: int = 900) -> go.Figure:
    """Return the game over time as four stacked charts sharing the round axis: player values, share prices,
    treasuries, and revenue per operating round; phase changes and end triggers are dotted vertical lines.

    Args:
        game: any game (18xx titles fill all four charts; other titles the player values).
        now: an action index to mark with a vertical line (the replay player moves it), or None.
        height: figure height in pixels.

    Returns:
        A deterministic figure; its x axis is the point index, ticks labelled with the rounds.
    """
    data = timeline_data(game)
    return timeline_figure(game, data, now=now, height=height)


def _round_names(fig: go.Figure, labels: list[str]) -> None:
    """Write the round names under the round axis, upright, in ``ROUND_NAME_ROWS`` staggered rows: a game has
    more rounds than one row of upright names fits, and slanted names reach over their neighbours."""
    for k, label in enumerate(labels):
        fig.add_annotation(x=k, y=0, xref="x4", yref="paper", text=label, showarrow=False, textangle=-90,
                           xanchor="center", yanchor="top", yshift=-4 - ROUND_NAME_PX * (k % ROUND_NAME_ROWS),
                           font=dict(size=10, color="#333333"))


def timeline_figure(game: Any, data: Timeline, now: int | None = None, height: int = 900) -> go.Figure:
    """Draw a :class:`Timeline` already collected (see :func:`timeline`; the replay player reuses one)."""
    titles = ("Player values", "Share prices (per 10% share)", "Treasuries", "Revenue per operating round")
    fig = make_subplots(rows=4, cols=1, shared_xaxes=True, subplot_titles=titles, vertical_spacing=0.05)
    xs = list(range(len(data.labels)))
    for pid, values in data.player_values.items():
        name = game.player(pid).name
        fig.add_trace(go.Scatter(x=xs, y=values, mode="lines+markers", name=name, legendgroup="players",
                                 legendgrouptitle_text="players", hovertemplate=f"{name}: %{{y}}<extra></extra>"),
                      row=1, col=1)
    colours = {c.sym: c.colour for c in getattr(getattr(game, "facts", None), "corporations", ())}
    for row, series in ((2, data.share_prices), (3, data.treasuries), (4, data.revenue)):
        for corp, values in series.items():
            if all(v is None for v in values):
                continue
            fig.add_trace(go.Scatter(
                x=xs, y=values, mode="lines+markers", name=corp, legendgroup=corp, showlegend=row == 2,
                line=dict(color=colours.get(corp)), marker=dict(line=dict(color="black", width=0.5)),
                hovertemplate=f"{corp}: %{{y}}<extra></extra>"), row=row, col=1)
    merged: dict[int, list[str]] = {}
    for point, text in data.marks:
        merged.setdefault(point, []).append(text)
    previous = None
    for point, texts in sorted(merged.items()):
        # a mark one point after another (the bank breaks, the game ends) writes its label right of its line,
        # so that the two labels stand apart; every other label stands left of its line
        side = "left" if previous is not None and point - previous <= 1 else "right"
        previous = point
        fig.add_vline(x=point - 0.5, line=dict(color="#555555", dash="dot", width=1))
        fig.add_annotation(x=point - 0.5, y=1.0, yref="paper", text=", ".join(texts), showarrow=False,
                           textangle=-90, xanchor=side, yanchor="top", font=dict(size=10, color="#555555"))
    if now is not None and data.labels:
        fig.add_vline(x=data.point_at(now), line=dict(color="#d62728", width=2), name="now")
    fig.update_xaxes(tickmode="array", tickvals=xs, ticktext=[""] * len(xs), row=4, col=1)
    _round_names(fig, data.labels)
    fig.update_layout(height=height, margin=dict(l=50, r=10, t=40, b=ROUND_NAME_ROWS * ROUND_NAME_PX + 20),
                      hovermode="x unified", legend=dict(groupclick="toggleitem"))
    return fig
