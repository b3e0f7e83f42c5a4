"""1837's worked examples (``editions.md`` §3.1, T37-1 … T37-20, those not about routes) and the differences
between the editions (D4, D5), on positions of the real game replayed by our rules or on a new game.

Positions inside the real game are reached by replaying its log with our rules up to an action id (the log is
third-party data: these tests skip where it is absent, and fail under CI)."""

from __future__ import annotations

from functools import lru_cache

import pytest

import gamekit
from gamekit.errors import DataError
from gamekit.g18xx import dividend as dividends
from gamekit.import18xx import apply_entry, filter_actions, import_log, read_log
from gamekit.titles.g1837 import minors
from gamekit.titles.g1837.game import hex_distance
from gamekit.tracks.actions import LayTile
from gamekit.g18xx import track

from gamekit.titles import game_class
from gamekit.tracks.shares import POOL

from .fixtures import fixture_logs

PLAYERS = ["Ann", "Ben", "Cy", "Di"]


def _log():
    return fixture_logs("1837")[0]


@lru_cache(maxsize=None)
def _report(stop_at: int):
    return import_log(_log(), stop_at=stop_at)


def before(action_id: int):
    """Our game just before the real game's action ``action_id`` (a fork: tests may play on)."""
    report = _report(action_id)
    assert report.error is None
    return report.game.fork()


def after(action_id: int):
    """Our game just after the real game's action ``action_id`` (and its automatic actions)."""
    data = read_log(_log())
    ids = [a["id"] for a in filter_actions(data["actions"])]
    return before(ids[ids.index(action_id) + 1])


def replay_under(options: tuple[str, ...], until: int):
    """The real game's actions up to (not including) ``until``, replayed by a game with ``options``; returns the
    game and the log entries from ``until`` on."""
    data = read_log(_log())
    players = [gamekit.Player(str(p["id"]), p["name"]) for p in data["players"]]
    game = game_class("1837")(players, options=options)
    actions = filter_actions(data["actions"])
    for i, raw in enumerate(actions):
        if raw["id"] == until:
            return game, actions[i:]
        for entry in [raw] + list(raw.get("auto_actions") or []):
            apply_entry(game, entry, f"action {raw['id']}")
    raise AssertionError(f"no action {until}")


def cash(game, who: str) -> int:
    return game.cash(who)


# ----- station costs (rule 1837:token.cost) ----------------------------------------------------------------
def test_t37_1_to_3_station_costs_by_distance():
    game = gamekit.new_game("1837", PLAYERS)
    assert game.token_cost("MS", 0, "E17") == 0
    assert [hex_distance("E17", h) for h in ("E19", "E23", "E27")] == [1, 3, 5]
    assert [game.token_cost("MS", 1, h) for h in ("E19", "E23", "E27")] == [20, 60, 100]
    assert [game.token_cost("MS", 2, h) for h in ("E21", "E25", "E29")] == [80, 160, 240]


@pytest.mark.parametrize("corp,index,target,distance,price", [
    ("MS", 1, "G13", 3, 60), ("TI", 1, "H30", 2, 40), ("BH", 1, "K17", 3, 60), ("MS", 2, "C23", 4, 160),
    ("TR", 2, "D36", 6, 240), ("CL", 1, "C23", 5, 100), ("CL", 2, "F28", 4, 160), ("BK", 1, "G17", 5, 100)])
def test_t37_4_distances_of_the_real_map(corp, index, target, distance, price):
    game = gamekit.new_game("1837", PLAYERS)
    home = game.facts.corporation(corp).homes[0].hex
    assert hex_distance(home, target) == distance
    assert game.token_cost(corp, index, target) == price


def test_t37_4_ms_paid_for_its_second_station_in_the_real_game():
    """MS's second station, on G13 three hexes from its home E17, cost 60 K (actions 515 of the real game)."""
    game = before(515)
    assert game.state.corporations["MS"].tokens[1] is None
    left = cash(game, "MS")
    game.process(game.action_from_log(
        {"type": "place_token", "entity": "MS", "city": "404-1-0", "slot": 0, "tokener": "MS"}, "test"))
    assert game.state.corporations["MS"].tokens[1] == "G13"
    assert left - cash(game, "MS") == 60


