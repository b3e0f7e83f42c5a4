"""The phase event of the 18xx engine names the train limit's company kinds and a phase named by colour in the
learner's language (rule ``trains.phase``; English keeps the data's ids: ``coal 2, major 3``)."""


import gamekit
from gamekit.simulate import play_random_game


def _first_phase_event(title):
    game = play_random_game(title, 4, 1, cap=4000)
    return next(event for _, events in game.history() for event in events if event.kind == "phase")


def test_1837_train_limit_by_kind(english):
    event = _first_phase_event("1837")
    assert str(event.text) == ("Phase 3 begins: tiles yellow, green, train limit coal 2, major 3, minor 2, national 4, "
                               "2 operating rounds per set")
    gamekit.set_language("es")
    assert "límite de trenes compañías de carbón 2, compañías mayores 3, compañías menores 2, " \
           "ferrocarriles nacionales 4" in event.local_text
    gamekit.set_language("zh")
    assert "火车上限 煤矿公司 2, 大型公司 3, 小型公司 2, 国家铁路 4" in event.local_text


def test_1894_phase_named_by_colour(english):
    event = _first_phase_event("1894")
    assert str(event.text).startswith("Phase Green begins: tiles yellow, green, train limit 4")
    gamekit.set_language("ca")
    assert event.local_text.startswith("Comença la fase Verda: tessel·les de color groc, verd, límit de trens 4")
