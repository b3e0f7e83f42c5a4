"""1837's sales in one block (rule ``1837:stock.sell``): in a turn a player sells a corporation's certificates in
one sale; a second, separate sale of the same corporation in the same turn is refused, as 18xx.games refuses it
(its ``MUST_SELL_IN_BLOCKS``). The president's emergency sales for a train (rule ``1837:trains.emergency``: "under
the normal rules") keep to it too: that turn is the operating corporation's, and a corporation sold in it is sold
neither again nor by the forced sale of a bankruptcy that ends it (rule ``1837:end.bankrupt``: what the rules
allow), as 18xx.games' train step keeps the corporations sold in it (``@corporations_sold``) for both.

The corporations sold in the current turn are kept in ``State1837.turn_sales``. In a stock round the list is
emptied by the first action of each turn (a turn's first action finds the round's ``acted`` false); in an
operating round by the first sale of an emergency (it finds the round's ``emergency_sale`` empty: no sale was the
last action). It is only read while the player who made those sales is still acting: in a stock-round turn once
it has begun, in an emergency while its sales go on (``emergency_sale`` set). Nothing but the president's sales
comes between two of them: the corporation must buy a train and, having none, surrenders none; its turn ends with
the purchase or the bankruptcy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ...actions import Action
from ...choices import ActionGroup
from ...errors import GameError
from ...g18xx import stock
from ...g18xx.state import OperatingRound, StockRound
from ...i18n import msg
from ...tracks.actions import SellShares
from ...tracks.shares import cert_corporation

if TYPE_CHECKING:
    from .game import Game1837

RULE = "1837:stock.sell"


def _turn_seller(game: "Game1837") -> str | None:
    """The player whose sales of this turn ``State1837.turn_sales`` holds: the player acting in a stock-round turn
    that has begun, the operating corporation's president while its emergency sales go on; ``None`` when it holds
    none of this turn."""
    rnd = game.state.round
    if isinstance(rnd, StockRound):
        return game.current_entity if rnd.acted else None
    if isinstance(rnd, OperatingRound) and rnd.emergency_sale is not None:
        return game.state.corporations[rnd.order[rnd.index]].president
    return None


def sale_refusal(game: "Game1837", player: str, corp: str) -> tuple[str, str] | None:
    """Why ``player`` may not sell ``corp`` now under the one-block rule: the player selling now has sold it in
    this turn (a stock-round turn, or the president's emergency sales for the operating corporation's train);
    ``None`` otherwise (rule ``1837:stock.sell``)."""
    # asked for every holding at every stock-round position: who sells is looked up only after a sale of corp
    if corp not in game.state.title.turn_sales or player != _turn_seller(game):
        return None
    return msg("{player} has sold {corp} this turn: a corporation's certificates are sold in one block per turn",
               player=game.name_of(player), corp=corp), RULE


def record(game: "Game1837", action: Action, begun: bool) -> None:
    """After ``action`` was applied in a stock round, or was the president's emergency sale in an operating round:
    keep the corporation of a sale. ``begun``: whether the turn's sales had begun before it (the stock round's
    ``acted``; an emergency sale the operating round's last action), else the list is emptied first."""
    sales = game.state.title.turn_sales
    if not begun:
        sales.clear()
    if isinstance(action, SellShares):
        sales.append(cert_corporation(action.shares[0]))


def over_holding_limit(game: "Game1837", groups: list[ActionGroup]) -> str | None:
    """The first corporation of which the player acting holds more than its holding limit (60%; a coal company's
    exchange or a national's formation can bring that), outside a market zone allowing it, and may still sell a
    block now (``groups`` list a sale of it); ``None`` when there is none (rule
    ``1837:stock.must-sell``)."""
    return _first_sold(_over_limit(game), lambda: groups)


