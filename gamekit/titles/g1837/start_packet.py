"""1837's start packet, sold by a selection auction (rules ``1837:auction``, ``1837:auction.select``,
``1837:auction.bid``, ``1837:auction.win``).

The player whose turn it is chooses an item and bids at least its face value, or passes the choice; then the
others, in seat order, raise by at least 5 K or pass and drop out (one who cannot afford a raise is passed over)
until one bidder is left, who buys the item. The next item is chosen by the player after the winner. A player who
cannot afford any item left passes the choice unasked; when every player has passed the choice in a row, the
packet ends and the items left stay unsold, for sale in the stock rounds (:func:`unsold`). A coal company's or
minor's certificate bought here floats that company at once with its fixed treasury (its home station too, unless
it chooses one), and an SD minor brings its mountain railway.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...actions import Action, Pass
from ...events import Event
from ...game import ActionRange, Step
from ...i18n import N_, join, msg
from ...g18xx.economy import pay_to_bank, require
from ...tracks.actions import Bid
from ...tracks.shares import cert_corporation

if TYPE_CHECKING:
    from .game import Game1837

SELECT, BID, WIN = "1837:auction.select", "1837:auction.bid", "1837:auction.win"
PRIORITY_OPTION = "priority=last-buyer"
OPTIONS: dict[str, str] = {
    PRIORITY_OPTION: N_("The published rulebook's priority deal after the start packet: the player after the last one "
                        "to buy an item, not the last one to act (rule 1837:stock.priority)")}
"""This module's rule options, for :attr:`Game1837.options_available`."""


@dataclass
class PacketRound:
    """The start packet's auction (rule ``1837:auction``).

    ``remaining``: items not sold yet, in the packet's order; ``chooser``: seat index of the player choosing the
    next item; ``item``: the item being bid on (``None`` while one is chosen); ``bidders``: players still
    bidding on it, in seat order from the chooser's left; ``high``: ``[player, price]`` of the highest bid;
    ``turn``: index in ``bidders`` of the player to act; ``last_to_act``: the last player who bid or passed, or
    was passed over (the priority deal goes to the next player, rule ``1837:stock.priority``); ``passes``:
    choosers who passed in a row since the last sale, those passed over for want of cash included (once every
    player has, the packet ends); ``last_buyer``: the last
    player who bought an item (with the option ``priority=last-buyer`` the priority deal goes to the player after
    them).
    """

    remaining: list[str]
    chooser: int = 0
    item: str | None = None
    bidders: list[str] = field(default_factory=list)
    high: list = field(default_factory=list)
    turn: int = 0
    last_to_act: str | None = None
    passes: int = 0
    last_buyer: str | None = None


def new_round(game: "Game1837") -> PacketRound:
    """The packet with every start-packet item for sale, the first seat to choose; the first edition sells its
    own packet at falling fixed prices with the option ``packet=1st`` (:mod:`.first_edition`, rule
    ``1837:auction.first-edition``).

    Raises:
        GameError: ``packet=1st`` without ``edition=1st`` (rule ``1837:edition``).
    """
    if "packet=1st" in game.options:
        require(game.edition == "1st", msg("{option} is an option of the first edition only", option="packet=1st"),
                "1837:edition")
        from . import first_edition
        return first_edition.new_round(game)
    rnd = PacketRound(remaining=[p.sym for p in game.facts.privates if p.start_packet])
    game.state.round = rnd
    _skip_broke_choosers(game)
    return rnd


def _round(game: "Game1837") -> PacketRound:
    return game.state.round


def _first(game: "Game1837"):
    """The first edition's module of the round on now (its packet, or the minors' sale after it), else ``None``."""
    from . import first_edition, first_minors
    for module, kind in ((first_edition, first_edition.FirstEditionPacket), (first_minors, first_minors.MinorSale)):
        if isinstance(game.state.round, kind):
            return module
    return None


