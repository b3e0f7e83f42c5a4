"""Regenerate ``map.json``: gamekit's APPROXIMATE teaching map of Continental Divide (not the published board).

The published board's hexes, costs and incomes are not public, so this script
lays a pointy hex grid over the western USA and derives each hex from rough real geography:

* grid: row A at 48.6°N, each row 1.2° further south; hex number n sits at longitude -124.5° + 0.9° * (n - 1)
  (one hex is about 150 km across);
* land: hexes whose centre lies in the USA between the Pacific coast, the Canadian border (49°N), the Mexican
  border (Rio Grande and the 1853 line), the Gulf coast and the Mississippi valley (Illinois included);
* terrain from coarse boxes around the Rockies, Sierra Nevada, Cascades, Great Basin and south-western deserts,
  forests of the north and north-west, Ozark/Ouachita hills; the cost of a hex comes from its terrain;
* income from towns that existed about 1870–1885 (bigger town, bigger value) plus $1 for settled farmland in
  the East region; ports and start cities as the rules name them;
* regions: East | Central at the 100th meridian, Central | West at the Utah–Nevada line (114°W);
* Continental Divide: a polyline through the real divide (Glacier, South Pass, Colorado, New Mexico).

Run ``python data/continental_divide/make_teaching_map.py`` to rewrite ``map.json``. To play on the real
board, edit ``map.json`` directly (every hex lists its own cost, income, region and divide side) and keep
this script out of it.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

LAT0, LAT_STEP = 48.6, 1.2
LON0, LON_STEP = -124.5, 0.9
ROWS, COLUMNS = 17, 42

TERRAIN_COST = {"plains": 2, "hills": 3, "forest": 3, "desert": 3, "mountains": 5}

START_CITIES = {"Chicago": (41.88, -87.63), "Memphis": (35.15, -90.05), "New Orleans": (29.95, -90.07)}
PORTS = {
    "Seattle": ((47.61, -122.33), 3, 2),
    "Portland": ((45.52, -122.68), 3, 1),
    "San Francisco": ((37.77, -122.42), 6, 1),
    "Los Angeles": ((34.05, -118.24), 3, 1),
    "San Diego": ((32.72, -117.16), 2, 1),
}
# (lat, lon, income): towns of about 1870–1885; income grows with their size then.
TOWNS = {
    "St. Louis": (38.63, -90.20, 4), "Kansas City": (39.10, -94.58, 3), "Omaha": (41.26, -95.94, 3),
    "Minneapolis": (44.98, -93.27, 3), "Des Moines": (41.59, -93.62, 2), "Little Rock": (34.75, -92.29, 2),
    "Dallas": (32.78, -96.80, 2), "Houston": (29.76, -95.37, 2), "San Antonio": (29.42, -98.49, 2),
    "Austin": (30.27, -97.74, 1), "Shreveport": (32.50, -93.75, 1), "Topeka": (39.05, -95.68, 1),
    "Lincoln": (40.81, -96.70, 1), "Sioux City": (42.50, -96.40, 1), "Fargo": (46.88, -96.79, 1),
    "Springfield MO": (37.21, -93.29, 1), "Fort Smith": (35.39, -94.40, 1), "Jackson": (32.30, -90.18, 1),
    "Baton Rouge": (30.45, -91.19, 1), "Dubuque": (42.50, -90.66, 1), "Wichita": (37.69, -97.34, 1),
    "Fort Worth": (32.75, -97.33, 1), "Milwaukee": (43.04, -87.91, 2), "Springfield IL": (39.80, -89.65, 1),
    "Denver": (39.74, -104.99, 4), "Salt Lake City": (40.76, -111.89, 3), "Ogden": (41.22, -111.97, 1),
    "Cheyenne": (41.14, -104.82, 2), "Pueblo": (38.25, -104.61, 1), "Leadville": (39.25, -106.29, 2),
    "Santa Fe": (35.69, -105.94, 2), "Albuquerque": (35.08, -106.65, 1), "El Paso": (31.76, -106.49, 1),
    "Helena": (46.59, -112.04, 2), "Butte": (46.00, -112.53, 2), "Deadwood": (44.38, -103.73, 2),
    "Dodge City": (37.75, -100.02, 1), "Bismarck": (46.81, -100.78, 1), "Laramie": (41.31, -105.59, 1),
    "Bozeman": (45.68, -111.04, 1), "Durango": (37.27, -107.88, 1), "Tucson": (32.22, -110.97, 1),
    "Prescott": (34.54, -112.47, 1), "Silver City": (32.77, -108.28, 1), "Billings": (45.78, -108.50, 1),
    "Sacramento": (38.58, -121.49, 3), "Virginia City": (39.31, -119.65, 3), "Boise": (43.62, -116.20, 1),
    "Spokane": (47.66, -117.43, 1), "Walla Walla": (46.06, -118.34, 1), "Fresno": (36.74, -119.79, 1),
    "Bakersfield": (35.37, -119.02, 1), "Yuma": (32.69, -114.63, 1), "Salem": (44.94, -123.04, 1),
    "Elko": (40.83, -115.76, 1), "San Jose": (37.34, -121.89, 1), "Winnemucca": (40.97, -117.74, 1),
}

COAST = [(32.5, -117.1), (33.7, -118.3), (34.4, -119.7), (35.0, -120.6), (36.6, -121.9), (37.8, -122.5),
         (38.3, -123.0), (39.5, -123.8), (40.4, -124.4), (42.0, -124.4), (46.2, -124.0), (48.6, -124.7)]
RIO_GRANDE = [(-106.5, 31.8), (-104.4, 29.6), (-103.2, 29.0), (-100.9, 29.4), (-99.5, 27.5), (-97.5, 25.9)]
DIVIDE = [(49.0, -113.6), (47.0, -112.4), (45.5, -112.8), (44.5, -111.2), (43.5, -110.0), (42.3, -108.8),
          (41.0, -107.3), (40.0, -105.8), (39.0, -106.3), (38.0, -106.6), (37.0, -106.7), (36.0, -107.3),
          (35.0, -108.2), (34.0, -108.5), (31.3, -108.2)]


def interp(points: list[tuple[float, float]], t: float) -> float:
    """Piecewise-linear value at ``t`` of ``(t, value)`` points sorted by t (clamped at the ends)."""
    if t <= points[0][0]:
        return points[0][1]
    for (t0, v0), (t1, v1) in zip(points, points[1:]):
        if t <= t1:
            return v0 + (v1 - v0) * (t - t0) / (t1 - t0)
    return points[-1][1]


def on_land(lat: float, lon: float) -> bool:
    """True when the point is inside the mapped part of the USA."""
    if lon < interp(COAST, lat) or lat > 49.0:
        return False
    if lat >= 37.0 and lon > -87.4 or lat < 37.0 and lon > -89.2:
        return False  # east of the mapped Mississippi valley
    if lat > 42.2 and lon > -87.8 or lat > 46.6 and lon > -92.2:
        return False  # Lake Michigan, Lake Superior
    if lon < -114.7:
        border = 32.55
    elif lon < -111.07:
        border = 32.5 + (31.33 - 32.5) * (lon + 114.7) / (114.7 - 111.07)
    elif lon < -106.5:
        border = 31.33
    else:
        border = interp(RIO_GRANDE, lon)
    if lat < border:
        return False
    return lat >= 29.3  # the Gulf coast


def sierra_lon(lat: float) -> float:
    """Longitude of the Sierra Nevada crest at a latitude (a straight line from 36.5°N, 118.3°W)."""
    return -118.3 - (lat - 36.5) * 0.76


def terrain(lat: float, lon: float) -> str:
    """Coarse terrain of a point (see the module docstring)."""
    if 35.5 <= lat <= 40.8 and abs(lon - sierra_lon(lat)) < 0.8:
        return "mountains"
    if 42.0 <= lat and -122.4 <= lon <= -120.8:
        return "mountains"  # Cascades
    rockies = (
        (35.5 <= lat <= 41.0 and -107.8 <= lon <= -105.2)
        or (42.0 <= lat <= 45.2 and -111.2 <= lon <= -106.6)
        or (39.0 <= lat <= 42.0 and -112.0 <= lon <= -110.0)
        or (44.0 <= lat and -117.0 <= lon <= -110.0)
        or (33.5 <= lat <= 36.3 and -112.6 <= lon <= -109.0)
    )
    if rockies:
        return "mountains"
    if 42.0 <= lat and lon < -120.8 and not (44.0 <= lat <= 46.0 and -123.4 <= lon <= -122.4):
        return "forest"
    if (36.0 <= lat <= 42.5 and -119.8 <= lon <= -112.0) or (32.0 <= lat <= 36.0 and -117.5 <= lon <= -109.0):
        return "desert"
    if lat <= 33.5 and -108.5 <= lon <= -103.0 or 41.0 <= lat <= 42.5 and -110.0 <= lon <= -106.6:
        return "desert"  # Chihuahuan desert, Great Divide Basin
    if 45.5 <= lat and lon > -95.0 or 30.0 <= lat <= 33.5 and -95.5 <= lon <= -93.5:
        return "forest"  # northern woods, East Texas pines
    if 34.0 <= lat <= 37.8 and -95.0 <= lon <= -91.0 or 43.6 <= lat <= 44.8 and -104.3 <= lon <= -103.2:
        return "hills"  # Ozarks and Ouachitas, Black Hills
    if 41.0 <= lat <= 45.0 and -117.5 <= lon <= -111.0:
        return "hills"  # Snake River plain and its rims
    return "plains"


def region(lon: float) -> str:
    """Region of a longitude: East of 100°W, West of the Utah–Nevada line (114.05°W), Central between."""
    return "east" if lon > -100.0 else "central" if lon > -114.05 else "west"


def coord(x: int, y: int) -> str:
    """Hex name of doubled coordinates (row letter, column number)."""
    return f"{chr(ord('A') + y)}{x + 1}"


def centre(x: int, y: int) -> tuple[float, float]:
    """(latitude, longitude) of a hex centre."""
    return LAT0 - LAT_STEP * y, LON0 + LON_STEP * x


def nearest(cells: dict[tuple[int, int], tuple[float, float]], lat: float, lon: float) -> tuple[int, int]:
    """The land hex whose centre is closest to a point (longitude scaled by the cosine of the latitude)."""
    def dist(cell: tuple[int, int]) -> float:
        clat, clon = cells[cell]
        return math.hypot(clat - lat, (clon - lon) * math.cos(math.radians(lat)))

    return min(cells, key=dist)


def start_cluster(cells, lat: float, lon: float) -> list[tuple[int, int]]:
    """The city hex and the two neighbouring land hexes closest to it that form a triangle with it."""
    x, y = nearest(cells, lat, lon)
    pairs = [((x - 1, y - 1), (x - 2, y)), ((x - 2, y), (x - 1, y + 1)), ((x - 1, y + 1), (x + 1, y + 1)),
             ((x - 1, y - 1), (x + 1, y - 1))]
    for a, b in pairs:
        if a in cells and b in cells:
            return [(x, y), a, b]
    raise ValueError(f"no 3-hex cluster at {lat}, {lon}")


def build() -> dict:
    """Return the whole map file as a dict (see the module docstring for how each field is derived)."""
    cells = {}
    for y in range(ROWS):
        for x in range(y % 2, COLUMNS, 2):
            lat, lon = centre(x, y)
            if on_land(lat, lon):
                cells[(x, y)] = (lat, lon)
    hexes = {}
    for (x, y), (lat, lon) in sorted(cells.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        kind = terrain(lat, lon)
        reg = region(lon)
        hexes[(x, y)] = {
            "coord": coord(x, y), "name": "", "terrain": kind, "cost": TERRAIN_COST[kind],
            "income": 1 if reg == "east" and kind in ("plains", "hills") else 0,
            "region": reg, "west_of_divide": lon < interp(DIVIDE[::-1], lat),
            "start_city": None, "port": None, "lat": round(lat, 2), "lon": round(lon, 2),
        }
    for name, (lat, lon, value) in TOWNS.items():
        h = hexes[nearest(cells, lat, lon)]
        if h["income"] and not h["name"]:
            h["income"] = 0  # the town's value replaces the farmland dollar
        h["name"] = f"{h['name']} / {name}" if h["name"] else name
        h["income"] += value
    for name, ((lat, lon), value, _vp) in PORTS.items():
        h = hexes[nearest(cells, lat, lon)]
        if h["port"]:
            raise ValueError(f"{name} and {h['port']} fall in one hex")
        h.update(port=name, name=name if not h["name"] else f"{name} / {h['name']}", income=value)
    for name, (lat, lon) in START_CITIES.items():
        for cell in start_cluster(cells, lat, lon):
            h = hexes[cell]
            if h["start_city"] or h["port"]:
                raise ValueError(f"start city {name} overlaps {h['coord']}")
            h.update(start_city=name, name=name, income=0, cost=TERRAIN_COST["plains"], terrain="plains")
    return {
        "title": "Continental Divide",
        "approximate": True,
        "note": (
            "APPROXIMATE TEACHING MAP made by gamekit from real geography; it is NOT the published board, "
            "whose hexes, build costs and incomes are not public. Costs come "
            "from terrain, incomes from towns of about 1870-1885. To play the real board, replace the hexes "
            "list (each hex: coord, cost, income, region, west_of_divide, start_city, port)."
        ),
        "sources": [
            "Rules: the Continental Divide rulebook, read in a Spanish translation of the English rules.",
            "Geography: approximate coordinates of coast, borders, ranges and towns (public knowledge); "
            "generated by data/continental_divide/make_teaching_map.py.",
        ],
        "grid": {"orientation": "pointy", "lat_row_A": LAT0, "lat_step": LAT_STEP, "lon_column_1": LON0,
                 "lon_step": LON_STEP},
        "terrain_cost": TERRAIN_COST,
        "regions": ["east", "central", "west"],
        "start_cities": list(START_CITIES),
        "ports": {name: vp for name, (_pos, _value, vp) in PORTS.items()},
        "hexes": list(hexes.values()),
    }


if __name__ == "__main__":
    out = Path(__file__).with_name("map.json")
    data = build()
    # one hex per line keeps the file easy to edit by hand
    text = json.dumps({k: v for k, v in data.items() if k != "hexes"}, indent=1)[:-2] + ',\n "hexes": [\n'
    text += ",\n".join("  " + json.dumps(h) for h in data["hexes"]) + "\n ]\n}\n"
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out} with {len(data['hexes'])} hexes")
