"""Continental Divide: the fast line measure (``LineWalk.reach`` from the map's ray facts) against its definition,
adding hex after hex with every per-hex rule (``LineWalk.add``), in positions of random-bot games.

Rules: ``cd:build.straight-line`` and the per-hex rules ``cd:build.cubes``, ``cd:build.start-city``,
``cd:build.port``, ``cd:build.hex-limit``, ``cd:build.cost-income``, ``cd:build.regions``.
"""

from __future__ import annotations

import pytest

from gamekit.cuberails.cd_build import LineWalk, line_refusal, longest_lines
from gamekit.simulate import play_random_game

from .test_continental_divide_support import new, place, start


def _positions():
    """Every position of four random-bot games (4 and 6 players) where some started railroad holds cubes."""
    for players, seed in ((4, 1), (4, 2), (6, 3), (6, 4)):
        game = play_random_game("continental-divide", players, seed)
        for index in range(0, len(game.actions), 3):
            state = game.state_at(index)
            railroads = [rr for rr in state.railroads.values() if rr.started]
            if railroads:
                yield game, state, railroads


def _added(walk: LineWalk, ray: tuple[str, ...]) -> int:
    """How many hexes of ``ray`` a copy of ``walk`` takes one after the other before one is refused."""
    copy = _copy(walk)
    count = 0
    for coord in ray:
        if copy.add(coord) is not None:
            break
        count += 1
    return count


def _copy(walk: LineWalk) -> LineWalk:
    """An independent copy of ``walk`` (its taken hexes copied)."""
    copy = object.__new__(LineWalk)
    for name in LineWalk.__slots__:
        setattr(copy, name, getattr(walk, name))
    copy.taken = list(walk.taken)
    return copy


def test_reach_counts_the_hexes_add_takes_one_after_the_other():
    compared = positive = 0
    for game, state, railroads in _positions():
        for rr in railroads:
            walk = LineWalk.start(state, rr, game.board, game.rules)
            for origin in rr.hexes:
                counts = walk.reach(origin)
                expected = [_added(walk, ray) for ray in game.board.rays[origin]]
                assert counts == expected, (rr.id, origin, rr.cubes, rr.treasury)
                compared += 6
                positive += sum(1 for c in counts if c)
    assert compared > 5000 and positive > 1000  # the games reach many positions with lines and without


def test_reach_from_a_walk_that_has_taken_hexes():
    # after taking the first hex of a line, the next hexes are measured with the cubes, dollars and port left
    checked = 0
    for game, state, railroads in _positions():
        for rr in railroads:
            for origin, ray, count in longest_lines(state, rr, game.board, game.rules):
                walk = LineWalk.start(state, rr, game.board, game.rules)
                assert walk.add(ray[0]) is None
                assert walk.reach(ray[0]) == [_added(walk, r) for r in game.board.rays[ray[0]]]
                direction = game.board.rays[origin].index(ray)
                assert walk.reach(ray[0])[direction] == count - 1
                checked += 1
    assert checked > 500


@pytest.mark.parametrize("players, seed", [(3, 5), (5, 6)])
def test_longest_lines_are_legal_and_one_hex_more_is_not(players, seed):
    game = play_random_game("continental-divide", players, seed)
    lines = 0
    for index in range(0, len(game.actions), 2):
        state = game.state_at(index)
        for rr in state.railroads.values():
            if not rr.started:
                continue
            for origin, ray, count in longest_lines(state, rr, game.board, game.rules):
                assert line_refusal(state, rr, game.board, game.rules, origin, ray[:count]) is None
                if count < len(ray):
                    assert line_refusal(state, rr, game.board, game.rules, origin, ray[:count + 1]) is not None
                lines += 1
    assert lines > 300


def _coast(*held: str, rival_in: str | None = None):
    """A hand-made position: Ann's first railroad holds its start hex and ``held`` (cubes placed by hand), with
    $500 and 20 cubes; a second railroad's cube in ``rival_in`` if given. Returns (game, walk)."""
    g = new()
    start(g, "UP", "F40")
    first = g.state.railroads["UP"]
    place(g, "UP", *held)
    first.treasury, first.cubes = 500, 20
    if rival_in is not None:
        g.state.railroads["SP"].start_hex = "L38"  # started by hand: it only needs to occupy the hex
        place(g, "SP", rival_in)
    return g, LineWalk.start(g.state, first, g.board, g.rules)


@pytest.mark.parametrize("held, rival_in, expected", [
    (("D2",), None, 1),            # Portland, then Seattle: a railroad occupies one port city only
    (("D2", "J4"), None, 0),       # it already holds San Francisco
    (("D2",), "C3", 0),            # Portland already holds another railroad
])
def test_reach_toward_two_ports_in_a_row(held, rival_in, expected):
    g, walk = _coast(*held, rival_in=rival_in)
    north_east = 3  # D2 → C3 (Portland) → B4 (Seattle) → A5
    assert g.board.rays["D2"][north_east][:2] == ("C3", "B4")
    assert walk.reach("D2")[north_east] == expected
    assert walk.reach("D2") == [_added(walk, ray) for ray in g.board.rays["D2"]]
