"""The Plotly map of an 18xx game (1830 and titles built on :mod:`gamekit.tracks`).

Pointy hexes are laid out as 18xx.games lays them (:mod:`gamekit.viz.hexes`). The figure shows each hex's
printed colour or laid tile, terrain costs still to pay, cities (one circle per station slot) and towns with
their revenue, off-boards with their revenue by phase, track as curves between hex edges and stops, station
tokens (the corporation's abbreviation on its colour, in black or white as the fill's luminance asks
(:mod:`gamekit.viz.contrast`), so colour is never the only channel; their outline by the kind of company, drawn
inside the slot so that tokens side by side never overlap, with a key where a title has several kinds), home
reservations, labels, the title's notes (:meth:`map_notes`), impassable borders and location names. Hovering a hex lists every fact of it.

The view only reads the game (the query API's ``track_state()``, the facts and :mod:`gamekit.tracks.board`
helpers on a board rebuilt from that plain data); it applies no rule.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Sequence

import plotly.graph_objects as go

from ..g18xx.names import ORDINALS
from ..i18n import COLOUR_NAMES, N_, Message, _, join, localize, msg, ngettext, nmsg, phase_word
from ..tracks.board import Board, PlacedTile, exits, placed_tile, rotated_paths
from ..tracks.mapdata import revenue_for
from .contrast import text_colour
from .hexes import edge_midpoint, hex_center, hex_corners
from .labels import LABEL_PX, Placer, text_size

HEX_COLOURS = {"white": "#eae0c8", "yellow": "#fde900", "green": "#71bf44", "brown": "#cb7745",
               "gray": "#bcbdc0", "red": "#ec232a", "blue": "#35a7ff"}
"""Hex fills close to 18xx.games' palette, per printed or tile colour."""

TERRAIN_MARKS = {"mountain": "▲", "water": "≈"}
TERRAIN_WORDS = {"mountain": N_("mountain"), "water": N_("water")}
"""A hex's terrain in words, as its hover says it (a terrain named otherwise is shown as the data writes it)."""
TRACK_COLOUR = "#1a1a1a"
TRACK_PX, TRACK_EDGE_PX = 5, 9
"""Widths of the track's black line and of its white edge, in pixels."""
WIDTH_PX = 1100
"""The width a map is drawn at (its labels are placed apart for it; at 860 px some met the track or each other),
wider where its hexes would be smaller than ``MIN_PX_PER_HEX``; :func:`gamekit.widgets.wide_figures` scales it
down to a narrower notebook column."""
MARGIN_SIDE = 10
LEGEND_PX = 70
"""Room under the map for a legend, in pixels."""
TERRAIN_LEGEND = N_("terrain: ▲ mountain, ≈ water (cost of the first tile)")
STYLES = {"name": dict(size=LABEL_PX, color="#222222"), "label": dict(size=LABEL_PX, color="black"),
          "tile": dict(size=LABEL_PX, color="#444444"), "terrain": dict(size=LABEL_PX, color="#5a3d1e"),
          "offboard": dict(size=LABEL_PX, color="white"), "offboard_now": dict(size=13, color="white"),
          "city revenue": dict(size=LABEL_PX, color="black"), "town revenue": dict(size=LABEL_PX, color="black"),
          "note": dict(size=LABEL_PX, color="#0b3d91")}
LAYER_ORDER = ("offboard_now", "offboard", "city revenue", "town revenue", "name", "label", "terrain", "tile", "note")
"""The order labels are placed in: the first ones get their preferred spot."""
SPOTS = {
    "name": ((0.0, -0.62), (0.0, -0.74), (0.0, 0.6), (0.25, -0.62), (-0.25, -0.62), (0.0, 0.72), (0.3, 0.6),
             (-0.3, 0.6), (0.0, -0.88), (0.0, 0.86)),
    "label": ((-0.5, 0.45), (0.5, 0.45), (-0.62, 0.0), (0.62, 0.0), (-0.45, -0.4), (0.45, -0.4), (-0.3, 0.68),
              (0.3, 0.68), (-0.3, -0.68), (0.3, -0.68)),
    "tile": ((0.55, -0.3), (-0.55, -0.3), (0.62, 0.25), (-0.62, 0.25), (0.0, 0.75)),
    "terrain": ((0.0, 0.35), (0.2, 0.5), (-0.2, 0.5), (0.0, -0.25), (0.0, 0.0), (0.45, 0.1), (-0.45, 0.1), (0.0, 0.65)),
    "offboard": ((0.0, 0.42), (0.0, -0.42)),
    "offboard_now": ((0.0, -0.02),),
    "note": ((0.0, 0.62), (0.0, 0.82), (0.0, -0.85), (0.55, 0.62), (-0.55, 0.62), (0.0, 1.05), (0.0, -1.05)),
}
"""Candidate centres of each hex label, from the hex centre in hex sizes, in order of preference."""
TOWN_SPOTS = ((0.0, -0.22), (0.0, 0.22), (0.26, 0.0), (-0.26, 0.0), (0.22, -0.2), (-0.22, 0.2))
"""Candidate centres of a town's revenue, from the town in hex sizes."""
CITY_SPOTS = ((1, 0.05, 0.2), (1, 0.05, -0.2), (-1, -0.05, 0.2), (-1, -0.05, -0.2), (0, 0.0, 0.45), (0, 0.0, -0.45),
              (1, 0.12, 0.0), (-1, -0.12, 0.0))
