"""The schema of an 18xx title's economic facts (``data/<title>/game.json``): bank, market, phases, trains,
private companies, corporations and the end of the game. Checked field by field when loaded
(:mod:`gamekit.model`); an error names the file and the wrong field in one line.

The schema carries what differs between 1830, 1837 and 1894 as data: corporation kinds (major, minor, coal
company, national) with one or several homes, capitalization, certificates and reserved certificates; train
limits per kind of corporation; trains whose reach is a list of distance rows (so "+n", express and goods trains
are data) and whose first purchase fires named events; an unlimited bank; end triggers with their timing; a
grid or hex market (:mod:`.market`). The fields that 1830's code reads keep their meaning (``home``,
``train_limit`` as a number, ``closes_privates``, ``corporations_buy_privates``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import ClassVar, Literal

from ..datafiles import data_json, load_model
from ..i18n import money_text
from ..model import FieldError, Record
from .market import MarketFacts, StockMarket

EntityKind = Literal["major", "minor", "coal", "national"]
"""Kinds of corporation: ``major`` (1830's and 1894's corporations, 1837's majors), ``minor`` (a one- or
two-certificate company), ``coal`` (1837's coal companies, which run goods trains), ``national`` (1837's
national railways, formed by events)."""

NodeKind = Literal["city", "town", "offboard"]
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_set = object.__setattr__
"""Set an attribute of a frozen record (as :mod:`gamekit.model` sets its fields)."""


class PhaseFacts(Record):
    """A phase: starts with the first purchase of train ``on``; its train limit, tile colours, ORs per set.

    ``train_limit`` is one number for every corporation, or a number per kind of corporation (1837: coal 2,
    minor 2, major 4, national 4); a kind missing from the mapping may hold no train in that phase.
    ``status`` names conditions that hold while the phase lasts (``corporations_buy_privates``). The events that
    come with a phase are those of its ``on`` train (:attr:`TrainFacts.events`): events live on trains because
    1837 fires some on trains that start no phase (the 4E's ``ug_can_form``).
    """

    name: str
    on: str | None = None
    train_limit: int | dict[EntityKind, int]
    tiles: tuple[str, ...]
    operating_rounds: int
    status: tuple[Literal["corporations_buy_privates"], ...] = ()

    @property
    def corporations_buy_privates(self) -> bool:
        """Whether corporations may buy private companies from players in this phase."""
        return "corporations_buy_privates" in self.status

    def limit_for(self, kind: EntityKind) -> int:
        """The train limit of a corporation of ``kind`` in this phase (0 when the phase names other kinds only)."""
        if isinstance(self.train_limit, int):
            return self.train_limit
        return self.train_limit.get(kind, 0)


class DistanceRow(Record):
    """One row of a train's reach: the route may visit up to ``visit`` stops of the ``nodes`` kinds and is paid
    for up to ``pay`` of them (None = any number). A "3+1" is a town row (pay 1, visit 1) and a 3-stop row; an
    express "4E" a town row (pay 0, visit any) and a 4-stop city/off-board row; a goods "2G" a town row (pay and
    visit any) and a 3-stop city/off-board row whose stops include the mine."""

    nodes: tuple[NodeKind, ...]
    pay: int | None
    visit: int | None

    def validate(self) -> None:
        """Each node kind once; ``pay`` at most ``visit``."""
        if not self.nodes or len(set(self.nodes)) != len(self.nodes):
            raise ValueError("nodes: give each node kind once, at least one")
        if self.visit is not None and (self.pay is None or self.pay > self.visit):
            raise ValueError(f"pay {'any' if self.pay is None else self.pay} is more than visit {self.visit}")


ALL_STOPS: tuple[NodeKind, ...] = ("city", "offboard", "town")


class TrainFacts(Record):
    """A train type.

    ``distance``: stops counted (a number, None = unlimited) or a list of distance rows (:class:`DistanceRow`).
    ``price`` in currency units; ``count`` copies (None = unlimited). ``rusts_on``: the train type (or any of
    several) whose first purchase removes this one; ``obsolete_on``: the type after whose first purchase this
    one runs one last time; ``available_on``: the phase from which it is sold; ``trade_in``: traded train type
    → discount; ``events``: named events its first purchase fires (keys of the title's ``events``);
    ``goods``: a goods train (1837): it must visit exactly one mine, and only goods trains may enter a mine.
    """

    name: str
    distance: int | tuple[DistanceRow, ...] | None = None
    price: int
    count: int | None = None
    count_with_option: dict[str, int] | None = None
    rusts_on: str | tuple[str, ...] | None = None
    obsolete_on: str | None = None
    available_on: str | None = None
    trade_in: dict[str, int] | None = None
    events: tuple[str, ...] = ()
    goods: bool = False

    @property
    def rows(self) -> tuple[DistanceRow, ...]:
        """The reach as distance rows: a number ``n`` is one row of ``n`` stops of every kind."""
        if isinstance(self.distance, tuple):
            return self.distance
        return (DistanceRow(nodes=ALL_STOPS, pay=self.distance, visit=self.distance),)

    @property
    def rust_triggers(self) -> tuple[str, ...]:
        """The train types whose first purchase rusts this one (empty: it never rusts)."""
        if self.rusts_on is None:
            return ()
        return (self.rusts_on,) if isinstance(self.rusts_on, str) else self.rusts_on

    @property
    def closes_privates(self) -> bool:
        """Whether the first purchase of this type closes the private companies (event ``close_privates``)."""
        return "close_privates" in self.events


class ExchangeFacts(Record):
    """A private that may be exchanged for a 10% certificate of ``corporation`` taken from ``from``
    (``ipo`` and/or ``market`` = the bank pool)."""

    json_names: ClassVar[dict[str, str]] = {"from_": "from"}
    corporation: str
    from_: tuple[str, ...]


class TileLayFacts(Record):
    """A private's tile lay on ``hexes`` (empty = any hex) with one of ``tiles``, ``count`` times.

    ``owner``: who must own the private — a ``corporation`` lays with it, or a ``player`` whose corporations
    lay with it (1837's mountain railways). ``cost``: paid for the lay (1894 LRC: 60); ``discount``: terrain
    cost waived up to this amount (1837: 110); ``extra_lay``: in addition to the normal lay (else it is the
    turn's lay); ``ignores_connection``: the hex need not be reached by the corporation's track.
    """

    hexes: tuple[str, ...]
    tiles: tuple[str, ...]
    count: int
    ignores_connection: bool = True
    extra_lay: bool = True
    owner: Literal["corporation", "player"] = "corporation"
    cost: int = 0
    discount: int = 0


class TeleportFacts(Record):
    """A private's tile lay plus station token on ``hexes`` without connection."""

    hexes: tuple[str, ...]
    tiles: tuple[str, ...]


class TokenAbilityFacts(Record):
    """A private's station token on ``hexes`` for ``price`` (1894 LS: free in A12), in addition to the normal
    token."""

    hexes: tuple[str, ...]
    price: int


class HexColourRevenue(Record):
    """A private whose revenue depends on the colour of the tile on ``hex`` (1894 SQG: G10 green 70, brown
    100; 0 otherwise)."""

    hex: str
    revenue: dict[str, int]


class PrivateFacts(Record):
    """A private company: face value and revenue per operating round in currency units, and its abilities.

    Closing: ``closed_by_events`` names the train events that close it (default: ``close_privates``);
    ``closes_on_phase`` a phase whose start closes it; ``closes_when_operated`` a corporation whose first
    operation closes it; ``closes_when_train_bought_by`` a corporation whose first train closes it;
    ``closes_on_purchase``: it closes as soon as it is bought (1837's coal and minor certificates: the
    certificate it stands for passes to the buyer). ``start_packet``: sold in the opening auction;
    ``comes_with``: another private its buyer receives; ``blocks_until_phase``: its hexes stay blocked until
    that phase, whoever owns it.
    """

    sym: str
    name: str
    value: int
    revenue: int
    description: str
    blocks_hexes: tuple[str, ...] = ()
    blocks_until_phase: str | None = None
    may_sell_to_corporation: bool = True
    grants_certificate: str | None = None
    closes_when_train_bought_by: str | None = None
    closes_when_operated: str | None = None
    closes_on_phase: str | None = None
    closes_on_purchase: bool = False
    closed_by_events: tuple[str, ...] = ("close_privates",)
    start_packet: bool = True
    comes_with: str | None = None
    revenue_when_corporation_owned: int | None = None
    revenue_by_hex_colour: HexColourRevenue | None = None
    exchange: ExchangeFacts | None = None
    tile_lay: TileLayFacts | None = None
    teleport: TeleportFacts | None = None
    token: TokenAbilityFacts | None = None


class HomeFacts(Record):
    """A home of a corporation: its hex and, on a hex with several cities, the city index."""

    hex: str
    city: int | None = None


class CorporationFacts(Record):
    """A corporation (of any kind): homes, token costs in order (the first is the home token), colours, and its
    certificates in percent, index 0 being the president's (director's) certificate.

    * ``homes`` with ``home_rule``: ``all`` — a token on every home (1894 Ouest, Nord, CFOR have two);
      ``choose_one`` — the president chooses one of them (1837 SD5; 1894's late LF and LB).
    * ``reserved``: indices of certificates not offered in the IPO at the start (1837: kept for coal-company
      exchanges and national formation).
    * ``capitalization``: ``full`` — when it floats the treasury receives par × the IPO certificates' percent / 10
      (reserved certificates excluded); ``incremental`` — each IPO sale pays the treasury; ``fixed`` — the bank
      pays ``starting_treasury`` once (1837's minors and coal companies).
    * ``float_percent``, ``max_holding_percent``, ``train_limit``: overrides of the title's value.
    * ``initial_price``: market cell id (``"120,3,8"``) of a corporation priced before it is started.
    * ``opens_on``: event from which it may be started (1894 late corporations); ``floatable``: False when only
      an event forms it (1837 nationals); ``merges_into``: the national it is folded into (1837 minors);
      ``exchanges_for``: the major whose reserved certificate it is exchanged for (1837 coal companies).
    """

    sym: str
    name: str
    kind: EntityKind = "major"
    homes: tuple[HomeFacts, ...]
    home_rule: Literal["all", "choose_one"] = "all"
    tokens: tuple[int, ...]
    colour: str
    text_colour: str | None = None
    certificates: tuple[int, ...]
    reserved: tuple[int, ...] = ()
    capitalization: Literal["full", "incremental", "fixed"] = "full"
    starting_treasury: int | None = None
    float_percent: int | None = None
    max_holding_percent: int | None = None
    train_limit: int | None = None
    initial_price: str | None = None
    opens_on: str | None = None
    floatable: bool = True
    merges_into: str | None = None
    exchanges_for: str | None = None

    @property
    def home(self) -> str:
        """The home hex of a corporation with a single home.

        Raises:
            ValueError: the corporation has several homes (read ``homes``).
        """
        return self._single_home().hex

    @property
    def home_city(self) -> int | None:
        """The city index of the single home on a multi-city hex (None: the hex's only city, or the hex as a
        whole). Raises ``ValueError`` like :attr:`home`."""
        return self._single_home().city

    def _single_home(self) -> HomeFacts:
        if len(self.homes) != 1:
            raise ValueError(f"{self.sym} has {len(self.homes)} homes, not one")
        return self.homes[0]

    def validate(self) -> None:
        """Certificates are positive and add up to 100%; reserved indices exist; ``starting_treasury`` goes with
        fixed capitalization; ``choose_one`` has homes to choose from."""
        if not self.certificates or min(self.certificates) <= 0 or sum(self.certificates) != 100:
            raise FieldError(f"{list(self.certificates)} must be positive and add up to 100%", ("certificates",))
        bad = [i for i in self.reserved if not 0 <= i < len(self.certificates)]
        if bad:
            raise ValueError(f"reserved: certificate index {bad[0]} does not exist")
        if (self.capitalization == "fixed") != (self.starting_treasury is not None):
            raise ValueError("starting_treasury: give it exactly when capitalization is 'fixed'")
        if self.home_rule == "choose_one" and len(self.homes) < 2:
            raise ValueError("homes: 'choose_one' needs at least two homes to choose from")

    def ipo_percent(self) -> int:
        """The percent of certificates offered in the IPO at the start (all but the reserved ones)."""
        return sum(p for i, p in enumerate(self.certificates) if i not in self.reserved)


class EndTriggerFacts(Record):
    """A way the game ends, and when it ends once triggered.

    ``reason``: ``bankrupt`` (``players``: after ``one`` or ``all_but_one`` bankruptcies), ``bank`` (the bank
    cannot pay), ``stock_market`` (a price reaches an ``ends_game`` cell), ``final_phase`` (``phase`` starts),
    ``final_train`` (the last train is bought). ``timing``: ``immediate``; ``current_or`` (end of this operating
    round); ``full_or`` (end of this set of operating rounds); ``one_more_full_or_set`` (finish this set, play
    one more).
    """

    reason: Literal["bankrupt", "bank", "stock_market", "final_phase", "final_train"]
    timing: Literal["immediate", "current_or", "full_or", "one_more_full_or_set"]
    players: Literal["one", "all_but_one"] | None = None
    phase: str | None = None

    def validate(self) -> None:
        """``players`` goes with the bankrupt trigger, ``phase`` with the final-phase trigger."""
        if (self.reason == "bankrupt") != (self.players is not None):
            raise ValueError("players: give it exactly for the 'bankrupt' trigger")
        if (self.reason == "final_phase") != (self.phase is not None):
            raise ValueError("phase: give it exactly for the 'final_phase' trigger")


class TitleFacts(Record):
    """Everything in ``data/<title>/game.json``. Money in currency units (``currency`` formats it).

    ``bank_cash`` is a number or ``"unlimited"`` (1894). ``discarded_trains``: where a train discarded over the
    limit goes — back to the ``depot`` (sold again at face value) or ``removed`` from the game (1894).
    ``events`` explains every train event by name; ``constants`` holds named facts that the title's own rules
    read (1894's London hex and ferry costs, 1837's mine hexes).
    """

    title: str
    source: str
    currency: str
    bank_cash: int | Literal["unlimited"]
    starting_cash: dict[str, int]
    cert_limit: dict[str, int]
    float_percent: int
    max_holding_percent: int
    pool_limit_percent: int
    market: MarketFacts
    phases: tuple[PhaseFacts, ...]
    trains: tuple[TrainFacts, ...]
    discarded_trains: Literal["depot", "removed"]
    events: dict[str, str] = {}
    privates: tuple[PrivateFacts, ...]
    corporations: tuple[CorporationFacts, ...]
    end_triggers: tuple[EndTriggerFacts, ...]
    constants: dict[str, int | str | tuple[str, ...]] = {}

    def validate(self) -> None:
        """Every cross-reference names something that exists (see :func:`_problems`)."""
        for problem in _problems(self):
            raise ValueError(problem)

    @property
    def unlimited_bank(self) -> bool:
        """True when the bank never runs out (1894)."""
        return self.bank_cash == "unlimited"

    @property
    def market_legend(self) -> dict[str, str]:
        """Zone letter → legend text, in the order of the data file."""
        return {letter: zone.text for letter, zone in self.market.zones.items()}

    def money(self, amount: int) -> str:
        """Return ``amount`` (currency units) as the title writes money: its ``currency`` (``$1,200``, ``1,200K``,
        ``1,200 F``), thousands separated, a debt with its sign first (``-$5``). The one notation of events,
        refusals and panels alike; an amount of thousands is a :class:`~gamekit.i18n.Money`, which each language
        shows with its own thousands separator (``$1.200`` in Dutch)."""
        return money_text(amount, self.currency)

    # the lookup indexes kept beside the fields (see _kept_index), None until first asked
    _privates_index: ClassVar[dict | None] = None
    _corporations_index: ClassVar[dict | None] = None
    _trains_index: ClassVar[dict | None] = None
    _max_holding_index: ClassVar[dict | None] = None

    def private(self, sym: str) -> PrivateFacts:
        """The private company ``sym``; raises ``KeyError`` if unknown."""
        return (self._privates_index or self._kept_index("privates", "sym"))[sym]

    def corporation(self, sym: str) -> CorporationFacts:
        """The corporation ``sym``; raises ``KeyError`` if unknown."""
        return (self._corporations_index or self._kept_index("corporations", "sym"))[sym]

    def train(self, name: str) -> TrainFacts:
        """The train type ``name``; raises ``KeyError`` if unknown."""
        return (self._trains_index or self._kept_index("trains", "name"))[name]

    def _kept_index(self, name: str, key: str) -> dict:
        """The items of field ``name`` by their ``key`` field, kept in the record beside its fields (not one of
        them: equality and JSON ignore it) as ``_<name>_index``: the lookups above are asked ~100,000 times a game,
        so each is one read of the record's attribute. Set as an attribute, not through the record's ``__dict__``:
        in CPython 3.11 reading that dict makes every later read of the record's fields take the slow path.
        :meth:`replace` drops the kept indexes of its copy."""
        index = _index(getattr(self, name), key)
        _set(self, f"_{name}_index", index)
        return index

    def replace(self, **changes) -> "TitleFacts":
        """A copy with some fields changed (:meth:`Record.replace`), its lookup indexes made again when asked."""
        copy = super().replace(**changes)
        for name in ("privates", "corporations", "trains", "max_holding"):
            copy.__dict__.pop(f"_{name}_index", None)
        return copy

    def float_percent_of(self, sym: str) -> int:
        """The percent of ``sym`` that must be sold for it to float (its own value, else the title's)."""
        own = self.corporation(sym).float_percent
        return self.float_percent if own is None else own

    def max_holding_percent_of(self, sym: str) -> int:
        """The most a player may hold of ``sym`` outside exempt market zones (its own value, else the title's);
        raises ``KeyError`` if ``sym`` is no corporation. Asked for every player and corporation of a stock round's
        listings, so every corporation's is found once and kept beside the fields as ``_max_holding_index`` (as
        :meth:`_kept_index`)."""
        most = self._max_holding_index
        if most is None:
            most = {corp.sym: self.max_holding_percent if corp.max_holding_percent is None else corp.max_holding_percent
                    for corp in self.corporations}
            _set(self, "_max_holding_index", most)
        return most[sym]

    def train_limit(self, sym: str, phase: PhaseFacts) -> int:
        """The train limit of corporation ``sym`` in ``phase`` (its own limit, else the phase's for its kind)."""
        corp = self.corporation(sym)
        return corp.train_limit if corp.train_limit is not None else phase.limit_for(corp.kind)

    def end_trigger(self, reason: str) -> EndTriggerFacts | None:
        """The end trigger for ``reason``, or None when this title does not end that way."""
        return next((t for t in self.end_triggers if t.reason == reason), None)


_INDEXES: dict[tuple[int, str], tuple[tuple, dict]] = {}


def _index(items: tuple, key: str = "sym") -> dict:
    """``items`` by their ``key`` field, built once per tuple (facts are frozen; the tuple is kept with its
    index, so its id is never reused while the entry lives)."""
    entry = _INDEXES.get((id(items), key))
    if entry is None or entry[0] is not items:
        entry = _INDEXES[(id(items), key)] = (items, {getattr(item, key): item for item in items})
    return entry[1]


def _problems(facts: TitleFacts):
    """Yield one message per broken cross-reference, each naming its field (``trains.3.rusts_on: ...``)."""
    market = StockMarket(facts.market)
    yield from _duplicates(facts)
    yield from _phase_and_train_problems(facts)
    yield from _corporation_problems(facts, market)
    yield from _private_problems(facts)
    yield from _end_problems(facts, market)


def _duplicates(facts: TitleFacts):
    for kind, items, key in (("train", facts.trains, "name"), ("phase", facts.phases, "name"),
                             ("corporation", facts.corporations, "sym"), ("private", facts.privates, "sym")):
        names = [getattr(item, key) for item in items]
        for name in sorted({n for n in names if names.count(n) > 1}):
            yield f"{kind} {name!r} is listed twice"
    for name in facts.events:
        if not _NAME.match(name):
            yield f"events.{name}: an event is named by a lower-case identifier"


def _phase_and_train_problems(facts: TitleFacts):
    trains = _index(facts.trains, "name")
    phases = {p.name for p in facts.phases}
    for i, p in enumerate(facts.phases):
        if (p.on is None) != (i == 0):
            yield f"phases.{i}.on: every phase but the first starts with a train"
        elif p.on is not None and p.on not in trains:
            yield f"phases.{i}.on: no train named {p.on!r}"
    for i, t in enumerate(facts.trains):
        for other in (*t.rust_triggers, *([t.obsolete_on] if t.obsolete_on else []), *(t.trade_in or {})):
            if other not in trains:
                yield f"trains.{i}: no train named {other!r}"
        if t.available_on is not None and t.available_on not in phases:
            yield f"trains.{i}.available_on: no phase named {t.available_on!r}"
        for event in t.events:
            if event not in facts.events:
                yield f"trains.{i}.events: {event!r} is not explained in events"


def _corporation_problems(facts: TitleFacts, market: StockMarket):
    corps = _index(facts.corporations)
    for i, c in enumerate(facts.corporations):
        for field, target, kind in (("merges_into", c.merges_into, "national"),
                                    ("exchanges_for", c.exchanges_for, "major")):
            if target is not None and (target not in corps or corps[target].kind != kind):
                yield f"corporations.{i}.{field}: {target!r} is not a {kind} corporation"
        if c.initial_price is not None and c.initial_price not in market.by_id:
            yield f"corporations.{i}.initial_price: {c.initial_price!r} is not a market cell"
        if c.opens_on is not None and c.opens_on not in facts.events:
            yield f"corporations.{i}.opens_on: {c.opens_on!r} is not explained in events"


def _private_problems(facts: TitleFacts):
    names = {"phase": {p.name for p in facts.phases}, "corporation": set(_index(facts.corporations)),
             "private": set(_index(facts.privates)), "event": set(facts.events)}
    fields = (("closes_on_phase", "phase"), ("blocks_until_phase", "phase"), ("closes_when_operated", "corporation"),
              ("closes_when_train_bought_by", "corporation"), ("comes_with", "private"))
    for i, p in enumerate(facts.privates):
        for field, kind in fields:
            value = getattr(p, field)
            if value is not None and value not in names[kind]:
                yield f"privates.{i}.{field}: no {kind} named {value!r}"
        for event in p.closed_by_events:
            if event not in names["event"]:
                yield f"privates.{i}.closed_by_events: {event!r} is not explained in events"
        if p.grants_certificate is not None and not _names_certificate(facts, p.grants_certificate):
            yield f"privates.{i}.grants_certificate: {p.grants_certificate!r} names no certificate"


def _names_certificate(facts: TitleFacts, cert: str) -> bool:
    corp, _, index = cert.rpartition("_")
    corps = _index(facts.corporations)
    return corp in corps and index.isdigit() and int(index) < len(corps[corp].certificates)


def _end_problems(facts: TitleFacts, market: StockMarket):
    phases = {p.name for p in facts.phases}
    for i, trigger in enumerate(facts.end_triggers):
        if trigger.reason == "bank" and facts.unlimited_bank:
            yield f"end_triggers.{i}: an unlimited bank cannot break"
        if trigger.reason == "stock_market" and not market.cells_with("ends_game"):
            yield f"end_triggers.{i}: no market cell has the effect 'ends_game'"
        if trigger.phase is not None and trigger.phase not in phases:
            yield f"end_triggers.{i}.phase: no phase named {trigger.phase!r}"


@lru_cache(maxsize=None)
def title_facts(folder: str) -> TitleFacts:
    """Load and validate ``data/<folder>/game.json``; raises :class:`gamekit.errors.DataError` naming the field."""
    return load_model(TitleFacts, data_json(folder, "game.json"), f"data/{folder}/game.json")
