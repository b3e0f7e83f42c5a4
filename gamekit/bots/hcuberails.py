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
from .ar_reach import headings
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
    """Dividend phases still to come, this year's included (rule ``ar:year``); 0 once the game is over."""
    if game.is_over:
        return 0
    years = game.facts.years
    round_name = game.active_round()
    now = int(round_name.split()[-1]) if round_name.startswith("Year") else years[0]
    return years[-1] - now + 1


def _ar_prospects(game: Any, pending: tuple[str, str, int] | None = None) -> dict[str, float]:
    """Player → cash plus the dividends their shares pay in the years left at today's income (rule
    ``ar:dividends``); ``pending`` = (player, company, bid) counts a share bid for as bought at that bid."""
    years = _ar_years_left(game)
    held = {p.id: {c: h.certificates for c, h in game.holdings(p.id).items()} for p in game.players}
    cash = {p.id: float(game.cash(p.id)) for p in game.players}
    if pending:
        who, company, bid = pending
        held[who][company] = held[who].get(company, 0) + 1
        cash[who] -= bid
    divisor: dict[str, int] = {}
    for shares in held.values():
        for company, n in shares.items():
            divisor[company] = divisor.get(company, 0) + n
    per_share = {c: -(-game.income(c) // n) for c, n in divisor.items()}
    return {p: cash[p] + years * sum(n * per_share[c] for c, n in shares.items()) for p, shares in held.items()}


def _ar_standing(game: Any, me: str, pending: tuple[str, str, int] | None = None) -> float:
    """How far the acting player's prospects lead the best other player's (money wins, rule ``ar:end.winner``)."""
    prospects = _ar_prospects(game, pending)
    mine = prospects.pop(me)
    return mine - max(prospects.values())


AR_HEADINGS = 2  # cubes toward a city tried per company at each cube of an Expand action
AR_REACH = 4  # cubes ahead the bot looks for a city to build toward (an Expand 4)


def _ar_candidates(game: Any) -> list[Any]:
    """The actions worth trying now: all of them, except that of the cubes one could place only those entering a
    city and those heading toward one (:func:`.ar_reach.headings`) are kept; builds toward a city come before
    the rest, so that they win ties with stopping."""
    actions = game.legal_actions()
    builds = [a for a in actions if a.type == "ar_build"]
    if not builds:
        return actions
    toward: list[Any] = []
    for company in sorted({a.company for a in builds}):
        ahead = headings(game, company, AR_REACH)[:AR_HEADINGS]
        toward += sorted((a for a in builds if a.company == company and a.hex in ahead),
                         key=lambda a: ahead.index(a.hex))
    cities = [a for a in builds if a.hex in game.board.city_at and a not in toward]
    return [a for a in actions if a.type == "ar_take_money"] + toward + cities + [a for a in actions if a.type == "pass"]


def _ar_best_now(game: Any, me: str) -> Any:
    """The candidate action that leaves ``me``'s standing best one step ahead (the first wins ties)."""
    best, best_value = None, None
    for action in _ar_candidates(game):
        fork = game.fork()
        fork.process(action)
        pending = (me, action.company, action.amount) if action.type == "ar_bid" else None
        worth = _ar_standing(fork, me, pending)
        if best_value is None or worth > best_value:
            best, best_value = action, worth
    return best


def _ar_turn_value(game: Any, me: str) -> float:
    """``me``'s standing after finishing their own turn greedily from ``game`` (a fork, changed in place); a share
    ``me`` opened an auction for counts as bought at the opening bid."""
    pending = None
    while not game.is_over and game.current_entity == me:
        action = _ar_bid_or_pass(game) if game.legal_actions()[0].type in ("ar_bid", "pass") and \
            "ar_bid" in game.active_step.action_types else _ar_best_now(game, me)
        game.process(action)
        if action.type == "ar_bid":
            pending = (me, action.company, action.amount)
            break
    return _ar_standing(game, me, pending)


def _ar_share_worth(game: Any, company: str) -> float:
    """What one more share of ``company`` should pay its holder until the end, in dollars (rule ``ar:dividends``)."""
    held = 1 + sum(h.certificates for p in game.players for c, h in game.holdings(p.id).items() if c == company)
    return -(-game.income(company) // held) * _ar_years_left(game)


def _ar_bid_or_pass(game: Any) -> Any:
    actions = game.legal_actions()
    bids = [a for a in actions if a.type == "ar_bid"]
    passes = [a for a in actions if a.type == "pass"]
    if not bids:
        return passes[0]
    bid = bids[0]
    worth = _ar_share_worth(game, bid.company)
    return bid if bid.amount <= max(worth, game.facts.minimum_bid) or not passes else passes[0]


@strategy(AmericanRails)
def play_american_rails(game: AmericanRails, rng: Any) -> Any:
    """Bid while a share is worth its price; choose an action-track row by finishing the turn greedily on a fork
    for each; otherwise the action that leaves the acting player's lead in cash plus expected dividends biggest."""
    me = game.current_entity
    if "ar_bid" in game.active_step.action_types:
        return _ar_bid_or_pass(game)
    if "ar_choose_action" in game.active_step.action_types:
        best, best_value = None, None
        for action in game.legal_actions():
            fork = game.fork()
            fork.process(action)
            worth = _ar_turn_value(fork, me)
            if best_value is None or worth > best_value:
                best, best_value = action, worth
        return best
    return _ar_best_now(game, me)
