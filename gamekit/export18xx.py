"""Export an 18xx game as an 18xx.games log: the inverse of :func:`gamekit.import18xx.import_log`.

The log holds what the site stores for a game (rule ``core:import.log``): its title, the players in seat order
with their ids and names, the settings (``seed``, ``optional_rules``) and every action with an increasing ``id``,
its ``entity`` and ``entity_type`` and its fields under the site's names (our action types already carry them,
:mod:`gamekit.tracks.actions`). Fields that hold nothing (``None``) are left out, as the site leaves them out;
fields the site needs and our rules do not keep (1837's par-chart place, 1894's reissue price) are added by the
title's :meth:`~gamekit.g18xx.game.Game18xx.log_fields` hook. A game that is over also records its ``result``
and ``game_end_reason``.

Only the 18xx titles have such a format; any other game is refused (:func:`to_18xx_log`).
"""

from __future__ import annotations

import json
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
    for number, action in enumerate(game.actions, start=1):
        entries.append(log_entry(game, action, number, entries))
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