"""Candidate centres of a city's revenue: (side of the slots: right 1 / left -1 / centre 0, extra x, y), in hex
sizes from the city."""
NAME_CHARS = 11
"""Longest line of a place name before it is wrapped."""
SLOT_RADIUS = 0.29
CROWDED_SLOT_RADIUS = 0.26
"""The slot radius (hex sizes) on a tile whose cities do not fit side by side (Vienna's four to six cities): six
slots of this size fit round the hex's inside with a gap of a few pixels between neighbours (at
``SLOT_RADIUS`` they touched, and their outlines overlapped)."""
HALO_PX = 1
"""Width of the outline :func:`halo` draws round a text, in pixels."""
MIN_PX_PER_HEX = (text_size("KK1", LABEL_PX)[0] + 2 * HALO_PX) / (2 * CROWDED_SLOT_RADIUS)
"""The smallest hex (circumradius in pixels, about 43) a map is drawn with: a station slot of a crowded tile is
then as wide as a three-character abbreviation at ``LABEL_PX`` with its halo (1837's SD1 and KK1–KK3 side by
side in Vienna: at 36 px each ran past its token into its neighbour's and into the city values). A board too
wide for ``WIDTH_PX`` at this size (1837's) makes a wider figure; :func:`gamekit.widgets.wide_figures` scales a
map wider than a lesson's column down to fit it."""
CROWDED_GAP = 0.01
"""Room left between a crowded city's slot and the hex side, and between two crowded cities' slots, in hex
sizes."""
NEIGHBOUR_GAP = 0.04
"""How much further in than Vienna's, in hex sizes, the cities of a crowded tile of two or three cities sit:
two such cities of neighbouring hexes, both turned towards their common side, then stay apart (1894's split
cities)."""
STATION_SHAPES = {"major": ("circle", dict(width=1.5)), "national": ("circle", dict(width=4)),
                  "minor": ("circle", dict(width=2.5, dash="dot")), "coal": ("square", dict(width=1.5))}
"""A station's outline by the kind of its company (``CorporationFacts.kind``), so that minors, coal companies,
majors and national railways read apart beyond their colours and abbreviations."""
KIND_NAMES = {"major": N_("major"), "national": N_("national railway"), "minor": N_("minor"),
              "coal": N_("coal company (its mine)")}
KEY_PX = 16
"""Size of the station shapes in the key under the map, in pixels."""
TOWN_RADIUS = 0.09
CIRCLE_POINTS = 20


@dataclass(frozen=True)
class Stop:
    """Where a city, town or off-board of a tile is drawn: its kind, index in its own list and centre, and the
    radius of a city's station slots in hex sizes (smaller on a crowded tile)."""

    kind: str
    index: int
    x: float
    y: float
    slot_radius: float = SLOT_RADIUS


def map_figure(game: Any, size: float = 1.0, height: int | None = None, board: Board | None = None,
               width: int = WIDTH_PX, focus: Sequence[tuple[float, float]] = ()) -> go.Figure:
    """Return the map of an 18xx game at its current position as a Plotly figure.

    Args:
        game: a game with ``track`` (:class:`~gamekit.tracks.mapdata.TrackData`), ``facts`` (title facts) and
            the 18xx query API (``track_state()``, ``phase()``, ``tile_colours()``).
        size: hex circumradius in plot units.
        height: figure height in pixels (default: the map's own height at ``WIDTH_PX`` wide, with room for a
            legend under it).
        board: a what-if board to draw instead of the game's (e.g. :func:`board_of` with one more tile laid);
            ``None`` draws the game's own.
        width: the figure's width in pixels (default ``WIDTH_PX``); it is wider where hexes would be smaller than
            ``MIN_PX_PER_HEX`` (``0``: the smallest map whose labels are placed apart, as the classroom's panels
            show it enlarged).
        focus: plot points (in the units of ``size``) to show enlarged, such as the stops of a route: the figure
            shows only the part of the map within two hex radii of them, at the scale that fills ``width``, with
            its labels placed for that scale and inside that part; empty (the default): the whole map.

    Returns:
        A deterministic figure (same position, same JSON) ``width`` wide (wider where hexes would be
        smaller than ``MIN_PX_PER_HEX``): hex fills, track, stops, tokens,
        texts placed so that none meets another or a token (:mod:`gamekit.viz.labels`), and an invisible
        marker per hex whose hover text gives the hex's facts (see :func:`hex_facts`). Stations are drawn by the
        kind of their company (``STATION_SHAPES``: a major's a thin ring, a national's a thick one, a minor's
        a dotted one, a coal company's a square), and where a title has several kinds a key under the map
        says so. Its legend (shown when a caller turns it on) lists the corporations' tokens, impassable
        borders and the terrain marks.
    """
    track, board = game.track, board or board_of(game)
    colours = game.tile_colours()
    coords = sorted(track.hexes)
    tiles = {c: placed_tile(track, board, c) for c in coords}
    centres = {c: hex_center(c, size) for c in coords}
    x_range, y_range = _ranges(dict(enumerate(focus)), 2 * size) if focus else _ranges(centres, size)
    placer = Placer(max((width - 2 * MARGIN_SIDE) / (x_range[1] - x_range[0]), MIN_PX_PER_HEX / size),
                    bounds=(x_range, y_range))
    width = round((x_range[1] - x_range[0]) * placer.px_per_unit) + 2 * MARGIN_SIDE
    texts = _Texts()
    fig = go.Figure()
    _hex_fills(fig, tiles, centres, size)
    _borders(fig, track, centres, size)
    stops = {c: stop_positions(track, tiles[c], centres[c], size, _drawn_slots(board, c, tiles[c])) for c in coords}
    _track(fig, track, tiles, centres, stops, size, placer)
    _towns(fig, tiles, stops, colours, size, texts, placer)
    _cities(fig, game, board, tiles, stops, colours, size, texts, placer)
    _hex_texts(game, tiles, centres, colours, size, texts)
    texts.draw(fig, placer)
    _terrain_legend(fig)
    plot_height = round((y_range[1] - y_range[0]) * placer.px_per_unit)
    _kind_legend(fig, game, (width - 2 * MARGIN_SIDE, plot_height))
    fig.add_trace(go.Scatter(
        x=[centres[c][0] for c in coords], y=[centres[c][1] for c in coords], mode="markers",
        marker=dict(size=18, opacity=0), hovertext=[localize(hex_facts(game, c, board)).replace("\n", "<br>") for c in coords],
        hoverinfo="text", name="hex facts", showlegend=False))
    fig.update_layout(
        title=_map_title(game, colours),
        xaxis=dict(visible=False, range=x_range), yaxis=dict(visible=False, scaleanchor="x", range=y_range),
        showlegend=False, plot_bgcolor="#f4f1ea", width=width, height=height or plot_height + 40 + LEGEND_PX,
        margin=dict(l=MARGIN_SIDE, r=MARGIN_SIDE, t=40, b=LEGEND_PX), hovermode="closest",
        legend=dict(orientation="h", y=-0.005, yanchor="top", font=dict(size=LABEL_PX)))
    return fig


