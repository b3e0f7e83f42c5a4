"""``gamekit assignment`` bounds its question count and refuses an empty ``--kinds`` (hostile67 #10: 100,000
questions drew for minutes with no output; ``--kinds ""`` meant every kind): one line, exit 2, no notebook."""

from __future__ import annotations

import pytest

from gamekit import cli
from gamekit.exercises.assignment_cli import MAX_QUESTIONS

KINDS_1830 = ("sale_price, sale_president, payout_player, payout_treasury, tile_lay_legal, tile_lay_where, best_route, "
              "rust, next_phase, minimum_bid")
"""1830's question kinds, as a refusal names them (the cube-rail kinds are not 1830's)."""


@pytest.mark.parametrize("options, says", [
    (("--questions", "100000"), "an assignment holds at most 200 questions, not 100000"),
    (("--questions", str(MAX_QUESTIONS + 1)), "an assignment holds at most 200 questions, not 201"),
    (("--kinds", "", "--questions", "2"), "--kinds names no question kind (leave it out for every kind); the kinds "
                                          f"are {KINDS_1830}"),
    (("--kinds", " , ", "--questions", "2"), "--kinds names no question kind (leave it out for every kind); the "
                                             f"kinds are {KINDS_1830}"),
    (("--kinds", ",rust", "--questions", "2"), f"--kinds has an empty name: ',rust'; the kinds are {KINDS_1830}"),
])
def test_the_refusal_is_one_line_and_writes_nothing(tmp_path, capsys, options, says):
    out = tmp_path / "a.ipynb"
    assert cli.main(["assignment", "1830", str(out), *options]) == 2
    _, err = capsys.readouterr()
    assert err == f"gamekit assignment: {says}\n" and not out.exists()


def test_the_bound_itself_is_written(tmp_path, capsys):
    """Continental Divide's seed-0 game gives 200 questions (233 at most) in about two seconds."""
    out = tmp_path / "a.ipynb"
    assert cli.main(["assignment", "continental-divide", str(out), "--questions", str(MAX_QUESTIONS)]) == 0
    printed, _ = capsys.readouterr()
    assert printed.startswith(f"wrote {out}: {MAX_QUESTIONS} questions (") and out.exists()
