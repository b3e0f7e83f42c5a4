"""00_start_here's check-yourself list asked for "sets of operating rounds per phase" and answered with the number
of operating rounds in each phase's set (1, 2, 2, 3, 3, 3: the lesson's own words, "a set has 1 OR in phase 2,
2 ORs in phases 3–4 and 3 from phase 5"). The question now names what the answer counts."""

import json
from pathlib import Path

import gamekit

LESSON = Path(__file__).resolve().parents[1] / "notebooks" / "00_start_here.ipynb"


def test_the_question_names_operating_rounds_per_set():
    source = "".join("".join(cell["source"]) for cell in json.loads(LESSON.read_text())["cells"])
    assert '"operating rounds per set, by phase": [p.operating_rounds for p in g.facts.phases]' in source
    assert "sets of operating rounds per phase" not in source
    phases = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=7).facts.phases
    assert [p.operating_rounds for p in phases] == [1, 2, 2, 3, 3, 3]
