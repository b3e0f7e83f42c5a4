"""Stop 70's new-user pass: an assignment is written where nbgrader keeps it (``source/ps1/ps1.ipynb``) in a
course that has none of those folders yet."""

import json
import random

import gamekit
from gamekit.exercises import questions
from gamekit.exercises.notebook import assignment, write


def test_the_writer_makes_nbgraders_folders(tmp_path):
    game = gamekit.new_game("american-rails", ["P1", "P2", "P3"], seed=4)
    pick = random.Random(4)
    for _ in range(30):
        game.process(pick.choice(game.legal_actions()))
    found = questions(game, n=2, seed=4)
    notebook = assignment(found, "ps1")
    out = tmp_path / "course" / "source" / "ps1" / "ps1.ipynb"
    assert write(notebook, out) == out
    written = json.loads(out.read_text(encoding="utf-8"))
    assert written == notebook
    checks = [c for c in written["cells"] if c["metadata"].get("nbgrader", {}).get("grade")]
    assert len(checks) == len(found) == 2
