"""The ``gamekit assignment`` command: write an assignment notebook of seeded questions in nbgrader's format.

``gamekit assignment TITLE --questions N --seed S OUT.ipynb [--kinds K,K] [--players P] [--student]``
(see :mod:`gamekit.exercises.notebook` for the notebook). The lead wires it into :mod:`gamekit.cli` with
``add_arguments(subparser)`` and ``set_defaults(func=run)``.
"""

from __future__ import annotations

import argparse
import sys

from ..i18n import Message, _, localize, msg, ngettext
from ..titles import display_name, title_names


MAX_QUESTIONS = 200
"""The most questions an assignment holds: more than a class answers, and as many as one seeded bot game of the
longest title gives within seconds (a count without bound drew for minutes before any output)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments to ``parser`` (the ``assignment`` subparser); a count below 1 is a usage
    error (argparse's exit 2), as in the other commands, and so is a seed that is no whole number or one too long
    for a save (:func:`gamekit.cli.seed`, the game's own message)."""
    from ..cli import positive, seed  # here, not at the top: gamekit.cli imports this module

    parser.add_argument("title", choices=title_names())
    parser.add_argument("out", metavar="OUT.ipynb", help=_("the notebook to write"))
    parser.add_argument("--questions", type=positive, default=10, metavar="N",
                        help=_("how many questions (default 10)"))
    parser.add_argument("--seed", type=seed, default=0, metavar="S", help=_("seed of the bot game and of the draw"))
    parser.add_argument("--kinds", default=None, help=_("comma-separated question kinds (default: every kind the "
                                                        "title has; gamekit.exercises.KINDS)"))
    parser.add_argument("--players", type=positive, default=None, help=_("players of the bot game (default 4)"))
    parser.add_argument("--student", action="store_true", help=_("write answer_<n> = None instead of nbgrader's "
                                                                 "solution regions (to hand out without nbgrader)"))


def run(args: argparse.Namespace) -> int:
    """Write the notebook; return 0, 2 with one line on stderr (``gamekit assignment: …``) when the options are
    refused (:func:`usage_refusal`, a usage error as in ``gamekit simulate``), or 1 with one line when fewer
    questions than asked could be drawn or the notebook cannot be written."""
    from . import questions
    from .notebook import assignment, write

    kinds = None if args.kinds is None else [k.strip() for k in args.kinds.split(",")]
    refusal = usage_refusal(args.title, kinds, args.players, args.seed, args.questions)
    if refusal is not None:
        return _fail(refusal, status=2)
    found = questions(args.title, kinds, n=args.questions, seed=args.seed, players=args.players)
    if len(found) < args.questions:
        return _fail(msg("only {count} questions of the kinds asked were found in the seeded game; ask fewer or "
                         "other kinds", count=len(found)))
    heading = ngettext("{title}: {count} question (seed {seed})", "{title}: {count} questions (seed {seed})",
                       args.questions).format(title=display_name(args.title), count=args.questions, seed=args.seed)
    notebook = assignment(found, heading, student=args.student)
    try:
        write(notebook, args.out)  # with the folders nbgrader's layout needs (source/ps1/)
    except OSError as exc:
        return _fail(f"{args.out}: {exc.strerror}")
    kinds = ", ".join(sorted({q.kind for q in found}))
    print(ngettext("wrote {file}: {count} question ({kinds})", "wrote {file}: {count} questions ({kinds})",
                   len(found)).format(file=args.out, count=len(found), kinds=kinds))
    return 0


def usage_refusal(title: str, kinds: list[str] | None, players: int | None, seed: int,
                  count: int = 1) -> str | None:
    """Why the options cannot make an assignment of ``count`` questions of ``title``, before any game is played, or
    ``None``: more than :data:`MAX_QUESTIONS` questions, a number of players the title does not play or a seed its
    game refuses (:func:`gamekit.widgets.classroom_launch.first_game_refusal`: more than 18 digits), ``kinds``
    given but naming none (``--kinds ""``: ``None`` is every kind) or with an empty name (``--kinds ,rust``), an
    unknown question kind or a kind the title does not have (both naming the title's kinds)."""
    from .. import new_game
    from ..titles import game_class
    from ..widgets.classroom_launch import first_game_refusal
    from . import KINDS

    if count > MAX_QUESTIONS:
        return msg("an assignment holds at most {most} questions, not {count}", most=MAX_QUESTIONS, count=count)
    cls = game_class(title)
    count = players or min(max(4, cls.min_players), cls.max_players)  # the bot game's count (source_game)
    refusal = first_game_refusal(title, count, seed)
    if refusal is not None:
        return refusal
    game = new_game(title, [f"Player {i + 1}" for i in range(count)], seed=seed)
    own = ", ".join(kind.name for kind in KINDS.values() if kind.applies(game))
    if kinds is not None and not any(kinds):
        return msg("--kinds names no question kind (leave it out for every kind); the kinds are {kinds}", kinds=own)
    if kinds is not None and "" in kinds:
        return msg("--kinds has an empty name: {value}; the kinds are {kinds}", value=repr(",".join(kinds)),
                   kinds=own)
    unknown = [kind for kind in kinds or () if kind not in KINDS]
    if unknown:
        return msg("unknown question kind {kind}; the kinds are {kinds}", kind=repr(unknown[0]), kinds=own)
    for kind in (KINDS[name] for name in kinds or ()):
        if not kind.applies(game):
            return msg("{title} has no {kind} questions ({summary})", title=title, kind=kind.name,
                       summary=Message(kind.summary, {}))
    return None


def _fail(message: str, status: int = 1) -> int:
    """Print ``message`` (in the current language where it is a template) as the command's one-line refusal and
    return the exit ``status``."""
    print(f"gamekit assignment: {localize(message)}", file=sys.stderr)
    return status
