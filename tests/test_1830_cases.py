"""Four 1830 rules checked against public bug reports of other engines (issue 14), each by legal play with its
numbers, in both directions: brown-zone purchases, the Erie's lifted token, the partial sale of a president's
certificate, and seed 001's restrictive upgrades."""

from __future__ import annotations

import copy

import pytest

from gamekit.actions import Pass
from gamekit.import18xx import import_log, read_log
from gamekit.rng import GameRandom
from gamekit.simulate import play_random_game, random_action
from gamekit.titles import game_class
from gamekit.tracks.board import city_id
from gamekit.tracks.actions import BuyShares, LayTile, Par, PlaceToken, SellShares
from gamekit.tracks.shares import IPO, POOL

from .fixtures import require_fixtures
from .g1830_positions import assert_refused, auction_done


def _price(g, corp: str) -> int:
    return g.market.cell(g.state.corporations[corp].price).price


# ----- 1. several certificates in one turn in the brown zone --------------------------------------------------
def _brown_nyc(options: list[str]):
    """The real game 26855 (logged with ``multiple_brown_from_ipo``) up to action 482, replayed with ``options``:
    player 82 ($620) is to act; NYC (par $67) is at $30 in the brown zone with NYC_8 in the IPO and NYC_4, _5,
    _3, _7 in the pool."""
    data = copy.deepcopy(read_log(require_fixtures("1830") / "26855.json"))
    data["settings"]["optional_rules"] = options
    g = import_log(data, stop_at=482, strict=True).game
    assert g.current_entity == "82" and g.state.players["82"].cash == 620 and _price(g, "NYC") == 30
    assert g.state.ledger.certs(IPO, "NYC") == ["NYC_8"]
    assert g.state.ledger.certs(POOL, "NYC") == ["NYC_4", "NYC_5", "NYC_3", "NYC_7"]
    return g


def _buy(g, cert: str):
    return g.process(BuyShares(entity="82", shares=(cert,), percent=10))


def test_brown_zone_several_pool_certificates_in_one_turn():
    g = _brown_nyc([])
    for cert in ["NYC_4", "NYC_5", "NYC_3"]:
        _buy(g, cert)
    assert g.state.players["82"].cash == 620 - 3 * 30
    assert g.state.ledger.certs("82", "NYC") == ["NYC_0", "NYC_4", "NYC_5", "NYC_3"]
    # ... but the IPO certificate cannot join a pool purchase
    assert_refused(g, BuyShares(entity="82", shares=("NYC_8",), percent=10), "1830:stock.brown-buy")


def test_brown_zone_ipo_certificate_is_the_turns_only_purchase():
    g = _brown_nyc([])
    _buy(g, "NYC_8")  # at par, $67
    assert g.state.players["82"].cash == 620 - 67
    assert_refused(g, BuyShares(entity="82", shares=("NYC_4",), percent=10), "1830:stock.brown-buy")
    assert not any(isinstance(a, BuyShares) for a in g.legal_actions())


def test_brown_zone_ipo_and_pool_mix_with_the_option():
    g = _brown_nyc(["multiple_brown_from_ipo"])
    _buy(g, "NYC_8")
    _buy(g, "NYC_4")
    assert g.state.players["82"].cash == 620 - 67 - 30
    assert g.state.ledger.percent_of("82", "NYC") == 40


# ----- 2. the Erie's token on E11 --------------------------------------------------------------------------
def _bot_game_until(players: int, seed: int, kind: str):
    """A seeded bot game (as ``gamekit simulate``) played until an event of ``kind``; returns the game."""
    game = game_class("1830")([f"P{i + 1}" for i in range(players)], seed=seed)
    rng = GameRandom(seed * 7919 + 17)
    while not game.is_over:
        events = game.process(random_action(game, rng))
        if any(e.kind == kind for e in events):
            return game, events
    raise AssertionError(f"no {kind} event")


