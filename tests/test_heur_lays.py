"""The heuristic's tile lay (``gamekit.bots.h18xx._lay``) takes shortcuts: route searches asked only for what beats
the best lay so far; for a corporation without trains, no lay tried after the first that costs nothing; the probe
train of trains all alike taken unsearched. Along heuristic games (positions built by legal play) its choice must
be the one of trying every sampled lay in full with the probe the search finds, and the fact the shortcut rests on
must hold: no lay adds to the laying corporation's treasury."""

from __future__ import annotations

import pytest

from gamekit.bots import h18xx, play_seats
from gamekit.bots.heuristic import best_on_forks, sample_in_order
from gamekit.rng import GameRandom
from gamekit.routes import position
from gamekit.tracks.router import remembered_best

from .bot_positions import corporation_lays

CASES = [("1830", 4, 3, 500), ("1894", 4, 2, 500), ("1837", 5, 1, 500)]  # title, players, seed, actions


def _searched_probe(game, me):
    """The train whose route earns most now, found by a search (the first train when none runs); ``None`` without
    trains or at the train limit."""
    if not game.trains(me) or len(game.trains(me)) >= game.train_limit_of(me):
        return None
    routes = remembered_best(position(game, me)).run.routes
    return max(routes, key=lambda r: (r.revenue + r.subsidy, r.train)).train if routes else game.trains(me)[0]


def _full_choice(game, me, lays, rng):
    """The lay whose fork scores highest on (earnings with the probe train, cash left), the first among equals:
    every sampled lay tried on a fork and its routes searched without a floor."""
    probe = _searched_probe(game, me)
    tried = sample_in_order(rng, lays, h18xx.LAY_CANDIDATES)
    return best_on_forks(game, tried, lambda fork: (h18xx._earnings_at_least(fork, me, probe, 0), fork.cash(me)))


@pytest.mark.parametrize("title,players,seed,cap", CASES)
def test_the_lay_chosen_is_the_one_of_trying_every_lay_in_full(title, players, seed, cap):
    seen = {"decisions": 0, "without trains": 0, "costly": 0}

    def check(game):
        me = game.current_entity
        if game.is_over or me not in game.corporations():
            return
        lays = [a for a in game.legal_actions() if a.type == "lay_tile"]
        if not lays:
            return
        for lay in lays:
            fork = game.fork()
            fork.process(lay)
            assert fork.cash(me) <= game.cash(me), lay
            seen["costly"] += fork.cash(me) < game.cash(me)
        number = len(game.actions)
        assert h18xx._lay(game, me, lays, GameRandom(number)) == _full_choice(game, me, lays, GameRandom(number))
        seen["decisions"] += 1
        seen["without trains"] += not game.trains(me)

    play_seats(title, ["heuristic"] * players, seed, cap=cap, watch=check)
    # the game reached both kinds of decision, and lays that cost something (so the first lay is not always free)
    assert seen["decisions"] >= 10 and seen["without trains"] >= 3 and seen["costly"] >= 1, seen


def decisions_chosen_as_in_full(title, players, seed, cap, name, told_by) -> int:
    """Play ``title``'s heuristic seats (``players``, ``seed``, ``cap`` actions) with ``h18xx.<name>`` watched:
    ``told_by(result, args)`` says whether a call told the decision something. At each position with two lays or
    more where a call told, assert that the bot's lay is the one of trying every lay in full (:func:`_full_choice`);
    returns how many decisions were checked so."""
    seen = {"decisions": 0}
    told = []
    original = getattr(h18xx, name)

    def watched(*args):
        result = original(*args)
        told.append(told_by(result, args))
        return result

    def check(game):
        me, lays = corporation_lays(game)
        if len(lays) < 2:
            return
        number = len(game.actions)
        told.clear()
        chosen = h18xx._lay(game, me, lays, GameRandom(number))
        if any(told):
            assert chosen == _full_choice(game, me, lays, GameRandom(number))
            seen["decisions"] += 1

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(h18xx, name, watched)
        play_seats(title, ["heuristic"] * players, seed, cap=cap, watch=check)
    return seen["decisions"]
