"""Write ``data/1830/sample_game.json``: a seeded 4-player bot game of 1830, saved with ``Game.to_json``.

The replay lesson falls back to it when the 18xx.games fixtures are absent. Run
``python notebooks/tools/make_sample_game.py``; the same seed always writes the same file.

The committed game is seed 28 of the plain random bot (`gamekit.simulate.play_random_game`): it reaches phase D,
and its first D-train is a forced purchase paid partly by the president (lesson 04). Lessons 00, 04 and 06 and
``tests/test_viz.py`` load it, so a rule change that makes one of its actions illegal fails them; then re-run this
script (the bot follows the new rules) and check lesson 04's position and numbers.
"""

from __future__ import annotations

from pathlib import Path

import gamekit
from gamekit.simulate import play_random_game

SEED = 28
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
