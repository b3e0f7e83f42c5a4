"""The quiz widget driven as a learner would: answers entered, verdicts with explanation and rules, the score."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

pytest.importorskip("ipywidgets")

from gamekit import exercises  # noqa: E402
from gamekit.tracks.actions import LayTile, SellShares  # noqa: E402
from gamekit.widgets.quiz import Quiz  # noqa: E402

from .test_exercises import lone_president_at_second_round  # noqa: E402
from .g1830_positions import nyc_floated  # noqa: E402


@pytest.fixture(scope="module")
def questions():
    g = lone_president_at_second_round()
    sale = SellShares(entity="Cy", shares=("NYC_0",), percent=10)
    kinds = exercises.KINDS
    where = kinds["tile_lay_where"].make(nyc_floated(), LayTile(entity="NYC", hex="E19", tile="57-0", rotation=1),
                                         random.Random(0))
    return [kinds["sale_price"].make(g, sale, random.Random(0)), kinds["sale_president"].make(g, sale, random.Random(0)),
            where]


def test_answers_are_marked_and_scored(questions):
    quiz = Quiz(questions, figures=False)
    assert quiz.answer("76").correct  # hand-computed: one row below $82
    assert "Right" in quiz.feedback.value and "1830:stock.sell" in quiz.feedback.value
    assert quiz.score == (1, 1)
    # the header says what is asked in words, not the kind's key
    assert "where the share price goes when a player sells" in quiz.header.value and "sale_price" not in quiz.header.value
    assert quiz.next() and quiz.choices.options == ("Ann", "Ben", "Cy", "Di")
    result = quiz.answer("Ann")
    assert not result.correct and "Wrong" in quiz.feedback.value and "Di" in result.explanation
    quiz.answer("Di")  # a second try is shown but the first answer counts
    assert quiz.score == (1, 2)
    assert quiz.next() and not quiz.next() is True


def test_the_buttons_and_a_click_on_the_map(questions):
    quiz = Quiz(questions[2:], figures=True)
    map_widget = quiz.board.children[0]
    trace = next(t for t in map_widget.data if t.hovertext is not None and any("E19" in h for h in t.hovertext))
    point = next(i for i, h in enumerate(trace.hovertext) if h.startswith("E19"))
    quiz.clicked(trace, SimpleNamespace(point_inds=[point]))
    assert quiz.hex.value == "E19"
    quiz.submit.click()
    assert quiz.score == (1, 1) and "Right" in quiz.feedback.value


def test_a_quiz_needs_questions():
    with pytest.raises(ValueError):
        Quiz([])


def test_a_teacher_reveals_the_answer_without_scoring(questions):
    quiz = Quiz(questions[:1], figures=False)
    result = quiz.reveal()
    assert result.correct and "$76" in quiz.feedback.value and quiz.score == (0, 0)
