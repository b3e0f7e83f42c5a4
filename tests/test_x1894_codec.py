"""Player names that read as amounts: the codec reads a sentence's leading player name as that player, never as
money, so a player called "$20" (or "1,200 F" in 1894) is read back in every sentence the position shows, and is
never taken for a player called "20" (rule ``core:codec.unknown`` and the turn rules say who is meant)."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.errors import GameError
from gamekit.rng import GameRandom
from gamekit.sentences import sentence_now
from gamekit.simulate import random_action


@pytest.mark.parametrize("title, names", [("1830", ["$20", "Bo", "20"]), ("1894", ["1,200 F", "Bo", "1200"])])
def test_every_sentence_of_a_money_named_player_reads_back(title, names):
    game = gamekit.new_game(title, names, seed=5)
    rng = GameRandom(5)
    read = 0
    while not game.is_over and len(game.actions) < 250:
        actions = list(game.legal_actions())[:6] + [r.action(r.values()[-1]) for r in game.action_ranges()[:2]]
        for action in actions:
            for text in (action.sentence(), sentence_now(game, action)):
                parsed = game.parse_action(text)  # one of interchangeable trains may stand for another
                assert parsed == action or sentence_now(game, parsed) == sentence_now(game, action), text
                read += 1
        game.process(random_action(game, rng))
    assert read > 100


def test_a_money_named_player_out_of_turn_is_not_the_player_its_amount_names():
    game = gamekit.new_game("1830", ["20", "$20", "Cy"])
    assert game.parse_action("20 passes").entity == game.players[0].id
    with pytest.raises(GameError) as refusal:
        game.parse_action("$20 passes")  # $20 is not 20: not $20's turn
    assert refusal.value.rule == "1830:auction.order"
    with pytest.raises(GameError) as refusal:
        game.parse_action("$20 buys SV for $20")
    assert refusal.value.rule == "1830:auction.order"
    assert len(game.actions) == 0
