"""A typed answer of more digits than any game amount (``loading.MAX_DIGITS``) is refused as no whole number, in
one short line: a number of 4,301 digits or more made the quiz raise Python's ValueError ("Exceeds the limit
(4300 digits) for integer string conversion"), and one of 100 digits was echoed whole in the verdict."""

import pytest

from gamekit import exercises
from gamekit.exercises.question import read_answer
from gamekit.loading import MAX_DIGITS
from gamekit.widgets.quiz import Quiz


@pytest.fixture(scope="module")
def question():
    return next(q for q in exercises.questions("1830", n=4, seed=1) if q.answer_type == "number")


@pytest.mark.parametrize("typed", ["9" * 5000, "9" * 100, "9" * (MAX_DIGITS + 1), 10 ** 5000, -10 ** 5000,
                                   10 ** MAX_DIGITS, 1e300],
                         ids=["5000 digits", "100 digits", "19 digits", "10^5000", "-10^5000", "10^18", "1e300"])
def test_a_number_longer_than_any_amount_is_refused_in_one_short_line(question, typed):
    assert read_answer("number", typed) is None
    quiz = Quiz([question], figures=False)
    result = quiz.answer(typed)
    assert not result.correct and result.given is None and quiz.score == (0, 0)
    assert "Could not read" in quiz.feedback.value and len(quiz.feedback.value) < 400
    checked = question.check(typed)
    assert not checked.correct and len(str(checked.explanation).splitlines()[0]) < 200


def test_the_longest_amount_and_leading_zeros_still_read():
    assert read_answer("number", "9" * MAX_DIGITS) == int("9" * MAX_DIGITS)
    assert read_answer("number", "0" * 30 + "60") == 60
    assert read_answer("number", 10 ** MAX_DIGITS - 1) == 10 ** MAX_DIGITS - 1
