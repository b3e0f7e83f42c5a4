"""Quiz amounts are read as the titles write money, no looser (hostile68 item 6): a unit no title writes
(``80k``, ``80M``), spaces inside the digits that do not group thousands (``8 0``) and a group of thousands that
starts with a zero (``0,080``) are no amount; every title's money and each language's grouping still are."""

from __future__ import annotations

import pytest

from gamekit import exercises
from gamekit.exercises.question import currency_sign, read_answer
from gamekit.i18n import using


@pytest.fixture(scope="module")
def sale():
    # 1830, seed 1: the price a sale of shares leaves, which is $80
    q = next(q for q in exercises.questions("1830", n=8, seed=1) if q.kind == "sale_price")
    assert q.answer == 80
    return q


def test_each_title_s_questions_read_the_sign_its_data_writes():
    # data/<title>/game.json: 1830 and the cube-rail titles write $, 1837 K, 1894 F (leftq69: only the title's own)
    assert {currency_sign(money) for money in ("${:,}", "{:,}K", "{:,} F")} == {"$", "K", "F"}


@pytest.mark.parametrize("typed", ["80k", "80M", "80 ab", "80 dollars", "US$80", "K80", "$80$", "0,080", "8 0",
                                   "80.0", "80€", "80元"])
def test_what_meant_something_else_is_not_read_as_80(sale, typed):
    with using("en"):
        result = sale.check(typed)
    assert (result.correct, result.given) == (False, None)
    assert str(result.explanation).startswith("Wrong: could not read")


@pytest.mark.parametrize("typed", [80, 80.0, "80", "$80", "80 $", "80$", "$ 80", "８０", " 80\n"])
def test_the_ways_money_is_written_still_read_as_80(sale, typed):
    with using("en"):
        result = sale.check(typed)
    assert (result.correct, result.given) == (True, 80)


@pytest.mark.parametrize("typed, lang, money, amount", [
    ("1,100", "en", "${:,}", 1100), ("1,100", "zh", "${:,}", 1100), ("1.100", "ca", "${:,}", 1100),
    ("1.100", "es", "${:,}", 1100), ("1.100", "nl", "${:,}", 1100), ("1 100", "en", "${:,}", 1100),
    ("1\u202f100", "nl", "${:,}", 1100), ("12,048K", "en", "{:,}K", 12048), ("12.048K", "nl", "{:,}K", 12048),
    ("1.250 F", "es", "{:,} F", 1250), ("-$5", "en", "${:,}", -5), ("108元", "zh", "${:,}", None),
    ("0", "en", "${:,}", 0), ("0.225", "nl", "${:,}", None), ("0,225", "en", "${:,}", None),
    ("22 5", "en", "${:,}", None), ("1.100", "en", "${:,}", None), ("1,100 K F", "en", "{:,}K", None)])
def test_each_language_s_grouping_and_each_title_s_sign(typed, lang, money, amount):
    with using(lang):
        assert read_answer("number", typed, money=money) == amount
