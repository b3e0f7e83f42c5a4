"""Routes: the one place where route legality and revenue are decided (DESIGN §5).

A :class:`Route` is a train's run as a sequence of :class:`Leg` s; a leg is the track between two consecutive
stops, given as the tile paths walked, in order (``(hex, path index)`` on the current tiles). A router builds
routes directly; :func:`route_from_log` builds them from an 18xx.games ``run_routes`` entry
(``connections`` = one list of hexes per leg). :func:`run_routes` checks a corporation's whole set of routes and
computes the revenue stop by stop; everything else (router, operating round, views) calls it.

Checks, each refusing with a ``GameError`` naming its rule (prefix from the map data; ``1830`` for 1830):

* ``route.train`` — each route names a train of the corporation, at most one route per train.
* ``route.track`` — each leg follows track: consecutive paths meet across a hex edge, a leg has stops only at
  its two ends, and consecutive legs share their stop.
* ``route.stops`` — at least two stops.
* ``route.revisit`` — no stop visited twice in one route.
* ``route.offboard`` — an off-board area only as the first or last stop.
* ``route.group`` — an off-board area drawn over several hexes (1830 Canada, Gulf) is visited at most once.
* ``route.blocked`` — no passing through a city whose slots are all filled by other corporations (it may be
  the first or last stop).
* ``route.token`` — some city of the route holds one of the corporation's station tokens.
* ``route.reuse`` — no track used twice, neither within a route nor by two routes of the corporation. Track is
  used per path and per hex edge (two paths sharing an edge share the rail across it).
* ``route.distance`` — the train can visit that many stops (all stops count: cities, towns, off-boards).
* ``route.revenue`` — a claimed revenue must equal the computed one.

Seams for other titles: :class:`Train` distance is a list of :class:`DistanceRow` (node kinds, visits, paid
stops) so "+n" trains (3+1), express trains (1837 4E: towns visited without pay) and goods trains (1837 1G: towns
without limit) are data; :class:`RouteRules` has hooks for stop values, extra checks (1837 goods trains from one
mine, E trains needing two cities, 1894 Paris once), bonuses (1894 Luxembourg, London, Netherlands) and
subsidies paid to the treasury outside the revenue (1837's mines); 1830 uses the base class unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass
from functools import lru_cache
from itertools import product
from operator import attrgetter
from typing import Iterable, Mapping, Sequence

from ..errors import GameError
from ..i18n import msg
from ..model import kept_property
from .board import Board, NodeKey, blocks, memo, node_id, placed_tile, remembered, rotated_paths, tokened_by
from .graph import TilePaths
from .mapdata import TrackData, revenue_for

PathRef = tuple[str, int]
_set = object.__setattr__
"""Set an attribute of a frozen dataclass being built (as its ``__init__`` does)."""


@dataclass(frozen=True)
class Leg:
    """Track between two consecutive stops: ``start`` node, the paths walked in order, ``end`` node."""

    start: NodeKey
    end: NodeKey
    paths: tuple[PathRef, ...]

    def reversed(self) -> "Leg":
        """Return the same leg walked the other way."""
        return Leg(self.end, self.start, tuple(reversed(self.paths)))


@dataclass(frozen=True)
class Route:
    """One train's run: train id (``"2-0"``) and its legs in order of travel."""

    train: str
    legs: tuple[Leg, ...]

    @classmethod
    def with_stops(cls, train: str, legs: tuple[Leg, ...], stops: tuple[NodeKey, ...]) -> "Route":
        """The route of ``train`` over ``legs`` whose :attr:`stops` are known to be ``stops``: made without the
        dataclass's checks (a router makes one per route it scores, the title's hooks reading it)."""
        route = object.__new__(cls)
        # set as attributes, not through the route's __dict__: reading that dict would cost the route CPython
        # 3.11's fast attribute reads (the title's hooks read its stops and legs)
        _set(route, "train", train)
        _set(route, "legs", legs)
        _set(route, "stops", stops)
        return route

    @kept_property
    def stops(self) -> tuple[NodeKey, ...]:
        """The stops in order of travel (first leg's start, then every leg's end); computed once."""
        if not self.legs:
            return ()
        return (self.legs[0].start,) + tuple(leg.end for leg in self.legs)


@dataclass(frozen=True)
class DistanceRow:
    """Part of a train's reach: it may visit up to ``visit`` stops of ``kinds`` and is paid for ``pay`` of them."""

    kinds: frozenset[str]
    visit: int
    pay: int


ALL_STOPS = frozenset({"city", "town", "offboard"})
CHAIN_MEMO_SIZE = 4096
"""How many logged legs (hexes and the tiles on them) :func:`route_from_log` keeps walked."""


@dataclass(frozen=True)
class Train:
    """A train as routes see it: id (``"3-1"``), type name (``"3"``) and its distance rows."""

    id: str
    name: str
    distance: tuple[DistanceRow, ...]

    @classmethod
    def counting_all(cls, train_id: str, stops: int | None) -> "Train":
        """Return a train that counts and pays every stop, up to ``stops`` (None = unlimited, e.g. 1830 D)."""
        n = 10**6 if stops is None else stops
        return cls(train_id, train_id.rpartition("-")[0] or train_id, (DistanceRow(ALL_STOPS, n, n),))