def places_in_play(game: Any) -> list[tuple[float, float]]:
    """Where on the map the game is now, as hex centres in plot units (hex size 1, as :func:`map_figure` draws by
    default), for a view that shows part of the map: the stations of the company acting now where it has some
    (its routes start there), else every station and laid tile, else the home reservations (a new game); empty
    when the board holds none of these."""
    board = board_of(game)
    acting = game.current_entity

    def held(grid: dict[str, list[list[str | None]]], owner: str | None = None) -> list[str]:
        return [coord for coord, cities in sorted(grid.items())
                if any(slot and (owner is None or slot == owner) for city in cities for slot in city)]

    coords = (held(board.tokens, acting) if acting is not None else []) or \
        sorted({*held(board.tokens), *board.tiles}) or held(board.reservations)
    return [hex_center(c) for c in coords if c in game.track.hexes]


def _ranges(centres: dict[str, tuple[float, float]], size: float) -> tuple[tuple[float, float], tuple[float, float]]:
    xs = [x for x, _ in centres.values()]
    ys = [y for _, y in centres.values()]
    return (min(xs) - size, max(xs) + size), (min(ys) - 1.05 * size, max(ys) + 1.05 * size)


def _drawn_slots(board: Board, coord: str, tile: PlacedTile) -> list[int]:
    """The station slots drawn for each city of ``tile``: its tokens' places on the board where it has some."""
    held = board.tokens.get(coord)
    return [len(held[i]) if held and i < len(held) else city.slots for i, city in enumerate(tile.parts.cities)]


def stop_point(game: Any, node: tuple[str, str, int], board: Board | None = None,
               size: float = 1.0) -> tuple[float, float]:
    """Return where :func:`map_figure` draws a stop, in its plot units: a route's stop as routes name it,
    ``node`` = ``(hex, kind, index)`` (``("F20", "town", 1)``; :func:`gamekit.routes.hex_stops` lists a hex's).

    Args:
        game: an 18xx game.
        node: the stop; kind ``"city"``, ``"town"`` or ``"offboard"``, index among that kind on the tile there.
        board: the board drawn (a what-if board from :func:`board_of`; default: the game's).
        size: hex circumradius in plot units, as given to :func:`map_figure`.

    Raises:
        KeyError: no such hex, or no such stop on the tile lying there.
    """
    coord, kind, index = node
    board = board or board_of(game)
    tile = placed_tile(game.track, board, coord)
    stop = stop_positions(game.track, tile, hex_center(coord, size), size, _drawn_slots(board, coord, tile))
    return stop[(kind, index)].x, stop[(kind, index)].y


def board_of(game: Any) -> Board:
    """Return a board rebuilt from the game's ``track_state()`` (a copy: drawing never touches the game)."""
    return Board(**game.track_state())


# ----- geometry ------------------------------------------------------------------------------------------
def stop_positions(track: Any, tile: PlacedTile, centre: tuple[float, float], size: float,
                   slots: Sequence[int] | None = None) -> dict[tuple[str, int], Stop]:
    """Return where each city, town and off-board of ``tile`` is drawn, keyed by ``(kind, index)``.

    A lone stop sits at the centre; on a tile with several stops each is pulled towards the hex edges its
    track reaches (two stops without track, as on the printed OO hexes, sit left and right of the centre).
    ``slots``: the station slots drawn for each city (default: the tile's own; a city of a split 1894 hex may
    hold one more, rule ``1894:track.city-split``).
    """
    cx, cy = centre
    parts = tile.parts
    nodes = [(kind, i) for kind in ("city", "town", "offboard") for i in range(parts.node_count(kind))]
    if len(nodes) <= 1:
        return {n: Stop(n[0], n[1], cx, cy) for n in nodes}
    edges: dict[tuple[str, int], list[int]] = {n: [] for n in nodes}
    for a, b in rotated_paths(track, tile):
        for node, other in ((a, b), (b, a)):
            if node in edges and other[0] == "edge":
                edges[node].append(other[1])
    out = {}
    for k, node in enumerate(nodes):
        if edges[node]:
            pts = [edge_midpoint(cx, cy, e, size) for e in edges[node]]
            dx = sum(p[0] - cx for p in pts) / len(pts)
            dy = sum(p[1] - cy for p in pts) / len(pts)
            pull = 0.55 if len(pts) == 1 else 0.7
            if math.hypot(dx, dy) < 0.15 * size:  # straight through the centre: slide along the track
                ex, ey = pts[k % len(pts)]
                dx, dy, pull = ex - cx, ey - cy, 0.35
            out[node] = Stop(node[0], node[1], cx + pull * dx, cy + pull * dy)
        else:
            spread = 0.45 * size * (2 * k / (len(nodes) - 1) - 1)
            out[node] = Stop(node[0], node[1], cx + spread, cy)
    return _spread_crowded(out, [c.slots for c in parts.cities] if slots is None else list(slots), centre, size)


