"""1830's Coalfields and Reading variants as data (rule ``1830:variant``): the options ``coalfields`` and
``reading`` change 1830's facts, map and tiles by the parts of ``data/1830/variants.json`` — first the Reading's,
then the Coalfields', then, with both options, the part ``both`` (a larger bank, other certificate limits and
trains). The result is loaded and checked like any title's data and kept per set of options.
"""

from __future__ import annotations

import copy
from functools import lru_cache

from ...datafiles import data_json, load_model
from ...tracks.facts import TitleFacts
from ...tracks.mapdata import MapFile, TilesFile, TrackData, build_track_data

OPTIONS = ("coalfields", "reading", "reading_ca_rdg")
"""The variant options of Game1830, each a part of ``data/1830/variants.json``."""


def parts_of(options) -> tuple[str, ...]:
    """The parts of ``variants.json`` that ``options`` play, in the order they are applied: ``ca_rdg`` (option
    ``reading_ca_rdg``: the C&A's certificate is the Reading's) only with the Reading."""
    chosen = [part for part in ("reading", "coalfields") if part in options]
    extra = ["both"] if len(chosen) == 2 else []
    if "reading" in chosen and "reading_ca_rdg" in options:
        extra.append("ca_rdg")
    return tuple(chosen + extra)


@lru_cache(maxsize=16)
def kept_parts_of(options: tuple[str, ...]) -> tuple[str, ...]:
    """:func:`parts_of` for a game's ``options`` (a tuple, never changed): asked at nearly every action of every
    1830 game (``Game1830.variant_parts``), answered once per set of options."""
    return parts_of(options)


def _by(items: list, key: str) -> dict:
    return {item[key]: i for i, item in enumerate(items)}


def _put(items: list, new: dict, key: str) -> None:
    """Replace the item with ``new``'s key, or add ``new`` at the end."""
    where = _by(items, key).get(new[key])
    if where is None:
        items.append(copy.deepcopy(new))
    else:
        items[where] = copy.deepcopy(new)


def _facts_raw(folder: str, parts: tuple[str, ...]) -> dict:
    raw = copy.deepcopy(data_json(folder, "game.json"))
    variants = data_json(folder, "variants.json")
    for name in parts:
        part = variants[name]
        raw.update(copy.deepcopy(part.get("facts", {})))
        for corp in part.get("corporations", ()):
            _put(raw["corporations"], corp, "sym")
        for sym, hex_ in part.get("corporation_homes", {}).items():
            raw["corporations"][_by(raw["corporations"], "sym")[sym]]["homes"] = [{"hex": hex_}]
        for sym, fields in part.get("privates", {}).items():
            raw["privates"][_by(raw["privates"], "sym")[sym]].update(fields)
    if parts:
        raw["source"] = raw["source"] + " Variant parts " + ", ".join(parts) + ": " + variants["source"]
    return raw


def _track_raw(folder: str, parts: tuple[str, ...]) -> tuple[dict, dict]:
    map_raw = copy.deepcopy(data_json(folder, "map.json"))
    tiles_raw = copy.deepcopy(data_json(folder, "tiles.json"))
    variants = data_json(folder, "variants.json")
    for name in parts:
        part = variants[name]
        for hex_ in part.get("hexes", ()):
            _put(map_raw["hexes"], hex_, "coord")
        for coord, label in part.get("future_labels", {}).items():
            map_raw["hexes"][_by(map_raw["hexes"], "coord")[coord]]["future_label"] = label
        removed = set(part.get("tiles_removed", ()))
        tiles_raw["tiles"] = [t for t in tiles_raw["tiles"] if t["name"] not in removed]
        for tile in part.get("tiles", ()):
            _put(tiles_raw["tiles"], tile, "name")
        for name_, count in part.get("tile_counts", {}).items():
            tiles_raw["tiles"][_by(tiles_raw["tiles"], "name")[name_]]["count"] = count
        for name_, upgrades in part.get("tile_upgrades", {}).items():
            tiles_raw["tiles"][_by(tiles_raw["tiles"], "name")[name_]]["upgrades_to"] = upgrades
    return map_raw, tiles_raw


@lru_cache(maxsize=None)
def variant_facts(folder: str, parts: tuple[str, ...]) -> TitleFacts:
    """1830's facts with the variant ``parts`` applied (checked like ``game.json``; cached)."""
    return load_model(TitleFacts, _facts_raw(folder, parts), f"data/{folder}/variants.json ({'+'.join(parts)})")


@lru_cache(maxsize=None)
def variant_track(folder: str, parts: tuple[str, ...]) -> TrackData:
    """1830's map and tiles with the variant ``parts`` applied (checked like ``map.json``; cached)."""
    map_raw, tiles_raw = _track_raw(folder, parts)
    where = f"data/{folder}/variants.json ({'+'.join(parts)})"
    return build_track_data(load_model(MapFile, map_raw, where), load_model(TilesFile, tiles_raw, where), where)
