"""Continental Divide: one test (or more) per rule of seed 004 (reference cube_rails.md Part B, rules 1–33),
the seed's worked examples CD-1…CD-7, and the refusals with the state left unchanged.

Positions are reached with real actions on the approximate teaching map; where a test needs an income or a
treasury the map cannot give in one turn, it sets that one number in the state and says so.
"""

from __future__ import annotations

import pytest

from gamekit.actions import Pass, action_types
from gamekit.cuberails.cd_actions import BuildTrack, BuyShare, ChooseOrder, StartRailroad
from gamekit.cuberails.cd_economy import (
    holds_majority, majority_holders, minimum_share_price, payout, player_vp, vp_per_share,
)
from gamekit.cuberails.cd_map import load_board, load_railroads, load_rules_data
from gamekit.cuberails.cd_state import RailroadState
from gamekit.errors import GameError
from gamekit.titles.continental_divide import ContinentalDivide

from .test_continental_divide_support import (
    assert_refused, build, buy, finish_game_turn, new, pass_, pass_until, place, start,
)

RULES = load_rules_data()
BOARD = load_board()


# ----- worked examples of the seed (reference B.4) -------------------------------------------------------
def test_cd1_blue_minimum_share_price():
    """CD-1: blue, 10 shares, stock value $32, income $30 → dividend $3, minimum price $35."""
    blue = RailroadState("ATSF", start_hex="G39", shares_issued=10, stock_value=32, income=30, holders={"A": 1})
    assert payout(blue).per_share == 3
    assert minimum_share_price(blue) == 35


def test_cd1_in_a_game_offers_35_and_refuses_34():
    g = new()
    start(g, "ATSF", "G39", shares=10, value=32)  # Ann starts blue
    g.state.railroads["ATSF"].income = 30  # the seed's income, set by hand
    pass_(g)
    assert g.current_entity == "Ben"
    offers = [a for a in g.legal_actions() if isinstance(a, BuyShare)]
    assert offers == [BuyShare(entity="Ben", railroad="ATSF", price=35)]
    (rng,) = [r for r in g.action_ranges() if r.field == "price"]
    assert (rng.low, rng.high) == (35, 60)  # up to all of Ben's $60: a buyer may pay more
    assert_refused(g, BuyShare(entity="Ben", railroad="ATSF", price=34), "cd:stock.minimum-price", "$35")
    buy(g, "ATSF", 35)
    assert g.state.railroads["ATSF"].treasury == 32 + 35


def _red_game(vince_buys: bool):
    """Pete starts red (SP) with 4 shares; Dave buys two; Vince buys the last one or passes; income $15."""
    g = ContinentalDivide(["Pete", "Dave", "Vince"], seed=55)
    assert g.state.order == ["Pete", "Dave", "Vince"]
    start(g, "SP", "P38", shares=4, value=20)
    pass_(g)
    buy(g, "SP", 20)
    buy(g, "SP", 20)
    pass_(g)  # Dave buys no more
    pass_(g)  # Dave (majority holder) builds nothing
    if vince_buys:
        buy(g, "SP", 20)
    g.state.railroads["SP"].income = 15  # the seed's income, set by hand
    events = finish_game_turn(g)
    (div,) = [e for e in events if e.kind == "dividend"]
    return g, div


def test_cd2_red_with_one_share_unsold():
    """CD-2: 15 / 4 = 3.75 → $4 a share: Pete $4, Dave $8, the railroad keeps $3."""
    g, div = _red_game(vince_buys=False)
    assert div.data == {"railroad": "SP", "per_share": 4, "players": {"Dave": 8, "Pete": 4}, "kept": 3}
    assert g.state.cash == {"Pete": 80 - 20 + 4, "Dave": 80 - 40 + 8, "Vince": 80}
    assert g.state.railroads["SP"].treasury == 20 + 40 + 3


def test_cd3_red_with_all_shares_held():
    """CD-3: all four held: Pete $4, Dave $8, Vince $4 — $16 in total from an income of $15."""
    g, div = _red_game(vince_buys=True)
    assert div.data["players"] == {"Dave": 8, "Pete": 4, "Vince": 4}
    assert sum(div.data["players"].values()) == 16
    assert div.data["kept"] == 0
    assert g.state.railroads["SP"].treasury == 20 + 60


