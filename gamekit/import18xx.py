"""Import and replay games exported by 18xx.games, checking every action with our own rules.

The log's undo/redo entries are resolved first exactly as that site does (:func:`filter_actions`); chat
``message`` and ``program_*`` entries change nothing, but the actions recorded in any entry's ``auto_actions``
are applied in order right after it (rule ``core:import.log``). Every amount in the log is checked against our
rules: a difference is a refusal, reported with the log's ``action <id>``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .actions import Action, action_types
from .errors import DataError, GameError
from .game import Game, Player
from .titles import game_class

IGNORED_TYPES = {"message", "program_buy_shares", "program_share_pass", "program_disable", "program_auction_bid",
                 "program_harzbahn_draft_pass", "program_independent_mines", "program_merger_pass",
                 "program_close_pass", "program_sell_shares"}
_LOG_ONLY_FIELDS = {"type", "entity", "entity_type", "id", "created_at", "user", "auto_actions", "skip"}


def filter_actions(actions: list[dict]) -> list[dict]:
    """Return the actions in effect after resolving ``undo``/``redo``, in order (18xx.games' algorithm).

    A plain ``undo`` cancels the latest action still in effect; ``undo`` with ``action_id: K`` cancels every
    action after the one with id K (0: all); ``redo`` restores the last undo's group; any other action clears the
    redo stack; chat messages are never undone.

    Raises:
        DataError: an ``undo`` to an unknown action id, or a ``redo`` with nothing to redo.
    """
    kept: list[dict | None] = [None] * len(actions)
    stack: list[list[tuple[int, dict]]] = []
    for i, action in enumerate(actions):
        kind = action.get("type")
        if kind == "undo":
            target = action.get("action_id")
            if target is not None:
                if target == 0:
                    start = 0
                else:
                    pos = next((j for j, a in enumerate(actions) if a.get("id") == target), None)
                    if pos is None:
                        raise DataError(f"action {action.get('id')}: undo to unknown action id {target}")
                    start = pos + 1
            else:
                live = [j for j in range(i) if kept[j] is not None and kept[j].get("type") != "message"]
                start = live[-1] if live else 0
            group = [(j, kept[j]) for j in range(start, i) if kept[j] is not None and kept[j].get("type") != "message"]
            for j, _ in group:
                kept[j] = None
            stack.append(group)
        elif kind == "redo":
            if not stack:
                raise DataError(f"action {action.get('id')}: redo with nothing undone")
            for j, restored in stack.pop():
                kept[j] = restored
        else:
            if kind != "message":
                stack.clear()
            kept[i] = action
    return [a for a in kept if a is not None]


def to_action(raw: dict, where: str) -> Action | None:
    """Translate one log entry into our action (``None`` for entries that change nothing).

    Raises:
        DataError: unknown type or fields of the wrong shape, naming ``where``.
    """
    kind = raw.get("type")
    if kind in IGNORED_TYPES:
        return None
    cls = action_types().get(kind)
    if cls is None:
        raise DataError(f"{where}: action type {kind!r} is not supported")
    if "entity" not in raw:
        raise DataError(f"{where}: no entity")
    fields = {k: v for k, v in raw.items() if k in cls.model_fields and k not in _LOG_ONLY_FIELDS}
    fields = cls.from_log(fields) if hasattr(cls, "from_log") else fields
    try:
        return cls.model_validate({"entity": str(raw["entity"]), **fields})
    except ValidationError as exc:
        first = exc.errors()[0]
        raise DataError(f"{where}: field {'.'.join(map(str, first['loc']))!r}: {first['msg']}") from None


@dataclass
class ImportReport:
    """The outcome of replaying a log.

    Attributes:
        game: our game after the last applied action.
        log: the parsed log.
        applied: number of actions (including auto actions) our engine applied.
        error: the one-line refusal (``"action <id>: <rule>: <reason>"``), or ``None`` when the whole log replayed.
    """

    game: Game
    log: dict
    applied: int = 0
    error: str | None = None
    positions: list[tuple[int, int]] = field(default_factory=list)

    @property
    def expected_result(self) -> dict[str, int] | None:
        """The log's recorded final values, player id → value, or ``None``."""
        result = self.log.get("result")
        return {str(k): int(v) for k, v in result.items()} if result else None

    @property
    def result(self) -> dict[str, int] | None:
        """Our final values, player id → value, once our game is over."""
        out = self.game.outcome
        return dict(out.ranking) if out else None

    @property
    def ok(self) -> bool:
        """True when every action replayed and, where the log records a result, ours equals it."""
        if self.error:
            return False
        expected = self.expected_result
        return expected is None or (self.result == expected and
                                    self.game.outcome.reason == self.log.get("game_end_reason"))

    def mismatch(self) -> str:
        """Why a completed replay does not match the log: a different result, end reason, or no end yet."""
        if self.result is None:
            return "the log records a result, but our game is not over after its last action"
        if self.result != self.expected_result:
            return f"our result {self.result} differs from the log's {self.expected_result}"
        return (f"our game ends by {self.game.outcome.reason!r}, the log by "
                f"{self.log.get('game_end_reason')!r}")

    def summary(self) -> dict[str, Any]:
        """The JSON summary printed by ``gamekit replay --json``."""
        out = self.game.outcome
        return {"title": self.game.title, "actions_applied": self.applied, "result": self.result,
                "expected_result": self.expected_result, "match": self.ok,
                "game_end_reason": out.reason if out else None,
                "expected_game_end_reason": self.log.get("game_end_reason"), "error": self.error}

    def describe(self) -> str:
        """A short text report for the terminal."""
        lines = [f"{self.game.title}: {self.applied} actions applied"]
        if self.result is not None:
            lines.append(f"result {self.result}; log {self.expected_result}; match: {self.ok}")
        return "\n".join(lines)


def read_log(path_or_data: Any) -> dict:
    """Parse a log from a path, JSON text or an already parsed dict.

    Raises:
        DataError: unreadable file, invalid JSON (with its line and column) or no ``actions`` list.
    """
    if isinstance(path_or_data, dict):
        data = path_or_data
    else:
        text = path_or_data
        where = "log"
        if isinstance(path_or_data, Path) or (isinstance(path_or_data, str) and not path_or_data.lstrip().startswith("{")):
            where = str(path_or_data)
            try:
                text = Path(path_or_data).read_text(encoding="utf-8")
            except OSError as exc:
                raise DataError(f"{where}: cannot read: {exc.strerror}") from None
            except UnicodeDecodeError:
                raise DataError(f"{where}: not UTF-8 text") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise DataError(f"{where}: not valid JSON (line {exc.lineno} column {exc.colno}: {exc.msg})") from None
        except UnicodeDecodeError:
            raise DataError(f"{where}: not UTF-8 text") from None
    if not isinstance(data, dict) or not isinstance(data.get("actions"), list):
        raise DataError("log: no 'actions' list: not an 18xx.games game export")
    for key in ("title", "players"):
        if key not in data:
            raise DataError(f"log: missing {key!r}")
    for i, action in enumerate(data["actions"]):
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise DataError(f"log: actions[{i}] is not an action object with a 'type'")
    return data


def new_game_for_log(data: dict) -> Game:
    """Create our game for a log's title, players (ids as strings, in seat order), seed and optional rules.

    Raises:
        DataError: unknown title, bad players or an option we do not know.
    """
    try:
        players = [Player(str(p["id"]), str(p.get("name", p["id"]))) for p in data["players"]]
        settings = data.get("settings") or {}
        seed = settings.get("seed") or 0
        return game_class(str(data["title"]))(players, seed=int(seed), options=settings.get("optional_rules") or ())
    except (KeyError, TypeError) as exc:
        raise DataError(f"log: malformed players or settings ({exc})") from None
    except (ValueError, GameError) as exc:
        raise DataError(f"log: {exc}") from None


def import_log(path_or_data: Any, *, stop_at: int | None = None, strict: bool = False) -> ImportReport:
    """Replay an 18xx.games log with our rules.

    Args:
        path_or_data: a path, JSON text, or the parsed log.
        stop_at: stop before the surviving action with this log id (for positions inside a game).
        strict: raise :class:`DataError` on the first refusal instead of recording it in the report.

    Returns:
        An :class:`ImportReport`; ``report.positions`` lists ``(log id, number of our actions applied)`` after each
        surviving log action.

    Raises:
        DataError: a malformed log (always), or a refused action when ``strict``.
    """
    data = read_log(path_or_data)
    game = new_game_for_log(data)
    report = ImportReport(game=game, log=data)
    for raw in filter_actions(data["actions"]):
        log_id = raw.get("id")
        if stop_at is not None and log_id == stop_at:
            break
        for entry in [raw] + list(raw.get("auto_actions") or []):
            try:
                if apply_entry(game, entry, f"action {log_id}"):
                    report.applied += 1
            except DataError as exc:
                if strict:
                    raise
                report.error = str(exc)
                return report
        report.positions.append((log_id, len(game.actions)))
    return report


def apply_entry(game: Game, entry: dict, where: str) -> bool:
    """Apply one log entry (an action or one of its ``auto_actions``) to ``game``.

    Returns:
        True if it was an action our engine applied, False for entries that change nothing (chat, programs).

    Raises:
        DataError: ``"<where>: <rule>: <reason>"`` when our rules refuse it, or a malformed entry.
    """
    action = to_action(entry, where)
    if action is None:
        return False
    try:
        game.process(action)
    except GameError as exc:
        raise DataError(f"{where}: {exc.rule}: {exc.message}") from None
    except NotImplementedError as exc:
        raise DataError(f"{where}: not supported yet: {exc}") from None
    return True