def _affordable(game: "Game1837", player: str) -> list[str]:
    cash = game.state.players[player].cash
    return [sym for sym in _round(game).remaining if game.facts.private(sym).value <= cash]


def _skip_broke_choosers(game: "Game1837") -> None:
    """The turn to choose passes over players who cannot afford any item, each counting as a pass; a player whose
    pass would be the last of a round of passes keeps the turn and passes the choice (ending the packet) as their
    action, as 18xx.games asks it (rule ``1837:auction.select``)."""
    rnd = _round(game)
    order = game.state.seat_order
    while rnd.remaining and rnd.passes < len(order) - 1 and not _affordable(game, order[rnd.chooser]):
        rnd.passes, rnd.last_to_act = rnd.passes + 1, order[rnd.chooser]
        rnd.chooser = (rnd.chooser + 1) % len(order)


def unsold(game: "Game1837") -> list[str]:
    """The items the packet leaves unsold when it ends, in the packet's order (none after the first edition's
    packet, which sells everything): the stock rounds offer them at face value before anything else (rule
    ``1837:auction.select``)."""
    return [] if _first(game) else list(_round(game).remaining)


def current_player(game: "Game1837") -> str:
    """Who acts: the chooser, or the bidder whose turn it is."""
    if _first(game):
        return _first(game).current_player(game)
    rnd = _round(game)
    return rnd.bidders[rnd.turn] if rnd.item else game.state.seat_order[rnd.chooser]


def finished(game: "Game1837") -> bool:
    """True once every item is sold, or every player has passed the choice in a row (rule
    ``1837:auction.select``)."""
    if _first(game):
        return _first(game).finished(game)
    rnd = _round(game)
    return not rnd.remaining or (rnd.item is None and rnd.passes >= len(game.players))


def min_raise(game: "Game1837") -> int:
    """The lowest bid now: the high bid plus 5 K, or an item's face value when choosing."""
    return _round(game).high[1] + game.policy.bid_increment


def step(game: "Game1837") -> Step:
    """The active step: choose an item, or raise or pass on the item under auction."""
    if _first(game):
        return _first(game).step(game)
    rnd = _round(game)
    who = current_player(game)
    name = game.player(who).name
    if rnd.item is None and not _affordable(game, who):
        return Step(msg("Start packet"), msg("{player} cannot afford any item left and passes: every player has then "
                                             "passed and the start packet ends.", player=name), SELECT, who, ("pass",))
    if rnd.item is None:
        guide = msg("{player} chooses an item of the start packet and bids at least its face value, or passes "
                   "(everyone else has passed: a pass ends the start packet).", player=name) if \
            rnd.passes == len(game.players) - 1 else \
            msg("{player} chooses an item of the start packet and bids at least its face value, or passes.",
                player=name)
        return Step(msg("Start packet"), guide, SELECT, who, ("bid", "pass"))
    return Step(msg("Start packet"), msg("{player}: raise the bid on {company} to at least {amount} or pass and drop "
                                         "out.", player=name, company=rnd.item, amount=game.facts.money(min_raise(game))),
                BID, who, ("bid", "pass"))


def ranges(game: "Game1837") -> list[ActionRange]:
    """The bid ranges: each affordable item from its face value when choosing, else the raise up to the cash."""
    if _first(game):
        return _first(game).ranges(game)
    rnd = _round(game)
    who = current_player(game)
    cash = game.state.players[who].cash
    if rnd.item is None:
        return [ActionRange(Bid(entity=who, company=sym, price=game.facts.private(sym).value), "price",
                            game.facts.private(sym).value, cash, 1) for sym in _affordable(game, who)]
    return [ActionRange(Bid(entity=who, company=rnd.item, price=min_raise(game)), "price", min_raise(game), cash, 1)]


def legal_actions(game: "Game1837") -> list[Action]:
    """The lowest bid of each range, and a pass (of the choice, or out of an item's bidding)."""
    if _first(game):
        return _first(game).legal_actions(game)
    return [r.template for r in ranges(game)] + [Pass._trusted(entity=current_player(game))]