@dataclass(frozen=True)
class StopRevenue:
    """A stop of a route: node key, 18xx.games node id (``"D10-1"``), kind, revenue paid (0 if not paid)."""

    node: NodeKey
    node_id: str
    kind: str
    revenue: int


@dataclass(frozen=True)
class RouteResult:
    """A checked route: train id, its stops with revenue each, bonus, total revenue, and the subsidy the route
    earns for the treasury outside its revenue (:meth:`RouteRules.subsidy`; 1837's mines), in currency units."""

    train: str
    stops: tuple[StopRevenue, ...]
    bonus: int
    revenue: int
    subsidy: int = 0


@dataclass(frozen=True)
class RunResult:
    """A checked set of routes: each route's result, the bonus of the set as a whole (:meth:`RouteRules.set_bonus`),
    the corporation's total revenue (routes + set bonus), and the subsidy paid to its treasury outside the revenue
    (the sum of the routes' :meth:`RouteRules.subsidy`), in currency units."""

    routes: tuple[RouteResult, ...]
    total: int
    set_bonus: int = 0
    subsidy: int = 0


class RouteRules:
    """Title hooks for routes. 1830 uses this class as it is; other titles override methods.

    Every method receives the track data, the board, the corporation id and the phase's tile colours.
    """

    def __reduce__(self) -> tuple:
        """Pickle the hooks as their class and their field values (a title's hooks are frozen dataclasses; 1830's
        have none), the form a router's memo key takes (:func:`gamekit.tracks.router.position_key`).

        Not pickle's own way, which reads the object's ``__dict__``: in CPython 3.11 that read would make every
        later read of the hooks' fields (asked for every route a router scores) take the slow path, and the dict
        also holds the values a :func:`kept_property` keeps, so equal hooks would give unequal keys before and
        after one is worked out.

        Returns:
            ``(class, field values in order)``: unpickling calls the class with them.
        """
        values = tuple(getattr(self, f.name) for f in fields(self)) if is_dataclass(self) else ()
        return type(self), values

    def stop_value(self, data: TrackData, board: Board, node: NodeKey, phase_colours: Sequence[str]) -> int:
        """Return what a stop is worth before distance rules: its revenue on the current tile (rule
        ``1830:route.revenue``; off-board values by phase colour)."""
        return revenue_for(_part(data, board, node).revenue, phase_colours)

    def tile_stop_values(self) -> bool:
        """Whether :meth:`stop_value` reads nothing but the stop, the tile on its hex, the phase's colours and these
        hooks' own fields: then :func:`stop_table` keeps its values per hooks, stop, tile and colours (a title's
        board changes elsewhere leave them as they are). A promise about the :meth:`stop_value` defined in the
        same class or above: a class overriding :meth:`stop_value` alone promises nothing. True of 1830's."""
        return True

    def check_route(self, data: TrackData, board: Board, corporation: str, route: Route, train: Train) -> None:
        """Extra legality checks of a title (raise ``GameError``); none in 1830."""

    def check_hexes(self, data: TrackData, board: Board, corporation: str) -> frozenset[str] | None:
        """Return the hexes a route must touch (a stop on one, or track through one) for :meth:`check_route` to
        refuse it, or None when it may refuse any route (the default, whenever :meth:`check_route` is
        overridden). A promise about :meth:`check_route`: it passes every route touching none of them, so the
        router asks it only about the routes that do (empty: it refuses none of this corporation's routes). A
        class overriding :meth:`check_route` below the class defining this method makes the router ignore it
        (the promise was about another check)."""
        if type(self).check_route is RouteRules.check_route:
            return frozenset()
        return None

    def quota_hexes(self, data: TrackData, board: Board, corporation: str) -> frozenset[str]:
        """Return the hexes whose cities count toward a train's :meth:`quota` (1837's mines); empty in 1830 (no
        quota). The router counts these cities while it enumerates routes and never lists a route for a train
        whose quota it breaks, so such routes are never scored."""
        return frozenset()

    def quota(self, train: Train) -> tuple[int, int | None]:
        """Return the least and the most cities on :meth:`quota_hexes` a route of ``train`` may visit (None: no
        most); (0, None) in 1830. A promise about :meth:`check_route`: it refuses every route outside the quota
        (the router relies on it, and still asks :meth:`check_route` about the routes within)."""
        return (0, None)

    def bonus(self, data: TrackData, board: Board, corporation: str, route: Route,
              stops: tuple[StopRevenue, ...], phase_colours: Sequence[str]) -> int:
        """Return revenue added to a route beyond its stops; 0 in 1830."""
        return 0

    def set_bonus(self, data: TrackData, board: Board, corporation: str, routes: Sequence[Route],
                  phase_colours: Sequence[str]) -> int:
        """Return revenue added to a whole set of routes (one per train, run together); 0 in 1830."""
        return 0

    def set_bonus_bound(self, data: TrackData, board: Board, corporation: str, phase_colours: Sequence[str]) -> int:
        """Return an upper bound of :meth:`set_bonus` over every set this corporation could run now (the router
        prunes with it; 0 when the title has no set bonus, and then the router never asks for one)."""
        return 0

    def subsidy(self, data: TrackData, board: Board, corporation: str, route: Route,
                phase_colours: Sequence[str]) -> int:
        """Return money one route earns for the treasury outside the revenue (1837's mine subsidies); 0 in 1830.
        A set's subsidy is the sum of its routes' (the router relies on it)."""
        return 0

    def route_bound(self, data: TrackData, board: Board, corporation: str, phase_colours: Sequence[str],
                    best_stop: int) -> int | None:
        """Return an upper bound, over every route this corporation could run now, of the route's :meth:`bonus`
        and of its bonus plus :meth:`subsidy` (currency units), or None when unknown. ``best_stop``: the highest
        :meth:`stop_value` of a stop the corporation's routes may visit now (a bonus paying a stop's value again,
        as 1894's Luxembourg, is at most that).

        The router scores routes in the order of their stops' values plus this bound and stops scoring once no
        route left can beat the ones it needs, so a title with a per-route bonus or subsidy should give one (a
        loose bound is correct, only slower). The default: 0 when the title overrides neither hook, else None
        (every route is then scored)."""
        if type(self).bonus is RouteRules.bonus and type(self).subsidy is RouteRules.subsidy:
            return 0
        return None

    def bonus_hexes(self, data: TrackData, board: Board, corporation: str) -> frozenset[str] | None:
        """Return the hexes without a stop on one of which a route earns no :meth:`bonus` and no :meth:`subsidy`
        (1894: Luxembourg, the Netherlands and, for a corporation earning it, London; 1837: the mines), or None
        when any route may earn them. The router bounds only the routes visiting one of them by
        :meth:`route_bound` (and the others by their stops alone)."""
        return None


