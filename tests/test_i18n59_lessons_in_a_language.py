"""A lesson run after ``gamekit.set_language(…)`` (as the translated first lesson tells learners to do) passes its
checks: a quiz's check asserts the mark and the verdict as the quiz shows it in that language, and the first
lesson's self-check the Continental Divide event in it; a wrong engine answer still fails the check."""

from __future__ import annotations

import nbformat
import pytest
from nbclient.exceptions import CellExecutionError

from tests.test_lessons import ROOT, run_lesson


@pytest.mark.parametrize("name, lang", [("00_start_here", "zh"), ("1837_01_coal_minors_and_nationals", "es"),
                                        ("cd_01_learn_continental_divide", "nl")])
def test_a_lesson_passes_in_another_language(name, lang):
    cells = run_lesson(name, {1: f'import gamekit\ngamekit.set_language("{lang}")'})
    check = cells[-1]
    assert check.source.startswith("# The quiz's check") and not any(o.output_type == "error" for o in check.outputs)


def test_a_quiz_check_in_another_language_still_fails_on_a_wrong_answer(tmp_path):
    """The check of 1830_03 with one answer changed (as if the engine had moved it) fails, in Catalan too."""
    name = "1830_03_operating_round"
    nb = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
    source = nb.cells[-1].source
    answers = source.split("answers = ", 1)[1].split("  #", 1)[0]
    wrong = repr([a + 1 if isinstance(a, int) else a + "!" for a in eval(answers)])  # noqa: S307 - its own literal
    nb.cells[-1].source = source.replace(f"answers = {answers}", f"answers = {wrong}")
    nb.cells.insert(1, nbformat.v4.new_code_cell('import gamekit\ngamekit.set_language("ca")'))
    from nbclient import NotebookClient

    with pytest.raises(CellExecutionError, match="AssertionError"):
        NotebookClient(nb, timeout=300, resources={"metadata": {"path": str(ROOT / "notebooks")}}).execute()


def test_the_checks_name_no_english_verdict():
    """No check of a lesson looks for an English word in what the quiz shows (it would fail in other languages)."""
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            assert '"Right" in' not in cell.source and '"Wrong" in' not in cell.source, path.name
