"""Reading untrusted JSON (saved games, 18xx.games logs) without tracebacks: bounded size, nesting and numbers.

Every failure is a :class:`~gamekit.errors.DataError` with a one-line message naming the place (the file or
``save``/``log``, and the line, field or action).
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any

from .errors import DataError, cut, shown
from .i18n import N_, Message, msg

MAX_BYTES = 64 * 1024 * 1024  # the largest real logs are a few megabytes
MAX_DEPTH = 64  # a log nests actions in auto_actions in routes in connections: under 10 levels
MAX_DIGITS = 18  # money, ids and seeds of real games fit in 18 digits

SAVE_FIELDS = ("format", "version", "title", "players", "seed", "options", "actions")
"""The top-level fields of a gamekit save (``Game.to_json``), all of them and no others."""
SAVE_PLAYER_FIELDS = ("id", "name")
"""The fields of a player entry of a gamekit save, all of them and no others."""
SAVE_ONLY = ("format", "version", "seed", "options")
"""Top-level fields a gamekit save has and an 18xx.games log never has (the log keeps its seed and options in
``settings``)."""
LOG_ONLY = ("settings", "id", "description", "user", "status", "turn", "round", "acting", "result",
            "game_end_reason", "loaded", "created_at", "updated_at", "finished_at", "min_players", "max_players",
            "user_settings")
"""Top-level fields of an 18xx.games game export that a gamekit save never has."""


def read_text(path: os.PathLike | str, where: str) -> str:
    """Read a regular UTF-8 file of at most :data:`MAX_BYTES`. Anything else (a FIFO, whose reader would wait for
    a writer for ever, a device such as ``/dev/zero``, a folder) is refused without being read: the file is opened
    without waiting and looked at before a byte is read.

    Raises:
        DataError: unreadable, not a regular file, too large, or not UTF-8.
    """
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise DataError(msg("{where}: cannot read: {reason}", where=where, reason=exc.strerror or str(exc))) from None
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise DataError(msg("{where}: not a regular file ({kind}); a game file is a regular file of at most "
                                "{megabytes} MB", where=where, kind=_file_kind(mode), megabytes=MAX_BYTES // 2**20))
        with os.fdopen(descriptor, "rb") as handle:
            descriptor = None  # the handle closes it
            raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise DataError(msg("{where}: cannot read: {reason}", where=where, reason=exc.strerror or str(exc))) from None
    finally:
        if descriptor is not None:
            os.close(descriptor)
    if len(raw) > MAX_BYTES:
        raise DataError(msg("{where}: larger than {megabytes} MB; not a game file", where=where,
                            megabytes=MAX_BYTES // 2**20))
    try:
        return raw.decode("utf-8-sig")  # a byte-order mark, as some editors write, is not part of the text
    except UnicodeDecodeError:
        raise DataError(msg("{where}: not UTF-8 text", where=where)) from None


def _file_kind(mode: int) -> str:
    """What a file that is not a regular one is, for a message: a folder, a FIFO, a device or a socket."""
    kinds = ((stat.S_ISDIR, N_("a folder")), (stat.S_ISFIFO, N_("a FIFO")), (stat.S_ISCHR, N_("a device")),
             (stat.S_ISBLK, N_("a device")), (stat.S_ISSOCK, N_("a socket")))
    return Message(next((name for test, name in kinds if test(mode)), N_("a special file")), {})


def parse_json(text: str | bytes, where: str) -> Any:
    """Parse JSON text with limits: at most :data:`MAX_BYTES`, nesting :data:`MAX_DEPTH` deep, whole numbers of
    :data:`MAX_DIGITS` digits, finite numbers only (no ``NaN``, ``Infinity`` or ``1e999``).

    A key given twice in one object is refused too: one of its values would be dropped unread.

    Raises:
        DataError: ``"<where>: not valid JSON (line L column C: <reason>)"``, ``"<where>: line L column C: <a
            number it does not read>"`` or ``"<where>: <reason>"``.
    """
    if len(text) > MAX_BYTES:
        raise DataError(msg("{where}: larger than {megabytes} MB; not a game file", where=where,
                            megabytes=MAX_BYTES // 2**20))
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise DataError(msg("{where}: not UTF-8 text", where=where)) from None
    text = text.removeprefix("\ufeff")
    try:
        data = json.loads(text, parse_int=_whole, parse_float=_finite, parse_constant=_no_constant,
                          object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        raise DataError(msg("{where}: not valid JSON at line {line}, column {column}: {reason}", where=where,
                            line=exc.lineno, column=exc.colno, reason=json_reason(exc))) from None
    except RecursionError:
        raise DataError(msg("{where}: nested more than {depth} levels deep", where=where, depth=MAX_DEPTH)) from None
    except ValueError as exc:
        raise DataError(msg("{where}: {place}{reason}", where=where, place=_number_place(text), reason=exc.args[0])) \
            from None
    _check_depth(data, where)
    return data


_CUT_SHORT = N_("the text ends before the JSON is complete: was the file cut short?")
_JSON_REASONS = {
    "Unterminated string starting at": N_("the text ends inside the string that starts here: was the file cut short?"),
    "Expecting value": N_("expected a value here (a number, text in double quotes, true, false, null, a list or an "
                          "object), found {found}"),
    "Expecting property name enclosed in double quotes": N_("expected a field name in double quotes here, found "
                                                            "{found}"),
    "Expecting ':' delimiter": N_("expected ':' after the field name, found {found}"),
    "Expecting ',' delimiter": N_("expected ',' between two entries or the closing bracket, found {found}"),
    "Extra data": N_("the JSON ended before here, but more text follows ({found}): is something pasted after it?"),
    "Invalid control character at": N_("a line break or other control character inside text in double quotes: "
                                       "write it as \\n or \\t"),
    "Invalid \\escape": N_("a backslash inside text in double quotes that starts no JSON escape (write \\\\ for "
                         "a backslash)"),
    "Invalid \\uXXXX escape": N_("\\u inside text in double quotes needs four hex digits after it"),
}
"""Python's words for a JSON syntax error → what is wrong, in words a user understands (``{found}``: the text at
the place)."""


def json_reason(exc: json.JSONDecodeError) -> Any:
    """What is wrong at the place of a JSON syntax error, in words (a :class:`gamekit.i18n.Message`): text that
    ends too early is said to be cut short, a comma before a closing bracket is named as one, and the other
    errors say what was expected and what was found (Python's own words where none of ours fit)."""
    text, pos = exc.doc, exc.pos
    if not text.strip():
        return msg("the text is empty")
    if exc.msg in _JSON_REASONS and exc.msg != "Unterminated string starting at" and pos >= len(text.rstrip()):
        return Message(_CUT_SHORT, {})
    before = text[:pos].rstrip()
    if text[pos:pos + 1] in "]}" and before.endswith(","):
        return msg("a comma before {bracket}: JSON allows none after the last entry", bracket=repr(text[pos]))
    template = _JSON_REASONS.get(exc.msg)
    if template is None:
        return exc.msg
    return Message(template, {"found": shown(text[pos:pos + 12], 16)})


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _ in pairs if key in seen or seen.add(key))
        raise ValueError(msg("the key {key} is given twice in one object", key=repr(twice[:40])))
    return found


