"""The heuristics of the two cube-rail titles: try candidate actions on forks and keep the one that leaves the
acting player's prospects best, by an estimate of what they will hold at the end.

- Continental Divide (victory points win, money buys shares): shares held × (points per share now + the points a
  share can still gain), plus the dividends the shares will bring in the turns left, counted at a share's price.
- American Rails (money wins): cash plus the dividends the player's shares will pay in the years left at today's
  income, and the bot plays for its lead over the best other player, not for its own sum. An action-track row
  changes nothing by itself (the action follows it), so each free row is valued by carrying it out on a fork:
  the best cubes of an expansion, the best house, the share the bot would put up. Of the cubes it may place it
  tries those entering a city and those heading toward one (:mod:`.ar_reach`). Between choices whose estimates
  lie within a couple of dollars of the best the bot's generator decides, so each seed plays its own game.
An auction bid is a promise rather than a change, so bids follow their own rule: bid the lowest amount while it is
below what the share should pay until the end (a company without track counted at the best city it can still start
in) and, during the opening auctions, below the bidder's fair part of its money for the shares left; the seed
decides how close to that bound each bidder goes.
"""

from __future__ import annotations

from typing import Any, Callable

from ..cuberails.dividends import dividend_per_share
from ..titles.american_rails import AmericanRails
from ..titles.continental_divide import ContinentalDivide
from .ar_reach import headings
from .heuristic import best_on_forks, sample_in_order, strategy

CANDIDATES = 16  # actions tried per decision, drawn with the bot's generator (the rest never looked at)
CD_POTENTIAL_VP = 2  # points per share a railroad can still gain, as the bot reckons
CD_VP_DOLLARS = 40  # what one victory point is worth in dollars to the bot (about one share)


def _greedy(game: Any, rng: Any, value: Callable[[Any, str], float]) -> Any:
    me = game.current_entity
    return best_on_forks(game, sample_in_order(rng, game.legal_actions(), CANDIDATES), lambda fork: value(fork, me))


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
AR_HEADINGS = 1  # cubes toward a city tried per company at each cube of an Expand action
AR_REACH = 4  # cubes ahead the bot looks for a city to build toward (an Expand 4)
AR_CLOSE = 2  # dollars of standing within which two choices count as equally good (the seed picks one)
AR_BID_SPREAD = 0.25  # how far below its bound a bidder may stop, as a part of the bound (the seed decides)
AR_EXPAND_CUBES = {"expand4": 4, "expand3": 3, "take": 2}  # cubes of the rows that may expand (rule ar:track)

Pending = tuple[str, str, int]  # (player, company, bid): a share counted as bought at a bid not yet settled


def _ar_years_left(game: Any) -> int:
    """Dividend phases still to come, this year's included (rule ``ar:year``); 0 once the game is over."""
    if game.is_over:
        return 0
    years = game.facts.years
    round_name = game.active_round()
    now = int(round_name.split()[-1]) if round_name.startswith("Year") else years[0]
    return years[-1] - now + 1


def _ar_prospects(game: Any, pending: Pending | None = None) -> dict[str, float]:
    """Player → cash plus the dividends their shares pay in the years left at today's income (rule
    ``ar:dividends``: income ÷ shares held, rounded up), in dollars; ``pending`` counts one more share bought."""
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
    per_share = {c: dividend_per_share(_ar_income(game, c), n) for c, n in divisor.items()}
    return {p: cash[p] + years * sum(n * per_share[c] for c, n in shares.items()) for p, shares in held.items()}


def _ar_standing(game: Any, me: str, pending: Pending | None = None) -> float:
    """How far ``me``'s prospects lead the best other player's, in dollars: money wins (rule ``ar:end.winner``), so
    an action that helps a rival more than oneself is a loss."""
    prospects = _ar_prospects(game, pending)
    mine = prospects.pop(me)
    return mine - max(prospects.values())


def _ar_candidates(game: Any) -> list[Any]:
    """The actions worth trying now: all of them, except that funding is left out (the estimate counts no
    treasury, so to the bot it is worth no more than passing) and of the cubes one could place only those entering
    a city and those heading toward one (:func:`.ar_reach.headings`) are kept. Taking $2 comes first and builds
    toward a city before stopping, so that ties go to money, then to track that will pay."""
    actions = [a for a in game.legal_actions() if a.type != "ar_fund"]
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


def _ar_scored(game: Any, me: str, actions: list[Any] | None = None) -> list[tuple[Any, float]]:
    """Each of ``actions`` (default :func:`_ar_candidates`) with ``me``'s standing one step after it, in order.
    Putting a share up counts as buying it at the lowest bid."""
    scored = []
    for action in _ar_candidates(game) if actions is None else actions:
        if action.type == "ar_choose_share":
            worth = _ar_standing(game, me, (me, action.company, game.facts.minimum_bid))
        else:
            fork = game.fork_after(action)
            worth = _ar_standing(fork, me)
        scored.append((action, worth))
    return scored


def _ar_best_now(game: Any, me: str, actions: list[Any] | None = None) -> tuple[Any, float]:
    """Of ``actions`` (default :func:`_ar_candidates`), the one that leaves ``me``'s standing best one step ahead,
    and that standing (the first wins ties; :func:`_ar_scored`)."""
    return max(_ar_scored(game, me, actions), key=lambda scored: scored[1])


