"""Benchmark every figure of the performance issue for every title: bot games per second and actions per second,
replay with validation and ``load_json`` of each recorded 18xx.games game, best routes before each logged run,
fork, undo, ``to_json`` and ``load_json`` of a mid-game position.

Bot games per second are given for the random bot (seeds 1..N: ``--games``, or more where those take
under half a second, as cube-rail games do) and for the heuristic bot. With ``--profile K`` the table also
gives, for the K engine functions with the most cumulative time, their share of the CPU time of the random-bot
games (under cProfile, whose overhead inflates small functions: read the shares, not the times).

Usage: ``python benchmarks/bench_engine.py [--games N] [--repeat R] [--profile K] [--only GROUP ...] [--out FILE]
[TITLE ...]`` (``--only``: measure just some groups of figures, e.g. ``--only random routes``)
(fixtures from ``$GAMEKIT_FIXTURES``, default ``../shared/fixtures/18xx.games`` beside the project). Prints a
table, one row per title and figure with the figure of the last run (read from ``--out`` before it is
rewritten) and its target where the issue sets one, and writes the figures as JSON to ``--out`` (default
``benchmarks/results/engine.json``; figures not measured keep their last values there). Times are CPU seconds of
this process (so other load on the machine does not count): medians of ``--repeat`` runs (best of runs for the
router, as ``bench_routes.py``). The figures go into issue notes, never into timed unit tests.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import os
import pstats
import statistics
import time
from pathlib import Path
from typing import Any, Callable

import gamekit
from gamekit.bots import play_seats
from gamekit.import18xx import import_log, read_log
from gamekit.routes import best_routes, run_positions
from gamekit.simulate import play_random_game
from gamekit.titles import game_class, title_names

ROOT = Path(__file__).resolve().parent.parent

# (title, figure) -> (comparison, bound): the done-when figures of the performance issue (issue 32) on this kind of
# machine. A bound given as a string names another figure of the same title (load_json of a real game against its
# replay with validation, see :func:`target_of`).
TARGETS: dict[tuple[str, str], tuple[str, float | str]] = {
    ("1830", "bot games / s"): (">=", 10.0),
    ("1894", "bot games / s"): (">=", 10.0),
    ("1837", "bot games / s"): (">=", 2.0),
    ("1830", "heuristic bot games / s"): (">=", 2.0),
    ("1894", "heuristic bot games / s"): (">=", 2.0),
    ("1837", "heuristic bot games / s"): (">=", 0.5),
    ("continental-divide", "bot actions / s"): (">=", 20_000.0),
    ("american-rails", "bot actions / s"): (">=", 14_500.0),
    ("1830", "replay 1830_game_end_bank ms"): ("<=", 88.0),
    ("1830", "replay 26855 ms"): ("<=", 92.0),
    ("1830", "to_json mid-game ms"): ("<=", 0.7),
    **{(title, "routes max ms"): ("<=", 20.0) for title in ("1830", "1837", "1894")},
    **{(title, "routes mean ms"): ("<=", 3.0) for title in ("1830", "1837", "1894")},
    **{(title, "routes all proved"): (">=", 1.0) for title in ("1830", "1837", "1894")},
}


def fixture_logs(title: str) -> list[Path]:
    """The recorded games (``*.json``, not the ``.states.jsonl`` beside them) of ``title``, sorted; [] if none."""
    base = Path(os.environ.get("GAMEKIT_FIXTURES") or ROOT.parent / "shared" / "fixtures" / "18xx.games")
    return sorted((base / title).glob("*.json"))


def median_ms(fn: Callable[[], Any], repeat: int) -> float:
    """Median CPU time of ``repeat`` calls of ``fn()``, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return 1000 * statistics.median(times)


MIN_RANDOM_SECONDS = 0.5
"""The least CPU time of the random-bot figures: a title whose ``--games`` games take less (a cube-rail game takes
a few milliseconds) plays the next seeds too until it is reached, so that the clock's granularity and a stray
pause weigh little in the figure."""


def random_figures(title: str, players: int, games: int) -> dict[str, float]:
    """Random-bot games seeded 1..games, and on from there while they have taken less than
    :data:`MIN_RANDOM_SECONDS`: games per second and actions per second (one core). One game is set up first,
    untimed, so that importing the title and reading its data files (once per process) do not count."""
    game_class(title)([f"P{i + 1}" for i in range(players)], seed=0)
    actions = played = 0
    start = time.process_time()
    while played < games or time.process_time() - start < MIN_RANDOM_SECONDS:
        played += 1
        actions += len(play_random_game(title, players, played).actions)
    seconds = time.process_time() - start
    return {"bot games / s": played / seconds, "bot actions / s": actions / seconds}


def heuristic_figures(title: str, players: int, games: int) -> dict[str, float]:
    """Games per second of the heuristic bot in every seat, seeded 1..games (one core; one game set up first,
    untimed, as in :func:`random_figures`)."""
    game_class(title)([f"P{i + 1}" for i in range(players)], seed=0)
    start = time.process_time()
    for seed in range(1, games + 1):
        play_seats(title, ["heuristic"] * players, seed)
    return {"heuristic bot games / s": games / (time.process_time() - start)}


