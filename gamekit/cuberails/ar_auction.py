"""American Rails share auctions: one share, bids clockwise from the opener, passing is final.

Rules ``ar:auction.bid`` and ``ar:auction.pass`` (reference A.2 rules 9 and 25): the minimum bid is $10,
each bid is higher than the last, a player who passes is out of this auction, and the last bidder left wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import GameError
from ..i18n import msg


@dataclass
class Auction:
    """The state of one running auction (picklable; part of the game state).

    Attributes:
        company: id of the company whose share is sold.
        opener: id of the player who put the share up.
        context: "opening" (the preparation round) or "action" (the Auction action).
        active: players still in, clockwise from the opener.
        turn: index in ``active`` of the player to bid now.
        high: the highest bid so far in dollars (0 before the first bid); leader: who made it.
        opener_must_bid: the opener may not pass before a first bid (rule ``ar:auction.action``).
    """

    company: str
    opener: str
    context: str
    active: list[str]
    turn: int = 0
    high: int = 0
    leader: str | None = None
    opener_must_bid: bool = False
    passed: list[str] = field(default_factory=list)

    def clone(self) -> "Auction":
        """An independent copy (its lists of players copied)."""
        copy = object.__new__(Auction)
        values = self.__dict__.copy()  # a whole new dict: twice as fast as filling the new object's own
        values["active"], values["passed"] = self.active[:], self.passed[:]
        copy.__dict__ = values
        return copy

    @property
    def bidder(self) -> str:
        """The id of the player whose turn it is to bid or pass."""
        return self.active[self.turn]

    def min_bid(self, minimum: int) -> int:
        """Return the lowest legal bid now, in dollars: ``minimum`` ($10), or one more than the high bid."""
        return max(minimum, self.high + 1)

    @property
    def finished(self) -> bool:
        """True when one bidder is left after a bid (a sale) or everybody has passed (no sale)."""
        return not self.active or (self.leader is not None and self.active == [self.leader])

    def bid(self, player: str, amount: int, cash: int, minimum: int) -> None:
        """Record a bid of ``amount`` dollars by ``player`` who has ``cash`` dollars.

        Raises:
            GameError: not the player's turn, below the minimum, or more than the player's money
                (rule ``ar:auction.bid``).
        """
        if player != self.bidder:
            raise GameError(msg("it is {player}'s turn to bid, not {other}'s", player=self.bidder, other=player),
                            "ar:auction.bid")
        low = self.min_bid(minimum)
        if amount < low:
            raise GameError(msg("the lowest bid now is ${low}, not ${amount}", low=low, amount=amount),
                            "ar:auction.bid")
        if amount > cash:
            raise GameError(msg("{player} has ${cash}, cannot bid ${amount}", player=player, cash=cash, amount=amount),
                            "ar:auction.bid")
        self.high, self.leader = amount, player
        self.turn = (self.turn + 1) % len(self.active)

    def drop(self, player: str) -> None:
        """Record that ``player`` passes and leaves this auction.

        Raises:
            GameError: not the player's turn (``ar:auction.pass``), or the opener of an Auction action passes
                before any bid (``ar:auction.action``).
        """
        if player != self.bidder:
            raise GameError(msg("it is {player}'s turn to bid, not {other}'s", player=self.bidder, other=player),
                            "ar:auction.pass")
        if self.opener_must_bid and player == self.opener and self.leader is None:
            raise GameError(msg("{player} put the share up and must open the bidding", player=player),
                            "ar:auction.action")
        self.active.pop(self.turn)
        self.passed.append(player)
        if self.active:
            self.turn %= len(self.active)
