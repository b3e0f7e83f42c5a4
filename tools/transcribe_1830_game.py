"""One-off transcription of the 1830 economic facts into data/1830/game.json (our schema).

Reads the neutral JSON in ../shared/reference/data/1830 (taken from the 18xx.games data) and writes our own,
smaller schema. The package never reads ../shared; this script is kept to show where each fact came from.
Usage: python tools/transcribe_1830_game.py [REFERENCE_DIR]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ZONE_LETTER = {"par": "p", "no_cert_limit": "y", "unlimited": "o", "multiple_buy": "b"}


def market_rows(cells: list[list[dict | None]]) -> list[list[str]]:
    rows = []
    for row in cells:
        out = []
        for cell in row:
            if cell is None:
                out.append("")
                continue
            letters = "".join(ZONE_LETTER[f] for f in cell["flags"])
            out.append(f"{cell['price']}{letters}")
        while out and out[-1] == "":
            out.pop()
        rows.append(out)
    return rows


def private(c: dict) -> dict:
    out = {"sym": c["sym"], "name": c["name"], "value": c["value"], "revenue": c["revenue"],
           "description": c["description"], "blocks_hexes": [], "may_sell_to_corporation": True}
    for ab in c["abilities"]:
        kind = ab["type"]
        if kind == "blocks_hexes":
            out["blocks_hexes"] = ab["hexes"]
        elif kind == "shares":
            out["grants_certificate"] = ab["shares"]
        elif kind == "no_buy":
            out["may_sell_to_corporation"] = False
        elif kind == "close" and ab.get("when") == ["bought_train"]:
            out["closes_when_train_bought_by"] = ab["corporation"]
        elif kind == "exchange":
            out["exchange"] = {"corporation": ab["corporations"][0], "from": ab["from"]}
        elif kind == "tile_lay":
            out["tile_lay"] = {"hexes": ab["hexes"], "tiles": ab["tiles"], "count": ab["count"],
                               "ignores_connection": True, "extra_lay": True}
        elif kind == "teleport":
            out["teleport"] = {"hexes": ab["hexes"], "tiles": ab["tiles"]}
    return out


def main(ref: Path) -> None:
    game = json.loads((ref / "game.json").read_text())
    companies = json.loads((ref / "companies.json").read_text())["companies"]
    corps = json.loads((ref / "corporations.json").read_text())["corporations"]
    trains = []
    for t in game["trains"]:
        trains.append({k: v for k, v in {
            "name": t["name"], "distance": None if t.get("unlimited_distance") else t["distance"],
            "price": t["price"], "count": None if t.get("unlimited_supply") else t["count"],
            "count_with_option": t.get("count_with_optional_rule"), "rusts_on": t.get("rusts_on"),
            "available_on": t.get("available_on"), "trade_in": t.get("discount"),
            "closes_privates": any(e["type"] == "close_companies" for e in t.get("events", [])),
        }.items() if v is not None})
    out = {
        "title": "1830",
        "source": ("Facts transcribed from the 18xx.games data (public repository tobymao/18xx, commit "
                   "111f7f698005a057d68877682486da3f1705e551, lib/engine/game/g_1830) via the neutral JSON "
                   "in shared/reference/data/1830, cross-checked with the published 1830 rules (Avalon Hill "
                   "1986; Mayfair/Lookout 2011). The game's facts belong to its rights holders (Francis "
                   "Tresham; Lookout Games)."),
        "currency": "${}",
        "bank_cash": game["bank_cash"],
        "starting_cash": game["starting_cash"],
        "cert_limit": game["cert_limit"],
        "float_percent": game["float_percent"],
        "max_holding_percent": game["max_ownership_percent"],
        "pool_limit_percent": game["market_share_limit"],
        "market_legend": {"p": "par price (red)", "y": "yellow: shares do not count toward the certificate limit",
                          "o": "orange: as yellow, and a player may hold more than 60%",
                          "b": "brown: as orange, and a player may buy several shares per turn"},
        "market": market_rows(game["stock_market"]["cells"]),
        "phases": [{"name": p["name"], **({"on": p["on"]} if "on" in p else {}), "train_limit": p["train_limit"],
                    "tiles": p["tiles"], "operating_rounds": p["operating_rounds"],
                    "corporations_buy_privates": "can_buy_companies" in p.get("status", [])}
                   for p in game["phases"]],
        "trains": trains,
        "privates": [private(c) for c in companies],
        "corporations": [{"sym": c["sym"], "name": c["name"], "home": c["coordinates"],
                          **({"home_city": c["city"]} if "city" in c else {}),
                          "tokens": c["tokens"], "colour": c["colour"],
                          **({"text_colour": c["text_colour"]} if "text_colour" in c else {}),
                          "certificates": c["share_percents"]} for c in corps],
    }
    target = ROOT / "data" / "1830" / "game.json"
    target.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    print("wrote", target)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "reference" / "data" / "1830")
