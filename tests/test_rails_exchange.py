"""Rails report lines that stand for two of our moves or for one of two: ``ExchangesTrain``, where 1837 surrenders a
train by an action of its own (rule
``1837:trains.surrender``): Rails' 1837 operating round offers, at the train limit, a new train for its cost plus
half the cost of an old one of another kind (``OperatingRound_1837.addOtherExchangesAtTrainLimit``) and states one
price; ``1837v2_AfterBankruptcy2.report`` line 827 (``ExchangesTrain,MS,1G,3,IPO,230``: 180 + 100 / 2) and line
847 (``ExchangesTrain,BK,2,3,IPO,225``: 180 + 90 / 2); and a tile lay the company may make as its own or through
its president's mountain railway (rule ``1837:private.mountain``), which the stated cost tells apart."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.rails.lines import parse_report
from gamekit.rails.moves import buy_train
from gamekit.rails.replay import Replay, Stop
from gamekit.rails.tables import table

PLAYERS = ["Alice", "Bob", "Charlie"]


def at_the_limit() -> gamekit.Game:
    """A second-edition game (heuristic bots, seed 1) at BK's train step in operating round 5.1: BK holds two 1G
    and a 3 (limit 3 in phase 3) and may surrender one to buy another."""
    from gamekit.bots import bot
    from gamekit.rng import GameRandom

    game = gamekit.new_game("1837", PLAYERS, seed=1)
    choose, rng = bot("heuristic"), GameRandom(1)
    while not any(a.type == "scrap_train" for a in game.legal_actions()):
        game.process(choose(game, rng))
    return game


def replay_line(game: gamekit.Game, text: str) -> Replay:
    lines, _ = parse_report(f"GameIs,1837\n{text}\n")
    replay = Replay(lines=lines, table=table("1837"), game=game, players=list(PLAYERS), index=1)
    buy_train(replay, lines[1])
    return replay


def test_an_exchange_at_the_train_limit_is_our_surrender_then_the_purchase_at_rails_one_price():
    game = at_the_limit()
    assert game.current_entity == "BK" and game.trains("BK") == ("1G-0", "1G-1", "3-0") and game.phase() == "3"
    cash = game.cash("BK")
    new = next(t for t in game.trains_in_depot() if t.split("-")[0] in ("3", "3+1"))
    kind = new.split("-")[0]
    cost = game.facts.train(kind).price
    replay = replay_line(game, f"ExchangesTrain,BK,1G,{kind},IPO,{cost + 50}")
    # the 1G (100 K) surrendered for half its price, then the new train bought: two actions, one price checked
    assert replay.applied == 2 and replay.checked == 1
    assert game.cash("BK") == cash - cost - 50
    assert sorted(game.trains("BK")) == sorted(["1G-1", "3-0", new])
    assert "1G-0" in game.trains_for_sale()  # to the bank's used trains, where Rails puts it (its pool)


@pytest.mark.parametrize("price, reason", [
    (40, "BK may not buy a {kind}-train from IPO for -10 in our game now (after surrendering its 1G-train for 50)"),
])
def test_a_price_that_is_not_the_new_train_s_plus_half_the_old_one_stops(price, reason):
    game = at_the_limit()
    kind = next(t for t in game.trains_in_depot() if t.split("-")[0] in ("3", "3+1")).split("-")[0]
    with pytest.raises(Stop) as stop:
        replay_line(game, f"ExchangesTrain,BK,1G,{kind},IPO,{price}")
    assert str(stop.value) == f"line 2: 1837:or.buy-train: {reason.format(kind=kind)}"


def at_a_mountain_hex() -> gamekit.Game:
    """A second-edition game (heuristic bots, seed 3) at SD's track step in operating round 7.2 (phase 4): SD's
    president owns the Brenner, so tile 7 on J6 is SD's own lay (paying the terrain) or the Brenner's (waived)."""
    from gamekit.bots import bot
    from gamekit.rng import GameRandom

    game = gamekit.new_game("1837", PLAYERS, seed=3)
    choose, rng = bot("heuristic"), GameRandom(3)
    while True:
        lays = [(a.entity, a.hex, a.tile, a.rotation) for a in game.legal_actions() if a.type == "lay_tile"]
        if any(e == "Brenner" and (game.current_entity, h, t, r) in lays for e, h, t, r in lays):
            return game
        game.process(choose(game, rng))


@pytest.mark.parametrize("stated, entity, cost", [("LaysTileAt,Sd,7,J6,{o}", "Brenner", 0),
                                                   ("LaysTileAtFor,Sd,7,J6,{o},110", "SD", 110)])
def test_a_lay_both_the_company_and_its_presidents_mountain_railway_may_make_is_the_one_of_the_stated_cost(
        stated, entity, cost):
    # rule 1837:private.mountain: the owner's company lays on the railway's hex with the 110 K terrain cost
    # waived, any company from phase 3 paying it; Rails names only the company (1837v2_AfterBankruptcy4 line
    # 1441, LaysTileAt,S1,58,K13,E: the Karst's owner's SD1, no cost)
    from gamekit.rails.handlers import HANDLERS
    from gamekit.rails.moves import _exits

    game = at_a_mountain_hex()
    assert game.current_entity == "SD" and game.phase() == "4"
    rails = table("1837")
    ours = next(a for a in game.legal_actions() if a.type == "lay_tile" and a.entity == "Brenner" and
                a.tile.startswith("7-"))
    name = next(rails.rotations[r] for r in range(6) if rails.exits("7", r, "t") == _exits(game.track, "7",
                                                                                          ours.rotation))
    lines, _ = parse_report(f"GameIs,1837\n{stated.format(o=name)}\n")
    replay = Replay(lines=lines, table=rails, game=game, players=list(PLAYERS), index=1)
    cash = game.cash("SD")
    HANDLERS[lines[1].key](replay, lines[1])
    assert game.cash("SD") == cash - cost and replay.checked == 1
    assert game.actions[-1].entity == entity
