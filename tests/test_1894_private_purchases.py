"""1894 (rule 1894:or.buy-private): a corporation that has bought a private company in its operating turn may buy
another, or pass; the purchase does not end its turn (checked against 18xx.games' engine). Position reached by
legal play of the seeded uniform random play (``play_random_game``)."""

from __future__ import annotations

from gamekit.actions import Pass
from gamekit.simulate import play_random_game
from gamekit.tracks.actions import BuyCompany


def _ranges(game, corp):
    return {r.template.company: (r.low, r.high) for r in game.action_ranges()
            if r.template.type == "buy_company" and r.template.entity == corp}


def test_after_buying_a_private_the_corporation_may_buy_another_or_pass():
    # uniform random play, 3 players, seed 1: PLM (125 F) at its train step, in the green phase (seed 2, used
    # before, lost this position when the split-city rules of issue 36 changed its course)
    game = play_random_game("1894", 3, 1, cap=402)
    assert game.current_entity == "PLM" and game.active_step.name == "Buy trains" and game.cash("PLM") == 125
    assert _ranges(game, "PLM") == {"LRC": (10, 40), "LS": (45, 125), "NMinorS": (70, 125), "SAC": (25, 100)}
    game.process(BuyCompany(entity="PLM", company="SAC", price=60))
    # still PLM's turn, at the same step: another private (as far as its 65 F go) or a pass
    assert game.current_entity == "PLM" and game.active_step.name == "Buy trains" and game.cash("PLM") == 65
    assert _ranges(game, "PLM") == {"LRC": (10, 40), "LS": (45, 65)}
    alternative = game.fork()
    alternative.process(Pass(entity="PLM"))
    assert alternative.current_entity != "PLM" or alternative.active_step.name != "Buy trains"
    game.process(BuyCompany(entity="PLM", company="LRC", price=30))
    assert game.current_entity == "PLM" and "LRC" in game.state.corporations["PLM"].privates
    assert Pass(entity="PLM") in game.legal_actions()
