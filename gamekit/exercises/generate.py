"""Seeded question sets from a game's history: which positions each kind asks about, and in which order.

The same source and seed give the same questions: positions are drawn with :class:`random.Random` seeded by
``seed``, from the game's own history (a save, a replayed log or a seeded bot game).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Iterable, Sequence

from ..game import Game
from .kind import Kind
from .question import Question

TRIES = 16
"""Positions a kind tries before giving up (each try forks the game); a kind may ask for more (:attr:`Kind.tries`)."""
SOURCE_CAP = 600
"""Actions of the seeded bot game a title's questions are drawn from (enough for the first rusting)."""


def check_draw(kinds: Sequence[str] | None, seed: int, **counts: int | None) -> None:
    """Refuse arguments of a question draw that Python would otherwise take apart or hash: ``kinds`` given as one
    string (read letter by letter, it asked for the kind ``'s'``), a ``seed`` that is not a whole number
    (:class:`random.Random` seeds from the text of ``"x"``, ``None`` or ``1.5`` as well), and a count in
    ``counts`` (``n=``, ``cap=``; ``None`` allowed) that is not a whole number.

    Raises:
        TypeError: naming the argument and the value given.
    """
    if isinstance(kinds, (str, bytes)):
        raise TypeError(f"kinds is a list of kind names, not the string {kinds!r:.60} (write [{kinds!r:.60}])")
    if kinds is not None and not all(isinstance(k, str) for k in kinds):
        raise TypeError(f"kinds is a list of kind names (text), not {list(kinds)!r:.60}")
    for name, value in (("seed", seed), *counts.items()):
        if value is None and name != "seed":
            continue
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name} must be a whole number, not {value!r:.60}")


def source_game(source: Game | str | Path, seed: int = 0, players: int | None = None,
                cap: int = SOURCE_CAP) -> Game:
    """Return the game questions are drawn from.

    Args:
        source: a :class:`~gamekit.game.Game` (used as it is), a title's CLI name (a seeded game of heuristic
            bots, ``cap`` actions at most), a save's JSON text, or a :class:`~pathlib.Path` of a save or of an
            18xx.games log.
        seed: the bot game's seed (a title only).
        players: the bot game's player count (default 4, or the title's nearest count).

    Raises:
        ValueError: neither a title nor a save's text; DataError: a malformed save or log.
    """
    from .. import SAVE_FORMAT, import_log, load_json
    from ..bots import play_seats
    from ..loading import parse_json
    from ..titles import game_class, title_names

    if isinstance(source, Game):
        return source
    if isinstance(source, Path):
        data = parse_json(source.read_text(encoding="utf-8"), str(source))
        is_save = isinstance(data, dict) and data.get("format") == SAVE_FORMAT
        return load_json(data) if is_save else import_log(data)
    if source in title_names():
        cls = game_class(source)
        count = players or min(max(4, cls.min_players), cls.max_players)
        return play_seats(source, ["heuristic"] * count, seed, cap=cap)
    if source.lstrip().startswith("{"):
        return load_json(source)
    raise ValueError(f"{source[:40]!r} is neither a title ({', '.join(title_names())}) nor a save's JSON text")


def candidates(game: Game, kind: Kind, rng: random.Random) -> list[int]:
    """Return the positions (action indices) of ``game`` where ``kind`` may ask, best suited first and drawn
    with ``rng`` among equals; the last position comes last (nothing was played from it)."""
    tiers: dict[int, list[int]] = {}
    for index, (action, events) in enumerate(game.history()):
        level = kind.priority(action, events)
        if level:
            tiers.setdefault(level, []).append(index)
    order: list[int] = []
    for level in sorted(tiers, reverse=True):
        indices = tiers[level]
        rng.shuffle(indices)
        order += indices
    return order + [len(game.actions)]


def ask(game: Game, kind: Kind, rng: random.Random, skip: Iterable[int] = ()) -> Question | None:
    """Return one question of ``kind`` about a position of ``game`` (not one of ``skip``), ``None`` when
    the positions tried (``kind.tries``, else :data:`TRIES`) give none."""
    skipped = set(skip)
    tried = 0
    for index in candidates(game, kind, rng):
        if index in skipped:
            continue
        played = game.actions[index] if index < len(game.actions) else None
        found = kind.make(game.at(index), played, rng)
        if found is not None:
            return found
        tried += 1
        if tried >= (kind.tries or TRIES):
            break
    return None


def questions(source: Game | str | Path, kinds: Sequence[str] | None = None, n: int = 5, seed: int = 0,
              players: int | None = None, cap: int = SOURCE_CAP) -> list[Question]:
    """Return up to ``n`` questions about positions of ``source``, the same for the same arguments.

    Args:
        source: as :func:`source_game` takes it (a title plays a seeded bot game with ``seed``).
        kinds: names of :data:`gamekit.exercises.KINDS` to ask (default every kind the title has, in an order
            drawn with ``seed``); they take turns in that order, each asking about another position.
        n: how many questions.
        seed: seeds the draw of positions (and the bot game of a title).
        players, cap: the bot game's player count and length in actions (a title only; see :func:`source_game`).

    Returns:
        The questions; fewer than ``n`` when the game's history holds too few positions for the kinds.

    Raises:
        KeyError: an unknown kind; ValueError: a kind the title does not have; TypeError: ``kinds`` given as
            one string, or ``seed``, ``n``, ``players`` or ``cap`` not a whole number (:func:`check_draw`).
    """
    from . import KINDS

    check_draw(kinds, seed, n=n, players=players, cap=cap)
    game = source_game(source, seed, players, cap)
    rng = random.Random(seed)
    chosen = [KINDS[k] for k in kinds] if kinds is not None else rng.sample(applicable(game), len(applicable(game)))
    for kind in chosen:
        if not kind.applies(game):
            raise ValueError(f"{game.title} has no {kind.name} questions ({kind.summary})")
    found: list[Question] = []
    used: dict[str, list[int]] = {}
    exhausted: set[str] = set()
    while len(found) < n and len(exhausted) < len(chosen):
        for kind in chosen:
            if len(found) >= n or kind.name in exhausted:
                continue
            q = ask(game, kind, rng, used.get(kind.name, ()))
            if q is None:
                exhausted.add(kind.name)
                continue
            used.setdefault(kind.name, []).append(q.action_index)
            found.append(q)
    return found


def applicable(game: Game) -> list[Kind]:
    """Return the kinds of :data:`gamekit.exercises.KINDS` that ``game``'s title has, in registry order."""
    from . import KINDS

    return [k for k in KINDS.values() if k.applies(game)]


def about_position(game: Game, seed: int = 0, kinds: Sequence[str] | None = None) -> Question | None:
    """Return a question about ``game``'s current position (the classroom's "Question" button: the projected
    position becomes a question for the room), or ``None`` when no kind has one there.

    The kinds (default every kind the title has) are tried in an order drawn with ``seed``, the fallback kinds
    (:attr:`Kind.fallback`) last; each asks about a legal move of the position drawn with the same generator.
    ``game`` is not changed.

    Raises:
        KeyError: an unknown kind; TypeError: ``kinds`` given as one string, or ``seed`` not a whole number
            (:func:`check_draw`).
    """
    from . import KINDS

    check_draw(kinds, seed)
    rng = random.Random(seed)
    chosen = [KINDS[k] for k in kinds] if kinds is not None else applicable(game)
    for kind in sorted(rng.sample(chosen, len(chosen)), key=lambda k: k.fallback):
        if kind.applies(game):
            found = kind.make(game, None, rng)
            if found is not None:
                return found
    return None
