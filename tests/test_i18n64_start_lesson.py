"""The first lesson in every language: its check names how the sample game ended in words (not the code
``bank``), the translated lessons write the rounds as their own charts and glossary do (RA/RO in Spanish and
Catalan, AR/BR in Dutch; not "SR/OR"), and every translation ends, as the English lesson does, with the closing
quiz, whose check leaves gamekit in the lesson's language (the widgets answer clicks after Run All in it)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import nbformat
import pytest

import gamekit
from gamekit import viz
from gamekit.datafiles import data_json
from gamekit.i18n import end_reason_words, localize, using

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


def _generator():
    spec = importlib.util.spec_from_file_location("make_00_start_here_i18n64",
                                                  NOTEBOOKS / "i18n" / "make_00_start_here.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GENERATOR = _generator()
LESSONS = {"en": NOTEBOOKS / "00_start_here.ipynb",
           **{lang: NOTEBOOKS / "i18n" / f"00_start_here.{lang}.ipynb" for lang in ("zh", "ca", "es", "nl")}}
ENDED = {"en": "the sample game ends when: the bank broke", "zh": "示例对局结束于: 银行破产",
         "ca": "la partida d'exemple acaba quan: el banc ha fet fallida",
         "es": "la partida de ejemplo termina cuando: el banco ha quebrado",
         "nl": "het voorbeeldspel eindigde toen: de bank is failliet gegaan"}
"""The check's line on the sample game's end, as it prints it in each language (``{name}: {value}``)."""


def _cells(lang):
    return nbformat.read(LESSONS[lang], as_version=4).cells


@pytest.mark.parametrize("lang", sorted(LESSONS))
def test_the_check_names_the_end_reason_in_words(lang):
    sample = gamekit.load_json(data_json("1830", "sample_game.json"))
    assert sample.outcome.reason == "bank"
    check = next(c.source for c in _cells(lang) if "show_answer(checks" in c.source)
    name = re.search(r'"([^"]+)": end_reason_words\(sample\.outcome\.reason\),', check)[1]
    assert "sample.outcome.reason," not in check
    with using(lang):
        assert f"{name}: {localize(end_reason_words(sample.outcome.reason))}" == ENDED[lang]


@pytest.mark.parametrize("lang, stock, operating", [("es", "RA", "RO"), ("ca", "RA", "RO"), ("nl", "AR", "BR")])
def test_the_rounds_are_written_as_the_charts_write_them(lang, stock, operating):
    sample = gamekit.load_json(data_json("1830", "sample_game.json"))
    with using(lang):
        labels = [localize(label) for label in viz.timeline_data(sample).labels[1:3]]
    assert labels == [f"{stock} 1", f"{operating} 1.1"]
    prose = "\n".join(c.source for c in _cells(lang) if c.cell_type == "markdown")
    assert f"({stock})" in prose and f"({operating})" in prose and f"1 {operating} " in prose
    assert not re.search(r"\b(SR|OR|OR's)\b", prose)
    assert "borsa" not in prose and "bolsa" not in prose  # es and ca: the kit's "ronda de acciones / d'accions"


@pytest.mark.parametrize("lang", ["zh", "ca", "es", "nl"])
def test_every_translation_ends_with_the_closing_quiz_as_the_english_lesson_does(lang):
    english, cells = _cells("en"), _cells(lang)
    assert len(cells) == len(english)
    assert english[-3].source.startswith("## Quiz")
    heading, shown, check = cells[-3:]
    assert heading.cell_type == "markdown"
    assert heading.source == GENERATOR.CJK_BREAK.sub(r"\1\2", GENERATOR.TEXT["quiz"][lang])  # Chinese lines joined
    assert shown.source == english[-2].source  # the same quiz: sample game, kinds, count and seed
    assert check.metadata["jupyter"]["source_hidden"] is True
    answers = [cell.source.split("answers = ")[1].split("  #")[0] for cell in (english[-1], check)]
    assert answers[0] == answers[1] == "[165, 71, 78, 'Every 4-train']"
    assert check.source.endswith(f'assert gamekit.language() == "{lang}"')
    # never switched back: the explorer's and the quiz's clicks after Run All answer in the lesson's language
    assert "set_language(\"en\")" not in "".join(c.source for c in cells)
    assert "The quiz's check" not in check.source  # its comments are translated too


def test_the_quiz_headings_name_the_buttons_the_quiz_shows():
    from gamekit.i18n import gettext

    for lang in ("zh", "ca", "es", "nl"):
        with using(lang):
            for button in ("Answer", "Next question"):
                assert f"**{gettext(button)}**" in GENERATOR.TEXT["quiz"][lang], (lang, button)
