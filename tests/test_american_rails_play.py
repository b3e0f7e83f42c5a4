"""American Rails under random play: invariants after every action, saving and loading, the simulate command."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.actions import action_from_json
from gamekit.rng import GameRandom
from gamekit.simulate import random_action, simulate


def _money(g) -> int:
    s = g.state
    return sum(s.cash.values()) + sum(cs.treasury for cs in s.companies.values())


def _check_invariants(g) -> None:
    s, facts = g.state, {c.id: c for c in g.facts.companies}
    for cid, cs in s.companies.items():
        held = g.shares_held(cid)
        assert held + cs.unsold + cs.out == facts[cid].shares
        assert cs.supply + len(cs.hexes) == facts[cid].track_cubes
        assert cs.treasury >= 0
        # the income marker moved by the seed's step-by-step changes equals the city-by-city breakdown
        assert cs.income == sum(ln.amount for ln in g.income_lines(cid))
        assert len(set(cs.hexes)) == len(cs.hexes)
    assert all(v >= 0 for v in s.cash.values())
    assert s.house_supply + len(s.houses) == 12
    for hex_, there in s.occupants.items():
        limit = g.board.cost[g.board.terrain[hex_]].max_cubes
        assert limit is None or len(there) <= limit


@settings(max_examples=12, deadline=None)
@given(st.integers(3, 5), st.integers(0, 10_000), st.sampled_from([(), ("split-expand", "start-any-city"),
                                                                    ("unsold-on-no-bid", "opener-may-pass"),
                                                                    ("take-from-players", "house-not-counted")]))
def test_random_play_keeps_invariants_and_money_balanced(n, seed, options):
    g = gamekit.new_game("american-rails", [f"P{i}" for i in range(n)], seed=seed, options=options)
    rng = GameRandom(seed)
    money = _money(g)
    while not g.is_over:
        events = g.process(random_action(g, rng))
        for e in events:  # money enters from the bank (dividends, fund, take) and leaves to it (building)
            if e.kind == "dividend":
                money += e.data["per_share"] * e.data["shares"]
            elif e.kind == "fund":
                money += e.data["amount"]
            elif e.kind == "take" and "from" not in e.data:
                money += 2
            elif e.kind == "build":
                money -= e.data["cost"]
        assert _money(g) == money
        _check_invariants(g)
    assert len(g.actions) < 600


def test_save_and_load_replays_to_the_same_state():
    g = gamekit.new_game("american-rails", ["Ann", "Ben", "Cy", "Di"], seed=5)
    rng = GameRandom(11)
    for _ in range(150):
        g.process(random_action(g, rng))
    h = gamekit.load_json(g.to_json())
    assert h.state.cash == g.state.cash and h.state.occupants == g.state.occupants
    assert h.legal_actions() == g.legal_actions()
    kinds = {a.type for a in g.actions}
    assert {"ar_choose_share", "ar_bid", "ar_place_start", "ar_choose_action", "pass"} <= kinds
    for a in g.actions:
        assert action_from_json(a.to_json()) == a


def test_undo_restores_the_position():
    g = gamekit.new_game("american-rails", list("ABCD"), seed=2)
    rng = GameRandom(3)
    for _ in range(60):
        g.process(random_action(g, rng))
    before = g.to_json(), g.state.cash, dict(g.state.occupants)
    action = random_action(g, rng)
    g.process(action)
    assert g.undo() == action
    assert (g.to_json(), g.state.cash, dict(g.state.occupants)) == before


@pytest.mark.parametrize("n", [3, 4, 5])
def test_simulate_finishes_every_game(n):
    report = simulate("american-rails", n, 10, 1)
    assert report.finished == 10 and report.errors == []
    assert report.mean_actions < 400


@pytest.mark.slow
def test_simulate_command_json():
    out = subprocess.run([sys.executable, "-m", "gamekit.cli", "simulate", "american-rails", "--players", "5",
                          "--games", "10", "--seed", "1", "--json"], capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert data["games"] == data["finished"] == 10 and data["errors"] == []
