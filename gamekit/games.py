"""Real games played on 18xx.games, shipped with gamekit so that lessons and the classroom replay them anywhere.

They live in ``data/<title folder>/games/`` (the package ``gamekit.data``): each game is the site's export,
unchanged, named in that folder's ``sources.json`` with its origin — the public test fixtures of the 18xx.games
engine, the repository tobymao/18xx, MIT licensed (its notice is ``NOTICE.md`` beside the games). The
replay tests' per-action reference states are not shipped (``tests/fixtures.py`` finds them).

    from gamekit.games import open_real_game, real_games
    for real in real_games("1830"):
        print(real.name, "—", real.description)
    game = open_real_game("1830", "26855")          # replayed with our rules to its recorded end
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from importlib import resources
from typing import Any

from .datafiles import data_json
from .errors import DataError
from .game import Game
from .i18n import Message, join, localize, msg, nmsg

GAMES_FOLDER = "games"
SOURCES = "sources.json"


@dataclass(frozen=True)
class RealGame:
    """One shipped 18xx.games game.

    Attributes:
        title: the gamekit title name (``"1830"``), as :func:`gamekit.new_game` takes it.
        name: the file's stem in ``data/<folder>/games/`` (``"26855"``); pass it to :func:`open_real_game`.
        game_id: the game's number on 18xx.games (an ``int``).
        source: the URL of the file in the repository it comes from (tobymao/18xx, MIT licence).
        url: the game's page on 18xx.games.
        players: how many players played it.
        end: the recorded ``game_end_reason`` (``"bankrupt"``, ``"bank"``, …; ``""`` if the log records none).
        options: the optional rules it was played with (18xx.games names).
    """

    title: str
    name: str
    game_id: int
    source: str
    url: str
    players: int
    end: str
    options: tuple[str, ...]

    @property
    def description(self) -> str:
        """One line for a learner, in the current language (read when asked: a lesson prints it, the classroom
        lists it): ``"18xx.games game 26855: 4 players, ended when a player went bankrupt"``; its optional rules
        in the title's words (:meth:`option_words`), its end as the title says it
        (:meth:`gamekit.query.Queries.end_words`)."""
        from .titles import game_class

        text = nmsg("18xx.games game {game}: {count} player", "18xx.games game {game}: {count} players",
                    self.players, game=self.game_id, count=self.players)
        if self.options:
            text = msg("{game} (optional rules: {options})", game=text, options=self.option_words())
        if self.end:
            text = msg("{game}, ended when {end}", game=text, end=game_class(self.title).end_words(self.end))
        return localize(text)

    def option_words(self) -> Message:
        """The game's optional rules as a learner reads them: each the title's own description of it
        (``Game.options_available``: ``"In the brown zone several shares per turn may be bought from the IPO
        too"``, rendered in the current language), or its 18xx.games name where the title has none; joined by
        ``"; "`` (a description may hold a comma)."""
        from .titles import game_class

        described = game_class(self.title).options_available
        return join("; ", (Message(described[name], {}) if name in described else name for name in self.options))

    def log(self) -> dict[str, Any]:
        """Return the parsed export (a fresh copy each call: change it freely), for
        :func:`gamekit.import_log`, :func:`gamekit.routes.run_positions` or the classroom's loader."""
        return copy.deepcopy(_raw(self.title, self.name))

    def open(self, *, stop_at: int | None = None) -> Game:
        """Replay the game with our rules (:func:`gamekit.import_log`): the whole game, or the position before
        the surviving action with log id ``stop_at``.

        Raises:
            DataError: an action our rules refuse (``core:import.log``), or no action has the id ``stop_at``.
        """
        from .import18xx import import_log

        return import_log(self.log(), stop_at=stop_at, strict=True).game


def _folder(title: str) -> str:
    """Return the data folder of a title name (``"1830"`` → ``"1830"``); ValueError for an unknown title."""
    from .titles import game_class, rule_folders

    return rule_folders()[game_class(title).rule_prefix]


def _sources(title: str) -> dict[str, dict[str, str]]:
    """Return the title's ``sources.json`` (name → file, source, game URL), or ``{}`` where it ships no games."""
    folder = _folder(title)
    if not resources.files("gamekit.data").joinpath(folder, GAMES_FOLDER, SOURCES).is_file():
        return {}
    return data_json(folder, f"{GAMES_FOLDER}/{SOURCES}")


def _raw(title: str, name: str) -> dict[str, Any]:
    """Return the cached parsed export ``name`` of ``title`` (read-only), checked to be named in ``sources.json``."""
    entry = _sources(title).get(name)
    if entry is None:
        known = ", ".join(_sources(title)) or msg("none")
        raise DataError(msg("{where}: no shipped game {name} of {title} (shipped: {known})",
                            where=f"data/{_folder(title)}/{GAMES_FOLDER}", name=repr(name), title=title, known=known))
    return data_json(_folder(title), f"{GAMES_FOLDER}/{entry['file']}")


def real_games(title: str | None = None) -> list[RealGame]:
    """Return the 18xx.games games shipped for ``title`` (a gamekit title name), or for every title when
    ``title`` is None, sorted by title and name. A title that ships none (the cube-rail games) gives ``[]``.

    Raises:
        ValueError: an unknown title name.
        DataError: a shipped file that is missing or not valid JSON (naming the file).
    """
    from .titles import title_names

    titles = title_names() if title is None else (title,)
    found = []
    for each in titles:
        for name, entry in sorted(_sources(each).items()):
            raw = _raw(each, name)
            settings = raw.get("settings") or {}
            found.append(RealGame(
                title=each, name=name, game_id=int(raw["id"]), source=entry["source"], url=entry["game"],
                players=len(raw["players"]), end=str(raw.get("game_end_reason") or ""),
                options=tuple(settings.get("optional_rules") or ())))
    return found


def real_game(title: str, name: str) -> RealGame:
    """Return the shipped game ``name`` of ``title`` (see :func:`real_games`).

    Raises:
        ValueError: an unknown title name.
        DataError: no shipped game of that name (the message lists those shipped).
    """
    _raw(title, name)
    return next(s for s in real_games(title) if s.name == name)


def open_real_game(title: str, name: str, *, stop_at: int | None = None) -> Game:
    """Replay the shipped game ``name`` of ``title`` with our rules and return the game (at its end, or before
    the action with log id ``stop_at``): ``open_real_game("1830", "26855")``.

    Raises:
        ValueError: an unknown title name.
        DataError: no shipped game of that name, or an action our rules refuse (``core:import.log``).
    """
    return real_game(title, name).open(stop_at=stop_at)
