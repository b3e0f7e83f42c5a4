"""The 1837 facts (second edition) as transcribed into our schema (``data/1837``): kinds of corporation, reserved
certificates, fixed and full capital, train limits per kind, distance rows of plus, express and goods trains,
mines, and the Italy and Bosnia overlays, checked against 18xx_engine.md §6.3, editions.md §3.1 and the real
game of 18xx.games."""

from __future__ import annotations

from collections import Counter


from gamekit.tracks.facts import title_facts
from gamekit.tracks.mapdata import load_track_data, revenue_for

from .facts_support import check_against_states
from .fixtures import each_log, fixture_paths

FACTS = title_facts("1837")
DATA = load_track_data("1837")
LOGS = fixture_paths("1837")
ITALY = {"K1", "K3", "K7", "K9", "L2", "L4", "L6", "L8", "M3", "M5", "M7"}
BOSNIA = {"L16", "L18", "L20", "M17", "M19", "M21", "N18", "N20"}


def test_numbers():
    assert FACTS.bank_cash == 14268 and FACTS.currency.format(100) == "100K"
    assert FACTS.cert_limit == {"3": 28, "4": 21, "5": 17, "6": 14, "7": 12}
    assert FACTS.starting_cash == {"3": 730, "4": 555, "5": 450, "6": 380, "7": 330}
    assert [(t.reason, t.timing, t.players) for t in FACTS.end_triggers] == [
        ("bankrupt", "immediate", "all_but_one"), ("bank", "current_or", None)]


def test_kinds_of_corporation():
    kinds = Counter(c.kind for c in FACTS.corporations)
    assert kinds == {"coal": 10, "minor": 11, "major": 7, "national": 3}
    assert [c.sym for c in FACTS.corporations if c.kind == "national"] == ["SD", "KK", "UG"]
    assert not any(c.floatable for c in FACTS.corporations if c.kind == "national")


def test_coal_companies_are_exchanged_for_their_majors_reserved_certificates():
    exchanges = Counter(c.exchanges_for for c in FACTS.corporations if c.kind == "coal")
    reserved = {c.sym: len(c.reserved) for c in FACTS.corporations if c.kind == "major" and c.reserved}
    assert exchanges == reserved == {"BK": 2, "MS": 2, "CL": 1, "TR": 2, "TI": 2, "BH": 1}
    assert FACTS.corporation("GT").reserved == ()


def test_minors_fold_into_nationals_one_reserved_certificate_each():
    folded = Counter()
    for c in FACTS.corporations:
        if c.merges_into:
            folded[c.merges_into] += len(c.certificates)
    assert folded == {c.sym: len(c.reserved) for c in FACTS.corporations if c.kind == "national"}
    assert folded == {"SD": 5, "KK": 3, "UG": 5}


def test_capital():
    bk = FACTS.corporation("BK")
    assert (bk.capitalization, bk.ipo_percent()) == ("full", 80)
    assert 104 * bk.ipo_percent() // 10 == 832  # a major floated at 104 receives par × 8
    fixed = {c.sym: c.starting_treasury for c in FACTS.corporations if c.capitalization == "fixed"}
    assert fixed["KK2"] == 140 and fixed["UG1"] == fixed["UG3"] == 180
    assert {fixed[s] for s in ("SD1", "SD2", "SD3", "SD4", "SD5", "KK1", "KK3", "UG2")} == {90}
    assert {fixed[c.sym] for c in FACTS.corporations if c.kind == "coal"} == {100}
    assert FACTS.float_percent_of("BK") == 50 and FACTS.max_holding_percent_of("BK") == 60


def test_nationals_start_at_a_fixed_price_on_row_3():
    prices = {c.sym: c.initial_price for c in FACTS.corporations if c.initial_price}
    assert prices == {"SD": "142,3,10", "KK": "120,3,8", "UG": "175,3,12"}


def test_two_possible_homes_of_sd5_and_the_vienna_cities():
    sd5 = FACTS.corporation("SD5")
    assert (sd5.home_rule, [h.hex for h in sd5.homes]) == ("choose_one", ["L2", "L8"])
    assert {s: FACTS.corporation(s).home_city for s in ("SD1", "KK1", "KK2", "KK3")} == {
        "SD1": 0, "KK1": 3, "KK2": 1, "KK3": 2}


def test_train_limits_per_kind():
    table = {p.name: tuple(p.limit_for(k) for k in ("coal", "minor", "major", "national")) for p in FACTS.phases}
    assert table == {"2": (2, 2, 4, 4), "3": (2, 2, 3, 4), "3+1": (1, 1, 3, 4), "4": (1, 1, 3, 4),
                     "5": (0, 0, 2, 3)}
    phase_31 = FACTS.phases[2]
    assert FACTS.train_limit("UG1", phase_31) == 2 and FACTS.train_limit("SD1", phase_31) == 1
    assert [p.operating_rounds for p in FACTS.phases] == [1, 2, 2, 2, 3]


