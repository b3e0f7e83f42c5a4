"""The speed benchmark keeps running as the engine changes (its figures are read by people, never asserted as
times here): one cheap title end to end, every figure present and positive."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _script(name: str):
    """The module of ``benchmarks/<name>.py`` (the benchmarks are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _bench_engine():
    return _script("bench_engine")


def test_bench_engine_writes_every_figure(tmp_path, capsys):
    out = tmp_path / "engine.json"
    assert _bench_engine().main(["--games", "1", "--repeat", "1", "--out", str(out), "american-rails"]) == 0
    figures = json.loads(out.read_text())["american-rails"]
    assert set(figures) == {"bot games / s", "bot actions / s", "heuristic bot games / s", "fork mid-game ms",
                            "undo mid-game ms", "undo mid-game loaded ms",
                            "to_json mid-game ms", "to_json mid-game first ms", "load_json mid-game ms"}
    assert all(value > 0 for value in figures.values())
    table = capsys.readouterr().out
    assert "bot actions / s" in table and ">= 14500" in table


def test_targets_name_figures_the_benchmark_measures():
    bench = _bench_engine()
    measured = {"bot games / s", "bot actions / s", "heuristic bot games / s", "to_json mid-game ms",
                "routes mean ms", "routes max ms", "routes all proved"}
    for title, figure in bench.TARGETS:
        assert figure in measured or figure.startswith("replay "), figure


def test_a_real_game_loads_no_slower_than_its_replay():
    """load_json of a real game is held to its replay with validation; the mid-game position has no target."""
    bench = _bench_engine()
    assert bench.target_of("1837", "load_json 1837_game_end_bank ms") == ("<=", "replay 1837_game_end_bank ms")
    assert bench.target_of("1837", "load_json mid-game ms") is None
    figures = {"replay g ms": 500.0, "load_json g ms": 1350.0, "routes max ms": 19.5}
    assert bench.verdict("1837", "load_json g ms", figures) == "<= replay g ms (500) MISSED"
    assert bench.verdict("1837", "routes max ms", figures) == "<= 20 ok"
    assert bench.verdict("1837", "load_json h ms", figures) == ""  # no replay figure to compare with


def test_the_table_shows_the_last_run_beside_each_figure(tmp_path, capsys):
    """A second run prints the first run's figures in the 'last run' column and keeps other titles' figures."""
    out = tmp_path / "engine.json"
    out.write_text(json.dumps({"1830": {"bot games / s": 3.3}, "american-rails": {"bot actions / s": 1234.5}}))
    _bench_engine().main(["--games", "1", "--repeat", "1", "--out", str(out), "american-rails"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["title", "figure", "value", "last", "run", "target"]
    [row] = [line for line in lines if "bot actions / s" in line]
    assert row.split()[-4:-2] == ["1234.500", ">="] and row.split()[-1] in ("ok", "MISSED")
    written = json.loads(out.read_text())
    assert written["1830"] == {"bot games / s": 3.3} and written["american-rails"]["bot actions / s"] != 1234.5


def test_profile_shares_name_engine_functions_below_the_game_loop():
    shares = _bench_engine().profile_shares("american-rails", 3, 1, 5)
    assert len(shares) == 5
    values = list(shares.values())
    assert values == sorted(values, reverse=True) and 0 < values[-1] and values[0] < 100
    assert "% titles/american_rails.py:_apply" in shares  # applying actions is most of a random game
    assert not any(name.endswith((":play_random_game", ":process")) for name in shares)


def test_a_chunked_sweep_is_one_sweep_and_goes_on_from_its_last_chunk(tmp_path, monkeypatch):
    import pandas as pd

    import gamekit

    sweep = _script("measure_titles")
    argv = ["--games", "5", "--chunk", "2", "--workers", "1", "--players", "3", "--results", str(tmp_path),
            "american-rails"]
    sweep.main(argv)
    table = tmp_path / "measure" / "american-rails-3p.parquet"
    chunked = pd.read_parquet(table)
    assert chunked.equals(gamekit.measure("american-rails", 3, 5, bot="heuristic", workers=1))
    chunks = tmp_path / "measure" / "american-rails-3p-chunks"
    assert sorted(p.name for p in chunks.iterdir()) == [
        "heuristic-seed1-2.parquet", "heuristic-seed3-2.parquet", "heuristic-seed5-1.parquet"]
    (chunks / "heuristic-seed3-2.parquet").unlink()  # as if the sweep had stopped while playing seeds 3 and 4
    played = []
    measure = sweep.measure
    monkeypatch.setattr(sweep, "measure", lambda *a, **k: played.append(k["seed"]) or measure(*a, **k))
    sweep.main(argv)
    assert played == [3] and pd.read_parquet(table).equals(chunked)
    summary = json.loads((tmp_path / "measure.json").read_text())["american-rails 3p"]
    assert summary["games"] == 5 and summary["finished"] == 5


def _soak_lines(capsys) -> list[dict]:
    """The soak's printed summaries, less its CPU figures (they differ between runs)."""
    lines = [json.loads(text) for text in capsys.readouterr().out.splitlines()]
    for line in lines:
        del line["cpu_seconds"], line["games_per_cpu_second"]
    return lines


def test_a_soak_written_to_a_file_goes_on_from_it(tmp_path, capsys, monkeypatch):
    """Three plain games of Continental Divide at 3p go to the file; asked for four, a rerun plays only seed 4,
    and its summary is that of four games played at once on two processes."""
    soak = _script("soak")
    monkeypatch.setitem(sys.modules, "soak", soak)  # its worker processes find play() by the module's name
    out = tmp_path / "soak.jsonl"
    argv = ["--plain", "--players", "3", "--out", str(out), "continental-divide"]
    assert soak.main([*argv, "--games", "3"]) == 0
    assert [json.loads(line)["seed"] for line in out.read_text().splitlines()] == [1, 2, 3]
    capsys.readouterr()
    played = []
    play = soak.play
    monkeypatch.setattr(soak, "play", lambda task: played.append(task[3]) or play(task))
    soak.main([*argv, "--games", "4"])
    assert played == [4] and len(out.read_text().splitlines()) == 4
    resumed = _soak_lines(capsys)
    monkeypatch.setattr(soak, "play", play)
    soak.main(["--plain", "--players", "3", "--games", "4", "--workers", "2", "continental-divide"])
    assert resumed == _soak_lines(capsys) == [{
        "title": "continental-divide", "players": 3, "games": 4, "finished": 4, "errors": [],
        "end_reasons": {"turns": 4}, "mean_actions": resumed[0]["mean_actions"], "seeds": [1, 4]}]
    assert resumed[0]["mean_actions"] > 50  # a game of eight turns has dozens of actions


def test_a_checked_soak_adds_up_its_games(capsys):
    """The checked soak's summary adds its games' counts: two games of American Rails at 3p, no violation."""
    _script("soak").main(["--games", "2", "--players", "3", "--mutations", "2", "--samples", "2",
                          "american-rails"])
    [line] = _soak_lines(capsys)
    assert line["games"] == line["finished"] == 2 and line["violation_count"] == 0 and line["errors"] == []
    assert line["actions"] > 100 and line["mutations_tried"] == 2 * line["actions"] >= line["mutations_refused"] > 0


def test_random_figures_play_on_until_the_least_time(monkeypatch):
    """Games quicker than MIN_RANDOM_SECONDS together are followed by the next seeds, in order from 1."""
    bench = _bench_engine()
    seeds = []
    real = bench.play_random_game

    def counted(title, players, seed):
        seeds.append(seed)
        return real(title, players, seed)

    monkeypatch.setattr(bench, "play_random_game", counted)
    monkeypatch.setattr(bench, "MIN_RANDOM_SECONDS", 0.05)
    figures = bench.random_figures("continental-divide", 4, 1)
    assert len(seeds) > 1 and seeds == list(range(1, len(seeds) + 1))
    assert figures["bot actions / s"] > figures["bot games / s"] > 0
    monkeypatch.setattr(bench, "MIN_RANDOM_SECONDS", 0.0)
    seeds.clear()
    bench.random_figures("continental-divide", 4, 3)
    assert seeds == [1, 2, 3]


def test_profile_shares_name_modules_inside_a_clone_named_gamekit(monkeypatch):
    # a clone is often a folder named gamekit: its modules are named from the package folder, the last one so named
    bench = _bench_engine()
    row = (1, 1, 0.5, 1.0, {})
    stats = {("/home/ann/gamekit/gamekit/simulate.py", 1, "play_random_game"): row,
             ("/home/ann/gamekit/gamekit/tracks/graph.py", 1, "_trail"): (1, 1, 0.5, 0.5, {})}

    class Stats:
        def __init__(self, _profiler):
            self.stats = stats

    monkeypatch.setattr(bench.pstats, "Stats", Stats)
    monkeypatch.setattr(bench, "play_random_game", lambda *args: None)
    shares = bench.profile_shares("american-rails", 3, 1, 5)
    assert shares == {"% tracks/graph.py:_trail": 50.0}
