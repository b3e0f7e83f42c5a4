"""The ``gamekit`` command: ``replay`` an 18xx.games log, ``simulate`` bot games, list ``titles``."""

from __future__ import annotations

import argparse
import json
import sys

from .errors import DataError
from .titles import title_names


def _replay(args: argparse.Namespace) -> int:
    from .import18xx import import_log

    try:
        report = import_log(args.path)
    except DataError as exc:
        print(f"gamekit replay: {exc}", file=sys.stderr)
        return 1
    summary = report.summary()
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(report.describe())
    return 0 if report.ok else 1


def _simulate(args: argparse.Namespace) -> int:
    from .simulate import simulate

    try:
        report = simulate(args.title, args.players, args.games, args.seed, progress=not args.json)
    except ValueError as exc:  # unknown title or player count
        print(f"gamekit simulate: {exc}", file=sys.stderr)
        return 2
    data = report.as_dict()
    if args.json:
        print(json.dumps(data, indent=1))
    else:
        print(f"{data['finished']}/{data['games']} games finished, mean {data['mean_actions']} actions, "
              f"end reasons {data['end_reasons']}, {data['seconds']} s")
        for err in data["errors"]:
            print("error:", err)
    return 0 if not report.errors and report.finished == report.games else 1


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 = success)."""
    parser = argparse.ArgumentParser(prog="gamekit", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    rp = sub.add_parser("replay", help="replay an 18xx.games log with gamekit's rules")
    rp.add_argument("path")
    rp.add_argument("--json", action="store_true", help="print one JSON object")
    rp.set_defaults(func=_replay)

    sp = sub.add_parser("simulate", help="play games with a seeded random bot")
    sp.add_argument("title", choices=title_names())
    sp.add_argument("--players", type=int, required=True)
    sp.add_argument("--games", type=int, default=1)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--json", action="store_true", help="print one JSON object")
    sp.set_defaults(func=_simulate)

    tp = sub.add_parser("titles", help="list the playable titles")
    tp.set_defaults(func=lambda a: print("\n".join(title_names())) or 0)

    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
