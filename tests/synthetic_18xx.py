"""A synthetic 18xx title for the conformance suite, built from data plus three hooks on :mod:`gamekit.g18xx`.

It is 1830's game with what 1837 and 1894 need and 1830 lacks: a hex market (1830's cells read as a hex chart,
sold-out corporations moving up-left), a minor whose president chooses one of two homes, a green city that splits
into two cities on a brown tile (tokens lifted and re-placed by the laying corporation), a "2+1" train (two cities
and one town), incremental capitalization (IPO money goes to the treasury, unsold shares pay it) and an unlimited
bank, ending when phase D starts (after that set of operating rounds) or on a bankruptcy. Its rule ids are 1830's:
it plays 1830's rules with these data changes. Test-only: registered with
:func:`gamekit.titles.register_unlisted`, not listed by ``gamekit titles``.

The three hooks: :meth:`Synthetic18xx.load_facts`, :meth:`Synthetic18xx.load_track` (the data) and the class
values ``policy`` and ``upgrade_rules``.
"""

from __future__ import annotations

from functools import lru_cache

from gamekit.datafiles import data_json, load_model
from gamekit.g18xx import Game18xx, Policy
from gamekit.titles import register_unlisted
from gamekit.tracks.facts import TitleFacts
from gamekit.tracks.lay import UpgradeRules
from gamekit.tracks.mapdata import MapFile, TilesFile, TrackData, build_track_data

TITLE = "synthetic-18xx"
MINOR_HOMES = ("B10", "H4")  # Barrie and Columbus: single cities without a reservation
SPLIT_TILE = {"name": "X2", "colour": "brown", "count": 3,
              "cities": [{"part": 0, "revenue": 40}, {"part": 1, "revenue": 40}],
              "paths": [["e0", "c0"], ["e1", "c0"], ["e2", "c1"], ["e3", "c1"]]}
"""The brown tile a green #15 (one city, exits 0–3) may split into: two cities of one slot each."""


@lru_cache(maxsize=None)
def synthetic_facts() -> TitleFacts:
    """1830's facts with the synthetic changes (validated by the same schema)."""
    raw = data_json("1830", "game.json")
    corporations = [{**c, "capitalization": "incremental"} for c in raw["corporations"]]
    corporations.append({"sym": "MIN", "name": "Synthetic minor", "kind": "minor",
                         "homes": [{"hex": h} for h in MINOR_HOMES], "home_rule": "choose_one",
                         "tokens": [0, 40], "colour": "#777777", "certificates": [20, 20, 20, 20, 20]})
    trains = [dict(t) for t in raw["trains"]]
    trains[0] = {**trains[0], "distance": [{"nodes": ["city", "offboard"], "pay": 2, "visit": 2},
                                           {"nodes": ["town"], "pay": 1, "visit": 1}]}
    data = {**raw, "title": TITLE, "bank_cash": "unlimited", "corporations": corporations, "trains": trains,
            "market": {**raw["market"], "kind": "hex"},
            "end_triggers": [{"reason": "bankrupt", "timing": "immediate", "players": "one"},
                             {"reason": "final_phase", "timing": "full_or", "phase": "D"}]}
    return load_model(TitleFacts, data, "synthetic game.json")


@lru_cache(maxsize=None)
def synthetic_track() -> TrackData:
    """1830's map and tiles plus the splitting brown tile."""
    map_file = load_model(MapFile, data_json("1830", "map.json"), "synthetic map.json")
    tiles = data_json("1830", "tiles.json")
    tiles_file = load_model(TilesFile, {**tiles, "tiles": [*tiles["tiles"], SPLIT_TILE]}, "synthetic tiles.json")
    return build_track_data(map_file, tiles_file, "synthetic")


class Synthetic18xx(Game18xx):
    """The synthetic title (see the module docstring); 2–6 players."""

    title = TITLE
    rule_prefix = "1830"
    data_folder = "1830"
    min_players = 2
    max_players = 6
    policy = Policy(sold_out_move="up_left", ipo_pays="corporation")
    upgrade_rules = UpgradeRules(frozenset({("city", 1, 2)}))

    @classmethod
    def load_facts(cls) -> TitleFacts:
        """1830's facts with the synthetic changes."""
        return synthetic_facts()

    @classmethod
    def load_track(cls) -> TrackData:
        """1830's map and tiles plus the splitting tile."""
        return synthetic_track()


register_unlisted(Synthetic18xx)
