"""The shortcuts of stop 58 in Continental Divide give the answers of the longer ways they replace, along seeded
games: a line handed over from the position's own listing is built as ``process`` builds it after every check,
:func:`can_build` answers as the walk's own checks do, the lines skip only rays that never hold one, the points
of all the players equal each player's own count, and money reads as ``Game.money`` writes it."""

from __future__ import annotations

import pytest

from gamekit.bots import play_seats
from gamekit.cuberails.cd_build import LineWalk, can_build, longest_lines
from gamekit.cuberails.cd_economy import holdings_vp, players_vp, vp_per_share
from gamekit.game import Game
from gamekit.simulate import play_random_game
from gamekit.titles.continental_divide import ContinentalDivide

SEEDS = range(1, 9)


def _events(game: Game) -> list[tuple]:
    """Every event of ``game`` as plain values: rule, English text, kind and data."""
    return [(e.rule, str(e.text), e.kind, e.data) for _, events in game.history() for e in events]


@pytest.mark.parametrize("seed", SEEDS)
def test_listed_lines_are_built_as_process_builds_them_after_every_check(seed):
    played = play_random_game("continental-divide", 4, seed)  # its lines: handed over from the listings
    assert any(a.type == "cd_build_track" for a in played.actions)
    checked = ContinentalDivide([p.id for p in played.players], seed=seed)
    for action in played.actions:  # outside a batch, every action through all the rules' checks
        checked.process(action)
    assert _events(checked) == _events(played)
    assert checked.state.railroads == played.state.railroads and checked.state.cash == played.state.cash


def test_heuristic_games_build_as_process_builds():
    played = play_seats("continental-divide", ["heuristic"] * 4, 3)
    checked = ContinentalDivide([p.id for p in played.players], seed=3)
    for action in played.actions:
        checked.process(action)
    assert _events(checked) == _events(played)


def _positions(seed: int):
    """Every position of a seeded random game (its state and the game at it)."""
    game = play_random_game("continental-divide", 4, seed)
    for index in range(0, len(game.actions) + 1, 3):
        yield game.at(index)


def _walk_can_build(game: ContinentalDivide, rr) -> bool:
    """Whether some first hex passes every check of :meth:`LineWalk.blocked` (the way before stop 58)."""
    walk = LineWalk.start(game.state, rr, game.board, game.rules)
    return any(c is not None and walk.blocked(c) is None for origin in rr.hexes for c in game.board.next_hex[origin])


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_can_build_and_the_lines_agree_with_the_walk(seed):
    asked = built = 0
    for game in _positions(seed):
        s = game.state
        for rr in s.railroads.values():
            if not rr.started:
                continue
            lines = longest_lines(s, rr, game.board, game.rules)
            answer = can_build(s, rr, game.board, game.rules)
            assert answer == _walk_can_build(game, rr) == bool(lines)
            asked, built = asked + 1, built + answer
            # every ray counted, the ones that never hold a line included: the same lines where the count is > 0
            walk = LineWalk.start(s, rr, game.board, game.rules)
            every = walk._lines(sorted(rr.hexes), True)
            assert [line for line in every if line[2]] == lines
            for origin, ray, n in every:  # the rays left out of the lines' loop count no hex
                assert n == 0 or ray in [f.hexes for f in game.board.open_rays[origin]]
    assert asked > 50 and 0 < built < asked  # both answers met


def test_open_rays_are_the_rays_a_line_may_enter():
    board = ContinentalDivide(["A", "B", "C"], seed=1).board
    for coord, facts in board.ray_facts.items():
        assert board.open_rays[coord] == tuple(f for f in facts if f.hexes and not board.hexes[f.hexes[0]].start_city)


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_players_vp_equals_each_players_own_count(seed):
    for game in _positions(seed):
        s = game.state
        per_share = {rid: vp_per_share(rr, game.board, game.rules.victory_points) for rid, rr in s.railroads.items()}
        expected = {p: holdings_vp(p, s.railroads, per_share) for p in s.cash}
        assert players_vp(s.cash, s.railroads, per_share) == expected
        started = {rid: v for rid, v in per_share.items() if s.railroads[rid].started}
        assert players_vp(s.cash, s.railroads, started) == expected  # unstarted railroads are worth nothing
        assert list(players_vp(reversed(list(s.cash)), s.railroads, per_share)) == list(reversed(list(s.cash)))


def test_money_reads_as_game_money_writes_it():
    game = ContinentalDivide(["A", "B", "C"], seed=1)
    for amount in [*range(-1100, 1100), 12_345, 10 ** 7, True, False, 2.5, -0.5]:
        assert game.money(amount) == Game.money(game, amount)


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_the_start_grid_lists_what_the_full_axes_list(seed):
    from gamekit.choices import ActionGrid
    from gamekit.cuberails.cd_actions import StartRailroad

    stock = 0
    for game in _positions(seed):
        s = game.state
        if s.phase != "stock":
            continue
        stock += 1
        # the axes as they were found before stop 58, every one of them whatever the others hold
        railroads = () if s.bought is not None else game._unstarted()
        hexes = () if s.bought is not None else game._start_hexes_free()
        runs = [] if s.bought is not None else game._free_value_runs(min(game.rules.stock_value.max,
                                                                          s.cash[s.current_player]))
        shares = tuple(range(game.rules.shares_issued.min, game.rules.shares_issued.max + 1))
        full = ActionGrid(StartRailroad, {"entity": s.current_player},
                          (("railroad", railroads), ("hex", hexes), ("shares", shares)), "stock_value", runs)
        grid = game._start_grid()
        assert len(grid) == len(full) and list(grid.ranges()) == list(full.ranges())
    assert stock > 3


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_the_picker_is_the_last_player_without_a_card(seed):
    orders = 0
    for game in _positions(seed):
        s = game.state
        if s.phase == "order":
            orders += 1
            assert game._picker() == next(p for p in reversed(s.order) if p not in s.new_order)
    assert orders > 0
