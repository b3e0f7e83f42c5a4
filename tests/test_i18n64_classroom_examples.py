"""The classroom's examples menu follows a language switch: its heading and every recorded game's line are
written again in the language chosen from the language menu, and in English when switched back."""

from __future__ import annotations

import pytest

from gamekit.i18n import language, set_language
from gamekit.widgets.classroom import Classroom

# the optional rule in the title's words, in the language (stop 65)
ENGLISH = ("examples…", "18xx.games game 26855: 4 players (optional rules: In the brown zone several shares "
                        "per turn may be bought from the IPO too), ended when a player went bankrupt")
SPANISH = ("ejemplos…", "partida 26855 de 18xx.games: 4 jugadores (reglas opcionales: En la zona marrón "
                        "también se pueden comprar varias acciones por turno de la emisión inicial (IPO)), "
                        "terminada cuando un jugador ha quebrado")
DUTCH = ("voorbeelden…", "18xx.games-partij 26855: 4 spelers (optionele regels: In de bruine zone mogen per "
                         "beurt ook meerdere aandelen uit de uitgifte (IPO) worden gekocht), einde: een speler "
                         "is failliet gegaan")


@pytest.fixture
def room():
    before = language()
    yield Classroom("1830", 4, seed=7)
    set_language(before)


def _menu(room) -> tuple[str, str]:
    labels = [label for label, _value in room.examples.options]
    return labels[0], next(label for label in labels if "26855" in label)


def test_the_examples_menu_is_relabelled_when_the_language_menu_switches(room):
    assert _menu(room) == ENGLISH
    room.language_menu.value = "es"  # as a click on the menu does
    assert language() == "es" and _menu(room) == SPANISH
    assert room.examples.value == -1 and room.examples.layout.display != "none"  # still on its heading, shown
    room.language_menu.value = "nl"
    assert _menu(room) == DUTCH
    room.language_menu.value = "en"
    assert _menu(room) == ENGLISH


def test_a_new_title_lists_its_examples_in_the_language_chosen(room):
    room.set_language("ca")
    room.title_menu.value = "1894"
    labels = [label for label, _value in room.examples.options]
    assert labels[0] == "exemples…" and all("18xx.games game" not in label for label in labels)
    assert any(label.startswith("partida ") and "jugadors" in label for label in labels[1:])


def test_an_opened_example_is_named_again_in_the_language_chosen(room):
    """The message line and the tab name the example opened from the menu in the language switched to (its
    label was the English line, kept as it was when the menu listed it)."""
    room.examples.value = next(value for label, value in room.examples.options if "210011" in label)
    assert room.message.value == "Replaying 18xx.games game 210011 (3 players, ended when the bank broke)"
    room.language_menu.value = "es"
    assert room.message.value == ("Reproduciendo partida 210011 de 18xx.games (3 jugadores, terminada cuando el "
                                  "banco ha quebrado)")
    assert room.tabs.titles == ("repetición · partida 210011 de 18xx.games",)
    room.language_menu.value = "zh"
    assert room.message.value == "正在回放18xx.games 对局 210011（3 名玩家，结束原因：银行破产）"


def test_an_example_label_keeps_its_english_text_and_renders_in_each_language():
    from gamekit.i18n import localize, using
    from gamekit.saved_texts import to_data
    from gamekit.widgets.classroom import shipped_games

    label = next(e.label for e in shipped_games("1830") if "210011" in e.label)
    assert label == "18xx.games game 210011: 3 players, ended when the bank broke"
    with using("ca"):
        assert localize(label) == "partida 210011 de 18xx.games: 3 jugadors, acabada quan el banc ha fet fallida"
    assert to_data(label) == str(label)
