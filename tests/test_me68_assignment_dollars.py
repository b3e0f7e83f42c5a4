"""An assignment's question texts show money as money in JupyterLab: two amounts in one paragraph are not typeset
as maths (the markdown model of tests/test_markdown.py, checked against the browser there)."""

import pytest

from gamekit.exercises import questions
from gamekit.exercises.notebook import assignment
from gamekit.i18n import set_language
from .test_markdown import typeset


@pytest.mark.parametrize("title, kind, lang", [("1830", "sale_price", "en"), ("1830", "sale_price", "nl"),
                                               ("american-rails", "cube_dividend", "en")])
def test_two_amounts_in_a_question_are_not_maths(title, kind, lang):
    set_language(lang)
    try:
        asked = questions(title, kinds=[kind], n=2, seed=3)
        cells = [c for c in assignment(asked, "Set 1")["cells"] if c["cell_type"] == "markdown"]
    finally:
        set_language("en")
    texts = ["".join(c["source"]) for c in cells]
    paragraphs_with_two = [t for t in texts if t.count("\\\\$") >= 2]
    assert paragraphs_with_two, "a question text with two amounts"  # the case the fix is for
    assert [typeset(t) for t in texts] == [[] for _ in texts]
