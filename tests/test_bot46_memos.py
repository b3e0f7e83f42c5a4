"""The answers the heuristic's tile lays take from memos and shortcuts are those of a new search, along games
(positions built by legal play):

- ``router.any_route`` answered from a kept witness route is ``bool(find_best_routes(pos).routes)``;
- a lay on a hex that ``router.read_hexes`` leaves out changes the laying corporation's route position on that
  hex only, and its fork earns what the position earns now (what ``h18xx._lay`` skips such lays on);
- the heuristic's lay is the one of trying every sampled lay with a new search of each (no memo at all);
- segments cut with leg tracks kept from other boards are those a new walk cuts.
"""

from __future__ import annotations

import dataclasses

import pytest

from gamekit.bots import h18xx, play_seats
from gamekit.bots.heuristic import best_on_forks, sample_in_order
from gamekit.g18xx.revenue import route_position
from gamekit.rng import GameRandom
from gamekit.routes import position
from gamekit.simulate import new_bot_game, random_action
from gamekit.tracks import router
from .bot_positions import corporation_lays

CASES = [("1830", 3), ("1894", 2), ("1837", 1)]


def _lay_steps(title: str, seed: int, actions: int):
    """(game, corporation, lays) at every lay step of a corporation with trains, along a random game's first
    ``actions`` actions (the game is the live one: fork it before changing it)."""
    game, rng = new_bot_game(title, 4, seed), GameRandom(seed)
    while len(game.actions) < actions and not game.is_over:
        me = game.current_entity
        if me in game.corporations() and game.trains(me):
            lays = [a for a in game.legal_actions() if a.type == "lay_tile"]
            if lays:
                yield game, me, lays
        game.process(random_action(game, rng))


def _fresh(pos: router.Position) -> int:
    """What a new search of ``pos`` earns, revenue plus subsidy, with every memo of the track data emptied."""
    pos.data.cache.clear()
    best = router.find_best_routes(pos)
    return best.total + best.run.subsidy


@pytest.mark.parametrize("title,seed", CASES)
def test_a_kept_witness_answers_any_route_as_the_search_does(title, seed):
    witnesses: dict = {}
    witnessed = asked = 0
    for game, me, lays in _lay_steps(title, seed, 500):
        for lay in [None] + lays[:4]:
            fork = game.fork() if lay is None else game.fork_after(lay)
            pos = route_position(fork, me)
            pos.data.cache.clear()
            runs = bool(router.find_best_routes(pos).routes)
            pos.data.cache["route witnesses"] = witnesses  # only the witnesses survive between positions
            witnessed += router._witnessed(pos)
            assert router.any_route(pos) == runs, lay
            assert not router.any_route(dataclasses.replace(pos, trains={}))
            witnesses = pos.data.cache["route witnesses"]
            asked += 1
    assert witnessed >= asked // 4  # most answers came from a witness


@pytest.mark.parametrize("title,seed", CASES)
def test_a_lay_the_walk_never_read_changes_only_its_hex_and_not_the_earnings(title, seed):
    unread = 0
    for game, me, lays in _lay_steps(title, seed, 500):
        known = h18xx._unread(game, me, None)
        if known is None:
            continue
        now, hexes = known
        for lay in lays:
            if lay.hex in hexes:
                continue
            unread += 1
            after = position(game.fork_after(lay), me)
            assert dataclasses.replace(after, board=now.board) == now, lay  # trains, phase, hooks as they were
            for field in ("tiles", "tokens", "reservations", "hex_reservations"):
                then, later = getattr(now.board, field), getattr(after.board, field)
                assert {h: v for h, v in then.items() if h != lay.hex} == \
                    {h: v for h, v in later.items() if h != lay.hex}, (lay, field)
            assert _fresh(after) == _fresh(now), lay
    assert unread >= 5


def _full_choice(game, me, lays, rng):
    """The lay whose fork scores highest on (earnings with the probe train, cash left), the first among equals:
    every sampled lay tried on a fork and its routes found by a new search (every memo emptied)."""
    probe = h18xx._probe_train(game, me)
    tried = sample_in_order(rng, lays, h18xx.LAY_CANDIDATES)

    def score(fork):
        if probe:
            earned = _fresh(h18xx._probe_position(fork, me, probe))
        else:
            earned = _fresh(position(fork, me)) if fork.trains(me) else 0
        return earned, fork.cash(me)

    return best_on_forks(game, tried, score)


@pytest.mark.parametrize("title,players,seed,cap", [("1830", 4, 3, 700), ("1894", 4, 2, 500), ("1837", 5, 1, 500)])
def test_the_lay_chosen_is_the_one_of_new_searches_of_every_lay(title, players, seed, cap):
    seen = {"decisions": 0, "with trains": 0}

    def check(game):
        me, lays = corporation_lays(game)
        if not lays:
            return
        number = len(game.actions)
        full = _full_choice(game, me, lays, GameRandom(number))
        assert h18xx._lay(game, me, lays, GameRandom(number)) == full
        seen["decisions"] += 1
        seen["with trains"] += bool(game.trains(me))

    play_seats(title, ["heuristic"] * players, seed, cap=cap, watch=check)
    assert seen["decisions"] >= 10 and seen["with trains"] >= 5, seen


@pytest.mark.parametrize("title,seed", CASES[:2])
def test_kept_leg_track_cuts_the_segments_a_new_walk_cuts(title, seed):
    kept: dict = {}
    reused = 0
    for game, me, lays in _lay_steps(title, seed, 400):
        for lay in lays[:6]:
            pos = route_position(game.fork_after(lay), me)
            depth = max(router.most_stops(t) for t in pos.trains.values()) - 1
            pos.data.cache.clear()
            fresh = router.network_segments(pos, None, depth)
            pos.data.cache.clear()
            pos.data.cache["leg track"] = kept  # only the kept leg tracks survive between positions
            reused += any((seg.leg.start, seg.leg.paths) in kept for seg in fresh)  # a leg's track kept before
            assert router.network_segments(pos, None, depth) == fresh, lay
            kept = pos.data.cache["leg track"]
    assert reused >= 5
