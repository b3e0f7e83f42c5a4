"""``load_json`` given a file's name instead of a save's text (an easy slip: ``load_json("save.json")``) says so in
one line, naming the name and how to pass the text, instead of "not valid JSON"."""
import pytest

import gamekit
from gamekit.errors import DataError


@pytest.mark.parametrize("name", ["save.json", "/tmp/lessons/Game 1.JSON"])
def test_a_file_name_given_as_a_save_is_named_as_one(name):
    with pytest.raises(DataError) as refused:
        gamekit.load_json(name)
    assert str(refused.value) == (f"save: {name!r} is a file's name, not a save: pass the file's text, e.g. "
                                  f"load_json(Path({name!r}).read_text())")


def test_the_text_of_that_file_loads(tmp_path):
    game = gamekit.new_game("1830", ["Ann", "Bob", "Cy"], seed=3)
    game.process(game.legal_actions()[0])
    path = tmp_path / "save.json"
    path.write_text(game.to_json())
    assert gamekit.load_json(path.read_text()).to_json() == game.to_json()
