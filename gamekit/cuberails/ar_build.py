"""American Rails expansion: where a company may place a cube and what it costs.

Terrain costs (reference A.2 rule 21, from the board legend): plains and cities $2 + $2 per piece already in
the hex; forest $3 and mountain $5, each holding one cube at most. A company never has two cubes in a hex,
and every new cube touches the company's own track.
"""

from __future__ import annotations

from typing import Callable, Iterable, Iterator, Mapping, Sequence

from ..actions import Action
from ..choices import ActionGroup
from ..errors import GameError
from ..i18n import Message, N_, msg, nmsg
from .ar_board import Board


TERRAIN_WORDS = {"plains": N_("plains"), "forest": N_("forest"), "mountain": N_("mountain"), "city": N_("city")}
"""The terrains of the map in words, as a refusal names them."""


def pieces_in(hex_: str, occupants: Mapping[str, Sequence[str]], houses: Sequence[str], house_counts: bool) -> int:
    """Return the pieces already in a hex that raise its build cost: cubes, plus its house if
    ``house_counts``. Rule ``ar:expand.cost``."""
    return len(occupants.get(hex_, ())) + (1 if house_counts and hex_ in houses else 0)


def build_cost(board: Board, hex_: str, pieces: int) -> int:
    """Return the cost in dollars of one cube in ``hex_`` holding ``pieces`` pieces.

    Raises:
        KeyError: ``hex_`` is not on the board.

    Rule ``ar:expand.cost``: e.g. plains with two cubes: $2 + 2 × $2 = $6.
    """
    cost = board.hex_cost[hex_]
    return cost.base + cost.per_piece * pieces


def _full(board: Board, hex_: str, cubes: int) -> bool:
    """True when ``hex_``, holding ``cubes`` cubes, has reached its terrain's ``max_cubes`` (rule
    ``ar:expand.limits``: forest and mountain hold one cube, plains and cities have no limit)."""
    limit = board.hex_cost[hex_].max_cubes
    return limit is not None and cubes >= limit


def check_build(board: Board, company: str, hex_: str, occupants: Mapping[str, Sequence[str]],
                houses: Sequence[str], house_counts: bool, treasury: int, supply: int) -> int:
    """Check that ``company`` may place a cube in ``hex_`` now and return its cost in dollars.

    Args:
        board: the board.
        company: the building company's id.
        hex_: the target hex name.
        occupants: hex → ids of companies with a cube there.
        houses: hexes holding a house.
        house_counts: whether a house counts as a piece for the cost (option ``house-not-counted`` turns it off).
        treasury: the company's money in dollars; supply: its cubes left.

    Raises:
        GameError: not a land hex or no supply (``ar:expand``); not touching the company's track
            (``ar:expand.adjacent``); the company is already there or the forest/mountain is full
            (``ar:expand.limits``); the company cannot pay (``ar:expand.cost``).
    """
    if hex_ not in board.terrain:
        raise GameError(msg("{hex} is not a land hex of the map", hex=hex_), "ar:expand")
    if supply <= 0:
        raise GameError(msg("{company} has no cubes left in its supply", company=company), "ar:expand")
    there = occupants.get(hex_, ())
    if company in there:
        raise GameError(msg("{company} already has a cube in {hex}", company=company, hex=hex_), "ar:expand.limits")
    if _full(board, hex_, len(there)):
        terrain = board.terrain[hex_]
        raise GameError(nmsg("{hex} is {terrain} and holds {count} cube, its limit",
                             "{hex} is {terrain} and holds {count} cubes, its limit", len(there), hex=hex_,
                             count=len(there),
                             terrain=Message(TERRAIN_WORDS[terrain], {}) if terrain in TERRAIN_WORDS else terrain),
                        "ar:expand.limits")
    if not any(company in occupants.get(n, ()) for n in board.neighbours[hex_]):
        raise GameError(msg("{hex} does not touch {company}'s track", hex=hex_, company=company), "ar:expand.adjacent")
    cost = build_cost(board, hex_, pieces_in(hex_, occupants, houses, house_counts))
    if cost > treasury:
        raise GameError(msg("a cube in {hex} costs ${cost}; {company} has ${treasury}", hex=hex_, cost=cost,
                            company=company, treasury=treasury), "ar:expand.cost")
    return cost


def build_targets(board: Board, company: str, hexes: Iterable[str], occupants: Mapping[str, Sequence[str]],
                  houses: Sequence[str], house_counts: bool, treasury: int, supply: int) -> Iterator[tuple[str, int]]:
    """Yield every ``(hex, cost)`` where ``company`` may place a cube now, hexes in name order; found one by one,
    so asking for the first answers whether there is any without finding the rest.

    Args:
        hexes: the hexes holding the company's cubes (its track); the other arguments as :func:`check_build`.

    Rule ``ar:expand``: the checks of :func:`check_build`, on the hexes next to the company's track (which the
    adjacency rule leaves as the only candidates).
    """
    if supply <= 0:
        return
    for hex_ in sorted({n for h in hexes for n in board.neighbours[h]}):
        there = occupants.get(hex_, ())
        if company in there or _full(board, hex_, len(there)):
            continue
        cost = build_cost(board, hex_, pieces_in(hex_, occupants, houses, house_counts))
        if cost <= treasury:
            yield hex_, cost


class BuildChoices(ActionGroup):
    """The cubes a player may place now, as actions of ``cls`` (fields ``entity``, ``company``, ``hex``) built on
    demand: each company's targets in turn, hexes in name order. Whether there is any is answered from the
    first target found; all are found when the group is measured or read.

    Args:
        cls: the build action class; player: the acting player; companies: the companies the player may build
            for, in listing order; targets: company → its ``(hex, cost)`` targets (:func:`build_targets`).

    Rule ``ar:expand``.
    """

    def __init__(self, cls: type[Action], player: str, companies: Sequence[str],
                 targets: Callable[[str], Iterator[tuple[str, int]]]):
        self.type = cls.type
        self._cls, self._player, self._companies, self._targets = cls, player, companies, targets
        self._found: list[tuple[str, str]] | None = None

    def _all(self) -> list[tuple[str, str]]:
        if self._found is None:
            self._found = [(c, hex_) for c in self._companies for hex_, _ in self._targets(c)]
        return self._found

    def __bool__(self) -> bool:
        if self._found is not None:
            return bool(self._found)
        return any(next(self._targets(c), None) is not None for c in self._companies)

    def __len__(self) -> int:
        return len(self._all())

    def action(self, index: int) -> Action:
        if not 0 <= index < len(self):
            raise IndexError(index)
        company, hex_ = self._all()[index]
        return self._cls._trusted(entity=self._player, company=company, hex=hex_)

    def actions(self) -> Iterator[Action]:
        return (self._cls._trusted(entity=self._player, company=c, hex=h) for c, h in self._all())
