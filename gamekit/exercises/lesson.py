"""A lesson's closing quiz: a few seeded questions on what the lesson taught, about its own game or title."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ..game import Game
from .generate import SOURCE_CAP
from .question import Question

SIZES = range(3, 6)
"""A closing quiz asks 3 to 5 questions."""


def lesson_quiz(game_or_position: Game | str | Path, kinds: Sequence[str], n: int = 4, seed: int = 0,
                cap: int = SOURCE_CAP) -> list[Question]:
    """Return the ``n`` questions closing a lesson, the same for the same arguments.

    Args:
        game_or_position: the lesson's game (its history gives the positions: the quiz asks about moves the
            learner saw), a title's CLI name (a seeded bot game), a save's text or a path of a save or a log.
        kinds: the kinds the lesson taught (a list of names of :data:`gamekit.exercises.KINDS`: ``["sale_price"]``,
            never the bare string), asked in turn.
        n: 3 to 5 questions (a whole number).
        seed: a whole number; it seeds the draw of positions (and the bot game of a title).
        cap: the bot game's length in actions (a title only): a lesson on the opening may play fewer, to run
            faster.

    Returns:
        ``n`` questions, or fewer when the game holds too few positions for the kinds (a lesson's check cell
        should assert the count it expects).

    Raises:
        TypeError: ``kinds`` given as one string instead of a list, or ``n``, ``seed`` or ``cap`` not a whole
            number; ValueError: ``n`` outside 3–5, no kind, or a kind the title does not have; KeyError: an
            unknown kind.
    """
    from .generate import check_draw, questions

    check_draw(kinds, seed, n=n, cap=cap)
    if n not in SIZES:
        raise ValueError(f"a lesson's quiz asks 3 to 5 questions, not {n}")
    if not kinds:
        raise ValueError("name the kinds of question the lesson taught")
    return questions(game_or_position, kinds, n=n, seed=seed, cap=cap)
