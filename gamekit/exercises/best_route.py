"""Best routes (18xx): the most a corporation's trains can earn now, found by the exact router.

Rules: ``route.best`` and the route rules it applies (``route.distance``, ``route.revenue``, ``route.reuse``);
the answer is asked only when the router proved it optimal.
"""

from __future__ import annotations

import random

from .. import routes
from ..actions import Action
from ..events import Event
from ..game import Game
from ..i18n import N_, join, msg, round_name
from .kind import Kind, question, title_rule, train_words
from .question import Question

TIME_BUDGET = 10.0
"""Seconds the router may search; a question whose best routes are not proved in time is not asked."""


class BestRoute(Kind):
    """The best revenue of the operating corporation's trains at its route step (number)."""

    name = "best_route"
    family = "18xx"
    summary = N_("the best revenue a corporation's trains can earn (with the exact router)")

    def priority(self, action: Action, events: list[Event]) -> int:
        """2 before a run of routes that earned something, 1 before one that earned nothing."""
        if action.type != "run_routes":
            return 0
        return 2 if any(e.kind == "revenue" and e.data.get("revenue") for e in events) else 1

    def make(self, position: Game, played: Action | None, rng: random.Random) -> Question | None:
        """The question about the corporation whose routes are to run, ``None`` elsewhere, without trains or
        when the best routes are not proved in :data:`TIME_BUDGET`."""
        if "run_routes" not in position.active_step.action_types:
            return None
        corporation = position.current_entity
        trains = position.trains(corporation)
        if not trains:
            return None
        best = routes.best_routes(position, corporation, time_budget=TIME_BUDGET)
        if not best.proved_optimal:
            return None
        values = dict(round=round_name(position.active_round()), corporation=corporation, trains=train_words(trains))
        prompt = (msg("{round}: {corporation} runs its trains ({trains}). What is the most they can earn together "
                      "this turn?", **values) if len(trains) > 1 else
                  msg("{round}: {corporation} runs its only train, {trains}. What is the most it can earn this turn?",
                      **values))
        places = place_names(position, corporation)
        # a message, not a joined text: Chinese writes the colon after the train full-width ("："）
        lines = [msg("- {train}: {stops} = {revenue}", train=train_words([r["train"]]), stops=join(" + ", [
                     join(" ", (stop_name(stop, places), position.money(value))) for stop, value in r["stops"]]
                     + _bonus_terms(position, r)), revenue=position.money(r["revenue"]))
                 for r in routes.as_dict(best)["routes"]]
        explanation = msg("The best routes earn {total} (proved optimal by the router):\n{lines}",
                          total=position.money(best.total),
                          lines=join("\n", lines) if lines else msg("- no train can run a route"))
        return question(self, position, prompt, "number", best.total, explanation,
                        [title_rule(position, s) for s in ("route.best", "route.distance", "route.revenue",
                                                           "route.reuse")])


def _bonus_terms(position: Game, route: dict) -> list[str]:
    """The bonus a route earns beyond its stops' values (1894's Luxembourg and London shipping, 1837's none), as
    one more term of the sum, so the terms add up to the route's revenue; no term without a bonus."""
    bonus = route["revenue"] - sum(value for _, value in route["stops"])
    return [msg("bonus {amount}", amount=position.money(bonus))] if bonus else []


def place_names(position: Game, corporation: str) -> dict[str, str]:
    """Hex → the name printed on it (a city's or an off-board area's), from the corporation's route position."""
    hexes = routes.position(position, corporation).data.hexes
    return {coord: getattr(printed, "name", "") or "" for coord, printed in hexes.items()}


def stop_name(node_id: str, places: dict[str, str]) -> str:
    """A stop as a learner reads it: its hex and the place's name (``"G19 New York"``), never the router's node id
    (``"G19-1"``: the hex and the index of its city)."""
    coord = node_id.split("-", 1)[0]
    return f"{coord} {places[coord]}" if places.get(coord) else coord
