"""Shared steps of the one-off transcriptions of 18xx facts into our schema (data/<title>/*.json).

The per-title scripts (tools/transcribe_1830_*.py, transcribe_1837.py, transcribe_1894.py) read the neutral JSON
in ../shared/reference/data/<title> (decoded from the 18xx.games data) and write the schema of
gamekit.tracks.facts and gamekit.tracks.mapdata with these helpers. The package never reads ../shared; the
scripts are kept to show where each fact came from.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT.parent / "shared" / "reference" / "data"
COMMIT = "111f7f698005a057d68877682486da3f1705e551"
MAP_SOURCE = ("18xx.games data, tobymao/18xx commit " + COMMIT + ", via the neutral JSON "
              "(shared/reference/data/{title})")
EVENT_NAMES = {"close_companies": "close_privates"}
"""Engine event names that our schema spells differently (the rest keep their name)."""
UNLIMITED = 99
"""The engine writes 'any number' of stops as 99 or 999."""
END_LETTER = {"edge": "e", "city": "c", "town": "t", "offboard": "o", "junction": "j"}


def read(ref: Path, name: str) -> dict:
    """Return the parsed reference file ``name`` of one title."""
    return json.loads((ref / name).read_text(encoding="utf-8"))


# --- game.json -------------------------------------------------------------------------------------------------

def market(stock: dict, zones: dict[str, dict]) -> dict:
    """Our ``market``: kind, rows of price + zone letters, and the zone table.

    ``zones`` maps our letter → ``{"flag": engine flag, "text", "colour", "effects"}``. A cell flagged ``par``
    that the engine does not offer as a par price gets the letter of the zone with the ``reissue_par`` effect.
    """
    letter_of = {z["flag"]: letter for letter, z in zones.items() if "flag" in z}
    reissue = next((letter for letter, z in zones.items() if "reissue_par" in z["effects"]), None)
    offered = {(p["row"], p["col"]) for p in stock["par_prices"]}
    rows = []
    for row in stock["cells"]:
        out = []
        for cell in row:
            if cell is None:
                out.append("")
                continue
            letters = ""
            for flag in cell["flags"]:
                letters += reissue if flag == "par" and (cell["row"], cell["col"]) not in offered else letter_of[flag]
            out.append(f"{cell['price']}{letters}")
        while out and out[-1] == "":
            out.pop()
        rows.append(out)
    kind = {"two_dimensional": "grid", "hex": "hex"}[stock["kind"]]
    table = {letter: {k: v for k, v in z.items() if k != "flag"} for letter, z in zones.items()}
    return {"kind": kind, "rows": rows, "zones": table}


def reference_game(ref: Path, zones: dict[str, dict]) -> tuple[dict, list[dict], list[dict], dict]:
    """Read a title's game, companies and corporations, and build our market (its moves checked against the
    engine's): ``(game, companies, corporations, market)``."""
    game = read(ref, "game.json")
    facts_market = market(game["stock_market"], zones)
    check_moves(game["stock_market"], facts_market)
    return game, read(ref, "companies.json")["companies"], read(ref, "corporations.json")["corporations"], facts_market


def check_moves(stock: dict, facts_market: dict) -> None:
    """Assert that our StockMarket moves every cell as the engine's recorded ``moves`` do. Where the engine's
    table names a position with no cell (1830 ``down`` below a short row), ours stays put: never past the edge."""
    from gamekit.tracks.market import MarketFacts, StockMarket

    ours = StockMarket(MarketFacts.from_data(facts_market))
    names = {"left": "left", "right": "right", "up": "up", "down": "down", "diagonally_up_left": "up_left",
             "diagonally_down_right": "down_right", "diagonally_up_right": "up", "diagonally_down_left": "down"}
    for row in stock["cells"]:
        for cell in row:
            for engine_name, target in (cell or {}).get("moves", {}).items():
                pos = (cell["row"], cell["col"])
                want = tuple(target) if tuple(target) in ours.cells else pos
                got = ours.move(pos, names[engine_name])
                assert got == want, (pos, engine_name, got, target)


