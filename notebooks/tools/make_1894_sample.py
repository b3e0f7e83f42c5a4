"""Write ``data/1894/sample_game.json``: a seeded 3-player game of 1894 between heuristic bots, saved with
``Game.to_json``.

Lesson ``1894_02_city_split_and_ferries`` opens it (so it works from the wheel, without the 18xx.games
fixtures). It is seed 1 with the heuristic bot in every seat (`gamekit.bots.play_seats`): a corporation lays the
brown tile that splits a green city holding its own token and another's, ferry markers are bought, and the last
set of operating rounds is played. Run ``python notebooks/tools/make_1894_sample.py``; the same seed always
writes the same file. A rule change that makes one of its actions illegal fails the lesson; then re-run this
script and check the lesson.
"""

from __future__ import annotations

from sample_game import write_sample

SEED = 1
PLAYERS = 3


def splits_own_and_other(action, events) -> bool:
    """Whether ``action`` is a tile lay lifting two corporations' tokens, the layer's own one of them."""
    lifted = {e.data["corporation"] for e in events if e.kind == "token_lifted"}
    return action.type == "lay_tile" and len(lifted) == 2 and action.entity in lifted


def splits_a_city_and_sells_a_ferry(game) -> None:
    """Assert what lesson 1894_02 shows: a city split lifting the layer's own token and another's, and a ferry
    marker sold."""
    history = list(game.history())
    assert any(splits_own_and_other(a, events) for a, events in history), "the sample game must split a city"
    assert any(e.kind == "ferry" for _, events in history for e in events), "the sample game must sell a ferry"


def main() -> None:
    """Write ``data/1894/sample_game.json`` (seed 1, 3 heuristic players)."""
    write_sample("1894", ("heuristic",) * PLAYERS, SEED, check=splits_a_city_and_sells_a_ferry)


if __name__ == "__main__":
    main()
