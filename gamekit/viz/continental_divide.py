"""Plotly views of Continental Divide: the map with every railroad's cubes, and charts over game turns.

The map is gamekit's APPROXIMATE teaching map (not the published board) and every map says so (the charts of
money and points do not: the disclaimer is about the drawing of the board). Each cube is
drawn as a square in the railroad's colour *with its abbreviation written on it*, so colour is never the only
channel; the region lines are red and the Continental Divide is a thick black line, as on the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import plotly.colors as px_colours
import plotly.graph_objects as go

from ..cuberails.cd_map import Board, load_board, load_railroads
from ..i18n import N_, _, msg, pgettext
from .hexes import hex_center, hex_corners
from .labels import KEEP_CLEAR, Placer, spread, text_size

if TYPE_CHECKING:
    from ..titles.continental_divide import ContinentalDivide

APPROXIMATE = N_("APPROXIMATE teaching map (gamekit, from real geography) — not the published board")
TERRAIN_COLOURS = {
    "plains": "#e8efc8", "hills": "#d7c9a0", "forest": "#b5d3a5", "desert": "#f3deb0", "mountains": "#bfa78f",
}
METRICS = {"income": N_("Income ($ per turn)"), "treasury": N_("Treasury ($)"),
           "vp_per_share": N_("Victory points per share")}
TIMELINE_CHARTS = {"player_values": N_("Victory points (if the game ended then)"),
                   "player_cash": N_("Players' money ($)"),
                   "share_prices": N_("Lowest price of the next share ($)"), "treasuries": N_("Treasuries ($)"),
                   "income": N_("Income ($ per game turn)")}
PLAYER_VALUE = N_("victory points if the game ended now")
"""What ``player_value`` is in Continental Divide, as a table heads it (money only buys shares; points win)."""
TERRAIN_NAMES = {"plains": N_("plains"), "hills": N_("hills"), "forest": N_("forest"), "desert": N_("desert"),
                 "mountains": N_("mountains")}
"""The terrains as the legend names them (translated where shown)."""
"""The charts of :func:`gamekit.viz.timeline` for Continental Divide (series → heading): points decide the
winner, money only buys shares, and a share's price is its stock value plus the dividend it would pay now."""
CHART_SIZE = (760, 380)
"""Width and height of the turn charts in pixels."""
CHART_MARGIN = dict(l=60, r=80, t=80, b=50)
"""Margins of the turn charts in pixels; the right one holds the names written at the lines' ends."""
END_FONT_PX = 10
END_GAP_PX = 14
"""Least distance between two names at the lines' ends (a line of 10 px text and a little air)."""
END_OFFSET_PX = 24
WIDTH_PX = 860
"""Width of the map in pixels: a JupyterLab output column beside the file browser in a 1400 px window is about
960 px wide, so the whole map is in sight there, and a map with up to seven legend rows is under 810 px high, the
box of :func:`gamekit.widgets.wide_figures` in a 900 px window (at 1100 px wide and 950 high the right edge and
the legend were cut off)."""
MARGIN_SIDE, MARGIN_TOP = 10, 60
"""Figure margins in pixels; the bottom one holds the legend (:func:`legend_margin`)."""
LEGEND_COLUMNS, LEGEND_ENTRY_PX = 3, 220
"""The legend's grid: entries whose text is 220 px wide (the longest, "ATSF Atchison, Topeka & Santa Fe (blue)",
is about 185 px) after a 45 px mark, so three fit in a row of the 840 px plot and four do not; the grid ends
about 805 px from the figure's left edge."""
LEGEND_ROW_PX, LEGEND_PAD_PX = 19, 24
"""Height of one legend row at 10 px, and the room above and below the rows, in pixels."""
LABEL_PX = 10
CUBE_PX = 10
CUBE_LEFT, CUBE_TOP, CUBE_STEP = 0.5, 0.42, 0.48
"""Where cubes stand in a hex (plot units from its centre): the first at upper left, the next ones below."""
MARK_PX = 9
"""Size of a start city's star and a port's triangle, in pixels."""
MARK_SPOTS = ((0.0, 0.45), (0.0, 0.72), (0.45, 0.62), (-0.45, 0.62), (0.5, -0.45), (0.0, -0.72), (-0.5, -0.45))
"""Where a start city's star or a port's triangle may go, from its hex's centre (plot units), in order of
preference: top middle, else elsewhere inside the hex (its cubes stand in a column from the upper left, their
abbreviations written to their right)."""
NAME_CANDIDATES = ((0.0, -0.62), (0.0, 0.62), (0.0, -1.05), (0.0, 1.05), (0.9, -0.62), (-0.9, -0.62),
                   (0.9, 0.62), (-0.9, 0.62), (0.0, -1.5), (0.0, 1.5))
