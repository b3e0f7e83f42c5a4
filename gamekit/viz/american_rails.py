"""Plotly views of an American Rails game: the map with cubes and houses, the income track, and where each
company's income comes from (city by city: full, shared, house, bonus).

Every company mark carries its two-letter id as text, so colour is never the only channel.
"""

from __future__ import annotations

import plotly.graph_objects as go

from ..i18n import N_, _, msg, round_name
from ..titles.american_rails import AmericanRails
from .hexes import hex_center, hex_corners
from .labels import KEEP_CLEAR, Placer, text_size

TERRAIN_COLOURS = {"plains": "#e8e2b8", "forest": "#9cc49a", "mountain": "#b59a7d", "city": "#f7f7f7"}
TERRAIN_NAMES = {"plains": N_("plains"), "forest": N_("forest"), "mountain": N_("mountain"), "city": N_("city")}
"""The terrains as the legend names them (translated where shown)."""
COMPANY_COLOURS = {"white": "#ffffff", "grey": "#8c8c8c", "green": "#2e9e4f", "yellow": "#f2cf1d",
                   "red": "#d7301f", "blue": "#2b6cc4"}
TIMELINE_CHARTS = {"player_values": N_("Players' money ($): the most wins"), "treasuries": N_("Treasuries ($)"),
                   "income": N_("Income ($ paid out to the shareholders each year)")}
"""The charts of :func:`gamekit.viz.timeline` for American Rails (series → heading): money is the score, there
is no share price (shares are auctioned), and income goes to the shareholders, never to the company."""
PLAYER_VALUE = None
"""What ``player_value`` is in American Rails: the player's money, so a table shows no column of its own."""
KIND_COLOURS = {"full": "#1f77b4", "shared": "#9ecae1", "house": "#555555", "bonus": "#e6550d"}
KIND_NAMES = {"full": N_("full"), "shared": N_("shared"), "house": N_("house"), "bonus": N_("bonus")}
"""The kinds of an income line as the legend names them (translated where shown)."""
WIDTH_PX = 1100
MARGIN_SIDE = 10
LEGEND_PX = 70
"""Room under the map for the legend, in pixels."""
LABEL_PX = 10
CUBE_PX = 10
CUBE_LEFT, CUBE_COLUMN, CUBE_TOP, CUBE_STEP = -0.6, 0.6, 0.5, 0.42
"""Where cubes stand in a hex (in hex sizes from its centre): columns of three from the upper left."""
HOUSE_PX = 11
"""Size of a house's triangle, in pixels."""
HOUSE_SPOTS = ((0.45, 0.0), (0.45, 0.45), (0.45, -0.45), (0.0, 0.75), (0.0, -0.75), (-0.45, 0.0))
"""Where a house may go, from its hex's centre (hex sizes), in order of preference: right of the middle, else
elsewhere inside the hex (its cubes stand in columns of three from the upper left, their abbreviations written
to their right)."""
NAME_CANDIDATES = ((0.0, -0.05), (0.0, -0.6), (0.0, 0.6), (0.0, -1.1), (0.0, 1.1), (0.9, -0.6), (-0.9, -0.6))
"""Where a city's name and values may go, from its hex's centre (hex sizes), in order of preference."""


def _colour(game: AmericanRails, company: str) -> str:
    colour = next(c.colour for c in game.facts.companies if c.id == company)
    return COMPANY_COLOURS[colour]


def timeline_colours(game: AmericanRails) -> dict[str, str]:
    """Return company → its line colour in :func:`gamekit.viz.timeline` (the white company drawn grey, as a
    white line would not show)."""
    return {c: "#9e9e9e" if _colour(game, c) == COMPANY_COLOURS["white"] else _colour(game, c)
            for c in game.corporations()}


def _in_play(game: AmericanRails) -> list[str]:
    return [c for c in game.corporations() if game.company_summary(c)["in_play"]]


def _hover(game: AmericanRails, hex_: str) -> str:
    board = game.board
    lines = [f"<b>{hex_}</b> {board.terrain[hex_]}"]
    city = board.city_at.get(hex_)
    if city is not None:
        flags = ("special " if city.special else "") + ("" if city.developable else "not developable")
        lines.append(f"{city.name}: full ${city.full} / shared ${city.shared} {flags}".rstrip())
        lines.append(f"values: {city.value_source} ({city.confidence})")
    there = game.occupants(hex_)
    if there:
        lines.append(msg("track: {companies}", companies=", ".join(there)).local())
    if hex_ in game.houses():
        lines.append(_("house (+$2 full / +$1 shared)"))
    return "<br>".join(lines)


