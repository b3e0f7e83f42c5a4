"""Positions of seeded random bot games for tests that compare a kept answer with a fresh one along a game."""
from gamekit.g18xx.revenue import route_position
from gamekit.g18xx.state import OperatingRound
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action


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
