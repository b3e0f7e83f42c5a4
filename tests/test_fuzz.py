"""Fuzzing: actions mutated at random positions of every title (wrong types, ranges, unknown ids, missing and extra
fields, swapped action classes, actions built without validation) are refused with a ``GameError`` naming a rule,
and leave the state exactly as it was; mutations that happen to be legal are accepted and undo cleanly.

The budget is fixed (``max_examples`` below, 20 mutations per position); ``gamekit simulate --check`` runs the same
mutations at every position of whole games."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.rng import GameRandom
from gamekit.simulate import JUNK, check_mutation, mutate, random_action
from gamekit.titles import game_class

# title -> (players, furthest position sampled): 1830 positions are dearer to reach
TITLES = {"1830": ((2, 6), 400), "1837": ((3, 7), 600), "1894": ((3, 4), 400), "continental-divide": ((3, 6), 150),
          "american-rails": ((3, 5), 250)}
MUTATIONS_PER_POSITION = 20


def _drawn_position(title, data):
    """A game of ``title`` played by the random bot to a drawn length, with its drawn player count and seed
    (``(game, players, seed)``; the game may be over)."""
    (low, high), furthest = TITLES[title]
    players = data.draw(st.integers(low, high), label="players")
    seed = data.draw(st.integers(0, 100_000), label="seed")
    stop = data.draw(st.integers(0, furthest), label="stop")
    game = game_class(title)([f"P{i + 1}" for i in range(players)], seed=seed)
    rng = GameRandom(seed)
    while not game.is_over and len(game.actions) < stop:
        game.process(random_action(game, rng))
    return game, players, seed


@pytest.mark.parametrize("title", sorted(TITLES))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_actions_are_refused_without_a_trace(title, data):
    game, players, seed = _drawn_position(title, data)
    if game.is_over:
        return
    mutations = GameRandom(data.draw(st.integers(0, 2**31), label="mutation seed"))
    legal = game.legal_actions()
    for _ in range(MUTATIONS_PER_POSITION):
        action = mutate(game, mutations, legal)
        refused, problem = check_mutation(game, action)
        assert problem is None, f"{title} x{players} seed {seed} at {len(game.actions)}: {problem}: {action!r}"


@pytest.mark.parametrize("title", sorted(TITLES))
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_listed_actions_changed_in_place_are_refused_without_a_trace(title, data):
    """A listed action is checked once, when listed; a field changed in place afterwards (``object.__setattr__``
    past the frozen record) is checked again by ``process``, in every title (American Rails once accepted a
    bid changed to NaN, and its save could no longer be loaded)."""
    game, players, seed = _drawn_position(title, data)
    if game.is_over:
        return
    picks = GameRandom(data.draw(st.integers(0, 2**31), label="pick seed"))
    for _ in range(MUTATIONS_PER_POSITION):
        legal = game.legal_actions()  # listed again each time: the action changed is spent
        action = legal[picks.below(len(legal))]
        name = sorted(action.__dict__)[picks.below(len(action.__dict__))]
        kept = action.__dict__[name]
        object.__setattr__(action, name, JUNK[picks.below(len(JUNK))])
        try:
            refused, problem = check_mutation(game, action)
            assert problem is None, f"{title} x{players} seed {seed} at {len(game.actions)}: {problem}: {action!r}"
            if not refused:  # legal after all (a junk value that is a real id): its save must load
                game.process(action)
                assert gamekit.load_json(game.to_json()).to_json() == game.to_json()
                game.undo()
        finally:  # a listed action may be remembered beyond this game (the best routes of a position)
            object.__setattr__(action, name, kept)
