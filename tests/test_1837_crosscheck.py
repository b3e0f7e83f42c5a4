"""1837 rules found by the cross-check against the 18xx.games engine on fresh seeds (issue 36, seeds 501–503):
each is checked on a position of a game played legally by gamekit's bots (the position is asserted before the
rule is), playing on from it by hand and asserting the values the rule gives."""

from __future__ import annotations

from functools import lru_cache

import gamekit
from gamekit.bots import play_seats
from gamekit.tracks.actions import Choose


# ----- 1837:national.formation: the national forms once its minors have decided -------------------------------
@lru_cache(maxsize=None)
def _heuristic() -> tuple:
    """The actions of the heuristic bots' 7-player game of seed 502, to its 1100th (the exchange round that asks
    KK1 whether to form the KK)."""
    return tuple(play_seats("1837", ["heuristic"] * 7, 502, cap=1100).actions)


def test_a_national_forms_as_soon_as_its_minors_have_decided():
    """The exchange round asks KK1 (form), then KK2 and KK3 (fold in), then UG1 (form the UG). The KK forms when
    KK3 has decided, before UG1 is asked, as 18xx.games forms it: the bank's 840 K and the three minors'
    treasuries (290 K, 245 K, 160 K) make 1,535 K, and P2, owner of KK1, is its president."""
    game = gamekit.new_game("1837", [f"P{i}" for i in range(1, 8)])
    with game.batch():
        for action in _heuristic():
            game.process(action)
    cash = {m: game.state.corporations[m].cash for m in ("KK1", "KK2", "KK3")}
    assert cash == {"KK1": 290, "KK2": 245, "KK3": 160}
    for minor, choice in (("KK1", "form"), ("KK2", "fold_in")):
        game.process(Choose(entity=minor, choice=choice))
        assert not game.state.corporations["KK"].floated
    game.process(Choose(entity="KK3", choice="fold_in"))
    kk = game.state.corporations["KK"]
    assert kk.floated and kk.cash == 840 + 290 + 245 + 160 and kk.president == "P2"
    assert game.current_entity == "UG1"
    assert {a.choice for a in game.legal_actions()} == {"form", "decline"}
