"""The rules texts of 1894 and 1837 (DESIGN §2.4): they parse with the project's rules loader, their ids are
unique and prefixed, they carry the engine's shared track/token/route sections, every cross-reference resolves,
every worked example of the reference notes (T94-1 … T94-26, T37-1 … T37-20) is stated with its numbers, every
numbered rule of the 1894 seed (editions.md §2.1, rules 1–54) and of the 1837 seed (§1.1, rules 1–77, and the
differences D1–D24 of §1.3) has a section, and the first edition's differences are marked as such.

The titles are not registered with `gamekit.rules` yet, so the loader's parser is called with the two files
added to its table for the duration of a test (the cache of `rule_sections` is bypassed).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamekit import rules

ROOT = Path(__file__).resolve().parent.parent
TITLES = ("1894", "1837")
ID_PATTERN = re.compile(r"^(1894|1837):[a-z0-9][a-z0-9.\-]*$")
TRACK_RULE = re.compile(r'rule\("([a-z]+\.[a-z0-9\-]+)"\)')
CROSS_REF = re.compile(r"`((?:1894|1837|1830):[a-z0-9][a-z0-9.\-]*)`")
FIRST_EDITION = "First edition (option `edition=1st`)"

# editions.md §2.1: the seed's 1894 rules by number -> the sections stating them, each with a phrase it must hold
RULES_1894 = {
    1: [("1894:stock.float", "ten times its par")],
    2: [("1894:auction.major-shareholding", "ten times the par")],
    3: [("1894:dividend.payout", "pay the corporation itself")],
    4: [("1894:stock.float", "at most 40%")],
    5: [("1894:stock.holding-limit", "60%")],
    6: [("1894:stock.cert-limit", "18 certificates (three players) or 14")],
    7: [("1894:stock.pool-limit", "five certificates (50%)")],
    8: [("1894:setup", "570 F"), ("1894:setup", "unlimited")],
    9: [("1894:end.final-set", "no corporation lays track or places stations")],
    10: [("1894:end.stock-market", "450 F")],
    11: [("1894:end.bankrupt", "the game ends at once")],
    12: [("1894:end.agreement", "all agree")],
    13: [("1894:end.value", "no tie-break")],
    14: [("1894:trains.phase", "Seven phases")],
    15: [("1894:or.sets", "three from the brown phase on")],
    16: [("1894:trains.limit", "2 in purple")],
    17: [("1894:trains.phase", "Green brings green tiles")],
    18: [("1894:trains.phase", "opens the late corporations")],
    19: [("1894:private.close", "except the SQG")],
    20: [("1894:track.no-split-in-purple", "can no longer be upgraded")],
    21: [("1894:trains.roster", "800 F")],
    22: [("1894:trains.trade-in", "less half the old one's")],
    23: [("1894:private.lrc", "60 F")],
    24: [("1894:private.ar", "10 F to a corporation")],
    25: [("1894:private.station", "Liège (H17)")],
    26: [("1894:private.station", "Antwerpen (D17)"), ("1894:setup.draw", "is removed")],
    27: [("1894:private.sqg", "100 F once it is brown")],
    28: [("1894:private.ls", "40 F instead of 80 F")],
    29: [("1894:private.nord-minor", "10% Nord certificate")],
    30: [("1894:private.major-shareholding", "closes when its corporation first operates")],
    31: [("1894:private.major-shareholding", "never be sold to a")],
    32: [("1894:or.buy-private", "twice its face value")],
    33: [("1894:corporations", "Paris G6")],
    34: [("1894:corporations", "Rouen D3 and Chartres H3")],
    35: [("1894:corporations", "Lens D9 and Charleroi G14")],
    36: [("1894:corporations", "Le Havre B3 and Amiens E6")],
    37: [("1894:corporations", "Reims I10")],
    38: [("1894:corporations", "Gent D15")],
    39: [("1894:corporations", "Mechelen E16")],
    40: [("1894:corporations.late", "3 stations each"), ("1894:stock.late-corporations", "own country")],
    41: [("1894:setup.starting-shares", "goes to the bank pool")],
    42: [("1894:market.grey", "may buy two of its certificates")],
    43: [("1894:or.redeem", "up to two"), ("1894:or.reissue", "100 F for each")],
    44: [("1894:trains.trade-in", "even at its train limit")],
    45: [("1894:track.city-split", "two separate cities")],
    46: [("1894:or.track-actions", "one yellow tile and one upgrade")],
    47: [("1894:route.ferry", "80 F"), ("1894:route.luxembourg", "most valuable"),
         ("1894:route.netherlands", "100 F more")],
    48: [("1894:stock.sold-out", "eight or more")],
    49: [("1894:stock.priority", "order in which the players passed")],
    50: [("1894:trains.must-buy", "another revenue centre")],
    51: [("1894:trains.emergency", "never more")],
    52: [("1894:trains.emergency", "before the train is bought")],
    53: [("1894:trains.emergency-other", "face value")],
    54: [("1894:end.bankrupt", "no other")],
}

# editions.md §1.1: the seed's 1837 rules by number -> the section stating them
RULES_1837 = {
    1: "1837:track.colour", 2: "1837:or.track", 3: "1837:track.colour", 4: "1837:track.connect",
    5: "1837:track.home", 6: "1837:track.cities", 7: "1837:track.cities", 8: "1837:track.label",
    9: "1837:track.double", 10: "1837:track.double", 11: "1837:track.exits", 12: "1837:track.exits",
    13: "1837:map.italy", 14: "1837:track.exits", 15: "1837:track.terrain", 16: "1837:private.mountain",
    17: "1837:private.mountain", 18: "1837:private.mountain", 19: "1837:private.mountain", 20: "1837:map.bosnia",
    21: "1837:track.colour", 22: "1837:track.upgrade-reach", 23: "1837:token.connect", 24: "1837:track.upgrade",
    25: "1837:track.cities", 26: "1837:track.label", 27: "1837:track.upgrade", 28: "1837:token.slot",
    29: "1837:track.supply", 30: "1837:track.colour", 31: "1837:token.home", 32: "1837:route.token",
    33: "1837:route.blocked", 34: "1837:track.connect", 35: "1837:token.cost", 36: "1837:token.cost",
    37: "1837:token.cost", 38: "1837:or.token", 39: "1837:token.city", 40: "1837:token.once",
    41: "1837:token.connect", 42: "1837:token.connect", 43: "1837:token.reserved", 44: "1837:minor.tokens",
    45: "1837:national.tokens", 46: "1837:national.sd-tokens", 47: "1837:national.kk-vienna",
    48: "1837:national.kk-vienna", 49: "1837:national.ug-budapest", 50: "1837:route.train", 51: "1837:route.stops",
    52: "1837:route.distance", 53: "1837:route.distance", 54: "1837:route.plus", 55: "1837:route.stops",
    56: "1837:route.express", 57: "1837:route.goods", 58: "1837:route.goods", 59: "1837:route.revisit",
    60: "1837:route.budapest", 61: "1837:route.twin", 62: "1837:route.blocked", 63: "1837:route.reuse",
    64: "1837:route.track", 65: "1837:route.reuse", 66: "1837:route.revenue", 67: "1837:dividend",
    68: "1837:minor.payout", 69: "1837:minor.payout", 70: "1837:dividend", 71: "1837:dividend.payout",
    72: "1837:dividend.payout", 73: "1837:trains.goods", 74: "1837:route.mine-subsidy",
    75: "1837:route.mine-subsidy", 76: "1837:market.moves", 77: "1837:market.moves",
}

# editions.md §1.3: seed (first edition) vs 18xx.games (second edition) -> the section stating the difference
DIFFERENCES_1837 = {
    "D1": "1837:track.upgrade-reach", "D2": "1837:map.italy", "D3": "1837:map.bosnia", "D4": "1837:token.connect",
    "D5": "1837:minor.payout", "D6": "1837:dividend.rounding", "D7": "1837:route.goods",
    "D8": "1837:route.mine-subsidy", "D9": "1837:route.express", "D10": "1837:route.plus",
    "D11": "1837:national.kk-vienna", "D12": "1837:national.ug-budapest", "D13": "1837:national.token-cost",
    "D14": "1837:token.cost", "D15": "1837:private.mountain", "D16": "1837:token.home", "D17": "1837:auction",
    "D18": "1837:market", "D19": "1837:coal.mines", "D20": "1837:trains.roster", "D21": "1837:national.formation",
    "D22": "1837:trains.surrender", "D23": "1837:coal.exchange", "D24": "1837:minor.companies",
}
# the differences where the first edition's rule (or its evidence) differs: each gets a marked paragraph
MARKED_1837 = ("D1", "D2", "D4", "D5", "D6", "D17", "D18", "D19")

# editions.md §3: each worked example -> strings (its numbers) that the sections citing it must state
EXAMPLES = {
    "T94-1": ["670 F", "800 F", "950 F", "1,000 F"],
    "T94-2": ["4 × 10%", "3 × 10%", "60%", "40%"],
    "T94-3": ["570 F", "18", "480 F", "14"],
    "T94-4": ["2→3 80", "3→4 240", "4→5+1 250", "5+1→6 400", "6→7 400", "5+1→D 600", "6→D 500", "7→D 450"],
    "T94-5": ["second trade-in", "refused", "at the train limit"],
    "T94-6": ["first 4 → the 2s", "first 5+1 → the 3s", "first 7 → the 4s", "first Diesel → the 5+1s"],
    "T94-7": ["five cities plus one extra town", "not six cities"],
    "T94-8": ["yellow 1", "green 2", "blue 2", "brown 3", "red 3", "grey 3", "purple 3"],
    "T94-9": ["20 − 5k", "60 F"],
    "T94-10": ["yellow 0 F", "green 70 F", "brown 100 F"],
    "T94-11": ["5 F", "10 F"],
    "T94-12": ["45 to 180 F", "35 to 140 F", "10 to 40 F"],
    "T94-13": ["80 F", "40 F", "4 in all", "at most 1"],
    "T94-14": ["30 + 50 + 50 = 130 F"],
    "T94-15": ["C18", "I2", "+100"],
    "T94-16": ["the bonus is 60 F", "larger of L, 40 and 60"],
    "T94-17": ["up to 2", "only 1"],
    "T94-18": ["3 treasury", "300 F", "2 in the treasury and 3 in the IPO"],
    "T94-19": ["70%: up 1", "80%: up 2", "80%: up 3"],
    "T94-20": ["130 F", "39 F", "110 F", "receives 0 F"],
    "T94-21": ["five certificates", "refused"],
    "T94-22": ["450", "remaining eligible rises"],
    "T94-23": ["second of three", "full set of three"],
    "T94-24": ["PLM 5", "CFOR 5", "Nord 4", "Ouest 5", "Est 5", "AG 5", "Belge 3", "3 for"],
    "T94-25": ["a yellow tile and an upgrade: legal", "two yellow tiles: legal", "two upgrades: refused"],
    "T94-26": ["300 F", "120 F", "500 F", "exactly 180 F", "ends at 0"],
    "T37-1": ["costs 0"],
    "T37-2": ["1, 3 or 5", "20, 60 or 100 K"],
    "T37-3": ["2, 4 or 6", "80, 160 or 240 K"],
    "T37-4": ["E17 to G13 (second) 3 hexes, 60 K", "F28 to H30", "N20 to K17", "E17 to C23 (third) 4, 160 K",
              "J36 to D36 (third) 6", "C33 to C23 (second) 5, 100 K", "C33 to F28 (third) 4, 160 K",
              "C11 to G17 (second) 5, 100 K"],
    "T37-5": ["G17 to H20 (2 hexes) 40 K", "G17 to E17 (2 hexes)", "G17 to H22 (3 hexes) 120 K",
              "H22 to H20 (1 hex) 20 K"],
    "T37-6": ["0 K", "refused", "110 K"],
    "T37-7": ["Vienna – Pressburg – Budapest", "fourth stop"],
    "T37-8": ["3 of its 4", "90 K"],
    "T37-9": ["two cities", "two mines", "refused"],
    "T37-10": ["20 K of revenue", "20 K (its first value)", "owner receives 10 K", "gains 30 K"],
    "T37-11": ["five towns of 10", "Budapest 50", "100 K", "25 K"],
    "T37-12": ["50 + 50 = 100 K", "435"],
    "T37-13": ["25/45", "35/60", "25 and 35", "45 and 60"],
    "T37-14": ["revenue 60 K", "treasury 30", "holder 15", "revenue 110 K", "treasury 55", "holder 27", "1 K"],
    "T37-15": ["105 K", "receives 31", "10 for the pool share", "keeps 52", "53 left", "receives 15", "5 (5.3)"],
    "T37-16": ["two of Vienna's cities", "refused"],
    "T37-17": ["1 station in Vienna and 2 on its charter", "1 station there and 1 on its charter"],
    "T37-18": ["4 stations", "1 on its charter"],
    "T37-19": ["round n", "round n+1"],
    "T37-20": ["104", "114", "102", "99", "175", "210", "460"],
}


@pytest.fixture
def sections(monkeypatch):
    """Return ``{prefix: {rule id: (title, text)}}`` for 1894 and 1837, parsed by `gamekit.rules`."""
    for prefix in TITLES:
        monkeypatch.setitem(rules.RULE_FILES, prefix, (prefix, "rules.md"))
    return {prefix: rules.rule_sections.__wrapped__(prefix) for prefix in TITLES}


def _text(sections, rule_id: str) -> str:
    """Heading and text of a section with its line breaks folded into spaces, so phrases can span lines."""
    title, body = sections[rule_id.split(":", 1)[0]][rule_id]
    return " ".join(f"{title} {body}".split())


def _citing(sections, example: str) -> list[str]:
    marker = f"Example ({example})"
    return [rid for by_id in sections.values() for rid in by_id if marker in _text(sections, rid)]


@pytest.mark.parametrize("prefix", TITLES)
def test_ids_are_unique_prefixed_and_carry_text(sections, prefix):
    by_id = sections[prefix]
    assert len(by_id) > 80
    assert all(ID_PATTERN.match(rid) and rid.startswith(prefix + ":") for rid in by_id)
    assert all(body.strip() for _, body in by_id.values())


@pytest.mark.parametrize("prefix", TITLES)
def test_every_subheading_is_a_rule_section(sections, prefix):
    # a heading below the top level without an id would silently end the previous section
    text = (ROOT / "data" / prefix / "rules.md").read_text(encoding="utf-8")
    headings = [line for line in text.splitlines() if re.match(r"^#{2,6}\s", line)]
    assert headings and all(re.match(rf"^#{{2,6}}\s+`{prefix}:", line) for line in headings)
    assert len(headings) == len(sections[prefix])


def test_a_defined_twice_id_is_refused(monkeypatch, tmp_path):
    # the uniqueness guarantee comes from the loader itself; check it refuses a duplicate
    monkeypatch.setitem(rules.RULE_FILES, "dup", ("dup", "rules.md"))
    monkeypatch.setattr(rules, "data_text", lambda folder, name: "## `dup:a` A\nx\n## `dup:a` A again\ny\n")
    with pytest.raises(rules.DataError, match="dup:a is defined twice"):
        rules.rule_sections.__wrapped__("dup")


def _shared_sections() -> set[str]:
    """Sections the shared 18xx modules cite, prefixed by the map's title (``rule("track.lay")``)."""
    cited: set[str] = set()
    for path in (ROOT / "gamekit" / "tracks").rglob("*.py"):
        cited |= set(TRACK_RULE.findall(path.read_text()))
    return cited


