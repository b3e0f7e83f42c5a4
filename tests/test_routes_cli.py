"""``gamekit routes``: best routes before logged ``run_routes`` of an 18xx.games log."""

from __future__ import annotations

import json

from gamekit.cli import main

from .fixtures import fixture_logs

KEYS = {"action_id", "corporation", "logged_revenue", "best_revenue", "proved_optimal", "seconds", "routes",
        "counters"}


def log_named(stem: str):
    return next(p for p in fixture_logs("1830") if p.stem == stem)


def test_routes_at_one_position(capsys):
    assert main(["routes", str(log_named("26855")), "--at", "328", "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert KEYS <= set(row)
    assert (row["action_id"], row["corporation"], row["logged_revenue"], row["best_revenue"],
            row["proved_optimal"]) == (328, "NYC", 210, 240, True)
    assert [r["train"] for r in row["routes"]] == ["3-0", "3-1"]
    assert row["routes"][0]["legs"] == [["E19", "E21", "F20"], ["F20", "F18", "G19"]]
    assert set(row["counters"]) == {"segments", "candidate_paths", "scored", "combinations", "pruned"}


def test_routes_all_positions(capsys):
    assert main(["routes", str(log_named("26855")), "--all", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 43
    assert all(r["proved_optimal"] and r["best_revenue"] >= r["logged_revenue"] for r in rows)
    assert sum(r["best_revenue"] - r["logged_revenue"] for r in rows) == 20 + 30


def test_routes_text_and_refusals(capsys, tmp_path):
    assert main(["routes", str(log_named("26855")), "--at", "92"]) == 0
    assert "logged  110 best  110 proved" in capsys.readouterr().out
    # a budget that ends before the first route set is found says so (not "best 0")
    assert main(["routes", str(log_named("26855")), "--at", "92", "--time-budget", "0"]) == 0
    assert "logged  110 no route set found within the time budget" in capsys.readouterr().out
    assert main(["routes", str(log_named("26855")), "--at", "3"]) == 1
    assert "no run_routes with action id 3" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert main(["routes", str(bad), "--all"]) == 1
    assert "not valid JSON" in capsys.readouterr().err
