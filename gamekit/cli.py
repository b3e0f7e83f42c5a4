"""The ``gamekit`` command: ``replay`` an 18xx.games log or a Rails-18xx report, best ``routes`` along a log,
``simulate`` bot games, ``measure`` them, ``export`` a save as an 18xx.games log, write an ``assignment``, open the
``classroom`` app, list ``titles``.

Every error about a file the user named is one line on stderr in one style, ``gamekit <command>: <path as
given>: <place in the file>: <reason>`` (e.g. ``gamekit replay: game.json: action 12: 1830:stock.buy: …``),
whichever layer found it (:func:`file_error`). The messages are in the language of ``GAMEKIT_LANG``
(:mod:`gamekit.i18n`), argparse's own too ("usage:", "options", "error: …"; :data:`ARGPARSE_TEXTS`); a loader's
message about a file's contents stays as the loader wrote it.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import re
import sys
from contextlib import contextmanager
from functools import reduce
from pathlib import Path
from typing import Any, Iterator

from .errors import DataError, GameError, cut, message_of, shown
from .i18n import N_, Message, Nn_, Term, _, localize, ngettext, number_text
from .game import SEED_LIMIT
from .loading import MAX_DIGITS
from .numerals import typed_whole_number
from .titles import display_name, game_class, title_names
from .widgets.classroom_launch import add_arguments as add_classroom_arguments, run as run_classroom
from .export_cli import add_arguments as add_export_arguments, run as run_export
from .exercises.assignment_cli import add_arguments as add_assignment_arguments, run as run_assignment


FILE_PLACES = ("log", "save", "report")
"""How the loaders name a file's contents when they were not given its path (the CLI puts the path instead)."""


def file_error(command: str, path: str, message: Any) -> str:
    """Return the one-line error ``gamekit <command>: <path>: <place>: <reason>`` for a problem in the file
    ``path`` (as the user typed it), in the current language.

    ``message`` is the loader's, best as it was built (``DataError.message``, a :class:`gamekit.i18n.Message`):
    the file's place in it (its path as the loader spelled it, ``./a.json`` read as ``a.json``, or the word
    ``log``) is then given ``path`` before the message is rendered, so the file is named once, with the
    translation's own punctuation (``a.json：不是有效的 JSON…``), and no translated place word is left. Text
    already rendered loses a leading place the same way where it starts with one. ``path`` is cut to 200
    characters: a message stays one short line whatever was typed."""
    shown_path = cut(path, 200)
    placed = _with_place(message, _file_places(path), shown_path)
    if placed is not None:
        return f"gamekit {command}: {localize(placed)}"
    text = localize(message)
    for prefix in _file_places(path):
        if text.startswith(prefix + ":"):
            text = text[len(prefix):].lstrip(": ")
            break
    return f"gamekit {command}: {shown_path}: {text}"


def _file_places(path: str) -> tuple[str, ...]:
    return (str(Path(path)), path, Path(path).name, *FILE_PLACES)


def _with_place(message: Any, places: tuple[str, ...], path: str) -> Message | None:
    """``message`` with the file's place (its innermost leading ``{where}``, a spelling of the file in
    ``places`` or a place word such as :data:`gamekit.import18xx.LOG`) set to ``path``; ``None`` when the message
    does not start with the file's place."""
    if type(message) is not Message or not message.template.startswith("{where}") or "where" not in message.values:
        return None
    where = message.values["where"]
    placed = _with_place(where, places, path)
    if placed is None:
        if not (isinstance(where, Term) or where in places):
            return None
        placed = path
    return Message(message.template, {**message.values, "where": placed}, message.plural, message.n)


def _replay(args: argparse.Namespace) -> int:
    from .import18xx import import_log
    from .loading import read_text
    from .rails import import_rails_report, is_rails_report

    path = Path(args.path)
    try:  # a Rails-18xx report or an 18xx.games log, told apart by content, whatever the suffix
        reader = import_rails_report if is_rails_report(read_text(path, str(path))) else import_log
        report = reader(path)
    except DataError as exc:
        problem = _("a gamekit save, not an 18xx.games log: open it in the classroom ('gamekit classroom', then "
                    "Load game), or write it as a log to replay with 'gamekit export {save} log.json'").format(
            save=cut(args.path, 200)) if file_kind(path) == "save" else exc.message
        print(file_error("replay", args.path, problem), file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(report.summary(), indent=1))
    else:
        print(report.describe())
    if report.error:
        print(file_error("replay", args.path, report.error), file=sys.stderr)
    elif not report.ok:
        print(file_error("replay", args.path, report.mismatch()), file=sys.stderr)
    return 0 if report.ok else 1


