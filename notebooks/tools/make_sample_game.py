"""Write ``data/1830/sample_game.json``: a seeded 4-player bot game of 1830, saved with ``Game.to_json``.

The replay lesson falls back to it when the 18xx.games fixtures are absent. Run
``python notebooks/tools/make_sample_game.py``; the same seed always writes the same file.

The committed game is seed 28 of the plain random bot (`gamekit.simulate.play_random_game`): it reaches phase D,
and its first D-train is a forced purchase paid partly by the president (lesson 04). Lessons 00, 04 and 06 and
``tests/test_viz.py`` load it, so a rule change that makes one of its actions illegal fails them; then re-run this
script (the bot follows the new rules) and check lesson 04's position and numbers.
"""

from __future__ import annotations

from sample_game import write_sample

SEED = 28
PLAYERS = 4


def main() -> None:
    """Write ``data/1830/sample_game.json`` (seed 28, 4 players)."""
    write_sample("1830", PLAYERS, SEED)


if __name__ == "__main__":
    main()
