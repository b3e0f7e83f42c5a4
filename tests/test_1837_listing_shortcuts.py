"""1837's shortcuts in what the engine asks at every position (issue 32) give the answers of the long way: the
action types ``process`` checks against (``Game1837._action_types``, which skips the step's help text) are those of
the active step, and the mountain railways' lays (``mountain.lay_choices``, which reads the lowest free copies
and walks the network only when a lay may apply) are exactly the lays of a railway that the rules accept. Checked
at every position of seeded random-bot games played legally by gamekit's rules."""

from __future__ import annotations

from functools import lru_cache

import pytest

from gamekit.bots import play_seats
from gamekit.g18xx.state import OperatingRound
from gamekit.titles.g1837 import mountain
from gamekit.tracks.actions import LayTile
from gamekit.tracks.board import supply, turn_paths

GAMES = ((4, 1), (3, 2))
"""(players, seed) of the random-bot games looked at."""
CAP = 2000


@lru_cache(maxsize=None)
def _positions(players: int, seed: int) -> tuple[int, int, int, int]:
    """Play the seeded game, checking at every position; returns what was checked: positions, operating-round
    positions with the surrender among their types, track steps whose owner holds a mountain railway, and
    mountain lays listed."""
    seen = {"positions": 0, "surrender": 0, "railway": 0, "lays": 0}

    def check(game) -> None:
        if game.is_over:
            return
        seen["positions"] += 1
        types = game._action_types()
        assert types == game._step().action_types
        rnd = game.state.round
        if isinstance(rnd, OperatingRound) and "scrap_train" in types:
            seen["surrender"] += 1
        if isinstance(rnd, OperatingRound) and rnd.step == "track" and not rnd.must_discard and \
                not rnd.pending_tokens:
            corp = game.current_entity
            owner = game.state.corporations[corp].president
            railways = [sym for sym in game.state.players[owner].privates
                        if game.facts.private(sym).tile_lay is not None] if owner in game.state.players else []
            listed = mountain.lay_choices(game, corp)
            if railways:
                seen["railway"] += 1
            seen["lays"] += len(listed)
            assert listed == _every_accepted_lay(game, railways)

    play_seats("1837", ["random"] * players, seed, cap=CAP, watch=check)
    return seen["positions"], seen["surrender"], seen["railway"], seen["lays"]


def _every_accepted_lay(game, railways: list[str]) -> list[LayTile]:
    """The long way: every railway's tile on each of its hexes, its lowest free copy, in every rotation giving a
    different track, kept when the rules accept it (``Game.is_legal``)."""
    copies = supply(game.track, game.state.board)
    out = []
    for sym in railways:
        ability = game.facts.private(sym).tile_lay
        for coord in ability.hexes:
            for name in ability.tiles:
                if not copies.get(name):
                    continue
                shapes = set()
                for rotation in range(6):
                    shape = frozenset(frozenset(p) for p in turn_paths(game.track.tiles[name], rotation))
                    if shape in shapes:
                        continue
                    shapes.add(shape)
                    lay = LayTile(entity=sym, hex=coord, tile=copies[name][0], rotation=rotation)
                    if game.is_legal(lay):
                        out.append(lay)
    return out


@pytest.mark.parametrize("players,seed", GAMES)
def test_the_shortcuts_answer_as_the_step_and_the_rules_do(players, seed):
    positions, surrender, railway, lays = _positions(players, seed)
    assert positions > CAP  # every position up to the cap (and the one it stopped at)
    assert surrender > 1000 and railway > 500  # the shortcuts were taken, not only the long way


def test_some_mountain_lay_was_listed_and_accepted():
    assert [_positions(players, seed)[3] > 0 for players, seed in GAMES] == [True, True]
