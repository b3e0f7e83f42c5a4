"""Best routes, the public entry (rule ``route.best`` of the title): ``best_routes(game, corporation)``.

>>> import gamekit.routes  # doctest: +SKIP
>>> result = gamekit.routes.best_routes(game, "PRR")  # doctest: +SKIP
>>> result.total, result.proved_optimal  # doctest: +SKIP
(180, True)

The search lives in :mod:`gamekit.tracks.router`; legality and revenue in :mod:`gamekit.tracks.routes` (the only
implementation). A title offers route finding with a method ``route_position(corporation) → Position`` (every
18xx title on :mod:`gamekit.g18xx` has it). This module also replays 18xx.games logs to the positions
before each logged ``run_routes`` (:func:`run_positions`), for the ``gamekit routes`` command and the benchmark,
and lists a hex's stops with what each pays and how a learner reads it (:func:`hex_stops`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Iterator

from .game import Game
from .export18xx import noting_waited_steps
from .i18n import N_, Message
from .import18xx import apply_entry, filter_actions, new_game_for_log, read_log
from .tracks.board import NodeKey, node_id, placed_tile
from .tracks.router import BestRoutes, Counters, Position, find_best_routes

__all__ = ["BestRoutes", "Counters", "HexStop", "Position", "best_routes", "hex_stops", "position", "run_positions",
           "LoggedRun", "as_dict"]


def position(game: Game, corporation: str) -> Position:
    """Return the route position of ``corporation`` in ``game`` (board, trains, phase colours, title hooks).

    Raises:
        ValueError: the title has no route finder.
    """
    finder = getattr(game, "route_position", None)
    if finder is None:
        raise ValueError(f"{game.title} has no route finder")
    return finder(corporation)


def best_routes(game: Game, corporation: str, *, time_budget: float | None = None) -> BestRoutes:
    """Return the best set of routes for ``corporation``'s trains now (rule ``route.best`` of the title).

    Args:
        game: an 18xx game with a route finder (``route_position``); not changed.
        corporation: the corporation id (``"PRR"``).
        time_budget: seconds the search may take (None = until proved optimal); running out only makes
            ``proved_optimal`` False (the answer is then the best found so far).

    Returns:
        A :class:`~gamekit.tracks.router.BestRoutes`: per train the route (``routes``: stops and track legs),
        ``run.routes`` with each stop's revenue and the bonus, ``total`` in currency units, ``proved_optimal``
        and the search ``counters`` (candidate paths, combinations tried, pruned).

    Raises:
        ValueError: the title has no route finder.
    """
    return find_best_routes(position(game, corporation), time_budget=time_budget)


STOP_KINDS = ("city", "town", "offboard")
"""The kinds of stop a route counts, in the order :func:`hex_stops` lists them (a node key's kind)."""

STOP_WORDS = {"city": N_("city"), "town": N_("town"), "offboard": N_("off-board")}
"""A hex's only stop of a kind, as a learner reads it."""

NUMBERED_STOP_WORDS = {"city": N_("city {number} of {count}"), "town": N_("town {number} of {count}"),
                       "offboard": N_("off-board {number} of {count}")}
"""One of several stops of a kind on a hex (``"town 2 of 2"``): whole phrases, each translated as its language
puts the noun and the count."""


@dataclass(frozen=True)
class HexStop:
    """A stop on a hex as :func:`hex_stops` lists it.

    Attributes:
        node: the node key ``(hex, kind, index)`` that routes name their stops by (``RouteResult.stops[i].node``).
        node_id: the 18xx.games node id (``"F20-1"``), as ``run_routes`` logs and :func:`as_dict` write it.
        kind: ``"city"``, ``"town"`` or ``"offboard"``.
        index: the stop's place among the stops of its kind on the tile lying there (0 first).
        revenue: what the stop pays now, before the train's distance rules (currency units; an off-board's value
            for the phase's tile colours; rule ``route.revenue`` of the title).
        label: the stop as a learner reads it, rendering in the current language (``str`` is English):
            ``"town"`` where the hex has one stop of its kind, else which one (``"town 1 of 2"``).
    """

    node: NodeKey
    node_id: str
    kind: str
    index: int
    revenue: int
    label: Message


def hex_stops(pos: Position, coord: str) -> tuple[HexStop, ...]:
    """Return the stops of hex ``coord`` on the board of ``pos``: its cities, then its towns, then its off-boards,
    each kind in the order of the tile lying there now (the printed hex where none is laid).

    Args:
        pos: a route position (:func:`position`; ``dataclasses.replace(pos, board=...)`` for a what-if board).
        coord: the hex (``"F20"``).

    Returns:
        One :class:`HexStop` per stop (empty for a hex without one), its revenue as the title's route rules value
        it in ``pos``'s phase (rule ``route.revenue``).

    Raises:
        KeyError: no such hex on the title's map.
    """
    parts = placed_tile(pos.data, pos.board, coord).parts
    stops = []
    for kind in STOP_KINDS:
        count = parts.node_count(kind)
        for index in range(count):
            node = (coord, kind, index)
            label = (Message(NUMBERED_STOP_WORDS[kind], {"number": index + 1, "count": count}) if count > 1
                     else Message(STOP_WORDS[kind], {}))
            stops.append(HexStop(node, node_id(pos.data, pos.board, node), kind, index,
                                 pos.rules.stop_value(pos.data, pos.board, node, pos.phase_colours), label))
    return tuple(stops)


def as_dict(result: BestRoutes) -> dict[str, Any]:
    """Return a JSON-ready summary: total (revenue), subsidy (for the treasury, outside the revenue: 1837's
    mines), proved_optimal, counters, and per route the train, its stops (``[node id, revenue]``), its legs
    (hexes walked), its revenue and its subsidy."""
    legs = {r.train: [[path[0] for path in leg.paths] for leg in r.legs] for r in result.routes}
    return {"total": result.total, "subsidy": result.run.subsidy, "proved_optimal": result.proved_optimal,
            "counters": vars(result.counters),
            "routes": [{"train": r.train, "stops": [[s.node_id, s.revenue] for s in r.stops], "bonus": r.bonus,
                        "revenue": r.revenue, "subsidy": r.subsidy, "legs": _dedupe_hexes(legs[r.train])}
                       for r in result.run.routes]}


def _dedupe_hexes(legs: list[list[str]]) -> list[list[str]]:
    """Hexes of each leg without repeats (a leg may walk two paths of one hex)."""
    return [[h for k, h in enumerate(leg) if k == 0 or leg[k - 1] != h] for leg in legs]


@dataclass(frozen=True)
class LoggedRun:
    """A logged ``run_routes`` and the game just before it: log action id, corporation, logged revenue."""

    action_id: int
    corporation: str
    logged_revenue: int
    game: Game
    entry: dict


def run_positions(path_or_data: Any, *, at: int | None = None) -> Iterator[LoggedRun]:
    """Replay an 18xx.games log once, yielding the game before each logged ``run_routes`` (also those recorded
    in ``auto_actions``); with ``at``, only before the surviving action with that log id (and stop there).

    The yielded game is the live replay: fork it before changing it.

    Raises:
        DataError: a malformed log or an action our rules refuse (rule ``core:import.log``).
    """
    data = read_log(path_or_data)
    game = new_game_for_log(data)
    with noting_waited_steps(game):  # a refusal raises: nothing is applied after it
        for raw in filter_actions(data["actions"]):
            log_id = raw.get("id")
            for entry in [raw] + list(raw.get("auto_actions") or []):
                if entry.get("type") == "run_routes" and (at is None or log_id == at):
                    yield LoggedRun(int(log_id), str(entry["entity"]),
                                    sum(int(r.get("revenue", 0)) for r in entry.get("routes", [])), game, entry)
                    if at is not None:
                        return
                apply_entry(game, entry, f"action {log_id}")


def timed_best(game: Game, corporation: str, time_budget: float | None = None) -> tuple[BestRoutes, float]:
    """Return :func:`best_routes` and the seconds it took (wall clock)."""
    start = time.perf_counter()
    result = best_routes(game, corporation, time_budget=time_budget)
    return result, time.perf_counter() - start
