"""1837: a national's president's certificate that a bankruptcy left in the bank pool (rule ``1837:end.bankrupt``)
goes, at the national's formation, to its first president, who hands one certificate back to the pool, its former
holder (rule ``1837:national.formation``), not to the IPO.

The position is a legal bot game (7 players, every seat the random bot, ``play_seats`` seed 21, its first 3,133
actions, saved): P3 bought UG_0 (action 691) and UG_1 (906) before the UG formed and went bankrupt at 1519, both
certificates going to the pool; at 3131 UG1's owner forms the UG and at 3133 UG3 folds in, P6 becoming president.
18xx.games moves the certificates so (the stop-69 cross-check, 1837 7p random seed 21): pool UG_1, UG_6, UG_8, UG_5
and IPO UG_2, UG_3, UG_4, UG_9; with UG_5 handed to the IPO instead, it refused a later sale that the pool limit
forbade."""
from __future__ import annotations

from pathlib import Path

import gamekit
from gamekit.tracks.shares import IPO, POOL

SAVE = Path(__file__).resolve().parent / "saves" / "1837.ug_from_pool.json"


def test_the_pool_gets_back_the_certificate_for_the_presidents_one():
    game = gamekit.load_json(SAVE)
    ledger = game.state.ledger
    assert len(game.actions) == 3133
    assert ledger.certs(POOL, "UG") == ["UG_1", "UG_6", "UG_8", "UG_5"]
    assert ledger.certs(IPO, "UG") == ["UG_2", "UG_3", "UG_4", "UG_9"]
    assert ledger.certs("P6", "UG") == ["UG_0"] and game.state.corporations["UG"].president == "P6"
    assert ledger.percent_of(POOL, "UG") == 40


def test_before_the_formation_both_certificates_lie_in_the_pool():
    game = gamekit.load_json(SAVE).at(3130)
    assert game.state.ledger.certs(POOL, "UG") == ["UG_0", "UG_1"]
    assert game.state.corporations["UG"].president is None
