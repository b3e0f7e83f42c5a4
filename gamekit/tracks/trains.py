"""Trains and phases of an 18xx game: the depot, the discard pile, phase changes and rusting.

Train ids are ``"<name>-<n>"`` (18xx.games ids): the n-th copy of that type. A type with unlimited copies (1830 D)
starts with one copy in the depot, and each time one is sold the next copy is added.
Rule sections: ``1830:trains.buy`` (what the depot sells), ``1830:trains.phase`` (phase changes),
``1830:trains.rust`` (rusting: a rusted type leaves the game, the copies the depot has not sold yet too).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

from .facts import PhaseFacts, TitleFacts, TrainFacts


@lru_cache(maxsize=4096)
def train_name(train_id: str) -> str:
    """Return the type of a train id (``"3+1-0"`` → ``"3+1"``). Remembered: a title has a few dozen train ids,
    asked for hundreds of thousands of times in a bot game (the rules look at every train of every listing)."""
    return train_id.rsplit("-", 1)[0]


@dataclass
class Depot:
    """The bank's trains and the phase (picklable, part of the game state).

    Attributes:
        upcoming: train ids not yet sold, in the order the depot sells them.
        discarded: trains returned to the bank (sold again at face value).
        phase: index of the current phase in the title's phase list.
        sold_types: train types of which at least one copy has been sold.
        next_copy: for unlimited types, the index of the next copy to create.
    """

    upcoming: list[str]
    discarded: list[str] = field(default_factory=list)
    phase: int = 0
    sold_types: list[str] = field(default_factory=list)
    next_copy: dict[str, int] = field(default_factory=dict)


def new_depot(facts: TitleFacts, options: tuple[str, ...]) -> Depot:
    """Create the depot with every train of the title in order (counts per the chosen options)."""
    upcoming: list[str] = []
    next_copy: dict[str, int] = {}
    for t in facts.trains:
        count = t.count
        for opt, n in (t.count_with_option or {}).items():
            if opt in options:
                count = n
        if count is None:
            upcoming.append(f"{t.name}-0")
            next_copy[t.name] = 1
        else:
            upcoming += [f"{t.name}-{i}" for i in range(count)]
    return Depot(upcoming=upcoming, next_copy=next_copy)


def phase(facts: TitleFacts, depot: Depot) -> PhaseFacts:
    """The current phase."""
    return facts.phases[depot.phase]


def phase_index(facts: TitleFacts, name: str) -> int:
    """Index of the phase called ``name``; raises ``KeyError`` if there is none. Remembered per title and name (a
    fact; the depot's sales ask it of every type on sale whenever the depot changes: :func:`_remembered`)."""
    return _remembered(_PHASE_INDEX, facts, name, lambda: _phase_at(facts, name))


def _phase_at(facts: TitleFacts, name: str) -> int:
    """:func:`phase_index` worked out: the phases looked at in order."""
    for i, p in enumerate(facts.phases):
        if p.name == name:
            return i
    raise KeyError(name)


def for_sale(facts: TitleFacts, depot: Depot) -> list[str]:
    """Train ids the depot sells now: the next train, plus the first copy of any later type already available by
    phase (1830: the D once the first 6 is sold), plus every discarded train (a new list each call). A type that
    has rusted is never sold: it has left the game, with the copies still in the depot (rule ``trains.rust``;
    in 1837 the goods trains are a roster beside the passenger trains, so the first 4G may rust the 2G before the
    depot has sold them all)."""
    gone = rusted(facts, depot)
    return _upcoming_for_sale(facts, tuple(depot.upcoming), depot.phase, gone) + \
        [t for t in depot.discarded if train_name(t) not in gone]


def rusted(facts: TitleFacts, depot: Depot) -> tuple[str, ...]:
    """The train types that have rusted: those one of whose rust triggers has been sold (rule ``trains.rust``).
    Remembered per title and types sold (all it reads; they change a few times a game, the depot's sales are worked
    out whenever the depot changes: :func:`_remembered`)."""
    sold = tuple(depot.sold_types)
    return _remembered(_RUSTED, facts, sold, lambda: tuple(
        t.name for t in facts.trains if any(trigger in sold for trigger in t.rust_triggers)))


_KEPT_SIZE = 512
"""How many answers a table of :func:`_remembered` holds at most."""


def _remembered(table: dict, facts: TitleFacts, key: object, work: Callable[[], Any]) -> Any:
    """The answer ``table`` keeps for the title of ``facts`` and ``key`` (hashable), ``work()`` at the first ask:
    for the answers that are pure functions of a title's facts and a key. The facts are kept in the entry, so their
    id is never reused while it lives; a table holding :data:`_KEPT_SIZE` answers is emptied before it takes more."""
    full_key = (id(facts), key)
    entry = table.get(full_key)
    if entry is None or entry[0] is not facts:
        if len(table) >= _KEPT_SIZE:
            table.clear()
        entry = table[full_key] = (facts, work())
    return entry[1]


_FOR_SALE: dict[tuple[int, tuple], tuple[TitleFacts, list[str]]] = {}
_RUSTED: dict[tuple[int, tuple[str, ...]], tuple[TitleFacts, tuple[str, ...]]] = {}
_PHASE_INDEX: dict[tuple[int, str], tuple[TitleFacts, int]] = {}


def _upcoming_for_sale(facts: TitleFacts, upcoming: tuple[str, ...], phase_at: int,
                       gone: tuple[str, ...]) -> list[str]:
    """The trains of :func:`for_sale` taken from ``upcoming`` in phase ``phase_at`` once the types ``gone`` have
    rusted: remembered per depot and phase (the rules of a train purchase ask for it many times per position; a
    game sees a few dozen depots: :func:`_remembered`)."""
    return list(_remembered(_FOR_SALE, facts, (upcoming, phase_at, gone),
                            lambda: _first_copies(facts, upcoming, phase_at, gone)))


def _first_copies(facts: TitleFacts, upcoming: tuple[str, ...], phase_at: int, gone: tuple[str, ...]) -> list[str]:
    """The next train of ``upcoming`` and the first copy of each later type available by phase ``phase_at``,
    leaving out the rusted types ``gone`` (the next train is then the first copy of a type still in play)."""
    out: list[str] = []
    kept = [t for t in upcoming if train_name(t) not in gone] if gone else list(upcoming)
    if kept:
        out.append(kept[0])
    seen = {train_name(out[0])} if out else set()
    for train_id in kept[1:]:
        name = train_name(train_id)
        if name in seen:
            continue
        seen.add(name)
        avail = facts.train(name).available_on
        if avail is not None and phase_at >= phase_index(facts, avail):
            out.append(train_id)
    return out


def take(depot: Depot, train_id: str) -> None:
    """Remove a train from the depot or the discard pile (adding the next copy of an unlimited type)."""
    if train_id in depot.discarded:
        depot.discarded.remove(train_id)
        return
    pos = depot.upcoming.index(train_id)
    depot.upcoming.pop(pos)
    name = train_name(train_id)
    if name in depot.next_copy:
        depot.upcoming.insert(pos, f"{name}-{depot.next_copy[name]}")
        depot.next_copy[name] += 1


def leave_play(depot: Depot, name: str) -> None:
    """Type ``name`` has rusted: its copies in the depot and in the discard pile leave the game (rule
    ``trains.rust``; :func:`for_sale` already leaves them out, this also keeps them out of the depot's list)."""
    depot.upcoming = [t for t in depot.upcoming if train_name(t) != name]
    depot.discarded = [t for t in depot.discarded if train_name(t) != name]


def new_phase_on(facts: TitleFacts, depot: Depot, train_id: str) -> int | None:
    """The index of the phase that buying ``train_id`` starts (first copy of a type named by a later phase's
    ``on``), or ``None``."""
    name = train_name(train_id)
    if name in depot.sold_types:
        return None
    for i, p in enumerate(facts.phases):
        if i > depot.phase and p.on == name:
            return i
    return None


def rusted_by(facts: TitleFacts, depot: Depot, train_id: str) -> list[str]:
    """The train types that rust when ``train_id`` is bought (only the first copy of its type rusts anything)."""
    name = train_name(train_id)
    if name in depot.sold_types:
        return []
    return [t.name for t in facts.trains if name in t.rust_triggers]


_TRAIN_FACTS: dict[tuple[int, str], tuple[TitleFacts, TrainFacts]] = {}


def train_facts(facts: TitleFacts, train_id: str) -> TrainFacts:
    """The facts of a train id's type; raises ``KeyError`` for an unknown type. Remembered per title and id (the
    rules of a train purchase ask for every train's facts at every listing), as :func:`_remembered` keeps answers
    in a table eight times the size (a title has up to a few dozen train ids). Written out: a call of
    :func:`_remembered` with its closure costs 1837's random games 0.25% more instructions."""
    key = (id(facts), train_id)
    entry = _TRAIN_FACTS.get(key)
    if entry is None or entry[0] is not facts:
        if len(_TRAIN_FACTS) >= _KEPT_SIZE * 8:
            _TRAIN_FACTS.clear()
        entry = _TRAIN_FACTS[key] = (facts, facts.train(train_name(train_id)))
    return entry[1]
