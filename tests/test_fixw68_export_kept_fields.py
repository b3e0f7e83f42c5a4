"""Import → export keeps what the log had: 1837's run ``subsidy`` (written back by ``log_fields``, checked again
on import) and the players' ids as numbers where the log had numbers (hostile68 item 4)."""

from __future__ import annotations

import copy
import json

import pytest

import gamekit
from gamekit.export18xx import log_id
from gamekit.import18xx import filter_actions
from tests.fixtures import require_fixtures


@pytest.fixture(scope="module")
def log_1837() -> dict:
    return json.loads((require_fixtures("1837") / "1837_game_end_bank.json").read_text())


@pytest.fixture(scope="module")
def exported(log_1837) -> dict:
    return json.loads(json.dumps(gamekit.import_log(copy.deepcopy(log_1837)).to_18xx_log()))


def runs(entries: list[dict]) -> list[tuple]:
    return [(e["entity"], e.get("subsidy")) for e in entries if e["type"] == "run_routes"]


def test_the_mine_subsidies_are_the_logs(log_1837, exported):
    logged = runs(filter_actions(log_1837["actions"]))
    assert runs(exported["actions"]) == logged
    assert len(logged) == 209 and sum(1 for _, subsidy in logged if subsidy) == 90
    # the log's action 229: the first run of a mine, 20 K
    assert next(a for a in log_1837["actions"] if a["id"] == 229)["subsidy"] == 20
    assert logged[[a["id"] for a in filter_actions(log_1837["actions"]) if a["type"] == "run_routes"].index(229)][1] \
        == 20


def test_a_wrong_subsidy_in_the_export_is_refused_again(exported):
    damaged = copy.deepcopy(exported)
    run = next(a for a in damaged["actions"] if a["type"] == "run_routes" and a["subsidy"] == 20)
    run["subsidy"] = 30
    with pytest.raises(gamekit.DataError, match=rf"^action {run['id']}: 1837:route.mine-subsidy: the mine pays "
                                                r"20K, not 30K$"):
        gamekit.import_log(damaged)


def test_player_ids_keep_the_logs_kind(log_1837, exported):
    assert [p["id"] for p in exported["players"]] == [p["id"] for p in log_1837["players"]]
    assert all(isinstance(p["id"], int) for p in exported["players"])
    ids = {p["id"] for p in log_1837["players"]}
    assert {a["entity"] for a in exported["actions"] if a["entity_type"] == "player"} <= ids


def test_ids_that_are_not_numerals_stay_text():
    assert [log_id(text) for text in ("2006", "0", "Ann", "007", "-3", "²", "1e3")] == \
        [2006, 0, "Ann", "007", "-3", "²", "1e3"]
    game = gamekit.new_game("1830", ["Ann", "007", "12"])
    log = game.to_18xx_log()
    assert [p["id"] for p in log["players"]] == ["Ann", "007", 12]
    assert gamekit.import_log(log).to_json() == game.to_json()