def phases(game: dict) -> list[dict]:
    """Our phases: train limits (a number or per kind), tiles, ORs per set and status flags."""
    out = []
    for p in game["phases"]:
        entry = {"name": p["name"], **({"on": p["on"]} if "on" in p else {}), "train_limit": p["train_limit"],
                 "tiles": p["tiles"], "operating_rounds": p["operating_rounds"]}
        if "can_buy_companies" in p.get("status", []):
            entry["status"] = ["corporations_buy_privates"]
        out.append(entry)
    return out


def _stops(n: int) -> int | None:
    return None if n >= UNLIMITED else n


def distance(t: dict) -> int | list[dict] | None:
    """A train's reach: a number of stops, None for unlimited, or distance rows (``"+n"``, express, goods)."""
    if isinstance(t["distance"], int):
        return _stops(t["distance"])
    return [{"nodes": row["nodes"], "pay": _stops(row["pay"]), "visit": _stops(row["visit"])}
            for row in t["distance"]]


def trains(game: dict, goods: frozenset[str] = frozenset()) -> list[dict]:
    """Our trains; ``goods`` names the goods trains (1837's G trains)."""
    out = []
    for t in game["trains"]:
        out.append({k: v for k, v in {
            "name": t["name"], "distance": distance(t), "price": t["price"],
            "count": None if t.get("unlimited_supply") else t["count"],
            "count_with_option": t.get("count_with_optional_rule"), "rusts_on": t.get("rusts_on"),
            "obsolete_on": t.get("obsolete_on"), "available_on": t.get("available_on"),
            "trade_in": t.get("discount"),
            "events": [EVENT_NAMES.get(e["type"], e["type"]) for e in t.get("events", [])] or None,
            "goods": True if t["name"] in goods else None,
        }.items() if v is not None})
    return out


def events(game: dict, texts: dict[str, str]) -> dict[str, str]:
    """Event name → our explanation (``texts``), for every event a train fires, in the engine's legend order."""
    fired = {EVENT_NAMES.get(e["type"], e["type"]) for t in game["trains"] for e in t.get("events", [])}
    assert fired == set(texts), f"explain exactly the fired events {sorted(fired)}"
    order = [EVENT_NAMES.get(name, name) for name in game["events_legend"]]
    return {name: texts[name] for name in order if name in fired}


def end_triggers(game: dict, final_phase: str | None = None) -> list[dict]:
    """Our end triggers from the engine's game-end checks (``final_phase`` names the phase for that trigger)."""
    out = []
    for reason, timing in game["game_end"]["checks"].items():
        entry = {"reason": reason, "timing": timing}
        if reason == "bankrupt":
            entry["players"] = game["game_end"]["bankruptcy_ends_game_after"]
        if reason == "final_phase":
            entry["phase"] = final_phase
        out.append(entry)
    return out


def _closing(c: dict, out: dict) -> None:
    events_closing = [EVENT_NAMES.get(k["event"], k["event"]) for k in c["closing"] if k["kind"] == "train_event"]
    if events_closing != ["close_privates"]:
        out["closed_by_events"] = events_closing
    for k in c["closing"]:
        if k["kind"] == "on_purchase":
            out["closes_on_purchase"] = True
        elif k["kind"] == "close_ability" and "on_phase" in k:
            out["closes_on_phase"] = k["on_phase"]
        elif k["kind"] == "close_ability" and k.get("when") == ["operated"]:
            out["closes_when_operated"] = k["corporation"]


