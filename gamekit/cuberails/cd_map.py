"""Continental Divide facts: the map, the railroads and the numbers of the rules, loaded and checked.

The files live in ``data/continental_divide/``: ``map.json`` (gamekit's APPROXIMATE teaching map — the
published board is not public), ``railroads.json`` (eight railroads named by gamekit) and ``game.json``
(the numbers the rulebook states). Each hex of ``map.json`` carries its own cost, income, region and side of the
Divide, so the real board can be entered by editing that file alone.

Hexes use the pointy 18xx.games naming of :mod:`gamekit.viz.hexes` (letters = rows from the north, numbers =
columns from the west, doubled coordinates). Rules: ``cd:map`` and ``cd:map.approximate``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from typing import Literal, NamedTuple

from ..datafiles import data_json, load_model
from ..errors import DataError
from ..hexgrid import neighbour, parse_coord
from ..i18n import msg
from ..model import FieldError, Record

FOLDER = "continental_divide"
REGIONS = ("east", "central", "west")
RELEASING = ("central", "west")  # regions whose first hex releases more cubes (rule cd:build.regions)

# Neighbour offsets in doubled coordinates, indexed by the edge numbers of gamekit.viz.hexes
# (0 lower-left, 1 left, 2 upper-left, 3 upper-right, 4 right, 5 lower-right; rows grow southwards).
DIRECTION_NAMES = ("south-west", "west", "north-west", "north-east", "east", "south-east")


class HexData(Record):
    """One hex: ``cost`` to build into it and ``income`` it adds, in dollars (rule ``cd:build.cost-income``)."""

    coord: str
    name: str = ""
    terrain: str
    cost: int
    income: int
    region: Literal["east", "central", "west"]
    west_of_divide: bool
    start_city: str | None = None
    port: str | None = None
    lat: float | None = None
    lon: float | None = None

    def validate(self) -> None:
        """Cost and income are never negative."""
        for name in ("cost", "income"):
            if getattr(self, name) < 0:
                raise FieldError(msg("{value} is negative", value=getattr(self, name)), (name,))


class MapData(Record):
    """The whole map file; validation checks the start-city clusters, ports and coordinates."""

    title: str
    approximate: bool
    note: str
    sources: list[str]
    grid: dict[str, str | float]
    terrain_cost: dict[str, int]
    regions: list[str]
    start_cities: list[str]
    ports: dict[str, int]
    hexes: list[HexData]

    def validate(self) -> None:
        """Hexes listed once on the pointy grid; start cities of three hexes; ports of one hex."""
        coords = [h.coord for h in self.hexes]
        if len(set(coords)) != len(coords):
            raise ValueError("a hex coordinate is listed twice")
        for h in self.hexes:
            x, y = parse_coord(h.coord)
            if (x + y) % 2:
                raise ValueError(f"{h.coord} is not on the pointy grid (column and row parity differ)")
            if h.start_city is not None and h.start_city not in self.start_cities:
                raise ValueError(f"{h.coord}: unknown start city {h.start_city!r}")
            if h.port is not None and h.port not in self.ports:
                raise ValueError(f"{h.coord}: unknown port {h.port!r}")
        for city in self.start_cities:
            n = sum(h.start_city == city for h in self.hexes)
            if n != 3:
                raise ValueError(f"start city {city} has {n} hexes, the rules give it 3")
        for port in self.ports:
            n = sum(h.port == port for h in self.hexes)
            if n != 1:
                raise ValueError(f"port {port} has {n} hexes, expected 1")


class RailroadData(Record):
    """A railroad's id (its abbreviation, drawn on every cube), name and colours (chosen by gamekit)."""

    id: str
    name: str
    colour: str
    rgb: str
    text_rgb: str


class RailroadsData(Record):
    """The railroads file: eight railroads (rule ``cd:components``)."""

    note: str
    sources: list[str]
    railroads: list[RailroadData]

    def validate(self) -> None:
        """Eight railroads."""
        if len(self.railroads) != 8:
            raise FieldError(msg("{count} railroads listed, the rules have 8", count=len(self.railroads)), ("railroads",))


