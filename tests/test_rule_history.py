"""A refusal of an 18xx.games log entry played before a rule changed on the site names the change (rules
``1830:edition.history``, ``1837:edition.history``; 1894's in tests/test_1894_replay.py)."""

from __future__ import annotations

import copy
from datetime import datetime, timezone

import pytest

import gamekit
from gamekit.errors import DataError
from gamekit.games import real_game
from gamekit.import18xx import import_log


def _seconds(day: str) -> int:
    return int(datetime.fromisoformat(day).replace(tzinfo=timezone.utc).timestamp())


def test_an_1830_refusal_before_the_brown_zone_change_names_it():
    game = gamekit.new_game("1830", ["a", "b", "c"])
    note = game.rule_change_note("1830:stock.brown-buy", _seconds("2021-02-08"))
    assert note == ("this action was played on 2021-02-08, and 1830's rules changed since: on 2021-03-20 buying "
                    "several shares per turn in the brown zone became from the bank pool only (from the IPO too only "
                    "with the option multiple_brown_from_ipo)")
    assert game.rule_change_note("1830:stock.brown-buy", _seconds("2022-01-01")) is None  # played after it
    assert game.rule_change_note("1830:stock.par", _seconds("2021-02-08")) is None  # another rule
    assert game.rule_change_note("1830:stock.brown-buy", None) is None  # no date in the log


def test_an_1837_refusal_names_every_later_change_of_its_rule():
    game = gamekit.new_game("1837", ["a", "b", "c"])
    note = game.rule_change_note("1837:trains.limit", _seconds("2025-01-01"))
    assert note == ("this action was played on 2025-01-01, and 1837's rules changed since: on 2025-01-29 the UG "
                    "minors' train limit became two in every phase; on 2025-07-15 a merger into a national at or "
                    "over its train limit was handled")
    assert game.rule_change_note("1837:trains.limit", _seconds("2025-03-01")).endswith("was handled")
    assert game.rule_change_note("1894:trains.limit", _seconds("2025-01-01")) is None  # not 1837's rule


def test_a_real_1830_log_refused_by_the_brown_zone_change_says_so():
    # the real game 26855 (played in February 2021, before the change): at log action 483 player 82 buys in the
    # brown zone; with the IPO certificate NYC_8 first and a pool one after it — legal then, refused now without
    # the option multiple_brown_from_ipo (rule 1830:stock.brown-buy) — the refusal names the change
    data = copy.deepcopy(real_game("1830", "26855").log())
    data["settings"]["optional_rules"] = []
    played = data["actions"][481]["created_at"]
    data["actions"] = data["actions"][:482] + [
        {"type": "buy_shares", "entity": 82, "entity_type": "player", "id": 483, "created_at": played,
         "shares": ["NYC_8"], "percent": 10},
        {"type": "buy_shares", "entity": 82, "entity_type": "player", "id": 484, "created_at": played,
         "shares": ["NYC_4"], "percent": 10}]
    with pytest.raises(DataError) as refused:
        import_log(data, strict=True)
    message = str(refused.value)
    assert "1830:stock.brown-buy" in message and "action 484" in message
    assert message.endswith("(this action was played on 2021-02-11, and 1830's rules changed since: on 2021-03-20 "
                            "buying several shares per turn in the brown zone became from the bank pool only (from "
                            "the IPO too only with the option multiple_brown_from_ipo))")
