"""Write ``data/1894/sample_game.json``: a seeded 3-player bot game of 1894, saved with ``Game.to_json``.

Lesson ``1894_02_city_split_and_ferries`` opens it (so it works from the wheel, without the 18xx.games
fixtures). It is seed 6 of the plain random bot (`gamekit.simulate.play_random_game`): a green city with station
tokens splits in two on its brown tile, ferry markers are bought, and the last set of operating rounds is
played. Run ``python notebooks/tools/make_1894_sample.py``; the same seed always writes the same file. A rule
change that makes one of its actions illegal fails the lesson; then re-run this script and check the lesson.
"""

from __future__ import annotations

from pathlib import Path

import gamekit
from gamekit.simulate import play_random_game

SEED = 6
PLAYERS = 3
OUT = Path(__file__).resolve().parents[2] / "data" / "1894" / "sample_game.json"


def main() -> None:
    game = play_random_game("1894", PLAYERS, SEED)
    assert game.is_over, "the sample game must reach an end of the rules"
    kinds = {e.kind for _, events in game.history() for e in events}
    assert {"token_lifted", "ferry"} <= kinds, "the sample game must split a tokened city and sell a ferry"
    OUT.write_text(game.to_json() + "\n")
    again = gamekit.load_json(OUT.read_text())
    assert again.outcome == game.outcome
    print(f"wrote {OUT}: {len(game.actions)} actions, {game.outcome.text}; ranking {game.outcome.ranking}")


if __name__ == "__main__":
    main()
