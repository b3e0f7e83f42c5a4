"""1837's exchange round, before every stock round and every operating round: coal companies exchanged for
their major's reserved certificates, and the nationals' optional formation (rules ``1837:exchange-round``,
``1837:coal.exchange``, ``1837:national.formation``).

The decisions open are asked in turn, each by the company concerned (as 18xx.games logs them: the coal
company chooses ``Exchange`` or ``Decline``; the first minor of a national chooses ``form`` or ``decline``,
the others then ``fold_in`` or ``decline``). A forced exchange is made without a decision when its turn comes. A
company that an exchange or a formation takes over its train limit discards down to it before the next decision
(rule ``1837:trains.limit``; :mod:`.trains`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...actions import Action
from ...events import Event
from ...game import Step
from ...i18n import join, msg
from ...g18xx.economy import require, update_president
from ...tracks.actions import Choose, DiscardTrain
from ...tracks.shares import IPO, POOL
from . import nationals, trains

if TYPE_CHECKING:
    from .game import Game1837

ROUND, COAL = "1837:exchange-round", "1837:coal.exchange"
CLOSED = "@closed"
"""The holder of the certificates of companies that have closed (coal companies exchanged, minors merged)."""


@dataclass
class ExchangeRound:
    """The exchange round (rule ``1837:exchange-round``): ``asks``: ``(company, kind)`` decisions still to be
    made, in order (``forced``: a coal company's exchange made without a decision; ``coal``: a coal company's
    exchange; ``form``: a national's formation by its first minor; ``fold_in``: another minor joining the national
    just formed; ``join``: a minor joining its national formed in an earlier round); ``then``: the round that follows, ``("stock",)`` or ``("operating", num, total)``; ``forming``:
    ``[national, minor, …]`` of each national decided to form, with the minors that join it (it forms once they
    have all decided); ``discards``: companies over their train limit, which discard before anything else
    (rule ``1837:trains.limit``); ``decisions``: whether any decision was asked (the nationals' presidents are
    then settled at the end)."""

    asks: list[tuple[str, str]]
    then: tuple
    forming: list[list[str]] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    decisions: bool = False


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
    """Begin the exchange round before the round ``then``: the coal companies' exchanges (the forced ones made
    as their turn comes), the nationals' formations, each followed by the discards it makes necessary; with nothing to decide, the next round begins at once (returns
    the events)."""
    trains.new_round(game)
    asks = [(coal, "forced" if forced(game, coal) else "coal") for coal in _in_order(game, open_exchanges(game))]
    asks += [(first, "form") for first in nationals.formable(game)]
    asks += [(minor, "join") for minor in nationals.joinable(game)]
    deciding = [who for who, kind in asks if kind != "forced"]
    game.state.round = ExchangeRound(asks=asks, then=then, decisions=bool(deciding))
    events = [Event(ROUND, msg("The exchange round begins: {companies} decide", companies=join(", ", deciding)),
                    "round", {"round": "exchange"})] if deciding else []
    return _proceed(game, events)


def _proceed(game: "Game1837", events: list[Event]) -> list[Event]:
    """Go on until a decision is needed: discards first, then a forced exchange whose turn has come, then a
    national decided to form as soon as its minors have all decided (before the next decision, as 18xx.games forms
    it), and once every decision is made the nationals' presidents and the next round. Returns ``events`` with the
    new ones."""
    rnd = game.state.round
    while True:
        rnd.discards = trains.over_limit(game)
        if rnd.discards:
            return events
        if rnd.asks and rnd.asks[0][1] == "forced":
            events += exchange(game, rnd.asks.pop(0)[0])
            continue
        if rnd.forming and not (rnd.asks and rnd.asks[0][1] == "fold_in"):
            forming, rnd.forming = rnd.forming, []
            for national, *minors in forming:  # a national forms once its minors have decided
                events += nationals.form(game, national, minors)
            continue
        if rnd.asks:
            return events
        if rnd.decisions:
            events += nationals.after_formations(game)
        return events + game.begin_round(rnd.then)


def _in_order(game: "Game1837", coals: list[str]) -> list[str]:
    """Coal companies in the order the exchange round takes them, as 18xx.games orders them: by their majors in
    operating order, and a major's coal companies by their owners' places in the players' order counted from the
    major's president."""
    if not coals:  # most exchange rounds: no operating order to find
        return []
    state = game.state
    majors = [c for c in game.operating_order_all() if game.kind(c) == "major" and state.corporations[c].floated]
    out: list[str] = []
    for major in majors:
        order = list(state.seat_order)
        president = state.corporations[major].president
        if president in order:
            at = order.index(president)
            order = order[at:] + order[:at]
        mine = [c for c in coals if game.facts.corporation(c).exchanges_for == major]
        out += sorted(mine, key=lambda c: order.index(state.corporations[c].president))
    return out


def current(game: "Game1837") -> str:
    """The company discarding or deciding now."""
    rnd = game.state.round
    return rnd.discards[0] if rnd.discards else rnd.asks[0][0]


def step(game: "Game1837") -> Step:
    """The active step: a discard, else the decision asked now."""
    rnd = game.state.round
    if rnd.discards:
        corp = rnd.discards[0]
        return Step(msg("Exchange round"), msg("{corporation} holds more than {limit} trains and discards one of "
                                               "those it has just received.", corporation=corp,
                                               limit=game.train_limit_of(corp)), trains.LIMIT, corp,
                    ("discard_train",))
    who, kind = rnd.asks[0]
    if kind == "coal":
        major = game.facts.corporation(who).exchanges_for
        return Step(msg("Exchange round"), msg("{company} may be exchanged for a reserved certificate of "
                                               "{corporation}, or decline.", company=who, corporation=major),
                    COAL, who, ("choose",))
    national = game.facts.corporation(who).merges_into
    guide = msg("{minor} may form {national}, or decline.", minor=who, national=national) if kind == "form" else \
        msg("{minor} may fold into {national}, or decline.", minor=who, national=national)
    return Step(msg("Exchange round"), guide, "1837:national.formation", who, ("choose",))


