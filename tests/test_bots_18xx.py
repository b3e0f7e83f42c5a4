"""The 18xx heuristic in 1837 and 1894: the same seed gives the same game, and all-heuristic games move through
the phases as real games do (trains bought beyond two, goods trains for coal companies, trains surrendered at
the limit, nationals formed). Facts of play read through the public query API and the actions applied."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.bots import heuristic_action, play_seats
from gamekit.datafiles import data_json
from gamekit.rng import GameRandom
from gamekit.routes import best_routes
from gamekit.simulate import play_random_game

COAL_COMPANIES = ("EPP", "RGTE", "EOD", "EKT", "MLB", "ZKB", "SPB", "LRB", "BB", "EHS")
SD_MINORS = ("SD1", "SD2", "SD3", "SD4", "SD5")


@pytest.fixture(scope="module")
def game_1837():
    """Three heuristic players, seed 2, a whole game: 1,133 actions, the first 5-train bought at action 780
    (0-based), the end by the broken bank (the real 1837 game of the fixtures: 1,146 actions, ended the same way).
    The start packet ends with SD1–SD3 unsold; the first stock round sells them and both UG second halves."""
    return play_seats("1837", ["heuristic"] * 3, 2, cap=1300)


def test_an_1837_heuristic_game_repeats_for_its_seed(game_1837):
    again = play_seats("1837", ["heuristic"] * 3, 2, cap=500)
    assert [a.to_json() for a in again.actions] == [a.to_json() for a in game_1837.actions[:500]]


def test_all_heuristic_1837_reaches_phase_5_with_the_nationals_formed(game_1837):
    # the old bot kept two trains and never passed phase 3 before the bank broke; one that passed on the packet's
    # unsold items in a stock round never started a major (the bank broke in phase 3+1 after 1,037 actions)
    assert game_1837.is_over and len(game_1837.actions) == 1133 and game_1837.phase() == "5"
    corporations = set(game_1837.corporations())
    for national in ("SD", "UG"):  # SD forms on the first 4-train, UG at the latest on the first 5-train
        assert game_1837.floated(national) and game_1837.president(national) is not None
    assert not corporations & set(SD_MINORS)  # all five SD minors were sold (SD1–SD3 in stock round 1) and merged
    first_sr = [a for a in game_1837.actions[157:165] if a.type == "buy_company"]
    assert [(a.entity, a.company, a.price) for a in first_sr] == [
        ("P1", "UG1_share", 90), ("P2", "UG3_share", 90), ("P3", "SD1", 100), ("P1", "SD2", 120), ("P2", "SD3", 135)]
    assert not corporations & set(COAL_COMPANIES)  # every coal company exchanged by the first 5-train


def test_1837_coal_companies_buy_goods_trains_and_exchanges_are_accepted(game_1837):
    coal_buys = [a for a in game_1837.actions if a.type == "buy_train" and a.entity in COAL_COMPANIES]
    assert len({a.entity for a in coal_buys}) == len(COAL_COMPANIES)
    assert all(a.variant.endswith("G") for a in coal_buys)
    choices = [a.choice for a in game_1837.actions if a.type == "choose"]
    assert choices and set(choices) <= {"Exchange", "form", "fold_in"}


def test_1837_corporations_surrender_trains_to_buy_better_ones(game_1837):
    actions = game_1837.actions
    surrendered = [i for i, a in enumerate(actions) if a.type == "scrap_train"]
    assert len(surrendered) == 9
    # the first: UG1 gives a 2-train (90K) back for half its price, named by kind, not by its copy id "2-8"
    first = [e.text for e in list(game_1837.history())[surrendered[0]][1] if e.kind == "scrap"]
    assert (surrendered[0], first) == (599, ["UG1 surrenders a 2-train to the bank and pays 45K"])
    # each is followed at once by a purchase of the same company, in the same train step
    assert all(actions[i + 1].type == "buy_train" and actions[i + 1].entity == actions[i].entity
               for i in surrendered)


def test_an_1894_heuristic_game_repeats_for_its_seed_and_buys_beyond_two_trains():
    first = play_seats("1894", ["heuristic"] * 3, 4, cap=450)
    again = play_seats("1894", ["heuristic"] * 3, 4, cap=450)
    assert [a.to_json() for a in again.actions] == [a.to_json() for a in first.actions]
    bought: dict[str, int] = {}
    for a in first.actions:
        if a.type == "buy_train":
            bought[a.entity] = bought.get(a.entity, 0) + 1
    assert max(bought.values()) > 2


def test_an_1894_corporation_buys_the_ferry_that_takes_its_train_to_london():
    # The shipped sample (three heuristic bots, seed 9), action 444: the AG's 7-train earns 240; with a ferry
    # marker (80 F of its 300 F) its best route runs to London (A10) for 280.
    sample = gamekit.load_json(data_json("1894", "sample_game.json"))
    position = sample.at(444)
    with_ferry = position.fork()
    events = with_ferry.process(heuristic_action(position, GameRandom(1)))
    assert [e.text for e in events if e.kind == "ferry"] == ["AG buys a ferry marker for 80 F"]
    runs = {g: best_routes(g, "AG").run.routes for g in (position, with_ferry)}
    assert (sum(r.revenue for r in runs[position]), sum(r.revenue for r in runs[with_ferry])) == (240, 280)
    assert any(s.node[0] == "A10" for r in runs[with_ferry] for s in r.stops)
    assert (position.cash("AG"), with_ferry.cash("AG")) == (300, 220)


def test_an_1894_corporation_redeems_what_leaves_it_the_next_trains_price():
    # Seed 6 of the random bot, action 374: the Nord (800 F) may redeem one or two pool certificates at 20 F;
    # after two it keeps 760 F, more than the 80 F of the next train (a 2), so it takes both. At action 540 it
    # (61 F) may redeem one at 10 F, but would keep 51 F, less than the 120 F of the next train (a 3): it passes.
    game = play_random_game("1894", 3, 6, cap=540)
    position = game.at(374)
    assert position.current_entity == "Nord" and position.share_price("Nord") == 20 and position.cash("Nord") == 800
    offered = sorted({a.percent for a in position.legal_actions() if a.type == "buy_shares" and a.entity == "Nord"})
    assert offered == [10, 20]
    action = heuristic_action(position, GameRandom(1))
    assert (action.type, action.percent) == ("buy_shares", 20)
    assert position.trains_in_depot()[0] == "2-6" and position.facts.train("2").price == 80
    short = game.at(540)
    assert short.current_entity == "Nord" and short.share_price("Nord") == 10 and short.cash("Nord") == 61
    assert [a.percent for a in short.legal_actions() if a.type == "buy_shares" and a.entity == "Nord"] == [10]
    assert short.trains_in_depot()[0] == "3-2" and short.facts.train("3").price == 120
    assert heuristic_action(short, GameRandom(1)).type == "pass"