BASE_RULES = RouteRules()


def run_routes(data: TrackData, board: Board, corporation: str, routes: Sequence[Route],
               trains: Mapping[str, Train], phase_colours: Sequence[str], *, rules: RouteRules = BASE_RULES,
               claimed: Sequence[int] | None = None) -> RunResult:
    """Check a corporation's routes for one operating turn and compute their revenue.

    Args:
        data, board: track facts and the current board (not changed).
        corporation: id of the running corporation.
        routes: one :class:`Route` per train run.
        trains: train id → :class:`Train` for the corporation's trains.
        phase_colours: tile colours of the current phase (off-board values).
        rules: title hooks (:class:`RouteRules`).
        claimed: revenue claimed per route (as a log records it), checked against ours if given.

    Returns:
        A :class:`RunResult` with each route's stops and revenue, and the total.

    Raises:
        GameError: a ``<prefix>:route.*`` rule (see the module docstring).
    """
    used: dict[object, str] = {}
    results = []
    seen_trains: set[str] = set()
    for route in routes:
        if route.train not in trains:
            raise GameError(msg("{corporation} has no train {train}", corporation=corporation, train=route.train),
                            data.rule("route.train"))
        if route.train in seen_trains:
            raise GameError(msg("train {train} runs more than one route", train=route.train), data.rule("route.train"))
        seen_trains.add(route.train)
        train = trains[route.train]
        track = check_route(data, board, corporation, route)
        rules.check_route(data, board, corporation, route, train)
        if not used.keys().isdisjoint(track):  # (most sets share none: one test in C before the refusal's scan)
            for item in track:
                if item in used:
                    raise GameError(msg("the routes of {train} and {other} share track in {hex}", train=used[item],
                                        other=route.train, hex=item[1]), data.rule("route.reuse"))
        used.update(dict.fromkeys(track, route.train))
        results.append(score_route(data, board, corporation, route, train, phase_colours, rules))
    if claimed is not None:
        for result, value in zip(results, claimed, strict=True):
            if value != result.revenue:
                raise GameError(msg("train {train} earns {revenue}, not {claimed}", train=result.train,
                                    revenue=result.revenue, claimed=value), data.rule("route.revenue"))
    extra = rules.set_bonus(data, board, corporation, routes, phase_colours)
    return RunResult(tuple(results), sum(r.revenue for r in results) + extra, extra, sum(r.subsidy for r in results))


def scored_run(data: TrackData, board: Board, corporation: str, routes: Sequence[Route], trains: Mapping[str, Train],
               phase_colours: Sequence[str], *, rules: RouteRules = BASE_RULES) -> RunResult:
    """:func:`run_routes`' result for ``routes`` known to pass its checks, scored without checking them again:
    each route's :func:`score_route`, the set's bonus and the total, as :func:`run_routes` adds them up.

    For a router's answer only: its routes are legal by construction (chains of legs walked on this board from
    the corporation's token cities, no stop, area or track twice, off-boards and blocked cities at the ends only,
    a token city on each, the title's ``check_route`` asked, the train able to visit the stops, no track shared
    between routes: ``gamekit.tracks.router``), so the checks of :func:`run_routes` would pass (its tests compare
    the two along seeded games). A route read from a log or proposed by a player is checked by :func:`run_routes`.

    Raises:
        GameError: ``route.distance`` when a train cannot visit its route's stops (never for a router's answer).
    """
    results = tuple(score_route(data, board, corporation, route, trains[route.train], phase_colours, rules)
                    for route in routes)
    extra = rules.set_bonus(data, board, corporation, routes, phase_colours)
    return RunResult(results, sum(r.revenue for r in results) + extra, extra, sum(r.subsidy for r in results))