_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|NaN|-?Infinity)')


def _number_place(text: str) -> str:
    """``"line L column C: "`` of the first number outside strings that the reader refuses (too many digits, not
    finite, or a constant JSON does not allow), or ``""`` when none is (the refusal was of a key)."""
    for token in _TOKENS.finditer(text):
        if token.group(1) is not None and _refused(token.group(1)):
            start = token.start()
            return msg("line {line} column {column}: ", line=text.count(chr(10), 0, start) + 1,
                       column=start - text.rfind(chr(10), 0, start))
    return ""


def _refused(number: str) -> bool:
    """Whether the reader refuses the JSON number token ``number`` (see :func:`parse_json`)."""
    read = _no_constant if not number[-1].isdigit() else _finite if any(c in number for c in ".eE") else _whole
    try:
        read(number)
    except ValueError:
        return True
    return False


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise ValueError(msg("a whole number of {digits} digits (at most {most} are read)", digits=len(digits),
                             most=MAX_DIGITS))
    return int(digits)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(msg("the number {number} is too large", number=text[:20]))
    return value


def _no_constant(name: str) -> float:
    raise ValueError(msg("{name} is not a number JSON allows", name=name))


def _check_depth(data: Any, where: str) -> None:
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise DataError(msg("{where}: nested more than {depth} levels deep", where=where, depth=MAX_DEPTH))
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)


