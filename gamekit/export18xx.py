"""Export an 18xx game as an 18xx.games log: the inverse of :func:`gamekit.import18xx.import_log`.

The log holds what the site stores for a game (rule ``core:import.log``): its title, the players in seat order
with their ids and names, the settings (``seed``, ``optional_rules``) and every action with an increasing ``id``,
its ``entity`` and ``entity_type`` and its fields under the site's names (our action types already carry them,
:mod:`gamekit.tracks.actions`). Fields that hold nothing (``None``) are left out, as the site leaves them out;
fields the site needs and our rules do not keep (1837's par-chart place, 1894's reissue price) are added by the
title's :meth:`~gamekit.g18xx.game.Game18xx.log_fields` hook. A game that is over also records its ``result``
and ``game_end_reason``.

One step 18xx.games opens where ours offers no choice is written as the move the site waits for there: a
corporation with a train whose track joins one of its stations to another stop, but whose trains have no legal
route (1894: every route passes London and it holds no ferry marker, rule ``1894:route.london``). Our run step
is skipped and the corporation earns nothing; the site's run step asks whether its track allows a run, not
whether a run is legal, and waits for a ``run_routes`` with no routes (:func:`waited_runs`). The log has that
entry right after the action that brought the step, and entries are numbered from 1 in order. The importer
takes such an entry back as nothing (:func:`is_waited_run`).

Only the 18xx titles have such a format; any other game is refused (:func:`to_18xx_log`).
"""

from __future__ import annotations

import json
import weakref
from dataclasses import replace
from typing import Any

from .i18n import Message, msg
from .model import json_default

EXPORT_DESCRIPTION = "exported by gamekit"


def export_refusal(game: Any) -> Message | None:
    """Why ``game`` has no 18xx.games log, in one line, or ``None`` when it has one (an 18xx title: it
    answers :meth:`~gamekit.g18xx.game.Game18xx.log_fields`)."""
    if hasattr(game, "log_fields"):
        return None
    return msg("{title} is not an 18xx title: 18xx.games has no log format for it (only 1830, 1837 and 1894 games "
               "export)", title=game.title)


def to_18xx_log(game: Any) -> dict[str, Any]:
    """The 18xx.games log of ``game`` as a JSON-ready dict (see the module text for its shape).

    ``import_log(to_18xx_log(g))`` replays to a game whose ``to_json()`` equals ``g``'s.

    Raises:
        NotImplementedError: ``game`` is not an 18xx game (a cube-rail title); the one-line message says so.
    """
    refusal = export_refusal(game)
    if refusal:
        raise NotImplementedError(refusal)
    players = [p.id for p in game.players]
    entries: list[dict[str, Any]] = []
    waited = waited_runs(game)
    for index, action in enumerate(game.actions):
        entries.append(log_entry(game, action, len(entries) + 1, entries))
        entries += [empty_run_entry(game, corp, len(entries) + 1) for at, corp in waited if at == index]
    log: dict[str, Any] = {
        "id": game.seed,
        "description": EXPORT_DESCRIPTION,
        "title": game.title,
        "players": [{"id": p.id, "name": p.name} for p in game.players],
        "min_players": len(players),
        "max_players": len(players),
        "settings": {"seed": game.seed, "optional_rules": list(game.options)},
        "status": "finished" if game.is_over else "active",
        "actions": entries,
    }
    outcome = game.outcome
    if outcome is not None:
        log["result"] = dict(outcome.ranking)
        log["game_end_reason"] = outcome.reason
    return log


