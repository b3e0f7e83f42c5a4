"""Write ``notebooks/explorer_app.ipynb`` (no outputs): the explorer as an app, served by Voila
(``?urlpath=voila/render/notebooks/explorer_app.ipynb``) and driven by ``tests/test_browser.py``."""

from __future__ import annotations

from nbcells import write

CELLS: list[tuple[str, str]] = [
    ("code", """import gamekit
from gamekit.widgets import Explorer

game = gamekit.new_game("1830", players=["Ann", "Ben", "Cy", "Di"], seed=7)
Explorer(game, intro=True)  # its heading and how-to, in the language its menu chooses"""),
]

if __name__ == "__main__":
    write(CELLS, "explorer_app")
