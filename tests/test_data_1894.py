"""The 1894 facts as transcribed into our schema (``data/1894``): the numbers of the Catalan summary of the rules
(editions.md §3.2, the T94 examples that are facts rather than rules in play), the grey zone and the end cell of
the market as data, and the real games of 18xx.games read against them."""

from __future__ import annotations


from gamekit.tracks.facts import title_facts
from gamekit.tracks.mapdata import load_track_data
from gamekit.tracks.market import StockMarket
from gamekit.tracks.trains import new_depot, rusted_by

from .facts_support import check_against_states
from .fixtures import each_log, fixture_paths

FACTS = title_facts("1894")
DATA = load_track_data("1894")
MARKET = StockMarket(FACTS.market)
LOGS = fixture_paths("1894")


def test_t94_3_cash_and_certificate_limits():
    assert FACTS.starting_cash == {"3": 570, "4": 480}
    assert FACTS.cert_limit == {"3": 18, "4": 14}
    assert FACTS.currency.format(100) == "100 F"


def test_t94_8_train_limits_and_operating_rounds():
    assert [p.limit_for("major") for p in FACTS.phases] == [4, 4, 3, 3, 3, 3, 2]
    assert [p.operating_rounds for p in FACTS.phases] == [1, 2, 2, 3, 3, 3, 3]
    assert [p.name for p in FACTS.phases if p.corporations_buy_privates] == ["Green", "Blue", "Brown"]


def test_t94_4_trade_in_costs_the_new_price_less_half_the_old():
    pairs = [("2", "3"), ("3", "4"), ("4", "5+1"), ("5+1", "6"), ("6", "7"), ("5+1", "D"), ("6", "D"), ("7", "D")]
    paid = [FACTS.train(new).price - FACTS.train(new).trade_in[old] for old, new in pairs]
    assert paid == [80, 240, 250, 400, 400, 600, 500, 450]
    assert all(FACTS.train(new).trade_in[old] * 2 == FACTS.train(old).price for old, new in pairs)


def test_t94_6_rusting():
    depot = new_depot(FACTS, ())
    assert [rusted_by(FACTS, depot, f"{t}-0") for t in ("4", "5+1", "7", "D")] == [["2"], ["3"], ["4"], ["5+1"]]


def test_t94_7_the_5_plus_1_counts_one_extra_town():
    town, main = FACTS.train("5+1").rows
    assert (town.nodes, town.pay, town.visit) == (("town",), 1, 1)
    assert (set(main.nodes), main.pay, main.visit) == ({"city", "town", "offboard"}, 5, 5)
    assert FACTS.train("D").rows[0].visit is None and FACTS.train("D").count is None


