"""One-off transcription of the 1830 economic facts into data/1830/game.json (our schema).

Reads the neutral JSON in ../shared/reference/data/1830 (taken from the 18xx.games data) and writes our own,
smaller schema with the shared steps of tools/transcribe_18xx.py. The package never reads ../shared; this script
is kept to show where each fact came from. Usage: python tools/transcribe_1830_game.py [REFERENCE_DIR]
"""

from __future__ import annotations

import sys
from pathlib import Path

from transcribe_18xx import (REFERENCE, bank, corporation, currency, end_triggers, events, phases, private,
                             reference_game, trains, write_game)

ZONES = {
    "p": {"flag": "par", "text": "par price (red)", "colour": "red", "effects": ["par"]},
    "y": {"flag": "no_cert_limit", "text": "yellow: shares do not count toward the certificate limit",
          "colour": "yellow", "effects": ["no_cert_limit"]},
    "o": {"flag": "unlimited", "text": "orange: as yellow, and a player may hold more than 60%", "colour": "orange",
          "effects": ["no_cert_limit", "above_holding_limit"]},
    "b": {"flag": "multiple_buy", "text": "brown: as orange, and a player may buy several shares per turn",
          "colour": "brown", "effects": ["no_cert_limit", "above_holding_limit", "multiple_buy"]},
}


def main(ref: Path) -> None:
    game, companies, corps, facts_market = reference_game(ref, ZONES)
    write_game("1830", {
        "title": "1830",
        "source": ("Facts transcribed from the 18xx.games data (public repository tobymao/18xx, commit "
                   "111f7f698005a057d68877682486da3f1705e551, lib/engine/game/g_1830) via the neutral JSON "
                   "in shared/reference/data/1830, cross-checked with the published 1830 rules (Avalon Hill "
                   "1986; Mayfair/Lookout 2011). The game's facts belong to its rights holders (Francis "
                   "Tresham; Lookout Games)."),
        "currency": currency(game),
        "bank_cash": bank(game),
        "starting_cash": game["starting_cash"],
        "cert_limit": game["cert_limit"],
        "float_percent": game["float_percent"],
        "max_holding_percent": game["max_ownership_percent"],
        "pool_limit_percent": game["market_share_limit"],
        "market": facts_market,
        "phases": phases(game),
        "trains": trains(game),
        "discarded_trains": "depot",
        "events": events(game, {"close_privates": "every private company closes"}),
        "privates": [private(c) for c in companies],
        "corporations": [corporation(c, "major", game["float_percent"], game["max_ownership_percent"])
                         for c in corps],
        "end_triggers": end_triggers(game),
    })


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else REFERENCE / "1830")