def _ar_expansion(game: Any, me: str) -> list[float]:
    """``me``'s standing after each cube of the expansion ``me`` may carry out now, each cube chosen with
    :func:`_ar_best_now`: ``[after 1 cube, after 2, …]``, shorter when stopping is best (``game`` is a fork and
    is played on)."""
    standings: list[float] = []
    while not game.is_over and game.current_entity == me and "ar_build" in game.active_step.action_types:
        action, worth = _ar_best_now(game, me)
        if action.type != "ar_build":
            break
        game.process(action)
        standings.append(worth)
    return standings


def _ar_row_values(game: Any, me: str) -> dict[str, float]:
    """Row → ``me``'s standing after carrying out that free action-track row as well as the bot can (rule
    ``ar:track``): each row is taken on a fork and its action chosen with :func:`_ar_best_now`. For rows that
    let ``me`` expand, one expansion on the row with most cubes serves them all (Expand 4, Expand 3 and the Expand
    2 of Take $2 with 4–5 players): a row is worth the best of its other choices and of its first cubes."""
    values: dict[str, float] = {}
    expanding: list[tuple[int, str, Any]] = []
    for action in game.legal_actions():
        fork = game.fork_after(action)
        if fork.is_over or fork.current_entity != me:
            values[action.row] = _ar_standing(fork, me)
        elif "ar_build" in fork.active_step.action_types:
            others = [a for a in fork.legal_actions() if a.type != "ar_build"]
            values[action.row] = _ar_best_now(fork, me, others)[1]
            expanding.append((AR_EXPAND_CUBES[action.row], action.row, fork))
        else:
            values[action.row] = _ar_best_now(fork, me)[1]
    if expanding:
        standings = _ar_expansion(max(expanding, key=lambda e: e[0])[2], me)
        for cubes, row, _ in expanding:
            values[row] = max([values[row]] + standings[:cubes])
    return values


def _ar_share_worth(game: Any, company: str) -> float:
    """What one more share of ``company`` should pay its holder until the end, in dollars (rule ``ar:dividends``)."""
    return dividend_per_share(_ar_income(game, company), game.shares_held(company) + 1) * _ar_years_left(game)


def _ar_income(game: Any, company: str) -> int:
    """A company's income in dollars; for one without track yet, the full value of the best city still free to
    start in, since its first shareholder places the starting cube there at once (rules ``ar:auction.win``,
    ``ar:start.city``). Counted as 0, every opening share was worth the lowest bid to every bot, so the player
    opening the auctions bought them all for $10 each."""
    if game.company_summary(company)["hexes"]:
        return game.income(company)
    return max((city.full for city in game.board.facts.cities if not game.occupants(city.hex)), default=0)


def _ar_bid_or_pass(game: Any, rng: Any) -> Any:
    """The lowest bid while it is no more than the share should pay and the bidder's budget allows (or the lowest
    bid allowed), else a pass. How far below that bound the bidder stops, up to :data:`AR_BID_SPREAD` of it, the
    generator decides at each bid: bidders with the same bound would otherwise always end the bidding in seat
    order, and the same seat would always win."""
    actions = game.legal_actions()
    bids = [a for a in actions if a.type == "ar_bid"]
    passes = [a for a in actions if a.type == "pass"]
    if not bids:
        return passes[0]
    bid = bids[0]
    bound = min(_ar_share_worth(game, bid.company), _ar_budget(game, bid.entity))
    bound *= 1 - AR_BID_SPREAD * rng.below(101) / 100
    return bid if bid.amount <= max(bound, game.facts.minimum_bid) or not passes else passes[0]


def _ar_budget(game: Any, me: str) -> float:
    """The most ``me`` spends on one share: while companies still wait for their first share (rule
    ``ar:opening``), ``me``'s fair part of the money for them, cash × players ÷ shares left to sell, so that the
    last player with money does not buy the last companies for the lowest bid; afterwards all of the cash."""
    summaries = map(game.company_summary, game.corporations())
    waiting = sum(1 for summary in summaries if summary["in_play"] and not summary["hexes"])
    return game.cash(me) * len(game.players) / waiting if waiting else float(game.cash(me))


def _ar_pick(rng: Any, scored: list[tuple[Any, float]]) -> Any:
    """One of the scored choices whose value is within :data:`AR_CLOSE` dollars of the best, drawn with the bot's
    generator (in the order given), so that the seed decides between choices the estimate cannot tell apart."""
    best = max(value for _, value in scored)
    close = [choice for choice, value in scored if value >= best - AR_CLOSE]
    return close[rng.below(len(close))]


@strategy(AmericanRails)
def play_american_rails(game: AmericanRails, rng: Any) -> Any:
    """Bid while a share is worth its price; take an action-track row whose best use leaves the acting player's
    lead in cash plus expected dividends biggest (:func:`_ar_row_values`); otherwise a candidate action that does
    so one step ahead (see the module). Between choices within :data:`AR_CLOSE` dollars of the best, ``rng``
    decides (:func:`_ar_pick`)."""
    me = game.current_entity
    step = game.active_step.action_types
    if "ar_bid" in step:
        return _ar_bid_or_pass(game, rng)
    if "ar_choose_action" in step:
        values = _ar_row_values(game, me)
        return _ar_pick(rng, [(a, values[a.row]) for a in game.legal_actions()])
    return _ar_pick(rng, _ar_scored(game, me))