def test_cd4_36_cubes_per_railroad():
    """CD-4: 1 + 1 + 1 + 1 + 12 + 10 + 10 = 36 cubes per railroad."""
    c = RULES.cubes
    assert (c.start_city, c.income_marker, c.shares_marker, c.stock_value_marker) == (1, 1, 1, 1)
    assert (c.start, c.central, c.west) == (12, 10, 10)
    assert c.total == 36


def test_cd5_starting_money():
    for n, cash in [(3, 80), (4, 60), (5, 48), (6, 40)]:
        assert set(new(n).state.cash.values()) == {cash}


def test_cd6_seven_points_per_share():
    """CD-6: Central, West, the Divide, Seattle and no unsold shares: 1 + 1 + 2 + 2 + 1 = 7."""
    g = new()
    start(g, "UP", "G39", shares=3, value=20)
    pass_until(g, "Ben")
    buy(g, "UP", 20)
    pass_until(g, "Cy")
    buy(g, "UP", 20)
    place(g, "UP", "G27", "G11", "B4")  # Central; West and west of the Divide; Seattle
    assert g.vp_per_share("UP") == 7
    assert {p: g.player_value(p) for p in ("Ann", "Ben", "Cy", "Di")} == {"Ann": 7, "Ben": 7, "Cy": 7, "Di": 0}


def test_cd7_turn_order_is_chosen_from_the_last_player_up():
    """CD-7: with 4 players the choice goes 4 → 3 → 2 and player 1 takes the last card."""
    g = new()
    finish = [pass_(g) for _ in range(4)]  # nobody buys: four stock passes end the turn
    assert finish and g.active_step.name == "Choose turn order"
    pickers = []
    for card in (1, 2, 4):
        pickers.append(g.current_entity)
        g.process(ChooseOrder(entity=g.current_entity, position=card))
    assert pickers == ["Di", "Cy", "Ben"]
    assert g.state.order == ["Di", "Cy", "Ann", "Ben"]  # Ann, who went first, got the card left: 3
    assert g.active_step.name == "Buy stock" and g.current_entity == "Di"


# ----- rules 1–8: components and setup --------------------------------------------------------------------
def test_rule01_components():
    railroads = load_railroads()
    assert len(railroads) * RULES.cubes.total == 288
    assert len(railroads) * RULES.certificates_per_railroad == 80
    assert RULES.turn_order_cards_per_deck == 6


def test_rule02_eight_railroads_named_by_gamekit():
    railroads = load_railroads()
    assert [r.id for r in railroads] == ["UP", "SP", "ATSF", "NP", "GN", "TP", "DRG", "MP"]
    assert len({r.colour for r in railroads}) == 8
    assert {r.id: r.colour for r in railroads}["ATSF"] == "blue"
    assert {r.id: r.colour for r in railroads}["SP"] == "red"
    from gamekit.datafiles import data_json

    assert "CHOSEN BY GAMEKIT" in data_json("continental_divide", "railroads.json")["note"]


def test_rule03_cubes_of_a_railroad_add_up_to_36_after_both_unlocks():
    g = new()
    start(g, "UP", "G39", shares=3, value=50)
    g.state.railroads["UP"].treasury = 500  # a rich railroad, set by hand
    build(g, "UP", "G39", *[f"G{n}" for n in range(37, 10, -2)])
    rr = g.state.railroads["UP"]
    markers = RULES.cubes.income_marker + RULES.cubes.shares_marker + RULES.cubes.stock_value_marker
    assert len(rr.hexes) + rr.cubes + markers == 36


def test_rule04_tracks_start_at_turn_1_and_income_0():
    g = new()
    assert g.state.turn == 1
    start(g, "UP", "G39", shares=7, value=20)
    rr = g.state.railroads["UP"]
    assert (rr.income, rr.shares_issued, rr.stock_value) == (0, 7, 20)


def test_rule05_cash_and_player_count():
    assert new(3).state.cash == {"Ann": 80, "Ben": 80, "Cy": 80}
    with pytest.raises(GameError) as info:
        ContinentalDivide(["A", "B"])
    assert info.value.rule == "cd:setup"
    with pytest.raises(GameError):
        ContinentalDivide(list("ABCDEFG"))


