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
