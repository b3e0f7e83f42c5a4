"""American Rails' income events write the change as money, as the income after it ("+$2", not "+2")."""

from gamekit.simulate import play_random_game


def test_an_income_change_is_money():
    game = play_random_game("american-rails", 3, 1)
    texts = [e.text for _, events in game.history() for e in events if e.kind == "income"]
    assert texts[:2] == ["AM income +$2 from Montgomery (now $2)", "NA income +$2 from Wilmington (now $2)"]
