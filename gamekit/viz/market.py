"""The Plotly share market of an 18xx game: the grid with its zones and the corporations' price markers.

Zones follow the title's market legend (1830: par cells outlined red; yellow, orange and brown zones, rule
``1830:market.zones``). Each corporation's marker is a circle in its colour with its abbreviation written on it,
stacked in the order the corporations arrived on the cell (the order that breaks operating-order ties, rule
``1830:or.order``). The view only reads the game.
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from ..i18n import N_, _, localize, msg
from .market_shapes import MIN_ROWS_PER_CELL, SHAPES

ZONE_NAMES = (N_("plain cell"), N_("yellow"), N_("orange"), N_("brown"), N_("grey"), N_("end of the game"))
"""The market zones' names as the legend shows them (the words before the colon of the facts' legend texts): listed
so the catalogues translate them; a zone named otherwise is shown as its data file writes it."""

ZONE_DESCRIPTIONS = (
    N_("par price (red)"), N_("yellow: shares do not count toward the certificate limit"),
    N_("orange: as yellow, and a player may hold more than 60%"),
    N_("brown: as orange, and a player may buy several shares per turn"),
    N_("par price of a major corporation (red)"),
    N_("the par price of a corporation that reissues its shares (not offered when starting one)"),
    N_("grey: a player may hold more than 60%, these shares do not count toward the certificate limit, the president "
       "may buy two per turn, and a sold-out corporation rises one extra step"),
    N_("end of the game: a price reaching this cell ends the game at once"))
"""The titles' market zones described, as their facts' legends write them (a cell's hover lists its zones):
listed so the catalogues translate them (``tests/test_i18n_scan.py`` checks that every title's legend is here); a
legend written otherwise is shown as its data file writes it."""

ZONE_COLOURS = {"": "#f7f7f7", "y": "#fff27a", "o": "#f9b45a", "b": "#c08a5b"}
"""Cell fill per zone letter (no letter: a plain cell)."""

MARKER_PIXELS = 10
LINE_PX = 15
PRICE_PX = 20


NAMED_FILLS = {"gray": "#c7c7c7", "blue": "#9ecae1", "green": "#b8e0a8"}
"""Cell fill of a zone the title's facts give only a colour name (1894's grey zone and end cell)."""


def _fills(game: Any) -> dict[str, str]:
    """Zone letter → cell fill: 1830's letters, then the title's other filled zones (their ``colour``)."""
    fills = dict(ZONE_COLOURS)
    for letter, zone in game.facts.market.zones.items():
        if letter not in fills and zone.colour in NAMED_FILLS:
            fills[letter] = NAMED_FILLS[zone.colour]
    return fills


def _zone(zones: str, fills: dict[str, str]) -> str:
    return next((z for z in sorted(fills, key=lambda z: "eboyg".find(z)) if z and z in zones), "")


def marker_positions(game: Any, row: int, col: int, count: int) -> list[tuple[float, float]]:
    """Return the centres of ``count`` markers on market cell ``(row, col)`` of ``game``, first arrival at the
    top (see :class:`gamekit.viz.market_shapes.GridShapes`)."""
    return SHAPES[game.market.kind].marker_positions(row, col, count)


COMPACT_PRICE_PX, COMPACT_LINE_PX = 13, 12
"""The price band and the marker line of :func:`compact_height`: a 10 px text with a pixel or two round it."""
MARGINS_PX, COMPACT_MARGINS_PX = 120, 40
"""Height the figure's title, margins and legend take besides the rows; the same with thin margins and no legend
(as the classroom's panels draw the figure)."""


def _height(game: Any, price_px: float = PRICE_PX, line_px: float = LINE_PX, margins_px: int = MARGINS_PX) -> int:
    """Return a figure height giving every marker of the fullest cell a line of ``line_px`` pixels under a price
    band of ``price_px``, with ``margins_px`` round the rows."""
    rows = 1 + max(c.row for c in game.market.cells.values())
    deepest = max((len(corps) for corps in game.market_stacks().values()), default=0)
    per_row = (price_px + line_px * max(deepest, MIN_ROWS_PER_CELL)) * SHAPES[game.market.kind].row_height
    return margins_px + round(rows * per_row)


def compact_height(game: Any) -> int:
    """The smallest figure height at which the prices and the markers (10 px text) keep clear of each other:
    37 px per row (more where a cell holds more than two markers) and thin margins. The classroom shows the
    market enlarged in a window: a row of 50 px let fewer than two rows into its panel."""
    return _height(game, COMPACT_PRICE_PX, COMPACT_LINE_PX, COMPACT_MARGINS_PX)


def market_figure(game: Any, height: int | None = None) -> go.Figure:
    """Return the share market of an 18xx game at its current position.

    Args:
        game: a game with ``market`` (:class:`~gamekit.tracks.market.StockMarket`), ``facts`` (title facts with
            ``market_legend``, corporation colours) and the 18xx query API (``market_stacks()``, prices, treasuries).
        height: figure height in pixels (default: tall enough that every marker of the fullest cell has a
            line of its own).

    Returns:
        A deterministic figure: cells filled by zone with their price, par cells outlined, and one marker per
        corporation with a price; hovering a marker gives the corporation's price, par, treasury and president.
    """
    market, facts = game.market, game.facts
    shapes = SHAPES[market.kind]
    cells = sorted(market.cells.values(), key=lambda c: (c.row, c.col))
    fig = go.Figure()
    fills = _fills(game)
    for zone, fill in fills.items():
        xs: list[float | None] = []
        ys: list[float | None] = []
        for cell in cells:
            if _zone(cell.zones, fills) == zone:
                rx, ry = shapes.outline(cell.row, cell.col)
                xs += rx + [None]
                ys += ry + [None]
        if xs:
            legend = facts.market_legend.get(zone, "plain cell") if zone else "plain cell"
            fig.add_trace(go.Scatter(x=xs, y=ys, fill="toself", fillcolor=fill, mode="lines",
                                     line=dict(color="#888888", width=1), name=_(legend.split(":")[0]),
                                     hoverinfo="skip"))
    xs, ys = [], []
    for cell in cells:
        if "p" in cell.zones:
            rx, ry = shapes.outline(cell.row, cell.col)
            xs += rx + [None]
            ys += ry + [None]
    if xs:
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line=dict(color="#d62728", width=3),
                                 name=_("par price"), hoverinfo="skip"))
    prices = [shapes.price_position(c.row, c.col) for c in cells]
    fig.add_trace(go.Scatter(
        x=[x for x, _ in prices], y=[y for _, y in prices], mode="text",
        text=[str(c.price) for c in cells],
        textfont=dict(size=10, color="black"), name="prices", showlegend=False,
        hovertext=[_cell_hover(game, c) for c in cells], hoverinfo="text"))
    _markers(fig, game)
    yaxis = dict(visible=False, scaleanchor="x", scaleratio=1) if shapes.equal_axes else dict(visible=False)
    fig.update_layout(
        title=_("Share market"), xaxis=dict(visible=False), yaxis=yaxis,
        plot_bgcolor="white", height=height or _height(game), margin=dict(l=10, r=10, t=40, b=10),
        legend=dict(orientation="h", y=-0.02), hovermode="closest")
    return fig


