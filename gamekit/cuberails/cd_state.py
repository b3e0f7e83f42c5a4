"""The mutable state of a Continental Divide game: plain picklable records that name things by id.

The title (:mod:`gamekit.titles.continental_divide`) owns one :class:`CDState` in ``game.state``; the read-only
map and numbers stay on the game object.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rng import GameRandom


@dataclass
class RailroadState:
    """One railroad's charter card, treasury and track.

    Attributes:
        id: the railroad's id (``"UP"``).
        start_hex: its start-city hex, ``None`` while unstarted (rule ``cd:stock.start``).
        shares_issued: 3–10 once started (fixed for the game), 0 before.
        stock_value: dollars, 10–50 once started (never changes), 0 before.
        treasury: dollars the railroad holds (share sales, dividend remainders, minus building).
        income: dollars per game turn (hex incomes plus the Divide bonus).
        cubes: build cubes available on the charter card now (rule ``cd:cubes``).
        unlocked: regions whose 10 cubes have been released (``"central"``, ``"west"``; rule ``cd:build.regions``).
        crossed_divide: True once it has built west of the Continental Divide (rule ``cd:build.divide``).
        hexes: hexes with its cubes, start hex first, in build order.
        holders: player id → shares held (players only; unsold shares are ``shares_issued - held``).
    """

    id: str
    start_hex: str | None = None
    shares_issued: int = 0
    stock_value: int = 0
    treasury: int = 0
    income: int = 0
    cubes: int = 0
    unlocked: list[str] = field(default_factory=list)
    crossed_divide: bool = False
    hexes: list[str] = field(default_factory=list)
    holders: dict[str, int] = field(default_factory=dict)

    @property
    def started(self) -> bool:
        """True once a player has bought its first share."""
        return self.start_hex is not None

    @property
    def held(self) -> int:
        """Shares held by players."""
        return sum(self.holders.values())

    @property
    def unsold(self) -> int:
        """Shares issued but not yet bought by any player."""
        return self.shares_issued - self.held

    def clone(self) -> "RailroadState":
        """An independent copy (its lists and holders copied)."""
        copy = object.__new__(RailroadState)
        values = self.__dict__.copy()  # a whole new dict: twice as fast as filling the new object's own
        values["unlocked"], values["hexes"], values["holders"] = self.unlocked[:], self.hexes[:], self.holders.copy()
        copy.__dict__ = values
        return copy


@dataclass
class TurnRecord:
    """Facts at the end of one game turn, after dividends (for charts over turns).

    Attributes:
        turn: the game turn 1–8.
        income, treasury, vp_per_share: railroad id → dollars / dollars / victory points per share.
        cash, vp: player id → dollars / victory points if the game ended now.
    """

    turn: int
    income: dict[str, int]
    treasury: dict[str, int]
    vp_per_share: dict[str, int]
    cash: dict[str, int]
    vp: dict[str, int]


@dataclass
class CDState:
    """Everything that changes during a game.

    Attributes:
        rng: the game's random number generator (it deals the blue turn-order cards).
        turn: the game turn 1–8 (the locomotive on the turn track).
        cash: player id → dollars.
        railroads: railroad id → :class:`RailroadState`, in the data file's order.
        occupancy: hex → ids of the railroads with a cube there, in the order they arrived (a tuple, replaced when
            a cube arrives).
        order: player ids in this turn's order (card 1 first).
        deck: colour of the turn-order cards in front of the players (``"blue"`` first, then they alternate).
        phase: ``"stock"`` or ``"build"`` (the current player's turn), ``"order"`` (choosing cards) or ``"over"``.
        seat: index into ``order`` of the player whose turn it is.
        bought: railroad whose shares the current player bought this turn, if any.
        started_now: True when that purchase started the railroad (no further share may be bought).
        built: railroads that have built this player turn.
        new_order: during ``"order"``: player id → card number chosen so far.
        records: one :class:`TurnRecord` per finished game turn.
    """

    rng: GameRandom
    cash: dict[str, int]
    railroads: dict[str, RailroadState]
    order: list[str]
    turn: int = 1
    occupancy: dict[str, tuple[str, ...]] = field(default_factory=dict)
    deck: str = "blue"
    phase: str = "stock"
    seat: int = 0
    bought: str | None = None
    started_now: bool = False
    built: list[str] = field(default_factory=list)
    new_order: dict[str, int] = field(default_factory=dict)
    records: list[TurnRecord] = field(default_factory=list)

    def clone(self) -> "CDState":
        """An independent copy, faster than a pickle round trip (``process`` takes one before every action).
        Turn records are shared: they are never changed once written."""
        copy = object.__new__(CDState)
        values = self.__dict__.copy()  # as RailroadState.clone
        values["rng"] = GameRandom(self.rng.state)
        values["cash"], values["order"], values["built"] = self.cash.copy(), self.order[:], self.built[:]
        values["railroads"] = {rid: rr.clone() for rid, rr in self.railroads.items()}
        values["occupancy"] = self.occupancy.copy()  # its values are tuples
        values["new_order"], values["records"] = self.new_order.copy(), self.records[:]
        copy.__dict__ = values
        return copy

    @property
    def current_player(self) -> str:
        """The player whose turn it is (during ``"stock"``/``"build"``)."""
        return self.order[self.seat]