def check_route(data: TrackData, board: Board, corporation: str, route: Route) -> set[tuple[str, str, int]]:
    """Check one route alone: track, stops, revisits, off-boards, blocking, token, track reuse inside it.

    Returns:
        The track the route uses: ``("path", hex, index)`` per path and ``("edge", hex, edge)`` per path end on
        a hex edge (the rail across an edge appears from both sides, so two routes crossing it conflict).

    Raises:
        GameError: a ``<prefix>:route.*`` rule; distance and the title hooks are checked by :func:`run_routes`.
    """
    rule = data.rule
    stops = route.stops
    if len(stops) < 2:
        raise GameError(msg("route of {train} needs at least two stops", train=route.train), rule("route.stops"))
    items: list = []
    kept = memo(data, "checked legs")
    tiles = None  # one lookup of the board's tile paths for all the legs, made when a leg's check is not kept
    for i, leg in enumerate(route.legs):
        if i and route.legs[i - 1].end != leg.start:
            raise GameError(msg("route of {train}: leg {leg} does not start where leg {previous} ends",
                                train=route.train, leg=i, previous=i - 1), rule("route.track"))
        found = _kept_check(kept, board, leg)
        if found is None:
            if tiles is None:
                tiles = TilePaths(data, board)
            found = _checked_leg(data, board, route.train, leg, tiles)
        items.extend(found)
    if len(set(items)) != len(items):
        raise GameError(msg("route of {train} uses the same track twice", train=route.train), rule("route.reuse"))
    if len(set(stops)) != len(stops):
        raise GameError(msg("route of {train} visits a stop twice", train=route.train), rule("route.revisit"))
    groups = [g for g in _groups(data, board, stops) if g]
    if len(set(groups)) != len(groups):
        raise GameError(msg("route of {train} visits {group} twice", train=route.train,
                            group=max(groups, key=groups.count)), rule("route.group"))
    for node in stops[1:-1]:
        coord, kind, index = node
        if kind == "offboard":
            raise GameError(msg("route of {train} runs through the off-board area {hex}", train=route.train,
                                hex=coord), rule("route.offboard"))
        if kind == "city" and blocks(board, coord, index, corporation):
            raise GameError(msg("route of {train} runs through {hex}, whose slots are all taken by other "
                                "corporations", train=route.train, hex=coord), rule("route.blocked"))
    if not any(kind == "city" and tokened_by(board, coord, index, corporation) for coord, kind, index in stops):
        raise GameError(msg("route of {train} includes no city with a {corporation} token", train=route.train,
                            corporation=corporation), rule("route.token"))
    return set(items)


def _groups(data: TrackData, board: Board, stops: Sequence[NodeKey]) -> list[str | None]:
    """The ``group`` of each of ``stops`` (:func:`_part`'s, read from its memo with one lookup of the memo for all
    the stops: a route's check reads the groups of every stop)."""
    parts = data.cache.setdefault("route_parts", {})
    laid = board.tiles.get
    out = []
    for node in stops:
        coord, kind, index = node
        found = parts.get((coord, laid(coord), kind))
        out.append(_part(data, board, node).group if found is None else found[index].group)
    return out


def _part(data: TrackData, board: Board, node: NodeKey):
    """The city, town or off-board definition of a node on the tile lying there now (remembered per tile and
    hex: title hooks ask for the same stops' values many times during a route search)."""
    coord, kind, index = node
    key = (coord, board.tiles.get(coord), kind)
    parts = data.cache.setdefault("route_parts", {})
    if key not in parts:
        parts[key] = placed_tile(data, board, coord).parts.nodes_of(kind)
    return parts[key][index]


def leg_track(leg: Leg, tiles: TilePaths) -> list[tuple]:
    """Return the track items of a leg known to be continuous (one from :func:`legs_from`), as :func:`_check_leg`
    gives them: ``("path", hex, index)`` per path and ``("edge", hex, edge)`` per path end on a hex edge."""
    items: list[tuple] = []
    for coord, index in leg.paths:
        items.append(("path", coord, index))
        items.extend(("edge", coord, end[1]) for end in tiles[coord][index] if end[0] == "edge")
    return items


CHECKED_LEGS_KEPT = 4096
"""How many legs' checks a title's track data keeps (:func:`_checked_leg`) before it forgets them all."""


def _checked_leg(data: TrackData, board: Board, train: str, leg: Leg, tiles: TilePaths) -> list[tuple]:
    """:func:`_check_leg` of ``leg`` on ``board``, kept per leg with the tiles lying on the hexes of its paths: the
    check reads nothing else of the board (the tile paths of those hexes, and the map's fixed neighbours), so
    a leg checked on a board with the same tiles there passes again with the same track items. The router's
    legs are kept objects (``kept_legs``), and the best sets it checks (:func:`run_routes`) run the same legs at
    position after position; a leg is known by identity (the entry holds it, so its id is not reused). A leg
    failing the check raises as before and is not kept."""
    kept = memo(data, "checked legs")
    found = _kept_check(kept, board, leg)
    if found is not None:
        return found
    laid = [board.tiles.get(coord) for coord, _ in leg.paths]
    items = _check_leg(data, train, leg, tiles)
    if len(kept) >= CHECKED_LEGS_KEPT:
        kept.clear()
    kept[id(leg)] = (leg, laid, items)
    return items