"""Where a name may go, from its place's centre (plot units), in order of preference: below, above, farther."""


def map_figure(game: "ContinentalDivide | None" = None, board: Board | None = None,
               highlight: tuple[str, ...] = (), title: str = "") -> go.Figure:
    """Draw the map: terrain, towns, ports, start cities, region and Divide lines, and the cubes of a game.

    Args:
        game: a Continental Divide game whose cubes to draw (``None``: the empty map).
        board: the map to draw when there is no game (default: the teaching map).
        highlight: hex names to outline in bold (e.g. the hexes of a line being explained).
        title: a first line for the title; the approximate-map label is always added.

    Returns:
        A Plotly figure of ``WIDTH_PX`` × its height; hover a hex for its name, terrain, cost, income, region,
        Divide side and cubes. Cubes and names are placed apart (:mod:`gamekit.viz.labels`).

    Rules shown: ``cd:map``, ``cd:map.approximate``, ``cd:build.regions``, ``cd:build.divide``.
    """
    board = game.board if game is not None else (board or load_board())
    occupancy = {h: list(game.occupants(h)) for h in board.hexes if game.occupants(h)} if game is not None else {}
    x_range, y_range = _ranges(board)
    placer = Placer(_scale(board))
    fig = go.Figure()
    _terrain(fig, board)
    _borders(fig, board)
    _cubes(fig, occupancy, placer)
    _labels(fig, board, occupancy, placer)
    if highlight:
        xs, ys = _outline(highlight)
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line=dict(color="#d81b60", width=3),
                                 name=_("highlight"), hoverinfo="skip"))
    bottom = legend_margin(fig)
    height = round((y_range[1] - y_range[0]) * _scale(board)) + MARGIN_TOP + bottom
    heading = title or ("Continental Divide" if game is None else
                        msg("Continental Divide — turn {turn}, {step}", turn=game.turn(),
                            step=game.active_step.name).local())
    fig.update_layout(
        title=dict(text=f"{heading}<br><sup>{_(APPROXIMATE)}</sup>"),
        xaxis=dict(visible=False, range=x_range), yaxis=dict(visible=False, scaleanchor="x", range=y_range),
        plot_bgcolor="#cfe3f3", height=height, width=WIDTH_PX,
        margin=dict(l=MARGIN_SIDE, r=MARGIN_SIDE, t=MARGIN_TOP, b=bottom),
        # a grid of three columns from the left edge: one row across the figure ran past the right edge
        # of a narrower notebook column, where its end was cut off (Plotly wraps rows at the plot's width only)
        legend=dict(itemsizing="constant", font=dict(size=10), orientation="h", x=0, xanchor="left",
                    y=-0.005, yanchor="top", entrywidth=LEGEND_ENTRY_PX, entrywidthmode="pixels"),
    )
    return fig


def places_in_play(game: "ContinentalDivide") -> list[tuple[float, float]]:
    """Where on the map the game is now, as hex centres in plot units: the hexes holding cubes, else (before the
    first build) the start cities the railroads build from."""
    occupied = [h for h in sorted(game.board.hexes) if game.occupants(h)]
    return [hex_center(h) for h in occupied or sorted(c for c, h in game.board.hexes.items() if h.start_city)]


