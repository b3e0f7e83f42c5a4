"""1837's first edition: the KK and UG minors sold after the start packet (rule ``1837:auction.first-edition``).

The first-edition text is silent on how minors are sold; the evidence is the Rails project's first-edition reports
(``1837v1_*.report``, the first stock round) and its first-edition data (``CompanyManager.xml``, variant Basegame:
the start packet sold releases K1–K3, K1–K3 sold release U1–U3, U1–U3 sold release the majors and nationals).
Once the start packet is sold the three KK minors are for sale; once all three are sold the three UG minors are;
the second 50% certificate of UG1 or UG3 is for sale once its president's certificate is sold. In turn each
player buys one certificate for sale at its fixed price or passes; each purchase is the player's turn. A minor's
certificate costs its share of the minor's treasury (KK1 90 K, KK2 140 K, KK3 90 K, UG2 90 K, each 50% of UG1 and
UG3 90 K), paid to the bank; the minor floats at once with its whole treasury from the bank. The sale ends when
every certificate is sold, or when every player has passed in a row; then the stock round of the majors begins
with the player after the last one to act (rule ``1837:stock.priority``; where minors are left unsold Rails plays
the operating rounds first and offers them again, ``editions.md`` E2). The sale is a
:class:`~.first_sale.FixedPriceSale` (:data:`SALE`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ...events import Event
from ...i18n import N_, msg
from .first_sale import FixedPriceSale
from .start_packet import PacketRound

if TYPE_CHECKING:
    from ...tracks.facts import TitleFacts
    from .game import Game1837

RULE = "1837:auction.first-edition"
GROUPS: tuple[tuple[str, ...], ...] = (("KK1", "KK2", "KK3"), ("UG1", "UG2", "UG3", "UG1_share", "UG3_share"))
"""The items for sale in release order: a group is for sale once every item of the groups before it is sold (an
item is the start-packet card of a minor's president's certificate, or the bank's second half of UG1 or UG3).
Source: Rails-18xx/Rails ``src/main/resources/data/1837/CompanyManager.xml`` (variant Basegame, its
``ReleaseRule`` lines) and the order of sales in ``1837v1_SR4.report`` lines 753–775."""
PRICES: dict[str, int] = {"KK1": 90, "KK2": 140, "KK3": 90, "UG1": 90, "UG2": 90, "UG3": 90, "UG1_share": 90,
                          "UG3_share": 90}
"""Each item's fixed price in K: the certificate's share of the minor's treasury. Source: Rails' first-edition
data (``CompanyManager.xml``: K1 and U1 price 90, K2 140) and reports (``START_COMPANY_LOG,Charlie,K1,90,…``,
``BUY_SHARE_LOG,Charlie,50,U1,IPO,90``)."""
_FACTS: dict[int, tuple["TitleFacts", "TitleFacts"]] = {}


def with_face_values(facts: "TitleFacts") -> "TitleFacts":
    """``facts`` with the KK and UG minors' certificates at their first-edition face values, the :data:`PRICES`
    the sale asks (the title's data holds the second edition's start-packet minimums, KK1 60 K): what a card
    costs in this edition is what every reader of the facts (the views, a bot weighing a purchase) must see.
    Built once per facts object."""
    kept = _FACTS.get(id(facts))
    if kept is None or kept[0] is not facts:
        privates = tuple(replace(p, value=PRICES[p.sym]) if p.sym in PRICES else p for p in facts.privates)
        kept = _FACTS[id(facts)] = (facts, replace(facts, privates=privates))
    return kept[1]


@dataclass
class MinorSale(PacketRound):
    """The first-edition minors' sale (``PacketRound``'s fields: ``remaining`` the unsold items in
    :data:`GROUPS` order, ``chooser`` the seat to act, ``passes`` passes in a row, ``last_to_act``)."""


def new_round(game: "Game1837", after: str) -> list[Event]:
    """Put the minors on sale, the player after ``after`` (the last to act in the start packet) to act first.
    Returns the round's opening event."""
    order = game.state.seat_order
    rnd = MinorSale(remaining=[item for group in GROUPS for item in group],
                    chooser=(order.index(after) + 1) % len(order), last_to_act=after)
    game.state.round = rnd
    return [Event(RULE, msg("The KK minors are for sale ({offer})", offer=SALE.offer(game)), "round", {"round": "minor_sale"})]


def _round(game: "Game1837") -> MinorSale:
    return game.state.round


def for_sale(game: "Game1837") -> list[str]:
    """The items for sale now: the unsold ones of the first group with any left, a second half of UG1 or UG3
    only once its president's certificate is sold."""
    remaining = _round(game).remaining
    group = next((g for g in GROUPS if any(item in remaining for item in g)), ())
    return [item for item in group if item in remaining and
            not (item.endswith("_share") and item.removesuffix("_share") in remaining)]


def _after_buy(game: "Game1837", item: str) -> list[Event]:
    """The UG minors go on sale once the last KK minor is sold."""
    if item in GROUPS[0] and not any(other in _round(game).remaining for other in GROUPS[0]):
        return [Event(RULE, msg("The UG minors are for sale ({offer})", offer=SALE.offer(game)), "release")]
    return []


SALE = FixedPriceSale(place=N_("the minors' sale"), on_sale=N_("for sale"),
                      help=N_("{player} buys one of the minors' certificates for sale ({offer}) or passes."),
                      items=for_sale,
                      price=lambda game, item: PRICES[item], after_pass=lambda game: [], after_buy=_after_buy)
"""The minors' sale as a fixed-price sale: the released certificates at their treasury's share."""
current_player, step, ranges, legal_actions, apply = \
    SALE.current_player, SALE.step, SALE.ranges, SALE.legal_actions, SALE.apply


def left(game: "Game1837") -> list[str]:
    """The items the sale leaves unsold when it ends (every player passed in a row), in :data:`GROUPS` order:
    Rails keeps them for sale in the next stock round and plays the operating rounds first (``editions.md`` E2);
    empty once everything is sold or outside the sale."""
    rnd = game.state.round
    return list(rnd.remaining) if isinstance(rnd, MinorSale) else []


def resume(game: "Game1837", items: list[str]) -> list[Event]:
    """Open the sale again at the start of a stock round for the ``items`` an earlier sale left, the priority
    holder (first in the seat order) to act first; the round's opening event. The sale counts as that stock
    round: once every item is sold the majors' stock round of the same number follows (``editions.md`` E2)."""
    game.state.round = MinorSale(remaining=list(items), chooser=0)
    return [Event(RULE, msg("The minors left are for sale again ({offer})", offer=SALE.offer(game)), "round",
                  {"round": "minor_sale"})]


def finished(game: "Game1837") -> bool:
    """True once every certificate is sold or every player has passed in a row."""
    rnd = _round(game)
    return not rnd.remaining or rnd.passes >= len(game.players)