@pytest.mark.parametrize("prefix", TITLES)
def test_sections_the_shared_engine_cites_exist(sections, prefix):
    shared = _shared_sections()
    assert len(shared) > 20
    steps = {f"or.{step}" for step in ("track", "token", "route", "dividend", "buy-train", "buy-company")}
    missing = {f"{prefix}:{section}" for section in shared | steps | {"setup"}} - set(sections[prefix])
    assert not missing


@pytest.mark.parametrize("prefix", TITLES)
def test_cross_references_resolve(sections, prefix):
    known = set(sections["1894"]) | set(sections["1837"]) | set(rules.rule_sections("1830"))
    text = (ROOT / "data" / prefix / "rules.md").read_text(encoding="utf-8")
    refs = set(CROSS_REF.findall(text))
    assert len(refs) > 20
    assert refs <= known, sorted(refs - known)


@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_worked_example_is_stated_with_its_numbers(sections, example):
    citing = _citing(sections, example)
    assert citing, f"no section states example {example}"
    prefix = example[1:3]
    assert all(rid.startswith(f"18{prefix}:") for rid in citing)
    text = "\n".join(_text(sections, rid) for rid in citing)
    missing = [value for value in EXAMPLES[example] if value not in text]
    assert not missing


def test_every_worked_example_of_the_reference_notes_is_listed():
    assert {f"T94-{n}" for n in range(1, 27)} | {f"T37-{n}" for n in range(1, 21)} == set(EXAMPLES)


