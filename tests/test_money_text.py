"""Money as each title writes it: thousands separated, and a debt with its sign before the currency (``-$5``, as a
quiz's feedback or a refusal may name one), never ``$-5``."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.exercises.question import Question


@pytest.mark.parametrize("title, texts", [
    ("1830", ("$0", "$1,200", "-$5", "-$1,200")),
    ("1894", ("0 F", "1,200 F", "-5 F", "-1,200 F")),
    ("continental-divide", ("$0", "$1,200", "-$5", "-$1,200")),
    ("american-rails", ("$0", "$1,200", "-$5", "-$1,200")),
])
def test_money_of_each_title(title, texts):
    game = gamekit.new_game(title, ["Ann", "Ben", "Cy"], seed=1)
    assert tuple(map(game.money, (0, 1200, -5, -1200))) == texts


def test_a_quiz_names_a_negative_answer_with_its_sign_first():
    question = Question(kind="sale_price", title="1830", prompt="?", answer_type="number", answer=90,
                        explanation="", rule_ids=(), save="", action_index=0, money="${:,}")
    assert question.shown(-5) == "-$5" and question.shown() == "$90"
    assert str(question.check("-5").explanation).startswith("Wrong: not -$5; the answer is $90.")
