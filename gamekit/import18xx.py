"""Import and replay games exported by 18xx.games, checking every action with our own rules.

The log's undo/redo entries are resolved first exactly as that site does (:func:`filter_actions`); chat
``message`` and ``program_*`` entries change nothing, but the actions recorded in any entry's ``auto_actions``
are applied in order right after it (rule ``core:import.log``). Every amount in the log is checked against our
rules: a difference is a refusal, reported with the log's ``action <id>``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .actions import Action, action_types, build_action
from .errors import DataError, GameError, cut, message_of, shown
from .export18xx import is_waited_entry, noting_waited_steps
from .game import SAVE_FORMAT, Game, Player
from .i18n import END_REASONS, N_, Message, Term, localize, msg, nmsg
from .loading import check_log_shape, parse_object, require_type
from .titles import game_class

IGNORED_FIELDS: dict[str, dict[str, str]] = {
    "message": {"message": "text"},
    "program_buy_shares": {"corporation": "corporation", "until_condition": "until", "from_market": "bool",
                           "auto_pass_after": "bool"},
    "program_share_pass": {"unconditional": "bool", "indefinite": "bool"},
    "program_disable": {"reason": "text", "original_type": "text/null"},
    "program_auction_bid": {"bid_target": "item", "enable_maximum_bid": "bool", "maximum_bid": "whole",
                            "enable_buy_price": "bool", "buy_price": "whole", "auto_pass_after": "bool"},
    "program_harzbahn_draft_pass": {"until_premium": "whole/null", "unconditional": "bool"},
    "program_independent_mines": {"skip_track": "bool", "skip_buy": "bool", "skip_close": "bool",
                                  "indefinite": "bool"},
    "program_merger_pass": {"corporations_by_round": "object/null", "options": "list/null"},
    "program_close_pass": {"unconditional": "bool"},
    "program_sell_shares": {},  # no longer written by the site: no field of its own is known to us
}
"""The log entries that change nothing (chat, the site's auto-programs), each with the fields it may have
besides the common ones (``type``, ``entity``, ``id``, …) and the kind of value each holds
(:func:`check_unapplied`): the site's settings of the program, which our rules do not read but which must be
these, so that a misspelt or invented field is not passed over. Each names its ``entity``, the player of the log
who wrote or set it, and a chat entry's ``message`` is text."""
IGNORED_TYPES = set(IGNORED_FIELDS)
HISTORY_FIELDS: dict[str, frozenset[str]] = {"undo": frozenset({"action_id"}), "redo": frozenset()}
"""The site's undo and redo entries (resolved by :func:`filter_actions`), each with the fields it may have besides
the common ones: an undo may name the action it goes back to; anything else is refused, as for every entry."""
LOG_PLAYER_FIELDS = frozenset({"id", "name"})
"""The fields of a log's player entry, all of them and no others: the id (the player's id in every action) and
the name, both kept as the game's :class:`~gamekit.game.Player` and written back by the export. Every real log read
so far carries exactly these (the games shipped in ``data/*/games`` and the reference's fixtures, as the site's
export writes them), so any other field is one we would drop unread and is refused."""
# Bookkeeping of the site that says nothing about the move (who clicked when); every other field is ours to check.
_LOG_ONLY_FIELDS = {"type", "entity", "entity_type", "id", "created_at", "user", "auto_actions", "skip"}
_ENTITY_TYPES = ("player", "corporation", "company", "minor")
_SETTING_WORDS = {"bool": N_("true or false"), "text": N_("a string"), "text/null": N_("a string or null"),
                  "whole": N_("a whole number"), "whole/null": N_("a whole number or null"),
                  "object/null": N_("an object (a mapping) or null"), "list/null": N_("a list or null"),
                  "corporation": N_("a corporation of this game"),
                  "item": N_("a corporation or company of this game"),
                  "until": N_("'float' or a number of shares")}
"""What a program's setting of each kind of :data:`IGNORED_FIELDS` holds, as a refusal says it (msgids)."""


def filter_actions(actions: list[dict]) -> list[dict]:
    """Return the actions in effect after resolving ``undo``/``redo``, in order (18xx.games' algorithm).

    A plain ``undo`` cancels the latest action still in effect; ``undo`` with ``action_id: K`` cancels every
    action after the one with id K (0: all); ``redo`` restores the last undo's group; any other action clears the
    redo stack; chat messages are never undone.

    Raises:
        DataError: an ``undo`` to an unknown action id or to one that is not earlier (which would undo nothing), a
            plain ``undo`` with no action in effect to undo, or a ``redo`` with nothing to redo.
    """
    kept: list[dict | None] = [None] * len(actions)
    stack: list[list[tuple[int, dict]]] = []
    first_of: dict[Any, int] = {}  # log id -> position of the first entry with it
    for j, a in enumerate(actions):
        first_of.setdefault(a.get("id"), j)
    for i, action in enumerate(actions):
        kind = action.get("type")
        if kind == "undo":
            target = action.get("action_id")
            if target is not None:
                if target == 0:
                    start = 0
                else:
                    pos = first_of.get(target)
                    if pos is None:
                        raise DataError(msg("action {id}: undo to unknown action id {target}", id=action.get("id"),
                                            target=target))
                    if pos >= i:  # the site's undo would cancel nothing: a hand-edited id, not a game's
                        raise DataError(msg("actions[{index}] (action {id}): field 'action_id': {target} is not the "
                                            "id of an earlier action; an undo goes back to one", index=i,
                                            id=action.get("id"), target=target))
                    start = pos + 1
            else:
                start = next((j for j in range(i - 1, -1, -1)
                              if kept[j] is not None and kept[j].get("type") != "message"), 0)
            group = [(j, kept[j]) for j in range(start, i) if kept[j] is not None and kept[j].get("type") != "message"]
            if not group and target is None:  # the site offers no undo then: a hand-edited entry, not a game's
                raise DataError(msg("action {id}: undo with nothing to undo", id=action.get("id")))
            for j, _ in group:
                kept[j] = None
            stack.append(group)
        elif kind == "redo":
            if not stack:
                raise DataError(msg("action {id}: redo with nothing undone", id=action.get("id")))
            for j, restored in stack.pop():
                kept[j] = restored
        else:
            if kind != "message":
                stack.clear()
            kept[i] = action
    return [a for a in kept if a is not None]


def to_action(raw: dict, where: str) -> Action | None:
    """Translate one log entry into our action (``None`` for entries that change nothing).

    Every field is used or checked: our action's fields go to the rules; fields the site logs for display or for
    rules of other titles must hold the value that means "nothing" in ours (``log_defaults``, e.g. a
    ``run_routes`` ``subsidy`` of 0); any other field is refused as unknown, as is an ``entity_type`` that is not
    the kind of the entity.

    Raises:
        DataError: unknown type or field, a field of the wrong shape, naming ``where``.
    """
    kind = raw.get("type")
    if kind in IGNORED_TYPES:
        return None
    cls = action_types().get(kind)
    if cls is None:
        raise DataError(msg("{where}: action type {type} is not supported", where=where, type=shown(kind)))
    if "entity" not in raw:
        raise DataError(msg("{where}: no entity", where=where))
    entity = require_type(raw["entity"], (str, int), _field(where, "entity"))
    if "entity_type" in raw and raw["entity_type"] not in _ENTITY_TYPES:
        raise DataError(msg("{where}: field 'entity_type': {value} is not one of {kinds}", where=where,
                            value=shown(raw["entity_type"]), kinds=", ".join(_ENTITY_TYPES)))
    defaults = getattr(cls, "log_defaults", {})
    names = cls.field_names()
    fields = {}
    for key, value in raw.items():
        if key in _LOG_ONLY_FIELDS:
            continue
        if key in names:
            fields[key] = value
        elif key not in defaults:
            raise DataError(msg("{where}: field {field} is not part of a {type} action in our rules", where=where,
                                field=shown(key), type=kind))
        elif value != defaults[key] or type(value) is not type(defaults[key]):
            raise DataError(msg("{where}: field {field}: {value} is not supported by our rules (only {only})",
                                where=where, field=repr(key), value=shown(value), only=repr(defaults[key])))
    fields = cls.from_log(fields, where) if hasattr(cls, "from_log") else fields
    return build_action(cls, {"entity": str(entity), **fields}, where)


def check_unapplied(game: Game, raw: dict, where: str) -> None:
    """A log entry that changes nothing (a chat message or a program, :data:`IGNORED_FIELDS`) is read as an
    applied one is: its ``entity`` is a player of the log, its ``entity_type`` (if any) says so, and each setting
    holds its kind of value (a corporation setting a corporation of ``game``; rule ``core:import.log``).

    Raises:
        DataError: naming ``where`` and the field.
    """
    if str(raw["entity"]) not in {p.id for p in game.players}:
        raise DataError(msg("{where}: field 'entity': {entity} is not a player of this log (its players: {ids})",
                            where=where, entity=cut(str(raw["entity"])), ids=", ".join(p.id for p in game.players)))
    check_entity_type(game, raw, where)
    kinds = getattr(game, "entity_kind", lambda e: None)
    for key, kind in IGNORED_FIELDS[raw["type"]].items():
        if key in raw and not _setting_holds(kind, raw[key], kinds):
            raise DataError(msg("{where}: field {field}: {value} is not {what}", where=where, field=repr(key),
                                value=shown(raw[key]), what=msg(_SETTING_WORDS[kind])))


def _setting_holds(kind: str, value: Any, entity_kind: Any) -> bool:
    """Whether a program's setting of ``kind`` (:data:`IGNORED_FIELDS`) may hold ``value``; ``entity_kind`` says
    what an id of the game names (``None``: nothing of it)."""
    if value is None:
        return kind.endswith("/null")
    kind = kind.removesuffix("/null")
    whole = isinstance(value, int) and not isinstance(value, bool)
    if kind in ("corporation", "item"):
        named = entity_kind(value) if isinstance(value, str) else None
        return named == "corporation" if kind == "corporation" else named is not None
    if kind == "until":  # the site's program buys until the corporation floats, or until so many shares
        return value == "float" if isinstance(value, str) else whole and value >= 1
    return isinstance(value, {"bool": bool, "text": str, "object": dict, "list": list}[kind]) if kind != "whole" \
        else whole


def check_entity_type(game: Game, raw: dict, where: str) -> None:
    """The log's ``entity_type`` must be what the entity is in our game: ``player`` for a player id, else what
    the title's ``entity_kind`` says (1830: ``corporation`` or ``company``).

    Raises:
        DataError: naming ``where``: the entity is of another kind, or logged as a player but none of the log's.
    """
    if "entity_type" not in raw:
        return
    entity = str(raw["entity"])
    kind = "player" if any(p.id == entity for p in game.players) else \
        getattr(game, "entity_kind", lambda e: None)(entity)
    if kind is not None and raw["entity_type"] != kind:
        raise DataError(msg("{where}: field 'entity_type': {entity} is a {kind}, not a {logged}", where=where,
                            entity=cut(entity), kind=kind, logged=raw["entity_type"]))
    if kind is None and raw["entity_type"] == "player":
        raise DataError(msg("{where}: field 'entity': {entity} is not a player of this log (its players: {ids})",
                            where=where, entity=cut(entity), ids=", ".join(p.id for p in game.players)))


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
        """The log's recorded final values, player id → value, or ``None`` (checked by :func:`read_log`)."""
        result = self.log.get("result")
        return {str(k): v for k, v in result.items()} if result else None

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

    def mismatch(self) -> Message:
        """Why a completed replay does not match the log: a different result, end reason, or no end yet (a
        :class:`~gamekit.i18n.Message`: ``localize`` gives it in the current language)."""
        if self.result is None:
            return msg("the log records a result, but our game is not over after its last action")
        if self.result != self.expected_result:
            return msg("our result {ours} differs from the log's {theirs}", ours=_result_text(self.result),
                       theirs=_result_text(self.expected_result))
        return msg("our game ended because {ours}, the log's because {theirs}",
                   ours=_reason_words(self.game.outcome.reason, self.game),
                   theirs=_reason_words(self.log.get("game_end_reason"), self.game))

    def summary(self) -> dict[str, Any]:
        """The JSON summary printed by ``gamekit replay --json``."""
        out = self.game.outcome
        return {"title": self.game.title, "actions_applied": self.applied, "result": self.result,
                "expected_result": self.expected_result, "match": self.ok,
                "game_end_reason": out.reason if out else None,
                "expected_game_end_reason": self.log.get("game_end_reason"), "error": self.error}

    def describe(self) -> str:
        """A short text report for the terminal, in the current language: actions applied, how the game ended
        (the rule's text and id) and the final ranking with each player's value as the title writes money, then whether
        it matches the log (not said when an action was refused: the replay stopped there, and its ``error``
        says why; ``gamekit replay --json`` gives the same facts for scripts)."""
        lines = [msg("{title}: {actions}", title=self.game.title,
                     actions=nmsg("{count} action applied", "{count} actions applied", self.applied,
                                  count=self.applied))]
        out = self.game.outcome
        if out is not None:
            lines.append(ended_text(out))
            lines += [f"  {place}. {_who(self.game.player(player))}: {localize(self.game.money(value))}"
                      for place, (player, value) in enumerate(out.ranking, start=1)]
        if self.error:
            lines.append(msg("stopped: the log's next action was refused"))
        elif self.expected_result is not None:
            lines.append(msg("the log records the same result and end ({reason}): the replay matches it",
                             reason=_reason_words(self.log.get("game_end_reason"), self.game)) if self.ok else
                         msg("the log records the result {result}, ending because {reason}: the replay does not "
                             "match it", result=_result_text(self.expected_result),
                             reason=_reason_words(self.log.get("game_end_reason"), self.game)))
        return "\n".join(map(localize, lines))


def ended_text(outcome: Any) -> Message:
    """The line of a replay's summary saying how the game ended: the end's own text (which says its reason in
    words) and its rule (``outcome``: a game's :attr:`~gamekit.game.Game.outcome`)."""
    return msg("game over: {outcome} (rule {rule})", outcome=outcome.text, rule=outcome.rule)


def _reason_words(reason: Any, game: Any) -> str:
    """An end reason of ours or of a log (``"bank"``) in words in the current language, as ``game``'s title says
    it ("the bank broke": :meth:`gamekit.query.Queries.end_words`); one without words (none recorded: ``None``) as
    :func:`shown` writes it."""
    return type(game).end_words(reason) if isinstance(reason, str) and reason in END_REASONS else shown(reason)


def _result_text(result: dict[str, int]) -> str:
    """A log's ``result`` (player id → value) as ``id value`` pairs, as the log orders them."""
    return ", ".join(f"{player} {value}" for player, value in result.items())


def _who(player: Any) -> str:
    """A player as the log shows them: the name, with the id the log's ``result`` uses where they differ."""
    return player.name if player.name == player.id else f"{player.name} ({player.id})"


def read_log(path_or_data: Any) -> dict:
    """Parse a log from a :class:`pathlib.Path`, JSON text or an already parsed dict, and check its shape.

    Text is parsed, never opened as a file name (pass a ``Path`` to read a file); parsing is bounded
    (:mod:`gamekit.loading`). Checked before use: ``title`` text, ``players`` a list of objects with an ``id``
    and perhaps a ``name`` text, nothing else (:data:`LOG_PLAYER_FIELDS`),
    ``settings`` an object (``seed`` a whole number, ``optional_rules`` a list of names), ``result`` an object of
    whole numbers, ``actions`` a list of objects with a ``type`` and each its own ``id``, in increasing order (the
    site numbers them 1, 2, 3, …), each ``auto_actions`` a list of such objects, none with ``auto_actions`` of its
    own (the site applies one level; a nested one would be dropped unread), ``created_at`` a whole number of
    seconds and ``user`` a number or a text where given (each of ``settings``, ``seed``, ``optional_rules``,
    ``result`` and ``auto_actions`` may be absent or ``null``, and ``seed`` ``""`` as a hotseat game writes it; any other value of another kind is
    refused, never read as empty); in every entry ``skip`` true or false, and a chat or program entry (which changes
    nothing) and an undo or redo only their own fields (:data:`IGNORED_FIELDS`, :data:`HISTORY_FIELDS`), with an
    entity and an ``entity_type`` of one of the four kinds (who they are is checked against the game:
    :func:`check_unapplied`, :func:`check_history`).

    Raises:
        DataError: one line naming the file (or ``log``) and the place: unreadable, invalid JSON (line and
            column), a gamekit save instead of a log (also one whose ``format`` is missing or misspelled: a field
            only a save has is named), a field of the wrong type, an action id given twice or out of order, a nested
            ``auto_actions``, a field a chat or program entry does not have, a field of a player entry other than
            its id and name.
    """
    data, where = parse_object(path_or_data, LOG)
    check_log_shape(data, SAVE_FORMAT, where)  # a save without its format is no log (gamekit.loading)
    if not isinstance(data.get("actions"), list):
        raise DataError(msg("{where}: no 'actions' list: not an 18xx.games game export", where=where))
    for key in ("title", "players"):
        if key not in data:
            raise DataError(msg("{where}: missing {field}", where=where, field=repr(key)))
    require_type(data["title"], str, _field(where, "title"))
    for i, player in enumerate(require_type(data["players"], list, _field(where, "players"))):
        if not isinstance(player, dict) or not isinstance(player.get("id"), (str, int)) or \
                isinstance(player.get("id"), bool) or not isinstance(player.get("name", ""), str):
            raise DataError(msg("{where}: players[{index}] is not an object with an 'id' (and a 'name' text)",
                                where=where, index=i))
        extra = next((key for key in player if key not in LOG_PLAYER_FIELDS), None)
        if extra is not None:
            raise DataError(msg("{where}: field {field} is not part of a player entry (a log's players have only an "
                                "'id' and a 'name')", where=_at(where, f"players[{i}]"), field=shown(extra)))
    settings = _optional(data, "settings", dict, where) or {}
    _optional(settings, "seed", int, where, "settings.", unset=(None, ""))  # "": a hotseat game's unset seed
    for rule in _optional(settings, "optional_rules", list, where, "settings.") or ():
        require_type(rule, str, _field(where, "settings.optional_rules"))
    for player, value in (_optional(data, "result", dict, where) or {}).items():
        require_type(value, int, _field(where, f"result.{player}"))
    first_with: dict[int, int] = {}  # log id -> index of the action with it
    last = -1  # the id of the last action with one: the site numbers its actions 1, 2, 3, … in order
    for i, action in enumerate(data["actions"]):
        _check_entry(action, _at(where, f"actions[{i}]"))
        if "id" in action:  # the site numbers every action once; an undo names its target by id
            first = first_with.setdefault(action["id"], i)
            if first != i:
                raise DataError(msg("{where}: field 'id': {id} is already the id of actions[{first}]",
                                    where=_at(where, f"actions[{i}]"), id=action["id"], first=first))
            if action["id"] <= last:
                raise DataError(msg("{where}: field 'id': {id} is out of order: the site numbers a game's actions "
                                    "1, 2, 3, … in order", where=_at(where, f"actions[{i}]"), id=action["id"]))
            last = action["id"]
        autos = _optional(action, "auto_actions", list, _at(where, f"actions[{i}]")) or ()
        for j, auto in enumerate(autos):
            _check_entry(auto, _at(where, f"actions[{i}].auto_actions[{j}]"))
            if "auto_actions" in auto:  # the site applies one level only: a nested one would be dropped unread
                raise DataError(msg("{where}: field 'auto_actions': an automatic action has none of its own",
                                    where=_at(where, f"actions[{i}].auto_actions[{j}]")))
    return data


LOG = Term("log", N_("log"))
"""A log given as text or a dict, as a message names the place: "log: …"."""


def _at(where: str, place: str) -> str:
    """``"<where>: <place>"``, a place inside the log (``"log: actions[3]"``), its file or ``log`` in the
    current language where it is shown."""
    return msg("{where}: {place}", where=where, place=place)


def _field(where: str, name: str) -> str:
    """``"<where>: field '<name>'"``, the place of a log's field in a message."""
    return msg("{where}: field {field}", where=where, field=repr(name))


def _optional(data: dict, key: str, kind: type, where: str, prefix: str = "", unset: tuple = (None,)) -> Any:
    """The field ``key`` of ``data`` checked to be of ``kind``, or ``None`` where it is absent or holds a value of
    ``unset`` (the site writes ``null`` for a field it did not set, and ``""`` for a hotseat game's seed). Any
    other value of another kind (``"settings": 0``, ``"result": ""``) is refused: read as empty, it would quietly
    change the game set up or hide the result the replay is checked against.

    Raises:
        DataError: naming the field (``prefix`` + ``key``, as ``settings.seed``) at ``where``.
    """
    value = data.get(key)
    if any(value is u or (type(value) is type(u) and value == u) for u in unset):
        return None
    return require_type(value, kind, _field(where, prefix + key))


def _check_entry(action: Any, where: str) -> None:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise DataError(msg("{where} is not an action object with a 'type'", where=where))
    for key in ("id", "action_id", "created_at"):  # created_at: seconds since 1970, read by rule_change_note
        if key in action and (not isinstance(action[key], int) or isinstance(action[key], bool)):
            raise DataError(msg("{where}: field {field} must be a whole number", where=where, field=repr(key)))
    if action.get("user") is not None:  # who clicked: the site's user number (a text in logs written by hand)
        require_type(action["user"], (str, int), _field(where, "user"))
    if "skip" in action and not isinstance(action["skip"], bool):  # the site's legacy mark of an undone entry
        raise DataError(msg("{where}: field 'skip' must be true or false, not {value}", where=where,
                            value=shown(action["skip"])))
    known = IGNORED_FIELDS[action["type"]] if action["type"] in IGNORED_FIELDS else HISTORY_FIELDS.get(action["type"])
    if known is not None:  # an entry we do not apply is still read whole: an invented field is refused
        extra = next((key for key in action if key not in known and key not in _LOG_ONLY_FIELDS), None)
        if extra is not None:
            raise DataError(msg("{where}: field {field} is not part of a {type} action in our rules", where=where,
                                field=shown(extra), type=action["type"]))
    if action["type"] in IGNORED_FIELDS or action["type"] in HISTORY_FIELDS:
        if "entity" not in action:
            raise DataError(msg("{where}: no entity", where=where))
        require_type(action["entity"], (str, int), _field(where, "entity"))
        if "entity_type" in action and action["entity_type"] not in _ENTITY_TYPES:  # an applied one: in to_action
            raise DataError(msg("{where}: field 'entity_type': {value} is not one of {kinds}", where=where,
                                value=shown(action["entity_type"]), kinds=", ".join(_ENTITY_TYPES)))
    if action["type"] == "message":
        if "message" not in action:
            raise DataError(msg("{where}: missing {field}", where=where, field=repr("message")))
        require_type(action["message"], str, _field(where, "message"))


def check_undone(data: dict, in_effect: list[dict]) -> None:
    """Read every log entry an undo cancelled (and its ``auto_actions``) as an applied one is read, without applying
    it: a known action type with only its own fields, each of the right shape (:func:`to_action`, or the title's
    ``action_from_log``); ``in_effect`` is what :func:`filter_actions` kept. A cancelled entry changes nothing,
    but no field of a log is passed over unread (rule ``core:import.log``).

    Raises:
        DataError: ``"action <id>: …"``, the first cancelled entry that would be refused as malformed.
    """
    kept = {id(entry) for entry in in_effect}
    undone = [entry for entry in data["actions"] if id(entry) not in kept and entry["type"] not in HISTORY_FIELDS]
    if not undone:
        return
    reader = new_game_for_log(data)  # a game of its own: a title may note what it reads (1837's mine subsidy)
    read = reader.action_from_log if hasattr(reader, "action_from_log") else to_action
    for entry in undone:
        for one in [entry] + list(entry.get("auto_actions") or []):
            read(one, msg("action {id}", id=entry.get("id")))


def check_history(game: Game, data: dict) -> None:
    """Every undo and redo entry of the log names as its ``entity`` a player of the log or a company of ``game``
    (who pressed it: the site writes the acting player or the company whose turn it was), and its ``entity_type``
    (if any) is what that entity is (rule ``core:import.log``); ``game`` is the log's game as it starts.

    Raises:
        DataError: ``"action <id>: field 'entity': …"``.
    """
    for entry in data["actions"]:
        if entry["type"] not in HISTORY_FIELDS:
            continue
        where, entity = msg("action {id}", id=entry.get("id")), str(entry["entity"])
        if all(p.id != entity for p in game.players) and getattr(game, "entity_kind", lambda e: None)(entity) is None:
            raise DataError(msg("{where}: field 'entity': {entity} is not a player of this log nor a company of its "
                                "game", where=where, entity=cut(entity)))
        check_entity_type(game, entry, where)


def new_game_for_log(data: dict) -> Game:
    """Create our game for a log's title, players (ids as strings, in seat order), seed and optional rules.

    Raises:
        DataError: unknown title, bad players or an option we do not know.
    """
    players = [Player(str(p["id"]), str(p.get("name", p["id"]))) for p in data["players"]]
    settings = data.get("settings") or {}
    options = settings.get("optional_rules") or ()

    def build(seats: list[Player], chosen: Any) -> Game:
        return game_class(data["title"])(seats, seed=settings.get("seed") or 0, options=chosen)

    try:
        return build(players, options)
    except (ValueError, GameError) as exc:
        refused = message_of(exc)
    # name the field: the options when the game sets up without them, else the players when as many plain seats do
    for place, seats, chosen in (("settings.optional_rules", players, ()),
                                 ("players", [Player(str(i), f"seat {i}") for i in range(len(players))], options)):
        try:
            build(seats, chosen)
        except (ValueError, GameError):
            continue
        raise DataError(msg("{where}: field {field}: {error}", where=LOG, field=repr(place), error=refused))
    raise DataError(msg("{where}: {error}", where=LOG, error=refused))


def import_log(path_or_data: Any, *, stop_at: int | None = None, strict: bool = False) -> ImportReport:
    """Replay an 18xx.games log with our rules (in a :meth:`Game.batch`: a snapshot every few actions).

    Args:
        path_or_data: a path, JSON text, or the parsed log.
        stop_at: stop before the surviving action with this log id (for positions inside a game).
        strict: raise :class:`DataError` on the first refusal instead of recording it in the report.

    Returns:
        An :class:`ImportReport`; ``report.positions`` lists ``(log id, number of our actions applied)`` after each
        surviving log action.

    Raises:
        DataError: a malformed log (always), a ``stop_at`` that no surviving action has, or a refused action when
            ``strict``.
        ValueError: ``stop_at`` is not a whole number of at least 1.
    """
    if stop_at is not None and (type(stop_at) is not int or stop_at < 1):
        raise ValueError(f"stop_at is the log id of an action (a whole number from 1), not {stop_at!r}")
    data = read_log(path_or_data)
    game = new_game_for_log(data)
    report = ImportReport(game=game, log=data)
    actions = filter_actions(data["actions"])
    check_undone(data, actions)
    check_history(game, data)
    if stop_at is not None and all(raw.get("id") != stop_at for raw in actions):
        raise DataError(msg("{where}: no action left after its undos has the id {id}", where=LOG, id=stop_at))
    with game.batch(), noting_waited_steps(game):  # import stops at its first refusal, inside the block
        for raw in actions:
            log_id = raw.get("id")
            if stop_at is not None and log_id == stop_at:
                break
            for entry in [raw] + list(raw.get("auto_actions") or []):
                try:
                    if apply_entry(game, entry, msg("action {id}", id=log_id)):
                        report.applied += 1
                except DataError as exc:
                    if strict:
                        raise
                    report.error = exc.message
                    return report
            report.positions.append((log_id, len(game.actions)))
    return report


def apply_entry(game: Game, entry: dict, where: str) -> bool:
    """Apply one log entry (an action or one of its ``auto_actions``) to ``game``.

    Returns:
        True if it was an action our engine applied, False for entries that change nothing (chat, programs: read
        whole all the same, :func:`check_unapplied`).

    Raises:
        DataError: ``"<where>: <rule>: <reason>"`` when our rules refuse it (followed by the title's note when
            that rule changed after the entry's ``created_at``), or a malformed entry.
    """
    action = game.action_from_log(entry, where) if hasattr(game, "action_from_log") else to_action(entry, where)
    if entry["type"] in IGNORED_TYPES:
        check_unapplied(game, entry, where)
        return False
    check_entity_type(game, entry, where)  # also of an entry our rules made already (1837's forced exchange)
    if action is None or is_waited_entry(game, entry):
        return False  # (a run of no train or a pass at a step 18xx.games opens and ours skipped)
    try:
        game.process(action)
    except GameError as exc:
        changed = rule_change_note(game, action, exc, entry.get("created_at"))
        if changed:
            raise DataError(msg("{where}: {rule}: {reason} ({note})", where=where, rule=exc.rule, reason=exc.message,
                                note=changed)) from None
        raise DataError(msg("{where}: {rule}: {reason}", where=where, rule=exc.rule, reason=exc.message)) from None
    except NotImplementedError as exc:
        raise DataError(msg("{where}: not supported yet: {reason}", where=where, reason=message_of(exc))) from None
    return True


def rule_change_note(game: Game, action: Action, refusal: GameError, created_at: Any) -> str | None:
    """The title's note on the rule changes since ``created_at`` that can explain ``refusal`` of ``action`` in
    ``game`` (``Game.rule_change_note``, rule ``<title>:edition.history``), or ``None``.

    A title lists its changes by the rule section refusing (``stock.buy``), and each refusal names the section of
    its own cause (a certificate named with the wrong percent: ``stock.certificates``, which no market change
    touches). A refusal whose action names a certificate the game does not have (:func:`unknown_certificates`) is
    the log's own, whatever the rules were and whichever section refused it first (an emergency sale refused under
    ``trains.emergency``): no change is named for it (a market cell corrected since cannot explain a purchase of
    "ERIE_99")."""
    if not hasattr(game, "rule_change_note") or unknown_certificates(game, action):
        return None
    return game.rule_change_note(refusal.rule, created_at, action)


def unknown_certificates(game: Game, action: Action) -> list[str]:
    """The certificates ``action`` names (its ``shares``, where they are certificate ids) that ``game`` does not
    have (``game.certificate_percent`` knows none of them), in the action's order; ``[]`` for an action naming
    none or a title without certificates."""
    shares = getattr(action, "shares", ())
    if not isinstance(shares, tuple) or not hasattr(game, "certificate_percent"):
        return []
    return [cert for cert in shares if isinstance(cert, str) and not _has_certificate(game, cert)]


def _has_certificate(game: Game, cert: str) -> bool:
    try:
        game.certificate_percent(cert)
    except KeyError:
        return False
    return True
