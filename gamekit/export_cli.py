"""``gamekit export SAVE.json OUT.json``: write a saved 18xx game as an 18xx.games log (:mod:`gamekit.export18xx`).

The log is what ``gamekit replay`` and :func:`gamekit.import_log` read, and what the 18xx.games engine loads
(``benchmarks/crosscheck.py`` replays such logs there). A save of a cube-rail game is refused in one line: the site
has no format for it.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .errors import DataError, message_of
from .i18n import _, localize, msg, nmsg


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments to ``parser``: ``save`` (a gamekit save, ``Game.to_json``), ``out`` (the log
    file to write; ``-`` writes to standard output) and ``--gamekit-only`` (write options of gamekit's own too)."""
    parser.add_argument("save", help=_("a gamekit save (JSON written by Game.to_json or the classroom)"))
    parser.add_argument("out", help=_("the 18xx.games log to write ('-': standard output)"))
    parser.add_argument("--gamekit-only", action="store_true",
                        help=_("write the game's options that 18xx.games does not have too: a log only gamekit reads "
                               "back (without it such a game is refused: the site would play it without them)"))


def run(args: argparse.Namespace) -> int:
    """Export the save ``args.save`` to ``args.out``; returns 0, or 1 after a one-line error on stderr
    (``gamekit export: <file>: <reason>``) when the save is unreadable or malformed, its game is not an 18xx title
    or (without ``args.gamekit_only``) is played with an option 18xx.games does not have, or the output cannot be
    written, and before anything is read or written when ``args.out`` is the save itself
    (under any spelling of its path, a symlink or a hard link to it): the log would overwrite the user's game."""
    from . import load_json
    from .cli import file_kind  # the command line imports this module
    from .export18xx import write_log
    from .loading import read_text

    if args.out != "-" and same_file(args.save, args.out):
        return _fail(args.out, msg("this is the save being exported ({save}): writing the log there would overwrite "
                                   "it; name another file", save=args.save))
    try:
        game = load_json(read_text(Path(args.save), args.save))
        text = write_log(game, gamekit_only=args.gamekit_only)
    except (DataError, NotImplementedError) as exc:
        if file_kind(Path(args.save)) == "log":
            return _fail(args.save, msg("an 18xx.games log, not a gamekit save: 'gamekit replay {log}' replays it",
                                        log=args.save))
        # a NotImplementedError's text is the refusal as built (a template where it is one): str() would be English
        return _fail(args.save, message_of(exc))
    if args.out == "-":
        sys.stdout.write(text)
        return 0
    try:
        Path(args.out).write_text(text, encoding="utf-8")
    except OSError as exc:
        return _fail(args.out, exc.strerror or str(exc))
    count = len(game.actions)
    print(localize(nmsg("{path}: {title} log with {count} action", "{path}: {title} log with {count} actions", count,
                        path=args.out, title=game.title, count=count)))
    return 0


def same_file(first: str, second: str) -> bool:
    """Whether the paths ``first`` and ``second`` name one existing file (another spelling, a symlink or a hard
    link); ``False`` when either does not exist or cannot be looked at."""
    try:
        return os.path.samefile(first, second)
    except (OSError, ValueError):  # a missing file, or a path with a NUL byte
        return False


def _fail(path: str, message: object) -> int:
    """Print the one-line refusal ``gamekit export: <path>: <reason>`` (:func:`gamekit.cli.file_error`: the
    file named once, no place word such as ``save`` left, in the current language) and return 1."""
    from .cli import file_error  # the command line imports this module

    print(file_error("export", path, message), file=sys.stderr)
    return 1
