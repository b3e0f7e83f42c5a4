"""Benchmark the exact route finder on every logged ``run_routes`` of the recorded games of 1830, 1894 and 1837.

Usage: ``python benchmarks/bench_routes.py [--repeat N] [--json] [TITLE ...]`` (default: 1830 1894 1837; fixtures
from ``$GAMEKIT_FIXTURES``, default ``../shared/fixtures/18xx.games`` beside the project). Each position is the
game replayed to just before the logged run; a title that does not replay yet (1837) has its boards rebuilt from
the reference states beside the log, as ``tests/test_1837_routes.py`` does. The time of a position is the best
of ``--repeat`` runs of the router there, in CPU seconds of this process (other load on the machine does not
count, as in ``bench_engine.py``), each run after a garbage collection (a collection of the replay's objects
inside a search took up to 100 ms, more than any search). Prints per game the positions, mean time and the runs where the best set earns
more than the logged one, then per title the median, 95th percentile, mean and worst position and whether every
answer was proved optimal.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Iterator

from gamekit.routes import position, run_positions
from gamekit.titles import title_names
from gamekit.tracks.router import Position, find_best_routes

ROOT = Path(__file__).resolve().parent.parent
TITLES = ("1830", "1894", "1837")


def fixtures(title: str) -> list[Path]:
    """The logs (``*.json``) of ``title`` in the fixture folder, sorted."""
    base = Path(os.environ.get("GAMEKIT_FIXTURES") or ROOT.parent / "shared" / "fixtures" / "18xx.games")
    return sorted((base / title).glob("*.json"))


def positions(title: str, log: Path) -> Iterator[tuple[int, Position, int]]:
    """Yield ``(log action id, router position, logged revenue)`` before every logged run of ``log``."""
    if title in title_names():
        for logged in run_positions(log):
            yield logged.action_id, position(logged.game, logged.corporation), logged.logged_revenue
        return
    sys.path.insert(0, str(ROOT))
    from tests.test_1837_routes import logged_runs, position as rebuilt

    for action_id, entry, before in logged_runs(log):
        yield action_id, rebuilt(entry, before), sum(r["revenue"] for r in entry["routes"])


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def bench(title: str, repeat: int) -> dict:
    """Time every position of one title; return the figures (milliseconds)."""
    games = {}
    times: list[float] = []
    proved = True
    for log in fixtures(title):
        own: list[float] = []
        better = {}
        for action_id, pos, logged in positions(title, log):
            best = math.inf
            for _ in range(repeat):
                gc.collect()  # the replay's garbage is not the router's: no collection of it inside a timed search
                start = time.process_time()
                result = find_best_routes(pos)
                best = min(best, time.process_time() - start)
            own.append(best)
            proved &= result.proved_optimal
            if result.total != logged:
                better[action_id] = [logged, result.total]
        games[log.stem] = {"positions": len(own), "mean_ms": round(1000 * statistics.mean(own), 2),
                           "max_ms": round(1000 * max(own), 2), "better": better}
        times += own
    return {"games": games, "positions": len(times), "median_ms": round(1000 * statistics.median(times), 2),
            "p95_ms": round(1000 * percentile(times, 0.95), 2), "max_ms": round(1000 * max(times), 2),
            "mean_ms": round(1000 * statistics.mean(times), 2), "all_proved_optimal": proved}


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark for the titles asked (those with fixtures), print or dump the figures; 1 if none."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("titles", nargs="*", default=list(TITLES))
    parser.add_argument("--repeat", type=int, default=3, help="runs per position; the fastest counts")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    titles = [t for t in args.titles if fixtures(t)]
    if not titles:
        print("bench_routes: no fixtures found for those titles (set GAMEKIT_FIXTURES)", file=sys.stderr)
        return 1
    figures = {title: bench(title, args.repeat) for title in titles}
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    for title, f in figures.items():
        for name, g in f["games"].items():
            print(f"{title} {name}: {g['positions']} positions, mean {g['mean_ms']} ms, max {g['max_ms']} ms, "
                  f"best > logged at {g['better']}")
        print(f"{title}: {f['positions']} positions: median {f['median_ms']} ms, 95th percentile {f['p95_ms']} ms, "
              f"max {f['max_ms']} ms (mean {f['mean_ms']} ms); all proved optimal: {f['all_proved_optimal']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