RING = math.sqrt(3) / 2 - CROWDED_SLOT_RADIUS - CROWDED_GAP
"""How far from a hex's centre, in hex sizes, the one-slot cities of a crowded tile of four or more cities sit:
just inside the hex's sides. Six of them, a sixth of a turn apart, are ``RING`` apart: more than two
``CROWDED_SLOT_RADIUS``. Two or three cities sit :data:`NEIGHBOUR_GAP` further in."""
SPREAD_STEPS = 30
"""Rounds of pushing apart the cities of a crowded tile whose slots still meet (two or three cities settle in a
few)."""


def _spread_crowded(stops: dict[tuple[str, int], Stop], slots: list[int], centre: tuple[float, float],
                    size: float) -> dict[tuple[str, int], Stop]:
    """On a tile whose slots would overlap (Vienna's four to six cities, a split 1894 city holding two
    stations), draw every city's slots at :data:`CROWDED_SLOT_RADIUS`, move each one-slot city out along its
    direction from the centre to :data:`RING` (or less, see there), then push apart any two cities whose slots
    still meet, within that distance."""
    cities = [stops[("city", i)] for i in range(len(slots))]
    if not any(_gap(cities[a], slots[a], cities[b], slots[b], SLOT_RADIUS * size) < 0
               for a in range(len(cities)) for b in range(a)):
        return stops
    cx, cy = centre
    r = CROWDED_SLOT_RADIUS * size
    ring = (RING if len(cities) > 3 else RING - NEIGHBOUR_GAP) * size
    spots = []
    for city, n in zip(cities, slots):
        dist = math.hypot(city.x - cx, city.y - cy)
        k = ring / dist if dist > 1e-9 and n == 1 else 1.0
        spots.append(Stop("city", city.index, cx + k * (city.x - cx), cy + k * (city.y - cy), CROWDED_SLOT_RADIUS))
    for _step in range(SPREAD_STEPS):
        moved = False
        for a in range(len(spots)):
            for b in range(a):
                push = -_gap(spots[a], slots[a], spots[b], slots[b], r + CROWDED_GAP * size)
                if push > 1e-9:
                    spots[a], spots[b] = _apart(spots[a], spots[b], push / 2 + 1e-6)
                    # kept within the ring, so that a city pushed out does not meet one of the next hex
                    spots[a], spots[b] = (_within(spots[a], slots[a], centre, r, ring),
                                          _within(spots[b], slots[b], centre, r, ring))
                    moved = True
        if not moved:
            break
    if len(spots) == 2 and _gap(spots[0], slots[0], spots[1], slots[1], r) < 0:
        spots = _stacked(spots, centre, r + CROWDED_GAP * size / 2)
    return {**stops, **{("city", i): spot for i, spot in enumerate(spots)}}


def _stacked(spots: list[Stop], centre: tuple[float, float], half: float) -> list[Stop]:
    """Two cities whose rows of slots cannot sit side by side within the hex (1837's brown 432: two 2-slot
    cities) drawn one row above the other through the centre, ``half`` from it each, keeping which is higher."""
    cx, cy = centre
    upper = min(range(2), key=lambda i: spots[i].y)
    return [Stop(spot.kind, spot.index, cx, cy + (-half if i == upper else half), spot.slot_radius)
            for i, spot in enumerate(spots)]


def _gap(a: Stop, slots_a: int, b: Stop, slots_b: int, r: float) -> float:
    """How far apart the nearest slots of two cities are (negative: they overlap), their slots of radius ``r``
    side by side as :func:`slot_centres` draws them."""
    near = min(math.hypot(ax - bx, ay - by)
               for ax, ay in _row(a, slots_a, r) for bx, by in _row(b, slots_b, r))
    return near - 2 * r


def _row(stop: Stop, slots: int, r: float) -> list[tuple[float, float]]:
    return [(stop.x + (2 * i - (slots - 1)) * r, stop.y) for i in range(slots)]


def _within(stop: Stop, slots: int, centre: tuple[float, float], r: float, limit: float) -> Stop:
    """``stop`` drawn nearer the hex's centre, on the same line, until every slot centre is within ``limit``."""
    cx, cy = centre
    scale = 1.0
    while scale > 0 and max(math.hypot(x - cx, y - cy) for x, y in _row(
            Stop(stop.kind, stop.index, cx + scale * (stop.x - cx), cy + scale * (stop.y - cy)), slots, r)) > limit:
        scale -= 0.02
    scale = max(scale, 0.0)
    return Stop(stop.kind, stop.index, cx + scale * (stop.x - cx), cy + scale * (stop.y - cy), stop.slot_radius)


