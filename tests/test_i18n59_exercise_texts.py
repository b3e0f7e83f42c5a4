"""Exercise texts in the learner's language (tile colours, 1837's train limits per kind of company, 1894's phase
names, Continental Divide's end conditions), answers as learners type them in each language, and the phase
question offering only the phases still ahead."""

from __future__ import annotations

import pytest

from gamekit.exercises import questions
from gamekit.exercises.question import read_answer
from gamekit.i18n import localize, using


def rendered(q, lang: str) -> str:
    with using(lang):
        return "\n".join([localize(q.prompt), localize(q.explanation), *map(localize, q.choices)])


@pytest.fixture(scope="module")
def phase_1830():
    return questions("1830", ["next_phase"], n=2, seed=3)


def test_tile_colours_are_translated(phase_1830):
    text = rendered(phase_1830[0], "zh")
    assert "黄色" in text and "yellow" not in text and "green" not in text
    assert "amarillo" in rendered(phase_1830[0], "es")
    assert "yellow" in rendered(phase_1830[0], "en")  # English keeps the data's words


def test_1837_train_limits_name_the_kinds_of_company():
    (q,) = questions("1837", ["next_phase"], n=1, seed=1)
    english = rendered(q, "en").split("\n- ")[0]  # the engine's own phase event (not an exercise text) follows
    assert "coal 2" in english and "major 4" in english
    spanish = rendered(q, "es").split("\n- ")[0]
    assert "compañías de carbón 2" in spanish and "coal" not in spanish and "national" not in spanish
    assert "煤矿公司 2" in rendered(q, "zh")


def test_1894_phase_names_are_translated():
    (q,) = questions("1894", ["next_phase"], n=1, seed=1)
    spanish = rendered(q, "es").split("\n- ")[0]
    assert "fase Marrón (" in spanish and "Fase Roja:" in spanish  # the phase now, and the one the 6 starts
    assert not {"Brown", "Red", "Gray", "Purple"} & set(spanish.replace(":", " ").split())
    assert "fase Bruin (" in rendered(q, "nl") and "阶段 棕色" in rendered(q, "zh")
    assert "phase Brown (" in rendered(q, "en") and "Phase Red:" in rendered(q, "en")


def test_continental_divide_end_conditions_are_in_the_translated_rules():
    (q, *_rest) = questions("continental-divide", ["end_condition"], n=2, seed=1)
    assert [localize(c) for c in q.choices] == ["No, the game goes on", "Yes: The end of the game"]
    with using("zh"):
        assert [localize(c) for c in q.choices] == ["不，游戏继续", "是：游戏结束"]  # no "(ref. 29)" either
    with using("es"):
        assert "Sí: El final de la partida" in [localize(c) for c in q.choices]
        assert q.check("Sí: El final de la partida").correct == (q.answer != q.choices[0])


@pytest.mark.parametrize("typed, lang, money, amount", [
    ("-$5", "en", "${:,}", -5), ("$-5", "en", "${:,}", -5), ("−5", "en", "${:,}", -5), ("90 $", "en", "${:,}", 90),
    ("$９０", "es", "${:,}", 90), ("１０８", "zh", "${:,}", 108), ("120K", "en", "{:,}K", 120),
    ("40 F", "ca", "{:,} F", 40), ("1,100", "en", "${:,}", 1100), ("1,100", "zh", "${:,}", 1100),
    ("1.100", "es", "${:,}", 1100), ("1.100", "ca", "${:,}", 1100), ("1.100", "nl", "${:,}", 1100),
    ("$1.100", "es", "${:,}", 1100), ("12.345.678", "nl", "${:,}", 12345678), ("90", "zh", "${:,}", 90)])
def test_amounts_as_learners_type_them(typed, lang, money, amount):
    # leftq69: only the question's own title's sign (90€ and 108元 in a dollar title are refused now)
    with using(lang):
        assert read_answer("number", typed, money=money) == amount


@pytest.mark.parametrize("typed, lang", [("1.100", "en"), ("1.100", "zh"), ("1,10", "es"), ("1.1", "es"),
                                         ("--5", "en"), ("-$-5", "en"), ("5 $ $", "en"), ("1,100.5", "en"),
                                         ("abc", "es"), ("", "en"), ("$1,100", "es")])
def test_what_is_no_whole_amount(typed, lang):
    with using(lang):
        assert read_answer("number", typed) is None


def test_full_width_hex_names():
    assert read_answer("hex", "Ｅ１９") == "E19" == read_answer("hex", " e19 ")
    assert read_answer("hex", "19E") is None


def test_the_phase_question_offers_only_phases_ahead(phase_1830):
    for q in phase_1830:
        before = q.position()
        names = [p.name for p in before.facts.phases]
        ahead = names[names.index(before.phase()) + 1:]
        offered = [str(c).split(":")[0].removeprefix("Phase ") for c in q.choices]
        assert offered == ahead and q.answer in q.choices
