"""Running trains in 1830: logged or proposed routes are checked and scored by :mod:`gamekit.tracks.routes`
(the one implementation of route legality and revenue), here turned into events (rule ``1830:route.run``)."""

from __future__ import annotations

import pickle
from typing import TYPE_CHECKING

from ...actions import Action
from ...errors import GameError
from ...events import Event
from ...tracks import routes
from ...tracks.actions import Route, RunRoutes
from ...tracks.router import Position, find_best_routes
from ...tracks.trains import phase, train_facts

if TYPE_CHECKING:
    from . import Game1830


def trains_of(game: "Game1830", corp: str) -> dict[str, routes.Train]:
    """The corporation's trains as the route checker sees them (distance in stops; D unlimited)."""
    return {t: routes.Train.counting_all(t, train_facts(game.facts, t).distance)
            for t in game.state.corporations[corp].trains}


def check_run(game: "Game1830", action: RunRoutes) -> tuple[int, list[Event]]:
    """Check a ``run_routes`` action: every route legal and its claimed revenue exactly ours.

    Returns:
        ``(total revenue in dollars, events)``, one event per route with its stops.

    Raises:
        GameError: a ``1830:route.*`` rule.
    """
    state = game.state
    corp = action.entity
    built = [routes.route_from_log(game.track, state.board, r.train, r.connections) for r in action.routes]
    result = routes.run_routes(game.track, state.board, corp, built, trains_of(game, corp),
                               phase(game.facts, state.depot).tiles, claimed=[r.revenue for r in action.routes])
    for claimed, scored in zip(action.routes, result.routes):
        _check_claimed_stops(claimed, scored)
    events = []
    for r in result.routes:
        stops = " + ".join(f"{s.node_id} {s.revenue}" for s in r.stops)
        events.append(Event("1830:route.run", f"{corp} runs {r.train}: {stops} = {game.facts.money(r.revenue)}",
                            "route", {"corporation": corp, "train": r.train, "revenue": r.revenue,
                                      "stops": [(s.node_id, s.revenue) for s in r.stops]}))
    events.append(Event("1830:route.run", f"{corp}'s trains earn {game.facts.money(result.total)}", "revenue",
                        {"corporation": corp, "revenue": result.total}))
    return result.total, events


def _check_claimed_stops(claimed: Route, scored: routes.RouteResult) -> None:
    """A route's ``hexes`` and ``nodes`` (as 18xx.games logs them, in either order) must be the stops its
    connections pass — no more, no fewer; empty means not given (rule ``1830:route.stops``)."""
    stops = [s.node_id for s in scored.stops]
    if claimed.nodes and sorted(claimed.nodes) != sorted(stops):
        raise GameError(f"route of {claimed.train}: its connections stop at {', '.join(stops)}, not at "
                        f"{', '.join(claimed.nodes)}", "1830:route.stops")
    hexes = [s.node[0] for s in scored.stops]
    if claimed.hexes and sorted(claimed.hexes) != sorted(hexes):
        raise GameError(f"route of {claimed.train}: its connections stop in {', '.join(hexes)}, not in "
                        f"{', '.join(claimed.hexes)}", "1830:route.stops")


def route_position(game: "Game1830", corp: str) -> Position:
    """The route finder's view of ``corp`` now: board, trains, the phase's tile colours, 1830 route rules."""
    return Position(game.track, game.state.board, corp, trains_of(game, corp),
                    tuple(phase(game.facts, game.state.depot).tiles))


def route_choices(game: "Game1830", corp: str) -> list[Action]:
    """Route sets offered to a player or bot: the best set found by the router (rule ``1830:route.best``; when
    some train can run), then running no train (always legal, earns nothing)."""
    best = _best_run(game, corp)
    return ([best] if best.routes else []) + [RunRoutes(entity=corp, routes=())]


_BEST_CACHE: dict[bytes, RunRoutes] = {}
_BEST_CACHE_SIZE = 64


def _best_run(game: "Game1830", corp: str) -> RunRoutes:
    """The router's best set as a ``run_routes`` action, remembered per position (the step and the legal actions
    both ask for it; the router's answer depends only on the position, so the memo cannot change it)."""
    pos = route_position(game, corp)
    key = pickle.dumps((corp, pos.board, sorted(pos.trains), pos.phase_colours), pickle.HIGHEST_PROTOCOL)
    if key not in _BEST_CACHE:
        result = find_best_routes(pos)
        logged = []
        for route, scored in zip(result.routes, result.run.routes):
            logged.append(Route(train=route.train,
                                connections=tuple(tuple(coord for coord, _ in leg.paths) for leg in route.legs),
                                hexes=tuple(s.node[0] for s in scored.stops),
                                nodes=tuple(s.node_id for s in scored.stops), revenue=scored.revenue))
        if len(_BEST_CACHE) >= _BEST_CACHE_SIZE:
            del _BEST_CACHE[next(iter(_BEST_CACHE))]
        _BEST_CACHE[key] = RunRoutes(entity=corp, routes=tuple(logged))
    return _BEST_CACHE[key]
