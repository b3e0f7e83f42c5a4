"""The shortcuts of stop 62 in the operating turn's listing and flow answer as the general paths do: 1837's kept
surrenders and bank purchases are the checked actions built afresh; an 1837 operating position's groups, asked of
the operating module at once, list what the shared path (carried groups, the round's module, the title's extras)
lists; nothing runs after an operating turn's action in 1837's ``_advance``, as in the shared one; the private
purchases' phase asked first gives the same ranges; and the random draw refuses a game that is over."""

from __future__ import annotations

import pytest

from gamekit.actions import is_checked
from gamekit.choices import listed
from gamekit.g18xx import companies
from gamekit.g18xx.game import Game18xx
from gamekit.g18xx.state import OperatingRound
from gamekit.game import BOT_SNAPSHOT_EVERY
from gamekit.rng import GameRandom
from gamekit.simulate import _draw, new_bot_game, random_action, random_bot
from gamekit.titles.g1837 import game as g1837_game, trains
from gamekit.titles.g1837.actions import ScrapTrain
from gamekit.tracks.actions import BuyCompany


def test_a_surrender_is_kept_by_its_values_and_checked():
    trains._SURRENDERS.clear()  # built here: another test may have emptied the checked marks meanwhile
    scrap = trains._surrender("BK", "2-1")
    assert scrap is trains._surrender("BK", "2-1") and is_checked(scrap)
    assert scrap == ScrapTrain(entity="BK", train="2-1")
    assert trains._surrender("BK", "2-2") is not scrap


def test_a_bank_purchase_is_kept_by_its_values_and_checked(monkeypatch):
    g1837_game._BANK_PURCHASES.clear()
    buy = g1837_game._bank_purchase("P1", "UG1", 90)
    assert buy is g1837_game._bank_purchase("P1", "UG1", 90) and is_checked(buy)
    assert buy == BuyCompany(entity="P1", company="UG1", price=90)
    monkeypatch.setattr(g1837_game, "BANK_PURCHASES_KEPT", 1)
    again = g1837_game._bank_purchase("P2", "UG1", 90)  # full: the memo starts again
    assert len(g1837_game._BANK_PURCHASES) == 1 and again == BuyCompany(entity="P2", company="UG1", price=90)


def _positions(title: str, seed: int, cap: int):
    """Each position of a seeded random game (inside its batch, as a bot game plays), the game not over."""
    game = new_bot_game(title, 4, seed)
    rng = GameRandom(seed * 7919 + 17)
    with game.batch(BOT_SNAPSHOT_EVERY):
        for _ in range(cap):
            if game.is_over:
                return
            yield game
            game._play_listed(_draw(game, rng, False))


@pytest.mark.parametrize("seed", [1, 4])
def test_1837_operating_groups_list_as_the_shared_path(seed):
    asked = 0
    for game in _positions("1837", seed, 2500):
        if not isinstance(game.state.round, OperatingRound):
            continue
        asked += 1
        # the shared path: the round's groups (carried ones, else the module's), then the title's extra actions
        assert listed(game._action_groups()) == listed(Game18xx._action_groups(game))
    assert asked > 500


@pytest.mark.parametrize("seed", [1, 2])
def test_1837_nothing_runs_after_an_operating_action(seed):
    asked = 0
    for game in _positions("1837", seed, 2500):
        if type(game.state.round) is OperatingRound:
            asked += 1
            assert game._advance() == [] and Game18xx._advance(game) == []
    assert asked > 500


@pytest.mark.parametrize("title, seed", [("1830", 1), ("1830", 2), ("1894", 1)])
def test_private_purchases_by_phase_first_list_the_same_ranges(title, seed):
    offered = 0
    for game in _positions(title, seed, 1500):
        rnd = game.state.round
        if not isinstance(rnd, OperatingRound) or rnd.index >= len(rnd.order):
            continue
        corp = rnd.order[rnd.index]
        terms = companies._sale_terms(game)
        allowed = game.facts.phases[game.state.depot.phase].corporations_buy_privates and not rnd.must_discard
        state = game.state
        expected = {sym: (terms[sym][0], min(terms[sym][1], state.corporations[corp].cash))
                    for sym, owner in sorted(state.private_owner.items())
                    if allowed and owner in state.players and sym in terms
                    and terms[sym][0] <= min(terms[sym][1], state.corporations[corp].cash)}
        assert companies._prices(game, corp) == expected
        offered += bool(expected)
    assert offered or title == "1894"


@pytest.mark.parametrize("draw", [random_action, random_bot])
def test_the_random_draw_refuses_a_game_that_is_over(draw):
    game = new_bot_game("1830", 4, 1)
    game.state.end_reason = "bank"
    with pytest.raises(RuntimeError):
        draw(game, GameRandom(3))