def legend_margin(fig: go.Figure) -> int:
    """The bottom margin in pixels that holds the figure's legend: its entries (the traces shown in it) in rows
    of :data:`LEGEND_COLUMNS`."""
    entries = sum(1 for d in fig.data if d.showlegend is not False)
    return LEGEND_PAD_PX + LEGEND_ROW_PX * -(-entries // LEGEND_COLUMNS)


def _ranges(board: Board) -> tuple[tuple[float, float], tuple[float, float]]:
    centres = [hex_center(c) for c in board.hexes]
    xs, ys = [x for x, _ in centres], [y for _, y in centres]
    return (min(xs) - 1.0, max(xs) + 1.0), (min(ys) - 1.2, max(ys) + 1.2)


def _scale(board: Board) -> float:
    """Pixels per plot unit: the map fills the figure's width (its height follows)."""
    x_range, _ = _ranges(board)
    return (WIDTH_PX - 2 * MARGIN_SIDE) / (x_range[1] - x_range[0])


def _terrain(fig: go.Figure, board: Board) -> None:
    for kind, colour in TERRAIN_COLOURS.items():
        xs: list = []
        ys: list = []
        hexes = [h for h in board.hexes.values() if h.terrain == kind]
        for h in hexes:
            cx, cy = hex_center(h.coord)
            for x, y in hex_corners(cx, cy, 0.98):
                xs.append(x)
                ys.append(y)
            xs.append(None)
            ys.append(None)
        if hexes:
            cost = hexes[0].cost
            fig.add_trace(go.Scatter(x=xs, y=ys, fill="toself", fillcolor=colour, mode="lines",
                                     line=dict(color="#9e9e9e", width=0.5), hoverinfo="skip",
                                     name=f"{_(TERRAIN_NAMES[kind]) if kind in TERRAIN_NAMES else kind} "
                                          f"(${cost})"))


def _edge(cx: float, cy: float, edge: int) -> tuple[tuple[float, float], tuple[float, float]]:
    corners = hex_corners(cx, cy)
    return corners[edge], corners[edge + 1]


def _borders(fig: go.Figure, board: Board) -> None:
    """Red lines between regions, a black line along the Divide (each shared edge drawn once)."""
    lines: dict[str, tuple[list, list]] = {"region": ([], []), "divide": ([], [])}
    for h in board.hexes.values():
        cx, cy = hex_center(h.coord)
        for d in (3, 4, 5):  # north-east, east, south-east: every shared edge once
            other = board.step(h.coord, d)
            if other is None:
                continue
            o = board.hexes[other]
            for kind, differs in (("region", o.region != h.region), ("divide", o.west_of_divide != h.west_of_divide)):
                if differs:
                    (x0, y0), (x1, y1) = _edge(cx, cy, d)
                    lines[kind][0].extend([x0, x1, None])
                    lines[kind][1].extend([y0, y1, None])
    fig.add_trace(go.Scatter(x=lines["region"][0], y=lines["region"][1], mode="lines", hoverinfo="skip",
                             line=dict(color="#d32f2f", width=3, dash="dash"),
                             name=_("region line (East | Central | West)")))
    fig.add_trace(go.Scatter(x=lines["divide"][0], y=lines["divide"][1], mode="lines", hoverinfo="skip",
                             line=dict(color="black", width=5), name=pgettext("map line", "Continental Divide")))


def _labels(fig: go.Figure, board: Board, occupancy: dict[str, list[str]], placer: Placer) -> None:
    """Name start cities (once, at the middle of their hexes), ports and towns of income 2 or more; each name
    goes below, above or beside its hex, wherever it meets no cube and no other name."""
    xs, ys, hover = [], [], []
    for h in board.hexes.values():
        cx, cy = hex_center(h.coord)
        xs.append(cx)
        ys.append(cy)
        special = (msg("start city {city}", city=h.start_city) if h.start_city else
                   msg("port {port}", port=h.port) if h.port else None)
        there = ", ".join(occupancy.get(h.coord, [])) or _("none")
        terrain = _(TERRAIN_NAMES[h.terrain]) if h.terrain in TERRAIN_NAMES else h.terrain
        side = (msg("{region} region, west of the Divide", region=h.region) if h.west_of_divide else
                msg("{region} region, east of the Divide", region=h.region))
        lines = [f"<b>{h.coord}</b> {h.name}",
                 msg("{terrain}: cost ${cost}, income ${income}", terrain=terrain, cost=h.cost, income=h.income).local(),
                 side.local()] + ([special.local()] if special else []) + \
            [msg("railroads: {railroads}", railroads=there).local()]
        hover.append("<br>".join(lines))
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="markers", marker=dict(size=14, opacity=0), hovertext=hover,
                             hoverinfo="text", name="hexes (hover for facts)", showlegend=False))
    for kind, symbol in (("start", "star"), ("port", "triangle-up")):
        # after the cubes: a mark goes where it covers no railroad's abbreviation (drawn over it, it hid it)
        pts = [placer.place_box(MARK_PX, MARK_PX, [(x + dx, y + dy) for dx, dy in MARK_SPOTS])
               for x, y in (hex_center(h.coord) for h in board.hexes.values()
                            if (h.start_city if kind == "start" else h.port))]
        fig.add_trace(go.Scatter(x=[p[0] for p in pts], y=[p[1] for p in pts], mode="markers",
                                 marker=dict(symbol=symbol, size=MARK_PX, color="#263238"), hoverinfo="skip",
                                 meta=KEEP_CLEAR,  # no name covers it in the whole-map view either
                                 name=_("start city hex") if kind == "start" else _("port (one railroad)")))
    tx, ty, text = [], [], []
    for name, (x, y) in _named_places(board):
        px, py = placer.place(name, LABEL_PX, [(x + dx, y + dy) for dx, dy in NAME_CANDIDATES])
        tx.append(px)
        ty.append(py)
        text.append(name)
    fig.add_trace(go.Scatter(x=tx, y=ty, mode="text", text=text, textfont=dict(size=LABEL_PX, color="#263238"),
                             hoverinfo="skip", name="names", showlegend=False))