def legal_actions(game: "Game1837") -> list[Action]:
    """The discards open, else the answers to the decision now."""
    rnd = game.state.round
    return trains.discard_choices(game, rnd.discards[0]) if rnd.discards else choices(game)


def ranges(game: "Game1837") -> list:
    """An exchange round has no ranges."""
    return []


def choices(game: "Game1837") -> list[Choose]:
    """The two answers of the decision now."""
    who, kind = game.state.round.asks[0]
    answers = {"coal": ("Exchange", "Decline"), "form": ("form", "decline"), "fold_in": ("fold_in", "decline"),
               "join": ("fold_in", "decline")}[kind]
    return [Choose(entity=who, choice=a) for a in answers]


def apply(game: "Game1837", action: Action) -> list[Event]:
    """Apply a discard or a decision; raises :class:`GameError` naming the rule when it is not the one asked
    now."""
    rnd = game.state.round
    if rnd.discards:
        corp = rnd.discards[0]
        require(isinstance(action, DiscardTrain) and action.entity == corp,
                msg("{corporation} must first discard down to its train limit of {limit}", corporation=corp,
                    limit=game.train_limit_of(corp)), trains.LIMIT)
        return _proceed(game, trains.discard(game, action))
    who, kind = rnd.asks[0]
    rule = COAL if kind == "coal" else "1837:national.formation"
    require(isinstance(action, Choose) and action.entity == who,
            msg("{company} decides now in the exchange round, not {other}", company=game.name_of(who),
                other=game.name_of(action.entity)), ROUND)
    require(action in choices(game), msg("{company} chooses one of {choices}, not {choice}", company=who,
                                         choices=", ".join(c.choice for c in choices(game)),
                                         choice=repr(action.choice)), rule)
    rnd.asks.pop(0)
    declined = action.choice in ("Decline", "decline")
    if declined:
        events = [Event(rule, msg("{company} declines", company=who), "decline", {"company": who})]
    elif kind == "coal":
        events = exchange(game, who)
    elif kind == "form":
        national = game.facts.corporation(who).merges_into
        rnd.forming.append([national, who])
        rnd.asks[:0] = [(m, "fold_in") for m in nationals.independent_minors(game, national) if m != who]
        events = [Event(rule, msg("{minor} forms {national}; its other minors decide whether to fold in", minor=who,
                              national=national), "form",
                        {"national": national})]
    elif kind == "join":  # the national exists: the minor merges at once
        events = nationals.fold_in(game, who)
    else:
        rnd.forming[-1].append(who)
        events = [Event(rule, msg("{minor} folds into {national}", minor=who, national=rnd.forming[-1][0]), "fold_in",
                        {"minor": who})]
    return _proceed(game, events)


def exchange(game: "Game1837", coal: str, holder: str | None = None) -> list[Event]:
    """Exchange coal company ``coal`` for its major's next reserved certificate: ``holder`` receives it — the
    owner, or the bank pool when the owner goes bankrupt (rule ``1837:end.bankrupt``) —, the treasury and trains
    pass to the major, the coal company closes and its mine keeps its marker (rule ``1837:coal.exchange``)."""
    state = game.state
    major = game.facts.corporation(coal).exchanges_for
    c, m = state.corporations[coal], state.corporations[major]
    owner = c.president
    holder = owner if holder is None else holder
    cert = next(x for x in state.ledger.certs(IPO, major) if game.reserved_now(x))
    state.ledger.move(cert, holder)
    for own in state.ledger.certs(owner, coal):
        state.ledger.move(own, CLOSED)
    m.cash, c.cash = m.cash + c.cash, 0
    moved, c.trains = list(c.trains), []
    received = trains.receive(game, major, moved)
    game.close(coal)
    percent = state.ledger.percent[cert]
    if holder == POOL:  # as a minor merging into its national (18xx.games logs it so)
        text = msg("{minor} merges into {national}: {receivers}", minor=coal, national=major,
                   receivers=msg("{player} receives {certificate}", player=msg("the bank pool"),
                                 certificate=msg("a {percent}% {corporation} share", percent=percent,
                                                 corporation=major)))
    else:
        values = {"player": game.player(owner).name, "company": coal, "percent": percent, "corporation": major}
        text = msg("{player} exchanges {company} for a {percent}% {corporation} share; {corporation} receives its "
                   "treasury and {trains}", trains=trains.words(moved), **values) if moved and received else \
            msg("{player} exchanges {company} for a {percent}% {corporation} share; {corporation} receives its "
                "treasury", **values)
    events = [Event(COAL, text, "exchange",
                    {"company": coal, "certificate": cert, "holder": holder,
                     "player": None if holder == POOL else holder, "corporation": major,
                     "trains": moved if received else []})]
    if moved and not received:
        events.append(trains.discarded_on_merge(game, major, coal, moved))
    if holder == POOL:  # no player's holding changed
        return events
    return events + update_president(game, major)


def exchange_all(game: "Game1837") -> list[Event]:
    """The first 5-train: every coal company left is exchanged, whether its major has floated or not (rule
    ``1837:coal.exchange``)."""
    events: list[Event] = []
    for facts in game.facts.corporations:  # in the companies' order, as 18xx.games exchanges them here
        if facts.kind == "coal" and game.state.corporations[facts.sym].floated:
            events += exchange(game, facts.sym)
    return events

