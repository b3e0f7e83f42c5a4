"""The exact route finder: the best set of routes for a corporation's trains, with a proof of optimality.

Search in three stages (DESIGN §5), all legality and revenue coming from :mod:`gamekit.tracks.routes`:

1. **Segments.** The corporation's network is walked leg by leg from its token cities (``legs_from``), through
   the stops a route may pass, and only as many legs far as its longest train may run; it is cut into segments:
   plain track between two stops (cities, towns, off-boards), one tile path after another, branching where
   several paths meet a hex edge. Each segment is a :class:`~gamekit.tracks.routes.Leg`; the track it uses
   (paths and hex sides, the route module's ``leg_track``) becomes a bit set. The tiles' paths are looked up
   once per hex (:class:`~gamekit.tracks.graph.TilePaths`), the stops' values and ids once per stop
   (``stop_table``).
2. **Candidates.** Per train type, every legal route is enumerated as a chain of segments: no stop twice, no
   track twice (bit sets), off-boards and cities full of other tokens only at the ends, a city with one of the
   corporation's tokens somewhere (a chain without one stops growing when no token city is near enough for
   the stops its trains have left), and a stop mix the train can visit (``DistanceRow`` s, decided by the
   route module's ``_best_payment``; the mix is a count per stop kind; which types fit a mix is remembered per
   set of train types across searches, :func:`_fit_memos`). Each distinct stop sequence is scored
   once by the route module (``route_earnings``, exactly as ``score_route``: "+n" trains, express trains,
   title bonuses and subsidies pay as the rules say; a train paying every stop, with no title hook on routes,
   earns the sum of its stops' values); the title's ``check_route`` hook filters candidates. Candidates are
   sorted by what they earn (:func:`rank`), best first, ties in a fixed order. The routes found for a train type
   are kept per network (:func:`_kept_entry`): a search on the same segments with other trains (one bought,
   rusted, or another of the same type) enumerates only the types not kept, reads each kept type's ranked
   list as far as earlier searches scored it (:func:`_kept_ranked`), and reads what the first search derived of
   the network whatever the trains (stops, their values, legs, ways to a token city: :class:`_Network`).
3. **Combination.** Branch and bound over the trains: each train takes one candidate (or runs nowhere) whose
   track is disjoint from the others'. The bound adds, for every train still to choose, the best candidate
   not conflicting with the track already used; identical trains choose in increasing candidate order (the
   same set in another order is the same answer), so after a choice the identical trains following earn at most
   the best candidates after it not touching the track used. Each list is indexed by track bit, so a train's
   scan jumps to the next candidate not touching the track used. The chosen set is scored by the route module
   (``scored_run``: ``run_routes``' result without its checks, which the candidates pass by construction).

The best set earns the most money, revenue plus subsidies (1837's mines), and between sets earning as much,
the most revenue (:func:`rank`). The result is deterministic: iteration follows sorted keys, ties break by
candidate order. A time budget only stops the search early; then ``proved_optimal`` is False and the answer is
the best set found so far. Remembered answers (:func:`remembered_best`) are kept per position and per network
(stage 1's segments and the tiles and tokens under them): positions differing only away from the network share
one answer, and a network's answer serves trains of the same types under other ids (:func:`_relabelled`); a
heuristic's question (:func:`best_earning`) is answered per network only. Whether any train can run
(:func:`any_route`) is answered from a route found before while the board holds the same on its hexes.

Assumption (true of 1830, 1837 and 1894 as modelled by the route hooks): a route's revenue and subsidy depend on
its stops in order and the train, not on which track joins them, and a set's earnings are the sum of its
routes' plus the set bonus. Rule sections ``1830:route.best``, ``1837:route.best``.

Other titles plug in through the route module's seams, which the router respects:

* "+n" trains (5+1, 4+2: n extra towns), express trains (E: towns passed unpaid, only cities counted) and goods
  trains (1837: towns without limit) are ``DistanceRow`` s; the search stops extending a route once
  ``_best_payment`` finds no way to visit its stop mix, and the route module chooses which stops are paid.
* 1837 goods trains from one mine, E trains needing two cities, 1894 Paris once: ``RouteRules.check_route``
  drops the candidates it refuses (routes are enumerated from every stop, so those starting at a mine are
  among them); 1837's mine subsidies: ``RouteRules.subsidy``, per route. A quota of cities on some hexes per
  train (1837: one mine for a goods train, none for the others; ``RouteRules.quota``) is counted during the
  enumeration, so a route breaking it is never listed for that train nor scored, and a route whose trains all
  still need a quota city it can no longer reach is not extended (:func:`_quota_reach`). Where every quota city
  is a dead end (1837's mines: one track out), a route needing one has it at an end, and such routes are
  enumerated from the quota cities only (:func:`_end_first`), not from every stop.
* 1894 Luxembourg, Netherlands and London bonuses: ``RouteRules.bonus``, per route; a bonus of the whole set:
  ``RouteRules.set_bonus`` with its bound ``set_bonus_bound``.
* Off-boards end routes, an off-board area drawn over two hexes (or Vienna's cities) is visited once
  (``route.group``); the two cities of an OO tile are two stops.
"""

from __future__ import annotations

import heapq
import io
import pickle
import time
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import groupby
from operator import attrgetter, itemgetter
from typing import Callable, Iterable, Mapping, NamedTuple, Sequence

from ..errors import GameError
from .board import Board, NodeKey, memo, tokened_by
from .graph import TilePaths, passable, token_cities
from .mapdata import TrackData
from .routes import BASE_RULES, DistanceRow, Leg, Route, RouteRules, RunResult, StopRevenue, Train, _best_payment, \
    _groups, hooked_earnings, kept_legs, leg_track, pays_every_stop, route_earnings, route_from_log, run_routes, \
    scored_run, stop_table, stops_revenue

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


class Segment(NamedTuple):
    """Plain track between two stops, walked from ``leg.start`` to ``leg.end``; ``mask`` = bits of its track;
    ``back``: the leg walked the other way; ``hexes``: the hexes it stops on or runs through; ``number``: the
    leg's number (:func:`_leg_number`: equal numbers, equal stops and tile paths). The last three are derived once
    per kept walk of legs (:func:`_steps`) and shared by every walk cut from it; a named tuple, made at every cut
    of a new walk (a heuristic's lay forks), is made several times faster than a dataclass."""

    leg: Leg
    mask: int
    back: Leg
    hexes: frozenset[str]
    number: int


class Candidate(NamedTuple):
    """One legal route for a train type: stops, legs, track bits and value: what the route earns, as the number
    :func:`rank` gives (revenue plus subsidy first, revenue on a tie). A named tuple: a search makes one per route
    it scores, tens of thousands in a heuristic's game, and a tuple is made three times faster than a frozen
    dataclass."""

    stops: tuple[NodeKey, ...]
    legs: tuple[Leg, ...]
    mask: int
    value: int

    def route(self, train: str) -> Route:
        """Return this candidate as the :class:`Route` of train id ``train``."""
        return Route(train, self.legs)


_made = tuple.__new__
"""A named tuple made from its fields in order, ``_made(Segment, (leg, mask, back, hexes, number))``: the very value
its class call makes, without the call of the class's ``__new__`` written in Python (a search makes a candidate per
route it reads, a walk's cut a segment per leg)."""

_TIE = 1 << 32
"""Weight of the money a route earns against its revenue alone in :func:`rank` (far above any revenue)."""


def rank(revenue: int, subsidy: int) -> int:
    """Return the number the search maximises for routes earning ``revenue`` and ``subsidy``: the money they earn
    (revenue plus subsidy) and, between sets earning the same, more revenue. Linear in both, so the ranks of
    routes add up like their money (rule ``1837:route.best``; titles without subsidies compare revenue only)."""
    return (revenue + subsidy) * _TIE + revenue


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
        run: their score by the route module (per route: stops with revenue each, bonus, revenue), as ``run_routes``
            gives it (``scored_run``).
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


class _Found(Exception):
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
        GameError: only if the route module failed to score the chosen set, which would be a router bug.
    """
    found = _search(pos, time_budget, 0)
    assert found is not None  # no floor: the empty set is always found
    return found


def routes_earning(pos: Position, floor: int) -> BestRoutes | None:
    """Return the best route set of ``pos.corporation`` (as :func:`find_best_routes`, proved) when it earns at
    least ``floor`` (revenue plus subsidy, currency units), else None: the search starts with ``floor`` as the
    earnings to reach, so it prunes every branch that cannot, and a position earning less is answered early.
    A heuristic comparing positions asks this with the best earnings it has seen (``gamekit.bots.h18xx``)."""
    return _search(pos, None, floor)


REMEMBERED = 64
"""How many positions' best route sets a title's track data remembers (:func:`remembered_best`), the least
recently asked forgotten first."""


def position_key(pos: Position) -> tuple[RouteRules, bytes]:
    """The key of a position in the memo of best route sets: everything the answer depends on but the track facts
    (the memo lives in them, so games on other maps never share it): the title's route hooks (a frozen value,
    compared as such, as in :func:`_segments_key`: pickling them cost a key more than the rest of a small board)
    and, pickled, corporation, board, its trains whole (their distances, not only their ids: a title whose "2"
    runs other stops than 1830's must not be answered with 1830's routes) and the phase's tile colours."""
    board = pos.board
    return pos.rules, canonical_bytes((pos.corporation, (board.tiles, board.tokens, board.reservations,
                                                         board.hex_reservations),
                                       _trains_facts(pos.trains), pos.phase_colours))


def _trains_facts(trains: Mapping[str, Train]) -> list[tuple]:
    """The trains of a position as plain tuples for a memo key, in id order: id, then the train's id, name and
    distance rows (kinds sorted, visits, pays), all that makes two trains equal. Plain tuples pickle several times
    faster than the dataclasses, and every route question builds a key or two. The facts of the trains last asked
    about are kept (:data:`_LAST_TRAINS`): a heuristic's question builds the keys of one position, each reading
    its trains. Read only: callers sort copies of them, or pickle them."""
    items = tuple(trains.items())
    if items == _LAST_TRAINS[0]:  # the same ids and equal trains: the same facts (read from nothing else)
        return _LAST_TRAINS[1]
    facts = [(tid, t.id, t.name, [(sorted(row.kinds), row.visit, row.pay) for row in t.distance])
             for tid, t in sorted(items)]
    _LAST_TRAINS[:] = items, facts
    return facts


_LAST_TRAINS: list = [(), []]
"""The (id, train) pairs :func:`_trains_facts` was last asked about, in the mapping's order, and their facts."""


