"""One-off transcription of the 1837 facts (second edition, as 18xx.games plays it) into data/1837/game.json,
map.json and tiles.json (our schema).

Reads the neutral JSON in ../shared/reference/data/1837 (decoded from the 18xx.games data of tobymao/18xx) with
the shared steps of tools/transcribe_18xx.py. A few facts the engine keeps in code rather than data come from
../shared/reference/18xx_engine.md §6.3 and data/README.md and are marked below. The package never reads
../shared. Usage: python tools/transcribe_1837.py [REFERENCE_DIR]
"""

from __future__ import annotations

import sys
from pathlib import Path

from transcribe_18xx import (COMMIT, REFERENCE, bank, blocked_by, corporation, currency, describe, end_triggers,
                             events, hex_entry, phases, private, read, reference_game, tile_entry, trains, write_game,
                             write_map)

SOURCE = ("Facts of the second edition transcribed from the 18xx.games data (public repository tobymao/18xx, "
          "commit " + COMMIT + ", lib/engine/game/g_1837) via the neutral JSON in shared/reference/data/1837. "
          "The game's facts belong to its designer and publisher (Leonhard Orgler; All-Aboard Games).")
NOTE = ("Game facts (map, tiles, values) belong to the title's rights holders (1837: Leonhard Orgler / All-Aboard "
        "Games); transcribed here for rule study. Parts at rotation 0; path ends e=edge c=city t=town "
        "o=off-board j=junction; edges 0..5 clockwise from lower-left.")
ZONES = {
    "p": {"flag": "par", "text": "par price of a major corporation (red)", "colour": "red", "effects": ["par"]},
    "y": {"flag": "no_cert_limit", "text": "yellow: shares do not count toward the certificate limit",
          "colour": "yellow", "effects": ["no_cert_limit"]},
}
EVENTS = {
    "buy_across": "corporations may buy trains from one another",
    "sd_formation": "the Southern Railway (SD) forms from its minors at once",
    "kk_can_form": "the k.k. national railway (KK) may form at the start of a stock or operating round",
    "remove_italy": "Italy leaves the map: its tiles are removed, its borders close, Bozen gets its tile",
    "ug_can_form": "the Hungarian national railway (UG) may form at the start of a stock or operating round",
    "kk_formation": "KK forms at once if it has not yet",
    "ug_formation": "UG forms at once if it has not yet",
    "exchange_coal_companies": "every remaining coal company is exchanged for a share of its major",
    "close_mountain_railways": "the mountain railways close",
}
EXTRA = {"UG1_share": "Sold in stock rounds at its face value.", "UG3_share": "Sold in stock rounds at its face value."}
MOUNTAIN = "Closes when the first 5-train is bought."
BOSNIA = "3"
"""The engine's hidden company that blocks Bosnia until phase 3; ours is the overlay ``bosnia``."""
UG_MINOR_TRAIN_LIMIT = 2
"""18xx_engine.md §6.3 and data/README.md: UG minors always have a train limit of 2 (engine code)."""


def kind_of(c: dict, coal: set[str]) -> str:
    """Our kind of a corporation: the engine's type, with coal companies told apart from the other minors."""
    if c["sym"] in coal:
        return "coal"
    return c.get("type", "major")


def game_facts(ref: Path) -> dict:
    game, companies, corps, facts_market = reference_game(ref, ZONES)
    coal = {c["sym"] for c in companies if c.get("meta", {}).get("type") == "coal"}
    nationals = {c["sym"] for c in corps if c.get("type") == "national"}
    majors = [c for c in corps if c.get("type") == "major"]
    (title_float,) = {c["float_percent"] for c in majors}
    (title_holding,) = {c["max_ownership_percent"] for c in majors}
    corporations = []
    for c in corps:
        entry = corporation(c, kind_of(c, coal), title_float, title_holding)
        for ability in c.get("abilities", []):
            if ability["type"] == "exchange":
                entry["exchanges_for"] = ability["corporations"][0]
        national = c["sym"].rstrip("0123456789")
        if entry.get("kind") == "minor" and national in nationals:
            entry["merges_into"] = national
            if national == "UG":
                entry["train_limit"] = UG_MINOR_TRAIN_LIMIT
        corporations.append(entry)
    privates = []
    for c in companies:
        if c["sym"] == BOSNIA:
            continue
        p = private(c)
        if p.get("closed_by_events") == ["close_mountain_railways"]:
            EXTRA.setdefault(p["sym"], MOUNTAIN)
        if not c.get("meta", {}).get("start_packet"):
            p["start_packet"] = False
        privates.append(p)
    by_sym = {c["sym"]: c for c in corporations}
    for p in privates:
        p["description"] = describe(p, by_sym, currency(game).format, EXTRA.get(p["sym"], ""))
    return {
        "title": "1837", "source": SOURCE, "currency": currency(game), "bank_cash": bank(game),
        "starting_cash": game["starting_cash"], "cert_limit": game["cert_limit"], "float_percent": title_float,
        "max_holding_percent": title_holding, "pool_limit_percent": game["market_share_limit"],
        "market": facts_market, "phases": phases(game),
        "trains": trains(game, goods=frozenset(t["name"] for t in game["trains"] if t["name"].endswith("G"))),
        "discarded_trains": "depot", "events": events(game, EVENTS), "privates": privates,
        "corporations": corporations, "end_triggers": end_triggers(game),
    }


def overlays(game: dict, hexes: dict) -> list[dict]:
    """Italy (closed on the first 4, with the Bozen tile) and Bosnia (open from phase 3) as board overlays."""
    (bosnia,) = [b for b in hexes["blocking"] if b["entity"] == BOSNIA]
    return [
        {"name": "italy", "text": "Italy leaves the map: its hexes go out of play and its borders close",
         "on_event": "remove_italy", "closes": game["title_constants"]["ITALY_HEXES"],
         # 18xx_engine.md §6.3: on the first 4, tile 426 is laid in K5 (Bozen) at rotation 2
         "lays": [{"hex": "K5", "tile": "426", "rotation": 2}]},
        {"name": "bosnia", "text": "Bosnia-Herzegovina opens to track", "on_phase": bosnia["remove"],
         "opens": bosnia["hexes"]},
    ]


def town_upgrades(game: dict, tile: dict) -> list[str] | None:
    """A yellow town tile or printed yellow town hex upgrades only to the title's town tiles (single town /
    double town)."""
    if tile["colour"] != "yellow" or tile["cities"] or not tile["towns"]:
        return None
    consts = game["title_constants"]
    key = "YELLOW_SINGLE_TOWN_UPGRADES" if len(tile["towns"]) == 1 else "YELLOW_DOUBLE_TOWN_UPGRADES"
    return consts[key]


ROTATIONS = {"436": [5]}
"""18xx_engine.md §6.3: the brown Vienna tile 436 may only be laid at rotation 5."""


def main(ref: Path) -> None:
    write_game("1837", game_facts(ref))
    game = read(ref, "game.json")
    hexes = read(ref, "hexes.json")
    tiles = read(ref, "tiles.json")
    blockers = {coord: [b for b in who if b != BOSNIA] for coord, who in blocked_by(hexes).items()}
    write_map("1837", NOTE, [hex_entry(h, blockers.get(h["coord"], []), "italy", town_upgrades(game, h))
                             for h in hexes["hexes"]],
              [tile_entry(t, town_upgrades(game, t), ROTATIONS.get(t["name"])) for t in tiles["tiles"]],
              overlays(game, hexes))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else REFERENCE / "1837")
