"""The quiz widget driven as a learner would: answers entered, verdicts with explanation and rules, the score."""

from __future__ import annotations

import random

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
    # the texts wrap to the column (an HTML widget's content does not by itself): no rule runs past the edge
    assert all("white-space:normal" in w.value for w in (quiz.header, quiz.prompt, quiz.feedback))
    assert "gamekit-quiz" in quiz._dom_classes
    assert quiz.score == (1, 1)
    # the header says what is asked in words, not the kind's key
    assert "where the share price goes when a player sells" in quiz.header.value and "sale_price" not in quiz.header.value
    # each choice shows its text in the current language and answers with the question's own choice
    assert quiz.next() and quiz.choices.options == (("Ann", "Ann"), ("Ben", "Ben"), ("Cy", "Cy"), ("Di", "Di"))
    result = quiz.answer("Ann")
    assert not result.correct and "Wrong" in quiz.feedback.value and "Di" in result.explanation
    quiz.answer("Di")  # a second try is shown but the first answer counts
    assert quiz.score == (1, 2)
    assert quiz.next() and not quiz.next() is True


def test_the_buttons_and_a_hex_picked_from_the_map_list(questions):
    quiz = Quiz(questions[2:], figures=True)
    # the hex box lists the hexes named on the map drawn beside it (the map is a figure output, not a click target)
    hovered = {text.split("<br>")[0].split()[0] for trace in quiz.panels["map"].figure.data
               for text in (trace.hovertext or ())}  # "A11 Canadian West<br>printed red hex<br>…", "A17<br>…"
    assert "E19" in quiz.hex.options and set(quiz.hex.options) == hovered
    quiz.hex.value = "E19"  # picked from the list as the browser's list enters it
    quiz.submit.click()
    assert quiz.score == (1, 1) and "Right" in quiz.feedback.value


def test_a_quiz_needs_questions():
    with pytest.raises(ValueError):
        Quiz([])


def test_a_teacher_reveals_the_answer_without_scoring(questions):
    quiz = Quiz(questions[:1], figures=False)
    result = quiz.reveal()
    assert result.correct and "$76" in quiz.feedback.value and quiz.score == (0, 0)


def test_the_next_position_is_drawn_in_the_same_figures_and_choices_get_their_own_rows(questions):
    quiz = Quiz(questions[:2], figures=True)
    drawn = quiz.board.children
    # map and market as figure outputs (a FigureWidget was often drawn empty in JupyterLab)
    assert [type(w).__name__ for w in drawn] == ["Output", "Output"]
    assert [len(view.outputs[0]["data"]["application/vnd.plotly.v1+json"]["data"]) > 0 for view in drawn] == [True] * 2
    assert quiz.next()
    # redrawn in place: the same Output widgets hold the next position's figures
    assert quiz.board.children == drawn and len(quiz.panels["map"].figure.data) > 0
    assert quiz.inputs.children[0] is quiz.choices  # the radio buttons above the buttons, not beside them


def test_the_quiz_in_catalan(questions):
    """The quiz in the learner's language: header, prompt, buttons, verdict and explanation in Catalan (names and
    money as given, the action's sentence as the codec writes it); the question's own texts stay English."""
    from gamekit.i18n import using

    with using("ca"):
        quiz = Quiz(questions, figures=False)
        assert quiz.submit.description == "Respon" and "Pregunta 1 de 3" in quiz.header.value
        assert "on va la cotització quan un jugador ven certificats" in quiz.header.value
        assert "La cotització de NYC és $82." in quiz.prompt.value
        quiz.answer("76")
        assert "Correcte: $76." in quiz.feedback.value
        assert "10% venut: la cotització passa de $82 a $76." in quiz.feedback.value
        assert "la cotització de NYC es mou avall de $82 a $76 (s&#x27;ha venut una acció)" in quiz.feedback.value
    assert questions[0].prompt.startswith("Stock round 2. NYC's share price is $82.")
