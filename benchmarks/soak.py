"""Soak every title at every player count: seeded bot games with the invariant checks of ``gamekit simulate
--check`` (audit after every action, listed actions tried on forks, mutated actions refused without a trace), or
plain bot games with ``--plain`` (games per second, errors, end reasons).

Usage: python benchmarks/soak.py [--games N] [--seed S] [--samples K] [--mutations M] [--plain] [--players P ...]
[--workers W] [--out F.jsonl] [TITLE ...] (``--players``, repeatable: only these player counts; default every
count of each title)

Game ``i`` of a title and count is seeded ``S + i``, played alone (a one-game :func:`gamekit.simulate.simulate` or
:func:`gamekit.simulate.soak`), on one of ``W`` processes (default 1). With ``--out`` each game is appended to F as
one JSON line as soon as it ends (its kind, title, players, seed, CPU seconds and one-game report), and a rerun
with the same F plays only the games not in it yet: a soak of hours (1,000 games of 1837 per count) can stop and
go on. Prints one JSON summary per title and count, added up from its games (from F with ``--out``): games,
finished, errors, end reasons, and ``cpu_seconds`` (summed over the games) with ``games_per_cpu_second``. The
figures go into issue notes, never into timed unit tests.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from pathlib import Path

from gamekit.simulate import simulate, soak
from gamekit.titles import game_class, title_names

SUMMED = ("games", "finished", "actions", "listed_tried", "mutations_tried", "mutations_refused", "violation_count")
"""Counts of a one-game report that add up over games (those the report has: a plain game has no ``actions``)."""
MAX_VIOLATIONS = 50
"""Violation messages kept in a summary (``violation_count`` counts them all)."""


def play(task: tuple[str, str, int, int, int, int]) -> dict:
    """Play one game: ``task`` is ``(kind, title, players, seed, samples, mutations)``, kind ``"plain"`` or
    ``"check"``. Returns its JSON line: the task's fields, ``cpu`` (CPU seconds of this process) and the
    one-game report's fields (a plain game's ``mean_actions`` is its length; an error is in ``errors``)."""
    kind, title, players, seed, samples, mutations = task
    start = time.process_time()
    if kind == "check":
        report = soak(title, players, 1, seed, samples, mutations).as_dict()
    else:
        report = simulate(title, players, 1, seed).as_dict()
        del report["winners"]
    return {"kind": kind, "title": title, "players": players, "seed": seed,
            "cpu": round(time.process_time() - start, 3), **report}


def summary(lines: list[dict]) -> dict:
    """Add up the JSON lines of one title and count's games (see :func:`play`) into one JSON-ready summary:
    the counts of ``SUMMED`` the lines have, errors and violations listed (at most ``MAX_VIOLATIONS``), end
    reasons counted, the mean length of the games that raised nothing (plain games), the first and last seed,
    CPU seconds and games per CPU second."""
    out: dict = {key: sum(line[key] for line in lines) for key in SUMMED if lines and key in lines[0]}
    out["errors"] = [error for line in lines for error in line["errors"]]
    if lines and "violations" in lines[0]:
        out["violations"] = [v for line in lines for v in line["violations"]][:MAX_VIOLATIONS]
    reasons: Counter[str] = Counter()
    for line in lines:
        reasons.update(line["end_reasons"])
    out["end_reasons"] = dict(sorted(reasons.items()))
    if lines and "mean_actions" in lines[0]:
        clean = [line["mean_actions"] for line in lines if not line["errors"]]
        out["mean_actions"] = round(sum(clean) / len(clean), 1) if clean else 0.0
    seeds = [line["seed"] for line in lines]
    out["seeds"] = [min(seeds), max(seeds)] if seeds else []
    cpu = sum(line["cpu"] for line in lines)
    out["cpu_seconds"] = round(cpu, 1)
    out["games_per_cpu_second"] = round(len(lines) / cpu, 3) if cpu else None
    return out


def done_lines(path: Path | None) -> dict[tuple[str, str, int, int], dict]:
    """The games already in the ``--out`` file, by ``(kind, title, players, seed)`` (none without a file)."""
    if path is None or not path.exists():
        return {}
    lines = (json.loads(text) for text in path.read_text().splitlines() if text.strip())
    return {(line["kind"], line["title"], line["players"], line["seed"]): line for line in lines}


def run(tasks: list[tuple], workers: int, path: Path | None) -> list[dict]:
    """Play ``tasks`` (see :func:`play`) on ``workers`` processes, appending each line to ``path`` (if any) as
    soon as it and every task before it have ended; returns the lines in the order of ``tasks``."""
    lines = []
    with ExitStack() as stack:
        out = stack.enter_context(path.open("a")) if path else None
        pool = stack.enter_context(ProcessPoolExecutor(max_workers=workers)) if workers > 1 else None
        for line in pool.map(play, tasks) if pool else map(play, tasks):
            lines.append(line)
            if out:
                out.write(json.dumps(line) + "\n")
                out.flush()
    return lines


def counts(args: argparse.Namespace) -> list[tuple[str, int]]:
    """The ``(title, players)`` pairs asked for, in order."""
    pairs = []
    for title in args.titles:
        cls = game_class(title)
        pairs += [(title, p) for p in range(cls.min_players, cls.max_players + 1) if not args.players or p in args.players]
    return pairs


def main(argv: list[str] | None = None) -> int:
    """Run the soak and print its JSON summaries; returns the exit code (0)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("titles", nargs="*", metavar="TITLE", help=f"default: every title ({', '.join(title_names())})")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=5)
    parser.add_argument("--mutations", type=int, default=5)
    parser.add_argument("--plain", action="store_true", help="bot games without checks")
    parser.add_argument("--players", type=int, action="append", help="only this player count (repeatable)")
    parser.add_argument("--workers", type=int, default=1, help="processes playing games (one seed per task)")
    parser.add_argument("--out", type=Path, help="JSON lines file of every game; a rerun goes on from it")
    args = parser.parse_args(argv)
    args.titles = args.titles or list(title_names())
    if unknown := [t for t in args.titles if t not in title_names()]:
        parser.error(f"unknown title {', '.join(unknown)}; the titles are {', '.join(title_names())}")
    for players in args.players or ():
        if not any(game_class(t).min_players <= players <= game_class(t).max_players for t in args.titles):
            parser.error(f"no title given plays with {players} players")
    if args.workers < 1 or args.games < 1:
        parser.error("--workers and --games must be at least 1")
    kind = "plain" if args.plain else "check"
    wanted = {(kind, title, players, args.seed + i): (kind, title, players, args.seed + i, args.samples, args.mutations)
              for title, players in counts(args) for i in range(args.games)}
    done = done_lines(args.out)
    new = run([task for key, task in wanted.items() if key not in done], args.workers, args.out)
    lines = {**done, **{(line["kind"], line["title"], line["players"], line["seed"]): line for line in new}}
    for title, players in counts(args):
        mine = [lines[key] for key in wanted if key[1:3] == (title, players)]
        print(json.dumps({"title": title, "players": players, **summary(mine)}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
