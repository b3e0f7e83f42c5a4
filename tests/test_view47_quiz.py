"""The quiz refuses an answer it cannot read without scoring it, and shows an explanation's list as a list."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from gamekit.widgets.quiz import Quiz, explanation_html  # noqa: E402

from .test_quiz import questions  # noqa: E402,F401  (the fixture: a sale-price question first, $76)


def test_an_unreadable_amount_is_refused_not_scored_nor_revealed(questions):  # noqa: F811
    quiz = Quiz(questions[:1], figures=False)
    result = quiz.answer("abc")
    assert not result.correct and result.given is None and quiz.score == (0, 0)
    assert "a whole number" in quiz.feedback.value and "not scored" in quiz.feedback.value
    assert "$76" not in quiz.feedback.value and "Wrong" not in quiz.feedback.value
    assert quiz.answer("80").given == 80 and quiz.score == (0, 1)  # a readable wrong amount is scored
    assert "Wrong" in quiz.feedback.value and "$76" in quiz.feedback.value


def test_a_readable_right_answer_after_a_refusal_scores_right(questions):  # noqa: F811
    quiz = Quiz(questions[:1], figures=False)
    quiz.answer("")
    assert quiz.score == (0, 0)
    assert quiz.answer("$76").correct and quiz.score == (1, 1)


def test_markdown_list_lines_become_a_list():
    shown = explanation_html(["Why:", "- $164 is refused: too much", "- $150 is fine", "That is all."])
    assert shown.count("<li>") == 2 and "<li>$164 is refused: too much</li>" in shown
    assert "- $164" not in shown and shown.index("Why:") < shown.index("<ul") < shown.index("That is all.")
