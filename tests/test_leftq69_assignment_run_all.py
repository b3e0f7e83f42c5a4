"""A graded assignment whose first answer is wrong (leftq69 item 3): nbgrader's autograde runs every cell and
marks each check apart, so a wrong first answer, or an answer cell that does not even run, costs only its own
point; a learner's Run All (every cell in order, stopping at the first error, as JupyterLab runs them) stops at
the first failing check, which the notebook's instructions cell says in every language."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from gamekit import exercises
from gamekit.exercises.notebook import RUN_ALL, assignment, unpack
from gamekit.i18n import _, using

from .test_assignment import N, cells, nbgrader, write


def _filled(released: Path, sources: dict[int, str]) -> dict:
    """The released notebook with answer cell n's source replaced by ``sources[n]``."""
    nb = json.loads(released.read_text())
    for cell in nb["cells"]:
        grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id", "")
        if grade_id.startswith("answer_"):
            cell["source"] = sources[int(grade_id.split("_")[1])]
    return nb


def _answers(notebook: Path) -> list:
    setup = next(c["source"] for c in cells(notebook) if "unpack(" in c["source"])
    return unpack(setup.split("unpack(")[1].split(")")[0].strip("'"))


@pytest.mark.slow  # two nbgrader runs and a notebook run, each starting a kernel: about 20 s of CPU
@pytest.mark.skipif(shutil.which("nbgrader", path=str(Path(sys.executable).parent)) is None,
                    reason="nbgrader is not installed (pip install nbgrader)")
def test_autograde_marks_every_check_after_a_wrong_first_answer(tmp_path, monkeypatch):
    course = tmp_path / "course"
    source = course / "source" / "ps1"
    source.mkdir(parents=True)
    assert write(source)[0] == 0
    assert nbgrader(course, "generate_assignment", "ps1").returncode == 0
    released = course / "release" / "ps1" / "assignment.ipynb"
    questions = _answers(released)
    # continental-divide, seed 4 (test_assignment): a dividend per share, a lowest price, an income after a build
    assert [(q.kind, q.answer) for q in questions] == [("cube_dividend", 4), ("minimum_bid", 11),
                                                       ("cube_income", 21)]
    # the first answer wrong, the second one that Python cannot even run (80K), the third right
    sources = {1: "answer_1 = 5", 2: "answer_2 = 80K", 3: "answer_3 = 21"}
    folder = course / "submitted" / "ann" / "ps1"
    folder.mkdir(parents=True)
    (folder / "assignment.ipynb").write_text(json.dumps(_filled(released, sources)))
    done = nbgrader(course, "autograde", "ps1", "--create")
    assert done.returncode == 0, done.stderr[-3000:]
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        grades = [gb.find_grade(f"check_{n}", "assignment", "ps1", "ann").score for n in range(1, N + 1)]
        assert grades == [0, 0, 1]
        assert gb.find_submission("ps1", "ann").score == 1

    # the learner's Run All: the cells in order, stopping at the first error, as JupyterLab runs them
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    nb = nbformat.reads(json.dumps(_filled(released, {1: "answer_1 = 5", 2: "answer_2 = 11", 3: "answer_3 = 21"})),
                        as_version=4)
    monkeypatch.setenv("NBGRADER_EXECUTION", "1")  # the kernel inherits it: the position cells draw nothing
    with pytest.raises(CellExecutionError, match="question 1: not right"):
        NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=False,
                       resources={"metadata": {"path": str(tmp_path)}}).execute()
    ran = [c["metadata"]["nbgrader"]["grade_id"] for c in nb.cells
           if c.cell_type == "code" and c.get("execution_count") is not None]
    assert ran == ["setup", "position_1", "answer_1", "check_1"]  # questions 2 and 3, right, never checked


@pytest.fixture(scope="module")
def one_question():
    return exercises.questions("continental-divide", n=1, seed=4)


@pytest.mark.parametrize("lang", ["en", "zh", "ca", "es", "nl"])
def test_the_instructions_cell_says_run_all_stops_at_a_failing_check(lang, one_question):
    with using(lang):
        intro = assignment(one_question, "ps1", student=True)["cells"][0]["source"]
        told = _(RUN_ALL)
    # after the instructions on answering, in the notebook's language; JupyterLab's menu names as it writes them
    assert intro.endswith("\n\n" + told) and intro.index("answer_<n>") < intro.index(told)
    assert '"Run All"' in told or "«Run All»" in told or "“Run All”" in told
