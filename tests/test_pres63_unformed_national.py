"""A national priced but not formed, with no president, passes to the first player holding as much as its
president's certificate (rule ``stock.president``), as 18xx.games has it; found replaying the bench's 1837 game
(5 players, seed 2) in 18xx.games, where the UG had a president from action 4019 on and gamekit's had none."""

from gamekit.simulate import play_random_game


def test_buying_the_president_certificate_worth_of_an_unformed_national_gives_its_presidency():
    game = play_random_game("1837", 5, 2, cap=4019)
    position, action = game.at(4018), game.actions[4018]
    assert action.sentence() == "P4 buys 10% (UG_5)"
    assert position.certificate_percent("UG_0") == 10
    assert position.certificates("P4", "UG") == ()
    assert position.state.corporations["UG"].president is None  # the UG has not formed: its certificate reserved
    events = position.process(action)
    assert [(e.kind, e.data.get("to")) for e in events if e.kind == "president"] == [("president", "P4")]
    assert position.state.corporations["UG"].president == "P4"
    assert position.certificates("P4", "UG") == ("UG_5",)  # presiding without the president's certificate