def _apart(a: Stop, b: Stop, step: float) -> tuple[Stop, Stop]:
    """Move ``a`` and ``b`` ``step`` each, away from each other along the line between them (sideways when they
    share a centre)."""
    dx, dy = a.x - b.x, a.y - b.y
    dist = math.hypot(dx, dy)
    ux, uy = (dx / dist, dy / dist) if dist > 1e-9 else (1.0, 0.0)
    return (Stop(a.kind, a.index, a.x + step * ux, a.y + step * uy, a.slot_radius),
            Stop(b.kind, b.index, b.x - step * ux, b.y - step * uy, b.slot_radius))


def _circle(x: float, y: float, r: float) -> tuple[list[float], list[float]]:
    angles = [2 * math.pi * k / CIRCLE_POINTS for k in range(CIRCLE_POINTS + 1)]
    return [x + r * math.cos(a) for a in angles], [y + r * math.sin(a) for a in angles]


def _bezier(p0, p1, p2, n: int = 12) -> tuple[list[float], list[float]]:
    ts = [k / n for k in range(n + 1)]
    xs = [(1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0] for t in ts]
    ys = [(1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1] for t in ts]
    return xs, ys


def _outline(shape: str, x: float, y: float, r: float) -> tuple[list[float], list[float]]:
    """The points of a station's outline: a circle, or a square as wide as the circle."""
    if shape == "square":
        return [x - r, x + r, x + r, x - r, x - r], [y - r, y - r, y + r, y + r, y - r]
    return _circle(x, y, r)


def slot_centres(stop: Stop, slots: int, size: float) -> list[tuple[float, float]]:
    """Return the centres of a city's station slots, side by side around the city's position."""
    return _row(stop, slots, stop.slot_radius * size)


# ----- layers --------------------------------------------------------------------------------------------
def _hex_fills(fig: go.Figure, tiles: dict[str, PlacedTile], centres, size: float) -> None:
    for colour, fill in HEX_COLOURS.items():
        xs: list[float | None] = []
        ys: list[float | None] = []
        for coord, tile in tiles.items():
            if tile.colour != colour:
                continue
            for x, y in hex_corners(*centres[coord], size):
                xs.append(x)
                ys.append(y)
            xs.append(None)
            ys.append(None)
        if xs:
            fig.add_trace(go.Scatter(x=xs, y=ys, fill="toself", fillcolor=fill, mode="lines",
                                     line=dict(color="#777777", width=1), name=colour, hoverinfo="skip",
                                     showlegend=False))


def _borders(fig: go.Figure, track: Any, centres, size: float) -> None:
    xs: list[float | None] = []
    ys: list[float | None] = []
    for coord in sorted(track.hexes):
        corners = hex_corners(*centres[coord], size)
        for border in track.hexes[coord].borders:
            if border.kind == "impassable":
                (x0, y0), (x1, y1) = corners[border.edge], corners[border.edge + 1]
                xs += [x0, x1, None]
                ys += [y0, y1, None]
    if xs:
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line=dict(color="#b2182b", width=5),
                                 name=_("impassable border"), hoverinfo="skip"))


def _track(fig: go.Figure, track: Any, tiles: dict[str, PlacedTile], centres, stops, size: float,
           placer: Placer) -> None:
    xs: list[float | None] = []
    ys: list[float | None] = []
    for coord, tile in tiles.items():
        cx, cy = centres[coord]

        def point(end: tuple[str, int]) -> tuple[float, float]:
            if end[0] == "edge":
                return edge_midpoint(cx, cy, end[1], size)
            stop = stops[coord].get(end)
            return (stop.x, stop.y) if stop else (cx, cy)

        for a, b in rotated_paths(track, tile):
            p0, p2 = point(a), point(b)
            # edge-to-edge track bends through the centre like the printed tiles; track to a stop runs straight
            mid = (cx, cy) if a[0] == b[0] == "edge" else ((p0[0] + p2[0]) / 2, (p0[1] + p2[1]) / 2)
            bx, by = _bezier(p0, mid, p2)
            for x, y in zip(bx, by):  # names and values should not sit on the track (they did on 1894's map)
                placer.avoid(x, y, TRACK_PX, TRACK_PX)
            xs += bx + [None]
            ys += by + [None]
    if xs:
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line=dict(color="white", width=TRACK_EDGE_PX), hoverinfo="skip",
                                 name="track edge", showlegend=False))
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line=dict(color=TRACK_COLOUR, width=TRACK_PX),
                                 hoverinfo="skip", name="track", showlegend=False))


def _towns(fig: go.Figure, tiles, stops, colours, size: float, texts: "_Texts", placer: Placer) -> None:
    xs: list[float | None] = []
    ys: list[float | None] = []
    for coord, tile in tiles.items():
        for i, town in enumerate(tile.parts.towns):
            stop = stops[coord][("town", i)]
            cx, cy = _circle(stop.x, stop.y, TOWN_RADIUS * size)
            xs += cx + [None]
            ys += cy + [None]
            dot_px = 2 * TOWN_RADIUS * size * placer.px_per_unit
            placer.block(stop.x, stop.y, dot_px, dot_px)
            value = revenue_for(town.revenue, colours)
            if value:
                spots = [(stop.x + dx * size, stop.y + dy * size) for dx, dy in TOWN_SPOTS]
                texts.put("town revenue", str(value), spots)
    if xs:
        fig.add_trace(go.Scatter(x=xs, y=ys, fill="toself", fillcolor="black", mode="lines",
                                 line=dict(color="black", width=1), name="towns", hoverinfo="skip",
                                 showlegend=False))


