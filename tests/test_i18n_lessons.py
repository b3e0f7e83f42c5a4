"""The first lesson in each language (``notebooks/i18n/00_start_here.<lang>.ipynb``): each is what its generator
writes, switches gamekit to its language, and has no markdown JupyterLab would typeset as maths. nbval runs them
like every lesson (``scripts/test.sh`` collects ``notebooks/`` with its subfolders)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import nbformat
import pytest

from .test_markdown import typeset

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "notebooks" / "i18n"


def _generator():
    spec = importlib.util.spec_from_file_location("make_00_start_here", FOLDER / "make_00_start_here.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GENERATOR = _generator()


def test_one_lesson_per_translated_language():
    assert sorted(p.name for p in FOLDER.glob("*.ipynb")) == [f"00_start_here.{lang}.ipynb" for lang in
                                                               sorted(GENERATOR.LANGS)]
    assert set(GENERATOR.LANGS) == {"zh", "ca", "es", "nl"}


@pytest.mark.parametrize("lang", ["zh", "ca", "es", "nl"])
def test_lesson_is_what_its_generator_writes(lang):
    committed = nbformat.read(FOLDER / f"00_start_here.{lang}.ipynb", as_version=4)
    assert committed == GENERATOR.notebook(lang), "run: python notebooks/i18n/make_00_start_here.py"
    code = [cell.source for cell in committed.cells if cell.cell_type == "code"]
    assert f'gamekit.set_language("{lang}")' in code[0]
    assert all(not cell.outputs for cell in committed.cells if cell.cell_type == "code")


@pytest.mark.parametrize("lang", ["zh", "ca", "es", "nl"])
def test_no_markdown_cell_is_typeset_as_maths(lang):
    cells = nbformat.read(FOLDER / f"00_start_here.{lang}.ipynb", as_version=4).cells
    assert [typeset(cell.source) for cell in cells if cell.cell_type == "markdown"
            if typeset(cell.source)] == []
