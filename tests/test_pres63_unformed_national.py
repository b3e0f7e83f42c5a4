"""A national priced but not formed, with no president, passes to the first player holding as much as its
president's certificate (rule ``stock.president``), as 18xx.games has it; found replaying the bench's 1837 game
(5 players, seed 2) in 18xx.games, where the UG had a president from action 4019 on and gamekit's had none. Since
stop 65's Vienna fix (``1837:token.reserved``: BH may place a station in Vienna at action 2093) that game reaches
the same position at action 4104, with P5 buying."""

from gamekit.simulate import play_random_game


def test_buying_the_president_certificate_worth_of_an_unformed_national_gives_its_presidency():
    game = play_random_game("1837", 5, 2, cap=4104)
    position, action = game.at(4103), game.actions[4103]
    assert action.sentence() == "P5 buys 10% (UG_5)"
    assert position.certificate_percent("UG_0") == 10
    assert position.certificates("P5", "UG") == ()
    assert position.state.corporations["UG"].president is None  # the UG has not formed: its certificate reserved
    events = position.process(action)
    assert [(e.kind, e.data.get("to")) for e in events if e.kind == "president"] == [("president", "P5")]
    assert position.state.corporations["UG"].president == "P5"
    assert position.certificates("P5", "UG") == ("UG_5",)  # presiding without the president's certificate