def test_erie_chooses_its_home_city_when_e11_was_split_before_it_operated():
    # bot game seed 32, 2 players: another corporation laid #59 on E11 before the Erie first operated (seed 10 at
    # 3 players, used before, changed course when issue 36's third pass listed the CS's tile lays and changed the
    # forced train purchase)
    g, events = _bot_game_until(2, 32, "token_choice")
    assert g.state.board.tiles["E11"][0].startswith("59-")
    step = g.active_step
    assert (step.entity, step.rule, step.action_types) == ("ERIE", "1830:track.tokens", ("place_token",))
    tile = g.state.board.tiles["E11"][0]
    choices = g.legal_actions()
    assert [a.city for a in choices] == [f"{tile}-0", f"{tile}-1"]
    assert g.state.corporations["ERIE"].tokens[0] is None
    assert_refused(g, Pass(entity="ERIE"), "1830:track.tokens")  # the step takes only place_token
    cash = g.state.corporations["ERIE"].cash
    g.process(choices[1])
    assert g.state.board.tokens["E11"][1][0] == "ERIE" and g.state.corporations["ERIE"].tokens[0] == "E11"
    assert g.state.corporations["ERIE"].cash == cash  # the home token is free
    assert g.active_step.rule == "1830:or.track"  # and the Erie goes on with its turn


@pytest.mark.slow
def test_another_corporation_laying_on_e11_places_the_erie_token():
    # bot game seed 41, 5 players, after 1207 actions: the Erie's home token sits on the printed E11 and the PRR
    # may lay #59 there (one of its listed lays; the bot happened to choose another). (Seed 18's game, used before,
    # changed course when a corporation owning the CS came to keep its turn open, rule 1830:private.abilities; this
    # one reached the position at action 1313 until issue 36's third pass listed the CS's lays.)
    g = play_random_game("1830", 5, 41, cap=1207)  # stops after 1207 actions
    lay = LayTile(entity="PRR", hex="E11", tile="59-0", rotation=0)
    assert g.current_entity == "PRR" and lay in g.legal_actions()
    assert g.state.board.tokens["E11"] == [["ERIE"], [None]]
    erie, bo = g.state.corporations["ERIE"], g.state.corporations["PRR"]
    erie_tokens, bo_tokens, bo_cash = list(erie.tokens), list(bo.tokens), bo.cash
    events = g.process(lay)
    lifted = [e for e in events if e.kind == "token_lifted"]
    assert [(e.data["corporation"], e.data["placer"]) for e in lifted] == [("ERIE", "PRR")]
    assert erie.tokens == erie_tokens  # the Erie keeps its token; it is not waiting for the Erie's turn
    step = g.active_step
    assert (step.entity, step.rule, step.action_types) == ("PRR", "1830:track.tokens", ("place_token",))
    assert g.legal_actions() == [PlaceToken(entity="PRR", city="59-0-0"), PlaceToken(entity="PRR", city="59-0-1")]
    assert_refused(g, PlaceToken(entity="ERIE", city="59-0-1"), "1830:or.order")  # not the Erie's choice
    assert_refused(g, Pass(entity="PRR"), "1830:track.tokens")  # the choice comes first
    g.process(PlaceToken(entity="PRR", city="59-0-1", tokener="PRR"))
    assert g.state.board.tokens["E11"] == [[None], ["ERIE"]]
    cost = events[0].data["cost"]  # the terrain of the lay; placing the Erie's token is free
    assert (erie.tokens, bo.tokens, bo.cash) == (erie_tokens, bo_tokens, bo_cash - cost)  # no PRR token spent
    assert g.active_step.rule != "1830:track.tokens"  # the PRR goes on with its turn