def _named_places(board: Board) -> list[tuple[str, tuple[float, float]]]:
    """Return (name, where) for every place the map names, start cities first (a start city spread over several
    hexes is named once, at the middle of its hexes), then ports, then towns by income, highest first."""
    cities: dict[str, list[tuple[float, float]]] = {}
    ports, towns = [], []
    for h in board.hexes.values():
        if h.start_city:
            cities.setdefault(h.start_city, []).append(hex_center(h.coord))
        elif h.port:
            ports.append((h.port, hex_center(h.coord)))
        elif h.income >= 2:
            towns.append((-h.income, h.name.split(" / ")[0], hex_center(h.coord)))
    named = [(city, (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts)))
             for city, pts in cities.items()]
    return named + ports + [(name, where) for _, name, where in sorted(towns, key=lambda t: t[0])]


def _cubes(fig: go.Figure, occupancy: dict[str, list[str]], placer: Placer) -> None:
    """Each cube: a square in the railroad's colour with the railroad's abbreviation beside it, the cubes of
    one hex one under the other."""
    for rr in load_railroads():
        xs, ys = [], []
        width = text_size(rr.id, LABEL_PX)[0]
        for coord, rids in sorted(occupancy.items()):
            if rr.id in rids:
                cx, cy = hex_center(coord)
                x, y = cx - CUBE_LEFT, cy + CUBE_TOP - CUBE_STEP * rids.index(rr.id)
                xs.append(x)
                ys.append(y)
                # the square and the abbreviation written right of it
                span = CUBE_PX + 3 + width
                placer.block(x + (span / 2 - CUBE_PX / 2) / placer.px_per_unit, y, span, LABEL_PX * 1.1)
        if xs:
            fig.add_trace(go.Scatter(
                x=xs, y=ys, mode="markers+text", text=[rr.id] * len(xs),
                name=f"{rr.id} {rr.name} ({railroad_colour(rr.colour)})",
                textposition="middle right",
                marker=dict(symbol="square", size=CUBE_PX, color=rr.rgb, line=dict(color="black", width=1)),
                textfont=dict(size=LABEL_PX, color="#111111"), hoverinfo="name"))


def railroad_colour(colour: str) -> str:
    """A railroad's colour as ``railroads.json`` names it (``"yellow"``), as the map's legend names it beside the
    swatch (for a reader who cannot tell the colours apart), in the current language: a word of its own context
    (``railroad colour``), so that it agrees with the railroad rather than with the tiles or areas the plain
    colour words describe (Spanish ``rojo``, not ``rojas``); a colour without a word as the data names it."""
    words = {"yellow": pgettext("railroad colour", "yellow"), "red": pgettext("railroad colour", "red"),
             "blue": pgettext("railroad colour", "blue"), "black": pgettext("railroad colour", "black"),
             "green": pgettext("railroad colour", "green"), "orange": pgettext("railroad colour", "orange"),
             "purple": pgettext("railroad colour", "purple"), "white": pgettext("railroad colour", "white")}
    return words.get(colour, colour)


def _outline(coords: tuple[str, ...]) -> tuple[list, list]:
    xs: list = []
    ys: list = []
    for coord in coords:
        cx, cy = hex_center(coord)
        for x, y in hex_corners(cx, cy, 0.92):
            xs.append(x)
            ys.append(y)
        xs.append(None)
        ys.append(None)
    return xs, ys