def apply(game: "Game1837", action: Action) -> list[Event]:
    """Check and apply a bid or pass; raises :class:`GameError` naming the rule that forbids it. Keeps the last
    buyer, whom the option ``priority=last-buyer`` gives the priority deal after (rule ``1837:stock.priority``)."""
    events = _apply(game, action)
    rnd = game.state.round
    if isinstance(rnd, PacketRound) and not _first(game):  # the first edition's packet always ends with a purchase
        for event in events:
            if event.kind == "buy_private":
                rnd.last_buyer = event.data["player"]
    return events


def _apply(game: "Game1837", action: Action) -> list[Event]:
    if _first(game):
        return _first(game).apply(game, action)
    rnd = _round(game)
    who = current_player(game)
    require(action.entity == who, msg("it is {player}'s turn in the start packet, not {other}'s",
                                      player=game.name_of(who), other=game.name_of(action.entity)),
            SELECT if rnd.item is None else BID)
    if isinstance(action, Bid):
        return _choose(game, action) if rnd.item is None else _raise(game, action)
    require(isinstance(action, Pass), msg("a {action} action is not possible in the start packet",
                                          action=action.type), SELECT)
    return _drop(game, who) if rnd.item else _pass_choice(game, who)


def _pass_choice(game: "Game1837", who: str) -> list[Event]:
    """The chooser passes and the next player chooses; after a round of passes the packet ends, the turn resting
    on the first player after the last to pass who can afford an item left, or on that player when nobody can
    (18xx.games' priority deal, rules ``1837:auction.select``, ``1837:stock.priority``)."""
    rnd = _round(game)
    order = game.state.seat_order
    rnd.passes, rnd.last_to_act = rnd.passes + 1, who
    rnd.chooser = (rnd.chooser + 1) % len(order)
    events = [Event(SELECT, msg("{player} passes", player=game.player(who).name), "pass")]
    if rnd.passes < len(order):
        _skip_broke_choosers(game)
        return events
    able = [i for i in range(len(order)) if _affordable(game, order[(rnd.chooser + i) % len(order)])]
    rnd.chooser = (rnd.chooser + able[0]) % len(order) if able else order.index(who)
    return events + [Event(SELECT, msg("Every player has passed: the start packet ends with {items} unsold",
                                       items=join(", ", rnd.remaining)), "packet_end", {"unsold": list(rnd.remaining)})]


def _choose(game: "Game1837", bid: Bid) -> list[Event]:
    rnd = _round(game)
    require(bid.company in rnd.remaining, msg("{company} is not in the start packet (left: {items})",
                                              company=bid.company, items=join(", ", rnd.remaining)), SELECT)
    value = game.facts.private(bid.company).value
    require(bid.price >= value, msg("the least bid on {company} is {amount}", company=bid.company,
                                    amount=game.facts.money(value)), SELECT)
    _check_cash(game, bid)
    order = game.state.seat_order
    rnd.item, rnd.high, rnd.passes, rnd.last_to_act = bid.company, [bid.entity, bid.price], 0, bid.entity
    rnd.bidders = order[rnd.chooser + 1:] + order[:rnd.chooser + 1]
    rnd.turn = -1
    events = [Event(SELECT, msg("{player} chooses {company} and bids {amount}", player=game.player(bid.entity).name,
                                company=bid.company, amount=game.facts.money(bid.price)), "bid", {"player": bid.entity, "company": bid.company,
                                                              "price": bid.price})]
    return events + _next_bidder(game)


