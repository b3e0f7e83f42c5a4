"""An option given twice is refused under the title's setup rule, as two values of one option are (hostile67 #6):
by ``new_game``, by ``load_json`` (a save holding it twice) and by the import (``settings.optional_rules``); before,
it was merged without a word and saving again dropped one."""

from __future__ import annotations

import json

import pytest

import gamekit
from gamekit.errors import DataError
from gamekit.import18xx import import_log

from .fixtures import require_fixtures

TWICE = "option 'optional_6_train' is given more than once (rule 1830:setup)"


def test_new_game_refuses_an_option_given_twice():
    with pytest.raises(gamekit.GameError) as refused:
        gamekit.new_game("1830", ["A", "B", "C"], options=["optional_6_train", "optional_6_train"])
    assert refused.value.rule == "1830:setup" and str(refused.value) == TWICE
    once = gamekit.new_game("1830", ["A", "B", "C"], options=["optional_6_train"])
    assert once.options == ("optional_6_train",)


def test_a_save_holding_an_option_twice_is_refused():
    g = gamekit.new_game("1830", ["A", "B", "C"], options=["optional_6_train"])
    data = json.loads(g.to_json())
    data["options"] = ["optional_6_train", "optional_6_train"]
    with pytest.raises(DataError) as refused:
        gamekit.load_json(data)
    assert str(refused.value) == f"save: {TWICE}"


def test_a_log_naming_an_option_twice_is_refused_naming_the_field():
    log = json.loads((require_fixtures("1830") / "26855.json").read_text())
    assert log["settings"]["optional_rules"] == ["multiple_brown_from_ipo"]
    log["settings"]["optional_rules"] *= 2
    with pytest.raises(DataError) as refused:
        import_log(log)
    assert str(refused.value) == "log: field 'settings.optional_rules': option 'multiple_brown_from_ipo' is given " \
                                 "more than once (rule 1830:setup)"
