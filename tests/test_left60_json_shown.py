"""One function spells a JSON value in a message (``loading.json_shown``): the save loader's own near copy, which
quoted text differently, is gone; its messages read as before (a save's field in JSON's spelling)."""

import json

import pytest

import gamekit
from gamekit import DataError, load_json, new_game
from gamekit.loading import json_shown


def test_the_loader_has_no_copy_of_its_own():
    assert not hasattr(gamekit, "_json_shown")


@pytest.mark.parametrize("value,text", [("7", '"7"'), (7.5, "7.5"), (True, "true"), (None, "null"),
                                        ("x" * 80, '"' + "x" * 38 + "…")])
def test_text_as_json_spells_text_in_double_quotes(value, text):
    assert json_shown(value, 40, text_as_json=True) == text
    if not isinstance(value, str):
        assert json_shown(value, 40) == text  # only text is quoted apart


def test_a_save_field_of_the_wrong_kind_is_named_in_json():
    data = json.loads(new_game("1830", ["Ann", "Bob", "Cy"]).to_json())
    data["seed"] = "7"
    with pytest.raises(DataError, match="field 'seed' must be a whole number, such as 7, not \"7\""):
        load_json(data)
