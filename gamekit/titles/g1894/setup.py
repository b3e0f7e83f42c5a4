"""1894's setup (rule ``1894:setup``): the seeded draw of the French starting corporation and of the station
private kept in the game, and the certificates handed out before the private auction.

The draws follow 18xx.games, so an imported game starts alike: each candidate gets one draw of the game's
generator, in the listed order, and the smallest draw wins (:meth:`gamekit.rng.GameRandom.shuffled`). The French
corporation drawn keeps its major shareholding private (the other four leave the game); of the two station
privates the one drawn leaves the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...events import Event
from ...i18n import msg
from ...tracks.shares import IPO, POOL

if TYPE_CHECKING:
    from .game import Game1894

RULE = "1894:setup"


def draw(game: "Game1894") -> tuple[str, str]:
    """Draw ``(French starting corporation, station private removed)`` with the game's generator."""
    consts = game.facts.constants
    rng = game.state.rng
    french = rng.shuffled(consts["french_starting_candidates"])[0]
    removed = rng.shuffled(consts["teleport_candidates"])[0]
    return french, removed


def starting_corporations(game: "Game1894") -> tuple[str, ...]:
    """The two corporations floated by their major shareholdings: the French one drawn and the Belge."""
    return game.state.title.french_start, "Belge"


def set_up(game: "Game1894") -> list[Event]:
    """Draw, take the unused privates out of the game and hand out the starting corporations' certificates:
    each player (in seat order) one 10% certificate of each, the last ones of the IPO; with three players one
    more of each to the bank pool. Returns the events."""
    state = game.state
    french, removed = draw(game)
    state.title.french_start = french
    gone = [p.sym for p in game.facts.privates
            if p.grants_certificate and p.grants_certificate.endswith("_0")
            and p.grants_certificate.rsplit("_", 1)[0] not in (french, "Belge")] + [removed]
    state.closed_privates.extend(gone)
    state.round.remaining = [sym for sym in state.round.remaining if sym not in gone]
    events = [Event(RULE, msg("The French starting corporation is {french}; {removed} leaves the game", french=french,
                               removed=removed), "setup",
                  {"french": french, "removed": removed})]
    for corp in (french, "Belge"):
        for player in state.seat_order:
            state.ledger.move(state.ledger.certs(IPO, corp)[-1], player)
        if len(state.seat_order) == 3:
            state.ledger.move(state.ledger.certs(IPO, corp)[-1], POOL)
        events.append(Event(RULE, msg("Each player receives a {percent} certificate of {corporation}", percent="10%",
                                                 corporation=corp), "setup", {"corporation": corp}))
    return events
