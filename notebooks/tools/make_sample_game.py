"""Write ``data/1830/sample_game.json``: a seeded 4-player bot game of 1830, saved with ``Game.to_json``.

The replay lesson falls back to it when the 18xx.games fixtures are absent. Run
``python notebooks/tools/make_sample_game.py``; the same seed always writes the same file.

The committed file was written on 2026-11-30 by an earlier version of this script, whose bot redrew any action the
engine of that day refused. The engine's legal-action lists have changed since (so the same seed now plays another
game); lessons 04 and 06 cite positions of the committed file, which stays valid as long as ``load_json`` accepts
every one of its actions — the lessons and ``tests/test_viz.py`` load it, so a rule change that breaks it fails
them. Re-running this script writes a new game with the plain bot; then update those lessons' positions.
"""

from __future__ import annotations

from pathlib import Path

import gamekit
from gamekit.simulate import play_random_game

SEED = 4
PLAYERS = 4
OUT = Path(__file__).resolve().parents[2] / "data" / "1830" / "sample_game.json"


def main() -> None:
    game = play_random_game("1830", PLAYERS, SEED)
    assert game.is_over, "the sample game must reach an end of the rules"
    OUT.write_text(game.to_json() + "\n")
    again = gamekit.load_json(OUT.read_text())
    assert again.outcome == game.outcome
    print(f"wrote {OUT}: {len(game.actions)} actions, {game.outcome.text}; ranking {game.outcome.ranking}")


if __name__ == "__main__":
    main()
