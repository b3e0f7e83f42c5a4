"""The lessons as files: each notebook is exactly what its generator (``notebooks/tools/make_*.py``) writes, with
no outputs and the metadata JupyterLab itself writes, and the first lesson points to every other one."""

from __future__ import annotations

import importlib
import runpy
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "notebooks" / "tools"
GENERATORS = sorted(p for p in TOOLS.glob("make_*.py") if "CELLS:" in p.read_text())
LESSONS = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb") if not p.stem.endswith("_app"))


def generator(path: Path):
    """Import a module of ``notebooks/tools`` (where the generators' ``from nbcells import …`` finds it)."""
    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    return importlib.import_module(path.stem)


@pytest.mark.parametrize("path", GENERATORS, ids=lambda p: p.stem)
def test_every_notebook_is_what_its_generator_writes(path, monkeypatch):
    nbcells = generator(TOOLS / "nbcells.py")
    written = []
    monkeypatch.setattr(nbcells, "write", lambda cells, name: written.append((cells, name)))
    runpy.run_path(str(path), run_name="__main__")  # the generator as run by hand, writing nothing here
    ((cells, name),) = written
    committed = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
    assert committed == nbcells.lesson(cells)
    assert all(not c.get("outputs") and c.get("execution_count") is None for c in committed.cells
               if c.cell_type == "code")


def test_lessons_carry_the_metadata_jupyterlab_saves():
    """The kernel's name and the language as ipykernel reports them to JupyterLab, which writes both into a
    notebook it saves; only the Python version, the machine's, is left out."""
    from ipykernel.ipkernel import IPythonKernel
    from jupyter_client.kernelspec import KernelSpecManager

    nbcells = generator(TOOLS / "nbcells.py")
    spec = KernelSpecManager().get_kernel_spec("python3")
    assert nbcells.KERNELSPEC == {"name": "python3", "display_name": spec.display_name, "language": spec.language}
    reported = dict(IPythonKernel.language_info)
    assert reported.pop("version") and nbcells.LANGUAGE_INFO == reported


def test_start_here_names_every_lesson_where_next():
    cells = nbformat.read(ROOT / "notebooks" / "00_start_here.ipynb", as_version=4).cells
    where_next = next(c.source for c in cells if c.source.startswith("## Where next"))
    assert [lesson for lesson in LESSONS if f"`{lesson}`" not in where_next] == ["00_start_here"]


@pytest.mark.parametrize("name", LESSONS)
def test_every_lesson_ends_with_its_quiz(name):
    """Each lesson closes with a quiz of 3–5 seeded questions on what it taught (``lesson_quiz`` in a ``Quiz``),
    then a check whose code is folded away (it holds the answers): it enters the answers, worked out by hand, on a
    copy of the quiz and asserts the verdicts, so nbval fails when an engine change moves an answer."""
    cells = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4).cells
    heading, shown, check = cells[-3:]
    assert heading.cell_type == "markdown" and heading.source.startswith("## Quiz")
    assert shown.source.count("lesson_quiz(") >= 1 and "quiz = Quiz(" in shown.source and "seed=" in shown.source
    assert check.metadata.get("jupyter", {}).get("source_hidden") is True
    answers = check.source.split("answers = ", 1)[1].split("  #", 1)[0]
    assert 3 <= len(eval(answers)) <= 5  # noqa: S307 - the lesson's own literal list
    assert "marked.answer(answer).correct" in check.source and "not first.answer(miss).correct" in check.source


def run_lesson(name: str, extra: dict[int, str]) -> list:
    """Run lesson ``name`` in a kernel (the notebooks' folder as its working directory) with the code cells
    ``extra`` inserted before the cell indexes given (a learner's experiments); returns the executed cells.
    Raises ``nbclient.exceptions.CellExecutionError`` where a cell fails."""
    from nbclient import NotebookClient

    nb = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
    for index in sorted(extra, reverse=True):
        nb.cells.insert(index, nbformat.v4.new_code_cell(extra[index]))
    NotebookClient(nb, timeout=300, resources={"metadata": {"path": str(ROOT / "notebooks")}}).execute()
    return nb.cells


def _index(name: str, start: str) -> int:
    cells = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4).cells
    return next(i for i, c in enumerate(cells) if c.source.startswith(start))


def test_start_here_checks_hold_after_the_learner_plays_in_the_explorer():
    """The lesson asks the learner to play a few auction turns in the explorer, which plays on ``g``: its closing
    checks read the positions they mean (``g.at(1)``, the fork's start), so they still hold after three more
    actions, and the cell after the explorer shows that ``g`` grew."""
    after_explorer = _index("00_start_here", "**Try this:** in the explorer")
    cells = run_lesson("00_start_here", {after_explorer: "for _ in range(3):\n    g.process(g.legal_actions()[0])"})
    shown = cells[after_explorer + 2]
    assert shown.source.startswith("print(actions(g)") and shown.outputs[0]["text"].startswith("4 actions in g")


def test_cd_01_three_railroads_per_hex_reruns_after_the_end():
    """Re-running the "three railroads per hex" experiment after the lesson played its game to the end forks
    the position it was written for, and the fourth railroad is refused again (cd:build.hex-limit)."""
    name = "cd_01_learn_continental_divide"
    cells = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4).cells
    experiment = cells[_index(name, "**Try this — three railroads per hex") + 1].source
    assert experiment.startswith("what_if = g.at(here)")
    cells = run_lesson(name, {len(cells): f"assert g.is_over\n{experiment}\nassert limit_rule == 'cd:build.hex-limit'"})
    assert "refused" in "".join(o.get("text", "") for o in cells[-1].outputs)
