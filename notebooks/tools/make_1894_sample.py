"""Write ``data/1894/sample_game.json``: a seeded 3-player bot game of 1894, saved with ``Game.to_json``.

Lesson ``1894_02_city_split_and_ferries`` opens it (so it works from the wheel, without the 18xx.games
fixtures). It is seed 6 of the plain random bot (`gamekit.simulate.play_random_game`): a green city with station
tokens splits in two on its brown tile, ferry markers are bought, and the last set of operating rounds is
played. Run ``python notebooks/tools/make_1894_sample.py``; the same seed always writes the same file. A rule
change that makes one of its actions illegal fails the lesson; then re-run this script and check the lesson.
"""

from __future__ import annotations

from sample_game import write_sample

SEED = 6
PLAYERS = 3


def splits_a_city_and_sells_a_ferry(game) -> None:
    """Assert what lesson 1894_02 shows: a tokened city split on its brown tile and a ferry marker sold."""
    kinds = {e.kind for _, events in game.history() for e in events}
    assert {"token_lifted", "ferry"} <= kinds, "the sample game must split a tokened city and sell a ferry"


def main() -> None:
    """Write ``data/1894/sample_game.json`` (seed 6, 3 players)."""
    write_sample("1894", PLAYERS, SEED, check=splits_a_city_and_sells_a_ferry)


if __name__ == "__main__":
    main()
