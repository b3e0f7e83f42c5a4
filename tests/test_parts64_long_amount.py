"""An amount typed with more digits than any game holds is refused under the amount box as outside the range, in
words, without the action's field-format refusal ("bid: field 'price': expected a whole number of at most 18
digits …") the game gives for it."""

import gamekit
from gamekit.widgets.parts import range_refusal


def test_a_23_digit_bid_is_outside_the_range_and_nothing_more():
    game = gamekit.new_game("1830", ["Ann", "Bob", "Cy", "Di"], seed=7)
    (ca,) = [r for r in game.action_ranges() if getattr(r.template, "company", None) == "CA"]
    assert (ca.low, ca.high) == (165, 600)
    said = range_refusal(ca, "1" * 23, game.why_illegal)
    assert said == f"{'1' * 23} is outside the range: the price is from 165 to 600"
    assert range_refusal(ca, "700", game.why_illegal).startswith("700 is outside the range: the price is from 165 "
                                                                 "to 600; ")  # a game's own reason still follows
