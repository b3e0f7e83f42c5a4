"""A game file whose JSON is not an object (a list, a number) is refused in the classroom as a file, naming the
top level, not with what ``import_log`` accepts from Python ("a path, JSON text or a dict")."""

import pytest

from gamekit.errors import DataError
from gamekit.widgets.classroom import Classroom, read_game


@pytest.mark.parametrize(("text", "kind"), [("[1, 2]", "a list"), ("5", "a whole number"), ("null", "nothing")])
def test_not_an_object_names_the_top_level(text, kind):
    with pytest.raises(DataError) as caught:
        read_game(text.encode())
    assert str(caught.value) == f"game file: expected a JSON object at the top level, not {kind}"


def test_the_room_is_told_in_one_line():
    room = Classroom()
    assert room.load(b"[]", "list.json") is None
    assert "list.json: game file: expected a JSON object at the top level, not a list" in room.message.value
    assert "path" not in room.message.value


def test_an_example_is_named_once_in_the_message():
    """Choosing a shipped 18xx.games game from the examples menu said "Replaying 18xx.games game 26855
    (18xx.games game 26855: 4 players, …)": the label's start is the name the message already gives."""
    room = Classroom("1830", 4, seed=7)
    index = next(i for i, e in enumerate(room._examples) if e.label.startswith("18xx.games game 26855: "))
    room.examples.value = index
    assert room.message.value.startswith("Replaying 18xx.games game 26855 (4 players (optional rules: ")
    assert room.message.value.count("26855") == 1


def test_a_file_keeps_its_name_in_the_message():
    from gamekit.games import real_game
    import json

    room = Classroom("1830", 4, seed=7)
    room.load(json.dumps(real_game("1830", "26855").log()).encode(), "26855.json")
    assert room.message.value == "Replaying 18xx.games game 26855 (26855.json)"
