"""gamekit: a step-wise rule explorer and teaching kit for railway share games.

Start here::

    import gamekit
    g = gamekit.new_game("1830", players=["Ann", "Ben", "Cy", "Di"], seed=7)
    g.active_step, g.legal_actions()
    events = g.process(g.legal_actions()[0])
    g.undo(); text = g.to_json(); h = gamekit.load_json(text)
    g.cash("Ann"), g.holdings("Ann"), g.share_price("NYC")   # the query API (gamekit.query)
    g.parse_action("Ann buys SV for 20")            # a sentence back to its legal action (gamekit.codec)
    replay = gamekit.import_log(Path("26855.json"))  # an 18xx.games log (text is parsed, a Path is read)
    gamekit.concepts("1830"), gamekit.concepts_table()  # the concept table across titles (pandas for the table)
    gamekit.measure("1830", 4, games=20, seed=1)          # playout metrics of bot games, one row per game
    gamekit.set_language("zh")                      # texts in Chinese (zh, ca, es, nl, en; or GAMEKIT_LANG)
    gamekit.title_names(), gamekit.display_name("continental-divide")  # CLI names; a title's printed name

The engine imports neither Jupyter nor Plotly; ``gamekit.viz`` and ``gamekit.widgets`` sit on top.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Sequence

from .actions import Action
from .errors import DataError, GameError, message_of, shown
from .events import Event
from .i18n import LANGUAGES, N_, Message, Term, language, msg, set_language
from .game import SAVE_FORMAT, SAVE_VERSION, ActionRange, Game, Outcome, Player, Step, replay_saved
from .query import BANK, IPO, POOL, Holding
from .loading import SAVE_PLAYER_FIELDS, check_save_shape, json_shown, kind_words, parse_json, read_text
from .titles import display_name, game_class, register_action_types, title_names
from . import routes  # noqa: F401  (gamekit.routes.best_routes, gamekit.routes.hex_stops)
from .compare import concepts, concepts_table, measure
from .rails import import_rails_report
from .games import RealGame, open_real_game, real_game, real_games
from . import exercises  # noqa: F401  (gamekit.exercises: questions the engine checks)

register_action_types()  # every title's action types are known (to parse saves and logs) once gamekit is imported

__all__ = [
    "Action",
    "ActionRange",
    "DataError",
    "Event",
    "BANK",
    "Game",
    "GameError",
    "Holding",
    "IPO",
    "LANGUAGES",
    "Outcome",
    "POOL",
    "Player",
    "RealGame",
    "Step",
    "concepts",
    "concepts_table",
    "display_name",
    "measure",
    "import_log",
    "import_rails_report",
    "language",
    "load_json",
    "new_game",
    "open_real_game",
    "real_game",
    "real_games",
    "set_language",
    "title_names",
]
__version__ = "0.1.0"


def new_game(title: str, players: Sequence[str | Player], seed: int = 0, options: Sequence[str] = ()) -> Game:
    """Create a new game.

    Args:
        title: a CLI name of :func:`title_names`: ``"1830"``, ``"1837"``, ``"1894"``, ``"continental-divide"`` or
            ``"american-rails"``.
        players: names in seat order (each name is also the player's id), or :class:`Player` objects.
        seed: seed of the game's random number generator (deals, draws); the same seed gives the same game.
        options: optional rules by name (``Game.options_available`` lists them per title).

    Returns:
        The game, at its first step.

    Raises:
        ValueError: unknown or not yet playable title.
        GameError: wrong player count or an unknown option (rule ``<title>:setup``).
    """
    return game_class(title)(players, seed=seed, options=options)


def load_json(text: str | bytes | dict[str, Any] | os.PathLike) -> Game:
    """Load a game saved by :meth:`Game.to_json`: its text, bytes, the parsed object, or the path of a file
    holding it (a :class:`pathlib.Path`, read as UTF-8, a regular file of at most 64 MB:
    :func:`gamekit.loading.read_text`), as :func:`gamekit.import18xx.import_log` takes a path. Text is parsed,
    never opened as a file name.

    Returns:
        The game with every saved action re-applied in order, checked field by field and by the rules, except the
        walks of a tile lay's ``track.connect`` and ``track.usable``, which only repeat what the game checked when
        the lay was played (``Game.trusted``, :func:`gamekit.game.replay_saved`).

    Raises:
        DataError: a file's name given as text instead of a path, a file that cannot be read (the message names
            it), not JSON, not a gamekit save by its whole shape (its
            ``format`` missing or misspelled, a field of an 18xx.games log or one a save does not have, at the top
            level or on a player: the message names the field), a save of a newer format version than this
            gamekit reads (rule ``core:save.version``; the message says both versions), a missing field, or an
            action the rules refuse (the message names the action's index).
    """
    data = text if isinstance(text, dict) else _parse(text)
    check_save_shape(data, SAVE_FORMAT, SAVE)  # a save by its whole shape, not by a missing log field (gamekit.loading)
    _check_version(data.get("version", _MISSING))
    for key, kind, what in SAVE_FIELD_KINDS:
        value = data.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            if key not in data:
                raise DataError(msg("{where}: field {field} is missing: it must be {what}", where=SAVE,
                                    field=repr(key), what=Message(what, {})))
            raise DataError(msg("{where}: field {field} must be {what}, not {value}", where=SAVE, field=repr(key),
                                what=Message(what, {}), value=json_shown(value, 40, text_as_json=True)))
    for i, p in enumerate(data["players"]):
        if not isinstance(p, dict) or not isinstance(p.get("id"), str) or not isinstance(p.get("name"), str):
            raise DataError(msg("{where}: players[{index}] needs an 'id' and a 'name', both text", where=SAVE,
                                index=i))
        extra = next((key for key in p if key not in SAVE_PLAYER_FIELDS), None)
        if extra is not None:  # as for a top-level field: a field the save does not keep would be dropped unread
            raise DataError(msg("{where}: {place} is not part of a gamekit save", where=SAVE,
                                place=msg("field {name}", name=shown(f"players[{i}].{extra}"))))
    for i, option in enumerate(data["options"]):
        if not isinstance(option, str):
            raise DataError(msg("{where}: options[{index}] must be an option name, not {kind}", where=SAVE, index=i,
                                kind=type(option).__name__))
    players = [Player(p["id"], p["name"]) for p in data["players"]]
    title, seed, options, actions = data["title"], data["seed"], data["options"], data["actions"]
    try:
        game = new_game(title, players, seed=seed, options=options)
    except (ValueError, GameError) as exc:
        raise DataError(msg("{where}: {error}", where=SAVE, error=message_of(exc))) from None
    return replay_saved(game, actions, SAVE)


def import_log(path_or_data: Any, *, stop_at: int | None = None) -> Game:
    """Import an 18xx.games log and replay it with our rules, after resolving its undos and redos as the site
    does. See :mod:`gamekit.import18xx` for what is checked (:func:`gamekit.import18xx.import_log` returns a
    report instead of raising at the first refusal).

    Args:
        path_or_data: a :class:`pathlib.Path` of the log file, its JSON text or the parsed object. Text is always
            parsed as JSON, never opened as a file name.
        stop_at: the log id of an action that survives the undos: the replay stops just before it, giving the
            position the player faced there (``None``, the default: the whole log).

    Returns:
        Our :class:`Game` after the last action replayed (at the end of the log, or before ``stop_at``).

    Raises:
        DataError: a malformed log, an action our rules refuse (the message names ``action <id>``), a
            ``stop_at`` that no surviving action has, or, for a whole log that records how the game ended, another
            end in ours (a different ``result`` or ``game_end_reason``, or a game not over), said in one line as
            ``gamekit replay`` says it (``log: our result … differs from the log's …``, the file named instead of
            ``log`` when a path was given; :meth:`gamekit.import18xx.ImportReport.mismatch`), naming
            :func:`gamekit.import18xx.import_log`, whose report holds the game all the same.
        ValueError: ``stop_at`` is not a whole number of at least 1.
    """
    from .import18xx import LOG, import_log as _import

    report = _import(path_or_data, stop_at=stop_at, strict=True)
    if stop_at is None and not report.ok:  # every action replayed (strict): the end is not the log's
        where = str(Path(path_or_data)) if isinstance(path_or_data, os.PathLike) else LOG
        raise DataError(msg("{where}: {error}; the game as our rules end it: gamekit.import18xx.import_log(…).game",
                            where=where, error=report.mismatch()))
    return report.game


SAVE = Term("save", N_("save"))
"""A save given as text or a dict, as a message names the place: "save: …" ("存档：…" in Chinese)."""


_MISSING = object()
"""A save's field that is not there (``null`` is a value, and is refused as one)."""
_VERSION_WORDS = N_("a whole number from 1")
"""What a save's ``version`` must be, in words."""


def _check_version(version: Any) -> None:
    """Refuse a save whose format version is missing, not a whole number from 1 (worded as the other fields'
    refusals: the field named, the value in JSON's spelling) or one this gamekit cannot read (rule
    ``core:save.version``)."""
    if version is _MISSING:
        raise DataError(msg("{where}: field {field} is missing: it must be {what}", where=SAVE, field=repr("version"),
                            what=Message(_VERSION_WORDS, {})))
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise DataError(msg("{where}: field {field} must be {what}, not {value}", where=SAVE, field=repr("version"),
                            what=Message(_VERSION_WORDS, {}), value=json_shown(version, 40, text_as_json=True)))
    if version > SAVE_VERSION:
        raise DataError(msg("{where}: written in save format version {version}, newer than this gamekit reads "
                            "(versions 1 to {newest}); update gamekit to load it (rule core:save.version)",
                            where=SAVE, version=version, newest=SAVE_VERSION))


SAVE_FIELD_KINDS = (("title", str, N_("a title's name in double quotes, such as \"1830\"")),
                    ("players", list, N_("a list of players, each with an \"id\" and a \"name\"")),
                    ("seed", int, N_("a whole number, such as 7")),
                    ("options", list, N_("a list of option names, such as [] or [\"optional_6_train\"]")),
                    ("actions", list, N_("a list of actions")))
"""The fields of a save :func:`load_json` checks first: name, JSON type, what it must be in words."""


def _names_a_file(text: str | bytes) -> bool:
    """Whether ``text`` given as a save is a file's name instead (``load_json("save.json")``, an easy slip): one
    short line ending in ``.json``."""
    return isinstance(text, str) and len(text) < 1024 and "\n" not in text and text.strip().lower().endswith(".json")


def _parse(text: str | bytes | os.PathLike) -> dict[str, Any]:
    if isinstance(text, os.PathLike):
        text = read_text(text, str(Path(text)))
    if not isinstance(text, (str, bytes)):
        raise DataError(msg("{where}: expected JSON text, bytes, a dict or a pathlib.Path, not {kind}", where=SAVE,
                            kind=type(text).__name__))
    if _names_a_file(text):
        raise DataError(msg("{where}: {text} is a file's name, not a save: pass the file's text, e.g. "
                            "load_json(Path({text}).read_text())", where=SAVE, text=shown(text)))
    data = parse_json(text, SAVE)  # bounded: size, nesting, numbers (gamekit.loading)
    if not isinstance(data, dict):
        raise DataError(msg("{where}: expected a JSON object at the top level, not {kind}", where=SAVE,
                            kind=kind_words(data)))
    return data