def test_rule06_locomotive_on_turn_1_and_advancing():
    g = new()
    events = finish_game_turn(g)
    assert g.state.turn == 2
    assert [e.data["turn"] for e in events if e.kind == "turn"] == [2]


def test_rule07_blue_cards_dealt_by_the_seeded_rng():
    players = ["Ann", "Ben", "Cy", "Di"]
    assert new().state.order == players
    orders = {tuple(ContinentalDivide(players, seed=s).state.order) for s in range(12)}
    assert len(orders) > 4 and all(sorted(o) == players for o in orders)
    assert ContinentalDivide(players, seed=1).state.order == ContinentalDivide(players, seed=1).state.order
    assert ContinentalDivide(players, seed=1).state.order == ["Ben", "Cy", "Ann", "Di"]
    g = ContinentalDivide(players, seed=1)
    assert g.state.deck == "blue" and g.current_entity == "Ben"
    assert g.setup_events[2].rule == "cd:setup.turn-order"


def test_rule08_no_auction_every_railroad_unstarted():
    g = new()
    assert not any(rr.started or rr.holders for rr in g.state.railroads.values())
    cd_types = {t for t in action_types() if t.startswith("cd_")}
    assert cd_types == {"cd_start_railroad", "cd_buy_share", "cd_build_track", "cd_choose_order"}
    assert {a.type for a in g.legal_actions()} == {"cd_start_railroad", "pass"}


# ----- rules 9–15: turns and stock ------------------------------------------------------------------------
def test_rule09_a_turn_is_buy_then_build():
    g = new()
    assert (g.active_step.name, g.current_entity) == ("Buy stock", "Ann")
    start(g, "UP", "G39")
    assert (g.active_step.name, g.current_entity) == ("Build track", "Ann")
    pass_(g)
    assert (g.active_step.name, g.current_entity) == ("Buy stock", "Ben")
    # the buy step takes no build (refused with the step's rule)
    assert_refused(g, BuildTrack(entity="Ben", railroad="UP", origin="G39", hexes=("G37",)), "cd:stock.buy")
    assert_refused(g, Pass(entity="Cy"), "cd:turn", "Ben")


def test_rule10_end_of_turn_order_dividends_end_check_locomotive_order():
    g = new()
    start(g, "UP", "G39")
    build(g, "UP", "G39", "G37")
    events = finish_game_turn(g)
    kinds = [e.kind for e in events if e.kind in ("dividend", "turn", "order")]
    assert kinds[:3] == ["dividend", "turn", "order"]


def test_rule11_stock_of_one_railroad_per_turn():
    g = new()
    start(g, "UP", "G39")
    pass_(g)
    start(g, "SP", "P38", value=21)
    pass_(g)
    buy(g, "UP", 20)  # Cy
    assert_refused(g, BuyShare(entity="Cy", railroad="SP", price=20), "cd:stock.buy", "one railroad per turn")
    assert_refused(g, StartRailroad(entity="Cy", railroad="NP", hex="F40", shares=5, stock_value=30),
                   "cd:stock.buy")
    g.undo()
    g.undo()  # back to Ben's build step after starting SP
    assert g.current_entity == "Ben" and g.active_step.name == "Build track"
    assert_refused(g, BuyShare(entity="Ben", railroad="UP", price=20), "cd:build.straight-line")


def test_rule12_starting_a_railroad():
    g = new()
    events = start(g, "UP", "K39", shares=6, value=27)
    rr = g.state.railroads["UP"]
    assert (rr.start_hex, rr.treasury, rr.cubes, rr.unsold, rr.holders) == ("K39", 27, 12, 5, {"Ann": 1})
    assert g.state.cash["Ann"] == 60 - 27
    assert g.state.occupancy["K39"] == ("UP",)
    assert [e.rule for e in events][:2] == ["cd:stock.start", "cd:stock.charter"]