def map_figure(game: AmericanRails, size: float = 1.0, show_all_names: bool = True) -> go.Figure:
    """Return the board as a Plotly figure: terrain hexes, cities with their full/shared values, each
    company's cubes (coloured squares labelled with the company id) and houses (black triangles).

    Args:
        game: an American Rails game (any position).
        size: hex circumradius in plot units.
        show_all_names: label every city (False: only cities with track).

    Hover text gives each hex's terrain, city values and their source, the companies there and any house.
    The board is gamekit's approximate map (rule ``ar:map``).
    """
    board = game.board
    fig = go.Figure()
    for terrain, colour in TERRAIN_COLOURS.items():
        xs: list[float | None] = []
        ys: list[float | None] = []
        for hex_, t in board.terrain.items():
            if t != terrain:
                continue
            cx, cy = hex_center(hex_, size)
            for x, y in hex_corners(cx, cy, size * 0.97):
                xs.append(x)
                ys.append(y)
            xs.append(None)
            ys.append(None)
        fig.add_trace(go.Scatter(x=xs, y=ys, fill="toself", fillcolor=colour, mode="lines",
                                 line=dict(color="#bbbbbb", width=0.5), name=_(TERRAIN_NAMES[terrain]),
                                 hoverinfo="skip"))
    centres = {h: hex_center(h, size) for h in board.terrain}
    fig.add_trace(go.Scatter(
        x=[centres[h][0] for h in board.terrain], y=[centres[h][1] for h in board.terrain], mode="markers",
        marker=dict(size=14, opacity=0), hovertext=[_hover(game, h) for h in board.terrain], hoverinfo="text",
        name="hex info", showlegend=False,
    ))
    ppu = (WIDTH_PX - 2 * MARGIN_SIDE) / (_span(centres) + 2 * size)
    placer = Placer(ppu)
    _cubes(fig, game, centres, size, placer)
    # after the cubes: a house goes where it covers no company's abbreviation (drawn over it, it hid it)
    houses = [placer.place_box(HOUSE_PX, HOUSE_PX, [(centres[h][0] + dx * size, centres[h][1] + dy * size)
                                                    for dx, dy in HOUSE_SPOTS]) for h in game.houses()]
    if houses:
        fig.add_trace(go.Scatter(
            x=[x for x, _ in houses], y=[y for _, y in houses],
            mode="markers", marker=dict(symbol="triangle-up", size=HOUSE_PX, color="black"), name=_("house"),
            hoverinfo="name", meta=KEEP_CLEAR,  # no name covers it in the whole-map view either
        ))
    cities = [c for c in board.facts.cities if show_all_names or game.occupants(c.hex)]
    tx, ty, texts = [], [], []
    for c in cities:
        text = f"{c.name}<br>{c.full}/{c.shared}" + (" ★" if c.special else "")
        cx, cy = centres[c.hex]
        x, y = placer.place(text, LABEL_PX, [(cx + dx * size, cy + dy * size) for dx, dy in NAME_CANDIDATES])
        tx.append(x)
        ty.append(y)
        texts.append(text)
    fig.add_trace(go.Scatter(x=tx, y=ty, mode="text", text=texts, textfont=dict(size=LABEL_PX), name="cities",
                             hoverinfo="skip", showlegend=False))
    xs = [x for x, _ in centres.values()]
    ys = [y for _, y in centres.values()]
    x_range, y_range = (min(xs) - size, max(xs) + size), (min(ys) - 1.2 * size, max(ys) + 1.2 * size)
    fig.update_layout(
        title=msg("American Rails — {round} (approximate map)",
                  round=round_name(game.active_round(), lower=True)).local(),
        xaxis=dict(visible=False, range=x_range), yaxis=dict(visible=False, scaleanchor="x", range=y_range),
        plot_bgcolor="#cfe3f3", width=WIDTH_PX, height=round((y_range[1] - y_range[0]) * ppu) + 40 + LEGEND_PX,
        margin=dict(l=MARGIN_SIDE, r=MARGIN_SIDE, t=40, b=LEGEND_PX),
        legend=dict(orientation="h", y=-0.005, yanchor="top", font=dict(size=10)),
    )
    return fig