def turn_chart(game: "ContinentalDivide", metric: str = "income") -> go.Figure:
    """Chart one railroad figure over the finished game turns, a line per started railroad.

    Args:
        game: a Continental Divide game (its ``turn_records()`` hold one record per finished turn).
        metric: ``"income"``, ``"treasury"`` or ``"vp_per_share"``.

    Returns:
        A Plotly line chart; each line ends with the railroad's abbreviation, so colour is not needed.

    Raises:
        ValueError: unknown metric.
    """
    if metric not in METRICS:
        raise ValueError(f"metric must be one of {', '.join(METRICS)}, not {metric!r}")
    fig = go.Figure()
    records = game.turn_records()
    lines = []
    for rr in load_railroads():
        points = [(r["turn"], r[metric][rr.id]) for r in records if rr.id in r[metric]]
        if points:
            lines.append((rr, points))
    for rr, points in lines:
        turns, values = zip(*points)
        fig.add_trace(go.Scatter(x=turns, y=values, mode="lines+markers", name=f"{rr.id} {rr.name}",
                                 line=dict(color=_line_colour(rr), width=2),
                                 marker=dict(line=dict(color="black", width=1))))
    heading = msg("{metric} per railroad after each game turn", metric=_(METRICS[metric])).local()
    fig.update_layout(title=heading, xaxis=dict(title=_("game turn"), dtick=1), yaxis=dict(title=_(METRICS[metric])))
    _name_line_ends(fig, [(rr.id, _line_colour(rr), points) for rr, points in lines])
    return fig


def _line_colour(rr: Any) -> str:
    return rr.rgb if rr.colour != "white" else "#9e9e9e"


def timeline_colours(game: "ContinentalDivide") -> dict[str, str]:
    """Return railroad → its line colour in :func:`gamekit.viz.timeline` (the white railroad drawn grey)."""
    return {rr.id: _line_colour(rr) for rr in load_railroads()}


def _name_line_ends(fig: go.Figure, lines: list[tuple[str, str, list[tuple[int, int]]]]) -> None:
    """Write each line's name in the right margin beside its last point, the names spread apart
    (:func:`~gamekit.viz.labels.spread`) and joined to their points by a short leader; fix the chart's size,
    margins and axis ranges the spreading is computed for.

    Args:
        lines: ``(name, colour, points)`` per line, points as ``(turn, value)``.
    """
    width, height = CHART_SIZE
    plot_px = height - CHART_MARGIN["t"] - CHART_MARGIN["b"]
    turns = [t for _, _, points in lines for t, _ in points] or [1]
    values = [v for _, _, points in lines for _, v in points] or [0]
    pad = max((max(values) - min(values)) * 0.08, 1)
    low, high = min(values) - pad, max(values) + pad
    per_px = (high - low) / plot_px
    ends = [points[-1] for _, _, points in lines]
    wanted = spread([v for _, v in ends], END_GAP_PX * per_px, low, high)
    for (name, colour, _points), (turn, value), at in zip(lines, ends, wanted):
        fig.add_annotation(x=turn, y=value, text=name, showarrow=True, arrowhead=0, arrowwidth=1,
                           arrowcolor=colour, standoff=4, ax=END_OFFSET_PX, ay=-(at - value) / per_px,
                           xanchor="left", font=dict(size=END_FONT_PX, color="black"))
    fig.update_layout(width=width, height=height, margin=CHART_MARGIN, showlegend=False,
                      xaxis=dict(range=[min(turns) - 0.3, max(turns) + 0.3]), yaxis=dict(range=[low, high]))


def player_chart(game: "ContinentalDivide", metric: str = "vp") -> go.Figure:
    """Chart each player's victory points (``"vp"``) or money (``"cash"``) after each finished game turn.

    Raises:
        ValueError: unknown metric.
    """
    if metric not in ("vp", "cash"):
        raise ValueError(f"metric must be 'vp' or 'cash', not {metric!r}")
    fig = go.Figure()
    records = game.turn_records()
    turns = [r["turn"] for r in records]
    series = [[r[metric][p.id] for r in records] for p in game.players]
    colours = px_colours.qualitative.Plotly
    for k, (p, values) in enumerate(zip(game.players, series)):
        fig.add_trace(go.Scatter(x=turns, y=values, mode="lines+markers", name=p.name,
                                 line=dict(color=colours[k % len(colours)])))
    label = _("victory points (if the game ended then)") if metric == "vp" else _("money ($)")
    fig.update_layout(title=msg("Players' {label} after each game turn", label=label).local(),
                      xaxis=dict(title=_("game turn"), dtick=1), yaxis=dict(title=label))
    _name_line_ends(fig, [(p.name, colours[k % len(colours)], list(zip(turns, values)))
                          for k, (p, values) in enumerate(zip(game.players, series)) if turns])
    return fig
