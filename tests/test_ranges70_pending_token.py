"""Every price range a position offers is legal at its ends, also while a lifted token's city waits (rule
``1894:track.city-split``): the operating round offered the private purchases' ranges at that step, which the
step then refused (found by the classroom's minimum-bid question, 1894, heuristic bots, seed 1, action 413)."""

import pytest

from gamekit.bots import play_seats


@pytest.fixture(scope="module")
def game():
    """The heuristic bots' 1894 game, 4 players, seed 1 (518 actions)."""
    return play_seats("1894", ["heuristic"] * 4, 1)


def test_no_price_range_while_a_lifted_tokens_city_waits(game):
    position = game.at(413)
    assert position.active_step.rule == "1894:track.city-split"
    assert {a.type for a in position.legal_actions()} == {"place_token"}
    assert position.action_ranges() == []


def test_every_range_of_the_game_is_legal_at_both_ends(game):
    position, wrong = game.at(0), []
    for index, action in enumerate(game.actions):
        for offer in position.action_ranges():
            for value in (offer.low, offer.high):
                why = position.why_illegal(offer.template.replace(**{offer.field: value}))
                if why is not None:
                    wrong.append((index, str(offer.template), value, why.rule))
        position.process(action)
    assert wrong == []