def _cities(fig: go.Figure, game: Any, board: Board, tiles, stops, colours, size: float, texts: "_Texts",
            placer: Placer) -> None:
    empty_x: list[float | None] = []
    empty_y: list[float | None] = []
    token_shapes: dict[str, tuple[list, list]] = {}
    token_text: dict[str, tuple[list, list]] = {}
    token_room: dict[str, float] = {}  # corporation → the narrowest inside of its tokens, in pixels
    reserved_x, reserved_y, reserved_t = [], [], []
    for coord, tile in tiles.items():
        for i, city in enumerate(tile.parts.cities):
            stop = stops[coord][("city", i)]
            r = stop.slot_radius * size
            slot_px = 2 * r * placer.px_per_unit
            slots = board.tokens.get(coord, [[None] * city.slots])[i]
            reserved = board.reservations.get(coord, [[None] * city.slots])[i]
            for k, (sx, sy) in enumerate(slot_centres(stop, len(slots), size)):
                cx, cy = _circle(sx, sy, r)
                owner = slots[k] or (reserved[k] if k < len(reserved) else None)
                # a token's abbreviation (or a reservation's) may be wider than its circle
                placer.block(sx, sy, max(slot_px, text_size(owner or "", LABEL_PX)[0]), slot_px)
                owner = slots[k]
                if owner is None:
                    empty_x += cx + [None]
                    empty_y += cy + [None]
                    if k < len(reserved) and reserved[k]:
                        reserved_x.append(sx)
                        reserved_y.append(sy)
                        reserved_t.append(reserved[k])
                else:
                    shape_name, line = _station_shape(game, owner)
                    # the outline's stroke drawn inside the slot: a national's thick ring stays off its neighbour
                    ox, oy = _outline(shape_name, sx, sy, r - line["width"] / 2 / placer.px_per_unit)
                    shape = token_shapes.setdefault(owner, ([], []))
                    shape[0].extend(ox + [None])
                    shape[1].extend(oy + [None])
                    text = token_text.setdefault(owner, ([], []))
                    text[0].append(sx)
                    text[1].append(sy)
                    token_room[owner] = min(token_room.get(owner, slot_px), slot_px - 2 * line["width"])
            value = revenue_for(city.revenue, colours)
            if value:
                wide = len(slots) * stop.slot_radius  # half the width of the city's slots, in hex sizes
                spots = [(stop.x + (sx * (wide + 0.1) + dx) * size, stop.y + dy * size) for sx, dx, dy in CITY_SPOTS]
                texts.put("city revenue", str(value), spots)
    if empty_x:
        fig.add_trace(go.Scatter(x=empty_x, y=empty_y, fill="toself", fillcolor="white", mode="lines",
                                 line=dict(color="black", width=1.5), name="city slots", hoverinfo="skip",
                                 showlegend=False))
    for corp in sorted(token_shapes):
        facts = game.facts.corporation(corp)
        xs, ys = token_shapes[corp]
        fig.add_trace(go.Scatter(x=xs, y=ys, fill="toself", fillcolor=facts.colour, mode="lines",
                                 line=dict(color="black", **_station_shape(game, corp)[1]),
                                 name=_("{corporation} token").format(corporation=corp),
                                 hoverinfo="skip", legendgroup=corp))
        tx, ty = token_text[corp]
        ink = text_colour(facts.colour, facts.text_colour)
        # a halo only where the text runs past the token: inside, it would outline black text in white
        rim = halo(ink) if text_size(corp, LABEL_PX)[0] > token_room[corp] else None
        fig.add_trace(go.Scatter(x=tx, y=ty, mode="text", text=[corp] * len(tx), name=f"{corp} token text",
                                 textfont=dict(size=LABEL_PX, color=ink, shadow=rim),
                                 hoverinfo="skip", showlegend=False, legendgroup=corp))
    if reserved_t:
        fig.add_trace(go.Scatter(x=reserved_x, y=reserved_y, mode="text", text=reserved_t, name="home reservations",
                                 textfont=dict(size=LABEL_PX, color="#666666"), hoverinfo="skip", showlegend=False))


def halo(ink: str) -> str:
    """A one-pixel outline round text written in ``ink`` (CSS ``text-shadow``), in black or white, whichever is
    not the ink: an abbreviation wider than its token (NYNH, SD1, Ouest) runs onto the station's outline and the
    hex, and stays legible there. Text that fits inside its token gets none. A place name or value the track
    runs under gets one too (`_Texts.draw`)."""
    rim = text_colour(ink)  # the colour that reads on the ink reads round it too
    return ", ".join(f"{dx}px {dy}px 0 {rim}" for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))


def _station_shape(game: Any, corp: str) -> tuple[str, dict]:
    """The outline of ``corp``'s stations: its kind's in ``STATION_SHAPES`` (a major's for other kinds)."""
    return STATION_SHAPES.get(game.facts.corporation(corp).kind, STATION_SHAPES["major"])