def _raise(game: "Game1837", bid: Bid) -> list[Event]:
    rnd = _round(game)
    require(bid.company == rnd.item, msg("only {company} is under auction now", company=rnd.item), BID)
    require(bid.price >= min_raise(game), msg("a bid raises the last one by at least {increment}: {amount}",
                                              increment=game.facts.money(game.policy.bid_increment),
                                              amount=game.facts.money(min_raise(game))), BID)
    _check_cash(game, bid)
    rnd.high, rnd.last_to_act = [bid.entity, bid.price], bid.entity
    events = [Event(BID, msg("{player} bids {amount} on {company}", player=game.player(bid.entity).name,
                             amount=game.facts.money(bid.price), company=rnd.item), "bid",
                    {"player": bid.entity, "company": rnd.item, "price": bid.price})]
    return events + _next_bidder(game)


def _check_cash(game: "Game1837", bid: Bid) -> None:
    cash = game.state.players[bid.entity].cash
    require(bid.price <= cash, msg("{player} has {cash}", player=game.player(bid.entity).name,
                                   cash=game.facts.money(cash)), BID)


def _drop(game: "Game1837", who: str) -> list[Event]:
    rnd = _round(game)
    rnd.bidders.pop(rnd.turn)
    rnd.turn, rnd.last_to_act = rnd.turn - 1, who
    events = [Event(BID, msg("{player} passes and drops out of the bidding on {company}", player=game.player(who).name,
                             company=rnd.item), "pass")]
    return events + _next_bidder(game)


def _next_bidder(game: "Game1837") -> list[Event]:
    """The turn goes to the next bidder who can afford a raise (the others drop out); when only the high bidder
    is left, the item is sold."""
    rnd = _round(game)
    while True:
        if rnd.bidders == [rnd.high[0]]:
            return _sell(game)
        rnd.turn = (rnd.turn + 1) % len(rnd.bidders)
        who = rnd.bidders[rnd.turn]
        if who == rnd.high[0]:
            continue
        if game.state.players[who].cash < min_raise(game):
            rnd.bidders.pop(rnd.turn)
            rnd.turn, rnd.last_to_act = rnd.turn - 1, who
            continue
        return []


def _sell(game: "Game1837") -> list[Event]:
    rnd = _round(game)
    player, price = rnd.high
    item = rnd.item
    rnd.remaining.remove(item)
    rnd.item, rnd.bidders, rnd.high = None, [], []
    pay_to_bank(game, player, price)
    events = [Event(WIN, msg("{player} buys {company} for {price}", player=game.player(player).name, company=item,
                             price=game.facts.money(price)), "buy_private",
                    {"player": player, "company": item, "price": price})]
    events += deliver(game, player, item)
    order = game.state.seat_order
    rnd.chooser = (order.index(player) + 1) % len(order)
    _skip_broke_choosers(game)
    return events


def deliver(game: "Game1837", player: str, item: str) -> list[Event]:
    """Hand ``player`` what item ``item`` stands for: a mountain railway is kept; a coal company's or minor's
    card closes and its certificate passes to the buyer, floating the company (its mountain railway comes with
    an SD minor; rules ``1837:auction``, ``1837:auction.ug-halves``)."""
    state = game.state
    facts = game.facts.private(item)
    events: list[Event] = []
    if not facts.closes_on_purchase:
        state.players[player].privates.append(item)
        state.private_owner[item] = player
    if facts.comes_with:
        events += deliver(game, player, facts.comes_with)
    cert = facts.grants_certificate
    if cert:
        corp = cert_corporation(cert)
        state.ledger.move(cert, player)
        c = state.corporations[corp]
        if c.president is None:
            c.president = player
        percent = state.ledger.percent[cert]
        share = msg("{corporation}'s certificate", corporation=corp) if percent == 100 else \
            msg("{corporation}'s first {percent} certificate", corporation=corp, percent=f"{percent}%") \
            if cert.endswith("_0") else \
            msg("{corporation}'s second {percent} certificate", corporation=corp, percent=f"{percent}%")
        events.append(Event(WIN, msg("{player} receives {certificate}", player=game.player(player).name,
                                     certificate=share), "grant", {"certificate": cert}))
        events += game.float_minor(corp)
    return events
