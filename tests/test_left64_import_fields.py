"""Stop 64: an 18xx.games log's optional fields (``settings``, ``settings.seed``, ``settings.optional_rules``,
``result``, an entry's ``auto_actions``) present with a value of the wrong kind are refused in one line naming the
field, as the other fields are: read as empty (``data.get("settings") or {}``), ``"settings": 0`` set the game up
with the defaults and ``"result": ""`` dropped the result the replay is checked against. Absent, ``null`` (as the
site writes a field it did not set: a real export has ``"optional_rules": null``) and a hotseat game's
``"seed": ""`` stay allowed."""

from __future__ import annotations

import copy

import pytest

from gamekit.errors import DataError
from gamekit.games import real_game
from gamekit.import18xx import filter_actions, import_log, read_log


@pytest.fixture(scope="module")
def bank_log() -> dict:
    """The real 1830 game shipped with gamekit that ends with the broken bank."""
    return read_log(real_game("1830", "1830_game_end_bank").log())


def changed(log: dict, change) -> dict:
    log = copy.deepcopy(log)
    change(log)
    return log


def _settings(**values):
    return lambda log: log["settings"].update(values)


def _auto(value):
    return lambda log: log["actions"][0].update(auto_actions=value)


@pytest.mark.parametrize("change, says", [
    (lambda log: log.update(settings=0), "log: field 'settings': expected an object, not a whole number"),
    (lambda log: log.update(settings=""), "log: field 'settings': expected an object, not a string"),
    (lambda log: log.update(settings=[]), "log: field 'settings': expected an object, not a list"),
    (lambda log: log.update(result=""), "log: field 'result': expected an object, not a string"),
    (lambda log: log.update(result=0), "log: field 'result': expected an object, not a whole number"),
    (lambda log: log.update(result=[]), "log: field 'result': expected an object, not a list"),
    (_settings(seed="7"), "log: field 'settings.seed': expected a whole number, not a string"),
    (_settings(seed=False), "log: field 'settings.seed': expected a whole number, not true/false"),
    (_settings(seed=[]), "log: field 'settings.seed': expected a whole number, not a list"),
    (_settings(optional_rules=0), "log: field 'settings.optional_rules': expected a list, not a whole number"),
    (_settings(optional_rules=""), "log: field 'settings.optional_rules': expected a list, not a string"),
    (_settings(optional_rules={}), "log: field 'settings.optional_rules': expected a list, not an object"),
    (_auto(0), "log: actions[0]: field 'auto_actions': expected a list, not a whole number"),
    (_auto(""), "log: actions[0]: field 'auto_actions': expected a list, not a string"),
])
def test_a_present_field_of_the_wrong_kind_is_refused_naming_it(bank_log, change, says):
    with pytest.raises(DataError) as info:
        read_log(changed(bank_log, change))
    assert str(info.value) == says


@pytest.mark.parametrize("change", [
    lambda log: log.pop("settings"), lambda log: log.update(settings=None), lambda log: log.update(settings={}),
    _settings(seed=""), _settings(seed=None), _settings(optional_rules=None), lambda log: log.pop("result"),
    lambda log: log.update(result=None), _auto(None),
], ids=["settings absent", "settings null", "settings {}", "hotseat seed ''", "seed null", "optional_rules null",
        "result absent", "result null", "auto_actions null"])
def test_an_absent_or_unset_field_is_still_allowed(bank_log, change):
    log = read_log(changed(bank_log, change))
    report = import_log(log, stop_at=filter_actions(log["actions"])[12]["id"], strict=True)
    assert report.error is None and report.applied > 0


def test_the_real_result_is_still_checked(bank_log):
    assert bank_log["result"] == {"13430": 13048, "15688": 12109, "15698": 12025}
    assert read_log(bank_log)["settings"]["optional_rules"] == []