def file_kind(path: Path) -> str | None:
    """What the JSON file at ``path`` is, for a command given the other kind: ``"save"`` (a gamekit save: its
    ``format`` is a save's, as ``Game.to_json`` writes it), ``"log"`` (an 18xx.games log by its shape: fields or
    action ids only a log has, and nothing only a save has, :func:`gamekit.loading.shape_marks`), ``None`` for
    anything else or unreadable."""
    from .game import SAVE_FORMAT
    from .loading import parse_object, shape_marks

    try:
        data, _where = parse_object(path, str(path))  # within the loaders' limits (size, nesting, digits)
    except DataError:
        return None
    if data.get("format") == SAVE_FORMAT:
        return "save"
    save, log = shape_marks(data)
    return "log" if log and not save else None


def _routes(args: argparse.Namespace) -> int:
    from .loading import read_text
    from .rails import is_rails_report
    from .routes import as_dict, run_positions, timed_best

    rows = []
    try:
        if is_rails_report(read_text(Path(args.path), args.path)):  # a report records no routes to look at
            print(file_error("routes", args.path, _("a Rails-18xx report: routes reads 18xx.games logs "
                                                    "('gamekit replay' reads Rails reports)")), file=sys.stderr)
            return 1
        for logged in run_positions(Path(args.path), at=args.at):
            result, seconds = timed_best(logged.game, logged.corporation, args.time_budget)
            row = {"action_id": logged.action_id, "corporation": logged.corporation,
                   "logged_revenue": logged.logged_revenue, "best_revenue": result.total,
                   "proved_optimal": result.proved_optimal, "seconds": round(seconds, 4), **as_dict(result)}
            del row["total"]
            rows.append(row)
            if not args.json:
                print(_("action {id:>5} {corporation:<5} logged {logged:>4} {best} {ms:.1f} ms").format(
                    id=row["action_id"], corporation=row["corporation"], logged=row["logged_revenue"],
                    best=_best_text(row), ms=row["seconds"] * 1000))
    except DataError as exc:
        problem = _("a gamekit save, not an 18xx.games log: write it as a log with 'gamekit export {save} log.json', "
                    "then 'gamekit routes --all log.json'").format(save=cut(args.path, 200)) \
            if file_kind(Path(args.path)) == "save" else exc.message
        print(file_error("routes", args.path, problem), file=sys.stderr)
        return 1
    except ValueError as exc:  # the log's title has no route finder
        print(file_error("routes", args.path, message_of(exc)), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(rows, indent=1))
    if args.at is not None and not rows:
        print(file_error("routes", args.path, _("no run_routes with action id {id}").format(id=args.at)),
              file=sys.stderr)
        return 1
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from .simulate import DEFAULT_ACTION_CAP, new_bot_game, soak, simulate

    if not args.check and (args.samples is not None or args.mutations is not None):
        print("gamekit simulate: " + _("--samples and --mutations go with --check (the soak)"), file=sys.stderr)
        return 2
    options = tuple(args.option)
    for problem in filter(None, map(malformed_option, options)):
        print(f"gamekit simulate: {problem}", file=sys.stderr)
        return 2
    try:  # the title judges its options (unknown ones, options that need another) before any game is played
        new_bot_game(args.title, args.players, args.seed, options)
    except GameError as exc:
        print(f"gamekit simulate: {exc}", file=sys.stderr)
        return 2
    if args.check:
        given = {name: value for name in ("samples", "mutations") if (value := getattr(args, name)) is not None}
        checked = soak(args.title, args.players, args.games, args.seed, options=options, **given)
        print(json.dumps({"title": args.title, "players": args.players, "options": list(options),
                          **checked.as_dict()}, indent=1))
        return 0 if not checked.violations and not checked.errors else 1
    report = simulate(args.title, args.players, args.games, args.seed, progress=not args.json, options=options)
    data = {"options": list(options), **report.as_dict()}
    if args.json:
        print(json.dumps(data, indent=1))
    else:
        capped = _(", {capped} stopped at {cap} actions (legal play that had not ended)").format(
            capped=report.capped, cap=DEFAULT_ACTION_CAP) if report.capped else ""
        print(_("{finished}/{games} games finished{capped}, mean {mean} actions, end reasons {reasons}, "
                "{seconds} s").format(finished=data["finished"], games=data["games"], capped=capped,
                                      mean=number_text(data["mean_actions"], 1),
                                      reasons=_tally(data["end_reasons"], args.title),
                                      seconds=number_text(data["seconds"], 3)))
        for err in data["errors"]:
            print(_("error:"), err)
    return 0 if not report.errors else 1  # a game stopped at the cap is legal play, not an error


