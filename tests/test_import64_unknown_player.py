"""An action logged for a player who is not in the log is refused naming the field and the log's players, rather
than as a move out of turn ("it is Player 1's turn in the auction, not 999's")."""

import json
from pathlib import Path

from gamekit.import18xx import import_log

LOG = Path(__file__).resolve().parent.parent / "data" / "1830" / "games" / "26855.json"


def test_an_unknown_player_is_named_with_the_log_s_players():
    log = json.loads(LOG.read_text(encoding="utf-8"))
    assert [p["id"] for p in log["players"]] == [1627, 82, 117, 330]
    log["actions"][0]["entity"] = 999
    report = import_log(log)
    assert report.applied == 0
    assert report.error == "action 1: field 'entity': 999 is not a player of this log (its players: 1627, 82, 117, 330)"
