"""A wrong-kind refusal lists the kinds of action the step takes now, not every kind it may ever take (stop 66's
fresh-user pass: 1830's "Buy trains" step was said to take a dividend decision, a tile lay, a run of the trains…)."""
import pytest

from gamekit.actions import action_types
from gamekit.bots import play_seats
from gamekit.errors import GameError


@pytest.fixture(scope="module")
def buying_trains():
    game = play_seats("1830", ["heuristic"] * 4, 7, cap=42)
    assert game.active_step.name == "Buy trains"
    assert {a.type for a in game.legal_actions()} == {"buy_train", "buy_company", "pass"}
    return game


def test_processing_a_par_names_what_buying_trains_takes_now(buying_trains):
    par = action_types()["par"](entity="P4", corporation="PRR", share_price="100,0,6")
    before = buying_trains.to_json()
    with pytest.raises(GameError) as refused:
        buying_trains.process(par)
    assert str(refused.value) == ("the step 'Buy trains' takes a train purchase, a private company purchase or a "
                                  "pass, not a par price (rule 1830:or.buy-train)")
    assert buying_trains.to_json() == before


def test_the_sentence_reader_gives_the_same_refusal(buying_trains):
    with pytest.raises(GameError) as refused:
        buying_trains.parse_action("P4 pars PRR at 100")
    assert str(refused.value) == ("'P4 pars PRR at 100' is not legal now: the step 'Buy trains' takes a train "
                                  "purchase, a private company purchase or a pass, not a par price "
                                  "(rule 1830:or.buy-train)")
    assert "dividend" not in str(refused.value) and "tile lay" not in str(refused.value)