def _kept_check(kept: dict, board: Board, leg: Leg) -> list[tuple] | None:
    """The track items :func:`_checked_leg` kept in ``kept`` (the memo ``"checked legs"``) for ``leg`` on a board
    with the tiles of ``board`` on the hexes of its paths; None when it kept none."""
    entry = kept.get(id(leg))
    if entry is not None and entry[0] is leg:
        laid = board.tiles.get
        if entry[1] == [laid(coord) for coord, _ in leg.paths]:
            return entry[2]
    return None


def _check_leg(data: TrackData, train: str, leg: Leg, tiles: TilePaths) -> list[tuple]:
    """Validate a leg's continuity on the board whose tile paths ``tiles`` looks up; return the track items it uses
    (paths and edge ends)."""
    if not leg.paths:
        raise _broken(data, train, leg)
    at: tuple = (leg.start[1], leg.start[2])
    coord = leg.start[0]
    items: list[tuple] = []
    for k, (path_hex, index) in enumerate(leg.paths):
        if path_hex != coord:
            raise _broken(data, train, leg)
        paths = tiles[coord]
        if index not in range(len(paths)) or at not in paths[index]:
            raise _broken(data, train, leg)
        path = paths[index]
        other = path[1] if path[0] == at else path[0]
        items.append(("path", coord, index))
        items.extend(("edge", coord, end[1]) for end in path if end[0] == "edge")
        last = k == len(leg.paths) - 1
        if other[0] != "edge":
            if not last or (coord, other[0], other[1]) != leg.end:
                raise _broken(data, train, leg)
            continue
        if last:
            raise _broken(data, train, leg)
        nxt = data.neighbour(coord, other[1])
        if nxt is None:
            raise _broken(data, train, leg)
        coord, at = nxt, ("edge", (other[1] + 3) % 6)
    return items


def _broken(data: TrackData, train: str, leg: Leg) -> GameError:
    """The refusal of a leg whose track is not continuous (built only when raised: every route checks its legs)."""
    return GameError(msg("route of {train}: the track from {start} to {end} is not continuous", train=train,
                         start=leg.start[0], end=leg.end[0]), data.rule("route.track"))


StopTable = Mapping[NodeKey, tuple[int, str]]
"""node → (its value before distance rules, its 18xx.games node id) for one board, phase and title."""


def stop_table(data: TrackData, board: Board, nodes: Iterable[NodeKey], phase_colours: Sequence[str],
               rules: RouteRules = BASE_RULES) -> dict[NodeKey, tuple[int, str]]:
    """Return the :data:`StopTable` of ``nodes``: each stop's value (:meth:`RouteRules.stop_value`) and node id,
    looked up once for the many routes a router scores on one board.

    With the default :meth:`RouteRules.stop_value`, both read only the tile on the stop's hex (its part there,
    a pure function of the hex and the tile laid, as ``placed_tile``) and the phase's colours, so they are kept
    per stop, tile laid and colours in ``data.cache`` (memo ``"stop values"``): a router asks for the same stops on
    every board a bot compares. So are those of a title's own ``stop_value`` promising to read no more
    (:meth:`RouteRules.tile_stop_values`, 1837's: memo ``"hooked stop values"``, per hooks); any other is asked every
    time, the node id, reading only the tile, kept per stop and tile laid (memo ``"stop ids"``)."""
    laid = board.tiles.get
    kind = type(rules)
    if kind.stop_value is RouteRules.stop_value:
        kept = memo(data, "stop values")
    elif _tile_values(kind) and rules.tile_stop_values():
        # a title's hook reading only the tile and the colours (and its own fields): its values kept per hooks
        kept = memo(data, "hooked stop values").setdefault(rules, {})
    else:  # a title's hook may read any of the board
        ids = memo(data, "stop ids")
        table = {}
        for node in nodes:
            key = (node, laid(node[0]))
            ident = ids.get(key)
            if ident is None:
                ident = ids[key] = node_id(data, board, node)
            table[node] = (rules.stop_value(data, board, node, phase_colours), ident)
        return table
    colours = tuple(phase_colours)
    table = {}
    for node in nodes:
        key = (node, laid(node[0]), colours)
        entry = kept.get(key)
        if entry is None:
            entry = kept[key] = (rules.stop_value(data, board, node, phase_colours), node_id(data, board, node))
        table[node] = entry
    return table


@lru_cache(maxsize=64)
def _tile_values(kind: type) -> bool:
    """Whether the :meth:`~RouteRules.tile_stop_values` of hooks of class ``kind`` speaks for its
    :meth:`~RouteRules.stop_value`: defined where that is or below (a class's methods are fixed once it is made, so
    the answer is kept per class)."""
    owner = next(base for base in kind.__mro__ if "tile_stop_values" in vars(base))
    return issubclass(owner, next(base for base in kind.__mro__ if "stop_value" in vars(base)))


