"""The lessons cite the rulebooks a learner can read, never "the seed" (the project's working notes, which no user
has): Continental Divide's and American Rails' examples are the rulebook's, 1837's the first-edition text's. A game's
random seed is still named where it is one."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = ["cd_01_learn_continental_divide", "ar_01_learn_american_rails", "1837_02_the_hex_market"]


@pytest.mark.parametrize("name", LESSONS)
def test_no_lesson_cites_the_seed_as_a_source(name):
    text = "\n".join(c.source for c in nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4).cells)
    assert not re.search(r"seed's|seed example|\(seed 0\d\d\)|T37-\d", text), name


def test_the_examples_name_their_sources():
    cells = {name: "\n".join(c.source for c in nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4).cells)
             for name in LESSONS}
    assert cells["cd_01_learn_continental_divide"].count("rulebook's") == 3
    assert 'print("rulebook example, blue:", minimum_share_price(blue))' in cells["cd_01_learn_continental_divide"]
    assert "City income, from the rulebook (Quined Games 2013, page 4)" in cells["ar_01_learn_american_rails"]
    assert cells["1837_02_the_hex_market"].count("the first-edition text's example") == 2
    assert "by the game's seed 55" in cells["cd_01_learn_continental_divide"]  # a game's seed stays named
