"""``load_json`` takes the path of a save as :func:`gamekit.import18xx.import_log` takes a log's: a
:class:`pathlib.Path` is read (UTF-8), text is parsed, never opened as a file name."""

from pathlib import Path

import pytest

import gamekit
from gamekit.errors import DataError


def test_a_path_is_read(tmp_path):
    game = gamekit.new_game("1830", ["Ann", "Bob", "Cy"], seed=3)
    game.process(game.legal_actions()[0])
    path = tmp_path / "save.json"
    path.write_text(game.to_json(), encoding="utf-8")
    assert gamekit.load_json(path).to_json() == game.to_json()


def test_a_path_that_cannot_be_read_is_named(tmp_path):
    missing = tmp_path / "nowhere.json"
    with pytest.raises(DataError, match=f"^{missing}: cannot read: "):
        gamekit.load_json(missing)
    with pytest.raises(DataError, match=r": not a regular file \(a folder\)"):
        gamekit.load_json(tmp_path)


def test_anything_else_names_what_is_taken():
    with pytest.raises(DataError) as refused:
        gamekit.load_json(5)
    assert str(refused.value) == "save: expected JSON text, bytes, a dict or a pathlib.Path, not int"
