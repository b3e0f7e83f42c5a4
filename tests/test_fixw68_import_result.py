"""``gamekit.import_log`` refuses a whole log whose recorded end is not ours, in the one line ``gamekit replay``
prints (hostile68 item 8); a position inside the log (``stop_at``) is not checked against the end."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import gamekit
from gamekit.import18xx import import_log as import_report
from tests.fixtures import require_fixtures

LOG_1830 = "26855.json"


def real_log() -> dict:
    return json.loads((require_fixtures("1830") / LOG_1830).read_text())


def test_the_real_log_imports_with_its_own_result():
    log = real_log()
    game = gamekit.import_log(copy.deepcopy(log))
    assert dict(game.outcome.ranking) == {str(k): v for k, v in log["result"].items()}


def test_another_result_is_refused_in_one_line_as_the_cli_says_it():
    log = real_log()
    ours = ", ".join(f"{k} {v}" for k, v in log["result"].items())
    log["result"] = {k: v + 1 for k, v in log["result"].items()}
    theirs = ", ".join(f"{k} {v}" for k, v in log["result"].items())
    with pytest.raises(gamekit.DataError) as refused:
        gamekit.import_log(log)
    assert str(refused.value) == (f"log: our result {ours} differs from the log's {theirs}; the game as our rules end "
                                  "it: gamekit.import18xx.import_log(…).game")
    assert import_report(log).mismatch() == f"our result {ours} differs from the log's {theirs}"


def test_another_end_reason_is_refused_and_a_file_is_named(tmp_path):
    log = real_log()
    log["game_end_reason"] = "bogus"
    path = tmp_path / "bogus.json"
    path.write_text(json.dumps(log))
    with pytest.raises(gamekit.DataError) as refused:
        gamekit.import_log(Path(path))
    assert str(refused.value) == (f"{path}: our game ended because a player went bankrupt, the log's because 'bogus'; "
                                  "the game as our rules end it: gamekit.import18xx.import_log(…).game")


def test_a_position_inside_the_log_is_not_checked_against_the_end():
    log = real_log()
    log["result"] = {k: v + 1 for k, v in log["result"].items()}
    last = log["actions"][-1]["id"]
    assert not gamekit.import_log(log, stop_at=last).is_over
