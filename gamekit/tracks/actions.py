"""The action types of the 18xx titles, named and shaped as in 18xx.games logs so imports map one to one.

Money is in the title's currency units; share prices are 18xx.games market ids ``"price,row,col"``.
"""

from __future__ import annotations

from typing import ClassVar

from ..actions import Action


class Bid(Action):
    """Bid ``price`` on private company ``company`` (a bid on the cheapest one at its price buys it).

    Rule: ``1830:auction.bid``.
    """

    type: ClassVar[str] = "bid"
    company: str
    price: int

    def sentence(self) -> str:
        return f"{self.entity} bids {self.price} on {self.company}"


class Par(Action):
    """Set a corporation's par price and buy its president's certificate (``share_price`` = market id).

    Rule: ``1830:stock.par``.
    """

    type: ClassVar[str] = "par"
    corporation: str
    share_price: str

    def sentence(self) -> str:
        return f"{self.entity} pars {self.corporation} at {self.share_price.split(',')[0]}"


class BuyShares(Action):
    """Buy the certificates ``shares`` (ids, all of one corporation, from one holder); ``percent`` is their
    total. With a private company as entity it is that private's exchange (1830 MH for an NYC share).

    Rule: ``1830:stock.buy`` (``1830:private.mh-exchange`` for an exchange).
    """

    type: ClassVar[str] = "buy_shares"
    shares: tuple[str, ...]
    percent: int

    def sentence(self) -> str:
        return f"{self.entity} buys {self.percent}% ({', '.join(self.shares)})"


class SellShares(Action):
    """Sell the certificates ``shares`` (one corporation) to the bank pool; ``percent`` is their total.

    Rule: ``1830:stock.sell``.
    """

    type: ClassVar[str] = "sell_shares"
    shares: tuple[str, ...]
    percent: int

    def sentence(self) -> str:
        return f"{self.entity} sells {self.percent}% ({', '.join(self.shares)})"