def places_in_play(game: Any) -> list[tuple[float, float]]:
    """Where on the market the game is now, in plot units: the corporations' price markers, else (before the
    first par) the par prices' cells."""
    shapes = SHAPES[game.market.kind]
    markers = [xy for (row, col), corps in sorted(game.market_stacks().items())
               for xy in marker_positions(game, row, col, len(corps))]
    return markers or [shapes.price_position(c.row, c.col) for c in sorted(game.market.cells.values(),
                                                                           key=lambda c: (c.row, c.col))
                       if "p" in c.zones]


def _cell_hover(game: Any, cell: Any) -> str:
    zones = [_(game.facts.market_legend[z]) for z in cell.zones if z in game.facts.market_legend]
    corps = game.market_stacks().get((cell.row, cell.col), ())
    # a cell is known by its price (the hover sits on it): its row and column are the data's indexes, not words
    lines = [localize(game.facts.money(cell.price))] + zones
    if corps:
        lines.append(msg("here, in arrival order: {corporations}", corporations=", ".join(corps)).local())
    return "<br>".join(lines)


def _markers(fig: go.Figure, game: Any) -> None:
    facts = game.facts
    for (row, col), corps in game.market_stacks().items():
        for corp, (x, y) in zip(corps, marker_positions(game, row, col, len(corps))):
            cf = facts.corporation(corp)
            fig.add_trace(go.Scatter(
                x=[x], y=[y], mode="markers+text", text=[corp], name=corp, showlegend=False,
                textposition="middle right",
                marker=dict(size=MARKER_PIXELS, symbol="square", color=cf.colour, line=dict(color="black", width=1)),
                textfont=dict(size=10, color="black"),
                hovertext=[corporation_summary(game, corp)], hoverinfo="text"))


def corporation_summary(game: Any, corp: str) -> str:
    """Return one line about a corporation: price, par, treasury, president, trains (HTML line breaks), in the
    current language."""
    money = game.facts.money
    parts = [f"<b>{corp}</b> {game.facts.corporation(corp).name}"]
    price, par, president = game.share_price(corp), game.par_price(corp), game.president(corp)
    if price is not None:
        parts.append(msg("price {price}", price=money(price)).local())
    if par is not None:
        parts.append(msg("par {price}", price=money(par)).local())
    parts.append(msg("treasury {amount}", amount=money(game.treasury(corp))).local())
    if president:
        parts.append(msg("president {player}", player=game.player(president).name).local())
    parts.append(msg("trains {trains}", trains=", ".join(game.trains(corp)) or _("none")).local())
    return "<br>".join(parts)
