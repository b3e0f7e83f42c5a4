"""Benchmark the exact route finder on every logged ``run_routes`` of the recorded 1830 games.

Usage: ``python benchmarks/bench_routes.py [--repeat N] [--json]`` (fixtures from ``$GAMEKIT_FIXTURES``, default
``../shared/fixtures/18xx.games`` beside the project). Each position is the game replayed to just before the
logged run; the time is the best of ``--repeat`` runs of ``best_routes`` there (wall clock, seconds). Prints per
game the positions, mean time and the runs where the best set beats the logged one, then the median, 95th
percentile and maximum time per position over all games, and whether every answer was proved optimal.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path

from gamekit.routes import best_routes, run_positions

ROOT = Path(__file__).resolve().parent.parent


def fixtures() -> list[Path]:
    """The 1830 logs (``*.json``) of the fixture folder, sorted."""
    base = Path(os.environ.get("GAMEKIT_FIXTURES") or ROOT.parent / "shared" / "fixtures" / "18xx.games")
    return sorted((base / "1830").glob("*.json"))


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def bench(repeat: int) -> dict:
    """Time every position; return the figures (seconds)."""
    games = {}
    times: list[float] = []
    proved = True
    for log in fixtures():
        own: list[float] = []
        better = {}
        for logged in run_positions(log):
            best = None
            for _ in range(repeat):
                start = time.perf_counter()
                result = best_routes(logged.game, logged.corporation)
                elapsed = time.perf_counter() - start
                best = elapsed if best is None else min(best, elapsed)
            own.append(best)
            proved &= result.proved_optimal
            if result.total != logged.logged_revenue:
                better[logged.action_id] = [logged.logged_revenue, result.total]
        games[log.stem] = {"positions": len(own), "mean_ms": round(1000 * statistics.mean(own), 2), "better": better}
        times += own
    return {"games": games, "positions": len(times), "median_ms": round(1000 * statistics.median(times), 2),
            "p95_ms": round(1000 * percentile(times, 0.95), 2), "max_ms": round(1000 * max(times), 2),
            "mean_ms": round(1000 * statistics.mean(times), 2), "all_proved_optimal": proved}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per position; the fastest counts")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not fixtures():
        print("bench_routes: no 1830 fixtures found (set GAMEKIT_FIXTURES)", file=sys.stderr)
        return 1
    figures = bench(args.repeat)
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    for name, g in figures["games"].items():
        print(f"{name}: {g['positions']} positions, mean {g['mean_ms']} ms, best > logged at {g['better']}")
    print(f"{figures['positions']} positions: median {figures['median_ms']} ms, 95th percentile "
          f"{figures['p95_ms']} ms, max {figures['max_ms']} ms (mean {figures['mean_ms']} ms); "
          f"all proved optimal: {figures['all_proved_optimal']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