class CubeCounts(Record):
    """How one railroad's 36 cubes are used (rule ``cd:cubes``)."""

    start_city: int
    income_marker: int
    shares_marker: int
    stock_value_marker: int
    start: int
    central: int
    west: int

    @property
    def total(self) -> int:
        """All cubes of one railroad (36 in the published game)."""
        return sum(self.field_values().values())


class Bounds(Record):
    """An inclusive integer range."""

    min: int
    max: int


class VictoryPoints(Record):
    """Victory points per share for the railroad's achievements (rule ``cd:scoring``); ports are in the map."""

    central: int
    west: int
    divide: int
    no_unsold_shares: int


class RulesData(Record):
    """The numbers of the rules (``game.json``): cash by player count, turns, ranges, cube counts, VP."""

    note: str
    sources: list[str]
    starting_cash: dict[int, int]
    turns: int
    shares_issued: Bounds
    stock_value: Bounds
    certificates_per_railroad: int
    cubes: CubeCounts
    railroads_per_hex: int
    railroads_per_port: int
    divide_income: int
    turn_order_cards_per_deck: int
    victory_points: VictoryPoints


class RayFacts(NamedTuple):
    """What the build checks need of one straight line from a hex to the map's edge (the hex left out), as
    positions along it (0 = the first hex built): found once per map, because listing the lines a railroad may
    build looks at every direction from every hex it holds, thousands of times per game.

    Attributes:
        hexes: the hexes in order.
        spent: dollars to build the first 1, 2, … of them: running sums of their costs (never decreasing, costs
            are never negative), infinite from the first start-city hex on (it is never built into, rule
            ``cd:build.start-city``), so that the hexes a treasury allows are a bisection away.
        ports: positions of the port hexes (rule ``cd:build.port``).
        releases: ``(position, region)`` of the first hex of the Central and of the Western region, in order
            (where more cubes are released, rule ``cd:build.regions``).
    """

    hexes: tuple[str, ...]
    spent: tuple[float, ...]
    ports: tuple[int, ...]
    releases: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class Board:
    """The read-only map with its geometry: hexes by name and straight lines along the six directions.

    Attributes:
        data: the validated :class:`MapData`.
        hexes: hex name → :class:`HexData`.
        next_hex: hex name → its six neighbours by direction (0–5), ``None`` where the map ends.
        rays: hex name → for each direction (0–5) the hexes in a straight line from it to the map's edge, itself
            left out.
        line_facts: hex name → what building into it depends on, as a plain tuple for the build checks that run
            tens of thousands of times per game: (start city or ``None``, port or ``None``, cost, region).
        ray_facts: hex name → for each direction (0–5) the :class:`RayFacts` of its ray.
        open_rays: hex name → the :class:`RayFacts` of its rays that a line may ever enter, in direction order: on
            the map and not into a start city first (rule ``cd:build.start-city``); listing the lines skips the
            others, which never hold one.
        port_hexes: the hexes of the port cities; region_hexes: region → its hexes; divide_hexes: the hexes west
            of the Continental Divide (sets, for the scoring questions asked after every candidate move of a bot).
    """

    data: MapData
    hexes: dict[str, HexData]
    next_hex: dict[str, tuple[str | None, ...]]
    rays: dict[str, tuple[tuple[str, ...], ...]]
    line_facts: dict[str, tuple[str | None, str | None, int, str]]
    ray_facts: dict[str, tuple[RayFacts, ...]]
    open_rays: dict[str, tuple[RayFacts, ...]]
    port_hexes: frozenset[str]
    region_hexes: dict[str, frozenset[str]]
    divide_hexes: frozenset[str]

    @classmethod
    def from_data(cls, data: MapData) -> "Board":
        """Index a validated map and precompute its neighbours and straight lines."""
        hexes = {h.coord: h for h in data.hexes}
        nxt = {}
        for coord in hexes:
            around = (neighbour(coord, edge) for edge in range(6))
            nxt[coord] = tuple(other if other in hexes else None for other in around)
        rays = {coord: tuple(_ray(nxt, coord, d) for d in range(6)) for coord in hexes}
        facts = {coord: (h.start_city, h.port, h.cost, h.region) for coord, h in hexes.items()}
        ports = frozenset(c for c, h in hexes.items() if h.port)
        cost = {c: math.inf if h.start_city else h.cost for c, h in hexes.items()}
        region = {c: h.region for c, h in hexes.items()}
        ray_facts = {c: tuple(_ray_facts(ray, cost, region, ports) for ray in lines) for c, lines in rays.items()}
        open_rays = {c: tuple(f for f in facts_of if f.hexes and f.spent[0] != math.inf)
                     for c, facts_of in ray_facts.items()}
        regions = {r: frozenset(c for c, h in hexes.items() if h.region == r) for r in REGIONS}
        divide = frozenset(c for c, h in hexes.items() if h.west_of_divide)
        return cls(data, hexes, nxt, rays, facts, ray_facts, open_rays, ports, regions, divide)

    def step(self, coord: str, direction: int) -> str | None:
        """Return the neighbour of ``coord`` across edge ``direction`` (0–5), or ``None`` off the map."""
        return self.next_hex[coord][direction]

    def direction(self, a: str, b: str) -> int | None:
        """Return the direction (0–5) from hex ``a`` to its neighbour ``b``, or ``None`` if not adjacent."""
        around = self.next_hex.get(a, ())
        return around.index(b) if b in around else None

    def neighbours(self, coord: str) -> list[tuple[int, str]]:
        """Return ``(direction, hex)`` for every neighbour on the map."""
        return [(d, other) for d, other in enumerate(self.next_hex[coord]) if other is not None]

    def start_hexes(self, city: str | None = None) -> list[str]:
        """Return the start-city hexes (of one city, or of all three), sorted."""
        return sorted(h.coord for h in self.hexes.values() if h.start_city and city in (None, h.start_city))

    def port_hex(self, port: str) -> str:
        """Return the hex of a port city (``"Seattle"`` → its hex name); raises ``KeyError`` if unknown."""
        for h in self.hexes.values():
            if h.port == port:
                return h.coord
        raise KeyError(port)


