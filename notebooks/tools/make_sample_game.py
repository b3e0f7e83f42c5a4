"""Write ``data/1830/sample_game.json``: a seeded 4-player game of 1830 between heuristic bots, saved with
``Game.to_json``.

Lessons 00_start_here and 1830_04 read it. Run
``python notebooks/tools/make_sample_game.py``; the same seed always writes the same file.

The committed game is seed 15 with the heuristic bot in every seat (`gamekit.bots.play_seats`): the bank breaks
after 695 actions in phase D, and its first forced train purchase is the first D-train, bought by the NYNH with
its president's emergency money, which rusts the 4-trains of three corporations (lesson 04). Lessons 00, 04 and 06
and ``tests/test_viz.py`` load it, so a rule change that makes one of its actions illegal fails them; then re-run
this script (the bots follow the new rules) and check lesson 04's position and numbers.
"""

from __future__ import annotations

from sample_game import write_sample

SEED = 15
PLAYERS = 4


def forced_purchase_starts_a_phase(game) -> None:
    """Assert what lesson 04 shows: the first purchase paid partly by a president's emergency money buys the
    first train of a new type, which starts a phase and rusts trains."""
    kinds = next({e.kind for e in events} for _, events in game.history() if any(e.kind == "emergency" for e in events))
    assert {"phase", "rust"} <= kinds, "the first forced purchase must start a phase and rust trains"


def main() -> None:
    """Write ``data/1830/sample_game.json`` (seed 15, 4 heuristic players)."""
    write_sample("1830", ("heuristic",) * PLAYERS, SEED, check=forced_purchase_starts_a_phase)


if __name__ == "__main__":
    main()
