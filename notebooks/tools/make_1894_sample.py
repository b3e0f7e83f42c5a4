"""Write ``data/1894/sample_game.json``: a seeded 3-player game of 1894 between heuristic bots, saved with
``Game.to_json``.

Lesson ``1894_02_city_split_and_ferries`` opens it (so it works from the wheel, without the 18xx.games
fixtures). It is seed 9 with the heuristic bot in every seat (`gamekit.bots.play_seats`): the Belge lays the
brown tile that splits Antwerpen's green city (D17), holding its own token and the AG's, and the two tokens go
back to the two new cities (the Belge's at once, the AG's after the Belge's turn); the Belge buys the first
ferry marker, for 80 F; the last phase begins and the game ends after 657 actions with the last set of operating
rounds (seeds 1 to 7 split no such city, or put both tokens back in one city; seed 8 now would serve too, and
seed 9 stays the sample the lesson was written for). Run
``python notebooks/tools/make_1894_sample.py``; the same seed always writes the same file. A rule change that
makes one of its actions illegal fails the lesson; then re-run this script and check the lesson.
"""

from __future__ import annotations

from sample_game import write_sample

SEED = 9
PLAYERS = 3


def splits_own_and_other(action, events) -> bool:
    """Whether ``action`` is a tile lay lifting two corporations' tokens, the layer's own one of them."""
    lifted = {e.data["corporation"] for e in events if e.kind == "token_lifted"}
    return action.type == "lay_tile" and len(lifted) == 2 and action.entity in lifted


def replaced_cities(history, split: int) -> list[str]:
    """The cities of the new tile where the tokens lifted by the lay ``history[split]`` go back, in the order they
    are placed."""
    coord = history[split][0].hex
    return [action.city for action, events in history[split + 1:]
            for e in events if e.kind == "token" and e.data.get("placer") and e.data["hex"] == coord][:2]


def splits_a_city_and_sells_a_ferry(game) -> None:
    """Assert what lesson 1894_02 shows: a city split lifting the layer's own token and another's, the two tokens
    going back to the two cities of the new tile, and a ferry marker sold.

    The lesson follows the first such split and shows the rule beside it: the brown tile has two cities of one
    space each. The engine also lets a lifted token go back into a full city, which gains a space for it
    (``Policy.lifted_token_overfills``, said to be how 18xx.games plays 1894), and the heuristic bot mostly puts
    the second token there; a sample whose tokens share one city would contradict the rule the lesson shows, so
    it is refused here."""
    history = list(game.history())
    split = next((i for i, (a, events) in enumerate(history) if splits_own_and_other(a, events)), None)
    assert split is not None, "the sample game must split a city"
    cities = replaced_cities(history, split)
    assert len(set(cities)) == 2, f"the first split's tokens go back to {cities}, not to both cities"
    assert any(e.kind == "ferry" for _, events in history for e in events), "the sample game must sell a ferry"


def main() -> None:
    """Write ``data/1894/sample_game.json`` (seed 9, 3 heuristic players)."""
    write_sample("1894", ("heuristic",) * PLAYERS, SEED, check=splits_a_city_and_sells_a_ferry)


if __name__ == "__main__":
    main()