def test_the_laying_corporation_replaces_the_erie_token_as_its_next_action():
    # the real game 1830_game_end_bank: ERIE (home token on the printed E11) lays #59 there itself
    g = import_log(require_fixtures("1830") / "1830_game_end_bank.json", stop_at=236, strict=True).game
    tokens = list(g.state.corporations["ERIE"].tokens)
    cash = g.state.corporations["ERIE"].cash
    events = g.process(LayTile(entity="ERIE", hex="E11", tile="59-1", rotation=2))
    assert [e.kind for e in events if e.rule == "1830:track.tokens"] == ["token_lifted"]
    assert g.state.corporations["ERIE"].tokens == tokens  # the Erie keeps its token
    assert g.active_step.rule == "1830:track.tokens" and g.current_entity == "ERIE"
    assert [a.city for a in g.legal_actions()] == ["59-1-0", "59-1-1"]
    elsewhere = city_id(g.track, g.state.board, "E19", 0)
    assert_refused(g, PlaceToken(entity="ERIE", city=elsewhere, slot=0), "1830:track.tokens")
    g.process(PlaceToken(entity="ERIE", city="59-1-0", slot=0, tokener="ERIE"))
    assert g.state.board.tokens["E11"] == [["ERIE"], [None]]
    assert g.state.corporations["ERIE"].cash == cash  # free


# ----- 3. selling part of the president's certificate ------------------------------------------------------
def _second_round(buys: list[tuple[str, str]], cy_passes_after: int | None = None):
    """Cy pars NYC at 90 (Cy has $350 after); the ``buys`` follow in turn (Cy passes at index ``cy_passes_after``);
    everyone passes to the second stock round."""
    g = auction_done()
    g.process(Par(entity="Cy", corporation="NYC", share_price="90,1,6"))
    for i, (who, cert) in enumerate(buys):
        if i == cy_passes_after:
            g.process(Pass(entity="Cy"))
        g.process(BuyShares(entity=who, shares=(cert,), percent=10))
    while g.state.stock_round_num < 2 or type(g.state.round).__name__ != "StockRound":
        g.process(next(a for a in g.legal_actions() if isinstance(a, Pass)))
    while g.current_entity != "Cy":
        g.process(Pass(entity=g.current_entity))
    return g


def _lone_president_and_two_at_twenty():
    # Cy holds only the president's certificate; Di (NYC_1, NYC_4) and Ann (NYC_2, NYC_5) hold 20% each
    g = _second_round([("Di", "NYC_1"), ("Ann", "NYC_2"), ("Ben", "NYC_3"), ("Di", "NYC_4"), ("Ann", "NYC_5")],
                      cy_passes_after=3)
    assert g.state.ledger.certs("Cy", "NYC") == ["NYC_0"] and _price(g, "NYC") == 82
    assert g.state.players["Cy"].cash == 530 - 180 + 15  # par, and the D&H's income
    return g


def test_selling_half_of_a_lone_presidents_certificate_passes_the_presidency_to_the_left():
    g = _lone_president_and_two_at_twenty()
    events = g.process(SellShares(entity="Cy", shares=("NYC_0",), percent=10))
    assert g.state.corporations["NYC"].president == "Di"  # tied with Ann at 20%: Di sits to Cy's left
    assert g.state.ledger.certs("Di", "NYC") == ["NYC_0"]
    # Di's two certificates go to the pool, and Cy takes back the pool's first (as 18xx.games moves them)
    assert g.state.ledger.certs("Cy", "NYC") == ["NYC_1"]
    assert g.state.ledger.certs(POOL, "NYC") == ["NYC_4"]
    assert g.state.players["Cy"].cash == 365 + 82
    assert _price(g, "NYC") == 76  # one row down
    assert [e.kind for e in events].count("price_move") == 1


def test_selling_all_of_a_lone_presidents_certificate():
    g = _lone_president_and_two_at_twenty()
    g.process(SellShares(entity="Cy", shares=("NYC_0",), percent=20))
    assert g.state.corporations["NYC"].president == "Di"
    assert g.state.ledger.certs("Cy", "NYC") == []
    assert g.state.ledger.certs(POOL, "NYC") == ["NYC_1", "NYC_4"]
    assert g.state.players["Cy"].cash == 365 + 2 * 82
    assert _price(g, "NYC") == 71  # two rows down