def log_entry(game: Any, action: Any, number: int, earlier: list[dict[str, Any]]) -> dict[str, Any]:
    """One action as the site logs it: ``type``, ``entity``, ``entity_type`` (``player``, or what the title's
    ``entity_kind`` says: ``corporation`` — 1837's minors and coal companies included — or ``company``), ``id``
    ``number``, the action's fields without those holding ``None``, and the title's extra fields for it given the
    ``earlier`` entries (:meth:`~gamekit.g18xx.game.Game18xx.log_fields`)."""
    data = json.loads(json.dumps(action, default=json_default))
    entity = data["entity"]
    kind = "player" if any(p.id == entity for p in game.players) else (game.entity_kind(entity) or "corporation")
    entry = {"type": data.pop("type"), "entity": entity, "entity_type": kind, "id": number}
    del data["entity"]
    entry.update((key, value) for key, value in data.items() if value is not None)
    entry.update(game.log_fields(action, earlier))
    return entry


def write_log(game: Any) -> str:
    """The 18xx.games log of ``game`` as JSON text (indented, one field per line; see :func:`to_18xx_log`)."""
    return json.dumps(to_18xx_log(game), indent=1) + "\n"


# ----- the run step the site opens where ours has no choice -----------------------------------------------------
def waited_runs(game: Any, start: int = 0, stop: int | None = None) -> list[tuple[int, str]]:
    """``(action index, corporation)`` for each run step 18xx.games waits at and ours skipped while applying the
    game's actions ``start`` to ``stop`` (indexes from 0; all by default), in the order met: the corporation held
    a train, its track joined one of its stations to another stop (:meth:`~gamekit.g18xx.game.Game18xx.has_route`,
    the site's own test for opening the step), yet no route was legal (the shared run step's test,
    :func:`~gamekit.g18xx.revenue.can_run`). A title whose run step is its own (1837's) opens it on the track test
    already, where the site does, and never skips one the site waits at.

    Found by applying those actions again on a fork whose run step notes each skip (the skip happens inside the
    action that ends the step before it, after that action's own changes, so only the engine itself sees the
    position it is taken in)."""
    from .g18xx.operating import STEPS  # the 18xx engine: imported only for 18xx games

    shared = STEPS["route"]
    if not hasattr(game, "title_steps") or game.title_steps.get("route", shared) is not shared:
        return []
    stop = len(game.actions) if stop is None else stop
    found: list[tuple[int, str]] = []

    def noting(fork: Any, corp: str) -> Any:
        skipped = shared.skip(fork, corp)
        if skipped is not None and fork.state.corporations[corp].trains and fork.has_route(corp) \
                and (len(fork.actions), corp) not in found:
            found.append((len(fork.actions), corp))
        return skipped

    fork = game.at(start)
    fork.title_steps = {**game.title_steps, "route": replace(shared, skip=noting)}  # this fork's alone
    with fork.batch():
        for action in game.actions[start:stop]:
            fork.process(action)
    return found


def empty_run_entry(game: Any, corp: str, number: int) -> dict[str, Any]:
    """The log entry of ``corp``'s run of no train, number ``number``: the move 18xx.games waits for at a run step
    ours skipped (:func:`waited_runs`)."""
    from .tracks.actions import RunRoutes  # the 18xx actions: imported only for 18xx games

    return log_entry(game, RunRoutes(entity=corp, routes=()), number, [])


_TAKEN: "weakref.WeakKeyDictionary[Any, set[tuple[int, str]]]" = weakref.WeakKeyDictionary()
"""Per game being imported: the waited runs whose log entry was already read (a second one is not waited for)."""


def is_waited_run(game: Any, entry: dict[str, Any]) -> bool:
    """True when ``entry`` is the run of no train that 18xx.games waits for at a run step ours skipped in the
    game's last action (:func:`waited_runs`), read for the first time; the entry then changes nothing in ours
    (the corporation earned nothing already). Any other ``run_routes`` is the rules' to judge."""
    if entry.get("type") != "run_routes" or entry.get("routes") or not game.actions:
        return False
    last = len(game.actions) - 1
    key = (last, str(entry.get("entity")))
    taken = _TAKEN.setdefault(game, set())
    if key in taken or key not in waited_runs(game, last, last + 1):
        return False
    taken.add(key)
    return True