def test_rule12_refusals():
    g = new()
    assert_refused(g, StartRailroad(entity="Ann", railroad="UP", hex="G37", shares=5, stock_value=20),
                   "cd:stock.start-city")
    for shares in (2, 11):
        assert_refused(g, StartRailroad(entity="Ann", railroad="UP", hex="G39", shares=shares, stock_value=20),
                       "cd:stock.shares-issued")
    for value in (9, 51):
        assert_refused(g, StartRailroad(entity="Ann", railroad="UP", hex="G39", shares=5, stock_value=value),
                       "cd:stock.stock-value")
    assert_refused(g, StartRailroad(entity="Ann", railroad="XX", hex="G39", shares=5, stock_value=20), "cd:railroads")
    start(g, "UP", "G39", value=20)
    pass_(g)
    assert_refused(g, StartRailroad(entity="Ben", railroad="SP", hex="P38", shares=5, stock_value=20),
                   "cd:stock.stock-value", "UP already has the stock value $20")
    assert_refused(g, StartRailroad(entity="Ben", railroad="UP", hex="P38", shares=5, stock_value=21),
                   "cd:stock.start")
    assert_refused(g, BuyShare(entity="Ben", railroad="SP", price=30), "cd:stock.start")
    poor = new(6)
    assert_refused(poor, StartRailroad(entity="Ann", railroad="UP", hex="G39", shares=5, stock_value=45),
                   "cd:stock.cash", "$40")


def test_rule12_stock_values_offered_skip_taken_ones():
    g = new()
    start(g, "UP", "G39", value=20)
    pass_(g)
    runs = {(r.low, r.high) for r in g.action_ranges() if r.field == "stock_value"}
    assert runs == {(10, 19), (21, 50)}


def test_rule13_share_money_goes_to_the_treasury_and_nothing_is_sold():
    g = new()
    start(g, "UP", "G39", value=20)
    pass_(g)
    buy(g, "UP", 29)
    assert g.state.railroads["UP"].treasury == 49 and g.state.cash["Ben"] == 31
    assert not any("sell" in t for t in action_types() if t.startswith("cd_"))


def test_rule14_minimum_price_rises_with_income():
    g = new()
    start(g, "UP", "G39", shares=5, value=20)
    build(g, "UP", "G39", "G37", "G35", "G33")  # income 1 + 2 + 3 = 6
    assert g.state.railroads["UP"].income == 6
    assert g.minimum_price("UP") == 20 + 2  # 6 / 5 = 1.2 → $2
    assert g.current_entity == "Ben"  # UP has built its line, so Ann's turn ended by itself
    assert_refused(g, BuyShare(entity="Ben", railroad="UP", price=21), "cd:stock.minimum-price", "$22")


def test_rule15_buy_nothing_or_several_shares_at_their_own_prices():
    g = new()
    start(g, "UP", "G39", shares=5, value=20)
    pass_(g)
    buy(g, "UP", 20)
    buy(g, "UP", 25)
    # Ben has $15 left, below the $20 minimum: the stock step ends by itself
    assert g.state.cash["Ben"] == 15 and (g.active_step.name, g.current_entity) == ("Build track", "Ben")
    assert g.state.railroads["UP"].treasury == 20 + 20 + 25
    pass_(g)
    events = pass_(g)  # Cy buys nothing
    assert events[0].rule == "cd:stock.pass"


# ----- rules 16–25: building ------------------------------------------------------------------------------
def test_rule16_only_majority_or_tied_holders_build_and_the_railroad_pays():
    g = new()
    start(g, "UP", "G39")
    build(g, "UP", "G39", "G37")
    start(g, "SP", "P38", value=21)  # Ben
    assert_refused(g, BuildTrack(entity="Ben", railroad="UP", origin="G37", hexes=("G35",)),
                   "cd:build.majority", "Ann")
    pass_(g)
    buy(g, "UP", 21)  # Cy ties Ann 1–1 and may build (income $1 over 5 shares: minimum $21)
    pass_(g)
    cash = g.state.cash["Cy"]
    build(g, "UP", "G37", "G35")
    assert g.state.cash["Cy"] == cash and g.state.railroads["UP"].treasury == 20 - 2 + 21 - 2