def test_t37_5_the_nationals_own_stations():
    """SD's spare station (Italy took SD5's) 2 hexes from Vienna: 40 K; KK's first own station two hexes away:
    40 K, its second three hexes away: 120 K (paid in the real game); UG's returned station one hex away: 20 K."""
    sd = after(799)
    assert sd.state.corporations["SD"].tokens.count(None) == 1
    assert sd.token_cost("SD", 4, "H20") == 40
    kk = after(822)
    assert kk.token_cost("KK", 1, "E17") == 40
    third = before(1024)
    assert third.state.corporations["KK"].tokens[1] == "E17"
    left = cash(third, "KK")
    third.process(third.action_from_log({"type": "place_token", "entity": "KK", "city": "435-0-0", "slot": 2,
                                          "tokener": "KK"}, "test"))
    assert left - cash(third, "KK") == 120
    ug = after(956)
    assert ug.token_cost("UG", 2, "H20") == 20


# ----- mountain railways (rule 1837:private.mountain) --------------------------------------------------
def test_t37_6_the_owners_company_lays_free_others_are_kept_out_until_phase_3():
    game = before(196)  # SD1 (Player 1, who owns the Semmering) lays in phase 2
    assert game.phase() == "2"
    lay = LayTile(entity="Semmering", hex="H16", tile="9-0", rotation=0)
    assert lay in game.legal_actions()
    blocked = track.blocked_hexes(game)
    assert {"H16", "J10", "K13"} <= blocked  # no ordinary lay on a mountain hex in phase 2
    left = cash(game, "SD1")
    game.process(lay)
    assert cash(game, "SD1") == left  # the 110 K terrain is waived
    tauern = LayTile(entity="Tauern", hex="J10", tile="9-0", rotation=0)  # Player 3's railway
    error = before(196).why_illegal(tauern)
    assert error is not None and error.rule == "1837:private.mountain"
    phase3 = before(530)  # the first 3-train was bought at action 517
    assert not {"H16", "J10", "K13"} & track.blocked_hexes(phase3)
    assert phase3.track.hexes["J10"].terrain_cost == 110


# ----- payouts (rules 1837:route.mine-subsidy, 1837:minor.payout, 1837:dividend.rounding) ------------------
def test_t37_10_epp_keeps_its_half_and_the_mine():
    game = before(229)
    owner = game.state.corporations["EPP"].president
    before_owner, before_epp = cash(game, owner), cash(game, "EPP")
    done = after(229)
    assert cash(done, owner) - before_owner == 10
    assert cash(done, "EPP") - before_epp == 30


@pytest.mark.parametrize("action,revenue,kept,each", [(268, 60, 30, 15), (439, 110, 55, 27)])
def test_t37_14_ug1_shares_its_half_between_two_holders(action, revenue, kept, each):
    game = before(action)
    holders = [p for p in game.state.seat_order if game.state.ledger.percent_of(p, "UG1") == 50]
    assert len(holders) == 2
    start = {who: cash(game, who) for who in holders + ["UG1"]}
    bank = game.state.bank
    done = after(action)
    assert cash(done, "UG1") - start["UG1"] == kept
    assert [cash(done, who) - start[who] for who in holders] == [each, each]
    assert bank - done.state.bank == revenue - (revenue - kept - 2 * each)  # 110: 1 K stays with the bank


def test_t37_15_rounding_of_a_majors_full_and_half_payouts():
    """MS with ten certificates; Player 3 holds 30% and the pool 10% (before MS's dividend at action 1030)."""
    game = before(1030)
    player = next(p for p in game.state.seat_order if game.state.ledger.percent_of(p, "MS") == 30)
    assert game.state.ledger.percent_of(POOL, "MS") == 10
    subsidy = game.state.round.subsidy
    full = game.fork()
    p0, c0, price = cash(full, player), cash(full, "MS"), full.share_price("MS")
    dividends.payout(full, "MS", 105)
    assert cash(full, player) - p0 == 31
    assert cash(full, "MS") - c0 == 10 + subsidy
    cell = full.state.corporations["MS"].price
    half = game.fork()
    start = half.state.corporations["MS"].price
    minors.half(half, "MS", 105)
    assert cash(half, player) - p0 == 15
    assert cash(half, "MS") - c0 == 52 + 5 + subsidy
    assert half.state.corporations["MS"].price == (start[0] + 1, start[1] + 1)
    assert cell == game.market.right(start) and full.share_price("MS") > price


