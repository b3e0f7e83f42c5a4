"""Helpers for the Continental Divide tests (no tests here): positions built by real actions.

Seed 55 deals the blue turn-order cards 1–4 to Ann, Ben, Cy and Di (and 1–3 to Ann, Ben, Cy with three
players), so the tests read in seat order.
"""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from gamekit.actions import Pass
from gamekit.cuberails.cd_actions import BuildTrack, BuyShare, ChooseOrder, StartRailroad
from gamekit.errors import GameError
from gamekit.rng import GameRandom
from gamekit.titles.continental_divide import ContinentalDivide

PLAYERS = ("Ann", "Ben", "Cy", "Di")
SEED = 55


def new(n: int = 4, options: tuple[str, ...] = (), seed: int = SEED) -> ContinentalDivide:
    """A new game with the first ``n`` of Ann, Ben, Cy, Di, Eve, Fay."""
    return ContinentalDivide(list(PLAYERS + ("Eve", "Fay"))[:n], seed=seed, options=options)


def start(g, railroad: str, hex: str, shares: int = 5, value: int = 20):
    """The current player starts ``railroad``; returns the events."""
    return g.process(StartRailroad(entity=g.current_entity, railroad=railroad, hex=hex, shares=shares,
                                   stock_value=value))


def buy(g, railroad: str, price: int):
    """The current player buys one share of ``railroad`` at ``price``."""
    return g.process(BuyShare(entity=g.current_entity, railroad=railroad, price=price))


def build(g, railroad: str, origin: str, *hexes: str):
    """The current player builds ``hexes`` for ``railroad`` from ``origin``."""
    return g.process(BuildTrack(entity=g.current_entity, railroad=railroad, origin=origin, hexes=hexes))


def pass_(g):
    """The current player passes (stock → build, build → end of the player's turn)."""
    return g.process(Pass(entity=g.current_entity))


def finish_game_turn(g) -> list:
    """Pass everyone to the end of the game turn and take the lowest free turn-order card; return the events."""
    turn = g.state.turn
    events = []
    while not g.is_over and (g.state.turn == turn or g.state.phase == "order"):
        if g.state.phase == "order":
            taken = set(g.state.new_order.values())
            low = min(k for k in range(1, len(g.players) + 1) if k not in taken)
            events += g.process(ChooseOrder(entity=g.current_entity, position=low))
        else:
            events += pass_(g)
    return events


def place(g, railroad: str, *hexes: str) -> None:
    """Put cubes of a started railroad straight into hexes (a hand-made position; no cost, no income)."""
    rr = g.state.railroads[railroad]
    for h in hexes:
        rr.hexes.append(h)
        g.state.occupancy[h] = (*g.state.occupancy.get(h, ()), railroad)


def snapshot(g) -> tuple[str, object]:
    """The saved game and every value of the state: equal snapshots mean nothing changed.

    The state goes through a pickle round trip (a copy made as a restore after a refusal makes one) and is then
    spelled out field by field, because raw pickle bytes also record which equal strings are shared objects.
    """
    return g.to_json(), _fields(pickle.loads(pickle.dumps(g.state)))


def _fields(value):
    if dataclasses.is_dataclass(value):
        return {f.name: _fields(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, GameRandom):
        return ("rng", value.state)
    if isinstance(value, dict):
        return {k: _fields(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_fields(v) for v in value]
    return value


def assert_refused(g, action, rule: str, words: str = "") -> GameError:
    """Assert ``action`` raises GameError naming ``rule`` (and ``words``) and leaves the game unchanged."""
    before = snapshot(g)
    with pytest.raises(GameError) as info:
        g.process(action)
    assert info.value.rule == rule, info.value
    assert words in info.value.message
    assert snapshot(g) == before
    return info.value


def pass_until(g, player: str) -> None:
    """Pass (stock, then build) until it is ``player``'s turn to buy stock."""
    while not (g.current_entity == player and g.state.phase == "stock"):
        pass_(g)
