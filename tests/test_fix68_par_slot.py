"""1837's par chart: a par's ``slot`` is a free place beside its price, which a game read from a log keeps and its
export writes back; a logged place another major holds is refused (rule ``1837:market.par``)."""

import pytest

import gamekit
from gamekit.errors import DataError
from gamekit.games import real_game
from gamekit.import18xx import filter_actions
from gamekit.titles.g1837 import par_chart

# the real game's pars after its undos, as its log has them: BH takes place 1 at 75 K, where no major sat before
REAL_PARS = [("TI", "104,0,2", 0), ("MS", "104,0,2", 1), ("TR", "70,6,2", 0), ("BH", "75,5,2", 1),
             ("GT", "97,1,2", 0), ("CL", "97,1,2", 1), ("BK", "91,2,2", 0)]


def pars(log):
    return [(a["corporation"], a["share_price"], a["slot"]) for a in log["actions"] if a["type"] == "par"]


def entry_index(log, log_id):
    return next(i for i, a in enumerate(log["actions"]) if a.get("id") == log_id)


@pytest.fixture(scope="module")
def real():
    log = real_game("1837", "1837_game_end_bank").log()
    return log, gamekit.import_log(real_game("1837", "1837_game_end_bank").log())


def test_the_real_log_imports_and_exports_its_own_slots(real):
    log, game = real
    assert pars({"actions": filter_actions(log["actions"])}) == REAL_PARS
    exported = game.to_18xx_log()
    assert pars(exported) == REAL_PARS
    again = gamekit.import_log(exported)
    assert again.to_json() == game.to_json() and pars(again.to_18xx_log()) == REAL_PARS


def test_a_free_place_another_than_the_logs_is_kept():
    log = real_game("1837", "1837_game_end_bank").log()
    log["actions"][entry_index(log, 533)]["slot"] = 0  # BH at 75 K: place 0 is free as well
    game = gamekit.import_log(log, stop_at=534)
    assert pars(game.to_18xx_log())[-1] == ("BH", "75,5,2", 0)


@pytest.mark.parametrize("log_id, slot, refusal", [
    (451, 0, "action 451: field 'slot': place 0 beside 104K holds TI's marker; a par takes a free place (1) "
             "(rule 1837:market.par)"),
    (985, 0, "action 985: field 'slot': place 0 beside 97K holds GT's marker; a par takes a free place (1) "
             "(rule 1837:market.par)"),
    (451, 2, "action 451: field 'slot': the par chart has places [0, 1] beside each price, not 2 "
             "(rule 1837:market.par)"),
    (451, True, "action 451: field 'slot' must be a whole number"),
])
def test_a_slot_the_chart_does_not_give_is_refused(log_id, slot, refusal):
    log = real_game("1837", "1837_game_end_bank").log()
    log["actions"][entry_index(log, log_id)]["slot"] = slot
    with pytest.raises(DataError) as refused:
        gamekit.import_log(log)
    assert str(refused.value) == refusal


def test_moving_the_first_major_moves_the_second_one_s_free_place():
    log = real_game("1837", "1837_game_end_bank").log()
    log["actions"][entry_index(log, 277)]["slot"] = 1  # TI takes place 1 at 104 K: MS's logged 1 is then taken
    with pytest.raises(DataError) as refused:
        gamekit.import_log(log)
    assert str(refused.value) == ("action 451: field 'slot': place 1 beside 104K holds TI's marker; a par takes a "
                                  "free place (0) (rule 1837:market.par)")
    log["actions"][entry_index(log, 451)]["slot"] = 0
    game = gamekit.import_log(log, stop_at=456)
    assert pars(game.to_18xx_log()) == [("TI", "104,0,2", 1), ("MS", "104,0,2", 0)]


def test_our_own_pars_take_the_first_free_place():
    assert [par_chart.place(None, taken) for taken in ([], [0], [1], [0, 1])] == [0, 1, 0, 1]
    assert [par_chart.place(1, taken) for taken in ([], [0], [1])] == [1, 1, 0]
    assert par_chart.places_taken([("TI", "104", None), ("BH", "75", 1), ("MS", "104", None), ("TR", "75", None)],
                                  "75") == {1: "BH", 0: "TR"}


def test_a_saved_game_exports_the_logs_places(real):
    _, game = real
    loaded = gamekit.load_json(game.to_json())  # a save keeps the places the log chose (fixw68)
    assert pars(loaded.to_18xx_log()) == REAL_PARS
    assert pars(game.fork().to_18xx_log()) == REAL_PARS  # a fork of the imported game keeps them
