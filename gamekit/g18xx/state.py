"""The mutable state of an 18xx game: everything that changes, named by id, picklable as a whole."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..rng import GameRandom
from ..tracks.board import Board
from ..tracks.market import Cell
from ..tracks.shares import ShareLedger
from ..tracks.trains import Depot


@dataclass
class PlayerState:
    """A player's cash (in dollars), private companies held (in order received) and bankruptcy flag."""

    cash: int
    privates: list[str] = field(default_factory=list)
    bankrupt: bool = False


@dataclass
class CorporationState:
    """A corporation's treasury (dollars), market position, president, trains, privates and station tokens.

    ``par`` and ``price`` are market cells ``(row, col)``; ``tokens`` holds, per station token in placing order,
    the hex where that token stands (``None`` while unplaced; the board knows the city); ``operated`` is True once it
    has operated.
    """

    cash: int = 0
    par: Cell | None = None
    price: Cell | None = None
    floated: bool = False
    president: str | None = None
    trains: list[str] = field(default_factory=list)
    privates: list[str] = field(default_factory=list)
    tokens: list[str | None] = field(default_factory=list)
    operated: bool = False


@dataclass
class AuctionRound:
    """The waterfall private auction (rule ``auction``).

    ``remaining``: unsold privates, cheapest first; ``bids``: private → list of ``[player, price]`` in order placed;
    ``discount``: dollars taken off a private's price after everyone passed; ``index``: position of the player to
    act in the seat order; ``passed``: players who passed since the last bid; ``pending_pars``: ``(corporation,
    player)`` per private bought that comes with the corporation's president's certificate, whose buyer must now
    set its par price (in the order bought; the auction goes on resolving meanwhile).
    """

    remaining: list[str]
    bids: dict[str, list[list[Any]]] = field(default_factory=dict)
    discount: dict[str, int] = field(default_factory=dict)
    index: int = 0
    passed: set[str] = field(default_factory=set)
    pending_pars: list[tuple[str, str]] = field(default_factory=list)
    last_to_act: str | None = None


@dataclass
class StockRound:
    """A stock round (rule ``stock.round``).

    ``index``: position of the player to act in the seat order; ``passed``: players whose last turn was a pass
    without acting; ``bought``: ``(corporation, source)`` of each certificate bought this turn (source ``IPO`` or
    ``POOL``; one purchase per turn, except brown-zone multiple buys); ``acted``: the current player has bought,
    sold or parred this turn; ``sold``: player →
    corporations they sold this round (they may not buy those again this round); ``pass_order``: players in the
    order of their last pass without acting (the next round's order under policy ``first_to_pass``).
    """

    index: int
    passed: set[str] = field(default_factory=set)
    bought: list[tuple[str, str]] = field(default_factory=list)
    acted: bool = False
    sold: dict[str, set[str]] = field(default_factory=dict)
    last_to_act: str | None = None
    pass_order: list[str] = field(default_factory=list)


@dataclass
class OperatingRound:
    """An operating round (rule ``or``).

    ``num``/``total``: this round's number in the current set and the set's size; ``order``: corporations in
    operating order (fixed at the start, re-sorted for those still to operate after emergency sales); ``index``:
    the corporation operating; ``step``: its current step (a key of :data:`gamekit.g18xx.operating.STEPS`);
    ``lays``: its track actions this turn, True for an upgrade; ``laid_hexes``: the hexes of its track actions
    this turn (policy ``lays_on_one_hex``); ``used_abilities``: privates whose once-per-turn
    ability was used; ``revenue``: what its trains earned this turn (currency units); ``must_discard``:
    corporations over their train limit after a phase change, who discard before play goes on;
    ``pending_tokens``: ``(chooser, owner, hexes)`` of station tokens waiting for the chooser to pick their city on
    one of those hexes — a token an upgrade lifted (rule ``track.tokens``), or a home token whose hex was split
    before it was placed or whose home the president chooses (``token.home``); ``teleport``: the hex where a
    teleport ability's tile was laid this turn, where the next token needs no connection; ``trade_ins``: trains
    traded in this turn; ``deferred_tokens``: lifted tokens whose owners re-place them later in the turn (1894:
    at its end), same shape as ``pending_tokens``; ``subsidy``: what the routes earned this turn for the
    treasury outside the revenue (1837's mines), paid with the dividend; ``emergency_sale``: the price of one
    share unit in the president's emergency sale when that sale was the last action (rule ``trains.emergency``: a
    train bought from another corporation after it must cost more than the money there was before the sale), else
    ``None``.
    """

    num: int
    total: int
    order: list[str]
    index: int = 0
    step: str = "track"
    lays: list[bool] = field(default_factory=list)
    laid_hexes: list[str] = field(default_factory=list)
    used_abilities: list[str] = field(default_factory=list)
    revenue: int = 0
    must_discard: list[str] = field(default_factory=list)
    pending_tokens: list[tuple[str, str, tuple[str, ...]]] = field(default_factory=list)
    teleport: str | None = None
    trade_ins: int = 0
    deferred_tokens: list[tuple[str, str, tuple[str, ...]]] = field(default_factory=list)
    subsidy: int = 0
    emergency_sale: int | None = None


@dataclass
class State:
    """The whole game state of an 18xx game.

    ``seat_order`` is the player order of the table rotated so that the holder of the priority deal comes first
    (rule ``stock.priority``); ``bank`` is the bank's cash (``None``: unlimited); ``end_pending``: end reason →
    timing of the triggers that fired and wait for their operating round or set to end (``end.*``); ``stacks``
    holds, per market cell, the
    corporations in the order they arrived there (operating order breaks ties with it); ``private_owner`` maps
    each sold, open private to its holder (a player id or a corporation symbol); ``bank_flow``: with an
    unlimited bank, what it has received less what it has paid (currency units; the starting cash counts), so
    money stays countable; ``title`` holds what only one title keeps (a dataclass of the title's, e.g. 1894's
    drawn corporation and ferry markers; ``None`` for 1830).
    """

    players: dict[str, PlayerState]
    seat_order: list[str]
    bank: int | None
    ledger: ShareLedger
    corporations: dict[str, CorporationState]
    private_owner: dict[str, str]
    closed_privates: list[str]
    stacks: dict[Cell, list[str]]
    board: Board
    depot: Depot
    round: Any
    stock_round_num: int = 0
    bank_broken: bool = False
    rng: GameRandom = field(default_factory=lambda: GameRandom(0))
    end_reason: str | None = None
    end_pending: dict[str, str] = field(default_factory=dict)
    title: Any = None
    bank_flow: int = 0
