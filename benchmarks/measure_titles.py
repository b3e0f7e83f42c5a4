"""Playout measurements of every title and player count (issue 16's sweep): ``gamekit.measure`` of N heuristic-bot
games per title and count, each table saved as Parquet and summarised in one JSON file.

Usage: python benchmarks/measure_titles.py [--games N] [--seed S] [--bot B] [--workers W] [--players K]
[--chunk C] [--results DIR] [TITLE ...]

Writes ``<results>/measure/<title>-<players>p.parquet`` (one row per game, the columns of ``gamekit.measure``;
``results`` defaults to ``benchmarks/results``) and merges a summary per table into ``<results>/measure.json``:
games, finished, end reasons, mean actions, rounds and branching, the winner's seat counts and mean margin. The
tables hold no clock columns, so a rerun with the same seed writes the same rows. With ``--chunk C`` the games are
played C at a time and each chunk is saved as it finishes (``measure/<title>-<players>p-chunks/``), so a sweep of
hours stopped halfway goes on from its last chunk when run again; the table is the same as in one run (game ``i``
is seeded ``seed + i`` either way).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

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


def sweep(title: str, players: int, args: argparse.Namespace, out: Path) -> Any:
    """The table of one title and player count (a DataFrame of ``gamekit.measure``), saved as
    ``out/<title>-<players>p.parquet``; played in chunks of ``args.chunk`` games, each kept in
    ``out/<title>-<players>p-chunks/`` and reused by a rerun, when ``args.chunk`` is set."""
    import pandas as pd

    final = out / f"{title}-{players}p.parquet"
    play = dict(bot=args.bot, workers=args.workers)
    if not args.chunk:
        return measure(title, players, args.games, seed=args.seed, path=final, **play)
    parts = out / f"{title}-{players}p-chunks"
    parts.mkdir(exist_ok=True)
    frames = []
    for start in range(args.seed, args.seed + args.games, args.chunk):
        count = min(args.chunk, args.seed + args.games - start)
        part = parts / f"{args.bot}-seed{start}-{count}.parquet"
        if not part.exists():
            partial = part.with_suffix(".partial")  # renamed when whole: a stopped run leaves no half chunk
            measure(title, players, count, seed=start, path=partial, **play)
            partial.rename(part)
        frames.append(pd.read_parquet(part))
    table = pd.concat(frames, ignore_index=True)
    table.to_parquet(final, index=False)
    return table


def main(argv: list[str] | None = None) -> None:
    """Run the sweep, write the tables and the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("titles", nargs="*", default=list(title_names()))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--workers", type=int, default=None, help="local processes (default: every core)")
    parser.add_argument("--players", type=int, action="append", help="only these counts (repeatable)")
    parser.add_argument("--chunk", type=int, default=None, help="save every C games (a rerun goes on from there)")
    parser.add_argument("--results", type=Path, default=RESULTS, help="where to write (default benchmarks/results)")
    args = parser.parse_args(argv)
    (args.results / "measure").mkdir(parents=True, exist_ok=True)
    path = args.results / "measure.json"
    for title in args.titles:
        cls = game_class(title)
        for players in args.players or range(cls.min_players, cls.max_players + 1):
            table = sweep(title, players, args, args.results / "measure")
            done = json.loads(path.read_text()) if path.exists() else {}
            done[f"{title} {players}p"] = {"bot": args.bot, "seed": args.seed, **summary(table)}
            path.write_text(json.dumps(done, indent=1, sort_keys=True) + "\n")
            print(json.dumps({"title": title, "players": players, **done[f"{title} {players}p"]}), flush=True)


if __name__ == "__main__":
    main()
