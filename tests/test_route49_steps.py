"""The router's walk steps kept with the route module's kept legs (``router._steps``, ``routes.kept_legs``: leg
keys, legs walked from the smaller node, and track items derived once per kept walk of legs) give the segments of
a walk on an empty memo, and the memo keys built of plain tuples tell positions apart exactly as their facts do,
along random games of 1830, 1894 and 1837 (positions built by legal play), at the corporation's position and on
the forks of some of its tile lays (the boards a heuristic compares: one hex changed, most legs kept)."""

from __future__ import annotations

from copy import deepcopy
from dataclasses import replace

import pytest

from gamekit.g18xx.revenue import route_position
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action
from gamekit.tracks import router

CASES = [("1830", 3, 700), ("1894", 5, 700), ("1837", 2, 500)]
"""Title, seed and how many actions of a random 4-player game to play."""
LAYS_FORKED = 4
"""How many of a corporation's tile lays are forked at each position where it may lay."""


def _positions(title: str, seed: int, actions: int):
    """The route position of the corporation acting wherever it has trains, and of the forks after the first
    :data:`LAYS_FORKED` of its legal tile lays, along a random game's first ``actions`` actions."""
    game, rng = new_bot_game(title, 4, seed), GameRandom(seed)
    while len(game.actions) < actions and not game.is_over:
        me = game.current_entity
        if me in game.corporations() and game.trains(me):
            yield route_position(game, me)
            lays = [a for a in game.legal_actions() if a.type == "lay_tile"][:LAYS_FORKED]
            for lay in lays:
                fork = game.fork_after(lay)
                if fork.trains(me):
                    yield route_position(fork, me)
        game.process(random_action(game, rng))


def _segments(pos: router.Position) -> list[tuple]:
    """The segments of ``pos``'s network as deep as its longest train runs, as plain values."""
    depth = max(router.most_stops(t) for t in pos.trains.values()) - 1
    return [(seg.leg, seg.mask) for seg in router.network_segments(pos, None, depth)]


@pytest.mark.parametrize("title,seed,actions", CASES)
def test_kept_steps_give_a_fresh_walks_segments(title, seed, actions):
    reused = 0
    for pos in _positions(title, seed, actions):
        before = sum("steps" in entry[3] for kept in router.memo(pos.data, "legs").values() for entry in kept)
        kept = _segments(pos)
        reused += before > 0
        fresh = _segments(replace(pos, data=replace(pos.data, cache={})))
        assert kept == fresh
    assert reused >= 20  # the steps were derived by earlier walks and read again


@pytest.mark.parametrize("title,seed,actions", CASES[:2])
def test_plain_keys_tell_positions_apart_as_their_facts_do(title, seed, actions):
    by_key: dict[bytes, tuple] = {}
    by_network: dict[tuple, tuple] = {}
    for pos in _positions(title, seed, actions):
        facts = (deepcopy((pos.corporation, pos.board, sorted(pos.trains.items()), pos.phase_colours)), pos.rules)
        # boards compare as values: the same facts under one key, other facts under another
        seen = by_key.setdefault(router.position_key(pos), facts)
        assert seen == facts
        depth = max(router.most_stops(t) for t in pos.trains.values()) - 1
        segments = router.network_segments(pos, None, depth)
        hexes = sorted({c for seg in segments for c, _ in seg.leg.paths}
                       | {n[0] for seg in segments for n in (seg.leg.start, seg.leg.end)})
        network = (deepcopy((pos.corporation, sorted(pos.trains.items()), pos.phase_colours,
                             [(seg.leg, seg.mask) for seg in segments], router._held_on(pos.board, hexes),
                             router._reserved_on(pos.board, hexes))), pos.rules)
        assert by_network.setdefault(router._segments_key(pos, segments), network) == network
    assert len(by_key) >= 30 and len(by_network) >= 20