def _kind_legend(fig: go.Figure, game: Any, plot_px: tuple[float, float]) -> None:
    """Under the map, a key of the station shapes where the title has companies of several kinds (1837's coal
    companies, minors, majors and nationals); ``plot_px``: the plot area's width and height in pixels."""
    kinds = list(dict.fromkeys(c.kind for c in game.facts.corporations))
    if len(kinds) < 2:
        return
    width, height = plot_px
    y = -(LABEL_PX + KEY_PX) / height  # a line below the plot area, in the room kept for a legend
    half = KEY_PX / 2
    x_px = 0.0

    def write(text: str) -> float:
        fig.add_annotation(x=x_px / width, y=y, xref="paper", yref="paper", xanchor="left", yanchor="middle",
                           showarrow=False, text=text, font=dict(size=LABEL_PX, color="#222222"))
        return text_size(text, LABEL_PX)[0]

    x_px += write(_("stations:")) + 10
    for kind in kinds:
        shape, line = STATION_SHAPES.get(kind, STATION_SHAPES["major"])
        fig.add_shape(type="circle" if shape == "circle" else "rect", xref="paper", yref="paper",
                      x0=x_px / width, x1=(x_px + KEY_PX) / width, y0=y - half / height, y1=y + half / height,
                      line=dict(color="black", **line), fillcolor="white")
        x_px += KEY_PX + 4
        x_px += write(_(KIND_NAMES[kind]) if kind in KIND_NAMES else kind) + 18


def _hex_texts(game: Any, tiles, centres, colours, size: float, texts: "_Texts") -> None:
    track = game.track

    def put(layer: str, cx: float, cy: float, text: str) -> None:
        texts.put(layer, text, [(cx + dx * size, cy + dy * size) for dx, dy in SPOTS[layer]])

    for coord, tile in tiles.items():
        cx, cy = centres[coord]
        h = track.hexes[coord]
        if h.name:
            put("name", cx, cy, wrapped(h.name))
        if tile.labels:
            put("label", cx, cy, " ".join(tile.labels))
        if tile.name:
            put("tile", cx, cy, tile.name)
        if tile.name is None and tile.parts.terrain_cost:
            mark = "".join(TERRAIN_MARKS.get(t, t) for t in tile.parts.terrain)
            put("terrain", cx, cy, f"{mark} {localize(game.facts.money(tile.parts.terrain_cost))}")
        for off in tile.parts.offboards:
            if isinstance(off.revenue, dict):
                put("offboard", cx, cy, "/".join(str(v) for v in off.revenue.values()))
            put("offboard_now", cx, cy, str(revenue_for(off.revenue, colours)))
    for coord, note in sorted(game.map_notes().items()):  # the title's words on special hexes (1894's ferries)
        put("note", *centres[coord], localize(note))


@dataclass
class _Texts:
    """The map's labels waiting to be placed: layer → (text, candidate centres) in the order put."""

    layers: dict[str, list[tuple[str, list[tuple[float, float]]]]] = field(default_factory=dict)

    def put(self, layer: str, text: str, candidates: list[tuple[float, float]]) -> None:
        self.layers.setdefault(layer, []).append((text, candidates))

    def draw(self, fig: go.Figure, placer: Placer) -> None:
        """Place every label, layer by layer in ``LAYER_ORDER``, and draw each layer as one text trace. A label
        that found no spot clear of the track is outlined (:func:`halo`) so it reads over the track line."""
        for layer in LAYER_ORDER:
            if layer not in self.layers:
                continue
            style = STYLES[layer]
            xs, ys, texts, rims = [], [], [], []
            for text, candidates in self.layers[layer]:
                x, y = placer.place(text, style["size"], candidates)
                xs.append(x)
                ys.append(y)
                texts.append(text)
                rims.append(halo(style["color"]) if placer.on_soft(x, y, text, style["size"]) else "none")
            font = {**style, "shadow": rims} if any(rim != "none" for rim in rims) else style
            fig.add_trace(go.Scatter(x=xs, y=ys, mode="text", text=texts, textfont=font, name=layer,
                                     showlegend=False, hoverinfo="skip"))


def _map_title(game: Any, colours: Sequence[str]) -> str:
    """The map's heading in the current language: title, phase, the phase's tile colours, actions played."""
    count = len(game.actions)
    named = ", ".join(_(COLOUR_NAMES[c]) if c in COLOUR_NAMES else c for c in colours)
    return ngettext("{title} — phase {phase} (tiles: {colours}) — after {count} action",
                    "{title} — phase {phase} (tiles: {colours}) — after {count} actions", count).format(
        title=game.title, phase=localize(phase_word(game.phase())), colours=named, count=count)


def _terrain_legend(fig: go.Figure) -> None:
    """A legend entry (no points) saying what the terrain marks mean."""
    fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers", name=_(TERRAIN_LEGEND), hoverinfo="skip",
                             marker=dict(symbol="triangle-up", size=10, color="#5a3d1e")))


def wrapped(name: str, width: int = NAME_CHARS) -> str:
    """Return a place name broken into lines of at most ``width`` characters where it can be (at spaces, after
    "&" or "/"), joined with ``<br>`` — so that long names ("New York & Newark") stay inside their hex."""
    lines: list[str] = []
    for word in name.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "<br>".join(lines)


