"""Stop 65's new-user pass: money in the learner's language. ``$1,000`` read as one dollar in Dutch, Spanish and
Catalan (a decimal comma); an amount is grouped as the language groups thousands wherever it is shown, and
re-rendered when the language changes (the events are written when the action is applied)."""

from __future__ import annotations

import json
import pickle

import pytest

import gamekit
from gamekit.exercises.question import Question, read_answer
from gamekit.i18n import Money, localize, msg, set_language, using
from gamekit.saved_texts import from_data, to_data
from gamekit.widgets.parts import cell

PLAYERS = ["Ann", "Ben", "Cy", "Di"]


@pytest.mark.parametrize("title, amount, en, dot", [
    ("1830", 1100, "$1,100", "$1.100"), ("1830", -1250, "-$1,250", "-$1.250"), ("1830", 999, "$999", "$999"),
    ("1837", 12048, "12,048K", "12.048K"), ("1894", 1100, "1,100 F", "1.100 F"),
    ("1894", 1234567, "1,234,567 F", "1.234.567 F"), ("american-rails", 1100, "$1,100", "$1.100"),
    ("continental-divide", 2000, "$2,000", "$2.000"),
])
def test_an_amount_is_grouped_as_each_language_groups_thousands(title, amount, en, dot):
    money = gamekit.new_game(title, PLAYERS).money(amount)
    assert money == en and str(money) == en  # saves and English texts are unchanged
    for lang, text in (("en", en), ("zh", en), ("nl", dot), ("es", dot), ("ca", dot)):
        with using(lang):
            assert localize(money) == text, lang


def test_an_event_written_before_the_switch_follows_the_language(english):
    events = {title: gamekit.new_game(title, PLAYERS).setup_events[0] for title in ("1830", "1837")}
    assert str(events["1830"]) == "Each player receives $600; the bank keeps $9,600 [1830:setup]"
    set_language("nl")
    assert localize(events["1830"]) == "Elke speler krijgt $600; de bank houdt $9.600 [1830:setup]"
    assert "12.048K" in localize(events["1837"])
    set_language("zh")
    assert "$9,600" in localize(events["1830"])
    set_language("es")
    assert "$9.600" in localize(events["1830"]) and "12.048K" in localize(events["1837"])


def test_a_refusal_follows_the_language(english):
    game = gamekit.new_game("1830", PLAYERS)
    refusal = msg("{player} cannot pay {amount}", player="Ann", amount=game.money(1500))
    assert refusal == "Ann cannot pay $1,500"
    set_language("ca")
    assert refusal.local().endswith("$1.500")


def test_money_survives_json_and_pickle():
    money = Money(-12048, "{}K")
    assert from_data(json.loads(json.dumps(to_data(money)))) == money == pickle.loads(pickle.dumps(money))
    back = from_data(to_data(money))
    with using("nl"):
        assert localize(back) == "-12.048K" == localize(pickle.loads(pickle.dumps(money)))


def _question(answer: int = 1000, money: str = "${:,}") -> Question:
    return Question(kind="k", title="1830", prompt="p", answer_type="number", answer=answer, explanation="e",
                    rule_ids=(), save="", action_index=0, money=money)


def test_the_dutch_student_who_types_1000_with_a_dot_is_right_and_reads_it_back_so(english):
    q = _question()
    set_language("nl")
    result = q.check("1.000")
    assert result.correct and result.given == 1000
    assert localize(result.explanation).splitlines()[0] == "Goed: $1.000."
    wrong = q.check("1.100")
    assert localize(wrong.explanation).splitlines()[0] == "Fout: niet $1.100; het antwoord is $1.000."


def test_a_verdict_in_english_and_chinese_groups_with_a_comma(english):
    q = _question(12048, "{:,}K")
    assert q.check("1,000").explanation.splitlines()[0] == "Wrong: not 1,000K; the answer is 12,048K."
    assert q.check("12,048K").correct and q.check(12048).correct
    set_language("zh")
    assert "12,048K" in localize(q.check("1,000").explanation)


@pytest.mark.parametrize("typed, lang, amount", [
    ("1.000", "nl", 1000), ("1,000", "en", 1000), ("1.000", "es", 1000), ("1,000", "zh", 1000),
    ("1.000K", "ca", 1000), ("1,5", "en", None), ("1,5", "nl", None), ("1.000", "en", None)])
def test_amounts_are_read_as_the_language_writes_them(typed, lang, amount):
    with using(lang):
        assert read_answer("number", typed, money="{:,}K") == amount  # 1837's money (leftq69: its sign only)


def test_an_ambiguous_amount_is_refused_with_an_example_in_the_learners_grouping(english):
    q = _question(1100)
    assert q.check("1,5").explanation.splitlines()[0] == (
        "Wrong: could not read '1,5' as a whole number such as $1,100; the answer is $1,100.")
    set_language("nl")
    assert localize(q.check("1,5").explanation).splitlines()[0] == (
        "Fout: '1,5' is niet te lezen als een geheel getal, zoals $1.100; het antwoord is $1.100.")


def test_a_panels_cell_groups_as_the_language_does(english):
    assert cell(Money(1100, "${}"), number=True).endswith(">$1,100</td>")
    set_language("nl")
    assert cell(Money(1100, "${}"), number=True).endswith(">$1.100</td>")


def test_the_seats_panel_groups_cash_and_value_as_the_language_does(english):
    from gamekit.i18n import number_text as grouped  # a seat's cash or value as the classroom column shows it

    assert (grouped(12025), grouped(310), grouped(-1250)) == ("12,025", "310", "-1,250")
    set_language("es")
    assert (grouped(12025), grouped(310)) == ("12.025", "310")