def test_every_numbered_1894_rule_has_a_section():
    assert set(RULES_1894) == set(range(1, 55))


@pytest.mark.parametrize("number", sorted(RULES_1894))
def test_numbered_1894_rule_is_stated(sections, number):
    for rule_id, phrase in RULES_1894[number]:
        assert phrase in _text(sections, rule_id)


def test_every_numbered_1837_rule_and_difference_has_a_section(sections):
    assert set(RULES_1837) == set(range(1, 78))
    assert set(DIFFERENCES_1837) == {f"D{n}" for n in range(1, 25)}
    assert set(RULES_1837.values()) | set(DIFFERENCES_1837.values()) <= set(sections["1837"])


@pytest.mark.parametrize("difference", MARKED_1837)
def test_first_edition_difference_is_marked(sections, difference):
    text = _text(sections, DIFFERENCES_1837[difference])
    assert FIRST_EDITION in text
    assert re.search(rf"\b{difference}\b", text)


def test_the_uncertain_minor_payout_reading_is_flagged(sections):
    text = _text(sections, "1837:minor.payout")
    assert "uncertain reading" in text and "`minor_payout=full`" in text
    assert "D5, uncertain reading" in _text(sections, "1837:open")


def test_1837_names_both_editions_and_its_options(sections):
    """The options are written as a user gives them (``--option edition=1st``, ``options=["edition=1st"]``): every
    `key=value` the rules name is one of the game's options, and each option is named."""
    import gamekit

    text = _text(sections, "1837:edition")
    whole = "\n".join(body for _, body in sections["1837"].values())
    named = set(re.findall(r"`([a-z_]+=[a-z0-9_-]+)`", whole))
    assert not re.findall(r'[a-z_]+ ?= ?"', whole)  # never edition="1st": no such option string exists
    assert named == set(gamekit.game_class("1837").options_available) == {
        "edition=2nd", "edition=1st", "minor_payout=full", "packet=1st", "market_order=float", "priority=last-buyer",
        "financing=none"}
    for needle in ("`edition=2nd`", "`edition=1st`", "`minor_payout=full`", "`packet=1st`", "D1", "D2", "D4", "D5", "D6"):
        assert needle in text


