"""Build ``map.json``, our own *approximate* American Rails board, from real geography.

The published board is not public (reference/cube_rails.md A.3). This script places each city of the
board on a pointy hex grid (hex names as in ``gamekit/viz/hexes.py``: rows A, B, … top to bottom, columns
numbered, same-row neighbours two numbers apart) by projecting the city's real latitude and longitude,
keeps the land hexes east of the Mississippi, and gives each land hex a terrain from a coarse model of the
eastern USA: mountain along the Appalachian crest, forest on the Appalachian plateaus, in the northern
woods and on the southern coastal plain, plains elsewhere (the Midwest, the Piedmont, the mid-Atlantic coastal plain).

Run ``python data/american_rails/make_map.py`` to rewrite ``map.json``. Anyone with the physical board can
instead edit ``map.json`` by hand (its ``hexes`` list and each city's ``hex``), and set ``status`` to
``"published"``.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

HEX_KM = 92.0  # centre-to-centre distance of neighbouring hexes
LAT0, LON0 = 43.6, -91.6  # top-left corner of the projection
KM_PER_LAT = 110.6
KM_PER_LON = 111.3 * math.cos(math.radians(37.0))

# (name, lat, lon, full, shared, developable, special, value source, confidence); values from
# reference/cube_rails.md A.3 (Buffalo from the Dutch rulebook [S002]; the others from the fan project's board photo [FAN]).
CITIES = [
    ("Buffalo", 42.886, -78.878, 4, 3, True, False, "S002", "H"),
    ("Syracuse", 43.048, -76.147, 2, 1, True, False, "FAN", "M"),
    ("Albany", 42.653, -73.757, 3, 2, True, False, "FAN", "M"),
    ("Chicago", 41.878, -87.630, 7, 5, False, True, "FAN", "M"),
    ("Detroit", 42.331, -83.046, 4, 2, True, False, "FAN", "M"),
    ("Boston", 42.360, -71.059, 5, 3, False, False, "FAN", "M"),
    ("Rock Island", 41.509, -90.579, 2, 1, True, False, "FAN", "M"),
    ("Fort Wayne", 41.079, -85.139, 2, 1, True, False, "FAN", "M"),
    ("Cleveland", 41.499, -81.694, 4, 2, True, False, "FAN", "M"),
    ("Pittsburgh", 40.441, -79.996, 5, 3, True, False, "FAN", "M"),
    ("Harrisburg", 40.273, -76.887, 1, 1, True, False, "FAN", "M"),
    ("New York", 40.713, -74.006, 8, 5, False, True, "FAN", "M/H"),
    ("Indianapolis", 39.768, -86.158, 4, 2, True, False, "FAN", "M"),
    ("Columbus", 39.961, -82.999, 1, 1, True, False, "FAN", "M"),
    ("Philadelphia", 39.953, -75.165, 6, 4, False, False, "FAN", "M"),
    ("Cincinnati", 39.103, -84.512, 4, 2, True, False, "FAN", "M"),
    ("Baltimore", 39.290, -76.612, 5, 3, False, False, "FAN", "M"),
    ("St. Louis", 38.627, -90.199, 5, 3, True, False, "FAN", "M"),
    ("Louisville", 38.253, -85.759, 1, 1, True, False, "FAN", "M"),
    ("Charlestown", 38.350, -81.633, 2, 1, True, False, "FAN", "M"),
    ("Roanoke", 37.271, -79.941, 2, 1, True, False, "FAN", "M"),
    ("Richmond", 37.541, -77.436, 3, 2, True, False, "FAN", "M"),
    ("Norfolk", 36.851, -76.286, 2, 2, True, False, "FAN", "M"),
    ("Nashville", 36.163, -86.781, 3, 2, True, False, "FAN", "M"),
    ("Knoxville", 35.961, -83.921, 2, 1, True, False, "FAN", "M"),
    ("Raleigh", 35.780, -78.639, 2, 1, True, False, "FAN", "M"),
    ("Memphis", 35.150, -90.049, 3, 2, True, False, "FAN", "M"),
    ("Chattanooga", 35.046, -85.309, 4, 2, True, False, "FAN", "M"),
    ("Charlotte", 35.227, -80.843, 3, 2, True, False, "FAN", "M"),
    ("Wilmington", 34.226, -77.945, 2, 1, True, False, "FAN", "M"),
    ("Birmingham", 33.519, -86.810, 2, 1, True, False, "FAN", "M"),
    ("Atlanta", 33.749, -84.388, 5, 3, True, True, "FAN", "M"),
    ("Charleston", 32.777, -79.931, 3, 2, True, False, "FAN", "M"),
    ("Jackson", 32.299, -90.185, 3, 2, True, False, "FAN", "M"),
    ("Montgomery", 32.377, -86.300, 2, 1, True, False, "FAN", "M"),
    ("Savannah", 32.081, -81.091, 3, 2, True, False, "FAN", "M"),
    ("Mobile", 30.695, -88.040, 2, 1, True, False, "FAN", "M"),
    ("Tallahassee", 30.438, -84.281, 2, 1, True, False, "FAN", "M"),
    ("New Orleans", 29.951, -90.072, 5, 3, True, False, "FAN", "M"),
]

# Land east of the Mississippi as a coarse (lon, lat) outline, clockwise from the north-west: Lake Michigan,
# Lakes Huron, Erie and Ontario, the Atlantic coast, the Gulf coast, then up the river.
LAND = [
    (-91.3, 43.3), (-87.9, 43.3), (-87.6, 41.75), (-86.9, 41.6), (-86.4, 42.2), (-86.3, 43.4), (-82.5, 43.4),
    (-82.4, 42.9), (-83.1, 42.2), (-83.4, 41.7), (-82.7, 41.4), (-81.7, 41.45), (-80.1, 42.1), (-78.9, 42.8),
    (-79.0, 43.25), (-77.6, 43.25), (-76.2, 43.5), (-75.6, 44.0), (-71.0, 44.0), (-70.7, 43.1), (-70.8, 42.6),
    (-70.9, 42.2), (-70.0, 41.7), (-71.4, 41.4), (-72.9, 41.2), (-73.9, 40.6), (-74.0, 40.1), (-74.4, 39.4),
    (-74.9, 38.9), (-75.1, 38.4), (-75.7, 37.5), (-75.9, 36.8), (-75.6, 35.5), (-76.5, 34.7), (-77.9, 33.8),
    (-79.1, 33.3), (-79.9, 32.6), (-81.0, 31.8), (-81.4, 30.4), (-81.2, 29.3), (-83.0, 29.2), (-84.3, 29.9),
    (-85.4, 29.7), (-86.5, 30.35), (-87.5, 30.25), (-88.1, 30.35), (-89.4, 30.3), (-89.6, 29.6), (-90.5, 29.4),
    (-91.3, 29.5), (-91.6, 31.5), (-91.3, 33.5), (-90.6, 35.1), (-89.9, 36.5), (-90.6, 38.0), (-91.0, 39.5),
    (-91.2, 41.0),
]
# The Appalachian crest (Blue Ridge, the Smokies, the Alleghenies, the Poconos and the Catskills) and the
# Adirondacks, as (lon, lat) polylines.
CRESTS = [
    [(-84.3, 34.6), (-83.5, 35.5), (-82.5, 35.9), (-81.7, 36.3), (-80.6, 37.2), (-79.8, 38.0), (-79.2, 38.8),
     (-78.6, 39.6), (-77.9, 40.4), (-76.8, 41.1), (-75.6, 41.3), (-74.4, 42.1)],
    [(-75.0, 43.6), (-73.9, 44.0)],
]
MOUNTAIN_KM = 60.0
PLATEAU_KM = 175.0  # the hilly, wooded Allegheny and Cumberland plateaus and the Ridge-and-Valley
NORTH_WOODS_LAT = 42.4  # upstate New York and New England outside the river valleys
PINE_BELT_LAT = 32.9  # the southern coastal plain
# The open mid-Atlantic coastal plain and Piedmont (New Jersey to Virginia): (west lon, south lat, north lat)
MID_ATLANTIC = (-76.5, 36.0, 40.9)


def to_km(lon: float, lat: float) -> tuple[float, float]:
    """Return the projected position in km east and south of the projection corner."""
    return (lon - LON0) * KM_PER_LON, (LAT0 - lat) * KM_PER_LAT


def from_km(x: float, y: float) -> tuple[float, float]:
    """Return ``(lon, lat)`` of a projected position (inverse of :func:`to_km`)."""
    return x / KM_PER_LON + LON0, LAT0 - y / KM_PER_LAT


def hex_km(col: int, row: int) -> tuple[float, float]:
    """Return the projected centre of the hex in doubled coordinates ``(col, row)``."""
    return col * HEX_KM / 2, row * HEX_KM * math.sqrt(3) / 2


def name(col: int, row: int) -> str:
    """Return the hex name ("C5") of doubled coordinates (row letters A–Z, column = col + 1)."""
    return f"{chr(ord('A') + row)}{col + 1}"


def nearest_hex(x: float, y: float) -> tuple[int, int]:
    """Return the doubled coordinates of the hex whose centre is nearest a projected point."""
    row_h = HEX_KM * math.sqrt(3) / 2
    best = None
    for row in (math.floor(y / row_h), math.ceil(y / row_h)):
        col_guess = round(x / (HEX_KM / 2))
        for col in (col_guess - 1, col_guess, col_guess + 1):
            if (col + row) % 2:
                continue
            cx, cy = hex_km(col, row)
            d = (cx - x) ** 2 + (cy - y) ** 2
            if best is None or d < best[0]:
                best = (d, (col, row))
    return best[1]


def neighbours(col: int, row: int) -> list[tuple[int, int]]:
    """Return the six doubled-coordinate neighbours of a hex."""
    return [(col + dc, row + dr) for dc, dr in ((2, 0), (-2, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))]


def inside(lon: float, lat: float, poly: list[tuple[float, float]]) -> bool:
    """Return True when the point lies inside the polygon (even-odd rule)."""
    result = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > lat) != (y2 > lat) and lon < x1 + (lat - y1) * (x2 - x1) / (y2 - y1):
            result = not result
    return result


def crest_km(x: float, y: float) -> float:
    """Return the projected distance in km from a point to the nearest mountain crest."""
    best = math.inf
    for line in CRESTS:
        pts = [to_km(lon, lat) for lon, lat in line]
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            dx, dy = bx - ax, by - ay
            t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
            best = min(best, math.hypot(x - ax - t * dx, y - ay - t * dy))
    return best


def terrain(col: int, row: int) -> str:
    """Return the terrain of a non-city land hex from the coarse model in the module docstring."""
    x, y = hex_km(col, row)
    lon, lat = from_km(x, y)
    d = crest_km(x, y)
    if d < MOUNTAIN_KM:
        return "mountain"
    west, south, north = MID_ATLANTIC
    if lon > west and south < lat < north:
        return "plains"
    if d < PLATEAU_KM or lat > NORTH_WOODS_LAT and lon > -77.5 or lat < PINE_BELT_LAT:
        return "forest"
    return "plains"


def place_cities() -> dict[tuple[int, int], tuple]:
    """Return city hexes; a city whose nearest hex is taken moves to the nearest free neighbour."""
    placed: dict[tuple[int, int], tuple] = {}
    for city in CITIES:
        x, y = to_km(city[2], city[1])
        spot = nearest_hex(x, y)
        if spot in placed:
            free = [n for n in neighbours(*spot) if n not in placed]
            spot = min(free, key=lambda n: math.dist(hex_km(*n), (x, y)))
        placed[spot] = city
    return placed


def land_hexes(cities: dict[tuple[int, int], tuple]) -> set[tuple[int, int]]:
    """Return the land hexes: centres inside the outline, plus every city hex, as one connected area."""
    land = set(cities)
    for row in range(26):
        for col in range(60):
            if (col + row) % 2 == 0 and inside(*from_km(*hex_km(col, row)), LAND):
                land.add((col, row))
    start = next(iter(cities))
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours(*todo.pop()):
            if n in land and n not in seen:
                seen.add(n)
                todo.append(n)
    missing = [c[0] for spot, c in cities.items() if spot not in seen]
    if missing:
        raise SystemExit(f"cities cut off from the rest of the map: {missing}")
    return seen


def build() -> dict:
    """Return the map as the JSON object ``map.json`` holds."""
    cities = place_cities()
    land = land_hexes(cities)
    hexes = []
    for col, row in sorted(land, key=lambda h: (h[1], h[0])):
        hexes.append({"hex": name(col, row), "terrain": "city" if (col, row) in cities else terrain(col, row)})
    city_rows = []
    for (col, row), (cname, lat, lon, full, shared, dev, special, source, conf) in sorted(
        cities.items(), key=lambda kv: (kv[0][1], kv[0][0])
    ):
        city_rows.append({
            "name": cname, "hex": name(col, row), "full": full, "shared": shared, "developable": dev,
            "special": special, "value_source": source, "confidence": conf, "lat": lat, "lon": lon,
        })
    return {
        "status": "approximate",
        "note": (
            "Our own approximate board, NOT the published map (which is not public). City names, values, "
            "developable flags and the special cities are the board's (sources per city below); hex positions "
            "come from each city's real latitude and longitude, and terrain from a coarse model of the eastern "
            "USA (data/american_rails/make_map.py). To enter the real board, replace 'hexes' and each city's "
            "'hex', list impassable hex sides in 'blocked_sides', and set 'status' to 'published'."
        ),
        "sources": {
            "S002": "Dutch American Rails rulebook, Quined Games 2013, page 4 (Buffalo 4/3; +$2/+$1 "
                    "per house; the Chicago-New York-Atlanta special connections)",
            "FAN": "GitHub blripley/american-rails, 'Game Board & Pieces/board-data.json' (city values read "
                   "from the owner's photo of the physical board; non-developable hubs citing the rulebook), "
                   "as transcribed in reference/cube_rails.md A.3; facts only, no code or grid reused",
            "GEO": "city latitude and longitude: public gazetteer values, rounded to 0.001 degree",
            "COST": "terrain costs: reference/cube_rails.md A.2 rule 21 ([FAN] citing the rulebook legend; [MAR2])",
        },
        "projection": {"hex_km": HEX_KM, "lat0": LAT0, "lon0": LON0},
        "terrain_costs": {
            "plains": {"base": 2, "per_piece": 2, "max_cubes": None, "source": "COST"},
            "city": {"base": 2, "per_piece": 2, "max_cubes": None, "source": "COST"},
            "forest": {"base": 3, "per_piece": 0, "max_cubes": 1, "source": "COST"},
            "mountain": {"base": 5, "per_piece": 0, "max_cubes": 1, "source": "COST"},
        },
        "blocked_sides": [],
        "cities": city_rows,
        "hexes": hexes,
    }


def main() -> None:
    """Write ``map.json`` beside this script, one hex per line so hand edits diff cleanly."""
    data = build()
    hexes = data.pop("hexes")
    cities = data.pop("cities")
    text = json.dumps(data, indent=1)[:-2]
    text += ',\n "cities": [\n' + ",\n".join("  " + json.dumps(c) for c in cities) + "\n ]"
    text += ',\n "hexes": [\n' + ",\n".join("  " + json.dumps(h) for h in hexes) + "\n ]\n}\n"
    Path(__file__).with_name("map.json").write_text(text, encoding="utf-8")
    counts: dict[str, int] = {}
    for h in hexes:
        counts[h["terrain"]] = counts.get(h["terrain"], 0) + 1
    print(f"{len(hexes)} hexes: {counts}")


if __name__ == "__main__":
    main()