def private(c: dict) -> dict:
    """Our private company from an engine company record (abilities as data)."""
    out = {"sym": c["sym"], "name": c["name"], "value": c["value"], "revenue": c["revenue"],
           "description": c.get("description", ""), "blocks_hexes": [], "may_sell_to_corporation": True}
    for ab in c["abilities"]:
        kind = ab["type"]
        if kind == "blocks_hexes":
            out["blocks_hexes"] = ab["hexes"]
            if "remove" in ab:
                out["blocks_until_phase"] = ab["remove"]
        elif kind == "shares":
            out["grants_certificate"] = ab["shares"]
        elif kind == "no_buy":
            out["may_sell_to_corporation"] = False
        elif kind == "close" and ab.get("when") == ["bought_train"]:
            out["closes_when_train_bought_by"] = ab["corporation"]
        elif kind == "exchange":
            out["exchange"] = {"corporation": ab["corporations"][0], "from": ab["from"]}
        elif kind == "tile_lay":
            lay = {"hexes": ab["hexes"], "tiles": ab["tiles"], "count": ab["count"],
                   "ignores_connection": not ab.get("reachable", False),
                   "extra_lay": not ab.get("consume_tile_lay", False)}
            if ab.get("owner_type") == "player":
                lay["owner"] = "player"
            for key in ("cost", "discount"):
                if ab.get(key):
                    lay[key] = ab[key]
            out["tile_lay"] = lay
        elif kind == "teleport":
            out["teleport"] = {"hexes": ab["hexes"], "tiles": ab["tiles"]}
        elif kind == "token":
            out["token"] = {"hexes": ab["hexes"], "price": ab["price"]}
        elif kind == "revenue_change" and ab.get("when") == ["sold"]:
            out["revenue_when_corporation_owned"] = ab["revenue"]
        elif kind == "acquire_company":
            out["comes_with"] = ab["company"]
    _closing(c, out)
    return out


def corporation(c: dict, kind: str, title_float: int, title_holding: int) -> dict:
    """Our corporation: homes, certificates with reserved ones, capitalization and the title-level overrides."""
    coords = c.get("possible_home_hexes") or c["coordinates"]
    coords = [coords] if isinstance(coords, str) else coords
    cities = c.get("city")
    cities = cities if isinstance(cities, list) else [cities] * len(coords)
    homes = [{"hex": h, **({"city": city} if city is not None else {})} for h, city in zip(coords, cities)]
    out: dict = {"sym": c["sym"], "name": c["name"]}
    if kind != "major":
        out["kind"] = kind
    out["homes"] = homes
    if c.get("possible_home_hexes") or (len(homes) > 1 and c["tokens"][1:2] != [0]):
        # two-home corporations place a free second token on the other home (1894); the others choose one
        out["home_rule"] = "choose_one"
    out.update({"tokens": c["tokens"], "colour": c["colour"]})
    if "text_colour" in c:
        out["text_colour"] = c["text_colour"]
    out["certificates"] = c["share_percents"]
    reserved = [s["index"] for s in c["shares"] if s.get("reserved")]
    if reserved:
        out["reserved"] = reserved
    if "initial_cash" in c:
        out["capitalization"] = "fixed"
        out["starting_treasury"] = c["initial_cash"]
    elif c["capitalization"] != "full":
        out["capitalization"] = c["capitalization"]
    if c["float_percent"] != title_float:
        out["float_percent"] = c["float_percent"]
    if c["max_ownership_percent"] != title_holding:
        out["max_holding_percent"] = c["max_ownership_percent"]
    if "initial_par_price" in c:
        p = c["initial_par_price"]
        out["initial_price"] = f"{p['price']},{p['row']},{p['col']}"
    if not c["floatable"]:
        out["floatable"] = False
    return out


def bank(game: dict) -> int | str:
    """The bank's cash, or ``"unlimited"``."""
    return "unlimited" if game.get("bank_cash_unlimited") else game["bank_cash"]


def currency(game: dict) -> str:
    """The currency format with ``{}`` for the amount (``"$%s"`` → ``"${}"``)."""
    return game["currency_format"]["template"].replace("%s", "{}")


