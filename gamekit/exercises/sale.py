"""Share sales (18xx): where the price goes and who is president after a player sells certificates.

Rules: ``stock.sell`` (each 10% sold moves the price down a row, or by the title's sale move), ``market.moves``,
``stock.president`` (the presidency passes to a player holding more than the seller keeps).
"""

from __future__ import annotations

import random

from ..actions import Action
from ..events import Event
from ..game import Game
from ..query import POOL
from ..i18n import N_, join, msg, round_name
from .kind import Kind, consequence, event_lines, legal_of_type, pick, question, say, title_rule
from .question import Question

_STOCK_TYPES = ("sell_shares", "buy_shares", "par", "pass")


class _Sale(Kind):
    """A sale of certificates in a stock round: the sale played there, or a legal one drawn."""

    family = "18xx"
    tries = 64  # a sale is legal in few stock-round positions (none in the first stock round, 1837's before operating)

    def priority(self, action: Action, events: list[Event]) -> int:
        """2 before a sale, 1 before another stock-round decision (a sale may be legal there)."""
        return 2 if action.type == "sell_shares" else int(action.type in _STOCK_TYPES)

    def make(self, position: Game, played: Action | None, rng: random.Random) -> Question | None:
        """The question about the sale (see the subclasses), ``None`` where no sale is legal."""
        sale = played if played is not None and played.type == "sell_shares" else \
            pick(rng, legal_of_type(position, "sell_shares"))
        if sale is None:
            return None
        corporation = sale.shares[0].rsplit("_", 1)[0]  # certificate ids are "<corporation>_<n>"
        after, events = consequence(position, sale)
        return self.ask(position, sale, corporation, after, events)

    def ask(self, position: Game, sale: Action, corporation: str, after: Game, events: list[Event]) -> Question:
        """Return the question about ``sale`` of ``corporation`` (``after``: a fork after it; ``events``: what it
        did)."""
        raise NotImplementedError

    @staticmethod
    def holdings_line(game: Game, corporation: str) -> str:
        """Who holds how much of ``corporation`` in ``game``: players, then the bank pool."""
        parts = [f"{game.name_of(p.id)} {game.percent(p.id, corporation)}%" for p in game.players
                 if game.percent(p.id, corporation)]
        pool = game.percent(POOL, corporation)
        return join(", ", parts + ([msg("bank pool {percent}", percent=f"{pool}%")] if pool else []))


class SalePrice(_Sale):
    """What a sale does to the share price (number)."""

    name = "sale_price"
    summary = N_("where the share price goes when a player sells certificates")

    def ask(self, position: Game, sale: Action, corporation: str, after: Game, events: list[Event]) -> Question:
        """Ask the price of one share after ``sale``."""
        before = position.share_price(corporation)
        prompt = msg("{round}. {corporation}'s share price is {price}. {move}. What is {corporation}'s share price "
                     "after the sale?", round=round_name(position.active_round()), corporation=corporation,
                     price=position.money(before), move=say(position, sale))
        moves = event_lines(events, {"price_move"}) or msg("- the price does not move")
        explanation = msg("{percent} sold: the price moves from {before} to {after}.\n{moves}",
                          percent=f"{sale.percent}%", before=position.money(before),
                          after=position.money(after.share_price(corporation)), moves=moves)
        return question(self, position, prompt, "number", after.share_price(corporation), explanation,
                        [title_rule(position, "stock.sell"), title_rule(position, "market.moves")]
                        + [e.rule for e in events])


class SalePresident(_Sale):
    """Who is president after a sale (choice of the players)."""

    name = "sale_president"
    summary = N_("who is president of a corporation after a player sells certificates")

    def ask(self, position: Game, sale: Action, corporation: str, after: Game, events: list[Event]) -> Question:
        """Ask who holds the president's certificate after ``sale``."""
        president = position.name_of(position.president(corporation))
        prompt = msg("{round}. {corporation} is held by {holders}; {president} is its president. {move}. Who is "
                     "{corporation}'s president after the sale?", round=round_name(position.active_round()),
                     corporation=corporation, holders=self.holdings_line(position, corporation), president=president,
                     move=say(position, sale))
        new = position.name_of(after.president(corporation))
        changes = event_lines(events, {"president"}) or msg("- {player} stays president", player=new)
        explanation = msg("After the sale: {holders}; {player} is president.\n{changes}",
                          holders=self.holdings_line(after, corporation), player=new, changes=changes)
        return question(self, position, prompt, "choice", new, explanation,
                        [title_rule(position, "stock.president"), title_rule(position, "stock.sell")]
                        + [e.rule for e in events],
                        choices=[position.name_of(p.id) for p in position.players])
