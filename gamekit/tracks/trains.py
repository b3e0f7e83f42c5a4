"""Trains and phases of an 18xx game: the depot, the discard pile, phase changes and rusting.

Train ids are ``"<name>-<n>"`` (18xx.games ids): the n-th copy of that type. A type with unlimited copies (1830 D)
starts with one copy in the depot, and each time one is sold the next copy is added.
Rule sections: ``1830:trains.buy`` (what the depot sells), ``1830:trains.phase`` (phase changes),
``1830:trains.rust`` (rusting).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .facts import PhaseFacts, TitleFacts, TrainFacts


def train_name(train_id: str) -> str:
    """Return the type of a train id (``"3+1-0"`` → ``"3+1"``)."""
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
    """Index of the phase called ``name``; raises ``KeyError`` if there is none."""
    for i, p in enumerate(facts.phases):
        if p.name == name:
            return i
    raise KeyError(name)


def for_sale(facts: TitleFacts, depot: Depot) -> list[str]:
    """Train ids the depot sells now: the next train, plus the first copy of any later type already available by
    phase (1830: the D once the first 6 is sold), plus every discarded train."""
    out: list[str] = []
    if depot.upcoming:
        out.append(depot.upcoming[0])
    seen = {train_name(out[0])} if out else set()
    for train_id in depot.upcoming[1:]:
        name = train_name(train_id)
        if name in seen:
            continue
        seen.add(name)
        avail = facts.train(name).available_on
        if avail is not None and depot.phase >= phase_index(facts, avail):
            out.append(train_id)
    return out + list(depot.discarded)


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


def train_facts(facts: TitleFacts, train_id: str) -> TrainFacts:
    """The facts of a train id's type."""
    return facts.train(train_name(train_id))
