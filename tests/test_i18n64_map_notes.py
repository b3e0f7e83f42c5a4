"""The map notes of 1837 (Bosnia, Italy and Bozen, the mines) and 1894 (London's ferries, Luxembourg, the
Netherlands bonus) are drawn in the learner's language; their English text (``map_notes()``, a ``str``) is as
before (rules ``1837:map.bosnia``, ``1837:map.italy``, ``1837:coal.mines``, ``1894:route.ferry``,
``1894:route.luxembourg``, ``1894:route.netherlands``)."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.datafiles import data_json
from gamekit.i18n import localize, using
from gamekit.viz import map_figure


def _notes_drawn(game) -> list[str]:
    return list(next(d for d in map_figure(game).data if d.name == "note").text)


@pytest.fixture(scope="module")
def fresh_1837():
    return gamekit.new_game("1837", ["A", "B", "C"], seed=1)


def test_1837_notes_in_english_and_spanish(fresh_1837):
    notes = fresh_1837.map_notes()
    assert (notes["M19"], notes["L4"], notes["K5"], notes["P20"]) == (
        "Bosnia closed<br>until phase 3", "Italy leaves on<br>the first 4-train", "tile 426 on the<br>first 4-train",
        "BB mine<br>+35K")
    with using("es"):
        assert [localize(notes[c]) for c in ("M19", "L4", "K5", "P20")] == [
            "Bosnia cerrada<br>hasta la fase 3", "Italia sale con<br>el primer tren 4",
            "loseta 426 con el<br>primer tren 4", "mina de BB<br>+35K"]


def test_a_drawn_1837_map_in_spanish_shows_the_spanish_notes(fresh_1837):
    with using("es"):
        drawn = _notes_drawn(fresh_1837)
    assert "Bosnia cerrada<br>hasta la fase 3" in drawn and "Italia sale con<br>el primer tren 4" in drawn
    assert "mina de BB<br>+35K" in drawn and not any("mine" in text for text in drawn)
    assert "Bosnia closed<br>until phase 3" in _notes_drawn(fresh_1837)  # English again after the block


def test_bosnia_open_and_italy_out_in_every_language():
    sample = gamekit.load_json(data_json("1837", "sample_game.json")).at(415)  # the first 3-train: phase 3
    bosnia = sample.map_notes()["M19"]
    assert bosnia == "Bosnia open<br>(phase 3)"
    expected = {"en": "Bosnia open<br>(phase 3)", "zh": "波斯尼亚开放<br>（阶段 3）", "ca": "Bòsnia oberta<br>(fase 3)",
                "es": "Bosnia abierta<br>(fase 3)", "nl": "Bosnië open<br>(fase 3)"}
    for lang, text in expected.items():
        with using(lang):
            assert localize(bosnia) == text
    out = gamekit.load_json(data_json("1837", "sample_game.json")).map_notes()["L4"]  # its end: phase 5
    assert out == "Italy: out<br>of play"
    with using("ca"):
        assert localize(out) == "Itàlia: fora<br>de joc"


def test_1894_notes_in_english_and_other_languages():
    game = gamekit.new_game("1894", ["A", "B", "C"], seed=1)
    assert set(game.map_notes().values()) == {"ferry: none yet", "4 ferries left", "= best stop",
                                              "+100 with I2/I18/A4"}
    with using("es"):
        assert set(_notes_drawn(game)) == {"ferry: ninguno aún", "quedan 4 ferris", "= mejor parada",
                                           "+100 con I2/I18/A4"}
    with using("nl"):
        assert set(_notes_drawn(game)) == {"veer: nog geen", "nog 4 veerfiches", "= beste halte",
                                           "+100 met I2/I18/A4"}
    game.state.title.ferries.extend(["PLM", "Nord", "Est"])  # three sold: one left, and who holds them
    london = game.facts.constants["london_hex"]
    supply = game.facts.constants["ferry_supply_hex"]
    notes = game.map_notes()
    assert (notes[london], notes[supply]) == ("ferry: PLM, Nord, Est", "1 ferry left")
    with using("zh"):
        assert (localize(notes[london]), localize(notes[supply])) == ("渡轮：PLM, Nord, Est", "剩 1 个渡轮标记")
    with using("ca"):
        assert localize(notes[supply]) == "queda 1 ferri"
