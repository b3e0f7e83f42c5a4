"""1837's first-edition start packet, sold at falling fixed prices (rule ``1837:auction.first-edition``).

The seed says nothing of the start packet; the only first-edition evidence is the Rails project's first-edition
("v1") game reports, which play it so: the coal companies, the SD minors with their mountain railways and the
Tauern and Wocheiner railways are offered in a fixed order, three at a time. In turn each player buys one offered
item at its current price or passes. When every player has passed in a row, the price of every offered item
falls by 10 K; a purchase brings the next item of the order into the offer and sets the offered prices back to
their face values. The KK and UG minors are not in this packet: once every item is sold they go on sale
(:mod:`.first_minors`, rule ``1837:auction.first-edition``), the player after the last buyer first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...actions import Action, Pass
from ...events import Event
from ...game import ActionRange, Step
from ...g18xx.economy import pay_to_bank, require
from ...tracks.actions import Bid
from . import first_market
from .start_packet import PacketRound, deliver

if TYPE_CHECKING:
    from .game import Game1837

RULE = "1837:auction.first-edition"
PACKET: tuple[tuple[str, int], ...] = (
    ("EKT", 100), ("EPP", 100), ("BB", 100), ("EOD", 100), ("RGTE", 100), ("SD1", 150), ("SD2", 170),
    ("SD3", 185), ("SPB", 100), ("MLB", 100), ("EHS", 100), ("ZKB", 100), ("SD4", 140), ("LRB", 100),
    ("Tauern", 150), ("Wocheiner", 130), ("SD5", 120))
"""The first edition's start packet in the order it is offered, with face values in K (an SD minor's item holds
its mountain railway). Source: the Rails project's first-edition game reports (Rails-18xx/Rails,
``src/test/resources/data/test/1837v1_*.report``: each item's price before its first reduction) and its
first-edition data as `editions.md` D17 lists them (coal 100, SD bundles 120–185, Tauern 150, Wocheiner 130)."""
OFFERED = 3
"""How many items of the order are on offer at once."""
REDUCTION = 10
"""How far the offered prices fall when every player has passed in a row, in K."""


@dataclass
class FirstEditionPacket(PacketRound):
    """The first-edition packet's state (``PacketRound``'s fields: ``remaining`` the unsold items in order,
    ``chooser`` the seat to act, ``passes`` passes in a row, ``last_to_act``); ``discount`` is how far the offered
    prices have fallen since the last purchase."""

    discount: int = 0


def new_round(game: "Game1837") -> FirstEditionPacket:
    """The packet with every item unsold, the first seat to act; the game plays the first edition's share market
    (:mod:`.first_market`), chosen here as the game is set up, before any price is set."""
    first_market.choose(game)
    rnd = FirstEditionPacket(remaining=[item for item, _ in PACKET])
    game.state.round = rnd
    return rnd


def _round(game: "Game1837") -> FirstEditionPacket:
    return game.state.round


def offered(game: "Game1837") -> list[str]:
    """The items on offer now: the first :data:`OFFERED` unsold ones of the order."""
    return _round(game).remaining[:OFFERED]


def price_of(game: "Game1837", item: str) -> int:
    """An offered item's price now: its face value less the reductions since the last purchase (never below 0)."""
    return max(dict(PACKET)[item] - _round(game).discount, 0)


def current_player(game: "Game1837") -> str:
    """The player to act."""
    return game.state.seat_order[_round(game).chooser]


def step(game: "Game1837") -> Step:
    """Buy an offered item at its price, or pass."""
    who = current_player(game)
    offer = ", ".join(f"{item} {game.facts.money(price_of(game, item))}" for item in offered(game))
    return Step("Start packet", f"{game.player(who).name} buys one of the offered items ({offer}) or passes.", RULE,
                who, ("bid", "pass"))


def ranges(game: "Game1837") -> list[ActionRange]:
    """One purchase per affordable offered item, at its price."""
    who = current_player(game)
    cash = game.state.players[who].cash
    return [ActionRange(Bid(entity=who, company=item, price=price_of(game, item)), "price", price_of(game, item),
                        price_of(game, item), 1) for item in offered(game) if price_of(game, item) <= cash]


def legal_actions(game: "Game1837") -> list[Action]:
    """The purchases, then passing."""
    return [r.template for r in ranges(game)] + [Pass._trusted(entity=current_player(game))]


def apply(game: "Game1837", action: Action) -> list[Event]:
    """Apply a purchase (a ``bid`` at the item's price) or a pass; raises :class:`GameError` (rule
    ``1837:auction.first-edition``) for anything else."""
    who = current_player(game)
    require(action.entity == who, f"it is {game.name_of(who)}'s turn in the start packet, not "
            f"{game.name_of(action.entity)}'s", RULE)
    if isinstance(action, Pass):
        return _pass(game, who)
    require(isinstance(action, Bid), f"a {action.type} action is not possible in the start packet", RULE)
    return _buy(game, action)


def _pass(game: "Game1837", who: str) -> list[Event]:
    rnd = _round(game)
    rnd.passes, rnd.last_to_act = rnd.passes + 1, who
    rnd.chooser = (rnd.chooser + 1) % len(game.players)
    events = [Event(RULE, f"{game.player(who).name} passes", "pass")]
    if rnd.passes == len(game.players):
        rnd.passes, rnd.discount = 0, rnd.discount + REDUCTION
        offer = ", ".join(f"{item} {game.facts.money(price_of(game, item))}" for item in offered(game))
        events.append(Event(RULE, f"Everyone passed: the offered prices fall by {game.facts.money(REDUCTION)} "
                            f"({offer})", "price_drop", {"discount": rnd.discount}))
    return events


def _buy(game: "Game1837", bid: Bid) -> list[Event]:
    rnd = _round(game)
    require(bid.company in offered(game), f"{bid.company} is not on offer (offered: "
            f"{', '.join(offered(game))})", RULE)
    price = price_of(game, bid.company)
    require(bid.price == price, f"{bid.company} costs {game.facts.money(price)} now", RULE)
    cash = game.state.players[bid.entity].cash
    require(price <= cash, f"{game.player(bid.entity).name} has {game.facts.money(cash)}", RULE)
    pay_to_bank(game, bid.entity, price)
    rnd.remaining.remove(bid.company)
    rnd.passes, rnd.discount, rnd.last_to_act = 0, 0, bid.entity
    rnd.chooser = (game.state.seat_order.index(bid.entity) + 1) % len(game.players)
    events = [Event(RULE, f"{game.player(bid.entity).name} buys {bid.company} for {game.facts.money(price)}",
                    "buy_private", {"player": bid.entity, "company": bid.company, "price": price})]
    events += deliver(game, bid.entity, bid.company)
    if not rnd.remaining:  # the KK and UG minors go on sale next (rule 1837:auction.first-edition)
        from . import first_minors
        events += first_minors.new_round(game, after=bid.entity)
    return events


def finished(game: "Game1837") -> bool:
    """True once every item is sold."""
    return not _round(game).remaining
