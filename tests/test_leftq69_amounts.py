"""A typed amount carries its own question's money sign or none (leftq69 item 1): ``80K`` or ``80F`` is no amount
of an 1830 question (dollars), ``$24`` none of an 1837 one (K), ``150K`` none of an 1894 one (F). Every place
that reads a typed amount refuses it as it refuses ``abc``: :meth:`Question.check`, the quiz widget (whose
pre-check knew no question), an assignment's check and the classroom's question."""

from __future__ import annotations

import pytest

from gamekit import exercises
from gamekit.exercises.notebook import assignment
from gamekit.i18n import localize, using
from gamekit.widgets.classroom_question import QuestionPanel
from gamekit.widgets.quiz import Quiz


def _first(title: str, kind: str) -> exercises.Question:
    return next(q for q in exercises.questions(title, n=6, seed=1) if q.kind == kind)


@pytest.fixture(scope="module")
def dollars():
    # 1830, seed 1: a sale leaves the price at $80 (the engine's market move, test_fixh68_quiz_amounts)
    q = _first("1830", "sale_price")
    assert (q.answer, q.money) == (80, "${:,}")
    return q


@pytest.fixture(scope="module")
def crowns():
    # 1837, seed 1: TI's trains earned 80K and TI pays half: 40K go to the holders, P4's 60% is 24K
    q = _first("1837", "payout_player")
    assert "earned 80K. TI pays half. P4 holds 60% of TI" in str(q.prompt)
    assert (q.answer, q.money) == (24, "{:,}K")
    return q


@pytest.fixture(scope="module")
def francs():
    # 1894, seed 1: Ouest's trains earned 250 F and it pays out: P1's 60% is 150 F
    q = _first("1894", "payout_player")
    assert "earned 250 F. Ouest pays out. P1 holds 60% of Ouest" in str(q.prompt)
    assert (q.answer, q.money) == (150, "{:,} F")
    return q


@pytest.mark.parametrize("typed", ["80K", "80F", "80 F", "80 K", "80€", "80元", "£80"])
def test_an_1830_amount_with_another_sign_is_not_read(dollars, typed):
    with using("en"):
        result = dollars.check(typed)
        assert (result.correct, result.given) == (False, None)
        assert result.explanation.splitlines()[0] == (
            f"Wrong: could not read {typed!r} as a whole number such as $1,100; the answer is $80.")
        assert dollars.read(typed) is None
    assert dollars.check("$80").correct and dollars.check("80 $").correct and dollars.check("80").correct


@pytest.mark.parametrize("question, right, wrong, example", [
    ("crowns", ["24K", "24 K", "24", "２４Ｋ"], ["$24", "24F", "24 F", "24k", "24€"], "1,100K"),
    ("francs", ["150 F", "150F", "150"], ["150K", "$150", "150 K", "150f"], "1,100 F"),
])
def test_1837_and_1894_read_only_their_own_sign(question, right, wrong, example, request):
    q = request.getfixturevalue(question)
    with using("en"):
        for typed in right:
            assert (q.check(typed).correct, q.check(typed).given) == (True, q.answer), typed
        for typed in wrong:
            result = q.check(typed)
            assert (result.correct, result.given) == (False, None), typed
            assert f"as a whole number such as {example};" in result.explanation.splitlines()[0]


def test_the_quiz_refuses_another_title_s_sign_as_it_refuses_abc(dollars, crowns):
    quiz = Quiz([dollars, crowns], figures=False)
    with using("en"):
        refused = quiz.answer("80K")
        assert (refused.correct, refused.given, quiz.score) == (False, None, (0, 0))
        assert "Could not read &#x27;80K&#x27; as a whole number" in quiz.feedback.value
        assert "$80" not in quiz.feedback.value  # nothing revealed
        shown_for_abc = quiz.answer("abc")
        assert quiz.feedback.value.replace("abc", "80K") == _refusal_of(Quiz([dollars], figures=False), "80K")
        assert shown_for_abc.given is None
        assert quiz.answer("80").correct and quiz.score == (1, 1)
        quiz.next()
        assert quiz.answer("$24").given is None and quiz.score == (1, 1)
        assert quiz.answer("24K").correct and quiz.score == (2, 2)


def _refusal_of(quiz: Quiz, typed: str) -> str:
    quiz.answer(typed)
    return quiz.feedback.value


def test_an_assignment_s_check_fails_on_another_title_s_sign(dollars, capsys):
    with using("en"):
        nb = assignment([dollars], "Signs", student=True)
    setup = next(c["source"] for c in nb["cells"] if c["metadata"]["nbgrader"]["grade_id"] == "setup")
    namespace: dict = {}
    exec(compile(setup, "setup", "exec"), namespace)
    with pytest.raises(AssertionError, match="question 1: not right"):
        namespace["check"](1, "80K")
    assert "Wrong: could not read '80K' as a whole number such as $1,100; the answer is $80." in capsys.readouterr().out
    namespace["check"](1, "$80")
    assert capsys.readouterr().out.startswith("Right: $80.")


def test_the_classroom_question_reads_its_own_title_s_sign(crowns):
    # the classroom asks about 1837's position after TI's run: TI withholds its 80K, all of it into its treasury
    panel = QuestionPanel(500, 500, lambda: None)
    with using("en"):
        asked = panel.ask(crowns.position())
        assert (asked.kind, asked.answer, asked.money) == ("payout_treasury", 80, "{:,}K")
        assert "TI withholds" in str(asked.prompt)
        assert panel.quiz.answer("$80").given is None
        assert "Could not read" in panel.quiz.feedback.value
        assert panel.quiz.answer("80K").correct