def score_route(data: TrackData, board: Board, corporation: str, route: Route, train: Train,
                phase_colours: Sequence[str], rules: RouteRules = BASE_RULES,
                table: StopTable | None = None) -> RouteResult:
    """Return the revenue of a route already checked by :func:`check_route`: the best assignment of its stops
    to the train's distance rows (every stop must be visited by some row; each row pays its ``pay`` best
    stops), plus the title's bonus; and the title's subsidy for the route (outside the revenue).

    ``table``: the stops' values and ids on this board (:func:`stop_table`), computed here when not given.

    Raises:
        GameError: ``route.distance`` when the train cannot visit all the stops.
    """
    stops = route.stops
    if table is None:
        table = stop_table(data, board, stops, phase_colours, rules)
    values = [table[node][0] for node in stops]
    paid = _best_payment([node[1] for node in stops], values, train.distance)
    if paid is None:
        raise GameError(msg("train {train} cannot run a route of {count} stops", train=train.name, count=len(stops)),
                        data.rule("route.distance"))
    stop_results = tuple(StopRevenue(node, table[node][1], node[1], values[i] if paid[i] else 0)
                         for i, node in enumerate(stops))
    bonus = rules.bonus(data, board, corporation, route, stop_results, phase_colours)
    return RouteResult(route.train, stop_results, bonus, sum(s.revenue for s in stop_results) + bonus,
                       rules.subsidy(data, board, corporation, route, phase_colours))


def route_earnings(data: TrackData, board: Board, corporation: str, route: Route, train: Train,
                   phase_colours: Sequence[str], rules: RouteRules, table: StopTable,
                   paid_stops: Mapping[NodeKey, StopRevenue] | None = None,
                   paid_all: bool = False) -> tuple[int, int] | None:
    """Return what a route checked by :func:`check_route` earns: ``(revenue, subsidy)`` exactly as
    :func:`score_route` computes them, or None when the train cannot visit its stops (``route.distance``).

    Cheaper than :func:`score_route` for a router scoring many routes: the stops' results are built only when the
    title has a per-route bonus (:meth:`RouteRules.bonus` overridden), which reads them; ``paid_stops`` (node →
    its :class:`StopRevenue` when paid, on this board) lets them be shared between routes. ``paid_all``: the
    caller knows that the train can visit these stops and pays every stop it visits (:func:`pays_every_stop`),
    so each is paid (a router lists a route only for the trains that can visit its stops)."""
    stops = route.stops
    values = [table[node][0] for node in stops]
    paid = None if paid_all else _best_payment([node[1] for node in stops], values, train.distance)
    if paid is None and not paid_all:
        return None
    revenue = sum(values) if paid_all else sum([value for value, p in zip(values, paid) if p])
    if type(rules).bonus is not RouteRules.bonus:
        if paid_stops is None:
            paid_stops = {node: StopRevenue(node, table[node][1], node[1], table[node][0]) for node in stops}
        if paid_all:  # every stop paid: each its shared result (a router scores thousands of such routes)
            results = tuple(map(paid_stops.__getitem__, stops))
        else:
            results = tuple(paid_stops[node] if p else StopRevenue(node, table[node][1], node[1], 0)
                            for node, p in zip(stops, paid))
        revenue += rules.bonus(data, board, corporation, route, results, phase_colours)
    if type(rules).subsidy is RouteRules.subsidy:
        return revenue, 0
    return revenue, rules.subsidy(data, board, corporation, route, phase_colours)


def hooked_earnings(rules: RouteRules) -> bool:
    """Whether the title adds to what a route's stops pay (a per-route bonus or subsidy hook): otherwise a route
    earns what :func:`stops_revenue` gives, and no :class:`Route` needs building to score it."""
    kind = type(rules)
    return kind.bonus is not RouteRules.bonus or kind.subsidy is not RouteRules.subsidy


def stops_revenue(stops: Sequence[NodeKey], train: Train, table: StopTable, paid_all: bool = False) -> int | None:
    """What ``train`` is paid for a route visiting ``stops`` in this order (rule ``route.revenue``), before any
    title bonus: :func:`route_earnings`' revenue for a title without route hooks (:func:`hooked_earnings`); None
    when the train cannot visit them. ``paid_all``: as for :func:`route_earnings`, every stop known paid."""
    values = [table[node][0] for node in stops]
    if paid_all:
        return sum(values)
    paid = _best_payment([node[1] for node in stops], values, train.distance)
    if paid is None:
        return None
    return sum([value for value, p in zip(values, paid) if p])


@lru_cache(maxsize=256)
def pays_every_stop(rows: tuple[DistanceRow, ...]) -> bool:
    """Whether every row pays as many stops as it may visit: then every stop of a route the train can run is paid
    (rule ``1830:route.revenue``), and the route earns the sum of its stops' values (plus the title's bonus)."""
    return all(row.pay >= row.visit for row in rows)


@lru_cache(maxsize=1 << 12)
def _can_visit(mix: tuple[int, int, int], rows: tuple[DistanceRow, ...]) -> bool:
    """Whether a train of ``rows`` can visit ``mix`` = (cities, towns, off-boards)."""
    stops = [(kind, 0) for kind, n in zip(("city", "town", "offboard"), mix) for _ in range(n)]
    return _payment_plan(tuple(stops), rows) is not None


