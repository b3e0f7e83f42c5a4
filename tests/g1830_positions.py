"""Scripted 1830 positions for tests: a short, hand-checked opening played with the public protocol."""

from __future__ import annotations

import pickle

import pytest

import gamekit
from gamekit.actions import Pass
from gamekit.errors import GameError
from gamekit.tracks.actions import Bid, BuyCompany, BuyShares, BuyTrain, LayTile, Par, RunRoutes

PLAYERS = ["Ann", "Ben", "Cy", "Di"]


def auction_done() -> gamekit.Game:
    """Every private sold at face value: Ann SV+CA, Ben CS+BO (B&O parred at 100), Cy DH, Di MH.
    Cash then: Ann 420, Ben 340, Cy 530, Di 490; Cy has the priority deal (Ben bought last)."""
    g = gamekit.new_game("1830", PLAYERS)
    for who, company, price in [("Ann", "SV", 20), ("Ben", "CS", 40), ("Cy", "DH", 70), ("Di", "MH", 110),
                                ("Ann", "CA", 160), ("Ben", "BO", 220)]:
        g.process(Bid(entity=who, company=company, price=price))
    g.process(Par(entity="Ben", corporation="B&O", share_price="100,0,6"))
    return g


def nyc_floated() -> gamekit.Game:
    """After :func:`auction_done`: Cy pars NYC at 90, Di, Ann, Ben and Cy buy one NYC share each (60% sold: NYC
    floats with $900), then everyone passes; the first operating round begins with NYC."""
    g = auction_done()
    g.process(Par(entity="Cy", corporation="NYC", share_price="90,1,6"))
    for who, cert in [("Di", "NYC_1"), ("Ann", "NYC_2"), ("Ben", "NYC_3"), ("Cy", "NYC_4")]:
        g.process(BuyShares(entity=who, shares=(cert,), percent=10))
    for who in ["Di", "Ann", "Ben", "Cy"]:
        g.process(Pass(entity=who))
    return g


def nyc_with_tile_and_train() -> gamekit.Game:
    """NYC lays tile 57 on its home E19 and buys a 2-train: it is at its buy-train step with $820."""
    g = nyc_floated()
    g.process(LayTile(entity="NYC", hex="E19", tile="57-0", rotation=1))
    g.process(BuyTrain(entity="NYC", train="2-0", price=80, variant="2"))
    return g


def nyc_owning_dh() -> gamekit.Game:
    """Two players, phase 3, NYC at its track step owning the D&H with $425 (all by legal play).

    Ann buys SV, DH, CA; Ben CS, MH, BO (B&O parred at 100). Ann pars NYC at 90, Ben PRR at 100; Ann buys PRR_2–4
    and NYC_4, Ben NYC_1–3: both float. In OR 1 PRR buys three 2-trains; NYC buys the last three and the first
    3-train (phase 3: $900 − 3 × 80 − 180 = $480), then the D&H from Ann for $70. In the next operating round PRR
    runs no train and passes; NYC ($480 − 70 + 15 from the D&H) is to lay track.
    """
    g = gamekit.new_game("1830", ["Ann", "Ben"])
    for who, company, price in [("Ann", "SV", 20), ("Ben", "CS", 40), ("Ann", "DH", 70), ("Ben", "MH", 110),
                                ("Ann", "CA", 160), ("Ben", "BO", 220)]:
        g.process(Bid(entity=who, company=company, price=price))
    g.process(Par(entity="Ben", corporation="B&O", share_price="100,0,6"))
    g.process(Par(entity="Ann", corporation="NYC", share_price="90,1,6"))
    g.process(Par(entity="Ben", corporation="PRR", share_price="100,0,6"))
    for who, cert in [("Ann", "PRR_2"), ("Ben", "NYC_1"), ("Ann", "PRR_3"), ("Ben", "NYC_2"), ("Ann", "PRR_4"),
                      ("Ben", "NYC_3"), ("Ann", "NYC_4")]:
        g.process(BuyShares(entity=who, shares=(cert,), percent=10))
    g.process(Pass(entity="Ben"))
    g.process(Pass(entity="Ann"))
    for corp, trains in [("PRR", ["2-0", "2-1", "2-2"]), ("NYC", ["2-3", "2-4", "2-5"])]:
        g.process(Pass(entity=corp))  # no tile; the token, route and dividend steps pass by themselves
        for train in trains:
            g.process(BuyTrain(entity=corp, train=train, price=80, variant="2"))
        if corp == "PRR":
            g.process(Pass(entity=corp))
    g.process(BuyTrain(entity="NYC", train="3-0", price=180, variant="3"))
    g.process(BuyCompany(entity="NYC", company="DH", price=70))
    g.process(Pass(entity="NYC"))
    while g.current_entity != "NYC":
        step = g.active_step
        g.process(RunRoutes(entity=step.entity, routes=()) if step.rule == "1830:or.route" else Pass(entity=step.entity))
    return g


def pass_on(game: gamekit.Game) -> None:
    """Apply the active entity's pass (its only choice when it cannot do anything else)."""
    actions = game.legal_actions()
    game.process(next((a for a in actions if isinstance(a, Pass)), actions[-1]))


def snapshot(game: gamekit.Game) -> tuple[str, object]:
    """The saved game and a deep copy of the state: both must be unchanged by a refused action (compared by
    value: dataclass equality all the way down)."""
    return game.to_json(), pickle.loads(pickle.dumps(game.state))


def assert_refused(game: gamekit.Game, action, rule: str) -> GameError:
    """Assert that ``action`` is refused with ``rule`` and leaves the game exactly as it was."""
    before = snapshot(game)
    with pytest.raises(GameError) as info:
        game.process(action)
    assert info.value.rule == rule, str(info.value)
    assert snapshot(game) == before
    return info.value
