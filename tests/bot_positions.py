"""Positions of seeded bot games for tests that compare a kept answer with a fresh one along a game, and the
comparison of a lay's position built without a fork with its fork's."""
import dataclasses

from gamekit.g18xx.revenue import route_position
from gamekit.g18xx.state import OperatingRound
from gamekit.rng import GameRandom
from gamekit.routes import position
from gamekit.simulate import new_bot_game, random_action
from gamekit.tracks.router import find_best_routes


def random_positions(title: str, players: int, seed: int, cap: int):
    """Yield the game at each position of a random-bot game of ``title`` (``players``, ``seed``; the bot's
    generator as :func:`gamekit.simulate.play_random_game` seeds it), inside its batch, before the position's
    action is processed; at most ``cap`` actions."""
    game = new_bot_game(title, players, seed)
    rng = GameRandom(seed * 7919 + 17)
    with game.batch():
        for _ in range(cap):
            if game.is_over:
                return
            yield game
            game.process(random_action(game, rng))


def operating_positions(title: str, players: int, seed: int, cap: int):
    """Yield ``(game, corporation)`` at each position of :func:`random_positions` in an operating round where a
    corporation is operating (not between two operating rounds' orders)."""
    for game in random_positions(title, players, seed, cap):
        rnd = game.state.round
        if isinstance(rnd, OperatingRound) and rnd.index < len(rnd.order):
            yield game, rnd.order[rnd.index]


def corporation_lays(game, own_only: bool = False):
    """``(corporation, its legal tile lays)`` where a corporation acts in a game not over (``own_only``: only
    the lays it makes itself, not a private company's), else ``(None, [])``: what a heuristic bot's lay
    decision is given, for tests watching its games."""
    me = game.current_entity
    if game.is_over or me not in game.corporations():
        return None, []
    return me, [a for a in game.legal_actions() if a.type == "lay_tile" and (not own_only or a.entity == me)]


def route_positions(title: str, seed: int, actions: int):
    """Yield the route position (:func:`gamekit.g18xx.revenue.route_position`) of the corporation acting, wherever
    a corporation with trains acts, along the first ``actions`` actions of a 4-player random game of ``title``
    whose bot draws from ``GameRandom(seed)`` (positions built by legal play, outside a batch)."""
    game, rng = new_bot_game(title, 4, seed), GameRandom(seed)
    while len(game.actions) < actions and not game.is_over:
        me = game.current_entity
        if me in game.corporations() and game.trains(me):
            yield route_position(game, me)
        game.process(random_action(game, rng))


def earned(pos) -> int:
    """What a route position's best set earns, revenue plus subsidy, from a new search (no memo)."""
    found = find_best_routes(pos)
    return found.total + found.run.subsidy


def assert_built_is_the_forks(game, me: str, lay, built, now) -> bool:
    """Assert that ``built`` (the route position and treasury the heuristic knows ``me``'s ``lay`` leaves, without
    a fork) is what the lay's fork leaves: the same treasury, and where the position is ``now`` (the position now
    standing for the lay's: a hex the routes never read) the same earnings, else the same board, trains, phase and
    route hooks. Returns whether the position was ``now``."""
    fork = game.fork_after(lay)
    after = position(fork, me)
    assert fork.cash(me) == built[1], lay
    if built[0] is now:
        assert earned(after) == earned(now), lay
        return True
    assert after.board == built[0].board, lay
    assert dataclasses.replace(after, board=built[0].board) == built[0], lay  # trains, phase, hooks
    return False