def test_1894_teaching_toggles_are_options_with_their_names(sections):
    """The rules name each teaching option as a user types it, one of ``Game1894.options_available``."""
    from gamekit.titles.g1894 import Game1894

    assert set(Game1894.options_available) == {"london_bonus=owner", "grey_extra_up=every_up"}
    text = _text(sections, "1894:edition")
    assert "`london_bonus=owner`" in text and "`grey_extra_up=every_up`" in text
    assert "`london_bonus=owner`" in _text(sections, "1894:route.london-bonus")
    assert "`grey_extra_up=every_up`" in _text(sections, "1894:market.grey")
    assert '= "' not in "".join(_text(sections, f"1894:{s}") for s in ("edition", "route.london-bonus",
                                                                       "market.grey", "open"))


def test_1894_open_points_name_the_engine_readings(sections):
    text = _text(sections, "1894:open")
    for reading in ("F2", "F3", "F4", "F8", "F11", "F12", "F14"):
        assert f"**{reading}" in text


@pytest.mark.parametrize("prefix", TITLES)
def test_sources_name_their_documents_rulebook_and_notes(sections, prefix):
    text = _text(sections, f"{prefix}:sources")
    document = {"1894": "The Catalan summary of the rules", "1837": "The first-edition text"}[prefix]
    assert document in text and "editions.md" in text and "18xx_engine.md" in text
    assert ("1894_rules.pdf" in text) if prefix == "1894" else ("second edition" in text)


def test_the_seeds_noise_words_are_not_carried_over():
    text = (ROOT / "data" / "1837" / "rules.md").read_text(encoding="utf-8").lower()
    assert not re.search(r"merr|cavern|cav[a-z]*ns", text)