def _best_payment(kinds: list[str], values: list[int], rows: tuple[DistanceRow, ...]) -> list[bool] | None:
    """Return which stops are paid in the best legal assignment of stops to rows, or None if none is legal.

    Stops are assigned best value first (ties in route order); the answer depends only on that sequence of
    (kind, value) pairs, which is what :func:`_payment_plan` remembers. A train paying every stop it visits
    (:func:`pays_every_stop`) pays them all when it can visit them."""
    if pays_every_stop(rows):
        mix = (kinds.count("city"), kinds.count("town"), kinds.count("offboard"))
        return [True] * len(kinds) if _can_visit(mix, rows) else None
    order = sorted(range(len(kinds)), key=lambda i: -values[i])
    plan = _payment_plan(tuple((kinds[i], values[i]) for i in order), rows)
    if plan is None:
        return None
    paid = [False] * len(kinds)
    for k, i in enumerate(order):
        paid[i] = plan[k]
    return paid


@lru_cache(maxsize=1 << 16)
def _payment_plan(stops: tuple[tuple[str, int], ...], rows: tuple[DistanceRow, ...]) -> tuple[bool, ...] | None:
    """Which of ``stops`` (kind, value; best value first) are paid in the best legal assignment to ``rows`` (the
    first best found, trying rows in order), or None when the train cannot visit them all."""
    visits = [r.visit for r in rows]
    pays = [r.pay for r in rows]
    best = _best_assignment(stops, rows, visits, pays, [False] * len(stops), 0, 0, None)
    return None if best is None else tuple(best[1])


def _best_assignment(stops: tuple[tuple[str, int], ...], rows: tuple[DistanceRow, ...], visits: list[int],
                     pays: list[int], paid: list[bool], k: int, total: int,
                     best: tuple[int, list[bool]] | None) -> tuple[int, list[bool]] | None:
    """The best of ``best`` and the assignments of ``stops[k:]`` to the rows' ``visits`` and ``pays`` left
    (``paid``: what the first ``k`` stops got, worth ``total``), as (total, paid); the first best found wins.
    A function of its own, not a recursive local one: a local function that calls itself is a reference cycle
    (its cell holds it) that only the cycle collector frees."""
    if k == len(stops):
        return (total, paid.copy()) if best is None or total > best[0] else best
    kind, value = stops[k]
    for r, row in enumerate(rows):
        if kind in row.kinds and visits[r] > 0:
            visits[r] -= 1
            pay = pays[r] > 0
            pays[r] -= pay
            paid[k] = pay
            best = _best_assignment(stops, rows, visits, pays, paid, k + 1, total + (value if pay else 0), best)
            pays[r] += pay
            visits[r] += 1
            paid[k] = False
    return best


def route_from_log(data: TrackData, board: Board, train: str, connections: Sequence[Sequence[str]]) -> Route:
    """Build a :class:`Route` from an 18xx.games ``run_routes`` route (``train`` id and ``connections``: one list
    of hexes per leg, each walked either way, legs in order of travel).

    Raises:
        GameError: ``route.track`` when the hexes do not follow track between stops.
    """
    options = [_chain_legs(data, board, train, chain) for chain in connections]
    for choice in product(*options):
        for first in (choice[0], choice[0].reversed()) if choice else ():
            legs = [first]
            for leg in choice[1:]:
                if leg.start == legs[-1].end:
                    legs.append(leg)
                elif leg.end == legs[-1].end:
                    legs.append(leg.reversed())
                else:
                    break
            else:
                return Route(train, tuple(legs))
    raise GameError(msg("route of {train}: its legs do not join into one run", train=train), data.rule("route.track"))


def _chain_legs(data: TrackData, board: Board, train: str, chain: Sequence[str]) -> tuple[Leg, ...]:
    """Every leg following the hexes of ``chain`` from a stop in its first hex to a stop in its last.

    A pure function of the facts, the hexes and the tiles on them, so memoised under those in ``data.cache`` (the
    last :data:`CHAIN_MEMO_SIZE` chains): a replay reads the same legs in operating round after operating round.
    """
    if not chain or any(coord not in data.hexes for coord in chain):
        raise _no_track(data, train, chain)
    key = (tuple(chain), tuple(board.tiles.get(coord) for coord in chain))
    found = remembered(data, "chain legs", key, CHAIN_MEMO_SIZE, lambda: tuple(_walk_chain(data, board, chain)))
    if not found:
        raise _no_track(data, train, chain)
    return found