def places_in_play(game: AmericanRails) -> list[tuple[float, float]]:
    """Where on the map the game is now, as hex centres in plot units (hex size 1): the hexes holding cubes
    (empty before the first build)."""
    return [hex_center(h) for h in sorted({h for c in game.corporations() for h in game.tokens(c)})]


def _span(centres: dict[str, tuple[float, float]]) -> float:
    xs = [x for x, _ in centres.values()]
    return max(xs) - min(xs)


def _cubes(fig: go.Figure, game: AmericanRails, centres, size: float, placer: Placer) -> None:
    """Each company's cubes: squares in its colour with its id beside them, a hex's cubes in columns of three."""
    for company in game.corporations():
        hexes = game.tokens(company)
        if not hexes:
            continue
        xs, ys = [], []
        span = CUBE_PX + 3 + text_size(company, LABEL_PX)[0]
        for hex_ in hexes:
            k = game.occupants(hex_).index(company)
            x = centres[hex_][0] + (CUBE_LEFT + (k // 3) * CUBE_COLUMN) * size
            y = centres[hex_][1] + (CUBE_TOP - CUBE_STEP * (k % 3)) * size
            xs.append(x)
            ys.append(y)
            placer.block(x + (span / 2 - CUBE_PX / 2) / placer.px_per_unit, y, span, LABEL_PX * 1.1)
        fig.add_trace(go.Scatter(
            x=xs, y=ys, mode="markers+text", text=[company] * len(xs), textfont=dict(size=LABEL_PX),
            textposition="middle right",
            marker=dict(symbol="square", size=CUBE_PX, color=_colour(game, company), line=dict(color="black", width=1)),
            name=f"{company} {game.company_name(company)}", hoverinfo="name",
        ))


def income_track_figure(game: AmericanRails) -> go.Figure:
    """Return the income track as horizontal bars: each company in play, its income in dollars, and the
    dividend per share it would pay now (rules ``ar:income.*`` and ``ar:dividends``)."""
    companies = _in_play(game)
    labels = [f"{c} {game.company_name(c)}" for c in companies]
    incomes = [game.income(c) for c in companies]
    texts = [msg("{income}: {dividend} per share × {shares}", income=f"${game.income(c)}",
                 dividend=f"${game.dividend(c)}", shares=game.shares_held(c)).local() for c in companies]
    fig = go.Figure(go.Bar(
        x=incomes, y=labels, orientation="h", text=texts, textposition="auto",
        marker=dict(color=[_colour(game, c) for c in companies], line=dict(color="black", width=1)),
    ))
    fig.update_layout(title=_("Income track"), xaxis_title=_("income ($)"), height=320,
                      margin=dict(l=10, r=10, t=40, b=10), yaxis=dict(autorange="reversed"))
    return fig


def income_sources_figure(game: AmericanRails) -> go.Figure:
    """Return where each company's income comes from: one stacked bar per company, one segment per city and
    kind (full value, shared value, house, special-connection bonus), labelled with the city.

    Rules ``ar:income.city``, ``ar:income.house`` and ``ar:income.special``; the bars sum to the income track.
    """
    companies = _in_play(game)
    fig = go.Figure()
    shown: set[str] = set()
    for company in companies:
        for line in game.income_lines(company):
            fig.add_trace(go.Bar(
                x=[line.amount], y=[f"{company} {game.company_name(company)}"], orientation="h",
                name=_(KIND_NAMES[line.kind]), legendgroup=line.kind, showlegend=line.kind not in shown,
                marker=dict(color=KIND_COLOURS[line.kind], line=dict(color="white", width=1)),
                text=[f"{line.source} ${line.amount}"], textposition="inside", insidetextanchor="middle",
                hovertemplate=f"{company}: {line.source} ({line.kind}) ${line.amount}<extra></extra>",
            ))
            shown.add(line.kind)
    fig.update_layout(barmode="stack", title=_("Where the income comes from"), xaxis_title=_("income ($)"),
                      height=360, margin=dict(l=10, r=10, t=40, b=10), yaxis=dict(autorange="reversed"))
    return fig
