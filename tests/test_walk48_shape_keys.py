"""The tile-lay memos keyed on the shape rules' object (issue 32): :func:`gamekit.tracks.lay._shape_rules` answers a
rules object it was asked about before from its id, and the memos of hex lays and of the lays touching a walk's
edges (``hex_lays``, ``touching lays``) hold that one object's id in their keys instead of the rules value.

Along seeded random games of 1837 (one rules object per edition and overlays), 1894 (a new rules object at every
listing, with gates) and 1830 (positions built by legal play, the memos warm from every earlier position), the
shape rules are the game's rules without gates, one object per value, and the lays listed equal a listing made
with every lay memo empty.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit.g18xx import track
from gamekit.rng import GameRandom
from gamekit.simulate import random_action
from gamekit.titles import game_class
from gamekit.tracks import lay
from gamekit.tracks.lay import UpgradeRules, find_lays

MEMOS = ("network lays", "last network lays", "touching lays", "hex_lays", "laid tile lays", "fitting tiles",
         "kept track")
"""The memos a fresh listing is made without."""


def listing(game, corp: str) -> list[tuple[str, str, int, int]]:
    """``corp``'s ordinary lays now with the options the track step passes."""
    colours, _ = game.lay_colours(corp, None)
    return list(find_lays(game.track, game.state.board, corp, phase_colours=colours,
                          cash=game.state.corporations[corp].cash, blocked_hexes=track.blocked_hexes(game),
                          restrictive=game.restrictive_upgrades(), upgrades=game.upgrade_rules))


def fresh_listing(game, corp: str) -> list[tuple[str, str, int, int]]:
    """:func:`listing` with the lay memos set aside (then put back, so the game goes on with them warm)."""
    cache = game.track.cache
    kept = {name: cache.pop(name) for name in MEMOS if name in cache}
    try:
        return listing(game, corp)
    finally:
        cache.update(kept)


def shape_of(rules: UpgradeRules) -> UpgradeRules:
    """What :func:`lay._shape_rules` must answer, made afresh: the rules without their gates."""
    return replace(rules, gates=frozenset(), gate_passers=frozenset())


@pytest.mark.parametrize("title, players, seed, every", [("1837", 4, 2, 6), ("1894", 4, 3, 2), ("1830", 4, 2, 2)])
def test_listings_by_shape_ids_equal_fresh_ones_along_a_random_game(title, players, seed, every):
    game = game_class(title)([f"P{i + 1}" for i in range(players)], seed=seed)
    rng = GameRandom(seed)
    compared = nonempty = seen = 0
    while not game.is_over and compared < 30:
        corp = game.current_entity
        if corp in game.state.corporations and getattr(game.state.round, "step", None) == "track":
            seen += 1
            rules = game.upgrade_rules
            shape = lay._shape_rules(rules)
            assert shape == shape_of(rules) and lay._shape_rules(rules) is shape
            assert lay._shape_rules(replace(rules)) is shape  # an equal value made anew: the same object
            if seen % every == 0:
                warm = listing(game, corp)
                assert warm == fresh_listing(game, corp), (title, seed, len(game.actions), corp)
                compared += 1
                nonempty += bool(warm)
        game.process(random_action(game, rng))
    assert compared >= 15 and nonempty >= 10


def test_shape_rules_stay_right_once_the_objects_asked_about_are_forgotten():
    values = [UpgradeRules(frozenset({("city", 1, n)}), gates=frozenset({("A1", 0)}), gate_passers=frozenset({"X"}))
              for n in range(lay.SHAPES_KEPT + 40)]
    for _ in range(2):
        for rules in values:  # more objects than are held: the lookup by id is emptied on the way
            shape = lay._shape_rules(rules)
            assert shape == shape_of(rules) and not shape.gates and shape.count_changes == rules.count_changes
    assert len(lay._SHAPE_OF) <= lay.SHAPES_KEPT
    for rules in values[:3]:
        copy = replace(rules)  # a new object of an old value
        assert lay._shape_rules(copy) is lay._shape_rules(rules)
