"""Soak every title at every player count: seeded bot games with the invariant checks of ``gamekit simulate
--check`` (audit after every action, listed actions tried on forks, mutated actions refused without a trace), or
plain bot games with ``--plain`` (games per second, errors, end reasons).

Usage: python benchmarks/soak.py [--games N] [--seed S] [--samples K] [--mutations M] [--plain] [--players P ...]
[TITLE ...] (``--players``, repeatable: only these player counts; default every count of each title)
Prints one JSON object per title and player count; the figures go into issue notes, never into timed unit tests.
"""

from __future__ import annotations

import argparse
import json

from gamekit.simulate import simulate, soak
from gamekit.titles import game_class, title_names


def main() -> None:
    """Run the soak and print its JSON lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("titles", nargs="*", metavar="TITLE", help=f"default: every title ({', '.join(title_names())})")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=5)
    parser.add_argument("--mutations", type=int, default=5)
    parser.add_argument("--plain", action="store_true", help="bot games without checks")
    parser.add_argument("--players", type=int, action="append", help="only this player count (repeatable)")
    args = parser.parse_args()
    args.titles = args.titles or list(title_names())
    if unknown := [t for t in args.titles if t not in title_names()]:
        parser.error(f"unknown title {', '.join(unknown)}; the titles are {', '.join(title_names())}")
    for players in args.players or ():
        if not any(game_class(t).min_players <= players <= game_class(t).max_players for t in args.titles):
            parser.error(f"no title given plays with {players} players")
    for title in args.titles:
        cls = game_class(title)
        for players in range(cls.min_players, cls.max_players + 1):
            if args.players and players not in args.players:
                continue
            if args.plain:
                report = simulate(title, players, args.games, args.seed).as_dict()
                report["games_per_second"] = round(report["games"] / report["seconds"], 3) if report["seconds"] else None
                del report["winners"]
            else:
                report = soak(title, players, args.games, args.seed, args.samples, args.mutations).as_dict()
            print(json.dumps({"title": title, "players": players, **report}), flush=True)


if __name__ == "__main__":
    main()