# The random game's loop and what it calls once per action: always near 100%, so left out of the profile shares.
LOOP = {"simulate.py:play_random_game", "simulate.py:random_action", "game.py:action_groups",
        "game.py:_action_groups", "game.py:process", "game.py:legal_actions"}


def profile_shares(title: str, players: int, games: int, top: int) -> dict[str, float]:
    """Random-bot games seeded 1..games under cProfile: ``"% <module>:<function>"`` → the percentage of their CPU
    time spent in that function and below, for the ``top`` functions of the engine (``gamekit/``) with the most
    cumulative time, the game loop itself and the functions it calls per action left out."""
    game_class(title)([f"P{i + 1}" for i in range(players)], seed=0)
    # CPU time, not the wall clock: a pause while the machine serves another process is no share of any function.
    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    for seed in range(1, games + 1):
        play_random_game(title, players, seed)
    profiler.disable()
    stats = pstats.Stats(profiler).stats  # (file, line, function) -> (calls, primitive calls, tottime, cumtime, ..)
    total = sum(row[2] for row in stats.values())
    shares = {}
    for (file, _, function), row in stats.items():
        # the package's own folder is the last one of that name: a clone is often a folder named gamekit too
        module = file.replace(os.sep, "/").rpartition("/gamekit/")[2]
        if module and f"{module}:{function}" not in LOOP:
            shares[f"% {module}:{function}"] = 100 * row[3] / total
    return dict(sorted(shares.items(), key=lambda item: -item[1])[:top])


def undo_ms(game: gamekit.Game, repeat: int) -> float:
    """Median CPU time of one ``undo`` on fresh forks of ``game`` (the fork itself not timed), in milliseconds."""
    times = []
    for _ in range(repeat):
        fork = game.fork()
        start = time.process_time()
        fork.undo()
        times.append(time.process_time() - start)
    return 1000 * statistics.median(times)


def cold_to_json_ms(text: str, repeat: int) -> float:
    """Median CPU time of the first ``to_json`` of games just loaded from ``text`` (the loading not timed), in
    milliseconds: every action is encoded, none kept from an earlier save."""
    games = [gamekit.load_json(text) for _ in range(repeat)]
    times = []
    for game in games:
        start = time.process_time()
        game.to_json()
        times.append(time.process_time() - start)
    return 1000 * statistics.median(times)