def significant_text(value: float, digits: int = 4) -> str:
    """``value`` to about ``digits`` significant digits (every digit of its whole part, never an exponent) as
    the current language writes a number (:func:`number_text`: ``2,439``, ``1.005`` in Spanish); a mean that has
    no value (NaN: ``price_volatility`` of a title without share prices) as a dash."""
    if math.isnan(value):
        return "—"
    whole = len(str(int(abs(value)))) if int(value) else 0
    return number_text(value, max(0, digits - whole))


STOPPED = N_("stopped at the action cap")
"""The end reason of a bot game stopped at the action cap (``"cap"``, which is no reason of the rules)."""


def _tally(counts: dict[str, int], title: str) -> str:
    """Counts of end reasons of games of ``title`` as a reader reads them, in words in the current language (``the
    bank broke ×3, a player went bankrupt ×1``, as the title says them: :meth:`gamekit.query.Queries.end_words`),
    in the order given."""
    words = game_class(title).end_words
    parts = [f"{_(STOPPED) if reason == 'cap' else localize(words(reason))} ×{count}"
             for reason, count in counts.items()]
    return reduce(lambda first, rest: _("{first}, {rest}").format(first=first, rest=rest), parts) if parts else ""


def missing_extra(package: str, extra: str) -> str:
    """The one-line hint for a command that needs ``package``, which the optional dependency group ``extra`` of
    pyproject.toml installs (``"pandas"``, ``"compare"``), in the current language. It names the kit's own ways
    to install an extra, as README does (the repository's editable install, or the built wheel's file followed by
    the extra): a bare ``pip install 'gamekit[extra]'`` would fetch an unrelated project of that name from the
    package index."""
    return _("{package} is not installed: install the kit with its {extra} extra (in the repository: "
             "pip install -e '.[{extra}]'; from a wheel: pip install '<the .whl file>[{extra}]')").format(
        package=package, extra=extra)


def _not_importable(names: tuple[str, ...]) -> str | None:
    """The first of the modules ``names`` that cannot be imported, or ``None`` when all can."""
    for name in names:
        try:
            importlib.import_module(name)
        except ImportError:
            return name
    return None


