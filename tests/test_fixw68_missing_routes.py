"""A ``run_routes`` entry without ``routes`` is damage, refused naming the field at that entry; it is never read
as a run of no train, which ``routes: []`` is (hostile68 item 5)."""

from __future__ import annotations

import json

import pytest

import gamekit
from tests.fixtures import require_fixtures


def log_without_routes(title: str, name: str, log_id: int, routes=None) -> dict:
    log = json.loads((require_fixtures(title) / name).read_text())
    entry = next(a for a in log["actions"] if a["id"] == log_id)
    assert entry["type"] == "run_routes" and entry["routes"]
    if routes is None:
        del entry["routes"]
    else:
        entry["routes"] = routes
    return log


@pytest.mark.parametrize("title,name,log_id", [("1830", "26855.json", 96),
                                               ("1837", "1837_game_end_bank.json", 229)])
def test_a_missing_routes_field_is_refused_at_its_entry(title, name, log_id):
    with pytest.raises(gamekit.DataError) as refused:
        gamekit.import_log(log_without_routes(title, name, log_id))
    assert str(refused.value) == f"action {log_id}: field 'routes': missing"


def test_an_empty_list_is_a_run_of_no_train():
    # NYC runs no train at action 96, so its dividend entry 97 finds it at the train step already
    with pytest.raises(gamekit.DataError, match=r"^action 97: 1830:or.dividend: NYC is at the step 'Buy trains'"):
        gamekit.import_log(log_without_routes("1830", "26855.json", 96, routes=[]))
