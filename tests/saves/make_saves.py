"""Write the committed saves of ``tests/test_saves.py`` — once per save format version, never over old ones.

For each playing title: ``<title>.v<version>.json``, a game of seeded random play saved part-way;
``<title>.v<version>.continued.json``, the same game some actions further; and their facts (step, concrete legal
actions, player values) in ``expected.v<version>.json``. Old files stay as they are: they are the saves users
already have, and the test checks that every later gamekit loads and continues them identically. The one edit
allowed is removing from a continued save a decision that a rule fix made automatic, in a commit naming the rule.

Run: ``.venv/bin/python tests/saves/make_saves.py``: it writes the saves of titles that have none for this version
(a title joining the kit) and never rewrites a save that exists.
"""

from __future__ import annotations

import json
from pathlib import Path

import gamekit
from gamekit.codec import count_concrete_actions
from gamekit.game import SAVE_VERSION
from gamekit.rng import GameRandom
from gamekit.simulate import random_action

HERE = Path(__file__).resolve().parent
PLAN = {"1830": (3, 300, 60), "1894": (3, 300, 60), "continental-divide": (3, 40, 20), "american-rails": (3, 100, 40),
        "1837": (3, 300, 60)}
"""title → (seed, actions before the save, actions more in the continued save)."""


def facts(game: gamekit.Game) -> dict:
    """What a loaded save must show: the step, how many concrete actions are legal, each player's value."""
    step = game.active_step
    return {"step": step.name, "entity": step.entity, "legal": count_concrete_actions(game),
            "values": {p.id: game.player_value(p.id) for p in game.players}}


def write_new(path: Path, text: str) -> None:
    if path.exists():
        raise SystemExit(f"{path} exists: committed saves are never rewritten")
    path.write_text(text)
    print(f"wrote {path}")


def main() -> None:
    """Write the saves of every title that has none for this version, and add their facts to the expected file
    (the facts of titles saved before are kept as they are)."""
    expected_path = HERE / f"expected.v{SAVE_VERSION}.json"
    expected = json.loads(expected_path.read_text()) if expected_path.exists() else {}
    for title, (seed, first, more) in PLAN.items():
        if (HERE / f"{title}.v{SAVE_VERSION}.json").exists():
            continue
        game = gamekit.new_game(title, ["Ann", "Ben", "Cy", "Di"], seed=seed)
        rng = GameRandom(seed)
        for _ in range(first):
            game.process(random_action(game, rng))
        saved = game.to_json()
        at_save = facts(game)
        for _ in range(more):
            game.process(random_action(game, rng))
        write_new(HERE / f"{title}.v{SAVE_VERSION}.json", saved + "\n")
        write_new(HERE / f"{title}.v{SAVE_VERSION}.continued.json", game.to_json() + "\n")
        expected[title] = {"saved": at_save, "continued": facts(game)}
    expected_path.write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
