"""The schema of an 18xx map and tile manifest (``data/<title>/map.json`` and ``tiles.json``) and its loader.

Conventions (the same as 18xx.games, so logs map one to one):

* A hex is named letter(s) + number (``"G19"``); letters are rows, numbers columns, pointy hexes.
* Edges are numbered 0..5 clockwise from the lower-left: 0 lower-left, 1 left, 2 upper-left, 3 upper-right,
  4 right, 5 lower-right. Edge ``e`` of a hex touches edge ``(e + 3) % 6`` of its neighbour.
* Tiles are described at rotation 0; a tile edge ``e`` laid at rotation ``r`` lies on hex edge ``(e + r) % 6``.
* A path joins two ends, written as strings: ``"e3"`` (hex edge 3), ``"c0"`` (city 0), ``"t1"`` (town 1),
  ``"o0"`` (off-board area 0), ``"j0"`` (junction). Cities, towns and off-boards are numbered in their own
  lists; ``part`` is the 18xx.games part index used in log ids (``"57-3-0"`` = part 0 of tile copy ``57-3``).
* Revenue is a number, or a mapping tile colour → number (off-boards): the value for the latest colour of the
  current phase's tile colours that the mapping names (see :func:`revenue_for`).

The printed map is a list of hexes; each hex carries its printed parts (as a tile at rotation 0), terrain cost
paid by the first tile laid over it, borders, the private companies that block it, reservations and labels.
Neighbours are derived from coordinates. Loading validates everything and raises ``DataError`` naming the place.

Overlays change the board during the game: a named overlay, applied on a game event or at the start of a phase,
opens hexes closed until then (1837 Bosnia), takes hexes out of play (1837 Italy), makes the borders that name
it impassable, and lays tiles (1837's Bozen tile). The board records which overlays are applied; the printed
facts here never change.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Literal, Mapping, Sequence

from ..datafiles import data_json, load_model
from ..errors import DataError
from ..i18n import msg
from ..hexgrid import EDGE_OFFSETS, parse_coord
from ..model import FieldError, Record

COLOURS = ("white", "yellow", "green", "brown", "gray")
"""Tile colours in upgrade order (a tile replaces one of the previous colour)."""

_END = re.compile(r"^([ecotj])(\d+)$")
END_KINDS = {"e": "edge", "c": "city", "t": "town", "o": "offboard", "j": "junction"}

Revenue = int | dict[str, int]


class CityDef(Record):
    """A city: revenue, station-token slots, the corporations holding a home reservation (slot order)."""

    part: int
    revenue: Revenue
    slots: int = 1
    reserved: tuple[str, ...] = ()
    group: str | None = None


class TownDef(Record):
    """A town (dit): revenue; never holds tokens, never blocks a route."""

    part: int
    revenue: Revenue
    group: str | None = None


class OffboardDef(Record):
    """A red off-board area: revenue (often by phase colour); a route may only start or end there."""

    part: int
    revenue: Revenue
    group: str | None = None


class TileParts(Record):
    """The track-relevant content of a tile or of a printed hex, at rotation 0.

    ``paths`` are pairs of ends (``"e0"``, ``"c0"``, ``"t0"``, ``"o0"``, ``"j0"``); ``terrain_cost`` is paid
    when this tile (or printed hex) is replaced by a new tile. ``upgrades_to``, when given, lists the only tiles
    that may replace it (1894: a green city becomes one of three two-city brown tiles; 1837: a yellow town
    upgrades only to its town tiles).
    """

    cities: tuple[CityDef, ...] = ()
    towns: tuple[TownDef, ...] = ()
    offboards: tuple[OffboardDef, ...] = ()
    junctions: int = 0
    paths: tuple[tuple[str, str], ...] = ()
    labels: tuple[str, ...] = ()
    terrain: tuple[str, ...] = ()
    terrain_cost: int = 0
    upgrades_to: tuple[str, ...] | None = None

    def validate(self) -> None:
        """Every path end is well formed and names a part the tile has."""
        sizes = {"c": len(self.cities), "t": len(self.towns), "o": len(self.offboards), "j": self.junctions,
                 "e": 6}
        for i, path in enumerate(self.paths):
            for end in path:
                match = _END.match(end)
                if not match:
                    raise ValueError(f"paths.{i}: bad path end {end!r}")
                if int(match.group(2)) >= sizes[match.group(1)]:
                    raise ValueError(f"paths.{i}: {end!r} names no such part")

    @cached_property
    def parsed_paths(self) -> tuple[tuple[tuple[str, int], tuple[str, int]], ...]:
        """Paths as pairs of ``(kind, number)`` ends, kind in edge/city/town/offboard/junction."""
        return tuple(tuple(_parse_end(end) for end in path) for path in self.paths)  # type: ignore[misc]

    def node_count(self, kind: str) -> int:
        """Return how many parts of ``kind`` (city/town/offboard) the tile has."""
        return len(self.nodes_of(kind))

    def nodes_of(self, kind: str) -> tuple[CityDef | TownDef | OffboardDef, ...]:
        """Return the parts of ``kind`` (``"city"``, ``"town"`` or ``"offboard"``)."""
        return {"city": self.cities, "town": self.towns, "offboard": self.offboards}[kind]


class TileDef(TileParts):
    """A tile of the manifest: name (``"57"``), colour, number of copies (None = unlimited); ``rotations``, when
    given, the only rotations it may be laid at (1837's brown Vienna, 436: rotation 5)."""

    name: str
    colour: Literal["yellow", "green", "brown", "gray"]
    count: int | None
    rotations: tuple[int, ...] | None = None


class Border(Record):
    """A border drawn on a hex edge: ``impassable`` (no track across), ``province`` (a drawn boundary), or
    ``drawn``. ``closes_with`` names the overlay that makes it impassable once applied (1837: ``italy``)."""

    edge: int
    kind: Literal["impassable", "province", "drawn"] = "drawn"
    cost: int = 0
    closes_with: str | None = None


class FutureLabel(Record):
    """A label a hex acquires for tiles of ``colour`` and later (1837 K5 becomes ``B`` at brown)."""

    label: str
    colour: str


class HexDef(TileParts):
    """A printed map hex: its coordinate, background colour, printed parts and the facts of the place.

    ``tile_id`` is the 18xx.games id of the printed tile (``"H12-0"``, ``"city-3"``) used in log city ids.
    ``blocked_by`` lists private companies that stop tile lays here while a player owns them;
    ``reserved_by`` lists corporations holding a reservation on the whole hex (not on one city).
    """

    coord: str
    colour: Literal["white", "yellow", "green", "brown", "gray", "red", "blue"]
    name: str | None = None
    tile_id: str
    borders: tuple[Border, ...] = ()
    blocked_by: tuple[str, ...] = ()
    reserved_by: tuple[str, ...] = ()
    future_label: FutureLabel | None = None
    mine: bool = False

    def validate(self) -> None:
        """The coordinate is a hex name, and the printed parts are well formed (:meth:`TileParts.validate`)."""
        try:
            parse_coord(self.coord)
        except ValueError as exc:
            raise FieldError(str(exc), ("coord",)) from None
        super().validate()


class PlacedTile(Record):
    """A tile an overlay lays: manifest tile name, hex and rotation."""

    hex: str
    tile: str
    rotation: int


class Overlay(Record):
    """A change of the board applied once during the game, on the train event ``on_event`` or at the start of
    the phase ``on_phase`` (exactly one of them).

    ``opens``: hexes closed to track until the overlay applies; ``closes``: hexes taken out of play when it
    applies (their tiles go back to the printed hex; no track, token or route there afterwards); borders whose
    ``closes_with`` names the overlay become impassable; ``lays``: tiles laid when it applies.
    """

    name: str
    text: str
    on_event: str | None = None
    on_phase: str | None = None
    opens: tuple[str, ...] = ()
    closes: tuple[str, ...] = ()
    lays: tuple[PlacedTile, ...] = ()

    def validate(self) -> None:
        """Exactly one trigger."""
        if (self.on_event is None) == (self.on_phase is None):
            raise ValueError("give exactly one of on_event and on_phase")


class MapFile(Record):
    """``data/<title>/map.json``."""

    title: str
    source: str
    note: str
    rule_prefix: str
    impassable_colours: tuple[str, ...] = ("red", "gray", "blue")
    overlays: tuple[Overlay, ...] = ()
    hexes: tuple[HexDef, ...]


class TilesFile(Record):
    """``data/<title>/tiles.json``."""

    title: str
    source: str
    note: str
    tiles: tuple[TileDef, ...]


def _parse_end(end: str) -> tuple[str, int]:
    match = _END.match(end)
    assert match  # validated by TileParts
    return END_KINDS[match.group(1)], int(match.group(2))


def revenue_for(revenue: Revenue, phase_colours: Sequence[str]) -> int:
    """Return a revenue value in the current phase.

    Args:
        revenue: a number, or a mapping tile colour → number.
        phase_colours: the tile colours of the current phase, e.g. ``("yellow", "green", "brown")``.

    Returns:
        The number itself, or the value for the latest colour of ``phase_colours`` named by the mapping (the
        first listed value before any is reached). Rule: ``1830:route.revenue`` (off-board values by phase).
    """
    if isinstance(revenue, int):
        return revenue
    value = next(iter(revenue.values()))
    for colour in phase_colours:
        if colour in revenue:
            value = revenue[colour]
    return value


def rotate(edge: int, rotation: int) -> int:
    """Return the hex edge on which tile edge ``edge`` lies at ``rotation`` (``(edge + rotation) % 6``)."""
    return (edge + rotation) % 6


@dataclass(frozen=True)
class TrackData:
    """The read-only track facts of a title: printed hexes, tile manifest and derived neighbours.

    Attributes:
        title: title name (``"1830"``); rule_prefix: prefix of rule ids (``"1830"``).
        hexes: coordinate → printed hex. tiles: tile name → manifest tile.
        neighbours: coordinate → 6-tuple of neighbouring coordinates across each edge (None = off the map).
        impassable_colours: printed colours a tile exit may enter only where that hex has track.
        overlays: overlay name → :class:`Overlay` (changes applied during the game).
        cache: memo of derived facts (rotated paths); never part of a game's state.
    """

    title: str
    rule_prefix: str
    hexes: Mapping[str, HexDef]
    tiles: Mapping[str, TileDef]
    impassable_colours: tuple[str, ...]
    neighbours: Mapping[str, tuple[str | None, ...]] = field(default_factory=dict)
    overlays: Mapping[str, Overlay] = field(default_factory=dict)
    cache: dict = field(default_factory=dict, compare=False, repr=False)

    def rule(self, section: str) -> str:
        """Return the rule id ``"<prefix>:<section>"``, e.g. ``rule("track.upgrade")`` → ``"1830:track.upgrade"``."""
        return f"{self.rule_prefix}:{section}"

    def neighbour(self, coord: str, edge: int) -> str | None:
        """Return the hex across ``edge`` of ``coord`` (geometric, ignores borders), or None off the map."""
        return self.neighbours[coord][edge]

    def exit_allowed(self, coord: str, edge: int, applied: frozenset[str] = frozenset()) -> bool:
        """Return whether track may leave ``coord`` across ``edge`` once the overlays ``applied`` are applied.

        False when the edge leads off the map, crosses an impassable border (on either side; a border closed by
        an applied overlay counts), or enters a hex of an impassable colour (red, gray, blue) whose printed
        track does not reach that edge. Rule: ``1830:track.exits``.
        """
        other = self.neighbour(coord, edge)
        if other is None:
            return False
        back = (edge + 3) % 6
        if _closed(self.hexes[coord].borders, edge, applied):
            return False
        target = self.hexes[other]
        if _closed(target.borders, back, applied):
            return False
        if target.colour in self.impassable_colours:
            return any(("edge", back) in path for path in target.parsed_paths)
        return True

    def closed_hexes(self, applied: frozenset[str] = frozenset()) -> frozenset[str]:
        """Return the hexes out of play once the overlays ``applied`` are applied: those an unapplied overlay
        has yet to open and those an applied overlay has closed."""
        out: set[str] = set()
        for name, overlay in self.overlays.items():
            out.update(overlay.closes if name in applied else overlay.opens)
        return frozenset(out)

    def tile_name(self, tile_id: str) -> str:
        """Return the manifest tile name of a tile copy id (``"57-3"`` → ``"57"``).

        Raises:
            KeyError: the id names no manifest tile.
        """
        name, _, copy = tile_id.rpartition("-")
        if name not in self.tiles or not copy.isdigit():
            raise KeyError(tile_id)
        return name


def _closed(borders: tuple[Border, ...], edge: int, applied: frozenset[str]) -> bool:
    return any(b.edge == edge and (b.kind == "impassable" or b.closes_with in applied) for b in borders)


def build_track_data(map_file: MapFile, tiles_file: TilesFile, where: str = "map") -> TrackData:
    """Index validated map and tile files, derive neighbours and check cross-references.

    Raises:
        DataError: duplicate coordinates or tile names, hexes of mixed parity, a border on a missing edge or
            naming no overlay, an overlay or tile restriction naming a missing hex, tile or rotation.
    """
    hexes: dict[str, HexDef] = {}
    for h in map_file.hexes:
        if h.coord in hexes:
            raise DataError(msg("{where}: hex {hex} is listed twice", where=where, hex=h.coord))
        hexes[h.coord] = h
    parities = {sum(parse_coord(c)) % 2 for c in hexes}
    if len(parities) > 1:
        raise DataError(msg("{where}: hexes mix both coordinate parities; not one hex grid", where=where))
    tiles: dict[str, TileDef] = {}
    for t in tiles_file.tiles:
        if t.name in tiles:
            raise DataError(msg("{where}: tile {tile} is listed twice", where=where, tile=t.name))
        tiles[t.name] = t
    by_xy = {parse_coord(c): c for c in hexes}
    neighbours = {}
    for coord in hexes:
        x, y = parse_coord(coord)
        neighbours[coord] = tuple(by_xy.get((x + dx, y + dy)) for dx, dy in EDGE_OFFSETS)
    overlays = {o.name: o for o in map_file.overlays}
    for h in hexes.values():
        for b in h.borders:
            if not 0 <= b.edge < 6:
                raise DataError(msg("{where}: hex {hex}: border on edge {edge}", where=where, hex=h.coord, edge=b.edge))
            if b.closes_with is not None and b.closes_with not in overlays:
                raise DataError(msg("{where}: hex {hex}: border closes with unknown overlay {overlay}", where=where,
                                    hex=h.coord, overlay=repr(b.closes_with)))
    _check_overlays(map_file.overlays, hexes, tiles, where)
    _check_tile_limits(tiles, hexes, where)
    return TrackData(title=map_file.title, rule_prefix=map_file.rule_prefix, hexes=hexes, tiles=tiles,
                     impassable_colours=map_file.impassable_colours, neighbours=neighbours, overlays=overlays)


def _check_overlays(overlays: tuple[Overlay, ...], hexes: Mapping[str, HexDef], tiles: Mapping[str, TileDef],
                    where: str) -> None:
    if len({o.name for o in overlays}) != len(overlays):
        raise DataError(msg("{where}: two overlays share a name", where=where))
    for o in overlays:
        for coord in (*o.opens, *o.closes, *(t.hex for t in o.lays)):
            if coord not in hexes:
                raise DataError(msg("{where}: overlay {overlay}: no hex {hex}", where=where, overlay=o.name, hex=coord))
        for t in o.lays:
            if t.tile not in tiles or not 0 <= t.rotation < 6:
                raise DataError(msg("{where}: overlay {overlay}: cannot lay tile {tile} at rotation {rotation}",
                                    where=where, overlay=o.name, tile=t.tile, rotation=t.rotation))


def _check_tile_limits(tiles: Mapping[str, TileDef], hexes: Mapping[str, HexDef], where: str) -> None:
    for place, parts in [*((msg("tile {tile}", tile=n), t) for n, t in tiles.items()),
                         *((msg("hex {hex}", hex=c), h) for c, h in hexes.items())]:
        for name in parts.upgrades_to or ():
            if name not in tiles:
                raise DataError(msg("{where}: {place}: upgrades_to names no tile {tile}", where=where, place=place,
                                    tile=repr(name)))
    for t in tiles.values():
        if t.rotations is not None and not set(t.rotations) <= set(range(6)):
            raise DataError(msg("{where}: tile {tile}: rotations must lie in 0..5", where=where, tile=t.name))


@lru_cache(maxsize=None)
def load_track_data(folder: str) -> TrackData:
    """Load and validate ``data/<folder>/map.json`` and ``tiles.json`` (cached; read-only).

    Raises:
        DataError: a missing file, a malformed field (named by its path), or a broken cross-reference.
    """
    map_file = load_model(MapFile, data_json(folder, "map.json"), f"data/{folder}/map.json")
    tiles_file = load_model(TilesFile, data_json(folder, "tiles.json"), f"data/{folder}/tiles.json")
    return build_track_data(map_file, tiles_file, f"data/{folder}")
