"""Stop 64's leftovers about answering: a choice typed as its number or the start of its text, the assignment's
hint naming the title's own money, a hex question that says how to answer where it is asked, and
``gamekit assignment`` refusing a count below 1 as a usage error."""

from __future__ import annotations

import random

import pytest

import gamekit
from gamekit import exercises
from gamekit.cli import main
from gamekit.datafiles import data_json
from gamekit.exercises.notebook import assignment
from gamekit.exercises.question import choices_meant
from gamekit.tracks.actions import LayTile

from .g1830_positions import nyc_floated


@pytest.fixture(scope="module")
def rust_and_phase():
    """The seeded 1830 game's rust and next-phase questions (seed 1): which trains a purchase rusts (answer
    "Every 3-train") and what the next phase brings (answer phase 4, listed first)."""
    rust, phase = exercises.questions("1830", ["rust", "next_phase"], n=2, seed=1)
    assert [str(c) for c in rust.choices] == ["No train rusts", "Every 3-train", "Every 4-train", "Every 5-train"]
    assert str(rust.answer) == "Every 3-train"
    assert [str(c).split(":")[0] for c in phase.choices] == ["Phase 4", "Phase 5", "Phase 6", "Phase D"]
    assert phase.answer == phase.choices[0]
    return rust, phase


# ----- 1. a choice by its number or the start of its text ---------------------------------------------------
def test_a_choice_is_read_by_its_number_as_listed_or_a_start_no_other_choice_shares(rust_and_phase):
    rust, phase = rust_and_phase
    # the number shown before it in the assignment ("2. 'Every 3-train'"), typed as text or as a number
    for answer in ("2", 2, "２", " 2 ", "every 3", "EVERY 3-TRAIN", "Every   3-train"):
        result = rust.check(answer)
        assert result.correct and result.given == "Every 3-train", answer
    assert rust.check("n").given == "No train rusts" and not rust.check("n").correct
    assert rust.check("1").given == "No train rusts"
    assert phase.check("1").correct and phase.check("phase 4").correct and phase.check("PHASE 4:").correct
    assert phase.check("Phase D").given == phase.choices[3]


def test_an_ambiguous_answer_is_refused_with_the_choices_it_could_be_never_marked_right(rust_and_phase):
    rust, phase = rust_and_phase
    result = rust.check("every")
    assert not result.correct and result.given is None
    assert result.explanation.splitlines()[0] == ("Wrong: 'every' could be any of Every 3-train / Every 4-train / "
                                                   "Every 5-train; write more of the choice's text to tell which. "
                                                   "The answer is Every 3-train.")
    # a number that a choice's text holds is that choice too: "3" could be the 3-train or the third choice; the
    # right one among them does not make it right
    assert choices_meant("3", rust.choices) == ("Every 3-train", "Every 4-train")
    assert not rust.check("3").correct and not rust.check(3).correct
    # "4": phase 4 (the answer, listed first) and the fourth choice, phase D
    assert choices_meant("4", phase.choices) == (phase.choices[0], phase.choices[3])
    assert not phase.check("4").correct and "could be any of" in phase.check("4").explanation
    assert not phase.check("phase").correct and phase.check("phase").given is None
    # "5": no fifth choice, only the 5-train's text: read, and wrong
    assert rust.check("5").given == "Every 5-train" and not rust.check("5").correct
    for nothing in ("", "  ", "0", "9", True, None, "x"):
        assert choices_meant(nothing, rust.choices) == () and not rust.check(nothing).correct, nothing


def test_the_assignment_says_a_choice_may_be_answered_by_its_number_and_its_check_reads_it(rust_and_phase):
    rust, _phase = rust_and_phase
    notebook = assignment([rust], "rust")
    text = notebook["cells"][2]["source"]
    assert "2. `'Every 3-train'`" in text
    assert ("Answer with one of the choices: its number, or its text in quotes (enough of it to tell it from the "
            "others).") in text
    space: dict = {}
    exec(notebook["cells"][1]["source"], space)  # the setup cell: QUESTIONS and check(n, answer)
    space["check"](1, 2)
    space["check"](1, "every 3")
    with pytest.raises(AssertionError, match="question 1: not right"):
        space["check"](1, "every")