def write_game(title: str, doc: dict) -> None:
    """Write ``data/<title>/game.json``."""
    target = ROOT / "data" / title / "game.json"
    target.parent.mkdir(exist_ok=True)
    target.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print("wrote", target)


# --- map.json and tiles.json -----------------------------------------------------------------------------------

def end(point: dict) -> str:
    """A path end in our notation (``{"edge": 3}`` → ``"e3"``)."""
    (kind, number), = point.items()
    return f"{END_LETTER[kind]}{number}"


def node(part: dict, kind: str) -> dict:
    """A city, town or off-board: part index, revenue, slots and home reservations, group."""
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
    """The track parts of a tile or printed hex (cities, towns, off-boards, paths, labels, terrain)."""
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


def border(b: dict, closes_with: str | None = None) -> dict:
    """A border; ``closes_with`` names the overlay that makes a province border impassable."""
    out = {"edge": b["edge"]}
    if b.get("type"):
        out["kind"] = b["type"]
    if b.get("cost"):
        out["cost"] = b["cost"]
    if closes_with and b.get("type") == "province":
        out["closes_with"] = closes_with
    return out


def blocked_by(hexes: dict) -> dict[str, list[str]]:
    """Hex → private companies blocking it, from the engine's list of blocking abilities (every company, not
    only those left after the engine's random setup)."""
    out: dict[str, list[str]] = {}
    for block in hexes.get("blocking", []):
        for coord in block["hexes"]:
            out.setdefault(coord, []).append(block["entity"])
    return out


def hex_entry(h: dict, blockers: list[str], province_overlay: str | None = None,
              upgrades_to: list[str] | None = None) -> dict:
    """One printed hex in our schema (``upgrades_to``: the only tiles that may replace its printed track)."""
    out = {"coord": h["coord"], "colour": h["colour"]}
    if h.get("location_name"):
        out["name"] = h["location_name"]
    out["tile_id"] = h["preprinted_tile"]["id"]
    out.update(parts(h))
    if upgrades_to is not None:
        out["upgrades_to"] = upgrades_to
    if h["borders"]:
        out["borders"] = [border(b, province_overlay) for b in h["borders"]]
    if blockers:
        out["blocked_by"] = blockers
    if h.get("tile_reservations"):
        out["reserved_by"] = h["tile_reservations"]
    if h.get("future_label"):
        out["future_label"] = h["future_label"]
    if "coal" in (h.get("assignments") or []):
        out["mine"] = True
    return out


def tile_entry(t: dict, upgrades_to: list[str] | None = None, rotations: list[int] | None = None) -> dict:
    """One manifest tile, with its upgrade and rotation limits where the title has them."""
    out = {"name": t["name"], "colour": t["colour"], "count": t["count"]}
    out.update(parts(t))
    if upgrades_to is not None:
        out["upgrades_to"] = upgrades_to
    if rotations is not None:
        out["rotations"] = rotations
    return out


def write_map(title: str, note: str, hexes: list[dict], tiles: list[dict], overlays: list[dict] | None = None) -> None:
    """Write ``data/<title>/map.json`` (with its overlays, if any) and ``tiles.json``."""
    out = ROOT / "data" / title
    source = MAP_SOURCE.format(title=title)
    head = {"title": title, "source": source, "note": note, "rule_prefix": title,
            "impassable_colours": ["red", "gray", "blue"]}
    if overlays:
        head["overlays"] = overlays
    dump(out / "map.json", {**head, "hexes": hexes}, "hexes")
    dump(out / "tiles.json", {"title": title, "source": source, "note": note, "tiles": tiles}, "tiles")
    print("wrote", out / "map.json", out / "tiles.json")