def _measure(args: argparse.Namespace) -> int:
    # pandas builds the table, pyarrow writes it as Parquet: both come with the compare extra, and their absence is
    # one line (exit 2), as the command's other refusals, not the traceback of the import deep in the measuring
    missing = _not_importable(("pandas", "pyarrow") if args.out else ("pandas",))
    if missing:
        print("gamekit measure: " + missing_extra(missing, "compare"), file=sys.stderr)
        return 2
    from .compare.measure import MEANS, measure, who_played

    seats = args.seats.split(",") if args.seats else None
    if args.out and not args.out.lower().endswith(".parquet"):
        print("gamekit measure: " + _("{path} is not a .parquet file: the table is saved as Parquet").format(
            path=args.out), file=sys.stderr)
        return 2
    try:
        frame = measure(args.title, args.players, args.games, bot=args.bot, seed=args.seed, seats=seats,
                        options=args.option, workers=args.workers, progress=not args.json, path=args.out)
    except ValueError as exc:
        print(f"gamekit measure: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(frame.to_json(orient="records", indent=1))
        return 0
    means = frame[list(MEANS)]
    seats = frame["bots"].iloc[0].split(",")
    print(_("{count} games of {title}, {players}").format(count=len(frame), title=args.title,
                                                          players=localize(who_played(seats))))
    print(_("means:"), ", ".join(f"{_(MEANS[k])} {significant_text(v)}" for k, v in means.mean().items()))
    print(_("end reasons:"), _tally(frame["end_reason"].value_counts().to_dict(), args.title))
    wins = frame["winner_seat"].value_counts().sort_index()
    print(_("winning seat:"), ", ".join(_("seat {seat} ({bot}): {games}").format(seat=seat + 1, bot=seats[seat],
                                                                                  games=games)
                                         for seat, games in wins.items()))
    if args.out:
        print(_("saved {path}").format(path=args.out))
    return 0


def _titles(args: argparse.Namespace) -> int:
    """``gamekit titles``: each playable title headed by its printed name (:func:`~gamekit.titles.display_name`)
    with the CLI name the commands take where the two differ, its player counts and the rule options ``--option``
    takes (the names the title's own check accepts, ``Game.options_available``), or only the CLI names with
    ``--names``."""
    if args.names:
        print("\n".join(title_names()))
        return 0
    for title in title_names():
        cls = game_class(title)
        name = display_name(title)  # the heading: the printed name, with the CLI name the user types
        heading = _("{title} ({least}–{most} players)") if name == title else \
            _("{name} ({title}, {least}–{most} players)")
        print(heading.format(name=name, title=title, least=cls.min_players, most=cls.max_players))
        if not cls.options_available:
            print("  " + _("no rule options"))
            continue
        print("  " + _("rule options (--option NAME):"))
        width = max(map(len, cls.options_available))
        for name, what in cls.options_available.items():
            print(f"    {name:<{width}}  {_(what)}")
    return 0


def positive(text: str) -> int:
    """An option's count read as argparse's ``type``: a whole number of at least 1, else a usage error (exit 2).

    Raises:
        argparse.ArgumentTypeError: no whole number (:func:`whole`), or a number below 1.
    """
    value = whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(_("{text} is not a positive whole number").format(text=text))
    return value


def whole(text: str) -> int:
    """An argument read as argparse's ``type``, by the kit's one policy for typed whole numbers
    (:func:`gamekit.numerals.typed_whole_number`: a sign, full-width and other scripts' decimal digits, no ``_``;
    at most 18 digits, as a save holds a number).

    Raises:
        argparse.ArgumentTypeError: ``text`` writes no such number (a usage error, exit 2).
    """
    value = typed_whole_number(text)
    if value is None:
        raise argparse.ArgumentTypeError(_("{text} is not a whole number").format(text=shown(text)))
    return value


_DIGIT_RUN = re.compile(r"\d+")  # a run of any script's decimal digits, as typed_whole_number reads them


def seed(text: str) -> int:
    """A ``--seed`` read as argparse's ``type``: a whole number by the kit's one policy (:func:`whole`: a sign,
    any script's decimal digits, no ``_``) of at most :data:`gamekit.loading.MAX_DIGITS` digits, as a save holds
    a seed (``gamekit simulate``, ``measure``, ``assignment`` and ``classroom`` alike).

    Raises:
        argparse.ArgumentTypeError: ``text`` writes no whole number (:func:`whole`'s message), or one of more
            digits, of any length: :data:`gamekit.game.SEED_LIMIT`, the game's own message (argparse names the
            argument).
    """
    value = typed_whole_number(text)
    if value is not None:
        return value
    # the same text with each run of digits as one digit: a whole number then, it was one too long for a save
    if typed_whole_number(_DIGIT_RUN.sub("0", text)) is not None:
        raise argparse.ArgumentTypeError(_(SEED_LIMIT).format(digits=MAX_DIGITS, seed=cut(text.strip(), 60)))
    return whole(text)


def _count(text: str) -> int:
    value = whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(_("{text} is not a whole number >= 0").format(text=text))
    return value


def malformed_option(text: str) -> str | None:
    """Why an ``--option`` as typed is malformed, or ``None``: it is ``KEY=VALUE`` (1837's ``edition=1st``) or a
    title's plain option name (1830's ``optional_6_train``); whether the title has it is the title's to say."""
    key, eq, value = text.partition("=")
    if not key or (eq and not value) or "=" in value or any(c.isspace() for c in text):
        return _("option {option} is malformed: write KEY=VALUE (e.g. edition=1st) or an option name").format(
            option=shown(text))
    return None


def _best_text(row: dict) -> str:
    """The best-routes column of ``gamekit routes``: the proved best revenue, the best found so far when the time
    budget ran out first, or that the budget ended before any route set was found."""
    if row["proved_optimal"]:
        return _("best {revenue:>4} proved").format(revenue=row["best_revenue"])
    if row["routes"]:
        return _("best found {revenue:>4} (time budget ran out: not proved)").format(revenue=row["best_revenue"])
    return _("no route set found within the time budget")


def _seconds(text: str) -> float:
    value = float(text)
    if not value >= 0:  # also refuses nan
        raise argparse.ArgumentTypeError(_("{text} is not a number of seconds >= 0").format(text=text))
    return value


ARGPARSE_TEXTS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"), N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"), N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"), N_("one of the arguments %s is required"),
    N_("expected one argument"), N_("expected at most one argument"), N_("expected at least one argument"),
    Nn_("expected %s argument", "expected %s arguments"), N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"), N_("invalid choice: %(value)r (choose from %(choices)s)"))
