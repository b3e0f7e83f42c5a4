"""1837's first-edition start packet, sold at falling fixed prices (rule ``1837:auction.first-edition``).

The first-edition text says nothing of the start packet; the only evidence is the Rails project's first-edition
("v1") game reports, which play it so: the coal companies, the SD minors with their mountain railways and the
Tauern and Wocheiner railways are offered in a fixed order, three at a time. In turn each player buys one offered
item at its current price or passes. When every player has passed in a row, the price of every offered item
falls by 10 K; a purchase brings the next item of the order into the offer and sets the offered prices back to
their face values. The KK and UG minors are not in this packet: once every item is sold they go on sale
(:mod:`.first_minors`, rule ``1837:auction.first-edition``), the player after the last buyer first. The packet is a
:class:`~.first_sale.FixedPriceSale` (:data:`SALE`); the option also plays the first edition's share market
(:mod:`.first_market`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...events import Event
from ...i18n import N_, msg
from . import first_market
from .first_sale import FixedPriceSale
from .start_packet import PacketRound

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


def _after_pass(game: "Game1837") -> list[Event]:
    """When every player has passed in a row, the offered prices fall by :data:`REDUCTION`."""
    rnd = _round(game)
    if rnd.passes < len(game.players):
        return []
    rnd.passes, rnd.discount = 0, rnd.discount + REDUCTION
    return [Event(RULE, msg("Everyone passed: the offered prices fall by {reduction} ({offer})",
                            reduction=game.facts.money(REDUCTION), offer=SALE.offer(game)), "price_drop", {"discount": rnd.discount})]


def _after_buy(game: "Game1837", item: str) -> list[Event]:
    """A purchase sets the offered prices back to their face values; once every item is sold the KK and UG minors
    go on sale (rule ``1837:auction.first-edition``)."""
    rnd = _round(game)
    rnd.discount = 0
    if rnd.remaining:
        return []
    from . import first_minors
    return first_minors.new_round(game, after=rnd.last_to_act)


SALE = FixedPriceSale(place=N_("the start packet"), on_sale=N_("on offer"),
                      help=N_("{player} buys one of the offered items ({offer}) or passes."), items=offered,
                      price=price_of,
                      after_pass=_after_pass, after_buy=_after_buy)
"""The packet as a fixed-price sale: the offered items at their falling prices."""
current_player, step, ranges, legal_actions, apply = \
    SALE.current_player, SALE.step, SALE.ranges, SALE.legal_actions, SALE.apply


def finished(game: "Game1837") -> bool:
    """True once every item is sold."""
    return not _round(game).remaining
