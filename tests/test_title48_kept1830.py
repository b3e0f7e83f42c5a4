"""1830 keeps two facts of its options per game (``Game1830._parts``, ``Game1830._coal``), read at nearly every
action: along random games of 1830 and of its variants, at every position and in forks, they equal what the
options and the facts give afresh."""

from __future__ import annotations

import pytest

from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action
from gamekit.titles.g1830 import coalfields, variant


@pytest.mark.parametrize("options", [(), ("coalfields",), ("reading", "coalfields"), ("reading", "reading_ca_rdg")])
def test_kept_option_facts_match_a_fresh_reading_along_a_random_game(options):
    game = new_bot_game("1830", 4, 5, options)
    rng = GameRandom(5)
    coal_seen = set()
    for _ in range(400):
        if game.is_over:
            break
        fork = game.fork()
        for g in (game, fork):
            assert g.variant_parts() == variant.parts_of(options)
            assert g._coal == coalfields.hex_of(g)
            assert g.or_steps().count("right") == (g._coal is not None)
        coal_seen.add(game._coal)
        game.process(random_action(game, rng))
    # the Coalfields hex is known exactly in the games that play it
    assert (coal_seen == {None}) == ("coalfields" not in options)