def test_rule16_majority_holders_and_the_check_for_one_player_agree():
    rr = RailroadState("UP", start_hex="G39", shares_issued=6, stock_value=20)
    for holders, top in (({}, []), ({"Ann": 1}, ["Ann"]), ({"Ann": 2, "Ben": 1}, ["Ann"]),
                         ({"Cy": 2, "Ann": 2, "Ben": 1}, ["Ann", "Cy"]), ({"Ann": 0}, [])):
        rr.holders = dict(holders)
        assert majority_holders(rr) == top
        assert [p for p in ("Ann", "Ben", "Cy", "Dave") if holds_majority(rr, p)] == top


def test_rule17_one_cube_per_hex_and_lines_grow_from_own_track():
    g = new()
    start(g, "UP", "G39")
    assert_refused(g, BuildTrack(entity="Ann", railroad="UP", origin="G37", hexes=("G35",)),
                   "cd:build.straight-line", "G37 has none")
    build(g, "UP", "G39", "G37", "G35")
    finish_game_turn(g)
    pass_until(g, "Ann")
    pass_(g)
    assert_refused(g, BuildTrack(entity="Ann", railroad="UP", origin="G39", hexes=("G37",)),
                   "cd:build.cubes", "already has a cube in G37")


def test_rule18_build_cost_and_income():
    g = new()
    start(g, "UP", "L38", value=30)
    events = build(g, "UP", "L38", "L36", "L34", "L32")  # hills $3/$1, hills $3/$1, plains $2/$1
    rr = g.state.railroads["UP"]
    assert (rr.treasury, rr.income, rr.cubes) == (30 - 8, 3, 9)
    assert [e.data["cost"] for e in events] == [3, 3, 2]
    assert all(e.rule == "cd:build.cost-income" for e in events)
    assert_refused_money = ContinentalDivide(["Ann", "Ben", "Cy"], seed=55)
    start(assert_refused_money, "UP", "L38", value=10)
    assert_refused(assert_refused_money,
                   BuildTrack(entity="Ann", railroad="UP", origin="L38", hexes=("L36", "L34", "L32", "L30", "L28")),
                   "cd:build.cost-income", "L28 costs $2 and UP's treasury has $0")


def test_rule19_straight_unbroken_line_once_per_railroad_per_turn():
    g = new()
    start(g, "UP", "G39")
    assert_refused(g, BuildTrack(entity="Ann", railroad="UP", origin="G39", hexes=("G37", "F36")),
                   "cd:build.straight-line", "does not continue")
    assert_refused(g, BuildTrack(entity="Ann", railroad="UP", origin="G39", hexes=("G37", "G33")),
                   "cd:build.straight-line")
    assert_refused(g, BuildTrack(entity="Ann", railroad="UP", origin="G39", hexes=("G35",)),
                   "cd:build.straight-line", "not next to")
    assert_refused(g, BuildTrack(entity="Ann", railroad="UP", origin="G39", hexes=()), "cd:build.straight-line")
    build(g, "UP", "G39", "G37")
    # the railroad has built its line; no second line this turn, so the step ends by itself
    assert g.current_entity == "Ben"


def _two_railroads_for_ann(options=()):
    g = new(options=options)
    start(g, "UP", "G39")
    pass_(g)
    finish_game_turn(g)
    pass_until(g, "Ann")
    start(g, "SP", "P38", value=25)
    return g


def test_rule19_a_line_for_each_railroad_by_default():
    g = _two_railroads_for_ann()
    build(g, "SP", "P38", "O37")
    assert g.current_entity == "Ann"
    assert_refused(g, BuildTrack(entity="Ann", railroad="SP", origin="O37", hexes=("N36",)),
                   "cd:build.straight-line", "already built")
    build(g, "UP", "G39", "G37")
    assert g.active_step.name == "Choose turn order"  # Ann played last; her turn ended by itself


def test_rule19_option_one_line_per_turn():
    g = _two_railroads_for_ann(options=("one-line-per-turn",))
    build(g, "SP", "P38", "O37")
    assert g.active_step.name == "Choose turn order"  # no other build is possible, the turn ended
    g.undo()
    assert g.current_entity == "Ann"
    g.state.built.append("SP")  # the same position, checked directly against a second line
    assert_refused(g, BuildTrack(entity="Ann", railroad="UP", origin="G39", hexes=("G37",)),
                   "cd:option.one-line-per-turn")


