"""Random play finishes real 1830 games: ``gamekit simulate 1830 --players N --games 3 --seed 1 --json`` for
N = 2…6 ends every game by the rules (bank or bankruptcy) with no error."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_simulate_finishes_every_game(players):
    out = subprocess.run([sys.executable, "-m", "gamekit.cli", "simulate", "1830", "--players", str(players),
                          "--games", "3", "--seed", "1", "--json"], capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["errors"] == []
    assert report["games"] == report["finished"] == 3
    assert set(report["end_reasons"]) <= {"bank", "bankrupt"} and sum(report["end_reasons"].values()) == 3
    assert report["mean_actions"] > 300 and report["seconds"] > 0
