"""One-off transcription of the 1894 facts into data/1894/game.json, map.json and tiles.json (our schema).

Reads the neutral JSON in ../shared/reference/data/1894 (decoded from the 18xx.games data of tobymao/18xx) with
the shared steps of tools/transcribe_18xx.py. A few facts the engine keeps in code rather than data come from
../shared/reference/18xx_engine.md §6.2 and editions.md §2.1 (seed 003) and are marked below. The package
never reads ../shared. Usage: python tools/transcribe_1894.py [REFERENCE_DIR]
"""

from __future__ import annotations

import sys
from pathlib import Path

from transcribe_18xx import (COMMIT, REFERENCE, bank, blocked_by, corporation, currency, describe, end_triggers,
                             events, hex_entry, phases, private, read, reference_game, tile_entry, trains, write_game,
                             write_map)

SOURCE = ("Facts transcribed from the 18xx.games data (public repository tobymao/18xx, commit " + COMMIT +
          ", lib/engine/game/g_1894) via the neutral JSON in shared/reference/data/1894, with the seed's rules "
          "(seed 003, a summary of the 2024 rules) and the published rulebook v1.0.3 where the engine keeps a fact "
          "in code. The game's facts belong to its designer, Jan Kłos.")
NOTE = ("Game facts (map, tiles, values) belong to the title's rights holder (1894: Jan Kłos); transcribed here "
        "for rule study. Parts at rotation 0; path ends e=edge c=city t=town o=off-board j=junction; edges 0..5 "
        "clockwise from lower-left.")
GREY = ("grey: a player may hold more than 60%, these shares do not count toward the certificate limit, the "
        "president may buy two per turn, and a sold-out corporation rises one extra step")
ZONES = {
    "p": {"flag": "par", "text": "par price (red)", "colour": "red", "effects": ["par"]},
    "r": {"text": "the par price of a corporation that reissues its shares (not offered when starting one)",
          "colour": "red", "effects": ["reissue_par"]},
    "g": {"flag": "unlimited", "text": GREY, "colour": "gray",
          "effects": ["no_cert_limit", "above_holding_limit", "president_buys_two", "sold_out_extra_up"]},
    "e": {"flag": "endgame", "text": "end of the game: a price reaching this cell ends the game at once",
          "colour": "blue", "effects": ["ends_game"]},
}
EVENTS = {
    "late_corporations_available": "the late corporations (LF, LB) may be started, each choosing its home",
    "close_privates": "every private company closes, except those whose own closing rule says otherwise (SQG)",
    "last_or_set_triggered": ("after the current set one more set of operating rounds is played, the last; in it "
                              "no track or token is laid, and green cities no longer become brown"),
}
EXTRA = {  # powers the engine implements in code (seed 003 rules 23, 27-31; 18xx_engine.md §6.2)
    "LRC": "Its price in the opening auction drops by 5 each time every player passes.",
    "SQG": "It may not be sold to a corporation in the Red and Gray phases.",
    "LS": ("Its corporation pays 40 F for a ferry marker; with a station in A12, a route of that corporation "
           "through London also earns the largest other revenue on it (not London or Luxembourg)."),
    "NMinorS": "Its buyer also receives a 10% certificate of Nord.",
}
CONSTANTS = {  # names the 1894 rules read (engine constants of g_1894/game.rb)
    "LONDON_HEX": "london_hex", "LONDON_BONUS_FERRY_SUPPLY_HEX": "ferry_supply_hex",
    "FERRY_MARKER_COST": "ferry_marker_cost", "LS_FERRY_MARKER_COST": "ls_ferry_marker_cost",
    "LUXEMBOURG_HEX": "luxembourg_hex", "NETHERLANDS_HEX": "netherlands_hex",
    "NON_NETHERLANDS_OFFBOARDS": "netherlands_bonus_partners", "PARIS_HEX": "paris_hex",
    "FRENCH_REGULAR_CORPORATIONS": "french_starting_candidates", "BELGIAN_REGULAR_CORPORATIONS": "belgian_corporations",
    "SQ_HEX": "saint_quentin_hex",
}


def game_facts(ref: Path) -> dict:
    game, companies, corps, facts_market = reference_game(ref, ZONES)
    hexes = read(ref, "hexes.json")
    privates = [private(c) for c in companies]
    for p in privates:
        if p["sym"] == "SQG":  # seed 003 rule 27 / the company text: revenue by the colour of G10
            p["revenue_by_hex_colour"] = {"hex": game["title_constants"]["SQ_HEX"],
                                          "revenue": {"green": 70, "brown": 100}}
    corporations = []
    for c in corps:
        entry = corporation(c, "major", game["float_percent"], game["max_ownership_percent"])
        if c.get("late"):
            entry["opens_on"] = "late_corporations_available"
        corporations.append(entry)
    by_sym = {c["sym"]: c for c in corporations}
    for p in privates:
        p["description"] = describe(p, by_sym, currency(game).format, EXTRA.get(p["sym"], ""))
    constants = {ours: game["title_constants"][theirs] for theirs, ours in CONSTANTS.items()}
    (supply,) = [h for h in hexes["hexes"] if h["coord"] == constants["ferry_supply_hex"]]
    constants["ferry_markers"] = sum(icon["name"] == "ferry" for icon in supply["icons"])
    constants["teleport_candidates"] = [c["sym"] for c in companies if c["value"] == 50]
    return {
        "title": "1894", "source": SOURCE, "currency": currency(game), "bank_cash": bank(game),
        "starting_cash": game["starting_cash"], "cert_limit": game["cert_limit"],
        "float_percent": game["float_percent"], "max_holding_percent": game["max_ownership_percent"],
        "pool_limit_percent": game["market_share_limit"], "market": facts_market, "phases": phases(game),
        "trains": trains(game), "discarded_trains": "removed", "events": events(game, EVENTS), "privates": privates,
        "corporations": corporations, "end_triggers": end_triggers(game, final_phase=game["phases"][-1]["name"]),
        "constants": constants,
    }


def upgrade_limits(game: dict) -> dict[str, list[str]]:
    """Green city tile → the two-city brown tiles it may become (the 1894 city split)."""
    consts = game["title_constants"]
    return {consts[f"GREEN_CITY_{n}_TILE"]: consts[f"BROWN_CITY_{n}_UPGRADE_TILES"] for n in (14, 15, 619)}


def main(ref: Path) -> None:
    write_game("1894", game_facts(ref))
    game = read(ref, "game.json")
    hexes = read(ref, "hexes.json")
    tiles = read(ref, "tiles.json")
    blockers = blocked_by(hexes)
    limits = upgrade_limits(game)
    write_map("1894", NOTE, [hex_entry(h, blockers.get(h["coord"], [])) for h in hexes["hexes"]],
              [tile_entry(t, limits.get(t["name"])) for t in tiles["tiles"]])


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else REFERENCE / "1894")
