"""The heuristics of the two cube-rail titles: try each candidate action on a fork and keep the one that leaves
the acting player's prospects best, by an estimate of what they will hold at the end.

- Continental Divide (victory points win, money buys shares): shares held × (points per share now + the points a
  share can still gain), plus the dividends the shares will bring in the turns left, counted at a share's price.
- American Rails (money wins): cash plus the dividends the player's shares will pay in the years left.
An auction bid is a promise rather than a change, so bids follow their own rule: bid the lowest amount while it is
below what the share should pay until the end.
"""

from __future__ import annotations

from typing import Any, Callable

from ..titles.american_rails import AmericanRails
from ..titles.continental_divide import ContinentalDivide
from .heuristic import strategy

CANDIDATES = 16  # actions tried per decision, drawn with the bot's generator (the rest never looked at)
CD_POTENTIAL_VP = 2  # points per share a railroad can still gain, as the bot reckons
CD_VP_DOLLARS = 40  # what one victory point is worth in dollars to the bot (about one share)


def _greedy(game: Any, rng: Any, value: Callable[[Any, str], float]) -> Any:
    actions = game.legal_actions()
    if len(actions) > CANDIDATES:
        actions = [actions[i] for i in sorted(rng.shuffled(range(len(actions)))[:CANDIDATES])]
    me = game.current_entity
    best, best_value = None, None
    for action in actions:
        fork = game.fork()
        fork.process(action)
        worth = value(fork, me)
        if best_value is None or worth > best_value:
            best, best_value = action, worth
    return best


# ----- Continental Divide ---------------------------------------------------------------------------------------
def _cd_value(game: Any, me: str) -> float:
    turns_left = max(0, game.rules.turns - game.turn() + 1) if not game.is_over else 0
    worth = float(game.cash(me))
    for railroad, held in game.holdings(me).items():
        summary = game.railroad_summary(railroad)
        dividend = -(-summary["income"] // summary["shares_issued"]) if summary["shares_issued"] else 0
        points = game.vp_per_share(railroad) + (CD_POTENTIAL_VP if turns_left else 0)
        worth += held.certificates * (points * CD_VP_DOLLARS + dividend * turns_left)
    return worth


@strategy(ContinentalDivide)
def play_continental_divide(game: ContinentalDivide, rng: Any) -> Any:
    """Choose the action that leaves the acting player's estimated end value highest (see the module)."""
    return _greedy(game, rng, _cd_value)


# ----- American Rails -------------------------------------------------------------------------------------------
def _ar_years_left(game: Any) -> int:
    years = game.facts.years
    round_name = game.active_round()
    now = int(round_name.split()[-1]) if round_name.startswith("Year") else years[0]
    return years[-1] - now + 1


def _ar_dividend(game: Any, company: str, extra_holder: int = 0) -> int:
    held = extra_holder + sum(h.certificates for p in game.players
                              for c, h in game.holdings(p.id).items() if c == company)
    income = game.income(company)
    return -(-income // held) if held else income


def _ar_value(game: Any, me: str) -> float:
    years = _ar_years_left(game) if not game.is_over else 0
    worth = float(game.cash(me))
    for company, held in game.holdings(me).items():
        worth += held.certificates * _ar_dividend(game, company) * years
    return worth


@strategy(AmericanRails)
def play_american_rails(game: AmericanRails, rng: Any) -> Any:
    """Bid while a share is worth its price, else choose the action that leaves the acting player's cash plus
    expected dividends highest (see the module)."""
    actions = game.legal_actions()
    bids = [a for a in actions if a.type == "ar_bid"]
    if bids:
        bid = min(bids, key=lambda a: a.amount)
        worth = _ar_dividend(game, bid.company, extra_holder=1) * _ar_years_left(game)
        passes = [a for a in actions if a.type == "pass"]
        return bid if bid.amount <= max(worth, game.facts.minimum_bid) or not passes else passes[0]
    return _greedy(game, rng, _ar_value)
