"""Event sentences a learner reads name things in words, not the engine's identifiers (issue 30)."""

from __future__ import annotations

from gamekit.simulate import play_random_game


def test_a_diagonal_step_of_1837s_hex_market_reads_in_words():
    """A minor paying half moves its price one step down to the right on 1837's hex market (rule
    ``1837:minor.payout``'s price step): the event says "down and to the right", never ``down_right``. Seeded
    random 3-player game 2: MS pays half at action 868, from 77K to 75K."""
    game = play_random_game("1837", 3, 2, cap=869)
    action, events = list(game.history())[868]
    assert action.sentence() == "MS pays half"
    moves = [e.text for e in events if e.kind == "price_move"]
    assert moves == ["MS's share price moves down and to the right from 77K to 75K (half paid)"]