def test_rule20_at_most_three_railroads_in_a_hex():
    g = new()
    start(g, "UP", "G39", value=20)
    pass_(g)
    start(g, "SP", "G39", value=21)
    pass_(g)
    start(g, "NP", "G39", value=22)
    pass_(g)
    assert_refused(g, StartRailroad(entity="Di", railroad="GN", hex="G39", shares=5, stock_value=23),
                   "cd:build.hex-limit")
    assert "G39" not in {r.template.hex for r in g.action_ranges() if r.field == "stock_value"}
    start(g, "GN", "G41", value=23)
    for rid in ("UP", "SP", "NP"):
        place(g, rid, "G37")
    assert_refused(g, BuildTrack(entity="Di", railroad="GN", origin="G41", hexes=("G39",)),
                   "cd:build.start-city")
    place(g, "GN", "H38")
    assert_refused(g, BuildTrack(entity="Di", railroad="GN", origin="H38", hexes=("G37",)),
                   "cd:build.hex-limit", "at most 3 railroads")


def test_rule21_one_start_city_hex_and_no_income_there():
    g = new()
    start(g, "UP", "G39")
    assert_refused(g, BuildTrack(entity="Ann", railroad="UP", origin="G39", hexes=("G41",)),
                   "cd:build.start-city", "Chicago")
    start_hexes = [h for h in BOARD.hexes.values() if h.start_city]
    assert len(start_hexes) == 9 and all(h.income == 0 for h in start_hexes)
    assert {h.start_city for h in start_hexes} == {"Chicago", "Memphis", "New Orleans"}


def test_rule22_one_port_per_railroad_and_one_railroad_per_port():
    g = new()
    start(g, "UP", "G39", value=30)
    place(g, "UP", "C5")  # hand-made: UP has reached the Pacific Northwest
    build(g, "UP", "C5", "B4")  # Seattle
    pass_until(g, "Ben")
    start(g, "SP", "P38", value=31)
    place(g, "SP", "A5", "C7")
    assert_refused(g, BuildTrack(entity="Ben", railroad="SP", origin="A5", hexes=("B4",)),
                   "cd:build.port", "already holds UP")
    g.state.built.clear()
    place(g, "UP", "D4")
    g.state.railroads["SP"].hexes.append("D6")
    g.state.occupancy["D6"] = (*g.state.occupancy.get("D6", ()), "SP")
    build(g, "SP", "D6", "D4")  # two railroads may share an ordinary hex
    finish_game_turn(g)
    pass_until(g, "Ann")
    pass_(g)
    assert_refused(g, BuildTrack(entity="Ann", railroad="UP", origin="D4", hexes=("C3",)),
                   "cd:build.port", "only one")


def test_rule23_regions_unlock_ten_cubes_each_usable_at_once():
    g = new()
    start(g, "UP", "G39", shares=3, value=50)
    g.state.railroads["UP"].treasury = 500  # a rich railroad, set by hand
    line = [f"G{n}" for n in range(37, 10, -2)]  # 14 hexes: Central at G27 (7th), West at G11 (14th)
    events = build(g, "UP", "G39", *line)
    unlocks = [(e.data["region"], e.data["cubes"]) for e in events if e.kind == "unlock"]
    assert unlocks == [("central", 10), ("west", 10)]
    rr = g.state.railroads["UP"]
    assert rr.cubes == 12 - 14 + 20 == 18
    assert rr.unlocked == ["central", "west"]
    assert rr.treasury == 500 - 37 and rr.income == 16 + 10


def test_rule23_no_cube_no_track():
    g = new()
    start(g, "UP", "G39")
    g.state.railroads["UP"].cubes = 1  # hand-made: one cube left
    assert_refused(g, BuildTrack(entity="Ann", railroad="UP", origin="G39", hexes=("G37", "G35")),
                   "cd:build.cubes", "no cube available")


def test_rule24_divide_adds_ten_once():
    g = new()
    start(g, "UP", "G39", shares=3, value=50)
    g.state.railroads["UP"].treasury = 500
    events = build(g, "UP", "G39", *[f"G{n}" for n in range(37, 10, -2)])
    divide = [e for e in events if e.kind == "divide"]
    assert [e.data["hex"] for e in divide] == ["G19"] and g.state.railroads["UP"].crossed_divide


