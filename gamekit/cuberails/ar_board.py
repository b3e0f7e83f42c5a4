"""American Rails facts: the companies, the numbers of the game and the hex board, loaded and validated.

The board comes from ``data/american_rails/map.json`` (our own approximate map unless its ``status`` says
``published``), the rest from ``data/american_rails/game.json``. Both are read-only and shared between games.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..datafiles import data_json, load_model
from ..errors import DataError
from ..hexgrid import neighbour, parse_coord

Terrain = Literal["plains", "forest", "mountain", "city"]
FOLDER = "american_rails"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CompanyFacts(_Frozen):
    """One railroad company: ``id`` (two letters), ``name``, ``colour``, ``cubes`` (including the income
    marker) and ``shares``; ``source`` names where the numbers come from. Rule ``ar:setup.companies``."""

    id: str
    name: str
    colour: str
    cubes: int = Field(ge=2)
    shares: int = Field(ge=1)
    source: str

    @property
    def track_cubes(self) -> int:
        """Cubes that can go on the map: all but the income marker."""
        return self.cubes - 1


class ActionRow(_Frozen):
    """One row of the action track: ``id`` (used in actions) and its printed ``label``. Rule ``ar:track``."""

    id: str
    label: str


class GameFacts(_Frozen):
    """The numbers of the game (``game.json``); money in dollars. Rules ``ar:setup.*``, ``ar:track``."""

    model_config = ConfigDict(frozen=True, extra="ignore")
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


class TerrainCost(_Frozen):
    """Build cost of one terrain: ``base`` + ``per_piece`` × pieces already in the hex; at most ``max_cubes``
    cubes in the hex (``None``: no terrain limit). Rule ``ar:expand.cost``."""

    base: int
    per_piece: int
    max_cubes: int | None
    source: str


class CityFacts(_Frozen):
    """A city: printed ``full`` and ``shared`` income values, whether it can be ``developable`` (take a
    house), whether it is one of the three ``special`` cities, and where its values come from. Rule
    ``ar:income.city``."""

    name: str
    hex: str
    full: int = Field(ge=0)
    shared: int = Field(ge=0)
    developable: bool
    special: bool
    value_source: str
    confidence: str
    lat: float
    lon: float


class HexFacts(_Frozen):
    """One land hex: its name ("C5") and terrain."""

    hex: str
    terrain: Terrain


class BoardFacts(_Frozen):
    """The board (``map.json``): status ("approximate" or "published"), sources, terrain costs, impassable
    hex sides, cities and hexes. Raises ``DataError`` (through :func:`load_board`) when a city's hex is not a
    city hex, a hex name is malformed or listed twice, or a blocked side joins non-neighbours."""

    model_config = ConfigDict(frozen=True, extra="ignore")
    status: Literal["approximate", "published"]
    note: str
    sources: dict[str, str]
    terrain_costs: dict[Terrain, TerrainCost]
    blocked_sides: tuple[tuple[str, str], ...] = ()
    cities: tuple[CityFacts, ...]
    hexes: tuple[HexFacts, ...]

    @model_validator(mode="after")
    def _consistent(self) -> "BoardFacts":
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
        return self


def _neighbour_names(coord: str) -> list[str]:
    return [n for n in (neighbour(coord, edge) for edge in range(6)) if n is not None]


class Board:
    """The board as lookups: ``terrain[hex]``, ``city_at[hex]`` (a :class:`CityFacts`), ``neighbours[hex]``
    (sorted hex names joined by a passable side) and ``cost[terrain]`` (:class:`TerrainCost`).

    Args:
        facts: the validated ``map.json``.
    """

    def __init__(self, facts: BoardFacts):
        self.facts = facts
        self.terrain = {h.hex: h.terrain for h in facts.hexes}
        self.city_at = {c.hex: c for c in facts.cities}
        self.city_named = {c.name: c for c in facts.cities}
        self.cost = dict(facts.terrain_costs)
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
        raise DataError(f"data/{FOLDER}/{name}: expected 3 special cities, found {len(board.special_hexes)}")
    return board
