"""American Rails engine: every rule of data/american_rails/rules.md played through ``process``.

The standard position (``opened()``): four players A, B, C, D; opening auctions won as planned in ``PLAN`` so
that National starts in Buffalo, Liberty in Syracuse, American in Chicago, Continental in New York, Majestic
in Atlanta and Republic in St. Louis; the first turn order is A, B, C, D.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import gamekit
from gamekit.actions import Pass
from gamekit.errors import GameError
from gamekit.rules import rule_text
from gamekit.titles.american_rails import (
    AmericanRails, Bid, Build, ChooseAction, ChooseShare, Develop, Fund, PlaceStart, TakeMoney,
)

from .ar_support import board_path
from .test_continental_divide_support import snapshot

ROOT = Path(__file__).resolve().parent.parent
PLAN = [  # company, winner, price, starting city
    ("NA", "A", 10, "Buffalo"),
    ("LI", "B", 12, "Syracuse"),
    ("AM", "C", 10, "Chicago"),
    ("CO", "D", 10, "New York"),
    ("MA", "A", 10, "Atlanta"),
    ("RE", "B", 10, "St. Louis"),
]


def hex_of(game: AmericanRails, city: str) -> str:
    return game.board.city_named[city].hex


def auction(g: AmericanRails, company: str, winner: str, price: int, city: str | None = None) -> None:
    """Run one auction to the planned result: ``winner`` bids ``price`` and everybody else passes."""
    if g.state.stage == "choose-share":
        g.process(ChooseShare(entity=g.current_entity, company=company))
    while g.state.stage == "bid":
        who = g.current_entity
        if who == winner and g.state.auction.leader != winner:
            g.process(Bid(entity=who, company=company, amount=price))
        else:
            g.process(Pass(entity=who))
    if city is not None:
        g.process(PlaceStart(entity=winner, company=company, hex=hex_of(g, city)))


def opened(players: str = "ABCD", options: tuple[str, ...] = (), plan=PLAN) -> AmericanRails:
    g = gamekit.new_game("american-rails", list(players), seed=3, options=options)
    for company, winner, price, city in plan:
        auction(g, company, winner, price, city)
    return g


def idle(g: AmericanRails) -> None:
    """Let the current player take a harmless row (pass, develop, fund or take) and decline it."""
    who = g.current_entity
    free = [a.row for a in g.legal_actions()]
    row = next(r for r in ("pass", "fund", "develop", "take", "expand3", "expand4", "auction") if r in free)
    g.process(ChooseAction(entity=who, row=row))
    if g.state.stage != "row" and g.current_entity == who and not g.is_over:
        g.process(Pass(entity=who))


def refused(g: AmericanRails, action, rule: str) -> GameError:
    """Assert that ``action`` raises a GameError naming ``rule`` and leaves the game exactly as it was (the save
    and every value of the state, spelled out field by field)."""
    before = snapshot(g)
    with pytest.raises(GameError) as info:
        g.process(action)
    assert info.value.rule == rule, info.value
    assert snapshot(g) == before
    return info.value


def income(g: AmericanRails, company: str) -> int:
    return g.state.companies[company].income


# ----- setup ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 6])
def test_player_count_is_three_to_five(n):
    with pytest.raises(GameError) as info:
        gamekit.new_game("american-rails", [f"P{i}" for i in range(n)])
    assert info.value.rule == "ar:setup"


def test_unknown_option_is_refused():
    with pytest.raises(GameError) as info:
        gamekit.new_game("american-rails", list("ABC"), options=["no-such-rule"])
    assert info.value.rule == "ar:setup"


@pytest.mark.parametrize("players,cash,first", [("ABC", 50, 65), ("ABCD", 50, 50), ("ABCDE", 40, 40)])
def test_starting_cash(players, cash, first):
    assert set(gamekit.new_game("american-rails", list(players)).state.cash.values()) == {cash}
    g = gamekit.new_game("american-rails", list(players), options=["first-edition-cash"])
    assert set(g.state.cash.values()) == {first}


def test_companies_cubes_and_shares():
    g = gamekit.new_game("american-rails", list("ABCD"))
    supply = {c: cs.supply for c, cs in g.state.companies.items()}
    shares = {c: cs.unsold for c, cs in g.state.companies.items()}
    assert supply == {"AM": 30, "NA": 28, "CO": 25, "MA": 21, "LI": 18, "RE": 16}
    assert shares == {"AM": 5, "NA": 4, "CO": 3, "MA": 4, "LI": 2, "RE": 3}
    assert g.state.house_supply == 12


def test_three_players_remove_one_company_by_seed():
    removed = []
    for seed in range(6):
        g = gamekit.new_game("american-rails", list("ABC"), seed=seed)
        out = [c for c, cs in g.state.companies.items() if not cs.in_play]
        assert len(out) == 1 and g.state.companies[out[0]].unsold == 0
        assert [e.rule for e in g.setup_events].count("ar:setup.three-players") == 1
        assert out[0] not in [a.company for a in g.legal_actions()]
        removed.append(out[0])
    assert len(set(removed)) > 1  # the seed decides
    assert gamekit.new_game("american-rails", list("ABCD")).state.companies["AM"].in_play


# ----- opening auctions ------------------------------------------------------------------------------------------
def test_opening_bid_rules_and_payment_to_the_company():
    g = gamekit.new_game("american-rails", list("ABCD"))
    assert g.current_entity == "A" and g.active_step.rule == "ar:opening"
    g.process(ChooseShare(entity="A", company="NA"))
    assert g.legal_actions()[0] == Bid(entity="A", company="NA", amount=10)
    (rng,) = g.action_ranges()
    assert (rng.low, rng.high) == (10, 50)
    refused(g, Bid(entity="A", company="NA", amount=9), "ar:auction.bid")
    refused(g, Bid(entity="A", company="NA", amount=51), "ar:auction.bid")
    refused(g, Bid(entity="B", company="NA", amount=20), "ar:auction.bid")
    g.process(Bid(entity="A", company="NA", amount=15))
    refused(g, Bid(entity="B", company="NA", amount=15), "ar:auction.bid")
    g.process(Pass(entity="B"))  # B is out for good
    g.process(Bid(entity="C", company="NA", amount=16))
    g.process(Pass(entity="D"))
    assert g.current_entity == "A"  # clockwise, skipping B
    g.process(Bid(entity="A", company="NA", amount=17))
    g.process(Pass(entity="C"))
    assert g.state.stage == "start" and g.current_entity == "A"
    assert g.state.cash["A"] == 33 and g.state.companies["NA"].treasury == 17
    assert g.state.shares["A"] == {"NA": 1} and g.state.companies["NA"].unsold == 3


def test_starting_cube_sets_income_to_the_full_value():
    g = gamekit.new_game("american-rails", list("ABCD"))
    auction(g, "NA", "A", 10)
    refused(g, PlaceStart(entity="A", company="NA", hex="C10"), "ar:start.city")
    g.process(PlaceStart(entity="A", company="NA", hex=hex_of(g, "Buffalo")))
    assert income(g, "NA") == 4 and g.state.companies["NA"].supply == 27
    assert g.state.companies["NA"].treasury == 10  # the starting cube is free
    auction(g, "LI", "B", 10)
    refused(g, PlaceStart(entity="B", company="LI", hex=hex_of(g, "Buffalo")), "ar:start.city")


def test_start_any_city_option_shares_the_city():
    g = gamekit.new_game("american-rails", list("ABCD"), options=["start-any-city"])
    auction(g, "NA", "A", 10, "Buffalo")
    auction(g, "LI", "B", 10, "Buffalo")
    assert (income(g, "NA"), income(g, "LI")) == (3, 3)


def test_winner_opens_next_auction_by_default():
    g = gamekit.new_game("american-rails", list("ABCD"))
    auction(g, "NA", "C", 10, "Buffalo")
    assert g.current_entity == "C" and g.state.stage == "choose-share"
    h = gamekit.new_game("american-rails", list("ABCD"), options=["clockwise-openers"])
    auction(h, "NA", "C", 10, "Buffalo")
    assert h.current_entity == "B"


def test_no_bid_removes_the_share_or_keeps_it_with_option():
    g = gamekit.new_game("american-rails", list("ABCD"))
    auction(g, "NA", winner="nobody", price=0)
    na = g.state.companies["NA"]
    assert (na.unsold, na.out) == (3, 1) and not na.hexes
    assert g.current_entity == "B"  # no winner: the next player opens
    h = gamekit.new_game("american-rails", list("ABCD"), options=["unsold-on-no-bid"])
    auction(h, "NA", winner="nobody", price=0)
    assert (h.state.companies["NA"].unsold, h.state.companies["NA"].out) == (4, 0)


def test_last_company_comes_up_by_itself_and_turn_order_follows_first_wins():
    g = opened(plan=PLAN[:5])
    assert g.state.stage == "bid" and g.state.auction.company == "RE"
    auction(g, "RE", "B", 10, "St. Louis")
    assert g.state.turn_order == ["A", "B", "C", "D"]
    plan = [("NA", "D", 10, "Buffalo"), ("LI", "B", 10, "Syracuse"), ("AM", "D", 10, "Chicago"),
            ("CO", "B", 10, "New York"), ("MA", "D", 10, "Atlanta"), ("RE", "D", 10, "St. Louis")]
    h = opened(plan=plan)
    assert h.state.turn_order == ["D", "B", "A", "C"]


# ----- the action track ------------------------------------------------------------------------------------------
def test_standard_position():
    g = opened()
    assert g.active_step.name == "Choose an action" and g.current_entity == "A"
    assert {c: income(g, c) for c in ("NA", "LI", "AM", "CO", "MA", "RE")} == {
        "NA": 4, "LI": 2, "AM": 7, "CO": 8, "MA": 5, "RE": 5}
    assert g.state.cash == {"A": 30, "B": 28, "C": 40, "D": 40}
    assert len(g.legal_actions()) == 7


def test_one_player_per_action_per_phase():
    g = opened()
    g.process(ChooseAction(entity="A", row="pass"))
    refused(g, ChooseAction(entity="B", row="pass"), "ar:track")
    refused(g, ChooseAction(entity="C", row="fund"), "ar:track.order")
    refused(g, ChooseAction(entity="B", row="fly"), "ar:track")
    assert "pass" not in [a.row for a in g.legal_actions()]


def test_order_of_play_follows_previous_column():
    g = opened()
    # phase 1: A expand4 (declined), B pass, C auction is skipped (declined), D fund (declined)
    for who, row in (("A", "expand4"), ("B", "pass"), ("C", "develop"), ("D", "fund")):
        assert g.current_entity == who
        g.process(ChooseAction(entity=who, row=row))
        if g.current_entity == who and g.state.stage != "row":
            g.process(Pass(entity=who))
    assert g.state.phase == 1 and g.state.order == ["B", "C", "D", "A"]
    for who, row in (("B", "expand4"), ("C", "expand3"), ("D", "pass"), ("A", "take")):
        g.process(ChooseAction(entity=who, row=row))
        if g.current_entity == who and g.state.stage != "row":
            g.process(Pass(entity=who))
    assert g.state.order == ["D", "A", "C", "B"]
    for _ in range(4):  # D pass, A fund, C develop, B take
        idle(g)
    assert g.state.year == 1 and g.state.turn_order == ["D", "C", "A", "B"]


def test_order_from_phase_one_option():
    g = opened(options=("order-from-phase-one",))
    for row in ("expand4", "pass", "develop", "fund"):
        who = g.current_entity
        g.process(ChooseAction(entity=who, row=row))
        if g.current_entity == who and g.state.stage != "row":
            g.process(Pass(entity=who))
    for _ in range(4):
        idle(g)
    assert g.state.phase == 2 and g.state.order == ["B", "C", "D", "A"]


# ----- expand ------------------------------------------------------------------------------------------------------
def test_expand_rules_holder_adjacent_limits_cost():
    g = opened()
    g.process(ChooseAction(entity="A", row="expand4"))
    assert g.active_step.rule == "ar:expand"
    refused(g, Build(entity="A", company="LI", hex="B28"), "ar:expand.holder")
    refused(g, Build(entity="A", company="NA", hex="H10"), "ar:expand.adjacent")
    refused(g, Build(entity="A", company="NA", hex="B26"), "ar:expand.limits")
    refused(g, Build(entity="A", company="NA", hex="Z99"), "ar:expand")
    g.process(Build(entity="A", company="NA", hex="C27"))  # forest: $3
    assert g.state.companies["NA"].treasury == 7
    refused(g, Build(entity="A", company="MA", hex="O13"), "ar:expand.one-company")
    g.process(Build(entity="A", company="NA", hex="B28"))  # plains: $2
    assert g.state.companies["NA"].treasury == 5
    g.process(Pass(entity="A"))
    assert g.current_entity == "B"
    g.process(ChooseAction(entity="B", row="expand3"))
    refused(g, Build(entity="B", company="LI", hex="D24"), "ar:expand.adjacent")
    g.process(Build(entity="B", company="LI", hex="B28"))  # plains with one cube: $2 + $2
    assert g.state.companies["LI"].treasury == 8


def test_forest_and_mountain_hold_one_cube():
    g = opened()
    g.process(ChooseAction(entity="A", row="expand4"))
    g.process(Build(entity="A", company="NA", hex="C27"))
    g.process(Pass(entity="A"))
    g.process(ChooseAction(entity="B", row="expand3"))
    g.process(Build(entity="B", company="LI", hex="C29"))
    refused(g, Build(entity="B", company="LI", hex="C27"), "ar:expand.limits")


def test_plains_cost_grows_with_pieces():
    g = opened()
    s = g.state
    s.occupants["B28"] = ("MA", "AM")  # position: two cubes already on the plains hex next to Buffalo
    g.process(ChooseAction(entity="A", row="expand4"))
    g.process(Build(entity="A", company="NA", hex="B28"))
    assert s.companies["NA"].treasury == 10 - 6  # $2 + 2 x $2


def test_house_counts_in_city_cost_unless_option():
    for options, cost in (((), 6), (("house-not-counted",), 4)):
        g = opened(options=options)
        g.process(ChooseAction(entity="A", row="develop"))
        g.process(Develop(entity="A", hex="B26"))
        g.process(ChooseAction(entity="B", row="expand4"))
        g.process(Build(entity="B", company="LI", hex="B28"))
        g.process(Build(entity="B", company="LI", hex="B26"))
        assert g.state.companies["LI"].treasury == 12 - 2 - cost


def test_split_expand_option():
    g = opened(options=("split-expand",))
    g.process(ChooseAction(entity="A", row="expand3"))
    g.process(Build(entity="A", company="NA", hex="B28"))
    g.process(Build(entity="A", company="MA", hex="O13"))
    assert g.state.companies["MA"].hexes == ["O15", "O13"]


def test_expand_stops_after_its_cubes_and_company_pays():
    g = opened()
    g.process(ChooseAction(entity="A", row="expand3"))
    for hex_ in ("B28", "C25", "D24"):
        g.process(Build(entity="A", company="NA", hex=hex_))
    assert g.current_entity == "B" and g.state.companies["NA"].treasury == 10 - 6
    assert g.state.cash["A"] == 30


def test_company_must_pay_the_whole_cost():
    g = opened()
    g.state.companies["NA"].treasury = 2
    g.process(ChooseAction(entity="A", row="expand3"))
    refused(g, Build(entity="A", company="NA", hex="C27"), "ar:expand.cost")


# ----- income ------------------------------------------------------------------------------------------------------
def test_seed_buffalo_example():
    """Seed 002: Buffalo (4/3) developed with National alone; Liberty connects: Liberty +$4, National −$2."""
    g = opened()
    g.process(ChooseAction(entity="A", row="develop"))
    events = g.process(Develop(entity="A", hex="B26"))
    assert income(g, "NA") == 6  # 4 + 2 for the house
    assert [e.data["change"] for e in events if e.kind == "income"] == [2]
    g.process(ChooseAction(entity="B", row="expand4"))
    g.process(Build(entity="B", company="LI", hex="B28"))
    events = g.process(Build(entity="B", company="LI", hex="B26"))
    changes = {e.data["company"]: e.data["change"] for e in events if e.kind == "income"}
    assert changes == {"LI": 4, "NA": -2}
    assert (income(g, "NA"), income(g, "LI")) == (4, 2 + 4)
    assert {(ln.source, ln.kind, ln.amount) for ln in g.income_lines("NA")} == {
        ("Buffalo", "shared", 3), ("Buffalo", "house", 1)}


def test_third_company_gains_shared_value_others_unchanged():
    g2 = gamekit.new_game("american-rails", list("ABCD"), options=["start-any-city"])
    for company, winner, city in (("NA", "A", "Pittsburgh"), ("LI", "B", "Pittsburgh"), ("AM", "C", "Pittsburgh")):
        auction(g2, company, winner, 10, city)
    assert [income(g2, c) for c in ("NA", "LI", "AM")] == [3, 3, 3]  # Pittsburgh 5/3


def test_special_connections_10_then_20():
    g = opened()
    board = g.board
    chicago, new_york, atlanta = (hex_of(g, c) for c in ("Chicago", "New York", "Atlanta"))
    path1 = board_path(board, chicago, atlanta)
    path2 = board_path(board, atlanta, new_york)
    s = g.state
    # position: American's track runs from Chicago to one hex short of Atlanta, then on towards New York
    for hex_ in path1[1:-1]:
        s.occupants[hex_] = (*s.occupants.get(hex_, ()), "AM")
        s.companies["AM"].hexes.append(hex_)
    g.process(ChooseAction(entity="A", row="pass"))
    g.process(ChooseAction(entity="B", row="fund"))
    g.process(Pass(entity="B"))
    s.shares["C"]["AM"] = 1
    s.companies["AM"].treasury = 100
    g.process(ChooseAction(entity="C", row="expand4"))
    before = income(g, "AM")
    events = g.process(Build(entity="C", company="AM", hex=atlanta))
    assert [e.data["change"] for e in events if e.rule == "ar:income.special"] == [10]
    assert income(g, "AM") == before + 3 + 10  # Atlanta shared with Majestic (5/3), plus the bonus
    for hex_ in path2[1:-1]:
        s.occupants[hex_] = (*s.occupants.get(hex_, ()), "AM")
        s.companies["AM"].hexes.append(hex_)
    g.process(Pass(entity="C"))
    while g.current_entity != "C":
        idle(g)
    g.process(ChooseAction(entity="C", row="expand4"))
    events = g.process(Build(entity="C", company="AM", hex=new_york))
    assert [e.data["change"] for e in events if e.rule == "ar:income.special"] == [20]
    assert sum(ln.amount for ln in g.income_lines("AM") if ln.kind == "bonus") == 30


# ----- develop, fund, take -----------------------------------------------------------------------------------------
def test_develop_rules():
    g = opened()
    g.process(ChooseAction(entity="A", row="develop"))
    refused(g, Develop(entity="A", hex=hex_of(g, "Chicago")), "ar:develop")  # not developable
    refused(g, Develop(entity="A", hex=hex_of(g, "Cleveland")), "ar:develop")  # no track
    refused(g, Develop(entity="A", hex="C27"), "ar:develop")  # not a city
    assert hex_of(g, "New York") not in [a.hex for a in g.legal_actions() if isinstance(a, Develop)]
    g.process(Develop(entity="A", hex=hex_of(g, "Atlanta")))
    assert income(g, "MA") == 7 and g.state.house_supply == 11
    g.process(ChooseAction(entity="B", row="pass"))
    g.process(ChooseAction(entity="C", row="fund"))
    g.process(Pass(entity="C"))
    g.process(ChooseAction(entity="D", row="take"))
    g.process(Pass(entity="D"))
    g.process(ChooseAction(entity="B", row="develop"))
    refused(g, Develop(entity="B", hex=hex_of(g, "Atlanta")), "ar:develop")  # already has a house


def test_fund_gives_five_from_the_bank():
    g = opened()
    g.process(ChooseAction(entity="A", row="fund"))
    refused(g, Fund(entity="A", company="XX"), "ar:fund")
    g.process(Fund(entity="A", company="CO"))
    assert g.state.companies["CO"].treasury == 15 and g.state.cash["A"] == 30


def test_take_money_three_players_is_automatic():
    plan = [("NA", "A", 10, "Buffalo"), ("LI", "B", 10, "Syracuse"), ("AM", "C", 10, "Chicago"),
            ("CO", "A", 10, "New York"), ("MA", "B", 10, "Atlanta"), ("RE", "C", 10, "St. Louis")]
    g = gamekit.new_game("american-rails", list("ABC"), seed=3)
    for company, winner, price, city in plan:
        if g.state.companies[company].in_play:
            auction(g, company, winner, price, city)
    who = g.current_entity
    cash = g.state.cash[who]
    g.process(ChooseAction(entity=who, row="take"))
    assert g.state.cash[who] == cash + 2 and g.current_entity != who


def test_take_or_expand_two_with_four_players():
    g = opened()
    g.process(ChooseAction(entity="A", row="take"))
    assert set(g.active_step.action_types) == {"ar_take_money", "ar_build", "pass"}
    g.process(TakeMoney(entity="A"))
    assert g.state.cash["A"] == 32
    g.process(ChooseAction(entity="B", row="pass"))
    g.process(ChooseAction(entity="C", row="fund"))
    g.process(Pass(entity="C"))
    g.process(ChooseAction(entity="D", row="expand3"))
    g.process(Pass(entity="D"))
    g.process(ChooseAction(entity="B", row="take"))
    g.process(Build(entity="B", company="LI", hex="B28"))
    assert g.active_step.name == "Expand" and g.current_entity == "B"
    g.process(Build(entity="B", company="LI", hex="A31"))
    assert g.current_entity == "C" and g.state.companies["LI"].hexes == ["B30", "B28", "A31"]


def test_take_from_players_option():
    g = opened(options=("take-from-players",))
    g.process(ChooseAction(entity="A", row="take"))
    g.process(TakeMoney(entity="A"))
    assert g.state.cash == {"A": 36, "B": 26, "C": 38, "D": 38}


# ----- auction action ----------------------------------------------------------------------------------------------
def test_auction_action_opener_must_bid_and_winner_pays_company():
    g = opened()
    g.state.companies["LI"].unsold = 0  # position: Liberty's shares are all sold
    g.process(ChooseAction(entity="A", row="auction"))
    assert g.active_step.rule == "ar:auction.action"
    assert [a.company for a in g.legal_actions() if isinstance(a, ChooseShare)] == ["AM", "NA", "CO", "MA", "RE"]
    refused(g, ChooseShare(entity="A", company="LI"), "ar:auction.action")
    g.process(ChooseShare(entity="A", company="CO"))
    refused(g, Pass(entity="A"), "ar:auction.action")
    g.process(Bid(entity="A", company="CO", amount=11))
    for who in "BCD":
        g.process(Pass(entity=who))
    assert g.state.companies["CO"].treasury == 21 and g.state.shares["A"]["CO"] == 1
    assert g.current_entity == "B" and g.state.stage == "row"


def test_auction_action_opener_may_pass_option_and_no_bid():
    g = opened(options=("opener-may-pass",))
    g.process(ChooseAction(entity="A", row="auction"))
    g.process(ChooseShare(entity="A", company="CO"))
    for who in "ABCD":
        g.process(Pass(entity=who))
    assert (g.state.companies["CO"].unsold, g.state.companies["CO"].out) == (1, 1)


def test_auction_action_can_be_declined():
    g = opened()
    g.process(ChooseAction(entity="A", row="auction"))
    g.process(Pass(entity="A"))
    assert g.current_entity == "B" and g.state.track[0]["auction"] == "A"


def test_auction_of_unstarted_company_places_its_start():
    g = gamekit.new_game("american-rails", list("ABCD"), seed=3)
    auction(g, "NA", "nobody", 0)
    for company, winner, price, city in PLAN[1:]:
        auction(g, company, winner, price, city)
    who = g.current_entity
    g.process(ChooseAction(entity=who, row="auction"))
    auction(g, "NA", who, 10, "Boston")
    assert g.state.companies["NA"].hexes == [hex_of(g, "Boston")] and income(g, "NA") == 5


# ----- dividends and the end ------------------------------------------------------------------------------------
def test_dividends_over_shares_held_rounded_up():
    """AR-7 ([FAN] quoting the rulebook): Majestic income 19, Rick 2 shares, Mary 1: $7 per share."""
    g = opened()
    s = g.state
    s.companies["MA"].income = 19
    s.shares["A"]["MA"] = 2  # position: A ("Rick") holds two Majestic shares, B ("Mary") one, one unsold
    s.shares["B"]["MA"] = 1
    s.companies["MA"].unsold = 1
    assert g.dividend("MA") == 7 and g.shares_held("MA") == 3
    expected = {p: s.cash[p] + sum(g.dividend(c) * n for c, n in s.shares[p].items()) for p in s.cash}
    for _ in range(12):
        idle(g)
    (ma,) = [e for e in g.history() for e in e[1] if e.kind == "dividend" and e.data["company"] == "MA"]
    assert (ma.data["per_share"], ma.data["shares"]) == (7, 3)
    assert g.state.cash == expected
    assert g.state.year == 1


def test_game_ends_after_seven_years_most_money_wins():
    g = opened()
    while not g.is_over:
        idle(g)
    out = g.outcome
    assert out.reason == "years" and out.rule == "ar:end.years" and g.state.year == 6
    assert [v for _, v in out.ranking] == sorted(g.state.cash.values(), reverse=True)
    assert out.values == g.state.cash
    with pytest.raises(GameError) as info:
        g.process(ChooseAction(entity="A", row="pass"))
    assert info.value.rule == "core:protocol.game-over"


def test_game_ends_when_all_shares_are_gone():
    g = opened()
    for cs in g.state.companies.values():  # position: every share sold or out of play
        cs.out, cs.unsold = cs.out + cs.unsold, 0
    for _ in range(11):
        idle(g)
    assert not g.is_over
    idle(g)
    assert g.outcome.reason == "shares" and g.state.year == 0


def test_game_ends_when_supplies_run_low():
    g = opened()
    for company in ("AM", "NA", "CO"):
        g.state.companies[company].supply = 2
    for _ in range(12):
        idle(g)
    assert not g.is_over  # three low supplies, four players
    g2 = opened()
    for company in ("AM", "NA", "CO"):
        g2.state.companies[company].supply = 2
    g2.state.house_supply = 1
    for _ in range(12):
        idle(g2)
    assert g2.outcome.reason == "supplies"


def test_tied_players_share_the_win():
    g = opened()
    while not g.is_over:
        idle(g)
    g.state.cash = {"A": 90, "B": 90, "C": 10, "D": 5}
    assert g.outcome.winners == ("A", "B")


# ----- rule ids -----------------------------------------------------------------------------------------------------
def test_every_rule_id_in_the_sources_exists():
    files = [ROOT / "gamekit/titles/american_rails.py", *sorted((ROOT / "gamekit/cuberails").glob("ar_*.py"))]
    ids = set()
    for path in files:
        ids |= set(re.findall(r"[\"'`](ar:[a-z.\-]+)[\"'`]", path.read_text()))
    assert len(ids) > 30
    for rule in sorted(ids):
        assert rule_text(rule), rule


def test_player_who_cannot_afford_the_lowest_bid_passes_automatically():
    g = gamekit.new_game("american-rails", list("ABCD"))
    g.state.cash["B"] = 9  # position: B is short of the $10 minimum
    g.process(ChooseShare(entity="A", company="NA"))
    events = g.process(Bid(entity="A", company="NA", amount=10))
    assert [e.data["player"] for e in events if e.kind == "pass"] == ["B"]
    assert g.current_entity == "C" and g.state.auction.active == ["A", "C", "D"]


def test_auction_row_needs_ten_dollars_to_open():
    g = opened()
    g.state.cash["A"] = 9
    events = g.process(ChooseAction(entity="A", row="auction"))
    assert events[-1].kind == "nothing" and events[-1].rule == "ar:auction.action"
    assert g.current_entity == "B" and g.state.track[0]["auction"] == "A"


def test_share_bids_read_with_the_right_article():
    from gamekit.titles.american_rails import Bid

    assert Bid(entity="Ann", company="AM", amount=5).sentence() == "Ann bids $5 for an AM share"
    assert Bid(entity="Ann", company="CO", amount=5).sentence() == "Ann bids $5 for a CO share"