def test_rule24_option_divide_bonus_on_every_hex():
    g = new(options=("divide-bonus-every-hex",))
    start(g, "UP", "G39", shares=3, value=50)
    g.state.railroads["UP"].treasury = 500
    events = build(g, "UP", "G39", *[f"G{n}" for n in range(37, 10, -2)])
    assert [e.data["hex"] for e in events if e.kind == "divide"] == ["G19", "G17", "G15", "G13", "G11"]
    assert g.state.railroads["UP"].income == 16 + 50


def test_rule25_the_limits_hold_in_random_games():
    from gamekit.simulate import play_random_game

    for seed in (3, 4):
        g = play_random_game("continental-divide", 5, seed)
        assert g.is_over
        for coord, rids in g.state.occupancy.items():
            h = BOARD.hexes[coord]
            assert len(rids) <= (1 if h.port else 3) and len(set(rids)) == len(rids)
        for rr in g.state.railroads.values():
            kinds = [BOARD.hexes[c] for c in rr.hexes]
            assert sum(1 for h in kinds if h.start_city) <= 1 and sum(1 for h in kinds if h.port) <= 1


# ----- rules 26–33: dividends, end, scoring, turn order ---------------------------------------------------
def test_rule26_every_started_railroad_pays_from_the_bank():
    g = new()
    start(g, "UP", "G39", value=20)
    build(g, "UP", "G39", "G37", "G35")  # income 3
    start(g, "SP", "P38", value=21)  # income 0
    before = sum(g.state.cash.values()) + sum(rr.treasury for rr in g.state.railroads.values())
    events = finish_game_turn(g)
    divs = {e.data["railroad"]: e.data for e in events if e.kind == "dividend"}
    assert set(divs) == {"UP", "SP"}
    assert divs["UP"] == {"railroad": "UP", "per_share": 1, "players": {"Ann": 1}, "kept": 2}
    assert divs["SP"]["per_share"] == 0
    after = sum(g.state.cash.values()) + sum(rr.treasury for rr in g.state.railroads.values())
    assert after - before == 3  # the bank paid the whole income


def test_rule27_dividend_is_income_over_shares_issued_rounded_up():
    rr = RailroadState("UP", start_hex="G39", shares_issued=7, stock_value=20, income=22, holders={"A": 2})
    assert payout(rr).per_share == 4  # 22 / 7 = 3.14 → 4
    rr.income = 21
    assert payout(rr).per_share == 3


def test_rule28_remainder_never_negative():
    rr = RailroadState("UP", start_hex="G39", shares_issued=3, stock_value=20, income=1, holders={"A": 2})
    assert payout(rr) == payout(rr).__class__(1, {"A": 2}, 0)  # $1 / 3 → $1 a share; players $2 > income


def test_rule29_the_game_ends_after_turn_8():
    g = new()
    for _ in range(7):
        finish_game_turn(g)
    assert g.state.turn == 8 and not g.is_over
    events = finish_game_turn(g)
    assert g.is_over and events[-1].rule == "cd:end"
    assert g.outcome.reason == "turns"
    with pytest.raises(GameError) as info:
        g.process(Pass(entity="Ann"))
    assert info.value.rule == "core:protocol.game-over"
    assert len(g.state.records) == 8


def test_rule30_points_per_share_item_by_item():
    rr = RailroadState("UP", start_hex="G39", shares_issued=3, stock_value=20, hexes=["G39"], holders={"A": 1})
    vp = RULES.victory_points
    assert vp_per_share(rr, BOARD, vp) == 0
    rr.hexes.append("G27")
    assert vp_per_share(rr, BOARD, vp) == 1  # Central
    rr.hexes.append("G19")
    assert vp_per_share(rr, BOARD, vp) == 3  # + the Divide (G19 is still Central)
    rr.hexes.append("G11")
    assert vp_per_share(rr, BOARD, vp) == 4  # + West
    rr.hexes.append("M7")
    assert vp_per_share(rr, BOARD, vp) == 5  # + Los Angeles
    rr.hexes[-1] = "B4"
    assert vp_per_share(rr, BOARD, vp) == 6  # Seattle instead: 2
    rr.holders = {"A": 2, "B": 1}
    assert vp_per_share(rr, BOARD, vp) == 7  # no unsold shares
    unstarted = RailroadState("SP")
    assert vp_per_share(unstarted, BOARD, vp) == 0
    assert BOARD.data.ports == {"Seattle": 2, "Portland": 1, "San Francisco": 1, "Los Angeles": 1, "San Diego": 1}


