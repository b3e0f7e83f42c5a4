"""1837's sales in one block (rule ``1837:stock.sell``): in a stock-round turn a player sells a corporation's
certificates in one sale; a second, separate sale of the same corporation in the same turn is refused, as
18xx.games refuses it (its ``MUST_SELL_IN_BLOCKS``).

The corporations sold in the current turn are kept in ``State1837.turn_sales``; the list is emptied by the first
action of each turn (a turn's first action finds the round's ``acted`` false), so it is only read while the player
who made those sales is still acting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...actions import Action
from ...choices import ActionGroup, ListedActions
from ...g18xx.economy import require
from ...g18xx.state import StockRound
from ...tracks.actions import SellShares
from ...tracks.shares import cert_corporation

if TYPE_CHECKING:
    from .game import Game1837

RULE = "1837:stock.sell"


def sold_this_turn(game: "Game1837") -> frozenset[str]:
    """The corporations the player acting now has sold in this stock-round turn (empty outside a stock round)."""
    rnd = game.state.round
    if not isinstance(rnd, StockRound) or not rnd.acted:
        return frozenset()
    return frozenset(game.state.title.turn_sales)


def check(game: "Game1837", action: Action) -> None:
    """Before ``action`` is applied: a second sale of a corporation sold in this turn is refused.

    Raises:
        GameError: under ``1837:stock.sell``, naming the corporation (nothing has changed).
    """
    if not isinstance(game.state.round, StockRound) or not isinstance(action, SellShares) or not action.shares:
        return
    corp = cert_corporation(action.shares[0])
    require(corp not in sold_this_turn(game), f"{game.name_of(action.entity)} has sold {corp} this turn: a "
            "corporation's certificates are sold in one block per turn", RULE)


def record(game: "Game1837", action: Action, acted_before: bool) -> None:
    """After ``action`` was applied in a stock round (``acted_before``: whether the turn had begun): keep the
    corporation of a sale."""
    if not isinstance(game.state.round, StockRound):
        return
    sales = game.state.title.turn_sales
    if not acted_before:
        sales.clear()
    if isinstance(action, SellShares):
        sales.append(cert_corporation(action.shares[0]))


def filter_groups(game: "Game1837", groups: list[ActionGroup]) -> list[ActionGroup]:
    """The stock round's ``groups`` without the sales of corporations already sold this turn (unchanged when none
    was)."""
    sold = sold_this_turn(game)
    if not sold:
        return groups
    out: list[ActionGroup] = []
    for group in groups:
        if group.type != "sell_shares":
            out.append(group)
            continue
        kept = [a for a in group.actions() if cert_corporation(a.shares[0]) not in sold]
        if kept:
            out.append(ListedActions("sell_shares", kept))
    return out


def only_a_pass(groups: list[ActionGroup]) -> bool:
    """True when the stock round's ``groups``, as 1837 filters them (no second sale of a corporation sold this
    turn; only the bank's companies while any is for sale), offer nothing but a pass: the turn ends without
    asking, as 18xx.games passes for a player with no valid action."""
    return not any(g for g in groups if g.type != "pass")