def test_the_quiz_refuses_an_ambiguous_choice_without_scoring_or_revealing(rust_and_phase):
    pytest.importorskip("ipywidgets")
    from gamekit.widgets.quiz import Quiz

    quiz = Quiz(list(rust_and_phase), figures=False)
    result = quiz.answer("Every")
    assert not result.correct and result.given is None and quiz.score == (0, 0)
    assert "could be any of Every 3-train / Every 4-train / Every 5-train" in quiz.feedback.value
    assert "not scored" in quiz.feedback.value and "answer is" not in quiz.feedback.value
    assert quiz.answer("2").correct and quiz.score == (1, 1)


# ----- 2. the hint names the title's money ------------------------------------------------------------------
@pytest.mark.parametrize("title, sign", [("1837", "K"), ("1894", "F")])
def test_the_number_hint_names_the_titles_own_currency(title, sign):
    game = gamekit.load_json(data_json(title, "sample_game.json"))
    q = exercises.questions(game, ["payout_player"], n=1, seed=2)[0]
    assert q.currency() == sign and sign in q.shown()  # 1837: "12K"; 1894: "102 F"
    text = assignment([q], title)["cells"][2]["source"]
    assert f"an amount of money without the {sign}, e.g. `90`" in text and "without the $" not in text
    assert "\\$" not in text


def test_the_number_hint_of_a_dollar_title_names_the_dollar():
    q = exercises.questions(gamekit.load_json(data_json("1830", "sample_game.json")), ["payout_player"], n=1,
                            seed=1)[0]
    assert q.currency() == "$"
    # the dollar written \\$ (two backslashes): JupyterLab shows it as a dollar sign, not maths
    assert "an amount of money without the \\\\$, e.g. `90`" in assignment([q], "1830")["cells"][2]["source"]


# ----- 3. a hex question: typed in an assignment, clicked in the quiz ---------------------------------------
@pytest.fixture(scope="module")
def where():
    """Where may NYC lay tile 57 (it laid it on E19, rotation 1)?"""
    q = exercises.KINDS["tile_lay_where"].make(nyc_floated(), LayTile(entity="NYC", hex="E19", tile="57-0",
                                                                      rotation=1), random.Random(0))
    assert q is not None and "E19" in q.accepted
    return q


def test_a_hex_question_in_an_assignment_says_what_to_type(where):
    text = assignment([where], "where")["cells"][2]["source"]
    assert "On which hex may NYC lay tile 57 now?" in text and "Click" not in text
    assert 'Answer with a hex name in quotes, e.g. `"E19"`.' in text


def test_a_hex_question_in_the_quiz_says_to_type_or_pick(where):
    pytest.importorskip("ipywidgets")
    from gamekit.widgets.quiz import Quiz

    quiz = Quiz([where], figures=False)
    assert ("On which hex may NYC lay tile 57 now? Type the hex&#x27;s name or pick it from the box&#x27;s list (point "
            "at a hex on the map to see its name).") in quiz.prompt.value
    assert quiz.answer("e19").correct


# ----- 6. gamekit assignment: a count below 1 is a usage error ----------------------------------------------
@pytest.mark.parametrize("option, value", [("--questions", "0"), ("--questions", "-2"), ("--players", "0")])
def test_assignment_refuses_a_count_below_one_as_a_usage_error(tmp_path, capsys, option, value):
    out = tmp_path / "a.ipynb"
    with pytest.raises(SystemExit) as info:
        main(["assignment", "continental-divide", str(out), option, value])
    assert info.value.code == 2 and not out.exists()
    assert f"argument {option}: {value} is not a positive whole number" in capsys.readouterr().err


def test_a_choice_answer_of_thousands_of_digits_is_unreadable_not_a_crash(rust_and_phase):
    rust, _phase = rust_and_phase
    for answer in ("2" * 5000, 10 ** 5000, -(10 ** 5000)):
        assert choices_meant(answer, rust.choices) == () and rust.check(answer).given is None
