"""Money and points of Continental Divide: share prices, who may build, dividends and victory points.

Pure functions over :class:`~gamekit.cuberails.cd_state.RailroadState` and the read-only facts; dollars are
whole dollars, victory points are whole points.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

from .cd_map import Board, VictoryPoints
from .cd_state import RailroadState
from .dividends import dividend_per_share


def minimum_share_price(rr: RailroadState) -> int:
    """Return the lowest price of one share: stock value + the dividend per share it would pay now.

    The rulebook's example: blue with 10 shares, stock value $32 and income $30 → dividend $3 → minimum $35.

    Rule: ``cd:stock.minimum-price`` (reference rule 14).
    """
    return rr.stock_value + dividend_per_share(rr.income, rr.shares_issued)


def majority_holders(rr: RailroadState) -> list[str]:
    """Return the players holding the most shares (several when tied), sorted; empty when nobody holds one.

    Rule: ``cd:build.majority`` (reference rule 16).
    """
    if not rr.holders:
        return []
    top = max(rr.holders.values())
    return sorted(p for p, n in rr.holders.items() if n == top and n > 0)


def holds_majority(rr: RailroadState, player: str) -> bool:
    """True when ``player`` is one of the :func:`majority_holders` of ``rr`` (without listing them).

    Rule: ``cd:build.majority``.
    """
    held = rr.holders.get(player, 0)
    return held > 0 and held == max(rr.holders.values())


class Payout(NamedTuple):
    """One railroad's dividend.

    Attributes:
        per_share: dollars per share (income ÷ shares issued, rounded up).
        players: player id → dollars paid by the bank.
        kept: dollars the bank pays the railroad: income minus what the players got, never below 0.
    """

    per_share: int
    players: dict[str, int]
    kept: int


def payout(rr: RailroadState) -> Payout:
    """Return the dividend a started railroad pays now.

    The rulebook's example: red, income $15, 4 shares; Pete 1, Dave 2, one unsold → $4 a share, Pete $4, Dave $8, the
    railroad keeps $3. With all four held (Vince 1) the players get $16 in total and the railroad nothing.

    Rule: ``cd:dividends`` and ``cd:dividends.remainder`` (reference rules 26–28).
    """
    income = rr.income
    per = dividend_per_share(income, rr.shares_issued)
    # one loop, no comprehension, sum or max: asked for every started railroad at the end of every game turn
    players, held = {}, 0
    for player, shares in sorted(rr.holders.items()):
        if shares > 0:
            players[player] = per * shares
            held += shares
    kept = income - per * held
    return Payout(per, players, kept if kept > 0 else 0)


def vp_per_share(rr: RailroadState, board: Board, points: VictoryPoints) -> int:
    """Return the victory points each share of a railroad is worth now (0 for an unstarted railroad).

    Sum of: entered Central (1), entered West (1), crossed the Divide (2), its port (Seattle 2, others 1),
    no unsold shares (1); at most 7.

    Rule: ``cd:scoring`` (reference rule 30).
    """
    if rr.start_hex is None:  # not started (``started`` written out, as ``unsold`` below: asked every turn)
        return 0
    own, regions = rr.hexes, board.region_hexes
    vp = points.central * (not regions["central"].isdisjoint(own)) + points.west * (not regions["west"].isdisjoint(own))
    vp += points.divide * (not board.divide_hexes.isdisjoint(own))
    at_ports = board.port_hexes.intersection(own)
    if at_ports:  # most railroads reach no port: no sum to start for them
        vp += sum(board.data.ports[board.hexes[h].port] for h in at_ports)
    vp += points.no_unsold_shares * (rr.shares_issued == sum(rr.holders.values()))
    return vp


def player_vp(player: str, railroads: dict[str, RailroadState], board: Board, points: VictoryPoints) -> int:
    """Return a player's victory points: for each railroad, shares held × its points per share.

    Rule: ``cd:scoring.per-share`` (reference rule 32).
    """
    return holdings_vp(player, railroads, {rid: vp_per_share(rr, board, points) for rid, rr in railroads.items()})


def holdings_vp(player: str, railroads: dict[str, RailroadState], per_share: dict[str, int]) -> int:
    """Return a player's victory points given each railroad's points per share (railroad id → points), as
    :func:`player_vp` (for scoring every player at once)."""
    return sum(rr.holders.get(player, 0) * per_share[rid] for rid, rr in railroads.items())


def players_vp(players: Iterable[str], railroads: dict[str, RailroadState],
               per_share: dict[str, int]) -> dict[str, int]:
    """Return player id → victory points for each of ``players`` (in their order), given the points per share of
    the railroads (railroad id → points; a railroad left out is worth none: an unstarted one), as
    :func:`holdings_vp` counts them: one pass over the holders of each railroad worth points, not one over all
    the railroads per player (rule ``cd:scoring.per-share``)."""
    vp = dict.fromkeys(players, 0)
    for rid, points in per_share.items():
        if points:
            for player, shares in railroads[rid].holders.items():
                if player in vp:
                    vp[player] += shares * points
    return vp
