"""Stop 65's new-user pass: a choice typed whole is that choice, even when a longer choice starts the same way."""

from __future__ import annotations

import pytest

from gamekit.exercises import questions
from gamekit.exercises.question import Question, choices_meant
from gamekit.i18n import set_language


@pytest.fixture(scope="module")
def next_phase():
    """Assignment 1837, seed 5, question 6: what begins when TI buys a 3-train (phase 3, not phase 3+1)."""
    question = questions("1837", None, n=10, seed=5)[5]
    assert question.kind == "next_phase" and question.answer.startswith("Phase 3: ")
    assert question.choices[1].startswith("Phase 3+1: ")
    return question


@pytest.mark.parametrize("typed", ["Phase 3", "phase 3", "  PHASE   3 "])
def test_a_phase_typed_by_its_name_is_that_phase(next_phase, typed):
    result = next_phase.check(typed)
    assert result.correct and result.given == next_phase.answer


def test_the_longer_phase_is_still_read_and_the_number_alone_stays_ambiguous(next_phase):
    assert next_phase.check("Phase 3+1").given == next_phase.choices[1]
    assert not next_phase.check("Phase 3+1").correct
    assert len(choices_meant("3", next_phase.choices)) > 1 and next_phase.check("3").given is None
    assert next_phase.check("Phase").given is None


def test_a_phase_typed_by_its_chinese_name_is_that_phase(next_phase, english):
    set_language("zh")
    assert next_phase.check("阶段 3").correct and next_phase.check("阶段 3").given == next_phase.answer


def test_a_whole_choice_without_a_colon_wins_over_a_longer_one_starting_so():
    choices = ("Sell", "Sell all", "Pass")
    q = Question(kind="k", title="1830", prompt="p", answer_type="choice", answer="Sell", explanation="e",
                 rule_ids=(), save="", action_index=0, choices=choices)
    assert q.check("sell").correct and choices_meant("sel", choices) == choices[:2]