def _ray(next_hex: dict[str, tuple[str | None, ...]], coord: str, direction: int) -> tuple[str, ...]:
    """The hexes in a straight line from ``coord`` (left out) along ``direction`` to the map's edge."""
    out = []
    coord = next_hex[coord][direction]
    while coord is not None:
        out.append(coord)
        coord = next_hex[coord][direction]
    return tuple(out)


def _ray_facts(ray: tuple[str, ...], cost: dict[str, float], region: dict[str, str],
               ports: frozenset[str]) -> RayFacts:
    """The :class:`RayFacts` of the straight line ``ray`` (``cost``: of each hex, infinite for a start-city hex;
    ``region``: of each hex; the port hexes), built with C-level helpers: the board has 1,776 rays."""
    at_ports = () if ports.isdisjoint(ray) else tuple(i for i, c in enumerate(ray) if c in ports)
    regions = list(map(region.__getitem__, ray))
    releases = sorted((regions.index(r), r) for r in RELEASING if r in regions)
    return RayFacts(ray, tuple(accumulate(map(cost.__getitem__, ray))), at_ports, tuple(releases))


@lru_cache(maxsize=None)
def load_board(name: str = "map.json") -> Board:
    """Load and check ``data/continental_divide/<name>``.

    Raises:
        DataError: malformed file (the message names the file and the field).
    """
    return Board.from_data(load_model(MapData, data_json(FOLDER, name), f"data/{FOLDER}/{name}"))


@lru_cache(maxsize=None)
def load_railroads() -> tuple[RailroadData, ...]:
    """Load ``railroads.json``: the eight railroads in their fixed order.

    Raises:
        DataError: malformed file or duplicate ids.
    """
    data = load_model(RailroadsData, data_json(FOLDER, "railroads.json"), f"data/{FOLDER}/railroads.json")
    ids = [r.id for r in data.railroads]
    if len(set(ids)) != len(ids):
        raise DataError(msg("{where}: railroad ids must be distinct, got {ids}", where=f"data/{FOLDER}/railroads.json",
                            ids=str(ids)))
    return tuple(data.railroads)


@lru_cache(maxsize=None)
def load_rules_data() -> RulesData:
    """Load ``game.json`` (the numbers of the rules).

    Raises:
        DataError: malformed file.
    """
    return load_model(RulesData, data_json(FOLDER, "game.json"), f"data/{FOLDER}/game.json")