def test_rule31_most_points_win_ties_share_money_counts_nothing():
    g = new()
    start(g, "UP", "G39", shares=3, value=20)
    pass_until(g, "Ben")
    buy(g, "UP", 20)
    pass_until(g, "Cy")
    buy(g, "UP", 20)
    for _ in range(8):
        finish_game_turn(g)
    out = g.outcome
    assert out.winners == ("Ann", "Ben", "Cy")  # 1 VP each (no unsold shares); a shared win
    assert out.values == {"Ann": 1, "Ben": 1, "Cy": 1, "Di": 0}
    assert max(g.state.cash, key=g.state.cash.get) == "Di"  # Di kept the most money and comes last
    assert out.rule == "cd:scoring.winner"


def test_rule32_player_points_are_shares_times_points_per_share():
    g = new()
    start(g, "UP", "G39", shares=5, value=20)
    pass_until(g, "Ben")
    buy(g, "UP", 20)
    buy(g, "UP", 20)
    place(g, "UP", "G27", "G19")  # Central + Divide = 3 a share; 2 shares unsold score for nobody
    assert g.vp_per_share("UP") == 3
    assert player_vp("Ben", g.state.railroads, BOARD, RULES.victory_points) == 6
    assert g.player_value("Ann") == 3 and g.player_value("Cy") == 0
    with pytest.raises(KeyError):
        g.player_value("Zed")


def test_rule33_new_order_decks_alternate_and_cards_are_unique():
    g = new()
    finish_game_turn(g)  # lowest cards in pick order: Di 1, Cy 2, Ben 3, Ann 4
    assert g.state.order == ["Di", "Cy", "Ben", "Ann"] and g.state.deck == "red"
    for _ in range(4):
        pass_(g)
    g.process(ChooseOrder(entity="Ann", position=2))
    assert_refused(g, ChooseOrder(entity="Ben", position=2), "cd:order", "not available")
    assert_refused(g, ChooseOrder(entity="Ben", position=5), "cd:order")
    assert_refused(g, ChooseOrder(entity="Cy", position=1), "cd:turn", "Ben")
    assert [a.position for a in g.legal_actions()] == [1, 3, 4]
    g.process(ChooseOrder(entity="Ben", position=4))
    g.process(ChooseOrder(entity="Cy", position=1))
    assert g.state.order == ["Cy", "Ann", "Di", "Ben"] and g.state.deck == "blue"


# ----- golden counts -------------------------------------------------------------------------------------
def test_golden_counts_at_the_first_steps():
    g = new()
    assert (len(g.legal_actions()), len(g.action_ranges())) == (577, 576)  # 8 railroads × 9 hexes × 8 counts
    start(g, "UP", "G39", value=20)
    builds = [a for a in g.legal_actions() if isinstance(a, BuildTrack)]
    west = [a.hexes for a in builds if a.hexes[0] == "G37"]
    # G37…G21 are nine $2 plains; G19 (desert, $3) would need $21 of UP's $20
    assert west == [tuple(f"G{n}" for n in range(37, 37 - 2 * k, -2)) for k in range(1, 10)]
    first = {}
    for a in builds:
        first[a.hexes[0]] = first.get(a.hexes[0], 0) + 1
    # south-west: $2+2+2+3+3+2+2+2+2 = $20 for 9 hexes; north-west 6 hexes to the map's top row; south-east 3
    # to its east edge; Chicago's own hexes G41 and F40 are closed (one start-city hex per railroad)
    assert first == {"G37": 9, "H38": 9, "F38": 6, "H40": 3}
    assert len(g.legal_actions()) == 27 + 1