def _over_limit(game: "Game1837") -> tuple[str, ...]:
    """The corporations of which the player acting holds more than the holding limit, outside a market zone
    allowing it (none outside a stock round). Read from that player's holdings and the prices only: kept by the
    ledger among the answers about that player (``ShareLedger.kept(holder)``) until one of the player's
    certificates or a price marker moves, as every stock-round position asks it."""
    rnd = game.state.round
    if not isinstance(rnd, StockRound):
        return ()
    state = game.state
    # who acts in a stock round, as game.current_entity names them (nobody once the game is over), without the
    # round's step looked up again: the player whose turn it is
    who = None if game.is_over else stock.current_player(game)
    kept = state.ledger.kept(who)
    key = "1837 over holding limit"
    over = kept.get(key)
    if over is None:
        corporations, limits = state.corporations, _holding_limits(game)
        # the player's percent per corporation read at once (held_by): a corporation no longer held shows 0%, and
        # a holding of something without a limit kept (no corporation) is never over 100%: neither is ever over
        over = kept[key] = tuple(
            corp for corp, percent in state.ledger.held_by(who).items()
            if percent > limits.get(corp, 100) and (c := corporations.get(corp)) is not None and
            c.price is not None and not game.market.cell(c.price).allows_over_60)
    return over


def _holding_limits(game: "Game1837") -> dict[str, int]:
    """Each corporation's holding limit (``TitleFacts.max_holding_percent_of``), asked for every holding of the
    player acting at every stock-round position: a fact, kept with the game's facts (``_facts_memo``)."""
    memo = game._facts_memo()
    limits = memo.get("1837 holding limits")
    if limits is None:
        limits = memo["1837 holding limits"] = {c.sym: game.facts.max_holding_percent_of(c.sym)
                                                for c in game.facts.corporations}
    return limits


def _first_sold(over: tuple[str, ...], groups: Callable[[], list[ActionGroup]]) -> str | None:
    """The first of the corporations ``over`` (by name) of which ``groups()`` list a sale. A player is rarely over
    a limit: the groups, whose sales are found only when asked (a stock round's many bundles), are then never
    made."""
    if not over:
        return None
    sold = {cert_corporation(a.shares[0]) for g in groups() if g.type == "sell_shares" for a in g.actions()}
    return min((corp for corp in over if corp in sold), default=None)


def must_sell_groups(game: "Game1837", groups: list[ActionGroup]) -> list[ActionGroup]:
    """The stock round's ``groups``, only their sales while the player acting is over a holding
    limit with a sale of that corporation open (:func:`over_holding_limit`): as 18xx.games plays it, such a player
    sells before anything else, a pass included (rule ``1837:stock.must-sell``)."""
    if over_holding_limit(game, groups) is None:
        return groups
    return [g for g in groups if g.type == "sell_shares"]


def check_must_sell(game: "Game1837", groups: Callable[[], list[ActionGroup]], action: Action) -> None:
    """Refuse anything but a sale from a player over a holding limit with a sale of that corporation open
    (``groups()``: the stock round's groups, made only when the player is over a limit).

    Raises:
        GameError: under ``1837:stock.must-sell``, naming the corporation (nothing has changed).
    """
    if isinstance(action, SellShares) or action.entity != game.current_entity:
        return
    corp = _first_sold(_over_limit(game), groups)
    if corp is None:  # nearly always: the refusal's sentence is built only for a refusal
        return
    percent = game.state.ledger.percent_of(action.entity, corp)
    raise GameError(msg("{player} holds {percent} of {corporation}, over {limit}: sell first",
                        player=game.name_of(action.entity), percent=f"{percent}%", corporation=corp,
                        limit=f"{game.facts.max_holding_percent_of(corp)}%"), "1837:stock.must-sell")


def only_a_pass(groups: list[ActionGroup]) -> bool:
    """True when the stock round's ``groups``, as 1837 filters them (no second sale of a corporation sold this
    turn; only the bank's companies while any is for sale), offer nothing but a pass: the turn ends without
    asking, as 18xx.games passes for a player with no valid action."""
    for group in groups:  # a loop, not any() of a generator, which a group holding an action would leave unfinished
        if group.type != "pass" and group:
            return False
    return True
