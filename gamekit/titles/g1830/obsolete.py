"""Obsolete trains of 1830's Coalfields and Reading variants (rule ``1830:trains.obsolete``).

In the variants a 2-, 3- or 4-train does not rust at once when the first train named by its ``obsolete_on`` is
bought: it becomes obsolete. It still counts against the train limit and runs once more, in its owner's next
operating turn; right after that turn's dividend it rusts and leaves the game. The depot's and the discard pile's
copies of an obsolete type leave the game at once (no corporation may buy an obsolete train).

The title plays this with its own operating step ``obsolete`` after ``dividend`` (:data:`STEP`), which only rusts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...events import Event
from ...g18xx.operating import TurnStep
from ...i18n import msg
from ...tracks.trains import leave_play, train_name

if TYPE_CHECKING:
    from . import Game1830


def obsolete_types(game: "Game1830") -> tuple[str, ...]:
    """The train types made obsolete so far: those whose ``obsolete_on`` train has been sold."""
    sold = game.state.depot.sold_types
    return tuple(t.name for t in game.facts.trains if t.obsolete_on and t.obsolete_on in sold)


def declare(game: "Game1830", bought: str) -> list[Event]:
    """The first ``bought``-train was sold: every train whose ``obsolete_on`` names it becomes obsolete (its
    holders' copies run once more; the bank's leave the game). Returns the events."""
    events: list[Event] = []
    for facts in game.facts.trains:
        if facts.obsolete_on != bought:
            continue
        held = [t for c in game.state.corporations.values() for t in c.trains if train_name(t) == facts.name]
        game.state.title.obsolete += [t for t in held if t not in game.state.title.obsolete]
        leave_play(game.state.depot, facts.name)
        events.append(Event(game.rule("trains.obsolete"),
                            msg("The {train}-trains are obsolete: each runs once more, then rusts", train=facts.name),
                            "obsolete", {"trains": held, "type": facts.name}))
    return events


def purge(game: "Game1830") -> None:
    """Obsolete types leave the depot and the discard pile (a train discarded over the limit after it became
    obsolete is scrapped, not offered again), and the list of obsolete trains keeps only those still held."""
    for name in obsolete_types(game):
        leave_play(game.state.depot, name)
    title = game.state.title
    if title.obsolete:
        held = {t for c in game.state.corporations.values() for t in c.trains}
        title.obsolete = [t for t in title.obsolete if t in held]


def rust_after_run(game: "Game1830", corp: str) -> list[Event]:
    """The ``obsolete`` step, never a choice: ``corp``'s obsolete trains rust after its dividend."""
    c = game.state.corporations[corp]
    gone = [t for t in c.trains if t in game.state.title.obsolete]
    for t in gone:
        c.trains.remove(t)
        game.state.title.obsolete.remove(t)
    if not gone:
        return []
    return [Event(game.rule("trains.obsolete"),
                  msg("{corporation}'s obsolete trains rust: {trains}", corporation=corp,
                      trains=", ".join(train_name(t) for t in gone)),
                  "rust", {"corporation": corp, "trains": gone})]


STEP = TurnStep("obsolete", msg("Obsolete trains rust"), "trains.obsolete", (),
                lambda g, c: msg("{corporation}'s obsolete trains rust after its run.", corporation=c),
                lambda g, c: [], rust_after_run)
"""The title's operating step after ``dividend`` (Coalfields and Reading variants only)."""
