"""Write ``data/1830/sample_game.json``: a seeded 4-player bot game of 1830, saved with ``Game.to_json``.

The replay lesson falls back to it when the 18xx.games fixtures are absent. Run
``python notebooks/tools/make_sample_game.py``; the same seed always writes the same file.

The bot is :func:`gamekit.simulate.random_action`, except that a drawn action the game refuses is drawn again:
at the time of writing the 1830 auction lists a purchase of the cheapest private that the player cannot afford,
and a refused draw must not end the sample game.
"""

from __future__ import annotations

from pathlib import Path

import gamekit
from gamekit.errors import GameError
from gamekit.simulate import play_random_game, random_action

SEED = 4
PLAYERS = 4
OUT = Path(__file__).resolve().parents[2] / "data" / "1830" / "sample_game.json"


def accepted_action(game, rng):
    """Draw random legal actions until one the game accepts (tried on a fork)."""
    while True:
        action = random_action(game, rng)
        try:
            game.fork().process(action)
        except GameError:
            continue
        return action


def main() -> None:
    game = play_random_game("1830", PLAYERS, SEED, bot=accepted_action)
    assert game.is_over, "the sample game must reach an end of the rules"
    OUT.write_text(game.to_json() + "\n")
    again = gamekit.load_json(OUT.read_text())
    assert again.outcome == game.outcome
    print(f"wrote {OUT}: {len(game.actions)} actions, {game.outcome.text}; ranking {game.outcome.ranking}")


if __name__ == "__main__":
    main()
