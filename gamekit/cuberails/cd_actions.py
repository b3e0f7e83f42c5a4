"""The actions of Continental Divide (type names carry a ``cd_`` prefix; passing is the shared ``pass``).

Money is in dollars; hexes are map names such as ``"G39"``; railroads are ids such as ``"UP"``.
"""

from __future__ import annotations

from typing import ClassVar, Sequence

from ..actions import Action
from ..choices import ActionGroup, ActionRange


class StartRailroad(Action):
    """Buy the first share of an unstarted railroad: choose its start hex, share count and stock value.

    Attributes:
        entity: the player.
        railroad: id of an unstarted railroad.
        hex: one hex of Chicago, Memphis or New Orleans.
        shares: shares issued, 3–10 (the rest leave the game).
        stock_value: $10–$50, different from every other railroad's; paid into the railroad's treasury.

    Rule: ``cd:stock.start`` (the rulebook, ref. 12).
    """

    type: ClassVar[str] = "cd_start_railroad"
    railroad: str
    hex: str
    shares: int
    stock_value: int

    def sentence(self) -> str:
        return (f"{self.entity} starts {self.railroad} in {self.hex} with {self.shares} shares "
                f"at a stock value of ${self.stock_value}")


class BuyShare(Action):
    """Buy one unsold share of a started railroad; the price goes into the railroad's treasury.

    Attributes:
        entity: the player.
        railroad: id of a started railroad with an unsold share.
        price: dollars, at least stock value + the dividend per share it would pay now.

    Rule: ``cd:stock.minimum-price`` and ``cd:stock.treasury`` (reference rules 13–14).
    """

    type: ClassVar[str] = "cd_buy_share"
    railroad: str
    price: int

    def sentence(self) -> str:
        return f"{self.entity} buys a share of {self.railroad} for ${self.price}"


class BuildTrack(Action):
    """Build a straight line of cubes for one railroad, paid from its treasury.

    Attributes:
        entity: the player (a majority or tied-majority holder of the railroad).
        railroad: id of the railroad that builds.
        origin: a hex that already holds the railroad's cube.
        hexes: the new hexes in order, each the next one along one direction from ``origin``.

    Rule: ``cd:build.straight-line`` and the other ``cd:build.*`` sections (reference rules 16–25).
    """

    type: ClassVar[str] = "cd_build_track"
    railroad: str
    origin: str
    hexes: tuple[str, ...]

    def sentence(self) -> str:
        return f"{self.entity} builds {self.railroad} from {self.origin}: {' → '.join(self.hexes)}"


class ChooseOrder(Action):
    """Take a turn-order card for the next game turn (the last player of this turn chooses first).

    Attributes:
        entity: the player choosing.
        position: the card's number, 1 = first to play next turn.

    Rule: ``cd:order`` (reference rule 33).
    """

    type: ClassVar[str] = "cd_choose_order"
    position: int

    def sentence(self) -> str:
        return f"{self.entity} takes turn-order card {self.position}"


class ShareRanges(ActionGroup):
    """The share purchases open to a player, as :class:`BuyShare` actions built on demand: one per railroad, at its
    minimum price, each the lowest value of a range up to the player's cash (a stock turn offers them whichever
    action type a bot then picks, so they are built only when asked for).

    Args:
        player: the buying player; cash: their dollars; buyable: ``(railroad, minimum price)`` pairs in listing
            order, each price at most ``cash`` (rule ``cd:stock.minimum-price``).
    """

    type = BuyShare.type

    def __init__(self, player: str, cash: int, buyable: Sequence[tuple[str, int]]):
        self._player, self._cash, self._buyable = player, cash, buyable

    def __len__(self) -> int:
        return len(self._buyable)

    def __bool__(self) -> bool:  # asked at every stock position (``_settle``): one call, not two
        return bool(self._buyable)

    def action(self, index: int) -> BuyShare:
        railroad, low = self._buyable[index]
        return BuyShare._trusted(entity=self._player, railroad=railroad, price=low)

    def range(self, index: int) -> ActionRange:
        return ActionRange(self.action(index), "price", self._buyable[index][1], self._cash)
