"""The policy of an 18xx title: the named values where 18xx titles differ, with 1830's as the defaults.

A title's :class:`~gamekit.g18xx.game.Game18xx` subclass sets ``policy = Policy(...)`` with the values its rules
give; the rounds and steps of :mod:`gamekit.g18xx` read them instead of hard-wiring 1830. What the facts files
carry (capitalization per corporation, train limits per kind, token costs, end triggers and their timing, an
unlimited bank, market zones) is read from the facts, not repeated here; what needs code rather than a value is a
method of the game class (``capital_on_float``, ``token_cost``, ``train_limit``, ``sold_out``, ``must_buy``,
``upgrade_tokens``, ``route_rules``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Policy:
    """Named rule values of an 18xx title (defaults: 1830).

    Rounds:
        round_after: which round follows which (``start`` → the first round); a title inserts rounds here
            (1837: merger rounds after some operating rounds).
        or_steps: the steps of a corporation's operating turn, in order (1894 adds token re-placement).

    Private auction:
        bid_increment: a bid raises the last one by at least this much (currency units).
        bid_multiple: every bid is a multiple of this (``None``: any amount; 1894: 5).
        all_pass_drop: when every player passes, the cheapest private's price drops by this much (1830: SV).

    Stock round:
        share_unit: the percent of one ordinary certificate, the step of every sale (10).
        no_sale_first_stock_round: no sales in the first stock round.
        no_sale_before_operated: a corporation's shares are sold only once it has operated (1837).
        sell_after_buy: a player may still sell after buying in the same turn (False in 1837: sell, then buy).
        sale_movement: the price drops ``per_share`` sold, or once ``per_sale`` (1837).
        sale_move, sold_out_move: the market moves of a sale and of a sold-out corporation.
        sell_down_to_holding_limit: a player above the holding limit outside the zones allowing it must sell down
            before acting (1894: False, holdings gained in the grey zone may stay).
        priority: the priority deal goes to the player ``after_last_to_act`` (bought or sold last), or the next
            stock round's order is the order in which the players passed (``first_to_pass``, 1894).
        priority_after_auction: after the private auction, the priority deal goes to the player after the last one
            who bought a private outright or had to take one for free (``after_last_to_act``), or to the player
            whose turn the auction had reached (``auction_turn``, 1894).

    Dividends:
        payout_move, withhold_move: the market moves of a payout and of a withholding.
        payout_rounding: a holder's share of a dividend rounded ``up`` or ``down`` to the currency unit.
        pool_pays: who receives the dividend of bank-pool shares (the ``corporation`` or ``nobody``).
        ipo_pays: who receives the dividend of IPO shares (``nobody`` in 1830; ``corporation`` in incremental
            titles, where unsold shares are the treasury's).
        treasury_pays: who receives the dividend of shares a corporation holds of itself (1894's redeemed
            shares): the ``corporation`` or ``nobody``.

    Track and tokens:
        lays_per_turn: track actions per operating turn (1894: 2).
        upgrades_per_turn: how many of them may be upgrades.
        lays_on_one_hex: two track actions of one turn may be on the same hex (1894: never, rule ``track.lay``;
            1830's C&A lay and the corporation's upgrade of it may).

        lifted_token_overfills: a token lifted by an upgrade may go back into a full city of the new tile, which
            gains a slot for it (1894, as 18xx.games plays it).

    Trains and emergency money:
        trade_in_at_limit: a train may be traded in for a new one when at the train limit (1894).
        trade_ins_per_turn: trade-ins a corporation may make in one operating turn (``None``: any; 1894: 1).
        emergency_cheapest_only: with the president's money only the cheapest depot train may be bought.
        emergency_may_swap_presidency: the president's emergency sales may hand over the presidency of another
            corporation (never of the one buying the train).
        pool_sells_first_of_type: of the discarded trains of one type the bank pool sells only the one discarded
            first, as 18xx.games does (1830, 1894); else any of them.
        emergency_sell_only_needed: an emergency sale is allowed only when one certificate fewer would not raise
            enough (1830, 1894).
        emergency_from_others: a corporation that must buy a train may buy one from another corporation with its
            president's money too, for at most the train's face price; after the president's emergency sales, for
            more than the money there was before the last sale (1830, 1894).
        emergency_from_others_to_face: with ``emergency_from_others``, the president's money buys another
            corporation's train for at most its face price (1830, 1894); False: for up to all the two have (1837,
            whose rule allows any price).
    """

    round_after: tuple[tuple[str, str], ...] = (("start", "auction"), ("auction", "stock"), ("stock", "operating"),
                                                ("operating", "stock"))
    or_steps: tuple[str, ...] = ("track", "token", "route", "dividend", "buy_train", "buy_company")
    bid_increment: int = 5
    bid_multiple: int | None = None
    all_pass_drop: int = 5
    share_unit: int = 10
    no_sale_first_stock_round: bool = True
    no_sale_before_operated: bool = False
    sell_after_buy: bool = True
    sale_movement: Literal["per_share", "per_sale"] = "per_share"
    sale_move: str = "down"
    sold_out_move: str = "up"
    sell_down_to_holding_limit: bool = True
    priority: Literal["after_last_to_act", "first_to_pass"] = "after_last_to_act"
    priority_after_auction: Literal["after_last_to_act", "auction_turn"] = "after_last_to_act"
    payout_move: str = "right"
    withhold_move: str = "left"
    payout_rounding: Literal["up", "down"] = "up"
    pool_pays: Literal["corporation", "nobody"] = "corporation"
    ipo_pays: Literal["corporation", "nobody"] = "nobody"
    treasury_pays: Literal["corporation", "nobody"] = "corporation"
    lays_per_turn: int = 1
    upgrades_per_turn: int = 1
    lays_on_one_hex: bool = True
    lifted_token_overfills: bool = False
    trade_in_at_limit: bool = False
    trade_ins_per_turn: int | None = None
    emergency_cheapest_only: bool = True
    emergency_may_swap_presidency: bool = True
    pool_sells_first_of_type: bool = False
    emergency_sell_only_needed: bool = False
    emergency_from_others: bool = False
    emergency_from_others_to_face: bool = True

    def next_round(self, after: str) -> str:
        """The kind of round that follows a round of kind ``after`` (``"start"`` for the first)."""
        return dict(self.round_after)[after]

    def holder_share(self, percent: int, total: int) -> int:
        """A holder's dividend for ``percent`` % of a payout of ``total``, rounded as the policy says."""
        exact = percent * total
        return -(-exact // 100) if self.payout_rounding == "up" else exact // 100