def dump(path: Path, doc: dict, list_key: str) -> None:
    """Write ``doc`` with one entry of ``doc[list_key]`` per line (readable diffs, small file)."""
    head = {k: v for k, v in doc.items() if k != list_key}
    lines = [json.dumps(head, ensure_ascii=False)[:-1] + f', "{list_key}": [']
    items = [json.dumps(item, ensure_ascii=False) for item in doc[list_key]]
    lines.append(",\n".join("  " + item for item in items))
    lines.append("]}")
    path.parent.mkdir(exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


# --- descriptions in our own words -----------------------------------------------------------------------------

def _hexes(coords: list[str]) -> str:
    return ", ".join(coords) if coords else "any hex"


def describe(p: dict, corps: dict[str, dict], money, extra: str = "") -> str:
    """A private company's description written from its transcribed facts (our words, not the engine's text).

    ``corps``: our corporations by symbol; ``money``: formats an amount; ``extra``: a sentence for a power the
    facts do not express.
    """
    out = []
    cert = p.get("grants_certificate")
    if cert:
        sym, _, index = cert.rpartition("_")
        corp = corps[sym]
        kind = corp.get("kind", "major")
        if kind in ("coal", "minor"):
            homes = " or ".join(h["hex"] for h in corp["homes"])
            what = "coal company" if kind == "coal" else "minor company"
            share = "director's certificate" if index == "0" else "second 50% certificate"
            out.append(f"The {share} of the {what} {corp['name']} ({sym}), home {homes}, which starts with "
                       f"{money(corp['starting_treasury'])} in its treasury.")
            if corp.get("exchanges_for"):
                out.append(f"The coal company runs goods trains only and may be exchanged for a reserved 10% "
                           f"certificate of {corp['exchanges_for']}.")
        else:
            share = "president's certificate" if index == "0" else "a certificate"
            out.append(f"Its buyer receives the {share} of {sym}" + (" and sets its par price." if index == "0"
                                                                      else "."))
    if p.get("closes_on_purchase"):
        out.append("The company card closes when bought; the certificate stays with the buyer.")
    if p.get("comes_with"):
        out.append(f"Its buyer also receives the {p['comes_with']} private company.")
    lay = p.get("tile_lay")
    if lay and lay.get("owner") == "player":
        out.append(f"Companies of its owner may lay a tile on {_hexes(lay['hexes'])} with up to "
                   f"{money(lay['discount'])} of terrain cost waived; that is their tile lay for the turn.")
    elif lay:
        cost = f" for {money(lay['cost'])}" if lay.get("cost") else ""
        out.append(f"Once, the owning corporation may lay an extra tile on {_hexes(lay['hexes'])}{cost}.")
    if p.get("teleport"):
        out.append(f"The owning corporation may lay or upgrade the tile on {_hexes(p['teleport']['hexes'])} without "
                   f"a connection, and may then place a station token there.")
    if p.get("token"):
        price = f"for {money(p['token']['price'])}" if p["token"]["price"] else "free of charge"
        out.append(f"The owning corporation may place a station token on {_hexes(p['token']['hexes'])} {price}.")
    if p.get("revenue_when_corporation_owned") is not None:
        out.append(f"Its revenue is {money(p['revenue_when_corporation_owned'])} while a corporation owns it.")
    colours = p.get("revenue_by_hex_colour")
    if colours:
        parts = " and ".join(f"{money(v)} when it is {c}" for c, v in colours["revenue"].items())
        out.append(f"Its revenue depends on the tile in {colours['hex']}: {parts}, otherwise nothing.")
    if p["blocks_hexes"]:
        until = (f"until phase {p['blocks_until_phase']}, for other players' companies"
                 if p.get("blocks_until_phase") else "while a player owns it")
        out.append(f"Blocks {_hexes(p['blocks_hexes'])} {until}.")
    if not p["may_sell_to_corporation"] and not p.get("closes_on_purchase"):
        out.append("It may not be sold to a corporation.")
    if p.get("closes_when_operated"):
        out.append(f"Closes when {p['closes_when_operated']} first operates.")
    if p.get("closes_on_phase"):
        out.append(f"Closes at the start of the {p['closes_on_phase']} phase.")
    if extra:
        out.append(extra)
    return " ".join(out)