"""argparse's own messages a user of the command can meet, marked for gamekit's catalogs. argparse looks each one
up through gettext as it writes it (Python's documented way to translate its output);
:func:`argparse_in_language` points that lookup at gamekit's catalog of the current language."""


@contextmanager
def argparse_in_language() -> Iterator[None]:
    """``with argparse_in_language(): …`` builds and runs parsers whose own words (:data:`ARGPARSE_TEXTS`) are in
    gamekit's current language; argparse's lookup is restored after the block, for other users of argparse in
    the same process."""
    saved = argparse._, argparse.ngettext
    argparse._, argparse.ngettext = _, ngettext
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved


class OneLineParser(argparse.ArgumentParser):
    """argparse's parser whose usage errors are one line, as the commands' own refusals are: ``gamekit simulate:
    error: argument title: invalid choice: '1831' (choose from '1830', …)`` (argparse names the choices), cut to
    300 characters (it quotes what was typed), then a pointer to ``--help``; exit status 2. argparse's own
    several-line usage block is for ``--help`` only."""

    def error(self, message: str):
        """Print the one-line usage error and the pointer to ``--help`` on stderr and exit with status 2.

        Raises:
            SystemExit: always (status 2)."""
        line = _("%(prog)s: error: %(message)s\n") % {"prog": self.prog, "message": cut(message, 300)}
        self.exit(2, line + _("'{prog} --help' shows the usage").format(prog=self.prog) + "\n")


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 = success).

    Every command (its help and argparse's messages included) writes what standard output's encoding cannot
    hold (Chinese under ``PYTHONIOENCODING=ascii``, an en dash under cp1252) as a backslash escape
    (``\\u2013``), as Python writes standard error: never a traceback for the terminal's encoding."""
    with _escaped_output():
        with argparse_in_language():
            parser = _parser()
            args = parser.parse_args(argv)
        try:
            return args.func(args)
        except BrokenPipeError:
            return _reader_gone()


@contextmanager
def _escaped_output() -> Iterator[None]:
    """Standard output writes what its encoding cannot hold as backslash escapes for the time of the block, then
    as before (``main`` may be called from a program or a test that keeps its stream). A stream that cannot be
    reconfigured (a notebook's) is left as it is: those write any text."""
    out = sys.stdout
    reconfigure = getattr(out, "reconfigure", None)
    errors = getattr(out, "errors", None)
    if reconfigure is None or errors != "strict":
        yield
        return
    reconfigure(errors="backslashreplace")
    try:
        yield
    finally:
        if not out.closed:
            out.reconfigure(errors=errors)


def _parser() -> argparse.ArgumentParser:
    """The ``gamekit`` command's parser and its subcommands."""
    parser = OneLineParser(prog="gamekit", description=_("gamekit: replay 18xx.games logs with our rules, "
                                     "audit their routes, play seeded bot games, and open the classroom app."))
    sub = parser.add_subparsers(dest="command", required=True)

    rp = sub.add_parser("replay", help=_("replay an 18xx.games log with gamekit's rules"))
    rp.add_argument("path", help=_("the game to replay: an 18xx.games log (JSON) or a Rails game report"))
    rp.add_argument("--json", action="store_true", help=_("print one JSON object"))
    rp.set_defaults(func=_replay)

    rt = sub.add_parser("routes", help=_("best routes before logged run_routes of an 18xx.games log"))
    rt.add_argument("path", help=_("the 18xx.games log file (JSON, as the site exports a game)"))
    which = rt.add_mutually_exclusive_group(required=True)
    which.add_argument("--all", action="store_true", help=_("before every logged run_routes"))
    which.add_argument("--at", type=whole, metavar="ACTION_ID", help=_("only before the run_routes with this log id"))
    rt.add_argument("--time-budget", type=_seconds, default=None, metavar="SECONDS",
                    help=_("stop searching after this long (the answer then says it is not proved optimal)"))
    rt.add_argument("--json", action="store_true", help=_("print a JSON list, one object per position"))
    rt.set_defaults(func=_routes)

    sp = sub.add_parser("simulate", help=_("play games with a seeded random bot"))
    sp.add_argument("title", choices=title_names())
    sp.add_argument("--players", type=whole, required=True, help=_("the number of players (seats) of each game"))
    sp.add_argument("--games", type=positive, default=1, help=_("how many games to play (default: %(default)s)"))
    sp.add_argument("--seed", type=seed, default=0,
                    help=_("the first game's seed; game i has seed + i (default: %(default)s)"))
    sp.add_argument("--json", action="store_true", help=_("print one JSON object"))
    sp.add_argument("--check", action="store_true", help=_("soak: check invariants after every action, try listed "
                    "and mutated actions at every position; prints one JSON object"))
    sp.add_argument("--samples", type=_count, help=_("with --check: listed actions tried per position"))
    sp.add_argument("--mutations", type=_count, help=_("with --check: mutated actions tried per position"))
    sp.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help=_("a rule option of the title, e.g. edition=1st for 1837 (repeatable); 'gamekit titles' "
                           "lists every title's options"))
    sp.set_defaults(func=_simulate)

    mp = sub.add_parser("measure", help=_("playout metrics of seeded bot games, one row per game (needs the compare "
                        "extra)"))
    mp.add_argument("title", choices=title_names())
    mp.add_argument("--players", type=whole, required=True, help=_("the number of players (seats) of each game"))
    mp.add_argument("--games", type=positive, default=20, help=_("how many games to play (default: %(default)s)"))
    mp.add_argument("--seed", type=seed, default=1,
                    help=_("the first game's seed; game i has seed + i (default: %(default)s)"))
    bots = mp.add_mutually_exclusive_group()
    bots.add_argument("--bot", help=_("the bot of every seat: random or heuristic"))
    bots.add_argument("--seats", help=_("one bot per seat instead, comma-separated (heuristic,random,random)"))
    mp.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help=_("a rule option of the title, e.g. edition=1st for 1837 (repeatable); 'gamekit titles' "
                           "lists every title's options"))
    mp.add_argument("--workers", type=positive, default=None, help=_("local processes (default: every core)"))
    mp.add_argument("--out", help=_("save the table as Parquet (a .parquet file)"))
    mp.add_argument("--json", action="store_true", help=_("print the rows as a JSON list"))
    mp.set_defaults(func=_measure)

    ep = sub.add_parser("export", help=_("write a gamekit save of 1830, 1837 or 1894 as an 18xx.games log"))
    add_export_arguments(ep)
    ep.set_defaults(func=run_export)

    ap = sub.add_parser("assignment", help=_("write an assignment notebook of seeded questions (nbgrader's format)"))
    add_assignment_arguments(ap)
    ap.set_defaults(func=run_assignment)

    cl = sub.add_parser("classroom", help=_("open the classroom app in the browser (Voila, from the kit's classroom "
                                                  "extra)"))
    add_classroom_arguments(cl)
    cl.set_defaults(func=run_classroom)

    tp = sub.add_parser("titles", help=_("list the playable titles, their player counts and their rule options"))
    tp.add_argument("--names", action="store_true", help=_("only the titles' names, one a line (for scripts)"))
    tp.set_defaults(func=_titles)
    return parser


def _reader_gone() -> int:
    """The exit status when the program reading the output closed it early (``gamekit titles | head -1``): quiet,
    as other command-line tools are. What is still buffered goes nowhere, so that Python's own flush at exit does
    not fail on the closed pipe again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return 1


if __name__ == "__main__":
    sys.exit(main())