def test_t94_1_capital_is_ten_times_par():
    pars = [c.price for c in MARKET.par_cells()]
    assert pars == [95, 80, 67]
    (reissue,) = MARKET.cells_with("reissue_par")
    assert (reissue.price, reissue.row, reissue.col) == (100, 3, 5)
    ouest = FACTS.corporation("Ouest")
    assert ouest.capitalization == "full"
    assert [p * ouest.ipo_percent() // 10 for p in (67, 80, 95, 100)] == [670, 800, 950, 1000]


def test_t94_24_stations():
    stations = {c.sym: len(c.tokens) for c in FACTS.corporations}
    assert stations == {"PLM": 5, "CFOR": 5, "Nord": 4, "Ouest": 5, "Est": 5, "AG": 5, "Belge": 3, "LF": 3, "LB": 3}


def test_two_home_corporations_and_late_corporations():
    two_homes = {c.sym: [h.hex for h in c.homes] for c in FACTS.corporations if c.home_rule == "all"
                 and len(c.homes) == 2}
    assert two_homes == {"Ouest": ["B3", "E6"], "Nord": ["D9", "G14"], "CFOR": ["D3", "H3"]}
    lf, lb = FACTS.corporation("LF"), FACTS.corporation("LB")
    assert (lf.home_rule, len(lf.homes), len(lb.homes)) == ("choose_one", 14, 8)
    assert lf.opens_on == "late_corporations_available" in FACTS.train("5+1").events
    assert FACTS.corporation("PLM").homes[0].city == 0
    for corp in FACTS.corporations:
        for home in corp.homes:
            assert DATA.hexes[home.hex].cities or DATA.hexes[home.hex].colour == "white", home.hex


def test_grey_zone_is_data():
    grey = MARKET.cells_with("sold_out_extra_up")
    assert len(grey) == 20 and {c.zones for c in grey} == {"g"}
    cell = MARKET.cell((5, 0))
    assert cell.price == 59 and not cell.counts_for_cert_limit and cell.allows_over_60
    assert "president_buys_two" in cell.effects and not cell.multiple_buy
    plain = MARKET.cell((5, 1))
    assert plain.price == 64 and plain.counts_for_cert_limit and not plain.allows_over_60
    assert FACTS.market_legend["g"].startswith("grey:")


def test_the_450_cell_ends_the_game_at_once():
    (end,) = MARKET.cells_with("ends_game")
    assert (end.price, end.row, end.col) == (450, 0, 13)
    assert MARKET.right((0, 12)) == (0, 13) and MARKET.cell((0, 13)).ends_game
    assert MARKET.right((0, 13)) == (0, 13)
    assert FACTS.end_trigger("stock_market").timing == "immediate"


def test_unlimited_bank_and_the_three_ends():
    assert FACTS.unlimited_bank and FACTS.end_trigger("bank") is None
    assert [(t.reason, t.timing) for t in FACTS.end_triggers] == [
        ("bankrupt", "immediate"), ("stock_market", "immediate"), ("final_phase", "one_more_full_or_set")]
    assert FACTS.end_trigger("final_phase").phase == "Purple" == FACTS.phases[-1].name
    assert "last_or_set_triggered" in FACTS.train("D").events
    assert FACTS.discarded_trains == "removed"


def test_privates():
    sqg = FACTS.private("SQG")
    assert sqg.revenue_by_hex_colour.hex == "G10" and sqg.revenue_by_hex_colour.revenue == {"green": 70, "brown": 100}
    assert (sqg.closes_on_phase, sqg.closed_by_events) == ("Purple", ())
    assert (FACTS.private("AR").revenue, FACTS.private("AR").revenue_when_corporation_owned) == (5, 10)
    assert FACTS.private("LS").token.hexes == ("A12",) and FACTS.private("LS").token.price == 0
    assert FACTS.private("LRC").tile_lay.cost == 60 and not FACTS.private("LRC").tile_lay.ignores_connection
    assert FACTS.private("BMS").grants_certificate == "Belge_0" and FACTS.private("BMS").closes_when_operated == "Belge"
    assert [p.sym for p in FACTS.privates if "close_privates" not in p.closed_by_events] == ["SQG"]
    assert FACTS.constants["ferry_markers"] == 4
    assert (FACTS.constants["ferry_marker_cost"], FACTS.constants["ls_ferry_marker_cost"]) == (80, 40)
    assert FACTS.constants["teleport_candidates"] == ("GLG", "SAC")


def test_map_and_tiles():
    assert len(DATA.hexes) == 76 and len(DATA.tiles) == 62
    assert sum(t.count for t in DATA.tiles.values()) == 124
    assert DATA.tiles["14"].upgrades_to == ("X16", "X17", "X18")
    assert DATA.tiles["619"].upgrades_to == ("X22", "X23", "X24")
    assert all(len(DATA.tiles[name].cities) == 2 for name in DATA.tiles["15"].upgrades_to)
    assert {c: DATA.hexes[c].blocked_by for c in ("H17", "D17", "I14")} == {
        "H17": ("GLG",), "D17": ("SAC",), "I14": ("LRC",)}
    assert (DATA.hexes["A10"].name, DATA.hexes["A10"].colour, DATA.hexes["A12"].colour) == ("London", "blue", "blue")


@each_log(LOGS)
def test_real_games_fit_the_facts(log):
    states = check_against_states(log, FACTS, DATA)
    assert states[-1]["phase"] in {p.name for p in FACTS.phases}