def parse_object(source: Any, where: str) -> tuple[dict, str]:
    """Parse a file or text into a JSON object: a :class:`pathlib.Path` is read (:func:`read_text`), text or bytes
    are parsed as JSON, never opened as a file name, and a dict is taken as it is.

    Returns:
        ``(object, where)``, where naming the file when one was read.

    Raises:
        DataError: not a path, text or dict; unreadable; not JSON; not a JSON object at the top level.
    """
    if isinstance(source, dict):
        data = source
    elif isinstance(source, os.PathLike):
        where = str(Path(source))
        data = parse_json(read_text(source, where), where)
    elif isinstance(source, (str, bytes)):
        head = source[:1000].lstrip()[:1]
        if head not in ("{", b"{", "[", b"["):
            raise DataError(msg("{where}: the text is not JSON (to read a file, pass a pathlib.Path)", where=where))
        data = parse_json(source, where)
    else:
        raise DataError(msg("{where}: expected a path, JSON text or a dict, not {kind}", where=where,
                            kind=kind_words(source)))
    if not isinstance(data, dict):
        raise DataError(msg("{where}: expected a JSON object at the top level, not {kind}", where=where,
                            kind=kind_words(data)))
    return data, where


def shape_marks(data: dict) -> tuple[list[str], list[str]]:
    """What in ``data`` (a parsed JSON object) only a gamekit save has, and what only an 18xx.games log has.

    Returns:
        ``(save_marks, log_marks)``, each a list of places as a message names them: top-level fields of
        :data:`SAVE_ONLY` (``"field 'seed'"``) and of :data:`LOG_ONLY`; an action without an ``id`` for a save and
        one with an ``id`` for a log (the site numbers every action, a save none); a player id that is a number
        for a log (a save's player ids are text).
    """
    save = [msg("field {name}", name=repr(key)) for key in SAVE_ONLY if key in data]
    log = [msg("field {name}", name=repr(key)) for key in LOG_ONLY if key in data]
    actions, players = data.get("actions"), data.get("players")
    if isinstance(actions, list):
        entries = [(i, a) for i, a in enumerate(actions) if isinstance(a, dict)]
        save += [msg("actions[{index}] without an 'id'", index=i) for i, a in entries if "id" not in a][:1]
        log += [msg("field {name}", name=f"'actions[{i}].id'") for i, a in entries if "id" in a][:1]
    if isinstance(players, list):
        log += [msg("field {name} (a number)", name=f"'players[{i}].id'") for i, p in enumerate(players)
                if isinstance(p, dict) and isinstance(p.get("id"), int) and not isinstance(p.get("id"), bool)][:1]
    return save, log


def check_save_shape(data: dict, save_format: str, where: str = "save") -> None:
    """Refuse ``data`` unless its whole shape is a gamekit save's: its ``format`` is ``save_format``, nothing in
    it is only a log's (:func:`shape_marks`) and it has no field a save does not have (:data:`SAVE_FIELDS`).

    Raises:
        DataError: one line naming the field: a ``format`` missing or misspelled (saying whether the rest looks
            like a save, like an 18xx.games log, or could be either), a log's field, an unknown field.
    """
    save, log = shape_marks(data)
    fmt = data.get("format")
    if fmt == save_format:
        unknown = [msg("field {name}", name=shown(key)) for key in data if key not in SAVE_FIELDS]
        if log or unknown:
            raise DataError(msg("{where}: {place} is not part of a gamekit save", where=where,
                                place=(log or unknown)[0]))
        return
    if "format" in data:
        raise DataError(msg("{where}: field 'format' is {value}, not {format}: not a gamekit save", where=where,
                            value=json_shown(fmt, text_as_json=True), format=json.dumps(save_format)))
    if log and not save:
        raise DataError(msg("{where}: this looks like an 18xx.games log, not a gamekit save ({place}, no field "
                            "'format'; use gamekit.import_log)", where=where, place=log[0]))
    if save and not log:
        raise DataError(msg("{where}: field 'format' is missing: a gamekit save holds \"format\": {format}",
                            where=where, format=json.dumps(save_format)))
    if save:
        raise DataError(msg("{where}: field 'format' is missing, and without it this could be a gamekit save or an "
                            "18xx.games log ({save} is a save's, {log} a log's)", where=where, save=save[0],
                            log=log[0]))
    raise DataError(msg("{where}: field 'format' is missing, and without it this could be a gamekit save or an "
                        "18xx.games log", where=where))


