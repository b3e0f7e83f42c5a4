"""Benchmark: replay time of each 18xx.games fixture, and the time to fork() and undo() in a mid-game position.

Usage: python benchmarks/bench_replay.py [FIXTURES_DIR]   (default: $GAMEKIT_FIXTURES or ../shared/fixtures/18xx.games)
Prints one JSON object; the figures go into issue notes, never into timed unit tests.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

from gamekit.import18xx import import_log


def best_of(n: int, fn) -> float:
    """The fastest of ``n`` runs of ``fn()``, in seconds."""
    times = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    default = Path(__file__).resolve().parent.parent.parent / "shared" / "fixtures" / "18xx.games"
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("GAMEKIT_FIXTURES", default))
    out: dict = {"replay_seconds": {}, "per_action_ms": {}}
    for log in sorted((folder / "1830").glob("*.json")):
        report = import_log(log)
        assert report.ok, report.error
        seconds = best_of(3, lambda: import_log(log))
        out["replay_seconds"][log.stem] = round(seconds, 3)
        out["per_action_ms"][log.stem] = round(1000 * seconds / report.applied, 3)
        game = report.game
        mid = game.at(len(game.actions) // 2)
        forks = [best_of(1, mid.fork) for _ in range(50)]
        out.setdefault("fork_ms_median", {})[log.stem] = round(1000 * statistics.median(forks), 3)
        undo = mid.fork()
        out.setdefault("undo_ms", {})[log.stem] = round(1000 * best_of(1, undo.undo), 3)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
