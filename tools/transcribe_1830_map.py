"""One-off transcription of the 1830 map and tile manifest into data/1830/map.json and tiles.json (our schema).

Reads the neutral JSON in ../shared/reference/data/1830 (decoded from the 18xx.games data) and writes the
smaller schema of gamekit.tracks.mapdata. The package never reads ../shared; this script is kept to show where
each fact came from. Usage: python tools/transcribe_1830_map.py [REFERENCE_DIR]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ("18xx.games data, tobymao/18xx commit 111f7f698005a057d68877682486da3f1705e551, via the neutral JSON "
          "(shared/reference/data/1830)")
NOTE = ("Game facts (map, tiles, values) belong to the title's rights holders (1830: Francis Tresham / "
        "Lookout); transcribed here for rule study. Parts at rotation 0; path ends e=edge c=city t=town "
        "o=off-board j=junction; edges 0..5 clockwise from lower-left.")
END_LETTER = {"edge": "e", "city": "c", "town": "t", "offboard": "o", "junction": "j"}


def end(point: dict) -> str:
    (kind, number), = point.items()
    return f"{END_LETTER[kind]}{number}"


def node(part: dict, kind: str) -> dict:
    out = {"part": part["part_index"], "revenue": part["revenue"]}
    if kind == "city":
        if part.get("slots", 1) != 1:
            out["slots"] = part["slots"]
        if part.get("reservations"):
            out["reserved"] = part["reservations"]
    if part.get("groups"):
        out["group"] = part["groups"][0]
    return out


def parts(src: dict) -> dict:
    out: dict = {}
    for kind, key in (("city", "cities"), ("town", "towns"), ("offboard", "offboards")):
        ordered = sorted(src[key], key=lambda p: p["index"])
        if ordered:
            out[key] = [node(p, kind) for p in ordered]
    if src["junctions"]:
        out["junctions"] = len(src["junctions"])
    if src["paths"]:
        out["paths"] = [[end(p["a"]), end(p["b"])] for p in src["paths"]]
    if src["labels"]:
        out["labels"] = src["labels"]
    if src["upgrades"]:
        (upgrade,) = src["upgrades"]
        out["terrain"] = upgrade["terrain"]
        out["terrain_cost"] = upgrade["cost"]
    return out


def border(b: dict) -> dict:
    out = {"edge": b["edge"]}
    if b.get("type"):
        out["kind"] = b["type"]
    if b.get("cost"):
        out["cost"] = b["cost"]
    return out


def hex_entry(h: dict) -> dict:
    out = {"coord": h["coord"], "colour": h["colour"]}
    if h.get("location_name"):
        out["name"] = h["location_name"]
    out["tile_id"] = h["preprinted_tile"]["id"]
    out.update(parts(h))
    if h["borders"]:
        out["borders"] = [border(b) for b in h["borders"]]
    if h.get("blocked_by"):
        out["blocked_by"] = h["blocked_by"]
    if h.get("tile_reservations"):
        out["reserved_by"] = h["tile_reservations"]
    if h.get("future_label"):
        out["future_label"] = h["future_label"]
    if "coal" in (h.get("assignments") or []):
        out["mine"] = True
    return out


def tile_entry(t: dict) -> dict:
    out = {"name": t["name"], "colour": t["colour"], "count": t["count"]}
    out.update(parts(t))
    return out


def dump(path: Path, doc: dict, list_key: str) -> None:
    """Write ``doc`` with one entry of ``doc[list_key]`` per line (readable diffs, small file)."""
    head = {k: v for k, v in doc.items() if k != list_key}
    lines = [json.dumps(head, ensure_ascii=False)[:-1] + f', "{list_key}": [']
    items = [json.dumps(item, ensure_ascii=False) for item in doc[list_key]]
    lines.append(",\n".join("  " + item for item in items))
    lines.append("]}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(ref: Path) -> None:
    hexes = json.loads((ref / "hexes.json").read_text())
    tiles = json.loads((ref / "tiles.json").read_text())
    out = ROOT / "data" / "1830"
    dump(out / "map.json", {"title": "1830", "source": SOURCE, "note": NOTE, "rule_prefix": "1830",
                            "impassable_colours": ["red", "gray", "blue"],
                            "hexes": [hex_entry(h) for h in hexes["hexes"]]}, "hexes")
    dump(out / "tiles.json", {"title": "1830", "source": SOURCE, "note": NOTE,
                              "tiles": [tile_entry(t) for t in tiles["tiles"]]}, "tiles")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "reference" / "data" / "1830")