# ----- hover facts ---------------------------------------------------------------------------------------
def hex_facts(game: Any, coord: str, board: Board | None = None) -> str:
    """Return every fact of one hex as lines of text (English, rendering in the current language:
    :func:`gamekit.i18n.localize`): place, tile and rotation, terrain cost still to pay, cities (which city where
    a hex has several, revenue now, token slots with tokens and reservations), towns, off-board values by phase
    colour, labels, borders, reservations of the whole hex and the privates that block it. ``board``:
    the game's board from :func:`board_of` when the caller has one already (else rebuilt).

    Raises:
        KeyError: no such hex.
    """
    track, board = game.track, board or board_of(game)
    colours = game.tile_colours()
    h = track.hexes[coord]
    tile = placed_tile(track, board, coord)
    money = game.facts.money
    lines: list[str] = [f"{coord}" + (f" {h.name}" if h.name else "")]
    if tile.name:
        lines.append(msg("tile {tile} ({colour}), rotation {rotation}", tile=tile.name, colour=_colour(tile.colour),
                         rotation=tile.rotation))
    else:
        lines.append(msg("printed {colour} hex", colour=_colour(h.colour)))
    if tile.name is None and tile.parts.terrain_cost:
        terrain = join(", ", [Message(TERRAIN_WORDS[t], {}) if t in TERRAIN_WORDS else t for t in tile.parts.terrain])
        lines.append(msg("terrain: {terrain}; the first tile costs {cost}", terrain=terrain,
                         cost=money(tile.parts.terrain_cost)))
    for i, city in enumerate(tile.parts.cities):
        slots = board.tokens.get(coord, [[None] * city.slots])[i]
        reserved = board.reservations.get(coord, [[None] * city.slots])[i]
        held = join(", ", (s or (msg("reserved {corporation}", corporation=reserved[k])
                                 if k < len(reserved) and reserved[k] else msg("empty"))
                           for k, s in enumerate(slots)))
        city_name = _city_word(i, len(tile.parts.cities))
        revenue = revenue_for(city.revenue, colours)
        if _waits_for_tile(tile, f"c{i}", revenue):
            lines.append(nmsg("{city}: no revenue until a tile is laid, {count} token slot: {held}",
                              "{city}: no revenue until a tile is laid, {count} token slots: {held}", len(slots),
                              city=city_name, count=len(slots), held=held))
        else:
            lines.append(nmsg("{city}: revenue {revenue}, {count} token slot: {held}",
                              "{city}: revenue {revenue}, {count} token slots: {held}", len(slots),
                              city=city_name, revenue=money(revenue), count=len(slots), held=held))
    lines += _town_lines(tile, colours, money)
    for off in tile.parts.offboards:
        by_phase = (join(", ", (join(" ", (_colour(c), money(v))) for c, v in off.revenue.items()))
                    if isinstance(off.revenue, dict) else money(off.revenue))
        now = money(revenue_for(off.revenue, colours))
        lines.append(msg("off-board {group}: {by_phase}; now {now}", group=off.group, by_phase=by_phase, now=now)
                     if off.group else msg("off-board: {by_phase}; now {now}", by_phase=by_phase, now=now))
    edges = sorted(exits(rotated_paths(track, tile)))
    if edges:
        lines.append(msg("track reaches edges {edges}", edges=", ".join(map(str, edges))))
    if tile.labels:
        lines.append(msg("label {labels}", labels=" ".join(tile.labels)))
    for b in h.borders:
        if b.kind == "impassable":
            lines.append(msg("impassable border on edge {edge}", edge=b.edge))
    if board.hex_reservations.get(coord):
        lines.append(msg("reserved for {corporations}", corporations=", ".join(board.hex_reservations[coord])))
    if h.blocked_by:
        lines.append(msg("no tile while a player owns {companies}", companies=", ".join(h.blocked_by)))
    return join("\n", lines)


def _city_word(index: int, count: int) -> Message:
    """How a hex's facts name its city ``index`` of ``count``: ``"city"`` where it is the only one, else which one
    (``"second city"``, as the game's sentences say it: :data:`gamekit.g18xx.names.ORDINALS`). Never the
    18xx.games city id (``"57-0-0"``, ``"city-0-0"``), which a place-token action keeps but no reader needs: the
    hex's name heads its facts."""
    if count == 1:
        return Message(N_("city"), {})
    if index < len(ORDINALS["city"]):
        return Message(ORDINALS["city"][index], {})
    return msg("no. {number} {kind}", number=index + 1, kind="city")  # as the game's sentences say a seventh


def _waits_for_tile(tile: Any, end: str, revenue: int) -> bool:
    """Whether a stop of a printed hex (``end``: ``"c0"``, ``"t1"``) earns nothing until a tile is laid on it:
    no revenue now and no printed track to it (1830's New Haven & Hartford; 1894's Abeville, whose other town
    has track and $10, does not wait)."""
    return tile.name is None and not revenue and not any(end in path for path in tile.parts.paths)


def _town_lines(tile: Any, colours: Any, money: Any) -> list[Message]:
    """The lines of a hex's towns: towns alike (the same revenue now, or all waiting for a tile) counted on one
    line ("2 towns: revenue $10 each"), so that a double-town hex does not read as one town said twice."""
    kinds: dict[tuple[bool, int], int] = {}
    for i, town in enumerate(tile.parts.towns):
        revenue = revenue_for(town.revenue, colours)
        key = (_waits_for_tile(tile, f"t{i}", revenue), revenue)
        kinds[key] = kinds.get(key, 0) + 1
    lines = []
    for (waits, revenue), count in kinds.items():
        if waits:
            lines.append(msg("town: no revenue until a tile is laid") if count == 1 else
                         msg("{count} towns: no revenue until a tile is laid", count=count))
        else:
            lines.append(msg("town: revenue {revenue}", revenue=money(revenue)) if count == 1 else
                         msg("{count} towns: revenue {revenue} each", count=count, revenue=money(revenue)))
    return lines


def _colour(name: str) -> Message | str:
    """A tile or phase colour as a text that renders in the current language (:data:`gamekit.i18n.COLOUR_NAMES`)."""
    return Message(COLOUR_NAMES[name], {}) if name in COLOUR_NAMES else name
