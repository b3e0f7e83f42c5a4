"""A hex printed with two towns takes a tile with two towns (1837 rules ``1837:track.double`` and
``1837:track.cities``): the merge of two towns into one (``UpgradeRules.count_changes``) is an upgrade of a
double-town tile, never the first tile on an empty hex. Positions of seeded random 1837 games (four players, the
random bot's generator seeded as the game) at a company's first lay next to such a hex."""

from __future__ import annotations

import pytest

from gamekit.errors import GameError
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action
from gamekit.tracks.actions import LayTile

DOUBLE_TOWN_TILES = {"1", "2", "55", "56", "69"}
"""1837's yellow tiles with two towns on separate tracks (``data/1837/tiles.json``); 3, 4 and 58 have one."""


def _at(seed: int, ply: int):
    game, rng = new_bot_game("1837", 4, seed), GameRandom(seed)
    while len(game.actions) < ply:
        game.process(random_action(game, rng))
    return game


@pytest.mark.parametrize("seed, ply, company, coord, offered, single", [
    # MLB (home B32) at its first track step, C31 (two towns) beside it: each double-town tile; 3, 4, 58 were
    # offered too before the fix (4 at rotation 0 among them)
    (6, 22, "MLB", "C31", {"1", "2", "55", "56", "69"}, LayTile(entity="MLB", hex="C31", tile="4-0", rotation=0)),
    # UG2 (station K21, 90 K in its treasury) beside L24 (two towns, water costing 50 K): of the double-town
    # tiles 2 and 56 fit there (each at rotation 1); 3, 4 and 58 were offered too
    (4, 66, "UG2", "L24", {"2", "56"}, LayTile(entity="UG2", hex="L24", tile="4-0", rotation=1)),
])
def test_an_empty_double_town_hex_takes_only_a_double_town_tile(seed, ply, company, coord, offered, single):
    game = _at(seed, ply)
    assert game.current_entity == company and game.active_step.name == "Lay track" and coord not in \
        game.state.board.tiles
    lays = [a for a in game.legal_actions() if isinstance(a, LayTile) and a.hex == coord]
    assert {a.tile.rsplit("-", 1)[0] for a in lays} == offered and offered <= DOUBLE_TOWN_TILES
    before = game.to_json()
    with pytest.raises(GameError) as refused:
        game.process(single)
    assert refused.value.rule == "1837:track.cities" and "has 1 towns but" in str(refused.value)
    assert game.to_json() == before
    game.process(lays[0])
    assert game.state.board.tiles[coord][0] == lays[0].tile
