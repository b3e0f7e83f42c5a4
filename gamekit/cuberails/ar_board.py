"""American Rails facts: the companies, the numbers of the game and the hex board, loaded and validated.

The board comes from ``data/american_rails/map.json`` (our own approximate map unless its ``status`` says
``published``), the rest from ``data/american_rails/game.json``. Both are read-only and shared between games.
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar, Literal

from ..datafiles import data_json, load_model
from ..errors import DataError
from ..hexgrid import neighbour, parse_coord
from ..i18n import msg
from ..model import FieldError, Record

Terrain = Literal["plains", "forest", "mountain", "city"]
FOLDER = "american_rails"


class CompanyFacts(Record):
    """One railroad company: ``id`` (two letters), ``name``, ``colour``, ``cubes`` (including the income
    marker) and ``shares``; ``source`` names where the numbers come from. Rule ``ar:setup.companies``."""

    id: str
    name: str
    colour: str
    cubes: int
    shares: int
    source: str

    def validate(self) -> None:
        """At least two cubes (one is the income marker) and one share."""
        _at_least(self, 2, "cubes")
        _at_least(self, 1, "shares")

    @property
    def track_cubes(self) -> int:
        """Cubes that can go on the map: all but the income marker."""
        return self.cubes - 1


class ActionRow(Record):
    """One row of the action track: ``id`` (used in actions) and its printed ``label``. Rule ``ar:track``."""

    id: str
    label: str


class GameFacts(Record):
    """The numbers of the game (``game.json``); money in dollars. Rules ``ar:setup.*``, ``ar:track``."""

    ignores_extra: ClassVar[bool] = True
    companies: tuple[CompanyFacts, ...]
    starting_cash: dict[str, int | str]
    first_edition_cash: dict[str, int | str]
    houses: int
    years: tuple[int, ...]
    phases_per_year: int
    minimum_bid: int
    fund_amount: int
    take_amount: int
    supply_low: int
    action_rows: tuple[ActionRow, ...]

    def cash(self, players: int, first_edition: bool) -> int:
        """Return the starting money per player for a player count (3–5), in dollars. Rule ``ar:setup.cash``."""
        table = self.first_edition_cash if first_edition else self.starting_cash
        return int(table[str(players)])


class TerrainCost(Record):
    """Build cost of one terrain: ``base`` + ``per_piece`` × pieces already in the hex; at most ``max_cubes``
    cubes in the hex (``None``: no terrain limit). Rule ``ar:expand.cost``."""

    base: int
    per_piece: int
    max_cubes: int | None
    source: str


class CityFacts(Record):
    """A city: printed ``full`` and ``shared`` income values, whether it can be ``developable`` (take a
    house), whether it is one of the three ``special`` cities, and where its values come from. Rule
    ``ar:income.city``."""

    name: str
    hex: str
    full: int
    shared: int
    developable: bool
    special: bool
    value_source: str
    confidence: str
    lat: float
    lon: float

    def validate(self) -> None:
        """Income values are never negative."""
        _at_least(self, 0, "full")
        _at_least(self, 0, "shared")


class HexFacts(Record):
    """One land hex: its name ("C5") and terrain."""

    hex: str
    terrain: Terrain


class BoardFacts(Record):
    """The board (``map.json``): status ("approximate" or "published"), sources, terrain costs, impassable
    hex sides, cities and hexes. Raises ``DataError`` (through :func:`load_board`) when a city's hex is not a
    city hex, a hex name is malformed or listed twice, or a blocked side joins non-neighbours."""

    ignores_extra: ClassVar[bool] = True
    status: Literal["approximate", "published"]
    note: str
    sources: dict[str, str]
    terrain_costs: dict[Terrain, TerrainCost]
    blocked_sides: tuple[tuple[str, str], ...] = ()
    cities: tuple[CityFacts, ...]
    hexes: tuple[HexFacts, ...]

    def validate(self) -> None:
        """Hex names well formed and listed once, cities on city hexes, blocked sides between neighbours."""
        names = [h.hex for h in self.hexes]
        for h in names:
            parse_coord(h)
        if len(set(names)) != len(names):
            raise ValueError("a hex is listed twice")
        terrain = {h.hex: h.terrain for h in self.hexes}
        for city in self.cities:
            if terrain.get(city.hex) != "city":
                raise ValueError(f"city {city.name} is on {city.hex}, which is not a city hex")
        for a, b in self.blocked_sides:
            if b not in _neighbour_names(a):
                raise ValueError(f"blocked side {a}-{b} does not join two neighbouring hexes")


def _at_least(record: Record, least: int, name: str) -> None:
    value = getattr(record, name)
    if value < least:
        raise FieldError(msg("{value} is less than {least}", value=value, least=least), (name,))


def _neighbour_names(coord: str) -> list[str]:
    return [n for n in (neighbour(coord, edge) for edge in range(6)) if n is not None]


class Board:
    """The board as lookups: ``terrain[hex]``, ``city_at[hex]`` (a :class:`CityFacts`), ``neighbours[hex]``
    (sorted hex names joined by a passable side), ``cost[terrain]`` and ``hex_cost[hex]`` (its terrain's
    :class:`TerrainCost`).

    Args:
        facts: the validated ``map.json``.
    """

    def __init__(self, facts: BoardFacts):
        self.facts = facts
        self.terrain = {h.hex: h.terrain for h in facts.hexes}
        self.city_at = {c.hex: c for c in facts.cities}
        self.city_named = {c.name: c for c in facts.cities}
        self.cost = dict(facts.terrain_costs)
        self.hex_cost = {h: self.cost[t] for h, t in self.terrain.items()}
        blocked = {frozenset(pair) for pair in facts.blocked_sides}
        self.neighbours = {
            h: tuple(sorted(n for n in _neighbour_names(h) if n in self.terrain and frozenset((h, n)) not in blocked))
            for h in self.terrain
        }
        self.special_hexes = tuple(c.hex for c in facts.cities if c.special)


@lru_cache(maxsize=None)
def load_game_facts() -> GameFacts:
    """Return the validated ``data/american_rails/game.json``; raises ``DataError`` naming the field."""
    return load_model(GameFacts, data_json(FOLDER, "game.json"), f"data/{FOLDER}/game.json")


@lru_cache(maxsize=None)
def load_board(name: str = "map.json") -> Board:
    """Return the board of ``data/american_rails/<name>`` (cached, read-only).

    Raises:
        DataError: a malformed file (the message names the file and the field or hex).
    """
    board = Board(load_model(BoardFacts, data_json(FOLDER, name), f"data/{FOLDER}/{name}"))
    if len(board.special_hexes) != 3:
        raise DataError(msg("{where}: expected 3 special cities, found {count}", where=f"data/{FOLDER}/{name}",
                            count=len(board.special_hexes)))
    return board
