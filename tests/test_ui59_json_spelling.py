"""A malformed file's values are named in JSON's spelling (null, true, false), as the file writes them, never in
Python's (None, True, False): a review found "field 'format' is None" beside "not null" in one message list."""

from __future__ import annotations

import json
import re

import pytest

import gamekit
from gamekit.errors import DataError
from gamekit.loading import json_shown
from gamekit.widgets.classroom import read_game


@pytest.mark.parametrize("value, text", [(None, "null"), (True, "true"), (False, "false"), (7.5, "7.5"),
                                         ([1, None], "[1, null]"), ({"a": False}, '{"a": false}'),
                                         ("gamekit-sav", "'gamekit-sav'"), ({1, 2}, "{1, 2}")])
def test_json_shown_spells_a_value_as_json_does(value, text):
    assert json_shown(value) == text


def test_json_shown_cuts_a_long_value():
    assert json_shown(list(range(100)), 20) == "[0, 1, 2, 3, 4, 5, …"


@pytest.mark.parametrize("value, text", [(None, "null"), (True, "true"), (False, "false")])
@pytest.mark.parametrize("reader", [gamekit.load_json, read_game, gamekit.import_log])
def test_a_format_field_of_null_true_or_false_is_named_so(reader, value, text):
    data = json.loads(gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=7).to_json())
    data["format"] = value
    with pytest.raises(DataError) as caught:
        reader(json.dumps(data))
    message = str(caught.value)
    assert re.search(rf"\b{text}\b", message) and not any(word in message for word in ("None", "True", "False")), message
