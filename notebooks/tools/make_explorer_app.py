"""Write ``notebooks/explorer_app.ipynb`` (no outputs): the explorer as an app, served by Voila
(``?urlpath=voila/render/notebooks/explorer_app.ipynb``) and driven by ``tests/test_browser.py``."""

from __future__ import annotations

from nbcells import write

CELLS: list[tuple[str, str]] = [
    ("md", """# gamekit explorer: 1830

Play a seeded four-player game of 1830 by clicking. The top line names the active step, who acts and its rule
id; choose a legal action in the list and press **Apply** (a bid or a price has its own slider and Apply button).
**Undo** and **Redo** take actions back and forth. The map and the stock market redraw after every action, and
each line of the event log has a button that shows the rule it applied."""),
    ("code", """import gamekit
from gamekit.widgets import Explorer

game = gamekit.new_game("1830", players=["Ann", "Ben", "Cy", "Di"], seed=7)
Explorer(game)"""),
]

if __name__ == "__main__":
    write(CELLS, "explorer_app")
