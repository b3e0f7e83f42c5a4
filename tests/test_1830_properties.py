"""Properties of random legal 1830 play: money is conserved and every corporation's certificates add up to 100%;
a refused action leaves no trace."""

from __future__ import annotations

import pickle

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.errors import GameError
from gamekit.rng import GameRandom
from gamekit.simulate import random_action

TOTAL = 12_000  # the bank's $12,000 at the start, shared out but never created or destroyed


def money(game) -> int:
    s = game.state
    return s.bank + sum(p.cash for p in s.players.values()) + sum(c.cash for c in s.corporations.values())


def check_invariants(game) -> None:
    assert money(game) == TOTAL
    ledger = game.state.ledger
    for corp in game.state.corporations:
        holders = {ledger.owner[c] for c in ledger.percent if c.rsplit("_", 1)[0] == corp}
        assert sum(ledger.percent_of(h, corp) for h in holders) == 100
    for cert, holder in ledger.owner.items():
        assert cert in ledger.holdings[holder][cert.rsplit("_", 1)[0]]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), steps=st.integers(50, 400))
def test_random_play_conserves_money_and_certificates(seed, players, steps):
    game = gamekit.new_game("1830", [f"P{i}" for i in range(players)], seed=seed)
    rng = GameRandom(seed)
    check_invariants(game)
    for _ in range(steps):
        if game.is_over:
            break
        game.process(random_action(game, rng))
        check_invariants(game)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 300), delta=st.sampled_from([-100, -5, -1, 1, 5, 1000]))
def test_a_nudged_action_is_either_legal_or_leaves_no_trace(seed, steps, delta):
    game = gamekit.new_game("1830", ["A", "B", "C", "D"], seed=seed)
    rng = GameRandom(seed)
    for _ in range(steps):
        if game.is_over:
            return
        game.process(random_action(game, rng))
    if game.is_over:
        return
    action = random_action(game, rng)
    fields = action.field_values()
    numeric = [k for k, v in fields.items() if isinstance(v, int) and not isinstance(v, bool)]
    nudged = action.replace(**{numeric[0]: fields[numeric[0]] + delta}) if numeric else \
        action.replace(entity="nobody")
    before = (game.to_json(), pickle.loads(pickle.dumps(game.state)))
    try:
        game.process(nudged)
    except GameError as exc:
        assert exc.rule.startswith(("1830:", "core:"))
        assert (game.to_json(), pickle.loads(pickle.dumps(game.state))) == before
    else:
        check_invariants(game)