def check_log_shape(data: dict, save_format: str, where: str = "log") -> None:
    """Refuse ``data`` when anything in its shape is a gamekit save's (:func:`shape_marks`): a ``format`` field,
    ``version``, ``seed`` or ``options`` at the top level (a log keeps them in ``settings``), an action without
    an ``id``.

    Raises:
        DataError: one line naming the field (a save, with or without its ``format``, is named as such).
    """
    save, log = shape_marks(data)
    if not save:
        return
    if data.get("format") == save_format:
        raise DataError(msg("{where}: this is a gamekit save, not an 18xx.games log (load it with gamekit.load_json)",
                            where=where))
    if "format" in data:
        raise DataError(msg("{where}: field 'format': an 18xx.games log has none, and {value} is not a gamekit "
                            "save's {format} either", where=where,
                            value=json_shown(data["format"], text_as_json=True),
                            format=json.dumps(save_format)))
    if log:
        raise DataError(msg("{where}: {save} is a gamekit save's, not part of an 18xx.games log (which {log} is)",
                            where=where, save=save[0], log=log[0]))
    raise DataError(msg("{where}: {save} is a gamekit save's, not part of an 18xx.games log: this looks like a "
                        "gamekit save whose field 'format' is missing (load a save with gamekit.load_json)",
                        where=where, save=save[0]))


def json_shown(value: Any, most: int = 60, *, text_as_json: bool = False) -> str:
    """A value read from a JSON file as a message about the file names it, cut to ``most`` characters: text in
    single quotes, as the messages quote names (``'gamekit-sav'``), or with ``text_as_json`` in JSON's double
    quotes (``"7"``, for a message that speaks of the file's spelling: "a title's name in double quotes, such as
    "1830", not 1830"); any other value in JSON's spelling (``null``, ``true``, ``false``, ``7.5``,
    ``[1, null]``), never Python's (``None``, ``True``): the reader of the message looks for it in the file. A
    value no JSON file holds (a Python caller's object) is shown by its ``repr``."""
    if isinstance(value, str) and not text_as_json:
        return shown(value, most)
    try:
        return cut(json.dumps(value, ensure_ascii=False), most)
    except (TypeError, ValueError):  # not JSON's: a set, an object, a dict with a tuple key, a cycle
        return shown(value, most)


def require_type(value: Any, kind: type | tuple[type, ...], where: str) -> Any:
    """Return ``value`` if it is of ``kind`` (``bool`` never counts as a number); raise :class:`DataError`
    naming ``where`` otherwise."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
        names = kind_words(kinds[-1])
        for other in reversed(kinds[:-1]):
            names = msg("{first} or {rest}", first=kind_words(other), rest=names)
        raise DataError(msg("{where}: expected {names}, not {kind}", where=where, names=names,
                            kind=kind_words(value)))
    return value


_KIND_WORDS = {bool: N_("true/false"), int: N_("a whole number"), float: N_("a number"), str: N_("a string"),
               list: N_("a list"), dict: N_("an object"), type(None): N_("nothing")}


def kind_words(value: Any) -> Any:
    """How a JSON value (or a JSON type: ``int``, ``str``) reads in an error message: ``"a whole number"``,
    ``"a string"``, ``"nothing"`` (for ``null``) in words, never Python's type names; another Python object by
    its type's name (a programmer's mistake, not a file's)."""
    kind = value if isinstance(value, type) else type(value)
    return Message(_KIND_WORDS[kind], {}) if kind in _KIND_WORDS else kind.__name__
