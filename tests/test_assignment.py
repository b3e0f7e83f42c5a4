"""`gamekit assignment`: a notebook in nbgrader's format that nbgrader releases and autogrades (full marks for the
right answers, a point lost for a wrong one), and that runs and checks itself without nbgrader."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gamekit.exercises import assignment_cli
from gamekit.exercises.notebook import unpack

TITLE, N, SEED = "continental-divide", 3, 4


def write(tmp_path: Path, *extra: str) -> tuple[int, Path]:
    out = tmp_path / "assignment.ipynb"
    parser = argparse.ArgumentParser()
    assignment_cli.add_arguments(parser)
    args = parser.parse_args([TITLE, str(out), "--questions", str(N), "--seed", str(SEED), *extra])
    return assignment_cli.run(args), out


def nbgrader(course: Path, *args: str) -> subprocess.CompletedProcess:
    bin_dir = Path(sys.executable).parent  # nbgrader runs alembic from the PATH
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    return subprocess.run([str(bin_dir / "nbgrader"), *args, "--force", f"--CourseDirectory.root={course}"],
                          cwd=course, capture_output=True, text=True, timeout=120, env=env)


def cells(path: Path) -> list[dict]:
    """The notebook's cells with each source as one text (nbgrader writes a list of lines)."""
    found = json.loads(path.read_text())["cells"]
    for cell in found:
        cell["source"] = "".join(cell["source"])
    return found


def test_the_notebook_carries_nbgrader_metadata(tmp_path):
    code, out = write(tmp_path)
    assert code == 0
    nb = cells(out)
    graded = [c for c in nb if c["metadata"]["nbgrader"]["grade"]]
    solutions = [c for c in nb if c["metadata"]["nbgrader"]["solution"]]
    assert len(graded) == len(solutions) == N
    for cell in graded:
        meta = cell["metadata"]["nbgrader"]
        assert meta["points"] == 1 and meta["locked"] and meta["schema_version"] == 3 and meta["grade_id"]
    assert len({c["metadata"]["nbgrader"]["grade_id"] for c in nb}) == len(nb)  # ids are unique
    assert all("### BEGIN SOLUTION" in c["source"] for c in solutions)
    setup = next(c["source"] for c in nb if c["metadata"]["nbgrader"]["grade_id"] == "setup")
    questions = unpack(setup.split("unpack(")[1].split(")")[0].strip("'"))
    assert len(questions) == N and all(f"answer_{n} = {questions[n - 1].answer!r}" in solutions[n - 1]["source"]
                                       for n in range(1, N + 1))


def test_refusals(tmp_path, capsys):
    assert write(tmp_path, "--kinds", "rust")[0] == 2  # a usage error
    assert "has no rust questions" in capsys.readouterr().err
    assert write(tmp_path, "--kinds", "nope")[0] == 2
    err = capsys.readouterr().err
    # the title's own kinds: Continental Divide has no share sales or tile lays
    assert err.endswith("unknown question kind 'nope'; the kinds are cube_income, cube_dividend, minimum_bid, "
                        "end_condition, cube_payout\n")


@pytest.mark.slow  # three nbgrader runs, each starting kernels: about 25 s of CPU
@pytest.mark.skipif(shutil.which("nbgrader", path=str(Path(sys.executable).parent)) is None,
                    reason="nbgrader is not installed (pip install nbgrader)")
def test_nbgrader_autogrades_full_marks_and_takes_a_point_for_a_wrong_answer(tmp_path):
    course = tmp_path / "course"
    source = course / "source" / "ps1"
    source.mkdir(parents=True)
    code, _ = write(source)
    assert code == 0
    done = nbgrader(course, "generate_assignment", "ps1")
    assert done.returncode == 0, done.stderr[-2000:]
    released = course / "release" / "ps1" / "assignment.ipynb"
    assert "NotImplementedError" in released.read_text() and "BEGIN SOLUTION" not in released.read_text()
    answers = unpack(next(c["source"] for c in cells(released) if "unpack(" in c["source"])
                     .split("unpack(")[1].split(")")[0].strip("'"))
    wrong_answer = {"number": 99999, "choice": "no such choice", "hex": "A1"}
    for student, wrong in (("right", None), ("wrong", 2)):
        nb = json.loads(released.read_text())
        for cell in nb["cells"]:
            grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id", "")
            if grade_id.startswith("answer_"):
                n = int(grade_id.split("_")[1])
                q = answers[n - 1]
                value = wrong_answer[q.answer_type] if n == wrong else q.answer
                cell["source"] = f"answer_{n} = {value!r}"
        folder = course / "submitted" / student / "ps1"
        folder.mkdir(parents=True)
        (folder / "assignment.ipynb").write_text(json.dumps(nb))
    done = nbgrader(course, "autograde", "ps1", "--create")
    assert done.returncode == 0, done.stderr[-3000:]
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        assert gb.find_submission("ps1", "right").score == N == gb.find_submission("ps1", "right").max_score
        assert gb.find_submission("ps1", "wrong").score == N - 1


def test_the_student_form_runs_and_checks_itself(tmp_path):
    code, out = write(tmp_path, "--student")
    assert code == 0
    source = "\n".join(c["source"] for c in cells(out) if c["cell_type"] == "code" and not c["source"].startswith("show("))
    namespace: dict = {}
    exec(compile(source.split("check(1, answer_1)")[0], "assignment", "exec"), namespace)
    with pytest.raises(AssertionError, match="no answer yet"):
        namespace["check"](1, None)
    q = namespace["QUESTIONS"][0]
    namespace["check"](1, q.answer)