def test_selling_thirty_of_forty_percent():
    # Cy NYC_0, NYC_4, NYC_6 (40%); Di NYC_1, NYC_5 (20%); Ann and Ben 10% each
    g = auction_done()
    g.process(Par(entity="Cy", corporation="NYC", share_price="90,1,6"))
    for who, cert in [("Di", "NYC_1"), ("Ann", "NYC_2"), ("Ben", "NYC_3"), ("Cy", "NYC_4"), ("Di", "NYC_5")]:
        g.process(BuyShares(entity=who, shares=(cert,), percent=10))
    g.process(Pass(entity="Ann"))
    g.process(Pass(entity="Ben"))
    g.process(BuyShares(entity="Cy", shares=("NYC_6",), percent=10))
    while g.state.stock_round_num < 2 or type(g.state.round).__name__ != "StockRound":
        g.process(next(a for a in g.legal_actions() if isinstance(a, Pass)))
    while g.current_entity != "Cy":
        g.process(Pass(entity=g.current_entity))
    assert g.state.ledger.percent_of("Cy", "NYC") == 40 and g.state.ledger.percent_of("Di", "NYC") == 20
    cash, price = g.state.players["Cy"].cash, _price(g, "NYC")
    assert (cash, price) == (530 - 180 - 2 * 90 + 15, 82)  # $15: the D&H paid Cy in the operating round
    g.process(SellShares(entity="Cy", shares=("NYC_4", "NYC_6", "NYC_0"), percent=30))
    assert g.state.corporations["NYC"].president == "Di"
    assert g.state.ledger.certs("Cy", "NYC") == ["NYC_4"]
    assert sorted(g.state.ledger.certs(POOL, "NYC")) == ["NYC_1", "NYC_5", "NYC_6"]
    assert g.state.players["Cy"].cash == cash + 3 * 82


@pytest.mark.parametrize("percent", [10, 20])
def test_no_sale_of_the_presidents_certificate_when_nobody_holds_twenty(percent):
    # Cy holds only the president's certificate, Di, Ann and Ben 10% each (NYC has not floated)
    g = _second_round([("Di", "NYC_1"), ("Ann", "NYC_2"), ("Ben", "NYC_3")], cy_passes_after=None)
    assert g.state.ledger.certs("Cy", "NYC") == ["NYC_0"]
    assert_refused(g, SellShares(entity="Cy", shares=("NYC_0",), percent=percent), "1830:stock.president")
    assert not any(isinstance(a, SellShares) and "NYC_0" in a.shares for a in g.legal_actions())


# ----- 4. seed 001's restrictive upgrades --------------------------------------------------------------------
def test_restrictive_upgrades_refuse_a_real_games_upgrade_that_adds_no_usable_track():
    # 1830_game_end_bank, action 276: NYC upgrades New York (G19) to #62, which adds no new track for NYC
    path = require_fixtures("1830") / "1830_game_end_bank.json"
    logged = LayTile(entity="NYC", hex="G19", tile="62-0", rotation=0)
    default = import_log(path, stop_at=276, strict=True).game
    assert logged in default.legal_actions()
    data = copy.deepcopy(read_log(path))
    data["settings"]["optional_rules"] = ["seed_restrictive_upgrades"]
    seed = import_log(data, stop_at=276, strict=True).game
    assert logged not in seed.legal_actions()
    lays = {a for a in seed.legal_actions() if isinstance(a, LayTile)}
    assert lays < {a for a in default.legal_actions() if isinstance(a, LayTile)}
    assert_refused(seed, logged, "1830:track.usable")
    default.process(logged)  # the default rule (18xx.games) accepts it