def canonical_bytes(value: object) -> bytes:
    """``value`` pickled without the pickler's memo, so that equal values give equal bytes: with the memo, an
    object met twice is written once and then referred to, and equal positions whose boards share strings or
    lists differently (a fork's board against the game's) gave different keys, each missing the other's answer.
    Only for values without cycles (a position's facts are plain trees)."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, pickle.HIGHEST_PROTOCOL)
    pickler.fast = True  # no memo: every object written out in full where it occurs
    pickler.dump(value)
    return out.getvalue()


def remembered_best(pos: Position) -> BestRoutes:
    """:func:`find_best_routes` of ``pos`` (no time budget), remembered in the title's track data
    (``TrackData.cache``) per network (:func:`_by_network`), or per position where the title scores a whole set
    with a hook of its own (:data:`REMEMBERED` positions): the route step lists the best set, and the rules and
    the bots ask again for the same position (the answer depends only on the position, so the memo cannot change
    it; its ``counters`` are those of the search that found it)."""
    found = _remembered(pos, 0)
    assert found is not None  # floor 0: the empty set earns it
    return found


def remembered_earning(pos: Position, floor: int) -> BestRoutes | None:
    """:func:`routes_earning` answered from the memo of :func:`remembered_best` where it holds ``pos`` (its best
    set when that earns ``floor``, else None); a set found is remembered for the next question."""
    return _remembered(pos, floor)


def earning_at_least(pos: Position, floor: int) -> int | None:
    """What the best set of ``pos`` earns, revenue plus subsidy, when that is at least ``floor``, else None
    (:func:`best_earning`'s earnings)."""
    return best_earning(pos, floor)[0]


def best_earning(pos: Position, floor: int) -> tuple[int | None, BestRoutes | None]:
    """What the best set of ``pos`` earns, revenue plus subsidy, and that set, when it earns at least ``floor``,
    else ``(None, None)``: the heuristic's question about a lay (``gamekit.bots.h18xx``), answered from the memo of
    networks (:func:`_by_network`) or searched from ``floor`` up (:func:`routes_earning`); the set lets the
    heuristic read the routes of a position it has just asked about without risking a search.

    The memo of positions (:func:`remembered_best`) is neither asked nor filled: a heuristic asks about positions
    it builds once (the lays it tries, the probe train added), whose keys pickle the whole board, and it hit
    fewer than 1 in 20 of them along 1894 games; the memo of networks answers a position asked again (the walk
    kept with the board's tiles and tokens), with the same set. (Nor is a memo of route graphs asked, which shared
    the earnings of networks alike over other tile paths: its keys cost 1894's and 1830's heuristic games more
    than the searches it saved, 0.5 to 0.8% of their instructions.)"""
    found = _by_network(pos, floor)
    if found is None:
        return None, None
    return _earned(found), found


def _earned(found: BestRoutes) -> int:
    """What a best set earns: revenue plus subsidy (what :func:`routes_earning`'s floor counts)."""
    return found.total + found.run.subsidy


def _remembered(pos: Position, floor: int) -> BestRoutes | None:
    """The best set of ``pos`` from the memo of networks (:func:`_by_network`), or, where the title scores a
    whole set with a hook of its own (no network key: :func:`network_key`), from the memo of positions (key
    :func:`position_key`); else searched with ``floor`` and remembered when found; None when it earns less than
    ``floor``. The memo of networks is asked first, not after the memo of positions: a position's key pickles
    the whole board, and along random 1830 games it cost more (1.1% of their instructions) than all its hits
    saved (1 question in 40; 1 in 5 in heuristic games, which cost less without it too), a position asked again
    being most often answered by the memo of networks as well (the same set: both memos are exact)."""
    if type(pos.rules).set_bonus is RouteRules.set_bonus:
        return _by_network(pos, floor)
    key = position_key(pos)
    values = memo(pos.data, "best routes")
    found = _recall(values, key)
    if found is None:
        found = _by_network(pos, floor)
        if found is None:
            return None
        _keep(values, key, found, REMEMBERED)
    return found if found.total + found.run.subsidy >= floor else None


def _recall(values: dict, key: object) -> object | None:
    """The value under ``key`` in a least-recently-used memo (None when absent), made the most recent: a bot's
    tile lays fill the memo with positions asked once, and the route step's own position, asked again after
    them, must outlive them rather than be cleared with them."""
    found = values.pop(key, None)
    if found is not None:
        values[key] = found  # a dict keeps insertion order: the end is the most recent
    return found


def _keep(values: dict, key: object, value: object, size: int) -> None:
    """Put ``value`` under ``key`` in a least-recently-used memo of ``size`` values, dropping the least recent."""
    if len(values) >= size:
        del values[next(iter(values))]
    values[key] = value


NETWORK_REMEMBERED = 256
"""How many networks' answers a title's track data remembers (:func:`_by_network`): a heuristic trying ten tile
lays asks about ten boards, most of whose networks are alike."""


def network_key(pos: Position, segments: tuple[Segment, ...]) -> tuple[RouteRules, bytes, bytes] | None:
    """The key of a position's network in the memo of :func:`_by_network`: everything stages 2 and 3 read, for a
    position whose walk (stage 1) gave ``segments`` (:func:`_segments_key`), its trains by type (rows and name,
    not their ids: :func:`_relabelled`). Two positions with one key have one best set up to the trains' ids,
    whatever lies elsewhere on their boards (a route reads only its own stops and track: the module's
    assumption). None when the title scores a whole set with a hook of its own (``RouteRules.set_bonus`` reads
    the board as it likes)."""
    if type(pos.rules).set_bonus is not RouteRules.set_bonus:
        return None
    return _segments_key(pos, segments, _types_facts)


def _types_facts(trains: Mapping[str, Train]) -> list[tuple]:
    """The trains of a position by type for a memo key: each train's name and distance rows (as
    :func:`_trains_facts` gives them), sorted, without its id."""
    return sorted(facts[2:] for facts in _trains_facts(trains))


def _train_order(trains: Mapping[str, Train]) -> list[str]:
    """The ids of ``trains`` by type (name and rows, as :func:`_types_facts` sorts them), then by id."""
    return [facts[0] for facts in sorted(_trains_facts(trains), key=lambda facts: (facts[2:], facts[0]))]


def _relabelled(pos: Position, found: BestRoutes, order: list[str]) -> BestRoutes | None:
    """The best set of ``pos`` given that of a position with the same network key (:func:`network_key`) whose
    trains were ``order`` (:func:`_train_order`): ``found`` itself for the same train ids; else, when the trains
    of ``pos`` map one to one onto those, type to type, keeping the order of their ids, ``found``'s routes run by
    the trains mapped to theirs (checked and scored anew by ``run_routes``, in train id order); None when no such
    map keeps the order (then the search answers).

    Exact: the search reads a train's id only to order trains (:func:`_combine`: by best candidate, name, then
    id; identical trains choose in id order) and the chosen routes (id order); the candidates of a type read its
    rows and name (:func:`_kept_ranked`), as do the route hooks. A map keeping the order of ids, type to type,
    so leads the search through the same steps to the same candidates, run by the mapped trains."""
    now = _train_order(pos.trains)
    if now == order:
        return found
    ids = dict(zip(order, now))
    if sorted(order, key=ids.__getitem__) != sorted(order):
        return None
    routes = tuple(Route(ids[route.train], route.legs) for route in found.routes)
    run = run_routes(pos.data, pos.board, pos.corporation, routes, pos.trains, pos.phase_colours, rules=pos.rules)
    return BestRoutes(routes, run, run.total, found.proved_optimal, found.counters)


def _segments_key(pos: Position, segments: tuple[Segment, ...],
                  trains_facts: Callable[[Mapping[str, Train]], list] = _trains_facts
                  ) -> tuple[RouteRules, bytes, bytes]:
    """Everything stage 2 reads for ``segments`` of ``pos`` (as :func:`network_segments` handed them out for it):
    the route hooks (a frozen value: compared as such, not pickled, so hooks made for one question, as tests make
    them, need no importable class); pickled, corporation, trains whole, phase colours and the reservations on the
    hexes a segment touches; and the segments' own facts (:func:`_segments_entry`: legs, track bits and the tiles
    and tokens on those hexes), pickled once per tuple of segments. The stops' values, kinds, areas and who may
    pass them come from the tiles, tokens and reservations."""
    entry = _segments_entry(pos, segments)
    facts = (pos.corporation, trains_facts(pos.trains), pos.phase_colours, _reserved_on(pos.board, entry[1]))
    return pos.rules, canonical_bytes(facts), entry[2]


def _segments_entry(pos: Position, segments: tuple[Segment, ...]) -> tuple:
    """What the title's track data keeps per tuple of segments handed out by :func:`network_segments`
    (:data:`ROUTES_KEPT` tuples): the segments, the hexes they stop on or run through (sorted), their own facts
    pickled (each segment's number and track bits; on each of those hexes the tile and tokens of ``pos.board``:
    :func:`_held_on`) and the routes found on them (:func:`_kept_entry`). The same tuple of segments is handed out
    only from a kept walk whose footprint the board holds (:func:`_kept_walk`: the tiles and tokens it found there,
    the segments' hexes among them), so every board it is handed out for holds the tiles and tokens its facts were
    pickled from (the reservations, which change as corporations float, are not among them)."""
    kept = memo(pos.data, "routes by network")
    entry = _recall(kept, id(segments))
    if entry is None or entry[0] is not segments:  # (an entry holds its segments: their id is not reused)
        # (a segment's number stands for its leg's stops and paths, a few bytes instead of every path pickled; its
        # hexes are those of its stops and paths)
        hexes = sorted(frozenset().union(*[seg.hexes for seg in segments]))
        own = canonical_bytes(([(seg.number, seg.mask) for seg in segments], _held_on(pos.board, hexes)))
        entry = (segments, hexes, own, {})
        _keep(kept, id(segments), entry, ROUTES_KEPT)
    return entry


def _held_on(board: Board, coords: Iterable[str]) -> list[tuple]:
    """``(hex, tile, tokens)`` of each of ``coords`` on ``board``, as a memo key reads them (pickled at once, so
    not copied)."""
    return [(c, board.tiles.get(c), board.tokens.get(c)) for c in coords]


def _reserved_on(board: Board, coords: Iterable[str]) -> list[tuple]:
    """``(hex, reservations, hex reservations)`` of each of ``coords`` on ``board`` holding either, as a memo key
    reads them (pickled at once, so not copied)."""
    cities, whole = board.reservations, board.hex_reservations
    return [(c, cities.get(c), whole.get(c)) for c in coords if c in cities or c in whole]


def _by_network(pos: Position, floor: int) -> BestRoutes | None:
    """The best set of ``pos`` when it earns ``floor`` (as :func:`routes_earning`), answered from the memo of
    networks where a position with the same network (:func:`network_key`) was searched: a tile lay far from the
    trains' reach, or a dead end, leaves the network as it was, and so its best set. The memo keeps each network's
    best set with the ids of the trains it was found for (:func:`_relabelled` maps them onto the trains of
    ``pos``), or the least earnings it is known not to reach."""
    trains = sorted(pos.trains.items())
    segments = _walked_segments(pos, max((most_stops(t) for _, t in trains), default=0) - 1)
    key = network_key(pos, segments)
    if key is None:
        return _search(pos, None, floor, segments)
    known = memo(pos.data, "best routes by network")
    hit = _recall(known, key)
    if isinstance(hit, tuple):  # (a best set, the ids of the trains it was searched for)
        found = _relabelled(pos, *hit)
        if found is not None:
            return found if _earned(found) >= floor else None
        hit = None
    if hit is not None and floor >= hit:
        return None  # it earns less than ``hit`` already
    found = _search(pos, None, floor, segments)
    # (below ``hit``, when known: a stronger fact)
    _keep(known, key, (found, _train_order(pos.trains)) if found is not None else floor, NETWORK_REMEMBERED)
    return found


def any_route(pos: Position) -> bool:
    """Whether some train of ``pos.corporation`` has a legal route now: exactly ``bool(find_best_routes(pos).routes)``
    (rule ``1830:route.best``: the best set holds a route as soon as one train can run a route earning no less
    than nothing, the first set the search completes; and none when every route would lose money), answered at
    the first such route found, without scoring the others nor combining them. For the operating step that is
    skipped when no train can run (rule ``or.route``).

    A route found is kept as a witness (:func:`_witnessed`): a board holding on the route's hexes what they held
    then still lets the same train run it, whatever changed elsewhere (a tile laid away from it), and is answered
    without walking the network."""
    trains = [t for _, t in sorted(pos.trains.items())]
    if not trains:
        return False
    if _witnessed(pos):
        return True
    tiles = TilePaths(pos.data, pos.board)
    deepest = max(most_stops(t) for t in trains) - 1
    known = memo(pos.data, "runs on network")
    # first the routes of two stops, one leg from a station (most networks have one a train may run): a route
    # found on part of the network is a route of the whole; only when there is none is the whole network walked
    for depth in sorted({min(1, deepest), deepest}):
        segments = network_segments(pos, tiles, depth)
        # the answer on these segments reads only what the key holds (as a best set does: network_key)
        key = _segments_key(pos, segments)
        runs = _recall(known, key)
        if runs is None:
            runs = _runs_on(pos, segments, trains)
            _keep(known, key, runs, NETWORK_REMEMBERED)
        if runs:
            _witness(pos, *runs)
            return True
    return False


def _runs_on(pos: Position, segments: Sequence[Segment], trains: Sequence[Train]) -> tuple[Train, Route] | bool:
    """A train and a route on ``segments`` that it may run and that earns no less than nothing (the first the
    enumeration finds), or False when there is none."""
    try:
        candidates(pos, segments, trains, Counters(), _Clock(None), stop_at_first=True)
    except _Found as found:
        return found.args[0]
    return False


WITNESSES_KEPT = 8
"""How many routes found by :func:`any_route` a title's track data keeps per corporation, phase and route hooks."""


def _witness_key(pos: Position) -> tuple:
    """The key of the witnesses a position may use: route hooks, corporation and phase colours (a route's
    legality and earnings read them besides the board and the train)."""
    return pos.rules, pos.corporation, pos.phase_colours


def _route_hexes(route: Route) -> tuple[str, ...]:
    """The hexes a route reads: those of its stops and of the paths it walks."""
    return tuple(sorted({coord for leg in route.legs for coord, _ in leg.paths} | {node[0] for node in route.stops}))


def _hex_facts(board: Board, coords: Iterable[str]) -> list[tuple]:
    """What ``board`` holds on ``coords`` (tile, tokens, reservations), copied: a route's legality and earnings
    read nothing else of the board (the module's assumption)."""
    return [(board.tiles.get(c), _copied(board.tokens.get(c)), _copied(board.reservations.get(c)),
             board.hex_reservations.get(c) and list(board.hex_reservations[c])) for c in coords]


def _holds_facts(board: Board, coords: Sequence[str], facts: Sequence[tuple]) -> bool:
    """Whether ``board`` holds on ``coords`` the ``facts`` :func:`_hex_facts` recorded (``_hex_facts(board,
    coords) == facts``, without copying the board's lists and stopping at the first hex that differs)."""
    tiles, tokens, reservations, whole = board.tiles, board.tokens, board.reservations, board.hex_reservations
    for coord, (tile, toks, held, on_hex) in zip(coords, facts):
        if tiles.get(coord) != tile or tokens.get(coord) != toks or reservations.get(coord) != held \
                or (whole.get(coord) and list(whole[coord])) != on_hex:
            return False
    return True


def _copied(slots: list[list] | None) -> list[list] | None:
    """A copy of a hex's slots (tokens or reservations per city), so that later changes to the board's lists do
    not change a witness's record of them."""
    return None if slots is None else [s[:] for s in slots]


def _witness(pos: Position, train: Train, route: Route) -> None:
    """Keep ``route``, which ``train`` of ``pos`` may run earning no less than nothing, as a witness for
    :func:`_witnessed` (the most recent first, :data:`WITNESSES_KEPT` kept)."""
    hexes = _route_hexes(route)
    _push(memo(pos.data, "route witnesses").setdefault(_witness_key(pos), []),
          (train, route, hexes, _hex_facts(pos.board, hexes)), WITNESSES_KEPT)


def _witnessed(pos: Position) -> bool:
    """Whether a route kept by :func:`_witness` for this corporation, phase and hooks is still one that a train of
    ``pos`` may run: the board holds on the route's hexes what it held when the route was found, and the same
    train (id, name, distances) is among its trains, or another of its trains may run the route earning no less
    than nothing (:func:`_runs_as`: a train bought since, or one of another type). The route is then legal and
    earns as it did for its train, since a route's legality (its track, stops, a station of its own, cities it
    passes) and earnings read only those hexes, the train, the phase and the hooks. Failing that, a witness whose
    hexes changed may still be found again along them (:func:`_rebuilt_witness`)."""
    kept = memo(pos.data, "route witnesses").get(_witness_key(pos))
    if not kept:
        return False
    trains = tuple(pos.trains.values())  # (a few, most often the very objects kept: ``in`` asks identity first)
    for at, (train, route, hexes, facts) in enumerate(kept):
        if not _holds_facts(pos.board, hexes, facts):
            continue
        if train not in trains:
            runner = _runs_as(pos, route, trains)
            if runner is None:
                continue
            # kept for the train that runs it now: the next question about these trains needs no check
            kept[at] = (runner, Route(runner.id, route.legs), hexes, facts)
        _to_front(kept, at)
        return True
    return _rebuilt_witness(pos, kept, trains)


def _rebuilt_witness(pos: Position, kept: list, trains: Sequence[Train]) -> bool:
    """Whether a kept witness whose hexes changed since it was found (a tile upgraded on its track, a station
    placed on one of its cities) still gives a route of ``pos`` (so are 3 in 4 of the positions of random 1830
    games whose witnesses all changed answered): its legs found again on the board as it is now along the same hexes
    (:func:`~gamekit.tracks.routes.route_from_log`, as a route read from a log is), then run by a train of ``pos``
    earning no less than nothing (:func:`_runs_as`: the route module's check and score of that one route). A route
    so checked is one of the position, which is all :func:`any_route` asks; it is kept in the witness's place with
    what its hexes hold now. A witness whose hexes no longer carry such a route is left as it is (the search
    follows)."""
    board = pos.board
    for at, (_, route, _, _) in enumerate(kept):
        try:
            legs = route_from_log(pos.data, board, route.train,
                                  [[coord for coord, _ in leg.paths] for leg in route.legs]).legs
        except GameError:
            continue  # its hexes no longer follow track between stops
        runner = _runs_as(pos, Route(route.train, legs), trains)
        if runner is None:
            continue
        found = Route(runner.id, legs)
        read = _route_hexes(found)
        kept[at] = (runner, found, read, _hex_facts(board, read))
        _to_front(kept, at)
        return True
    return False


def _runs_as(pos: Position, route: Route, trains: Iterable[Train]) -> Train | None:
    """The first of ``trains`` (by id) that may run ``route``'s legs on ``pos`` earning no less than nothing (rank
    at least 0, as :func:`any_route` asks of the routes it finds), by the route module's check and score of that
    one route; None when none may."""
    for train in sorted(trains, key=attrgetter("id")):
        try:
            run = run_routes(pos.data, pos.board, pos.corporation, (Route(train.id, route.legs),), {train.id: train},
                             pos.phase_colours, rules=pos.rules)
        except GameError:
            continue
        if rank(run.routes[0].revenue, run.routes[0].subsidy) >= 0:
            return train
    return None


def _to_front(kept: list, at: int) -> None:
    """Make entry ``at`` of a most-recent-first list the most recent."""
    if at:
        kept.insert(0, kept.pop(at))


def _push(kept: list, entry: object, size: int) -> None:
    """Put ``entry`` first in a most-recent-first list of at most ``size`` entries, dropping the least recent."""
    kept.insert(0, entry)
    del kept[size:]


def _search(pos: Position, time_budget: float | None, floor: int,
            segments: Sequence[Segment] | None = None) -> BestRoutes | None:
    """The three stages (see the module docstring); None when no set earns ``floor`` (0: the empty set does).
    ``segments``: the position's network as :func:`network_segments` walked it already (stage 1), whose routes
    found per train type are kept with it (:func:`_kept_entry`)."""
    counters = Counters()
    clock = _Clock(time_budget)
    trains = sorted(pos.trains.items())
    proved = True
    chosen: list[tuple[str, Candidate]] | None = []
    keep = segments is not None  # (routes kept only with the segments its caller walked: _by_network)
    try:
        if segments is None:
            segments = network_segments(pos, None, max((most_stops(t) for _, t in trains), default=0) - 1)
        counters.segments = len(segments)
        by_type = candidates(pos, segments, [t for _, t in trains], counters, clock, keep=keep)
        chosen = _combine(trains, by_type, counters, clock, _set_bonus(pos), max(floor, 0) * _TIE - 1)
    except _OutOfTime as out:
        proved = False
        chosen = getattr(out, "best", None) or []  # (no floor under a time budget) the best set so far
    if chosen is None:
        return None
    routes = tuple(c.route(t) for t, c in sorted(chosen, key=lambda tc: tc[0]))
    # scored, not checked again: the candidates are legal routes by construction (stages 1 and 2) and the chosen
    # ones share no track (stage 3), so run_routes' checks would pass (tests/test_run58_scored.py compares them)
    run = scored_run(pos.data, pos.board, pos.corporation, routes, pos.trains, pos.phase_colours, rules=pos.rules)
    return BestRoutes(routes, run, run.total, proved, counters)


# ----- stage 1: segments ---------------------------------------------------------------------------------------
def most_stops(train: Train) -> int:
    """The most stops a train may visit (the sum of its rows' visits; huge for 1830's D or any towns)."""
    return _most_visits(train.distance)


def _most_visits(distance: Sequence[DistanceRow]) -> int:
    """The most stops a train of distance rows ``distance`` may visit (:func:`most_stops`)."""
    return sum(row.visit for row in distance)


def network_segments(pos: Position, tiles: TilePaths | None = None, depth: int | None = None) -> tuple[Segment, ...]:
    """Return every segment of plain track between two distinct stops of the corporation's network, once each
    (walked from the smaller node key), in a fixed order (the order the walk found them in: :meth:`_Walk.cut`).

    The network is walked leg by leg from the corporation's token cities, passing through the stops a route may
    pass, at most ``depth`` legs far (None: as far as it goes): every stop of a legal route of ``depth + 1`` stops
    or fewer is reached so, since the route joins it to a token city over such stops. The legs come from the
    route module's ``legs_from``; their track items (tile paths and hex sides) from its ``leg_track``, one bit
    per set of segments sharing an item (so two masks meet exactly when their segments share track).
    ``tiles``: a lookup of this board's tile paths to reuse.

    The walk is kept (:class:`_Walk`, :func:`_kept_walk`) with what it read of the board and answers again while
    the board still holds that: the route step asks whether a train can run and then for the best set, the
    next operating round often finds the track near the stations as it was. A walk that ended (no node left to
    walk from) found every leg by its last level, so its cuts at that depth or deeper are one tuple of segments:
    trains of other reach on an unchanged network share its segments, and the routes kept with them
    (:func:`_kept_entry`).
    """
    walk = _walk_of(pos, depth)
    if not walk.level and (depth is None or depth > walk.far):
        depth = walk.far
    return _cut(pos, walk, depth, tiles)


def first_segment_hexes(pos: Position) -> frozenset[str] | None:
    """The hexes of the first segment of ``network_segments(pos, None, 1)`` (:attr:`Segment.hexes`: those it stops
    on or runs through), or None when there is none: whether track joins a token city of the corporation to another
    stop, answered at the first such leg found, without cutting the first level into segments (their track bits)."""
    return _walk_of(pos, 1).first_hexes(pos.data, pos.board)


def _cut(pos: Position, walk: _Walk, depth: int | None, tiles: TilePaths | None) -> tuple[Segment, ...]:
    """The segments of ``walk`` (of ``pos``'s network) cut at ``depth`` levels (None: all), cut once per walk."""
    found = walk.segments.get(depth)
    if found is None:
        found = walk.segments[depth] = walk.cut(pos.data, pos.board, UNREACHED if depth is None else depth, tiles)
    return found


def _walked_segments(pos: Position, depth: int) -> tuple[Segment, ...]:
    """The segments of ``pos``'s network as far as its kept walk has gone, at least ``depth`` levels (as
    :func:`network_segments` cuts them at that walk's depth): every route of trains visiting at most ``depth + 1``
    stops is one of them, and the other segments lie beyond the trains' reach, so no route uses them; the search
    on them lists the same routes, in the same order (stops are numbered in their order, the few more between
    them), with track bits meeting as before, and so finds the same best set. Trains of less reach on an
    unchanged network (one bought after a longer one, or a longer one rusted) so share the walk's one tuple of
    segments and the routes kept with it (:func:`_kept_entry`)."""
    walk = _walk_of(pos, depth)
    return _cut(pos, walk, walk.far, None)


def _walk_of(pos: Position, depth: int | None) -> "_Walk":
    """The kept walk of ``pos``'s network (:func:`_kept_walk`), walked at least ``depth`` levels far (None: all).
    Its token cities are ``graph.token_cities``' (kept per board tokens, shared with the lay listing's walks: a scan
    of every slot of the map otherwise, at every question)."""
    data, board, corp = pos.data, pos.board, pos.corporation
    walk = _kept_walk(data, board, corp, token_cities(data, board, corp))
    walk.deepen(data, board, corp, UNREACHED if depth is None else depth)
    return walk


def read_hexes(pos: Position) -> frozenset[str] | None:
    """The hexes whose tiles and tokens the answers about ``pos`` read: those the walk of its network (stage 1, as
    deep as its longest train may run) looked at. A board differing from ``pos.board`` only on other hexes (a tile
    laid out of the walk's reach) is walked the same way, so it has the same segments and the same key in the memo
    of networks (:func:`network_key`: the hexes it reads are among those walked), hence the same best set and,
    for the same trains or fewer kinds, the same :func:`any_route` (whose walks go no deeper). None when the title
    scores a whole set with a hook of its own (``RouteRules.set_bonus`` reads the board as it likes)."""
    if type(pos.rules).set_bonus is not RouteRules.set_bonus:
        return None
    deepest = max((most_stops(t) for t in pos.trains.values()), default=0) - 1
    return frozenset(_walk_of(pos, deepest).footprint)


WALKS_KEPT = 16
"""How many walks of each corporation a title's track data keeps (:func:`_kept_walk`): a heuristic comparing tile
lays asks about several boards in a row."""


class _Walk:
    """A corporation's network walked from its token cities (stage 1), level by level as deep as asked so far,
    with what the walk read of the board: on every hex it looked at, the tile and the tokens (tiles give the
    track, tokens which cities a route may pass; the token cities are where it starts). A board holding the same
    on those hexes is walked the same way, so the walk and the segments cut from it are its answer too.

    Attributes:
        starts: the corporation's token cities the walk started from.
        footprint: hex → (tile, copy of the tokens) the walk found there.
        first: each leg's number (:func:`_leg_number`, an int hashed at once where its key is hashed anew at
            every step) → (its key: start node and paths, the smaller node first; the leg so walked; the level at
            which the walk found it first; its cell of :func:`_steps`): a walk of ``d`` levels finds exactly the
            legs of levels up to ``d``.
        seen, level, far: the nodes reached, the nodes to walk from next, the levels walked.
        differed: a hex of the footprint where a board asked about last held something else (None: none yet).
        segments: depth asked (None: all) → the segments :func:`network_segments` cut.
    """

    __slots__ = ("starts", "footprint", "first", "seen", "level", "far", "segments", "differed")

    def __init__(self, starts: list[tuple[str, int]]):
        self.starts = starts
        self.footprint: dict[str, tuple] = {}
        self.first: dict[int, tuple[tuple, Leg, int, list]] = {}
        self.level: list[NodeKey] = [(coord, "city", i) for coord, i in starts]
        self.seen = set(self.level)
        self.far = 0
        self.segments: dict[int | None, tuple[Segment, ...]] = {}
        self.differed: str | None = None

    def holds(self, board: Board) -> bool:
        """Whether ``board`` holds on every hex the walk read what the walk found there. The hex where the last
        board asked about differed is looked at first (:attr:`differed`): a heuristic's lay forks differ from a
        walk of another lay on that lay's hex, far down the walk's footprint (the answer is the same in any order)."""
        tiles, tokens, footprint = board.tiles, board.tokens, self.footprint
        differed = self.differed
        if differed is not None:
            tile, toks = footprint[differed]
            if tiles.get(differed) != tile or tokens.get(differed) != toks:
                return False
        for coord, (tile, toks) in footprint.items():
            if tiles.get(coord) != tile or tokens.get(coord) != toks:
                self.differed = coord
                return False
        return True

    def deepen(self, data: TrackData, board: Board, corp: str, depth: int) -> None:
        """Walk on until ``depth`` levels are walked (or the network ends), recording the hexes read."""
        if not self.level or self.far >= depth:
            return
        tiles = _Recording(data, board)
        first, seen, level = self.first, self.seen, self.level
        while level and self.far < depth:
            self.far += 1
            after = []
            for node in level:
                for number, key, leg, end, cell in _steps(data, board, node, tiles):
                    if number not in first:
                        first[number] = (key, leg, self.far, cell)
                    if end not in seen:
                        seen.add(end)
                        if passable(board, end, corp):
                            after.append(end)
            level = after
        self.level = level
        for coord in tiles.read():  # (a leg's end, whose tokens passable reads, lies on a hex looked up)
            if coord not in self.footprint:
                self.footprint[coord] = (board.tiles.get(coord), _copied(board.tokens.get(coord)))

    def cut(self, data: TrackData, board: Board, depth: int, tiles: TilePaths | None) -> tuple[Segment, ...]:
        """The segments of the legs of the first ``depth`` levels (see :func:`network_segments`)."""
        first = self.first
        kept: list[Leg] = []
        # track item (its number) → the first segment using it, as the bit of its number; and for an item two
        # segments or more use, those segments as bits of their numbers (most items are one segment's own)
        owner: dict[int, int] = {}
        shared: dict[int, int] = {}
        # in the walk's order, not sorted: the order in which :attr:`first` found the legs, level by level, each
        # node's legs in ``kept_legs``' order, is a function of the legs the walk finds, hence fixed for a board
        # (a walk deepened later goes on as a fresh walk would); the first ``depth`` levels are a prefix of it.
        # The best set does not depend on the segments' order: stops are numbered in their own sorted order, and a
        # type's candidates are read in the total order of :class:`Ranked` (value, stops, paths), whatever order
        # the enumeration found them in (tests/test_route50_masks.py); a mask's bits only tell which segments
        # share track. (Sorting the legs by key cost 1894's heuristic games a few % of their instructions.)
        for entry in first.values():
            if entry[2] > depth:
                break
            key, leg, _, cell = entry
            items = cell[0]
            if items is False:  # not derived yet from this kept walk of legs
                if tiles is None:
                    tiles = TilePaths(data, board)
                items = _derive_cell(data, board, key, leg, cell, tiles)
            if items is None:
                continue
            number = 1 << len(kept)
            for item in items:
                user = owner.setdefault(item, number)
                if user != number:
                    shared[item] = shared.get(item, user) | number
            kept.append((leg, cell))
        masks = _track_masks(shared.values(), len(kept))
        return tuple(_made(Segment, (leg, mask, back, hexes, number))
                     for (leg, (_, back, hexes, number)), mask in zip(kept, masks))


    def first_hexes(self, data: TrackData, board: Board) -> frozenset[str] | None:
        """The hexes of the first segment of the first level (the first of :meth:`cut` at depth 1, as
        :attr:`Segment.hexes`), or None when that level has none: found without cutting the level, deriving the
        cells of its legs (:func:`_derive_cell`) only as far as the first that is a segment."""
        tiles = None
        for key, leg, level, cell in self.first.values():
            if level > 1:
                break
            if cell[0] is False:
                if tiles is None:
                    tiles = TilePaths(data, board)
                _derive_cell(data, board, key, leg, cell, tiles)
            if cell[0] is not None:
                return cell[2]
        return None


def _derive_cell(data: TrackData, board: Board, key: tuple, leg: Leg, cell: list, tiles: TilePaths) -> list[int] | None:
    """Fill the cell of a leg of a kept walk (:func:`_steps`) from ``board``, one of the boards the walk is kept for:
    its track items (None for a leg that is no segment), the leg walked the other way, its hexes; return the
    items."""
    items = _kept_track(data, board, key, leg, tiles)
    # a leg crossing one hex side twice on two paths is already track reuse (route.reuse): no segment
    cell[0] = items = None if len(set(items)) < len(items) else items
    if cell[1] is None:
        cell[1] = leg.reversed()
    cell[2] = frozenset([leg.start[0], leg.end[0], *(coord for coord, _ in leg.paths)])
    return items


_LEG_NUMBERS: dict[tuple, int] = {}
"""Every leg's stops and tile paths met so far → its number (:func:`_leg_number`)."""


def _leg_number(leg: Leg) -> int:
    """The number of ``leg``: one per start, end and tile paths, never reused (the table only grows, by the legs a
    map's tiles can make), so two legs have one number exactly when they join the same stops along the same paths.
    A memo key holding numbers (:func:`_segments_key`) is as telling as one holding the legs, and pickled faster."""
    return _LEG_NUMBERS.setdefault((leg.start, leg.end, leg.paths), len(_LEG_NUMBERS))


def _track_masks(sharing: Iterable[int], count: int) -> list[int]:
    """The track bits of ``count`` segments, given for every track item that two segments or more use (or any
    item) the segments using it (as bits of their numbers): one bit per largest set of segments sharing items, not per
    item, and one for each segment sharing no track at all. Two segments share a bit exactly when they share
    track, as with a bit per item: a set within another adds no pair the larger set has not, so it gets no bit,
    and a segment's own items (its paths, used by it alone) add none. A route's mask so holds a few bits instead
    of every path and hex side it uses (the combination tests masks against each other thousands of times and
    indexes its candidates by bit, :meth:`Ranked.free`). The bits tell only which segments share track: their
    order is the sets' first-seen order, then the lone segments' order."""
    distinct = list(dict.fromkeys(sharing))  # first-seen order: the same segments get the same bits
    within: dict[int, list[int]] = {}  # per segment (its bit): the sets of two segments or more holding it
    for group in distinct:
        rest = group
        while rest:
            low = rest & -rest
            within.setdefault(low, []).append(group)
            rest ^= low
    masks = [0] * count
    bit = 1
    for group in distinct:
        for other in within[group & -group]:  # a larger set holding this one holds its lowest segment
            if other != group and other & group == group:
                break
        else:
            rest = group
            while rest:
                low = rest & -rest
                masks[low.bit_length() - 1] |= bit
                rest ^= low
            bit <<= 1
    for at in range(count):
        if 1 << at not in within:  # a segment sharing no track: a bit of its own
            masks[at] = bit
            bit <<= 1
    return masks


def _steps(data: TrackData, board: Board, node: NodeKey, tiles: "_Recording") -> list[tuple]:
    """The legs a walk takes from ``node``: ``(number, key, leg, end, cell)`` per leg of ``legs_from`` not ending
    where it starts, ``key`` being its start and paths walked from the smaller node, ``leg`` the leg so walked,
    ``number`` its :func:`_leg_number`, ``cell`` a list where :meth:`_Walk.cut` keeps the leg's track items (False
    until then; None for a leg crossing a hex side twice), the leg walked the other way (here already when the
    node is its larger end), its hexes and its number, the parts of a :class:`Segment`. Derived once per kept
    walk of legs (``kept_legs``): every board holding the tiles those legs read has the same steps, and the lays
    a heuristic compares walk mostly the same nodes over the same tiles."""
    legs, derived = kept_legs(data, board, node, tiles)
    steps = derived.get("steps")
    if steps is None:
        steps = derived["steps"] = []
        for leg in legs:
            if leg.end == node:
                continue
            if leg.start < leg.end:
                walked, back, number = leg, None, _leg_number(leg)
            else:
                (walked, number), back = _walked_from_end(leg), leg
            steps.append((number, (walked.start, walked.paths), walked, leg.end, [False, back, None, number]))
    return steps


_WALKED_BACK: dict[tuple, tuple[Leg, int]] = {}
"""A leg walked from its larger node (its start, end and paths) → the leg walked from the smaller and its number."""


def _walked_from_end(leg: Leg) -> tuple[Leg, int]:
    """``leg`` walked the other way (from its end, the smaller node) and that leg's :func:`_leg_number`, made once
    per leg: a lay's fork walks anew the nodes near it, whose legs are those walked at earlier forks (legs are
    values: one made once serves every walk; the table grows only by the legs a map's tiles can make)."""
    key = (leg.start, leg.end, leg.paths)
    found = _WALKED_BACK.get(key)
    if found is None:
        walked = leg.reversed()
        found = _WALKED_BACK[key] = (walked, _leg_number(walked))
    return found


LEG_TRACKS_KEPT = 4
"""How many answers of ``leg_track`` a title's track data keeps per leg (:func:`_kept_track`)."""


def _kept_track(data: TrackData, board: Board, key: tuple, leg: Leg, tiles: TilePaths) -> list[int]:
    """``leg_track(leg, tiles)`` as the items' numbers (:data:`_TRACK_ITEMS`: one per item, so two legs share an
    item exactly when they share its number, and :meth:`_Walk.cut` hashes ints, not tuples), kept per leg
    (``key``: its start and paths) with the tiles lying on its hexes: the items read only those tiles' paths, and
    a heuristic's lay forks walk networks that are mostly the same legs over the same tiles (the walk's own memo
    dies with each new board)."""
    laid = [board.tiles.get(coord) for coord, _ in leg.paths]
    kept = memo(data, "leg track").setdefault(key, [])
    for at, (then, items) in enumerate(kept):
        if then == laid:
            _to_front(kept, at)
            return items
    numbers = _TRACK_ITEMS
    items = [numbers.setdefault(item, len(numbers)) for item in leg_track(leg, tiles)]
    _push(kept, (laid, items), LEG_TRACKS_KEPT)
    return items


_TRACK_ITEMS: dict[tuple, int] = {}
"""Every track item (``leg_track``'s paths and hex sides) met so far → its number, never reused (the table only
grows, by the paths and sides of a map's tiles)."""


class _Recording(TilePaths):
    """A lookup of a board's tile paths that tells which hexes it looked up: a walk's footprint."""

    def __init__(self, data: TrackData, board: Board):
        super().__init__(data, board)
        self._reused: set[str] = set()

    def reused(self, coords: Iterable[str]) -> None:
        """Count ``coords`` as read: a kept answer (``legs_from``'s memo) read their tiles for this walk."""
        self._reused.update(coords)

    def read(self) -> set[str]:
        """The hexes whose paths, or paths by end, were looked up (each is kept by the lookup), or whose tiles a
        kept answer read."""
        return self.keys() | self._ends.keys() | self._reused


def _kept_walk(data: TrackData, board: Board, corp: str, starts: list[tuple[str, int]]) -> _Walk:
    """A kept walk of ``corp`` from token cities ``starts`` whose footprint ``board`` holds (the last one used is
    tried first), else a new walk, kept in place of the least recently used of :data:`WALKS_KEPT`."""
    kept = memo(data, "network walks").setdefault(corp, [])
    for n, walk in enumerate(kept):
        if walk.starts == starts and walk.holds(board):
            _to_front(kept, n)
            return walk
    walk = _Walk(starts)
    _push(kept, walk, WALKS_KEPT)
    return walk


# ----- stage 2: candidates -------------------------------------------------------------------------------------
def candidates(pos: Position, segments: Sequence[Segment], trains: Sequence[Train], counters: Counters,
               clock: _Clock, stop_at_first: bool = False, keep: bool = False) -> dict[tuple, "Ranked"]:
    """Enumerate and score the legal routes of each train type (key: the train's distance rows).

    ``keep``: ``segments`` are those :func:`network_segments` handed out for ``pos``: the routes found for a
    train type are kept with them (:func:`_kept_entry`), and a type found on these very segments before is not
    enumerated again (the trains of a network change more often than the network: a train bought or rusted, or
    another train of the same type).

    Returns:
        distance rows → the candidates (a :class:`Ranked` list: best first, ties: fewer stops, then stop and
        path order), scored as the combination reads them.

    Raises:
        _Found: with ``stop_at_first``, as soon as one route is found that some train may run (scored, not
            refused by the title) and earning no less than nothing: the question of :func:`any_route`; its
            argument is that train and the route.
    """
    data, board, corp = pos.data, pos.board, pos.corporation
    types = sorted({t.distance: t for t in trains}.items(), key=lambda kv: kv[1].name)
    if not types:
        return {}
    # the facts of the network the search reads, kept with the routes found on it (a search on these segments with
    # other trains, most often all types kept, reads them again)
    entry = _kept_entry(pos, segments) if keep and not stop_at_first else None
    net = None if entry is None else entry[2]
    if net is None:
        net = _network_facts(pos, segments)
        if entry is not None:
            entry[2] = net
    nodes, table, gain, through, token, place_bit, step, adjacency, hops, cities = net
    quotas = [pos.rules.quota(train) for _, train in types]
    # per count of quota cities visited: the train types whose least the route reaches (the last entry holds on)
    ready = [sum(1 << k for k, (least, _) in enumerate(quotas) if least <= m)
             for m in range(max((least for least, _ in quotas), default=0) + 1)]
    short = any(least for least, _ in quotas) and any(step[i] >= _QUOTA for i in range(len(nodes)))
    # the train types still fitting a route, as bits of their numbers; memo: mix * _TYPES + types → types
    members, most = _type_sets(tuple(distance for distance, _ in types))
    # the memos of fitting, kept per train types (their rows in this order) and quotas, all fitting reads: the
    # same trains ask about the same stop mixes at every search, whatever the network
    still_fit, reaching = _fit_memos(data, types, quotas)
    # likewise for a title's quota (1837's goods trains: one mine each): a route none of whose trains may be listed
    # without one more quota city, that cannot reach one within the cities its trains have left, is dropped
    # (none wanted: an empty tuple, the hot loop's cheapest test)
    wanting, quota_cities = _quota_reach(adjacency, through, nodes, step, members, quotas) if short else ((), None)

    def fitting(alive: int, mix: int) -> int:
        """The train types among ``alive`` that can visit a stop mix (decided by the route module's rows) and
        whose quota allows its quota cities."""
        counted = mix // _QUOTA
        within = sum(1 << k for k in members[alive] if quotas[k][1] is None or counted <= quotas[k][1])
        key = mix % _QUOTA * _TYPES + within  # the rows see a quota city as a city: memo without the count
        fit = reaching.get(key)
        if fit is None:
            kinds = [kind for kind, w in _WEIGHT.items() for _ in range(mix // w % 1000)]
            fit = reaching[key] = sum(1 << k for k in members[within]
                                      if _best_payment(kinds, [0] * len(kinds), types[k][0]) is not None)
        still_fit[mix * _TYPES + alive] = fit
        return fit

    def fit_of(alive: int, mix: int) -> int:
        """:func:`fitting` answered from its memo where it holds the answer (``extend`` reads the memo itself)."""
        fit = still_fit.get(mix * _TYPES + alive)
        return fitting(alive, mix) if fit is None else fit

    # the stops of a route found, by their node keys: one tuple per stop sequence, shared by train types
    keyed: dict[tuple[int, ...], tuple[NodeKey, ...]] = {}

    extra = pos.rules.route_bound(data, board, corp, pos.phase_colours, max(gain, default=0))
    # the places of the stops without which a route earns no bonus or subsidy (-1: every place may)
    bonus_hexes = pos.rules.bonus_hexes(data, board, corp) if extra else frozenset()
    bonus_places = -1 if bonus_hexes is None else 0
    for i, n in enumerate(nodes):
        if bonus_hexes is not None and n[0] in bonus_hexes:
            bonus_places |= place_bit[i]
    checks, checked_legs = _checked_legs(pos, segments)
    hooked = hooked_earnings(pos.rules)
    # the places where a route may earn a title's bonus or subsidy: a route stopping at none earns what its stops
    # pay (the promise of bonus_hexes), found without building it or calling the hooks (-1: every place may)
    earning_places = bonus_places if extra and bonus_hexes is not None else -1
    # a stop's result when paid, built once for a title's route bonus, which reads a route's stops
    paid = _PaidStops(table) if type(pos.rules).bonus is not RouteRules.bonus else None

    def scorer(train: Train) -> Callable[[tuple[int, ...], tuple[Leg, ...], int, int], Candidate | None]:
        """The scoring of the routes found for one train type (each stop sequence scored once)."""
        # stop numbers → (stops, value): numbers stand for the stops one to one within a search, and a tuple of
        # small ints hashes several times faster than one of node keys (tuples hash anew at every lookup)
        scores: dict[tuple[int, ...], tuple[tuple[NodeKey, ...], int | None]] = {}
        # a train paying every stop it visits is paid all the stops of a route listed for it (listed only for the
        # trains whose rows can visit its stop mix: ``fitting``)
        every = pays_every_stop(train.distance)

        def score(numbers: tuple[int, ...], route_legs: tuple[Leg, ...], mask: int, visited: int,
                  train: Train = train, scores: dict = scores) -> Candidate | None:
            """The candidate of a route found, ``visited`` being its place bits (None when the title refuses it
            or the train cannot run it)."""
            seq, value = scores.get(numbers, _UNSCORED)
            if seq is None:
                seq = keyed.get(numbers)
                if seq is None:  # (written out here: a call per route scored costs more than the lookup)
                    seq = keyed[numbers] = tuple(map(nodes.__getitem__, numbers))
            # a stop sequence scored already, with no title check to ask of these paths, needs no route built
            # (many routes of 1830 are one stop sequence over other paths)
            check = checks and (checked_legs is None or not checked_legs.isdisjoint(map(id, route_legs)))
            if check or value is False:
                hook = hooked and visited & earning_places
                if check or hook:  # a title hook reads the route
                    route = Route.with_stops(train.id, route_legs, seq)
                if check:
                    try:
                        pos.rules.check_route(data, board, corp, route, train)
                    except GameError:
                        return None
                if value is False:
                    counters.scored += 1
                    clock.tick()
                    if hook:
                        earned = route_earnings(data, board, corp, route, train, pos.phase_colours, pos.rules,
                                                table, paid, every)
                        value = None if earned is None else rank(*earned)
                    else:  # no route hook, or none paying here: what the stops pay, as route_earnings finds it
                        revenue = stops_revenue(seq, train, table, every)
                        value = None if revenue is None else rank(revenue, 0)
                    scores[numbers] = seq, value
            return None if value is None else _made(Candidate, (seq, route_legs, mask, value))

        return score

    scorers = [scorer(train) for _, train in types]

    # per train type: (stop numbers, legs, track bits, the sum of the stops' gains, place bits) of each route found
    found: list[list[tuple[tuple[int, ...], tuple[Leg, ...], int, int, int]]] = [[] for _ in types]
    stops: list[int] = []
    legs: list[Leg] = []
    tick = clock.tick if clock.deadline is not None else None
    top = len(ready) - 1
    # record's work done in place by extend (the search's hot spot), unless the first route found ends the search
    plain = not stop_at_first

    def record(numbers: tuple[int, ...], route_legs: tuple[Leg, ...], mask: int, mix: int, alive: int,
               most_gain: int, visited: int) -> None:
        """List a route found for the train types among ``alive`` that may run it (their quota reached)."""
        path = (numbers, route_legs, mask, most_gain, visited)
        for k in members[alive & ready[min(mix // _QUOTA, top)] if short else alive]:
            found[k].append(path)
            if stop_at_first and (c := scorers[k](numbers, route_legs, mask, visited)) is not None \
                    and c.value >= 0:
                raise _Found((types[k][1], c.route(types[k][1].id)))

    def walker(adjacency, through, hops, gain, cities, quota_cities) -> tuple[Callable, Callable[[], None]]:
        """The enumeration's recursive step over per-stop lists (``adjacency`` and the others, indexed alike: by
        stop number, or by :func:`_end_first` rank), and a call releasing it."""

        def extend(last: int, mask: int, mix: int, tokens: int, alive: int, visited: int, count: int, most_gain: int,
                   adjacency=adjacency, still_fit=still_fit, hops=hops, most=most, through=through, stops=stops,
                   legs=legs, found=found, members=members, gain=gain, cities=cities, types_room=_TYPES,
                   wanting=wanting, quota_cities=quota_cities) -> None:
            # (called only for a stop a route may pass: the stops it may not pass end routes in the loop below; the
            # lists and memos it reads are bound as defaults, fast locals in the search's hot spot; what does not
            # change from one leg tried to the next is computed once before the loop)
            if tick is not None:
                tick()
            first = stops[0]
            if count >= 2 and tokens and first < last:
                if plain:
                    path = (tuple(stops), tuple(legs), mask, most_gain, visited)
                    for k in members[alive & ready[min(mix // _QUOTA, top)] if short else alive]:
                        found[k].append(path)
                else:
                    record(tuple(stops), tuple(legs), mask, mix, alive, most_gain, visited)
            later = count + 1  # the stops of a route taking one leg more
            # the next stop is the last whatever it is when no train alive visits more (the types it fits are among
            # them): a route ending there before its first stop is listed from its other end, and is skipped at once
            ending = later >= most[alive]
            for leg, seg_mask, nxt, bit, weight_of, tok in adjacency[last]:
                if seg_mask & mask or bit & visited or nxt < first and (ending or not through[nxt]):
                    continue
                after = mix + weight_of
                still = still_fit.get(after * types_room + alive)  # fitting's memo
                if still is None:
                    still = fitting(alive, after)
                if not still:
                    continue
                room = most[still]
                if not tokens and not tok:
                    # a route with no token city yet that cannot reach one with the stops left, or whose trains cannot
                    # add the cities on the way, is dropped (checked before the call: most of the calls it saves would
                    # return at once)
                    if hops[nxt] >= room - count:
                        continue
                    reach = still_fit.get((after + cities[nxt]) * types_room + still)
                    if reach is None:
                        reach = fitting(still, after + cities[nxt])
                    if not reach:
                        continue
                if later >= room or not through[nxt]:
                    # the route goes no further (no train it fits visits another stop; or it may not pass there):
                    # listed here as the call would, without the call (most routes found end so)
                    if first < nxt and (tokens or tok):
                        if plain:
                            path = ((*stops, nxt), (*legs, leg), mask | seg_mask, most_gain + gain[nxt], visited | bit)
                            for k in members[still & ready[min(after // _QUOTA, top)] if short else still]:
                                found[k].append(path)
                        else:
                            record((*stops, nxt), (*legs, leg), mask | seg_mask, after, still, most_gain + gain[nxt],
                                   visited | bit)
                    continue
                if wanting and after < wanting[still]:
                    # a route whose trains all still want a quota city, and cannot add the cities to reach one, is
                    # dropped (checked only here: a route ending at this stop without one is listed for none of them)
                    more = quota_cities[nxt]
                    if more >= UNREACHED:
                        continue
                    reach = still_fit.get((after + more + _QUOTA) * types_room + still)
                    if reach is None:
                        reach = fitting(still, after + more + _QUOTA)
                    if not reach:
                        continue
                stops.append(nxt)
                legs.append(leg)
                extend(nxt, mask | seg_mask, after, tokens + tok, still, visited | bit, later, most_gain + gain[nxt])
                legs.pop()
                stops.pop()

        def release() -> None:
            # the recursive closure refers to itself through its cell: a reference cycle holding the search's
            # lists, otherwise left to the cycle collector at every search
            nonlocal extend
            extend = None

        return extend, release

    # the routes found for a type read only its rows and quota and the network: kept per network, and a type kept
    # there is left out of the enumeration (a type's routes are those it lists with any others: every pruning
    # asks whether some type still alive may go on, and each type's fit is decided for it alone)
    kept, ranked = (None, None) if entry is None else entry[:2]
    known = [None if kept is None else kept.get((distance, quotas[k])) for k, (distance, _) in enumerate(types)]
    everyone = sum(1 << k for k in range(len(types)) if known[k] is None)
    # the types needing a quota city where every quota city is a dead end (1837's goods trains and mines): their
    # routes all end at one, and are enumerated from there only (:func:`_end_first`)
    ends = _dead_ends(adjacency, step) if short and not stop_at_first else None
    from_ends = sum(1 << k for k in members[everyone] if quotas[k][0] >= 1) if ends else 0
    everywhere = everyone & ~from_ends
    # a route is listed from its smaller end (stops[0] < last): from the last node none would be
    _enumerate(walker(adjacency, through, hops, gain, cities, quota_cities), range(len(nodes) - 1),
               everywhere, stops, fit_of, step, token, hops, most, cities, place_bit, gain)
    if from_ends:
        lists = _end_first(ends, len(nodes), adjacency, (through, hops, gain, cities, quota_cities))
        _enumerate(walker(*lists), ends, from_ends, stops, fit_of, step, token, hops, most, cities, place_bit, gain)
        back = {id(leg): other for seg in segments for leg, other in ((seg.leg, seg.back), (seg.back, seg.leg))}
        made: dict[int, tuple] = {}
        for k in members[from_ends]:
            found[k] = [_from_smaller_end(path, len(nodes), back, made) for path in found[k]]
    out: dict[tuple, Ranked] = {}
    # a type's ranked list is kept with its routes only where no clock may stop a search in the middle of reading
    # it (a route taken from the heap but not yet scored would be lost)
    share = ranked is not None and clock.deadline is None
    for k, (distance, train) in enumerate(types):
        if known[k] is not None:
            found[k] = known[k]
        elif kept is not None:
            kept[distance, quotas[k]] = found[k]
        counters.candidate_paths += len(found[k])
        key = (distance, quotas[k], train.name)
        listed = _kept_ranked(ranked, key, scorers[k]) if share and known[k] is not None else None
        if listed is None:
            listed = Ranked(found[k], scorers[k], extra, _paid_at_most(distance, nodes, gain), bonus_places)
            if share:
                ranked[key] = listed
        out[distance] = listed
    return out


_WEIGHT = {"city": 1, "town": 1000, "offboard": 1000000}
"""The weight of a stop in a route's stop mix (:func:`candidates`): cities + 1000 towns + 1000000 off-boards."""


class _Network(NamedTuple):
    """What :func:`candidates` reads of a network, whatever the trains: the stops (node keys, sorted: a stop's number
    is its place there) and per stop (by number) its table entry (value, id), gain (what it adds at most to a
    route's revenue), whether a route may pass it, whether it is a token city of the corporation, its place bit, its
    step (:data:`_WEIGHT`, plus :data:`_QUOTA` on a quota hex), the legs leaving it (leg, track bits, next stop and
    that stop's place bit, step and token), the legs and the cities from it to the nearest token city."""

    nodes: list[NodeKey]
    table: Mapping[NodeKey, tuple[int, str]]
    gain: list[int]
    through: list[bool]
    token: list[int]
    place_bit: list[int]
    step: list[int]
    adjacency: list[list[tuple[Leg, int, int, int, int, int]]]
    hops: list[int]
    cities: list[int]


def _network_facts(pos: Position, segments: Sequence[Segment]) -> _Network:
    """The :class:`_Network` of ``segments`` on ``pos``: it reads the segments, on their hexes the tiles, tokens and
    reservations, the phase's colours, the corporation and the route hooks, as the routes kept with them do
    (:func:`_kept_entry`), so it is kept with them."""
    data, board, corp = pos.data, pos.board, pos.corporation
    nodes = sorted({n for seg in segments for n in (seg.leg.start, seg.leg.end)})
    index = {n: i for i, n in enumerate(nodes)}
    table = stop_table(data, board, nodes, pos.phase_colours, pos.rules)
    # what a stop adds at most to a route's revenue: a train pays some of its stops, never more than their values
    gain = [max(table[n][0], 0) for n in nodes]
    # the search works on node numbers (their order is the nodes' order) and bit sets, its hot spot being Python
    through = [passable(board, n, corp) for n in nodes]
    token = [int(n[1] == "city" and tokened_by(board, n[0], n[2], corp)) for n in nodes]
    # a stop of a multi-hex off-board area stands for the whole area (rule route.group): one visit per area, so
    # one bit per area
    places: dict[object, int] = {}
    place_bit = []
    for n, group in zip(nodes, _groups(data, board, nodes)):
        place_bit.append(1 << places.setdefault(("group", group) if group else n, len(places)))
    # a city on a title's quota hex (1837's mines, RouteRules.quota) also counts _QUOTA: a train whose quota the
    # mix breaks no longer fits it, and a route short of a train's quota is not listed for it (never scored)
    quota_hexes = pos.rules.quota_hexes(data, board, corp)
    step = [_WEIGHT[n[1]] + (_QUOTA if n[1] == "city" and n[0] in quota_hexes else 0) for n in nodes]
    adjacency: list[list[tuple[Leg, int, int, int, int, int]]] = [[] for _ in nodes]
    for seg in segments:
        for leg in (seg.leg, seg.back):
            end = index[leg.end]
            adjacency[index[leg.start]].append((leg, seg.mask, end, place_bit[end], step[end], token[end]))
    # legs from each stop to the nearest token city (through stops a route may pass): a route without a token
    # yet that cannot reach one within the stops its trains have left is dropped
    hops = _hops_to_token(adjacency, token, through)
    # cities from each stop to the nearest token city: a route without a token yet must still fit that many
    # cities more (with the hops above, this bounds goods trains too, whose towns are unlimited but not their cities)
    cities = _cities_to_token(adjacency, token, through, [n[1] == "city" for n in nodes])
    return _Network(nodes, table, gain, through, token, place_bit, step, adjacency, hops, cities)


def _enumerate(walk: tuple[Callable, Callable[[], None]], starts: Iterable[int], everyone: int, stops: list[int],
               fit_of: Callable[[int, int], int], step, token, hops, most, cities, place_bit, gain) -> None:
    """List the routes of the train types ``everyone`` (bits of their numbers) starting at each of ``starts`` (stop
    numbers) with :func:`candidates`' recursive step ``walk`` (released at the end); a start that no type fits,
    or that cannot reach a token city within the stops its types visit, starts none."""
    extend, release = walk
    try:
        for start in starts if everyone else ():
            fit = fit_of(everyone, step[start])
            if not fit or not token[start] and (hops[start] > most[fit] - 1
                                                or not fit_of(fit, step[start] + cities[start])):
                continue
            stops.append(start)
            extend(start, 0, step[start], token[start], fit, place_bit[start], 1, gain[start])
            stops.pop()
    finally:
        release()


def _dead_ends(adjacency, step: Sequence[int]) -> list[int] | None:
    """The quota cities of :func:`candidates` (stops weighing :data:`_QUOTA` or more, by number) when every one is
    a dead end, a stop no route can pass (all the legs leaving it share track: arriving by one, a route can leave
    by none), else None: then a route needing a quota city has one at an end."""
    ends = [n for n, weight in enumerate(step) if weight >= _QUOTA]
    for n in ends:
        masks = [entry[1] for entry in adjacency[n]]
        if any(not a & b for i, a in enumerate(masks) for b in masks[i + 1:]):
            return None
    return ends


def _end_first(ends: Sequence[int], count: int, adjacency, lists: Sequence[Sequence | None]) -> list:
    """:func:`candidates`' per-stop lists (``adjacency``, then ``lists``) of ``count`` stops indexed by rank for an
    enumeration from the dead-end quota cities ``ends`` only: a quota city keeps its
    number, any other stop ranks ``count`` above its number. The recursive step lists a route from its first stop
    when that ranks below its last and cuts a route ending below its first stop (listed from that end): ranked
    so, a route from a quota city is listed whatever its last stop, except a route between two quota cities,
    listed from the smaller one, as it is from every stop. Each list is doubled (a rank's entry is its stop's)
    and the legs of ``adjacency`` lead to ranks."""
    ranks = [n + count for n in range(count)]
    for n in ends:
        ranks[n] = n
    ranked = [[] for _ in range(2 * count)]
    for n, entries in enumerate(adjacency):
        ranked[ranks[n]] = [(leg, mask, ranks[end], bit, weight, tok) for leg, mask, end, bit, weight, tok in entries]
    return [ranked, *(None if values is None else [*values, *values] for values in lists)]


def _from_smaller_end(path: tuple, count: int, back: Mapping[int, Leg], made: dict[int, tuple]) -> tuple:
    """A route found by the enumeration from quota cities (stops by :func:`_end_first` rank) as the enumeration
    from every stop lists it: stops by number, walked from the smaller end (its legs each walked the other way,
    ``back``: a leg's id → that leg walked the other way); one per path found (``made``, by id: types share a
    path, which ``found`` holds meanwhile)."""
    route = made.get(id(path))
    if route is None:
        numbers, legs, mask, most_gain, visited = path
        numbers = tuple(n - count if n >= count else n for n in numbers)
        if numbers[0] > numbers[-1]:
            numbers, legs = numbers[::-1], tuple(back[id(leg)] for leg in reversed(legs))
        route = made[id(path)] = (numbers, legs, mask, most_gain, visited)
    return route


def _kept_ranked(kept: dict, key: tuple, score: Callable) -> Ranked | None:
    """The ranked list kept in ``kept`` (:func:`_kept_entry`) under ``key`` (rows, quota and name of a train type
    whose routes were kept before this search: the very list it ranks), its scorer now ``score`` (this search's,
    reading this position); None when there is none.

    Exact: a kept list's candidates are those of the same routes scored alike, since a route's value reads only
    the train's rows and name (``check_route``, ``route_earnings``) and what the key of the kept routes holds
    (:func:`_kept_entry`: stops' tiles, tokens and reservations, phase colours, corporation, route hooks); and the
    order it gives them in is the full order of :class:`Ranked` (value, stops, paths), however far a search read it
    and whatever bounds it was built with (bounds on the same values, valid for every position of the key)."""
    found = kept.get(key)
    if found is not None:
        found.score = score
    return found


ROUTES_KEPT = 64
"""How many networks' routes found per train type a title's track data keeps (:func:`_kept_entry`)."""


def _kept_entry(pos: Position, segments: tuple[Segment, ...]) -> list:
    """The routes found per train type (rows, quota → the list :func:`candidates` built), their ranked lists
    (rows, quota, train name → :class:`Ranked`, :func:`_kept_ranked`) and the network's facts (:class:`_Network`,
    None until a search sets them) on ``segments`` as :func:`network_segments`
    handed them out for ``pos``, kept with them (:func:`_segments_entry`) for the route hooks, corporation, phase
    colours and the reservations on the segments' hexes of ``pos``. A route's listing reads the segments and, on
    their hexes, the tiles, tokens and reservations (stops' values, kinds, areas, who may pass them, token cities),
    the phase's colours and the route hooks (quotas, stop values). Every board the same tuple of segments is handed
    out for holds the same tiles and tokens on their hexes (:func:`_segments_entry`); the rest is in the key
    (reservations elsewhere on the board, which change as corporations float, are not read). The routes hold the segments' very legs (the
    title's checks know legs by identity, :func:`_checked_legs`) and number their stops in the same order. The
    lists and facts are never changed once kept (:class:`Ranked` only reads them)."""
    entry = _segments_entry(pos, segments)
    held = canonical_bytes(_reserved_on(pos.board, entry[1]))
    lists = entry[3].get((pos.rules, pos.corporation, pos.phase_colours, held))
    if lists is None:
        lists = entry[3][pos.rules, pos.corporation, pos.phase_colours, held] = [{}, {}, None]
    return lists


class _PaidStops(dict):
    """Stop → its :class:`~gamekit.tracks.routes.StopRevenue` when paid (value and node id from a stop table), each
    built at the first ask and then shared: a title's route bonus reads the stops of the routes scored with it,
    often a few of the network's (those near its bonus places)."""

    def __init__(self, table: Mapping[NodeKey, tuple[int, str]]):
        super().__init__()
        self.table = table

    def __missing__(self, node: NodeKey) -> StopRevenue:
        value, ident = self.table[node]
        paid = self[node] = StopRevenue(node, ident, node[1], value)
        return paid


def _checked_legs(pos: Position, segments: Sequence[Segment]) -> tuple[bool, set[int] | None]:
    """Which routes on ``segments`` the title's ``check_route`` must see: (False, None) when it refuses none;
    (True, None) when it may refuse any; else (True, the legs touching one of its ``check_hexes``, by identity:
    the search's routes are made of these very legs, a segment's and its :attr:`Segment.back`), the check
    passing every route made of other legs unread."""
    rules = pos.rules
    if type(rules).check_route is RouteRules.check_route:
        return False, None
    # a check_hexes made for another check (a subclass overriding check_route alone) promises nothing
    hexes = rules.check_hexes(pos.data, pos.board, pos.corporation) \
        if _hexes_promised(type(rules)) else None
    if hexes is None:
        return True, None
    touching = {id(leg) for seg in segments if not hexes.isdisjoint(seg.hexes) for leg in (seg.leg, seg.back)}
    return bool(touching), touching


@lru_cache(maxsize=64)
def _hexes_promised(kind: type) -> bool:
    """Whether the ``check_hexes`` of route hooks of class ``kind`` speaks for its ``check_route``: defined where
    that is or below (a class's methods are fixed once it is made, so the answer is kept per class)."""
    return issubclass(_defining(kind, "check_hexes"), _defining(kind, "check_route"))


def _defining(kind: type, name: str) -> type:
    """The class among ``kind`` and its bases whose own method ``name`` is the one called."""
    return next(base for base in kind.__mro__ if name in vars(base))


@lru_cache(maxsize=256)
def _type_sets(distances: tuple[tuple[DistanceRow, ...], ...]) -> tuple[list[tuple[int, ...]], list[int]]:
    """Per set of train types of :func:`candidates` (as bits of their numbers, ``distances`` being their rows in
    the search's order): the types' numbers, and the most stops any of them may visit (0 for none). Read only
    (the search's ``members`` and ``most``); the same trains ask at every search, whatever the network."""
    members = [tuple(k for k in range(len(distances)) if bits >> k & 1) for bits in range(1 << len(distances))]
    most = [max((_most_visits(distances[k]) for k in members[bits]), default=0)
            for bits in range(1 << len(distances))]
    return members, most


def _fit_memos(data: TrackData, types: Sequence[tuple[tuple, Train]],
               quotas: Sequence[tuple[int, int | None]]) -> tuple[dict[int, int], dict[int, int]]:
    """The memos of :func:`candidates`' ``fitting`` for train types ``types`` (distance rows, in the search's
    order) with quotas ``quotas``, kept in the title's track data: mix * _TYPES + types alive → types fitting, and
    the rows' answer, mix without quota cities * _TYPES + types → types. Their answers read only the rows, the
    quotas and the mix (the route module's ``_best_payment``), so they hold for every network and board."""
    key = (tuple(distance for distance, _ in types), tuple(quotas))
    return memo(data, "train fits").setdefault(key, ({}, {}))


class Ranked:
    """The candidates of one train type, best first, scored only as far as they are read.

    Ranked by :func:`rank` (ties: fewer stops, then stop order, then the order of the tile paths walked). A route
    found earns at most the sum of its stops' values plus the title's bound on a route's bonus and subsidy
    (``RouteRules.route_bound``, for routes with a stop where the title pays one: ``RouteRules.bonus_hexes``); the
    routes are scored best bound first, and a scored candidate takes its place
    once no unscored route's bound reaches its value. So the order read is that of all candidates scored and
    sorted, while a search reading only the best few scores only the routes that might be among them. Without a
    title bound (None) every route is scored before the first is given.
    """

    def __init__(self, found: Sequence[tuple[tuple[int, ...], tuple[Leg, ...], int, int, int]],
                 score: Callable[[tuple[int, ...], tuple[Leg, ...], int, int], Candidate | None], extra: int | None,
                 paid_at_most: Callable[[tuple[int, ...], int], int] | None = None, bonus_places: int = -1):
        """``found``: (stop numbers, legs, track bits, sum of the stops' values, place bits) per route;
        ``score``: (stop numbers, legs, track bits, place bits) → its candidate or None; ``extra``: the bound on
        a route's bonus and subsidy (None: unknown), for the routes whose place bits meet ``bonus_places`` (the
        others earn none); ``paid_at_most``: (stop numbers, sum of their values) → a bound on what the train is
        paid for them (None: the sum)."""
        self.eager = extra is None
        self.found = found if self.eager else None  # the routes an eager list scores at its first read
        self.routes = found  # the routes a lazy list scores as it reads them, by number
        # heap of -bound << _FOUND | number found: one int per route (ints compare and heapify several times faster
        # than tuples); the bound b of rank(revenue + subsidy, revenue) with both at most what the stops pay plus
        # the extra is b * (_TIE + 1)
        self.pending: list[int] = []
        self.extra, self.paid_at_most, self.bonus_places = extra, paid_at_most, bonus_places  # (:meth:`_keys`)
        if not self.eager:
            # a heap, not a sorted list: a search reads the best few of thousands of routes (equal bounds come out
            # in the order found, as a stable sort gives them: the number breaks the tie)
            self.pending = self._keys()
            heapq.heapify(self.pending)
        self.score = score
        self.scored: list[tuple] = []  # heap of (ranking key..., route number, candidate), the key's parts flat
        self.given: list[Candidate] = []
        # for the combination: per bit of track (as its power of two), the given candidates using it, as bits of
        # their indices (the first ``indexed`` given)
        self.uses: dict[int, int] = {}
        self.indexed = 0
        # track bits used → :meth:`free`'s answer, while ``indexed`` stays (it reads only those candidates): the
        # combination asks again with the same track used (a train left idle passes its track on unchanged)
        self.frees: dict[int, int] = {}
        # for the combination's reads of the candidates not given yet that do not touch the track used
        # (:meth:`free_after`, :meth:`reader`), once one is asked: ``pending`` sorted, the best last, and never
        # changed from then on, the first ``top`` of it pending (None: still a heap), and the reads' own
        # attributes (:meth:`_sort`)
        self.top: int | None = None
        # from how many given candidates the combination reads on only those not touching the track used
        self.read_from = _DEEP if len(found) >= _LONG else UNREACHED

    def _keys(self) -> list[int]:
        """The routes' keys in :attr:`pending` (-bound << _FOUND | number), by number."""
        found, extra, paid_at_most, bonus_places = self.routes, self.extra, self.paid_at_most, self.bonus_places
        if paid_at_most is None and not (extra and bonus_places):  # no route earns an extra: the stops' sum
            return [(-f[3] << _FOUND) | i for i, f in enumerate(found)]
        if paid_at_most is None:  # (the common case written out: one pass over the routes)
            return [(-(f[3] + (extra if f[4] & bonus_places else 0)) << _FOUND) | i for i, f in enumerate(found)]
        return [(-(paid_at_most(f[0], f[3]) + (extra if f[4] & bonus_places else 0)) << _FOUND) | i
                for i, f in enumerate(found)]

    def _give_one(self) -> bool:
        """Put the next candidate in order into ``given``; False when there is none left."""
        pending, scored = self.pending, self.scored
        if self.eager:  # no bound: score all, sort once
            if self.found is None:
                return False
            cands = [self.score(f[0], f[1], f[2], f[4]) for f in self.found]
            self.found = None
            self.given += _ordered([c for c in cands if c is not None])
            return bool(self.given)
        routes, top = self.routes, self.top
        if top is not None:
            return self._give_sorted()
        while pending and (not scored or -(pending[0] >> _FOUND) * (_TIE + 1) >= -scored[0][0]):
            number = heapq.heappop(pending) & _NUMBER
            numbers, route_legs, mask, _, visited = routes[number]
            c = self.score(numbers, route_legs, mask, visited)
            if c is not None:  # (:func:`_ranking`, written out)
                heapq.heappush(scored, (-c.value, len(numbers), numbers, tuple(map(_PATHS, route_legs)), number, c))
        if not scored:
            return False
        self.given.append(heapq.heappop(scored)[5])
        return True

    def _give_sorted(self) -> bool:
        """:meth:`_give_one` once the routes are sorted (:meth:`_sort`): the same candidate, read from the list's
        end and from those a reader scored."""
        pending, scored, routes, known, top = self.pending, self.scored, self.routes, self.known, self.top
        while top and (not scored or -(pending[top - 1] >> _FOUND) * (_TIE + 1) >= -scored[0][0]):
            top -= 1
            number = pending[top] & _NUMBER
            numbers, route_legs, mask, _, visited = routes[number]
            c = known.get(number, _UNREAD)
            if c is _UNREAD:
                c = known[number] = self.score(numbers, route_legs, mask, visited)
            if c is None:
                self.out |= 1 << top
            else:
                heapq.heappush(scored, _ranking(c, numbers, number))
        self.top = top
        if not scored:
            return False
        entry = heapq.heappop(scored)
        self.out |= 1 << self.place_of[entry[4]]
        self.given.append(entry[5])
        return True

    def _sort(self) -> None:
        """Sort the routes by bound, the best last, as the heap gives them (so those it gave are the last), and
        set the reads' attributes: each route's place in that list (:attr:`place_of`, by number); the places whose
        candidates are given or refused by the title (:attr:`out`, as bits: those the heap gave but the
        candidates scored and waiting); each route scored from then on (by number) → its candidate or None
        (:attr:`known`, scored by the list or ahead of it by a reader); per bit of track the routes using it, as
        bits of their places (:attr:`places_using`, those from :attr:`low` on: indexed as far down the list as a
        reader went); track bits used → the indexed places touching them (:attr:`clashes`). (Set here, not at
        first: most lists are never sorted, and a game makes thousands of them.)"""
        if self.top is not None:
            return
        top = len(self.pending)
        pending = sorted(self._keys(), reverse=True)
        self.place_of = place_of = [0] * len(pending)
        for place, key in enumerate(pending):
            place_of[key & _NUMBER] = place
        self.known: dict[int, Candidate | None] = {entry[4]: entry[5] for entry in self.scored}
        self.out = sum(1 << place for place in range(top, len(pending)) if pending[place] & _NUMBER not in self.known)
        self.pending, self.top, self.low = pending, top, len(pending)
        self.places_using: dict[int, int] = {}
        self.clashes: dict[int, int] = {}

    def get(self, i: int) -> Candidate | None:
        """The ``i``-th best candidate (from 0), or None when there are fewer."""
        given = self.given
        while len(given) <= i:
            if not self._give_one():
                return None
        return given[i]

    def bound(self, i: int) -> int | None:
        """At least the value of the ``i``-th best candidate and of every one after it, scoring none; None when
        there are surely no more than ``i`` candidates."""
        if i < len(self.given):
            return self.given[i].value
        if self.eager:
            rest = UNBOUNDED if self.found else None
        else:
            top = self.top
            if top is None:
                rest = -(self.pending[0] >> _FOUND) * (_TIE + 1) if self.pending else None
            else:
                rest = -(self.pending[top - 1] >> _FOUND) * (_TIE + 1) if top else None
        if self.scored:
            return max(-self.scored[0][0], -1 if rest is None else rest)
        return rest

    def free(self, used: int) -> int:
        """The given candidates not touching track bits ``used``, as bits of their indices: the combination jumps
        from one to the next instead of testing each, most of them clashing (a few bits per route: one per set
        of segments sharing track, :func:`network_segments`)."""
        given, uses = self.given, self.uses
        n = len(given)
        if not used:
            # no track used: every candidate is free, with no index to build (a search of one train, or of the first
            # train chosen, asks only this; the index is built at the first question with track used)
            return (1 << n) - 1
        if self.indexed != n:
            if n - self.indexed < _ROWS_FROM:
                for k in range(self.indexed, n):
                    bit, m = 1 << k, given[k].mask
                    while m:
                        low = m & -m
                        uses[low] = uses.get(low, 0) | bit
                        m ^= low
            else:
                self._index_rows(n)
            self.indexed = n
            self.frees = {}
        free = self.frees.get(used)
        if free is None:
            asked, clash = used, 0
            while used:
                low = used & -used
                clash |= uses.get(low, 0)
                used ^= low
            free = self.frees[asked] = ~clash & ((1 << n) - 1)
        return free

    def free_after(self, used: int) -> int | None:
        """At least the value of every candidate not given yet that does not touch track bits ``used``, scoring
        none (a route's track is known before it is scored); None when there is surely no such candidate. The
        combination asks it where no given candidate is free of the track used: a train whose best free routes
        lie far down the list (two long trains on one network, most routes clashing) is bounded by them, not by
        the next routes of the list, which it could not run."""
        if self.eager:
            return UNBOUNDED if self.found else None
        self._sort()
        free = self._free_places(used, len(self.pending), self.out)
        # the best route left not touching ``used`` among those indexed, else the best of those not indexed (the
        # list is sorted by bound: those below ``low`` are bounded by the first of them)
        at = free.bit_length() - 1 if free else self.low - 1
        return -(self.pending[at] >> _FOUND) * (_TIE + 1) if at >= 0 else None

    def reader(self, used: int) -> Callable[[int], Candidate | None]:
        """A reader of the candidates not given yet that do not touch track bits ``used``, in the list's order,
        scoring only those (and keeping them for the list, :attr:`known`): each call ``read(limit)`` returns the
        next, or None, keeping it for the next call, when it earns no more than ``limit`` (or there is none). It
        reads the candidates not given now, whatever is given later. The combination reads them for a train whose
        scan has passed every given candidate and who may run none touching the track used."""
        if self.eager:
            return lambda limit: None  # (scored all at its first read: none left)
        self._sort()
        out = self.out  # (the candidates given now)
        free = self._free_places(used, len(self.pending), out)
        low = self.low  # (the places below are not looked at yet)
        heap: list[tuple] = []
        pending, routes, known = self.pending, self.routes, self.known

        def read(limit: int) -> Candidate | None:
            nonlocal free, low
            while True:
                # the next place in order not touching ``used`` (-1: none), looking further down the list only
                # where a route there might earn more than ``limit`` (else the next candidate, the best read or one
                # further down, earns no more than that either)
                at = free.bit_length() - 1 if free else -1
                while at < 0 and low and -(pending[low - 1] >> _FOUND) * (_TIE + 1) > limit:
                    free = self._free_places(used, low, out)
                    low = self.low
                    at = free.bit_length() - 1 if free else -1
                bound = -(pending[at] >> _FOUND) * (_TIE + 1) if at >= 0 else None
                if heap and (bound is None or bound < -heap[0][0]):  # no route left may come before it
                    return heapq.heappop(heap)[5] if -heap[0][0] > limit else None
                if bound is None or bound <= limit:
                    return None
                free ^= 1 << at
                number = pending[at] & _NUMBER
                numbers, route_legs, mask, _, visited = routes[number]
                c = known.get(number, _UNREAD)
                if c is _UNREAD:
                    c = known[number] = self.score(numbers, route_legs, mask, visited)
                if c is not None:
                    heapq.heappush(heap, _ranking(c, numbers, number))

        return read

    def _free_places(self, used: int, end: int, out: int) -> int:
        """The places of :attr:`pending` below ``end`` and not in ``out`` (as bits) whose routes do not touch track
        bits ``used``, as bits, among those indexed by track bit (from :attr:`low` on); where there is none, the
        index first grows further down the list (doubling, by :data:`_ROWS_FROM` at least: a train's free routes
        are most often among the best few, and thousands of routes may be listed)."""
        below = ~out & ((1 << end) - 1)
        free = self._free_indexed(used) & below
        if not free and self.low:
            pending, low = self.pending, self.low
            start = max(0, low - max(_ROWS_FROM, len(pending) - low))
            routes, uses = self.routes, self.places_using
            for bit, row in _rows_of([routes[entry & _NUMBER][2] for entry in pending[start:low]]).items():
                uses[bit] = uses.get(bit, 0) | row << start
            self.low, self.clashes = start, {}
            free = self._free_indexed(used) & below
        return free

    def _free_indexed(self, used: int) -> int:
        """The indexed places of :attr:`pending` (from :attr:`low` on) whose routes do not touch track bits
        ``used``."""
        clash = self.clashes.get(used)
        if clash is None:
            clash, rest, uses = 0, used, self.places_using
            while rest:
                low = rest & -rest
                clash |= uses.get(low, 0)
                rest ^= low
            self.clashes[used] = clash
        return ~clash & ((1 << len(self.pending)) - (1 << self.low))

    def _index_rows(self, n: int) -> None:
        """Index the given candidates from ``indexed`` to ``n`` by track bit (:attr:`uses`) as :meth:`free` does one
        by one, for many at once: their bits, counted from the first of them, set in a byte row per track bit, each
        row made an int and shifted into that bit's index once (OR-ing candidate after candidate into ints as long
        as the list makes a long int each time: a list often grows by hundreds of candidates between two asks;
        :func:`_rows_of`)."""
        uses, start = self.uses, self.indexed
        for low, row in _rows_of([c.mask for c in self.given[start:n]]).items():
            uses[low] = uses.get(low, 0) | row << start

    def first_fit(self, used: int) -> int:
        """At least the value of the best candidate not touching track bits ``used`` (0 if there is none)."""
        free = self.free(used)
        if free:
            return max(self.given[(free & -free).bit_length() - 1].value, 0)
        rest = self.bound(len(self.given))
        return 0 if rest is None else max(rest, 0)

    def all(self) -> list[Candidate]:
        """Every candidate, best first (scores them all)."""
        while self._give_one():
            pass
        return self.given


def _rows_of(masks: Sequence[int]) -> dict[int, int]:
    """Per bit of track (as its power of two) set in some of ``masks``, the masks holding it, as bits of their
    indices: set in a byte row per track bit, each row made an int once (OR-ing mask after mask into ints makes a
    long int each time)."""
    size, rows = (len(masks) + 7) >> 3, {}
    for k, m in enumerate(masks):
        at, bit = k >> 3, 1 << (k & 7)
        while m:
            low = m & -m
            row = rows.get(low)
            if row is None:
                row = rows[low] = bytearray(size)
            row[at] |= bit
            m ^= low
    return {low: int.from_bytes(row, "little") for low, row in rows.items()}


def _paid_at_most(rows: tuple[DistanceRow, ...], nodes: Sequence[NodeKey],
                  gain: Sequence[int]) -> Callable[[tuple[int, ...], int], int] | None:
    """A bound on what a train of distance ``rows`` is paid for a route's stops (by number, with the sum of their
    ``gain``): None (the sum) when it pays every stop it visits; else the best stops of kinds some row pays, as
    many as the rows pay in all (an express train's towns pay nothing)."""
    if pays_every_stop(rows):
        return None
    payable = {kind for row in rows if row.pay > 0 for kind in row.kinds}
    most = sum(row.pay for row in rows)
    counted = [gain[i] if nodes[i][1] in payable else 0 for i in range(len(nodes))]

    def paid(numbers: tuple[int, ...], _: int) -> int:
        values = [counted[i] for i in numbers]
        if len(values) > most:
            values.sort(reverse=True)  # faster than heapq.nlargest on a route's few stops
            del values[most:]
        return sum(values)

    return paid


_PATHS = attrgetter("paths")


def _ranking(c: Candidate, numbers: tuple[int, ...], number: int) -> tuple:
    """The key of candidate ``c`` of stop numbers ``numbers`` in a list's order (:class:`Ranked`), then its route's
    number and ``c``: value, fewer stops, stops' order, tile paths' order (no two candidates of a list have one
    key: the number and the candidate are never compared). The stop numbers order routes as their stops do,
    numbered in the stops' order, and compare faster; two routes with the same stops walk other tile paths
    (:func:`_walk`, a tuple made in C faster than a Python object comparing lazily)."""
    return -c.value, len(numbers), numbers, tuple(map(_PATHS, c.legs)), number, c


def _walk(c: Candidate) -> tuple:
    """The tile paths a candidate walks, leg by leg."""
    return tuple(map(_PATHS, c.legs))  # map with attrgetter: the tie-break of 1830's many equal routes


def _ordered(cands: list[Candidate]) -> list[Candidate]:
    """Candidates best first; ties: fewer stops, then stop order, then the order of the tile paths walked."""
    cands.sort(key=lambda c: (-c.value, len(c.stops), c.stops))
    out: list[Candidate] = []
    for _, same in groupby(cands, key=lambda c: (c.value, c.stops)):
        group = list(same)
        if len(group) > 1:
            group.sort(key=_walk)
        out += group
    return out


_FOUND = 32
"""Bits of a route's number in the heap of :class:`Ranked` (far more than the routes of any network)."""
_NUMBER = (1 << _FOUND) - 1

_ROWS_FROM = 64
"""From how many candidates given at once :meth:`Ranked.free` indexes them in byte rows (:meth:`Ranked._index_rows`)
rather than one by one (fewer: the rows cost more than they save)."""

UNBOUNDED = 1 << 120
"""The bound of a route when the title gives none: above any rank."""


_UNSCORED = (None, False)
"""What a type's memo of scores (:func:`candidates`' ``scorer``) answers for stops not scored yet."""
_UNREAD = object()
"""What :attr:`Ranked.known` answers for a route not scored yet."""

UNREACHED = 1 << 60
_QUOTA = 10 ** 9
"""Weight of a city on a quota hex in a route's stop mix (:func:`candidates`), above the off-boards' digits."""
_TYPES = 1 << 16
"""Room for the bit set of train types beside a stop mix in one memo key (far more types than a corporation owns)."""


_END = itemgetter(2)
"""The next stop of an entry of :func:`candidates`' adjacency (read in C: a starred unpacking builds a list)."""


def _hops_to_token(adjacency, token, through) -> list[int]:
    """Legs from each stop (by number) to the nearest token city, passing only stops a route may pass (breadth
    first); :data:`UNREACHED` for a stop that reaches none."""
    level = [n for n, tok in enumerate(token) if tok]
    hops = [UNREACHED] * len(token)
    for n in level:
        hops[n] = 0
    while level:
        after = []
        for node in level:
            for end in map(_END, adjacency[node]) if through[node] or token[node] else ():
                if hops[end] == UNREACHED:
                    hops[end] = hops[node] + 1
                    after.append(end)
        level = after
    return hops


def _quota_reach(adjacency, through, nodes: Sequence[NodeKey], step: Sequence[int],
                 members: Sequence[tuple[int, ...]], quotas: Sequence[tuple[int, int | None]]
                 ) -> tuple[list[int], list[int]]:
    """What :func:`candidates` needs to drop a route that can no longer get the quota cities its trains need
    (``RouteRules.quota``, 1837's mine for a goods train): per set of train types (as bits of their numbers), the
    least stop mix a route must reach before one of them may be listed without another quota city (the types'
    least quota times :data:`_QUOTA`: a mix below it holds too few for all of them; 0 for no type), and per stop
    (by number) the fewest cities a route visits after it to reach a quota city, that city included
    (:func:`_cities_to_token` with the quota cities as targets; :data:`UNREACHED` for none). A route whose every
    train still needs a quota city ends with a mix of at least its mix now plus those cities, one of them a quota
    city (mixes only grow), and every train fitting a mix fits a smaller one: when no train fits that bound, no
    route extending it is listed."""
    wanting = [min((quotas[k][0] for k in types), default=0) * _QUOTA for types in members]
    quota = [int(weight >= _QUOTA) for weight in step]
    return wanting, _cities_to_token(adjacency, quota, through, [n[1] == "city" for n in nodes])


def _cities_to_token(adjacency, token, through, city) -> list[int]:
    """The fewest cities a route from each stop (by number) visits after it to reach a token city, that city
    included, passing only stops a route may pass (a breadth first search taking towns at no cost); a stop
    reaching none gets :data:`UNREACHED` (as in :func:`_hops_to_token`, which then drops it first). A route's
    stop mix can only grow, and every train fitting a mix fits a smaller one: a route still without a token city
    whose trains cannot add that many cities to its mix never gets one (a quota city counted as a plain one:
    a mix with it fits no more trains)."""
    cost = [UNREACHED] * len(token)
    queue = deque()
    for n, tok in enumerate(token):
        if tok:
            cost[n] = 0
            queue.append(n)
    while queue:
        node = queue.popleft()
        if not (through[node] or token[node]):
            continue  # a way to a token city may not pass here
        # the cities of a way through ``node``: its own city and those after it; from a token city, that city
        via = 1 if token[node] else cost[node] + city[node]
        for end in map(_END, adjacency[node]):
            if via < cost[end]:
                cost[end] = via
                if via == cost[node]:
                    queue.appendleft(end)
                else:
                    queue.append(end)
    return cost


# ----- stage 3: combination ------------------------------------------------------------------------------------
SetBonus = tuple[int, Callable[[Sequence[tuple[str, "Candidate"]]], int]]


def _set_bonus(pos: Position) -> SetBonus:
    """The title's bonus of a whole route set (revenue, as :func:`rank` counts it): its upper bound now and the
    function scoring a chosen set."""
    bound = pos.rules.set_bonus_bound(pos.data, pos.board, pos.corporation, pos.phase_colours)

    def score(picked: Sequence[tuple[str, Candidate]]) -> int:
        routes = [c.route(tid) for tid, c in picked]
        return rank(pos.rules.set_bonus(pos.data, pos.board, pos.corporation, routes, pos.phase_colours), 0)

    return rank(bound, 0), score


def _combine(trains: Sequence[tuple[str, Train]], by_type: Mapping[tuple, Ranked], counters: Counters,
             clock: _Clock, set_bonus: SetBonus = (0, lambda picked: 0),
             beat: int = -1) -> list[tuple[str, Candidate]] | None:
    """Branch and bound for the best conflict-free choice of one candidate (or none) per train; a set bonus
    (bound, score) counts at the leaves and widens the bound by its upper bound. Candidates are read in order
    from their :class:`Ranked` lists, so only those the search reaches are scored; a train whose scan has passed
    the candidates given in a long list reads on only those not touching the track used (:meth:`Ranked.reader`:
    the same choices in the same order, without scoring the routes it could not run). Only sets ranked above
    ``beat`` (:func:`rank`) count: None when there is none (with the default -1, the empty set is one).

    The bounds only prune branches that cannot beat the best set found so far, and the choices are tried in one
    fixed order (trains by best candidate, name and id; candidates in list order, then idle): the set found is
    the first in that order among those earning most, however tight the bounds (tests/test_route56_followers.py,
    tests/test_run60_reader.py)."""
    bonus_bound, bonus_of = set_bonus
    order = sorted(((tid, t) for tid, t in trains if t.distance in by_type and by_type[t.distance].get(0)),
                   key=lambda tt: (-by_type[tt[1].distance].get(0).value, tt[1].name, tt[0]))
    lists = [by_type[t.distance] for _, t in order]
    same_as_previous = [i > 0 and order[i][1].distance == order[i - 1][1].distance for i in range(len(order))]
    n = len(order)
    # per train: how many identical trains follow it in ``order`` (one after the other: sorted by best candidate,
    # name and id, trains of one type have one best candidate and one name)
    followers = [0] * n
    for i in range(n - 2, -1, -1):
        if same_as_previous[i + 1]:
            followers[i] = followers[i + 1] + 1
    best_total = beat
    best: list[tuple[str, Candidate]] | None = None
    picked: list[tuple[str, Candidate]] = []
    tick = clock.tick if clock.deadline is not None else None

    def search(i: int, used: int, total: int, floor: int) -> None:
        """Choose for train i; ``floor``: the first candidate index it may take (identical trains take
        increasing indices, so each set is tried in one order only; after an idle train, :data:`IDLE`)."""
        nonlocal best_total, best
        counters.combinations += 1
        if tick is not None:
            tick()
        if i == n:
            total += bonus_of(picked) if bonus_bound else 0
            if total > best_total:
                best_total, best = total, list(picked)
            return
        rest_bound = bonus_bound
        next_fit = 0
        for j in range(i + 1, n):
            fit = lists[j].first_fit(used)
            rest_bound += fit
            if j == i + 1:
                next_fit = fit
        cands = lists[i]
        follows = followers[i]
        # the identical trains after this one take later candidates of this list, each its own (increasing
        # indices), not touching the track used: after a choice at index idx they earn at most the best
        # ``follows`` candidates after idx (each at most what the choice earns, and at most next_fit, the best
        # candidate free of the track used); ``others``: the bound of the trains after them. Such a bound falls
        # as idx grows, so the scan still stops at the first choice it prunes.
        others = rest_bound - follows * next_fit
        given = cands.given  # the candidates scored and in place so far: read without a call
        # the given candidates not touching the track used, as bits of their indices (``known`` of them looked
        # at): the scan jumps from one to the next, deciding as a scan of every candidate in order would
        known, free = 0, 0
        idx = floor
        while idx < IDLE:
            if idx < len(given):
                if known < len(given):
                    known, free = len(given), cands.free(used)
                ahead = free >> idx
                if not ahead:  # all clash from idx on: a scan of each would stop at the last at the latest
                    last = given[known - 1].value
                    if known >= cands.read_from:  # (or where no candidate left may run besides the track used)
                        last = _lower(last, cands.free_after(used))
                    if last is None or total + last + (others + follows * min(next_fit, max(last, 0)) if follows
                                                       else rest_bound) <= best_total:
                        counters.pruned += 1
                        break
                    idx = known
                    continue
                idx += (ahead & -ahead).bit_length() - 1
                c = given[idx]
                if follows:
                    # the best free candidates after idx (given ones: in order, worth no more than this one), and
                    # for those not given yet the bound of the rest; a train may idle, so none counts below 0
                    after, left, ahead = 0, follows, free >> (idx + 1)
                    while left and ahead:
                        low = ahead & -ahead
                        value = given[idx + low.bit_length()].value
                        if value <= 0:
                            left = 0
                            break
                        after += value
                        ahead ^= low
                        left -= 1
                    if left:
                        rest = cands.bound(known)
                        if rest is not None and rest > 0:
                            after += left * min(next_fit, rest)
                    reach = total + c.value + others + after
                else:
                    reach = total + c.value + rest_bound
            elif used and not follows and idx == len(given) >= cands.read_from:
                # a train of its own type, or the last of identical ones, past every given candidate: the rest
                # of its scan reads only the candidates not touching the track used (all it may choose), in order,
                # and stops where a scan of all would, at the first earning too little to beat the best set
                read = cands.reader(used)
                while (c := read(best_total - total - rest_bound)) is not None:
                    picked.append((order[i][0], c))
                    search(i + 1, used | c.mask, total + c.value, 0)
                    picked.pop()
                counters.pruned += 1
                break
            else:
                bound = cands.bound(idx)
                if used and idx >= cands.read_from:
                    bound = _lower(bound, cands.free_after(used))
                if bound is None:
                    break
                if total + bound + (others + follows * min(next_fit, max(bound, 0)) if follows else rest_bound) \
                        <= best_total:
                    counters.pruned += 1
                    break
                c = cands.get(idx)
                if c is None:
                    break
                reach = total + c.value + (others + follows * min(next_fit, max(c.value, 0)) if follows
                                           else rest_bound)
            if reach <= best_total:
                counters.pruned += 1
                break
            if not c.mask & used:
                picked.append((order[i][0], c))
                search(i + 1, used | c.mask, total + c.value, idx + 1 if follows else 0)
                picked.pop()
            idx += 1
        if total + rest_bound > best_total:
            search(i + 1, used, total, IDLE if follows else 0)
        else:
            counters.pruned += 1

    try:
        search(0, 0, 0, 0)
    except _OutOfTime as out:
        out.best = best
        raise
    finally:
        search = None  # noqa: F841  (a recursive closure's cycle, as in candidates)
    return best


def _lower(bound: int | None, free_bound: int | None) -> int | None:
    """The lower of two bounds on the candidates a train's scan has left, the second on those not touching the
    track used (:meth:`Ranked.free_after`, None: there are none, so the scan chooses none of them)."""
    return None if bound is None or free_bound is None else min(bound, free_bound)


IDLE = 1 << 60
"""The floor of a train following an identical train left idle: it idles too (no candidate has that index)."""

_DEEP = 32
"""From how many candidates given a train's scan past them reads only those not touching the track used, in a list
of :data:`_LONG` routes or more (:attr:`Ranked.read_from`; :meth:`Ranked.reader`, :meth:`Ranked.free_after`): in
shorter lists, or before, the next few candidates read in order cost less than the sort and the index of the
routes' track that find those (the answers are the same either way; along 1830's random games, whose lists are
shorter, they cost more)."""
_LONG = 256
