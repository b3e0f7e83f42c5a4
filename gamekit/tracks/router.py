"""The exact route finder: the best set of routes for a corporation's trains, with a proof of optimality.

Search in three stages (DESIGN §5), all legality and revenue coming from :mod:`gamekit.tracks.routes`:

1. **Segments.** The corporation's network (:func:`gamekit.tracks.graph.reach`) is cut into segments: plain track
   between two stops (cities, towns, off-boards), one tile path after another, branching where several paths
   meet a hex edge. Each segment is a :class:`~gamekit.tracks.routes.Leg`; the track it uses (paths and hex
   sides) comes from the route module's own leg check and becomes a bit set.
2. **Candidates.** Per train type, every legal route is enumerated as a chain of segments: no stop twice, no
   track twice (bit sets), off-boards and cities full of other tokens only at the ends, a city with one of the
   corporation's tokens somewhere, and a stop mix the train can visit (``DistanceRow`` s, decided by the route
   module's ``_best_payment``). Each distinct stop sequence is scored once with ``score_route`` (so "+n"
   trains, express trains and title bonuses pay exactly as the rules say); the title's ``check_route`` hook
   filters candidates. Candidates are sorted by revenue, best first, ties in a fixed order.
3. **Combination.** Branch and bound over the trains: each train takes one candidate (or runs nowhere) whose
   track is disjoint from the others'. The bound adds, for every train still to choose, the best candidate
   not conflicting with the track already used; identical trains choose in increasing candidate order (the
   same set in another order is the same answer). The chosen set is checked and scored by ``run_routes``.

The result is deterministic: iteration follows sorted keys, ties break by candidate order. A time budget only
stops the search early; then ``proved_optimal`` is False and the answer is the best set found so far.

Assumption (true of 1830, 1837 and 1894 as modelled by the route hooks): a route's revenue depends on its stops
in order and the train, not on which track joins them, and a set's revenue is the sum of its routes'. Rule
section ``1830:route.best``.

Other titles plug in through the route module's seams, which the router respects:

* "+n" trains (5+1, 4+2: n extra towns) and express trains (E: towns passed unpaid, only cities counted) are
  ``DistanceRow`` s; the search stops extending a route once ``_best_payment`` finds no way to visit its stop
  mix, and ``score_route`` chooses which stops are paid.
* 1837 goods trains from a coal mine, E trains needing two cities, 1894 Paris once: ``RouteRules.check_route``
  drops the candidates it refuses (routes are enumerated from every stop, so those starting at a mine are
  among them).
* 1894 Luxembourg and London bonuses: ``RouteRules.bonus`` through ``score_route``, per route (a bonus on the
  whole set of routes would need a set-level hook; none exists yet).
* Off-boards end routes, an off-board area drawn over two hexes is visited once (``route.group``); the two
  cities of an OO tile are two stops.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from ..errors import GameError
from .board import Board, NodeKey, corporation_cities, tokened_by
from .graph import TilePaths, passable
from .mapdata import TrackData
from .routes import BASE_RULES, Leg, Route, RouteRules, RunResult, Train, _best_payment, _part, leg_track, legs_from, \
    route_earnings, run_routes, stop_table

_CHECK_EVERY = 2048
"""Search steps between two looks at the clock (the clock never changes which answer is found first)."""


@dataclass(frozen=True)
class Position:
    """What the router needs to know: track facts, board, running corporation, its trains (id → train), the
    phase's tile colours and the title's route hooks."""

    data: TrackData
    board: Board
    corporation: str
    trains: Mapping[str, Train]
    phase_colours: tuple[str, ...]
    rules: RouteRules = BASE_RULES


@dataclass(frozen=True)
class Segment:
    """Plain track between two stops, walked from ``leg.start`` to ``leg.end``; ``mask`` = bits of its track."""

    leg: Leg
    mask: int


@dataclass(frozen=True)
class Candidate:
    """One legal route for a train type: stops, legs, track bits and value: its revenue plus its subsidy (what
    the route earns the corporation, currency units)."""

    stops: tuple[NodeKey, ...]
    legs: tuple[Leg, ...]
    mask: int
    value: int

    def route(self, train: str) -> Route:
        """Return this candidate as the :class:`Route` of train id ``train``."""
        return Route(train, self.legs)


@dataclass
class Counters:
    """Search counters: segments of track, candidate paths (all train types), distinct stop sequences scored,
    combinations tried (search nodes of the branch and bound) and branches pruned by the bound."""

    segments: int = 0
    candidate_paths: int = 0
    scored: int = 0
    combinations: int = 0
    pruned: int = 0


@dataclass(frozen=True)
class BestRoutes:
    """The router's answer.

    Attributes:
        routes: the chosen routes (train id order; trains left idle are absent).
        run: their check and score by ``run_routes`` (per route: stops with revenue each, bonus, revenue).
        total: revenue of the set in currency units.
        proved_optimal: True when the search finished: no legal route set earns more.
        counters: :class:`Counters` of the search.
    """

    routes: tuple[Route, ...]
    run: RunResult
    total: int
    proved_optimal: bool
    counters: Counters = field(compare=False)


class _OutOfTime(Exception):
    pass


class _Clock:
    """Deadline check every ``_CHECK_EVERY`` ticks; ``None`` budget never expires."""

    def __init__(self, budget: float | None):
        self.deadline = None if budget is None else time.perf_counter() + budget
        self.ticks = 0

    def tick(self) -> None:
        self.ticks += 1
        if self.deadline is not None and self.ticks % _CHECK_EVERY == 1 and time.perf_counter() > self.deadline:
            raise _OutOfTime


def find_best_routes(pos: Position, *, time_budget: float | None = None) -> BestRoutes:
    """Return the best route set of ``pos.corporation`` (rule ``1830:route.best``; legality ``1830:route.*``).

    Args:
        pos: the position (see :class:`Position`).
        time_budget: seconds the search may take (None = until proved). Running out keeps the best set found
            so far and sets ``proved_optimal`` False.

    Returns:
        A :class:`BestRoutes`; an empty set (total 0) when no train can run.

    Raises:
        GameError: only if the chosen set failed the route module's check, which would be a router bug.
    """
    counters = Counters()
    clock = _Clock(time_budget)
    trains = sorted(pos.trains.items())
    proved = True
    chosen: list[tuple[str, Candidate]] = []
    try:
        tiles = TilePaths(pos.data, pos.board)
        segments = network_segments(pos, tiles)
        counters.segments = len(segments)
        by_type = candidates(pos, segments, [t for _, t in trains], counters, clock)
        chosen = _combine(trains, by_type, counters, clock, _set_bonus(pos))
    except _OutOfTime as out:
        proved = False
        chosen = getattr(out, "best", chosen)
    routes = tuple(c.route(t) for t, c in sorted(chosen, key=lambda tc: tc[0]))
    run = run_routes(pos.data, pos.board, pos.corporation, routes, pos.trains, pos.phase_colours, rules=pos.rules)
    return BestRoutes(routes, run, run.total, proved, counters)


# ----- stage 1: segments ---------------------------------------------------------------------------------------
def network_segments(pos: Position, tiles: TilePaths | None = None) -> list[Segment]:
    """Return every segment of plain track between two distinct stops of the corporation's network, once each
    (walked from the smaller node key), in a fixed order.

    The network is walked leg by leg from the corporation's token cities, passing through the stops a route may
    pass (every stop of a legal route is reached so: the route joins it to a token city over such stops). The
    legs come from the route module's ``legs_from``; their track items (tile paths and hex sides) from its
    ``leg_track``, one bit per item. ``tiles``: a lookup of this board's tile paths to reuse.
    """
    data, board, corp = pos.data, pos.board, pos.corporation
    tiles = TilePaths(data, board) if tiles is None else tiles
    legs: dict[tuple, Leg] = {}
    todo = [(coord, "city", i) for coord, i in corporation_cities(board, corp)]
    seen = set(todo)
    while todo:
        node = todo.pop()
        for leg in legs_from(data, board, node, tiles):
            if leg.end == node:
                continue
            legs.setdefault((leg.start, leg.paths) if leg.start < leg.end else (leg.end, leg.paths[::-1]),
                            leg if leg.start < leg.end else leg.reversed())
            if leg.end not in seen:
                seen.add(leg.end)
                if passable(board, leg.end, corp):
                    todo.append(leg.end)
    bits: dict[tuple, int] = {}
    out = []
    for key in sorted(legs):
        items = leg_track(legs[key], tiles)
        if len(set(items)) < len(items):
            continue  # the leg crosses one hex side twice on two paths: already track reuse (route.reuse)
        mask = 0
        for item in items:
            mask |= 1 << bits.setdefault(item, len(bits))
        out.append(Segment(legs[key], mask))
    return out


# ----- stage 2: candidates -------------------------------------------------------------------------------------
def candidates(pos: Position, segments: Sequence[Segment], trains: Sequence[Train], counters: Counters,
               clock: _Clock) -> dict[tuple, list[Candidate]]:
    """Enumerate and score the legal routes of each train type (key: the train's distance rows).

    Returns:
        distance rows → candidates, best revenue first (ties: fewer stops, then stop and path order).
    """
    data, board, corp = pos.data, pos.board, pos.corporation
    types = sorted({t.distance: t for t in trains}.items(), key=lambda kv: kv[1].name)
    if not types:
        return {}
    nodes = sorted({n for seg in segments for n in (seg.leg.start, seg.leg.end)})
    through = {n: passable(board, n, corp) for n in nodes}
    token = {n: int(n[1] == "city" and tokened_by(board, n[0], n[2], corp)) for n in nodes}
    # a stop of a multi-hex off-board area stands for the whole area (rule route.group): one visit per area
    place = {n: ("group", _part(data, board, n).group) if _part(data, board, n).group else n for n in nodes}
    # the stop mix of a route so far, all a train's reach looks at: cities + 1000 towns + 1000000 off-boards
    weight = {"city": 1, "town": 1000, "offboard": 1000000}
    step = {n: weight[n[1]] for n in nodes}
    # per node: the legs leaving it, each with its track bits and what the next stop brings
    adjacency: dict[NodeKey, list[tuple[Leg, int, NodeKey, object, int, int]]] = {n: [] for n in nodes}
    for seg in segments:
        for leg in (seg.leg, seg.leg.reversed()):
            adjacency[leg.start].append((leg, seg.mask, leg.end, place[leg.end], step[leg.end], token[leg.end]))
    still_fit: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}

    def fitting(alive: tuple[int, ...], mix: int) -> tuple[int, ...]:
        """The train types among ``alive`` that can visit a stop mix (decided by the route module's rows)."""
        key = (alive, mix)
        if key not in still_fit:
            kinds = [kind for kind, w in weight.items() for _ in range(mix // w % 1000)]
            still_fit[key] = tuple(k for k in alive if _best_payment(kinds, [0] * len(kinds), types[k][0]) is not None)
        return still_fit[key]

    found: list[list[tuple[tuple[NodeKey, ...], tuple[Leg, ...], int]]] = [[] for _ in types]
    stops: list[NodeKey] = []
    legs: list[Leg] = []
    on_route: set = set()

    def extend(mask: int, mix: int, tokens: int, alive: tuple[int, ...]) -> None:
        clock.tick()
        last = stops[-1]
        if len(stops) >= 2:
            if tokens and stops[0] < last:
                path = (tuple(stops), tuple(legs), mask)
                for k in alive:
                    found[k].append(path)
            if not through[last]:
                return
        for leg, seg_mask, nxt, where, weight_of, tok in adjacency[last]:
            if where in on_route or seg_mask & mask:
                continue
            still = fitting(alive, mix + weight_of)
            if not still:
                continue
            stops.append(nxt)
            legs.append(leg)
            on_route.add(where)
            extend(mask | seg_mask, mix + weight_of, tokens + tok, still)
            on_route.discard(where)
            legs.pop()
            stops.pop()

    everyone = tuple(range(len(types)))
    for start in nodes:
        stops.append(start)
        on_route.add(place[start])
        extend(0, step[start], token[start], fitting(everyone, step[start]))
        on_route.discard(place[start])
        stops.pop()
    table = stop_table(data, board, nodes, pos.phase_colours, pos.rules)

    out: dict[tuple, list[Candidate]] = {}
    for k, (distance, train) in enumerate(types):
        scores: dict[tuple[NodeKey, ...], int | None] = {}
        cands = []
        for seq, route_legs, mask in found[k]:
            counters.candidate_paths += 1
            route = Route(train.id, route_legs)
            try:
                pos.rules.check_route(data, board, corp, route, train)
            except GameError:
                continue
            if seq not in scores:
                counters.scored += 1
                clock.tick()
                scores[seq] = route_earnings(data, board, corp, route, train, pos.phase_colours, pos.rules, table)
            if scores[seq] is not None:
                cands.append(Candidate(seq, route_legs, mask, scores[seq]))
        cands.sort(key=lambda c: (-c.value, len(c.stops), c.stops, tuple(leg.paths for leg in c.legs)))
        out[distance] = cands
    return out


# ----- stage 3: combination ------------------------------------------------------------------------------------
SetBonus = tuple[int, Callable[[Sequence[tuple[str, "Candidate"]]], int]]


def _set_bonus(pos: Position) -> SetBonus:
    """The title's bonus of a whole route set: its upper bound now and the function scoring a chosen set."""
    bound = pos.rules.set_bonus_bound(pos.data, pos.board, pos.corporation, pos.phase_colours)

    def score(picked: Sequence[tuple[str, Candidate]]) -> int:
        routes = [c.route(tid) for tid, c in picked]
        return pos.rules.set_bonus(pos.data, pos.board, pos.corporation, routes, pos.phase_colours)

    return bound, score


def _combine(trains: Sequence[tuple[str, Train]], by_type: Mapping[tuple, list[Candidate]], counters: Counters,
             clock: _Clock, set_bonus: SetBonus = (0, lambda picked: 0)) -> list[tuple[str, Candidate]]:
    """Branch and bound for the best conflict-free choice of one candidate (or none) per train; a set bonus
    (bound, score) counts at the leaves and widens the bound by its upper bound."""
    bonus_bound, bonus_of = set_bonus
    order = sorted(((tid, t) for tid, t in trains if by_type.get(t.distance)),
                   key=lambda tt: (-by_type[tt[1].distance][0].value, tt[1].name, tt[0]))
    lists = [by_type[t.distance] for _, t in order]
    same_as_previous = [i > 0 and order[i][1].distance == order[i - 1][1].distance for i in range(len(order))]
    n = len(order)
    best_total = -1
    best: list[tuple[str, Candidate]] = []
    picked: list[tuple[str, Candidate]] = []

    def first_fit(i: int, used: int) -> int:
        """Revenue of the best candidate of train i not touching ``used`` (0 if none: the train idles)."""
        for c in lists[i]:
            if not c.mask & used:
                return max(c.value, 0)
        return 0

    def search(i: int, used: int, total: int, floor: int) -> None:
        """Choose for train i; ``floor``: the first candidate index it may take (identical trains take
        increasing indices, so each set is tried in one order only; idling counts as index ``len``)."""
        nonlocal best_total, best
        counters.combinations += 1
        clock.tick()
        if i == n:
            total += bonus_of(picked) if bonus_bound else 0
            if total > best_total:
                best_total, best = total, list(picked)
            return
        rest_bound = sum(first_fit(j, used) for j in range(i + 1, n)) + bonus_bound
        cands = lists[i]
        follows = i + 1 < n and same_as_previous[i + 1]
        for idx in range(floor, len(cands)):
            c = cands[idx]
            if total + c.value + rest_bound <= best_total:
                counters.pruned += 1
                break
            if c.mask & used:
                continue
            picked.append((order[i][0], c))
            search(i + 1, used | c.mask, total + c.value, idx + 1 if follows else 0)
            picked.pop()
        if total + rest_bound > best_total:
            search(i + 1, used, total, len(cands) + 1 if follows else 0)
        else:
            counters.pruned += 1

    try:
        search(0, 0, 0, 0)
    except _OutOfTime as out:
        out.best = best
        raise
    return best