# ----- the nationals' stations (rules 1837:national.kk-vienna, ug-budapest, sd-tokens) ----------------------
def test_t37_17_brown_vienna_and_budapest_send_stations_back_to_the_charter():
    kk = after(930)
    assert kk.state.corporations["KK"].tokens.count("G17") == 1
    assert kk.state.corporations["KK"].tokens.count(None) == 2
    ug = after(956)
    assert ug.state.corporations["UG"].tokens.count("H22") == 1
    assert ug.state.corporations["UG"].tokens.count(None) == 1


def test_t37_18_sd_formed_from_five_minors():
    game = after(799)
    tokens = game.state.corporations["SD"].tokens
    assert sorted(t for t in tokens if t) == ["G17", "I7", "J16", "K5"]
    assert tokens.count(None) == 1
    assert all(game.closed(m) for m in ("SD1", "SD2", "SD3", "SD4", "SD5"))


def test_t37_19_a_train_first_runs_in_the_next_operating_round():
    """SD1 buys its 2-train in the first operating round (action 197) and runs it first in the second (250)."""
    bought = after(197)
    assert bought.current_entity == "SD2"
    assert "SD1" not in [a.entity for a in bought.legal_actions()]
    first_run = before(250)
    assert first_run.state.round.num == 1 and first_run.state.stock_round_num == 2
    assert first_run.state.corporations["SD1"].trains == ["2-0"]


# ----- the hex market (rule 1837:market.moves) ---------------------------------------------------------
def test_t37_20_market_moves():
    game = gamekit.new_game("1837", PLAYERS)
    market, policy = game.market, game.policy
    par = (0, 2)
    assert market.cell(par).price == 104
    assert market.cell(market.move(par, policy.payout_move)).price == 114
    assert market.cell(market.move(par, "down_right")).price == 102
    assert market.cell(market.move(par, policy.withhold_move)).price == 99
    assert market.cell(market.move((3, 12), policy.payout_move)).price == 210
    assert market.move((0, 14), policy.payout_move) == (0, 14)


def test_sold_out_moves_by_the_presidents_holding():
    """Sold out: up while the president holds at most 40%, else up and left (rule ``1837:stock.sold-out``)."""
    game = after(394)  # TI sold out: its president, Player 2, holds 40% (TI_0, TI_3, TI_6)
    assert game.state.ledger.percent_of(game.state.corporations["TI"].president, "TI") == 40
    assert game.sold_out_move("TI") == "up"
    assert game.share_price("TI") == 104
    kk = after(822)  # the KK formed: Player 1 holds 80% of it, three certificates from its minors
    assert kk.state.ledger.percent_of(kk.state.corporations["KK"].president, "KK") == 80
    assert kk.sold_out_move("KK") == "up_left"


# ----- editions (rule 1837:edition) ------------------------------------------------------------------------
def test_d4_the_first_edition_traces_a_station_with_one_reversal_only():
    """BK's station in Vienna (action 1049) needs two reversals to reach: the second edition places it, the
    first refuses it (rule ``1837:token.connect``)."""
    second = before(1049)
    entry = {"type": "place_token", "entity": "BK", "city": "436-0-0", "slot": 0, "tokener": "BK"}
    second.process(second.action_from_log(entry, "test"))
    assert "G17" in second.state.corporations["BK"].tokens
    first, rest = replay_under(("edition=1st",), 1049)
    assert first.edition == "1st" and rest[0]["id"] == 1049
    with pytest.raises(DataError, match="1837:token.connect"):
        apply_entry(first, rest[0], "action 1049")
    assert None in first.state.corporations["BK"].tokens[1:]


def test_d5_minor_payout_full_pays_the_sd_minors_whole_revenue():
    """SD1's first run (60 K, action 250): half to the owner in the second edition (and by default in the first),
    all of it with ``minor_payout=full`` (rule ``1837:minor.payout``)."""
    results = {}
    for options in ((), ("edition=1st",), ("edition=1st", "minor_payout=full")):
        game, rest = replay_under(options, 250)
        owner = game.state.corporations["SD1"].president
        start = (cash(game, owner), cash(game, "SD1"))
        apply_entry(game, rest[0], "action 250")
        results[options] = (cash(game, owner) - start[0], cash(game, "SD1") - start[1])
    assert results[()] == results[("edition=1st",)] == (30, 30)
    assert results[("edition=1st", "minor_payout=full")] == (60, 0)


def test_minor_payout_full_is_an_option_of_the_first_edition_only():
    with pytest.raises(gamekit.GameError, match="first edition"):
        gamekit.new_game("1837", PLAYERS, options=["minor_payout=full"])
    assert gamekit.new_game("1837", PLAYERS).edition == "2nd"
