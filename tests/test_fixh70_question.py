"""hostile70 defect 6: an assignment's questions are checked for what their fields hold, not only their kinds of
value: the title's own money format, a save of the question's title with the position in it, a question kind,
rule ids of the rules, a choice question's answer among its choices; each refusal is the one line of ``unpack``."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from gamekit import exercises
from gamekit.errors import DataError
from gamekit.exercises.notebook import unpack

ONE_LINE = "assignment: the questions of the setup cell cannot be read (question 1: {}); generate the notebook again"


def packed(questions: list[dict]) -> str:
    return base64.b64encode(zlib.compress(json.dumps(questions).encode())).decode()


@pytest.fixture(scope="module")
def question():
    """An 1830 question (seed 3): what the treasury keeps when the company withholds, at action 390 of its save."""
    found = next(iter(exercises.questions("1830", n=1, seed=3))).to_dict()
    assert (found["kind"], found["action_index"], found["money"]) == ("payout_treasury", 390, "${:,}")
    return found


@pytest.fixture(scope="module")
def cd_save():
    return next(iter(exercises.questions("continental-divide", n=1, seed=3))).save


def refusal(question: dict, **change) -> str:
    with pytest.raises(DataError) as refused:
        unpack(packed([{**question, **change}]))
    return str(refused.value)


def test_the_question_as_written_unpacks(question):
    assert unpack(packed([question]))[0].to_dict() == question


@pytest.mark.parametrize("change, problem", [
    ({"money": "${:,}{}"}, "field 'money': '${:,}{}' is not how 1830 writes money (${:,})"),
    ({"money": "{:,}{x}"}, "field 'money': '{:,}{x}' is not how 1830 writes money (${:,})"),
    ({"money": "{:,}K"}, "field 'money': '{:,}K' is not how 1830 writes money (${:,})"),
    ({"title": "1889"}, "field 'title': unknown title '1889'; playable titles: 1830, 1837, 1894, american-rails, "
     "continental-divide"),
    ({"kind": "bogus"}, "field 'kind': 'bogus' is not a question kind (the kinds: sale_price, sale_president, "
     "payout_player, payout_treasury, tile_lay_legal, tile_lay_where, best_route, rust, next_phase, cube_income, "
     "cube_dividend, minimum_bid, end_condition, cube_payout)"),
    ({"save": "{"}, "field 'save': not a saved game of 1830"),
    ({"action_index": 10 ** 15}, "field 'action_index': 1000000000000000 is not a position of its save (0 to 390)"),
    ({"action_index": -1}, "field 'action_index': -1 is not a position of its save (0 to 390)"),
    ({"rule_ids": ["nope:x"]}, "field 'rule_ids': no rule 'nope:x': a rule id is a prefix, ':' and a section, and "
     "the prefixes are core, 1830, 1837, 1894, cd, ar"),
])
def test_a_field_of_the_wrong_content_is_refused_in_one_line(question, change, problem):
    assert refusal(question, **change) == ONE_LINE.format(problem)


def test_a_save_of_another_title_is_refused(question, cd_save):
    assert refusal(question, save=cd_save) == ONE_LINE.format("field 'save': not a saved game of 1830")


def test_a_choice_answer_must_be_one_of_the_choices():
    choice = next(q for q in exercises.questions("1830", n=30, seed=3) if q.answer_type == "choice")
    assert choice.answer == "Phase 4: yellow, green tiles; train limit 3; 2 operating rounds per set"
    assert unpack(packed([choice.to_dict()]))[0].answer in choice.choices
    assert refusal(choice.to_dict(), choices=[]) == ONE_LINE.format(
        "field 'answer': 'Phase 4: yellow, green tiles; train li… is not one of the question's choices")
