"""1837's national formation after a minor of it merged early (rule ``1837:national.formation``): the bank pays the
national its price for each certificate not reserved for minors at the formation; the certificate already given
for the minor that merged ahead of it (its owner's bankruptcy) is paid too, as 18xx.games pays it. Found by
replaying the bench's whole 6-player seed-11 game in 18xx.games (action 4601)."""

import pytest

from gamekit.simulate import new_bot_game, play_random_game


@pytest.fixture(scope="module")
def before_kk_forms():
    """The bench's 1837 6-player seed-11 game just before KK3's fold-in that forms KK (action 4601), and that
    action. KK2 merged into the unformed KK at action 1965, when its owner went bankrupt: its certificate KK_7
    went to the bank pool, and P6 bought it there."""
    played = play_random_game("1837", 6, 11, cap=4601)
    game = new_bot_game("1837", 6, 11)
    for action in played.actions[:4600]:
        game.process(action)
    return game, played.actions[4600]


def test_capital_counts_a_certificate_given_before_the_formation(before_kk_forms):
    game, fold_in = before_kk_forms
    state = game.state
    assert state.ledger.owner["KK_7"] == "P6"  # KK2's reserved certificate, out of the IPO since KK2 merged
    kk, kk1, kk3 = (state.corporations[c].cash for c in ("KK", "KK1", "KK3"))
    assert (kk, kk1, kk3) == (112, 76, 61)  # KK holds KK2's treasury since that merger
    fork = game.fork()
    events = fork.process(fold_in)
    floated = [e for e in events if e.kind == "float"]
    assert [e.data for e in floated] == [{"corporation": "KK", "capital": 960}]  # 8 × 120: KK_8, KK_9 reserved
    assert fork.state.corporations["KK"].cash == 112 + 960 + 76 + 61 == 1209  # 18xx.games' KK after this action
