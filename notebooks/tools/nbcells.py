"""Shared pieces of the lesson generators: writing a notebook without outputs, and the 1830 helper cell.

Each ``make_*.py`` script next to this file lists its cells as ``("md" | "code", source)`` pairs and calls
:func:`write`. Run a script, then check the notebook with ``pytest --nbval-lax notebooks/<name>.ipynb``.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

NOTEBOOKS = Path(__file__).resolve().parent.parent

HELPERS = '''import gamekit
from gamekit import viz
from gamekit.errors import GameError
from gamekit.rules import rule_text


def do(game, sentence, quiet=False):
    """Apply the legal action that `sentence` names (game.parse_action reads it back, or raises a GameError
    saying why no legal action reads so); print each event with its rule id unless quiet; return the events."""
    events = game.process(game.parse_action(sentence))
    for event in events if not quiet else ():
        print("  ", event)
    return events'''
"""The first code cell of every 1830 lesson: imports and ``do(game, sentence)``."""


def write(cells: list[tuple[str, str]], name: str) -> Path:
    """Write ``notebooks/<name>.ipynb`` from ``cells`` (no outputs) and return its path."""
    nb = new_notebook()
    nb.cells = [new_markdown_cell(src) if kind == "md" else new_code_cell(src) for kind, src in cells]
    for i, cell in enumerate(nb.cells):
        cell.id = f"cell-{i:02d}"  # stable ids: regenerating a lesson changes only what its cells say
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    out = NOTEBOOKS / f"{name}.ipynb"
    nbformat.write(nb, out)
    print(f"wrote {out}")
    return out
