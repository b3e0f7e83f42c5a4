"""A simple greedy bot for Continental Divide, for classroom demos (bots play, the class predicts the winner).

It is not a strong player; it plays plausibly: it starts railroads while it has money, buys the share with the
most victory points per dollar at the minimum price, builds the line that adds the most income and points,
and takes the first free turn-order card. All choices are legal actions of the game; ties and the few random
choices come from the given :class:`~gamekit.rng.GameRandom`.
"""

from __future__ import annotations

from ..actions import Action, Pass
from ..rng import GameRandom
from .cd_actions import BuildTrack, BuyShare, StartRailroad


def _pick(rng: GameRandom, n: int) -> int:
    # the generator's low bits repeat with a short period; use its high bits for small choices
    return (rng.next() >> 12) % n


def greedy_action(game, rng: GameRandom) -> Action:
    """Return a legal action for the entity to act in a Continental Divide game.

    Args:
        game: a :class:`~gamekit.titles.continental_divide.ContinentalDivide` game that is not over.
        rng: the bot's random number generator.

    Returns:
        Stock step: start a railroad (random start hex, 3–6 shares, a stock value about a third of its cash)
        when it controls none, else the best-value share at its minimum price if it keeps $10, else pass.
        Build step: the line with the best score (income + $10 Divide bonus + 5 per new region or port),
        else pass. Turn order: the lowest free card.
    """
    acts = game.legal_actions()
    step = game.active_step.name
    if step == "Choose turn order":
        return min(acts, key=lambda a: a.position)
    me = game.current_entity
    if step == "Buy stock":
        return _stock(game, acts, me, rng)
    builds = [a for a in acts if isinstance(a, BuildTrack)]
    if not builds:
        return Pass(entity=me)
    return max(builds, key=lambda a: (_line_score(game, a), -len(a.hexes)))


def _stock(game, acts, me: str, rng: GameRandom) -> Action:
    state = game.state
    controls = [rid for rid, rr in state.railroads.items() if rr.holders.get(me, 0) and rr.started
                and rr.holders[me] == max(rr.holders.values())]
    cash = state.cash[me]
    ranges = game.action_ranges()
    starts = [r for r in ranges if isinstance(r.template, StartRailroad) and 3 <= r.template.shares <= 6]
    if not controls and starts:
        r = starts[_pick(rng, len(starts))]
        target = max(r.low, min(r.high, cash // 3))
        return r.action(target)
    buys = [a for a in acts if isinstance(a, BuyShare) and cash - a.price >= 10]
    if buys:
        return max(buys, key=lambda a: ((game.vp_per_share(a.railroad) + 1) / a.price, a.railroad))
    return Pass(entity=me)


def _line_score(game, action: BuildTrack) -> int:
    rr = game.state.railroads[action.railroad]
    board = game.board
    regions = {board.hexes[h].region for h in rr.hexes}
    score = 0
    for coord in action.hexes:
        h = board.hexes[coord]
        score += h.income
        if h.region not in regions:
            regions.add(h.region)
            score += 5
        if h.port:
            score += 5 * game.board.data.ports[h.port]
        if h.west_of_divide and not rr.crossed_divide:
            score += 10
    return score
