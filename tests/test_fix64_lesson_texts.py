"""Lessons print what a learner reads, not Python's containers: holdings as "Ouest 10%, Belge 10%", hexes as
"E16, D17, F15", a half payout in words; and 1894's trade-in is once per operating round, as rule
``1894:trains.trade-in`` says (18xx.games resets it at each corporation's turn, one per round)."""

from __future__ import annotations

import re

import nbformat
import pytest

from gamekit.rules import rule_text
from tests.test_lessons import ROOT, run_lesson

RAW = re.compile(r"[\[({]'|: [\[({]")
"""A Python list, tuple or dict printed as it is: ``['Belge', 'AG']``, ``: (30, [15, 15])``, ``: {'Ouest': 10}``."""

LINES = {
    "1894_01_what_changes_from_1830": [
        "   Ann holds before the auction: Ouest 10%, Belge 10%",
        "the end cell: 450 F",
        "1894: 2→3 80 F, 3→4 240 F, 4→5+1 250 F, 5+1→6 400 F, 6→7 400 F, 5+1→D 600 F, 6→D 500 F, 7→D 450 F",
        "1830: 4→D $800, 5→D $800, 6→D $800",
    ],
    "1894_02_city_split_and_ferries": [
        "Belge tokens before: E16, D17, F15",
        "tokens in the city on D17 before: Belge, AG",
        "in between, the layer's turn goes on: Belge lays 9 on E14 (rotation 1); Belge runs 1 train for 160 F; "
        "Belge withholds; Belge passes",
    ],
    "1837_01_coal_minors_and_nationals": [
        "10 coal, 11 minor, 7 major, 3 national",
        "UG1, two 50% holders, revenue 60K: 30K to its treasury, 15K and 15K to the holders",
        "UG1, two 50% holders, revenue 110K: 55K to its treasury, 27K and 27K to the holders",
    ],
}


@pytest.mark.parametrize("name", sorted(LINES))
def test_a_lesson_prints_its_values_in_words(name):
    printed = [line for cell in run_lesson(name, {}) if cell.cell_type == "code" for out in cell.outputs
               if out.get("output_type") == "stream" for line in out["text"].splitlines()]
    for line in LINES[name]:
        assert line in printed
    assert [line for line in printed if RAW.search(line)] == []


def test_the_trade_in_is_once_per_operating_round_as_the_rule_says():
    lesson = nbformat.read(ROOT / "notebooks" / "1894_01_what_changes_from_1830.ipynb", as_version=4)
    text = " ".join(c.source.replace("\n", " ") for c in lesson.cells if c.cell_type == "markdown")
    assert "Once per operating round — that is, in its one turn of the round — a corporation may give" in text
    assert "operating turn" not in text
    assert "Once per operating round a corporation may hand in one of its trains" in rule_text("1894:trains.trade-in")
