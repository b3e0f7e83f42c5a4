"""A refusal of an 18xx.games log entry played before a rule changed on the site names the change (rules
``1830:edition.history``, ``1837:edition.history``; 1894's in tests/test_1894_replay.py)."""

from __future__ import annotations

from datetime import datetime, timezone

import gamekit


def _seconds(day: str) -> int:
    return int(datetime.fromisoformat(day).replace(tzinfo=timezone.utc).timestamp())


def test_an_1830_refusal_before_the_brown_zone_change_names_it():
    game = gamekit.new_game("1830", ["a", "b", "c"])
    note = game.rule_change_note("1830:stock.brown-buy", _seconds("2021-02-08"))
    assert note == ("this action was played on 2021-02-08, and 1830's rules changed since: on 2021-04-06 buying "
                    "several shares per turn in the brown zone became from the bank pool only (from the IPO too only "
                    "with the option multiple_brown_from_ipo)")
    assert game.rule_change_note("1830:stock.brown-buy", _seconds("2022-01-01")) is None  # played after it
    assert game.rule_change_note("1830:stock.sell", _seconds("2021-02-08")) is None  # another rule
    assert game.rule_change_note("1830:stock.brown-buy", None) is None  # no date in the log


def test_an_1837_refusal_names_every_later_change_of_its_rule():
    game = gamekit.new_game("1837", ["a", "b", "c"])
    note = game.rule_change_note("1837:trains.limit", _seconds("2025-01-01"))
    assert note == ("this action was played on 2025-01-01, and 1837's rules changed since: on 2025-01-29 the UG "
                    "minors' train limit became two in every phase; on 2025-05-05 a merger into a national at or "
                    "over its train limit was handled")
    assert game.rule_change_note("1837:trains.limit", _seconds("2025-03-01")).endswith("was handled")
    assert game.rule_change_note("1894:trains.limit", _seconds("2025-01-01")) is None  # not 1837's rule