def position_figures(game: gamekit.Game, repeat: int) -> dict[str, float]:
    """fork, undo (of the position played, and of the same position loaded, whose undo rebuilds the position
    before from a snapshot a few actions back: see ``Game.batch``), to_json (saved before, as the explorer saves
    after each action; and the first save of a game just loaded) and load_json of the mid-game position of
    ``game``, in milliseconds."""
    mid = game.at(len(game.actions) // 2)
    text = mid.to_json()
    return {
        "fork mid-game ms": median_ms(mid.fork, repeat),
        "undo mid-game ms": undo_ms(mid, repeat),
        "undo mid-game loaded ms": undo_ms(gamekit.load_json(text), repeat),
        "to_json mid-game ms": median_ms(mid.to_json, repeat),
        "to_json mid-game first ms": cold_to_json_ms(text, repeat),
        "load_json mid-game ms": median_ms(lambda: gamekit.load_json(text), repeat),
    }


def replay_figures(log: Path, repeat: int) -> dict[str, float]:
    """Replay with validation in-process of one recorded game (its JSON already parsed), and ``load_json`` of the
    same game saved by us, in milliseconds. Each run starts with the title's memos of derived track facts empty
    (``TrackData.cache``: walks, legs, placed tiles), as the first replay or load in a new process does, so no run
    reuses an earlier run's work."""
    data = read_log(log)
    report = import_log(data)
    if not report.ok:
        raise SystemExit(f"{log}: our rules refuse the log: {report.error}")
    track = report.game.track
    text = report.game.to_json()

    def cold_replay() -> None:
        track.cache.clear()
        import_log(data)

    def cold_load() -> None:
        track.cache.clear()
        gamekit.load_json(text)

    return {f"replay {log.stem} ms": median_ms(cold_replay, repeat),
            f"load_json {log.stem} ms": median_ms(cold_load, repeat)}


def route_figures(logs: list[Path], repeat: int) -> dict[str, float]:
    """Best routes before each logged run of every log: mean and worst position (best of ``repeat``), and 1.0 when
    every answer was proved optimal."""
    times: list[float] = []
    proved = True
    for log in logs:
        for logged in run_positions(log):
            best = float("inf")
            for _ in range(repeat):
                gc.collect()  # the replay's garbage is not the router's: no collection of it inside a timed search
                start = time.process_time()
                result = best_routes(logged.game, logged.corporation)
                best = min(best, time.process_time() - start)
            proved &= result.proved_optimal
            times.append(best)
    if not times:
        return {}
    return {"routes positions": len(times), "routes mean ms": 1000 * statistics.mean(times),
            "routes max ms": 1000 * max(times), "routes all proved": float(proved)}


# The groups of figures ``--only`` may select, in the order they are measured.
GROUPS = ("random", "heuristic", "profile", "position", "replay", "routes")


def title_figures(title: str, games: int, repeat: int, profile: int = 0,
                  only: frozenset[str] = frozenset(GROUPS)) -> dict[str, float]:
    """The figures of one title in the groups ``only`` (of :data:`GROUPS`; the fixture ones only where its
    recorded games are present; the profile shares of :func:`profile_shares` when ``profile`` > 0)."""
    cls = game_class(title)
    players = min(max(4, cls.min_players), cls.max_players)
    figures: dict[str, float] = {}
    if "random" in only:
        figures.update(random_figures(title, players, games))
    if "heuristic" in only:
        figures.update(heuristic_figures(title, players, games))
    if profile and "profile" in only:
        figures.update(profile_shares(title, players, games, profile))
    if "position" in only:
        figures.update(position_figures(play_random_game(title, players, 1), repeat))
    logs = fixture_logs(title)
    if "replay" in only:
        for log in logs:
            figures.update(replay_figures(log, repeat))
    if logs and "routes" in only:
        figures.update(route_figures(logs, 1 if repeat < 3 else 3))
    return figures


def target_of(title: str, figure: str) -> tuple[str, float | str] | None:
    """The target of one figure: ``(comparison, bound)`` from :data:`TARGETS`; for ``load_json <game> ms`` of a
    real game, ``("<=", "replay <game> ms")`` (a save holds actions already validated, so loading it may take no
    longer than replaying the log with validation); None where the issue sets none."""
    if (title, figure) in TARGETS:
        return TARGETS[title, figure]
    if figure.startswith("load_json ") and figure != "load_json mid-game ms":
        return "<=", "replay " + figure.removeprefix("load_json ")
    return None


def verdict(title: str, figure: str, figures: dict[str, float]) -> str:
    """The target column of ``figure`` among a title's ``figures``: e.g. ``<= 88 ok`` or ``>= 5 MISSED`` (a bound
    naming another figure is shown with that figure's value); empty where the issue sets no target or the figure
    it is compared with was not measured."""
    target = target_of(title, figure)
    if target is None:
        return ""
    op, bound = target
    if isinstance(bound, str):
        if bound not in figures:
            return ""
        shown, bound = f"{op} {bound} ({figures[bound]:.3g})", figures[bound]
    else:
        shown = f"{op} {bound:g}"
    value = figures[figure]
    met = value <= bound if op == "<=" else value >= bound
    return f"{shown} {'ok' if met else 'MISSED'}"


def last_run(path: Path) -> dict[str, dict[str, float]]:
    """The figures of the last run written to ``path`` (title → figure → value); {} if none or unreadable."""
    try:
        figures = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return figures if isinstance(figures, dict) else {}


def table(results: dict[str, dict[str, float]], last: dict[str, dict[str, float]]) -> list[str]:
    """The printed table: per title and figure its value, the value of the last run (blank if it had none) and
    the target with its verdict."""
    width = max(34, *(len(f) for figures in results.values() for f in figures))
    lines = [f"{'title':20} {'figure':{width}} {'value':>12} {'last run':>12}  target"]
    for title, figures in results.items():
        before = last.get(title, {})
        for figure, value in figures.items():
            old = before.get(figure)
            old_text = "" if not isinstance(old, (int, float)) else f"{old:.3f}"
            lines.append(f"{title:20} {figure:{width}} {value:12.3f} {old_text:>12}  "
                         f"{verdict(title, figure, figures)}".rstrip())
    return lines


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark, print the table, write the JSON; return 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("titles", nargs="*", default=list(title_names()))
    parser.add_argument("--games", type=int, default=10, help="bot games per title")
    parser.add_argument("--repeat", type=int, default=5, help="runs per timed figure (median)")
    parser.add_argument("--profile", type=int, default=0, metavar="K",
                        help="also give the K engine functions with the most cumulative time of the random games")
    parser.add_argument("--only", nargs="+", choices=GROUPS, default=list(GROUPS), metavar="GROUP",
                        help=f"measure only these groups of figures ({', '.join(GROUPS)}); a title's other "
                        "figures keep their last values in --out")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "engine.json")
    args = parser.parse_args(argv)
    results = {title: title_figures(title, args.games, args.repeat, args.profile, frozenset(args.only))
               for title in args.titles}
    last = last_run(args.out)
    print("\n".join(table(results, last)))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    # figures not measured this time keep their last values, so the file always holds the latest of every figure
    kept = {t: dict(f) for t, f in last.items()}
    for t, f in results.items():
        kept.setdefault(t, {}).update({k: round(v, 4) for k, v in f.items()})
    args.out.write_text(json.dumps(kept, indent=1) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
