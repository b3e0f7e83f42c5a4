"""The 18xx heuristic in 1837 and 1894: the same seed gives the same game, and all-heuristic games move through
the phases as real games do (trains bought beyond two, goods trains for coal companies, trains surrendered at
the limit, nationals formed). Facts of play read through the public query API and the actions applied."""

from __future__ import annotations

import pytest

from gamekit.bots import play_seats

COAL_COMPANIES = ("EPP", "RGTE", "EOD", "EKT", "MLB", "ZKB", "SPB", "LRB", "BB", "EHS")
SD_MINORS = ("SD1", "SD2", "SD3", "SD4", "SD5")


@pytest.fixture(scope="module")
def game_1837():
    """Three heuristic players, seed 2, the first 780 actions: the first 4-train is bought at action 761."""
    return play_seats("1837", ["heuristic"] * 3, 2, cap=780)


def test_an_1837_heuristic_game_repeats_for_its_seed(game_1837):
    again = play_seats("1837", ["heuristic"] * 3, 2, cap=780)
    assert [a.to_json() for a in again.actions] == [a.to_json() for a in game_1837.actions]


def test_all_heuristic_1837_reaches_phase_4_and_forms_the_sd(game_1837):
    # the old bot kept two trains and never passed phase 3 before the bank broke
    assert game_1837.phase() == "4"
    assert game_1837.floated("SD") and game_1837.president("SD") is not None
    assert not set(SD_MINORS) & set(game_1837.corporations())  # the five minors merged into the SD


def test_1837_coal_companies_buy_goods_trains_and_exchanges_are_accepted(game_1837):
    goods = {a.entity for a in game_1837.actions if a.type == "buy_train" and a.entity in COAL_COMPANIES}
    assert goods and all(a.variant.endswith("G") for a in game_1837.actions
                         if a.type == "buy_train" and a.entity in COAL_COMPANIES)
    choices = [a.choice for a in game_1837.actions if a.type == "choose"]
    assert choices and set(choices) <= {"Exchange", "form", "fold_in"}


def test_1837_corporations_surrender_trains_to_buy_better_ones(game_1837):
    actions = game_1837.actions
    surrendered = [i for i, a in enumerate(actions) if a.type == "scrap_train"]
    assert surrendered
    # each surrender is followed, in the same train step, by a purchase of the same company
    for i in surrendered:
        follow = next(a for a in actions[i + 1:] if a.entity == actions[i].entity)
        assert follow.type in ("buy_train", "scrap_train")


def test_an_1894_heuristic_game_repeats_for_its_seed_and_buys_beyond_two_trains():
    first = play_seats("1894", ["heuristic"] * 3, 4, cap=450)
    again = play_seats("1894", ["heuristic"] * 3, 4, cap=450)
    assert [a.to_json() for a in again.actions] == [a.to_json() for a in first.actions]
    bought: dict[str, int] = {}
    for a in first.actions:
        if a.type == "buy_train":
            bought[a.entity] = bought.get(a.entity, 0) + 1
    assert max(bought.values()) > 2