def test_plus_express_and_goods_trains_are_distance_rows():
    town, main = FACTS.train("3+1").rows
    assert (town.nodes, town.pay, main.pay) == (("town",), 1, 3)
    towns, cities = FACTS.train("4E").rows
    assert (towns.nodes, towns.pay, towns.visit) == (("town",), 0, None)
    assert (set(cities.nodes), cities.pay, cities.visit) == ({"city", "offboard"}, 4, 4)
    g_towns, g_cities = FACTS.train("1G").rows
    assert (g_towns.pay, g_towns.visit, g_cities.visit) == (None, None, 2)  # the mine is one of the two
    assert [t.name for t in FACTS.trains if t.goods] == ["1G", "2G", "3G", "4G"]
    assert FACTS.train("1G").rust_triggers == ("3G", "4G")
    assert (FACTS.train("5+4").count, FACTS.train("4G").count) == (None, None)


def test_train_events():
    assert FACTS.train("4").events == ("sd_formation", "kk_can_form", "remove_italy")
    assert FACTS.train("5").events == ("ug_formation", "exchange_coal_companies", "close_mountain_railways")
    assert not any(t.closes_privates for t in FACTS.trains)
    mountain = [p.sym for p in FACTS.privates if p.closed_by_events == ("close_mountain_railways",)]
    assert mountain == ["Semmering", "Karst", "Brenner", "Arlberg", "Karawanken", "Wocheiner", "Tauern"]


def test_t37_13_mine_values_by_phase():
    def mine(coord, phase):
        return revenue_for(DATA.hexes[coord].cities[0].revenue, FACTS.phases[phase].tiles)
    assert [mine("C21", i) for i in range(5)] == [25, 25, 25, 25, 45]
    assert [mine("P20", i) for i in range(5)] == [35, 35, 35, 35, 60]
    mines = {c for c, h in DATA.hexes.items() if h.mine}
    assert mines == {"A13", "B32", "C19", "C21", "E11", "F26", "K31", "K33", "L30", "P20"}
    assert {FACTS.corporation(s).home for s in (c.sym for c in FACTS.corporations if c.kind == "coal")} == mines


def test_mountain_railways():
    semmering = FACTS.private("Semmering")
    lay = semmering.tile_lay
    assert (lay.owner, lay.discount, lay.extra_lay, lay.ignores_connection) == ("player", 110, False, False)
    assert (semmering.blocks_hexes, semmering.blocks_until_phase) == (("H16",), "3")
    assert FACTS.private("SD1").comes_with == "Semmering" and FACTS.private("SD1").closes_on_purchase


def test_italy_closes_on_the_first_4():
    italy = DATA.overlays["italy"]
    assert (italy.on_event, set(italy.closes)) == ("remove_italy", ITALY)
    assert [(t.hex, t.tile, t.rotation) for t in italy.lays] == [("K5", "426", 2)]
    assert "remove_italy" in FACTS.events
    # K5 (Bozen) edge 0 leads to L4 in Italy: open before, closed once the overlay applies
    assert DATA.neighbour("K5", 0) == "L4"
    assert DATA.exit_allowed("K5", 0) and not DATA.exit_allowed("K5", 0, frozenset({"italy"}))
    assert DATA.exit_allowed("L4", 3) and not DATA.exit_allowed("L4", 3, frozenset({"italy"}))
    assert DATA.exit_allowed("K5", 2, frozenset({"italy"}))
    assert ITALY <= DATA.closed_hexes(frozenset({"italy", "bosnia"}))


def test_bosnia_opens_in_phase_3():
    bosnia = DATA.overlays["bosnia"]
    assert bosnia.on_phase == "3" and bosnia.on_phase in {p.name for p in FACTS.phases}
    assert DATA.closed_hexes() == BOSNIA
    assert DATA.closed_hexes(frozenset({"bosnia"})) == frozenset()
    assert not any(DATA.hexes[c].blocked_by for c in BOSNIA)


def test_tile_limits():
    assert DATA.tiles["436"].rotations == (5,)
    assert DATA.tiles["58"].upgrades_to == tuple(str(n) for n in range(410, 425))
    assert DATA.tiles["1"].upgrades_to == ("87", "88", "204")
    assert DATA.hexes["F18"].upgrades_to == ("87", "88", "204") and DATA.hexes["L22"].upgrades_to[0] == "410"
    assert DATA.tiles["57"].upgrades_to is None
    assert len(DATA.hexes) == 181 and len(DATA.tiles) == 80
    assert sum(t.count for t in DATA.tiles.values()) == 294


@each_log(LOGS)
def test_the_real_game_fits_the_facts_and_the_overlays(log):
    states = check_against_states(log, FACTS, DATA)
    first_4 = next(i for i, s in enumerate(states) if s["phase"] == "4")
    assert any(h in states[first_4 - 1]["tiles"] for h in ITALY)
    assert states[first_4]["tiles"]["K5"].startswith("426-0@2")
    assert not any(h in s["tiles"] for s in states[first_4:] for h in ITALY)
    assert not any(h in s["tiles"] for s in states if s["phase"] == "2" for h in BOSNIA)
    assert any(h in s["tiles"] for s in states for h in BOSNIA)
