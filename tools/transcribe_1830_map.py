"""One-off transcription of the 1830 map and tile manifest into data/1830/map.json and tiles.json (our schema).

Reads the neutral JSON in ../shared/reference/data/1830 (decoded from the 18xx.games data) and writes the
smaller schema of gamekit.tracks.mapdata with the shared steps of tools/transcribe_18xx.py. The package never
reads ../shared; this script is kept to show where each fact came from.
Usage: python tools/transcribe_1830_map.py [REFERENCE_DIR]
"""

from __future__ import annotations

import sys
from pathlib import Path

from transcribe_18xx import REFERENCE, blocked_by, hex_entry, read, tile_entry, write_map

NOTE = ("Game facts (map, tiles, values) belong to the title's rights holders (1830: Francis Tresham / "
        "Lookout); transcribed here for rule study. Parts at rotation 0; path ends e=edge c=city t=town "
        "o=off-board j=junction; edges 0..5 clockwise from lower-left.")


def main(ref: Path) -> None:
    hexes = read(ref, "hexes.json")
    tiles = read(ref, "tiles.json")
    blockers = blocked_by(hexes)
    write_map("1830", NOTE, [hex_entry(h, blockers.get(h["coord"], [])) for h in hexes["hexes"]],
              [tile_entry(t) for t in tiles["tiles"]])


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else REFERENCE / "1830")
