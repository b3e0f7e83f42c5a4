"""The random bot's draw (``simulate._draw``: a lazy type asked only when its answer changes the type drawn, only the
drawn type measured) draws what the plain way draws: every type asked whether it holds an action, the type drawn
among those in sorted order, then an action of it, then a value of its range (and, for ``random_bot``, the redraws
after an own raise). Along seeded games of every title kind, both are run from the same generator state at every
position and must pick the same action and leave the generator in the same state; the games they play are those
``play_random_game`` plays."""

from __future__ import annotations

import pytest

from gamekit.actions import is_checked
from gamekit.rng import GameRandom
from gamekit.simulate import (BID_TYPES, _draw, _redraw, new_bot_game, play_random_game, raises_own_bid, random_action,
                              random_bot)


def _plain_draw(game, rng: GameRandom, avoid_own_raise: bool):
    """The draw written out plainly: every group measured, nothing worked out ahead."""
    by_type: dict = {}
    for group in game.action_groups():
        by_type.setdefault(group.type, []).append(group)
    holding = [kind for kind in sorted(by_type) if any(len(g) for g in by_type[kind])]
    kind = holding[rng.below(len(holding))]
    pairs = [(g, i) for g in by_type[kind] for i in range(len(g))]
    group, index = pairs[rng.below(len(pairs))]
    r = group.range(index)
    if r is None:
        return group.action(index)
    if avoid_own_raise and kind in BID_TYPES and raises_own_bid(game, r.template, r.field):
        return _redraw(game, rng, by_type, holding, {kind: [index]}, r.template)
    values = r.values()
    return r.action(values[rng.below(len(values))])


CASES = [("continental-divide", 4, 1, random_bot), ("continental-divide", 3, 2, random_action),
         ("american-rails", 3, 1, random_bot), ("1830", 4, 1, random_bot), ("1894", 3, 304, random_bot)]


@pytest.mark.parametrize("title,players,seed,bot", CASES)
def test_the_draw_picks_what_the_plain_draw_picks_along_a_seeded_game(title, players, seed, bot):
    game = new_bot_game(title, players, seed)
    rng = GameRandom(seed * 7919 + 17)
    avoid = bot is random_bot
    ranged = 0
    while not game.is_over and len(game.actions) < 3000:
        plain_rng = GameRandom(0)
        plain_rng.state = rng.state
        plain = _plain_draw(game, plain_rng, avoid)
        drawn = _draw(game, rng, avoid)
        assert type(drawn) is type(plain) and drawn == plain, len(game.actions)
        assert rng == plain_rng
        assert is_checked(drawn) == is_checked(plain)
        ranged += any(g.range(0) is not None for g in game.action_groups() if g.type == drawn.type and len(g))
        game.process(drawn)
    assert ranged > 0  # the draws went through ranges (bids, prices, stock values) too
    played = play_random_game(title, players, seed, cap=3000, bot=bot)
    assert played.actions == game.actions
