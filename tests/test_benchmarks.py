"""The speed benchmark keeps running as the engine changes (its figures are read by people, never asserted as
times here): one cheap title end to end, every figure present and positive."""

from __future__ import annotations

import importlib.util
import json
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
    measured = {"bot games / s", "bot actions / s", "to_json mid-game ms", "routes mean ms", "routes max ms"}
    for title, figure in bench.TARGETS:
        assert figure in measured or figure.startswith("replay "), figure


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
