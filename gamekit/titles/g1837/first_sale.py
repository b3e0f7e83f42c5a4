"""A sale at fixed prices, one purchase or pass a turn: the shape shared by 1837's first-edition start packet
(:mod:`.first_edition`) and its sale of the KK and UG minors (:mod:`.first_minors`; rule
``1837:auction.first-edition``).

In turn each player buys one item for sale at its price now, or passes; a purchase hands the turn to the player
after the buyer. What is for sale, at what price, and what follows a pass or a purchase are each sale's own data
and hooks (:class:`FixedPriceSale`); the round's state is a :class:`~.start_packet.PacketRound` (``remaining``
the unsold items, ``chooser`` the seat to act, ``passes`` passes in a row, ``last_to_act``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from ...actions import Action, Pass
from ...events import Event
from ...game import ActionRange, Step
from ...i18n import Message, msg
from ...g18xx.economy import pay_to_bank, require
from ...tracks.actions import Bid
from .start_packet import PacketRound, deliver

if TYPE_CHECKING:
    from .game import Game1837

RULE = "1837:auction.first-edition"


@dataclass(frozen=True)
class FixedPriceSale:
    """One fixed-price sale: its words, what it sells and at what price, and its hooks.

    Attributes:
        place: the sale in messages (``"the start packet"``), a catalogue id marked with ``N_``.
        on_sale: the words for an item a player may buy now (``"on offer"``, ``"for sale"``), marked with ``N_``.
        help: the step's help, a template marked with ``N_``: ``{player}`` the player's name, ``{offer}`` the
            items with their prices.
        items: ``game`` → the items a player may buy now, in the sale's order.
        price: ``(game, item)`` → the item's price now, in K.
        after_pass: ``game`` → the events that follow a pass (the pass counted, the turn moved on).
        after_buy: ``(game, item)`` → the events that follow a purchase (the item paid and delivered, the turn
            moved on to the player after the buyer).
    """

    place: str
    on_sale: str
    help: str
    items: Callable[["Game1837"], list[str]]
    price: Callable[["Game1837", str], int]
    after_pass: Callable[["Game1837"], list[Event]]
    after_buy: Callable[["Game1837", str], list[Event]]

    def offer(self, game: "Game1837") -> str:
        """The items a player may buy now with their prices (``"KK1 90K, KK2 140K"``)."""
        return ", ".join(f"{item} {game.facts.money(self.price(game, item))}" for item in self.items(game))

    def current_player(self, game: "Game1837") -> str:
        """The player to act."""
        rnd: PacketRound = game.state.round
        return game.state.seat_order[rnd.chooser]

    def header(self, game: "Game1837") -> str:
        """The step's name: ``"Start packet"`` for the start packet and the minors' sale that follows it; for a
        sale of minors an earlier sale left unsold (``State1837.minors_left``), which opens a later stock round
        (:func:`.first_minors.resume`), that stock round's number, as :meth:`Game1837.active_round` names it."""
        if game.state.title.minors_left:
            return msg("Stock round {number}: minors for sale again", number=game.state.stock_round_num + 1)
        return msg("Start packet")

    def step(self, game: "Game1837") -> Step:
        """Buy an item at its price, or pass."""
        who = self.current_player(game)
        return Step(self.header(game), Message(self.help, {"player": game.player(who).name,
                                                           "offer": self.offer(game)}), RULE, who, ("bid", "pass"))

    def ranges(self, game: "Game1837") -> list[ActionRange]:
        """One purchase (a ``bid`` at the price) per item the player to act can afford."""
        who = self.current_player(game)
        cash = game.state.players[who].cash
        return [ActionRange(Bid(entity=who, company=item, price=self.price(game, item)), "price",
                            self.price(game, item), self.price(game, item), 1)
                for item in self.items(game) if self.price(game, item) <= cash]

    def legal_actions(self, game: "Game1837") -> list[Action]:
        """The purchases, then passing."""
        return [r.template for r in self.ranges(game)] + [Pass._trusted(entity=self.current_player(game))]

    def apply(self, game: "Game1837", action: Action) -> list[Event]:
        """Apply a purchase (a ``bid`` at the item's price) or a pass.

        Raises:
            GameError: (rule ``1837:auction.first-edition``) not the player to act, another kind of action, an
                item not for sale now, another price, or a price above the player's cash; nothing changes.
        """
        who = self.current_player(game)
        require(action.entity == who, msg("it is {player}'s turn in {place}, not {other}'s", player=game.name_of(who),
                                          place=Message(self.place, {}), other=game.name_of(action.entity)), RULE)
        rnd: PacketRound = game.state.round
        if isinstance(action, Pass):
            rnd.passes, rnd.last_to_act = rnd.passes + 1, who
            rnd.chooser = (rnd.chooser + 1) % len(game.players)
            return [Event(RULE, msg("{player} passes", player=game.player(who).name), "pass")] + self.after_pass(game)
        require(isinstance(action, Bid), msg("a {action} action is not possible in {place}", action=action.type,
                                             place=Message(self.place, {})), RULE)
        on_sale = Message(self.on_sale, {})
        require(action.company in self.items(game), msg("{company} is not {on_sale} ({on_sale}: {offer})",
                                                        company=action.company, on_sale=on_sale,
                                                        offer=self.offer(game)), RULE)
        price = self.price(game, action.company)
        require(action.price == price, msg("{company} costs {price}", company=action.company,
                                           price=game.facts.money(price)), RULE)
        cash = game.state.players[who].cash
        require(price <= cash, msg("{player} has {cash}", player=game.player(who).name, cash=game.facts.money(cash)),
                RULE)
        pay_to_bank(game, who, price)
        rnd.remaining.remove(action.company)
        rnd.passes, rnd.last_to_act = 0, who
        rnd.chooser = (game.state.seat_order.index(who) + 1) % len(game.players)
        events = [Event(RULE, msg("{player} buys {company} for {price}", player=game.player(who).name,
                                  company=action.company, price=game.facts.money(price)), "buy_private", {"player": who, "company": action.company, "price": price})]
        return events + deliver(game, who, action.company) + self.after_buy(game, action.company)