def _walk_chain(data: TrackData, board: Board, chain: Sequence[str]) -> list[Leg]:
    """The legs of :func:`_chain_legs` (none where no track follows ``chain`` between two stops)."""
    tiles = [rotated_paths(data, placed_tile(data, board, coord)) for coord in chain]
    if len(chain) == 1:
        legs = [Leg((chain[0], *a), (chain[0], *b), ((chain[0], i),))
                for i, (a, b) in enumerate(tiles[0]) if a[0] != "edge" and b[0] != "edge"]
    else:
        crossing = []
        for here, there in zip(chain, chain[1:]):
            edge = next((e for e in range(6) if data.neighbour(here, e) == there), None)
            if edge is None:
                return []
            crossing.append(edge)
        steps = []
        for k, coord in enumerate(chain):
            ends = set()
            if k > 0:
                ends.add(("edge", (crossing[k - 1] + 3) % 6))
            if k < len(chain) - 1:
                ends.add(("edge", crossing[k]))
            choices = []
            for i, path in enumerate(tiles[k]):
                edge_ends = {end for end in path if end[0] == "edge"}
                nodes = [end for end in path if end[0] != "edge"]
                if edge_ends == ends and len(nodes) == 2 - len(ends):
                    choices.append((i, nodes[0] if nodes else None))
            steps.append(choices)
        legs = [Leg((chain[0], *combo[0][1]), (chain[-1], *combo[-1][1]),
                    tuple((coord, i) for coord, (i, _) in zip(chain, combo)))
                for combo in product(*steps)]
    return legs


def _no_track(data: TrackData, train: str, chain: Sequence[str]) -> GameError:
    """The refusal of a logged leg whose hexes do not follow track between two stops (built only when raised:
    a replay reads thousands of legs)."""
    return GameError(msg("route of {train}: no track runs {hexes} between two stops", train=train,
                         hexes="-".join(chain) or msg("(no hexes)")), data.rule("route.track"))


def legs_from(data: TrackData, board: Board, node: NodeKey, tiles: TilePaths | None = None) -> list[Leg]:
    """Return every leg leaving ``node`` along track to the next stop, sorted (for routers to chain legs).

    A leg follows plain track (edge-to-edge paths), branching where several paths meet a hex edge, and ends at
    the first node it reaches. Legs that run off the map or into a dead end are not returned. Whether the
    node may be passed through (``1830:route.blocked``) is the router's business. ``tiles``: a lookup of this
    board's tile paths to reuse.

    The legs read nothing of the board but the tiles of the hexes their walk looked at, so the last
    :data:`LEGS_KEPT` walks from each node are kept in ``data.cache`` with those hexes and tiles, and a walk whose
    hexes still hold the same tiles is the answer (a router asks for the legs of every stop at every run).
    """
    return list(kept_legs(data, board, node, tiles)[0])


def kept_legs(data: TrackData, board: Board, node: NodeKey, tiles: TilePaths | None = None
              ) -> tuple[tuple[Leg, ...], dict]:
    """:func:`legs_from` as kept: the legs (a tuple shared by every answer from the same kept walk) and a dict
    kept with them, where a caller keeps what it derives from these legs alone (the router's leg keys and track
    items): it lives as long as the kept walk, so it is derived once for all the boards holding the same tiles on
    the hexes the walk read."""
    kept = memo(data, "legs").get(node)
    if kept:
        laid = board.tiles.get
        for at, entry in enumerate(kept):
            if list(map(laid, entry[0])) == entry[1]:
                if at:
                    kept.insert(0, kept.pop(at))
                if tiles is not None:  # a router recording its walk's footprint must learn what these legs read
                    tiles.reused(entry[0])
                return entry[2], entry[3]
    looked: dict[str, None] = {}  # the hexes whose tiles the walk read, in order
    legs = _walk_legs(data, board, node, TilePaths(data, board) if tiles is None else tiles, looked)
    kept = memo(data, "legs").setdefault(node, [])
    derived: dict = {}
    kept.insert(0, (tuple(looked), [board.tiles.get(coord) for coord in looked], legs, derived))
    del kept[LEGS_KEPT:]
    return legs, derived


LEGS_KEPT = 4
"""How many walks from one node :func:`legs_from` keeps with the tiles they read."""


def _walk_legs(data: TrackData, board: Board, node: NodeKey, tiles: TilePaths, looked: dict[str, None]
               ) -> tuple[Leg, ...]:
    """The legs of :func:`legs_from`, sorted, adding to ``looked`` each hex whose tile the walk reads."""
    neighbours = data.neighbours
    coord = node[0]
    looked[coord] = None
    out: list[Leg] = []
    start = (node[1], node[2])
    # the paths touching an end, by tile (TilePaths.ends): in path order, as a scan of the tile's paths finds them
    todo = [(coord, i, start, ((coord, i),)) for i in tiles.ends(coord).get(start, ())]
    while todo:
        here, index, entered, walked = todo.pop()
        path = tiles[here][index]
        other = path[1] if path[0] == entered else path[0]
        if other[0] != "edge":
            out.append(Leg(node, (here, other[0], other[1]), walked))
            continue
        nxt = neighbours[here][other[1]]
        if nxt is None:
            continue
        looked[nxt] = None
        facing = _FACING[other[1]]
        for j in tiles.ends(nxt).get(facing, ()):
            if (nxt, j) not in walked:
                todo.append((nxt, j, facing, walked + ((nxt, j),)))
    return tuple(sorted(out, key=_LEG_ORDER))


_FACING = tuple(("edge", (edge + 3) % 6) for edge in range(6))
"""Per hex edge, the end of the neighbour's paths facing it (one tuple per edge, not one per step of a walk)."""
_LEG_ORDER = attrgetter("end", "paths")
"""The order of :func:`legs_from`'s legs: by end, then by paths."""
