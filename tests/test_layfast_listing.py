"""The kept tile-lay listings (issue 32): :func:`gamekit.tracks.lay.find_lays` reads candidates kept with the
corporation's walk (``network lays``) and hex lays built from a kept-track memo (``kept track``); along seeded
random games of 1830, 1894 and 1837 (positions built by legal play, the memos warm from every earlier position),
its answer equals a listing made with those memos empty; what a walk decides of an upgrade equals laying it on a
trial board. And the facts' lookups by symbol follow a copy's own tuples.
"""

from __future__ import annotations

import pytest

from gamekit.g18xx import track
from gamekit.rng import GameRandom
from gamekit.simulate import random_action
from gamekit.titles import game_class
from gamekit.tracks.board import lowest_free_copies, placed_tile
from gamekit.tracks.graph import reach
from gamekit.tracks.lay import PERMISSIVE, _usable, _walk_decides, find_lays, hex_lays

MEMOS = ("network lays", "kept track", "hex_lays")
"""The memos a fresh listing is made without."""


def listing(game, corp: str, cash: int | None) -> list[tuple[str, str, int, int]]:
    """``corp``'s ordinary lays now with the options the track step passes (cash as given)."""
    colours, _ = game.lay_colours(corp, None)
    return list(find_lays(game.track, game.state.board, corp, phase_colours=colours, cash=cash,
                          blocked_hexes=track.blocked_hexes(game), restrictive=game.restrictive_upgrades(),
                          upgrades=game.upgrade_rules))


def fresh_listing(game, corp: str, cash: int | None) -> list[tuple[str, str, int, int]]:
    """:func:`listing` with the lay memos set aside (then put back, so the game goes on with them warm)."""
    cache = game.track.cache
    kept = {name: cache.pop(name) for name in MEMOS if name in cache}
    try:
        return listing(game, corp, cash)
    finally:
        cache.update(kept)


@pytest.mark.parametrize("title, players, seed, every", [("1830", 4, 5, 2), ("1894", 4, 4, 2), ("1837", 4, 3, 12)])
def test_kept_listings_equal_fresh_ones_along_a_random_game(title, players, seed, every):
    game = game_class(title)([f"P{i + 1}" for i in range(players)], seed=seed)
    rng = GameRandom(seed)
    compared = nonempty = upgrades = seen = 0
    while not game.is_over and compared < 40:
        corp = game.current_entity
        if corp in game.state.corporations and getattr(game.state.round, "step", None) == "track":
            seen += 1
            if seen % every == 0:
                cash = game.state.corporations[corp].cash
                for limit in (None, cash):
                    warm = listing(game, corp, limit)
                    assert warm == fresh_listing(game, corp, limit), (title, seed, len(game.actions), corp)
                compared += 1
                nonempty += bool(warm)
                upgrades += sum(1 for coord, *_ in warm if coord in game.state.board.tiles)
        game.process(random_action(game, rng))
    assert compared >= 15
    assert nonempty >= 10 and upgrades > 0  # lays were listed, upgrades among them


def test_a_fork_reuses_kept_candidates_and_stays_right_after_its_parent_lays():
    game = game_class("1830")(["Ann", "Ben", "Cy", "Di"], seed=6)
    rng = GameRandom(6)
    while not (game.current_entity in game.state.corporations and any(a.type == "lay_tile"
                                                                       for a in game.legal_actions())):
        game.process(random_action(game, rng))
    corp = game.current_entity
    fork = game.fork()
    before = listing(fork, corp, None)
    laid = next(a for a in game.legal_actions() if a.type == "lay_tile")
    game.process(laid)  # the parent's board moves on; the fork shares the memos, not the board
    assert listing(fork, corp, None) == before == fresh_listing(fork, corp, None)
    assert all(lay[:3] != (laid.hex, laid.tile, laid.rotation) for lay in listing(game, corp, None))


def test_facts_lookups_follow_a_copy_with_other_tuples():
    facts = game_class("1830")(["Ann", "Ben", "Cy"], seed=1).facts
    first, second = facts.corporations[0], facts.corporations[1]
    assert facts.corporation(second.sym) is second  # the index is now kept in the record
    fewer = facts.replace(corporations=(first,))
    assert fewer.corporation(first.sym) is first
    with pytest.raises(KeyError):
        fewer.corporation(second.sym)
    assert facts.corporation(second.sym) is second
    assert facts.train(facts.trains[0].name) is facts.trains[0]
    assert facts.private(facts.privates[-1].sym) is facts.privates[-1]


@pytest.mark.parametrize("title, seed", [("1837", 5), ("1830", 8), ("1894", 6)])
def test_what_the_walk_decides_of_an_upgrade_equals_laying_it_on_a_trial_board(title, seed):
    """:func:`_walk_decides` (rule ``track.usable`` read from today's walk, arrivals on a goal path and empty goals
    among it) against :func:`_usable` (the tile laid on a copy of the board and walked), under both reach rules,
    for every upgrade of the network's hexes at track steps of a random game."""
    game = game_class(title)([f"P{i + 1}" for i in range(4)], seed=seed)
    rng = GameRandom(seed)
    decided = {True: 0, False: 0}
    seen = 0
    while not game.is_over and sum(decided.values()) < 400:
        corp = game.current_entity
        if corp in game.state.corporations and getattr(game.state.round, "step", None) == "track":
            seen += 1
            if seen % 3 == 0:
                data, board = game.track, game.state.board
                walk = reach(data, board, corp)
                copies = lowest_free_copies(data, board)
                for coord, touched in sorted(walk.edges.items()):
                    old = placed_tile(data, board, coord)
                    for lay in hex_lays(data, old):
                        if not (lay.upgrade and lay.exits & touched and lay.name in copies):
                            continue
                        for rule in ("semi_restrictive", "restrictive"):
                            answer = _walk_decides(data, board, corp, old, lay, walk, rule)
                            if answer is not None:
                                assert answer == _usable(data, board, corp, old, lay, copies[lay.name], rule,
                                                         PERMISSIVE), (title, len(game.actions), coord, lay, rule)
                                decided[answer] += 1
        game.process(random_action(game, rng))
    assert decided[True] >= 20 and decided[False] >= 20
