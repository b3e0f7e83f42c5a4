"""Shared by the sample-game writers (``make_sample_game.py``, ``make_1894_sample.py``, ``make_1837_sample.py``):
play one seeded game with a bot per seat (`gamekit.bots.play_seats`) to its end and save it with
``Game.to_json``.

The same title, seats and seed always write the same file; the saved game is loaded back and must reach the same
outcome, so a file that would not replay is never written.

A change to a bot changes the games its seeds play, and the committed samples no longer match their writers: then
choose seeds whose games pass the writers' checks again, write the samples anew and update the lessons' positions
and numbers (the 18xx heuristic's seeded draws, commit b65b8cd, renewed all four so).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import gamekit
from gamekit.bots import play_seats

DATA = Path(__file__).resolve().parents[2] / "data"
"""The titles' data folders (``data/<title>/``)."""


def write_sample(title: str, seats: Sequence[str], seed: int, check: Callable | None = None,
                 name: str = "sample_game.json") -> Path:
    """Play seed ``seed`` of ``title`` with one bot per seat (names of ``gamekit.bots.BOTS``:
    :func:`gamekit.bots.play_seats`) and write it to ``data/<title>/<name>``; return that path.

    ``check(game)``, where given, asserts what a lesson needs of the finished game before it is written. Raises
    ``AssertionError`` when the game does not end by the rules, when ``check`` fails, or when the saved game
    loads back to another outcome.
    """
    game = play_seats(title, seats, seed)
    assert game.is_over, "the sample game must reach an end of the rules"
    if check is not None:
        check(game)
    out = DATA / title / name
    out.write_text(game.to_json() + "\n")
    again = gamekit.load_json(out.read_text())
    assert again.outcome == game.outcome
    print(f"wrote {out}: {len(game.actions)} actions, {game.outcome.text}; ranking {game.outcome.ranking}")
    return out
