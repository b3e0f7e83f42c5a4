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
