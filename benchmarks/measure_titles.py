"""Playout measurements of every title and player count (issue 16's sweep): ``gamekit.measure`` of N heuristic-bot
games per title and count, each table saved as Parquet and summarised in one JSON file.

Usage: python benchmarks/measure_titles.py [--games N] [--seed S] [--bot B] [--workers W] [--players K] [TITLE ...]

Writes ``benchmarks/results/measure/<title>-<players>p.parquet`` (one row per game, the columns of
``gamekit.measure``) and merges a summary per table into ``benchmarks/results/measure.json``: games, finished,
end reasons, mean actions, rounds and branching, the winner's seat counts and mean margin. The tables hold no
clock columns, so a rerun with the same seed writes the same rows.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from gamekit import measure
from gamekit.titles import game_class, title_names

RESULTS = Path(__file__).parent / "results"


def summary(table) -> dict:
    """What the sweep reports of one table (a DataFrame of ``gamekit.measure``): counts and means, JSON-ready."""
    return {
        "games": len(table),
        "finished": int(table["finished"].sum()),
        "end_reasons": {str(k): int(v) for k, v in table["end_reason"].value_counts().sort_index().items()},
        "mean_actions": round(float(table["actions"].mean()), 1),
        "mean_rounds": round(float(table["rounds"].mean()), 1),
        "mean_branching": round(float(table["branching"].mean()), 1),
        "winner_seats": {str(k): int(v) for k, v in table["winner_seat"].value_counts().sort_index().items()},
        "mean_margin": round(float(table["margin"].mean()), 1),
    }


def main() -> None:
    """Run the sweep, write the tables and the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("titles", nargs="*", default=list(title_names()))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--workers", type=int, default=None, help="local processes (default: every core)")
    parser.add_argument("--players", type=int, action="append", help="only these counts (repeatable)")
    args = parser.parse_args()
    (RESULTS / "measure").mkdir(parents=True, exist_ok=True)
    path = RESULTS / "measure.json"
    for title in args.titles:
        cls = game_class(title)
        for players in args.players or range(cls.min_players, cls.max_players + 1):
            table = measure(title, players, args.games, bot=args.bot, seed=args.seed, workers=args.workers,
                            path=RESULTS / "measure" / f"{title}-{players}p.parquet")
            done = json.loads(path.read_text()) if path.exists() else {}
            done[f"{title} {players}p"] = {"bot": args.bot, "seed": args.seed, **summary(table)}
            path.write_text(json.dumps(done, indent=1, sort_keys=True) + "\n")
            print(json.dumps({"title": title, "players": players, **done[f"{title} {players}p"]}), flush=True)


if __name__ == "__main__":
    main()
