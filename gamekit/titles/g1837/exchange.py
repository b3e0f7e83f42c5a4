"""1837's exchange round, before every stock round and every operating round: coal companies exchanged for
their major's reserved certificates, and the nationals' optional formation (rules ``1837:exchange-round``,
``1837:coal.exchange``, ``1837:national.formation``).

The decisions open are asked in turn, each by the company concerned (as 18xx.games logs them: the coal
company chooses ``Exchange`` or ``Decline``; the first minor of a national chooses ``form`` or ``decline``,
the others then ``fold_in`` or ``decline``). Forced exchanges happen at once, without a decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...events import Event
from ...game import Step
from ...g18xx.economy import require, update_president
from ...tracks.actions import Choose
from ...tracks.shares import IPO
from . import nationals

if TYPE_CHECKING:
    from .game import Game1837

ROUND, COAL = "1837:exchange-round", "1837:coal.exchange"
CLOSED = "@closed"
"""The holder of the certificates of companies that have closed (coal companies exchanged, minors merged)."""


@dataclass
class ExchangeRound:
    """The exchange round (rule ``1837:exchange-round``): ``asks``: ``(company, kind)`` decisions still to be
    made, in order (``coal``: a coal company's exchange; ``form``: a national's formation by its first minor;
    ``fold_in``: another minor joining the national just formed); ``then``: the round that follows, ``("stock",)``
    or ``("operating", num, total)``; ``forming``: ``[national, minor, …]`` of each national decided to form, with
    the minors that join it (it forms once they have all decided)."""

    asks: list[tuple[str, str]]
    then: tuple
    forming: list[list[str]] = field(default_factory=list)


def open_exchanges(game: "Game1837") -> list[str]:
    """Coal companies whose major has floated, in the order 18xx.games asks them."""
    state = game.state
    out = []
    for facts in game.facts.corporations:
        if facts.kind != "coal" or game.closed(facts.sym) or not state.corporations[facts.sym].floated:
            continue
        if state.corporations[facts.exchanges_for].floated:
            out.append(facts.sym)
    return out


def forced(game: "Game1837", coal: str) -> bool:
    """The exchange is forced once the major has no certificate left for sale in its IPO (rule
    ``1837:coal.exchange``)."""
    major = game.facts.corporation(coal).exchanges_for
    return not any(not game.reserved_now(c) for c in game.state.ledger.certs(IPO, major))


def start(game: "Game1837", then: tuple) -> list[Event]:
    """Begin the exchange round before the round ``then``: forced exchanges at once, then the decisions; with none
    open, the next round begins at once (returns the events)."""
    events: list[Event] = []
    for coal in _by_owner(game, open_exchanges(game)):
        if forced(game, coal):
            events += exchange(game, coal)
    asks = [(coal, "coal") for coal in _by_owner(game, open_exchanges(game))]
    asks += [(first, "form") for first in nationals.formable(game)]
    if not asks:
        return events + game.begin_round(then)
    game.state.round = ExchangeRound(asks=asks, then=then)
    return events + [Event(ROUND, "The exchange round begins: " + ", ".join(a for a, _ in asks) + " decide",
                           "round", {"round": "exchange"})]


def _by_owner(game: "Game1837", coals: list[str]) -> list[str]:
    """Coal companies in the order the exchange round asks them: their owners from the last in the priority
    order backwards, as 18xx.games orders the round's companies in the real game's rounds (a coal company of
    a player named earlier decides later), each owner's in the companies' order."""
    order = list(reversed(game.state.seat_order))
    return sorted(coals, key=lambda c: order.index(game.state.corporations[c].president))


def current(game: "Game1837") -> str:
    """The company deciding now."""
    return game.state.round.asks[0][0]


def step(game: "Game1837") -> Step:
    """The active step: the decision asked now."""
    who, kind = game.state.round.asks[0]
    if kind == "coal":
        major = game.facts.corporation(who).exchanges_for
        return Step("Exchange round", f"{who} may be exchanged for a reserved certificate of {major}, or decline.",
                    COAL, who, ("choose",))
    national = game.facts.corporation(who).merges_into
    verb = "form" if kind == "form" else "fold into"
    return Step("Exchange round", f"{who} may {verb} {national}, or decline.", "1837:national.formation", who,
                ("choose",))


def legal_actions(game: "Game1837") -> list[Choose]:
    """The answers to the decision now."""
    return choices(game)


def ranges(game: "Game1837") -> list:
    """An exchange round has no ranges."""
    return []


def choices(game: "Game1837") -> list[Choose]:
    """The two answers of the decision now."""
    who, kind = game.state.round.asks[0]
    answers = {"coal": ("Exchange", "Decline"), "form": ("form", "decline"), "fold_in": ("fold_in", "decline")}[kind]
    return [Choose(entity=who, choice=a) for a in answers]


def apply(game: "Game1837", action: Choose) -> list[Event]:
    """Apply a decision; raises :class:`GameError` naming the rule when it is not the one asked now."""
    rnd = game.state.round
    who, kind = rnd.asks[0]
    rule = COAL if kind == "coal" else "1837:national.formation"
    require(isinstance(action, Choose) and action.entity == who,
            f"{game.name_of(who)} decides now in the exchange round, not {game.name_of(action.entity)}", ROUND)
    require(action in choices(game), f"{who} chooses one of {', '.join(c.choice for c in choices(game))}, not "
            f"{action.choice!r}", rule)
    rnd.asks.pop(0)
    declined = action.choice in ("Decline", "decline")
    if declined:
        events = [Event(rule, f"{who} declines", "decline", {"company": who})]
    elif kind == "coal":
        events = exchange(game, who)
    elif kind == "form":
        national = game.facts.corporation(who).merges_into
        rnd.forming.append([national, who])
        rnd.asks[:0] = [(m, "fold_in") for m in nationals.independent_minors(game, national) if m != who]
        events = [Event(rule, f"{who} forms {national}; its other minors decide whether to fold in", "form",
                        {"national": national})]
    else:
        rnd.forming[-1].append(who)
        events = [Event(rule, f"{who} folds into {rnd.forming[-1][0]}", "fold_in", {"minor": who})]
    if not rnd.asks:
        for national, *minors in rnd.forming:  # a national forms once its minors have decided
            events += nationals.form(game, national, minors)
        events += nationals.after_formations(game) + game.begin_round(rnd.then)
    return events


def exchange(game: "Game1837", coal: str) -> list[Event]:
    """Exchange coal company ``coal`` for its major's next reserved certificate: the owner receives it, the
    treasury and trains pass to the major, the coal company closes and its mine keeps its marker (rule
    ``1837:coal.exchange``)."""
    state = game.state
    major = game.facts.corporation(coal).exchanges_for
    c, m = state.corporations[coal], state.corporations[major]
    owner = c.president
    cert = next(x for x in state.ledger.certs(IPO, major) if game.reserved_now(x))
    state.ledger.move(cert, owner)
    for own in state.ledger.certs(owner, coal):
        state.ledger.move(own, CLOSED)
    m.cash, c.cash = m.cash + c.cash, 0
    moved, m.trains, c.trains = list(c.trains), m.trains + c.trains, []
    game.close(coal)
    events = [Event(COAL, f"{game.player(owner).name} exchanges {coal} for {cert}; {major} receives its treasury"
                    + (f" and {', '.join(moved)}" if moved else ""), "exchange",
                    {"company": coal, "certificate": cert, "player": owner, "corporation": major})]
    return events + update_president(game, major)


def exchange_all(game: "Game1837") -> list[Event]:
    """The first 5-train: every coal company left is exchanged, whether its major has floated or not (rule
    ``1837:coal.exchange``)."""
    events: list[Event] = []
    for facts in game.facts.corporations:  # in the companies' order, as 18xx.games exchanges them here
        if facts.kind == "coal" and game.state.corporations[facts.sym].floated:
            events += exchange(game, facts.sym)
    return events

