"""The synthetic 18xx title (``tests/synthetic_18xx.py``) plays what 1837 and 1894 need on the shared engine:
positions reached by its seeded random games (the conformance suite's), checked by hand."""

from __future__ import annotations

from functools import lru_cache

import gamekit
from gamekit.rng import GameRandom
from gamekit.simulate import random_action
from gamekit.titles import title_names
from gamekit.tracks.actions import BuyShares, LayTile, PlaceToken, RunRoutes

from . import synthetic_18xx

PLAYERS = ("Ann", "Ben", "Cy", "Di")


@lru_cache(maxsize=None)
def _moves(seed: int) -> tuple:
    """The actions of the seeded random game (the conformance suite plays the same)."""
    game = gamekit.new_game(synthetic_18xx.TITLE, PLAYERS, seed=seed)
    rng = GameRandom(seed)
    while not game.is_over:
        game.process(random_action(game, rng))
    return game.actions


def _at(seed: int, ply: int) -> gamekit.Game:
    game = gamekit.new_game(synthetic_18xx.TITLE, PLAYERS, seed=seed)
    for action in _moves(seed)[:ply]:
        game.process(action)
    return game


def test_it_is_playable_but_not_listed():
    assert synthetic_18xx.TITLE not in title_names()
    game = gamekit.new_game(synthetic_18xx.TITLE, PLAYERS, seed=1)
    assert game.bank_cash() is None and game.market.kind == "hex"
    assert gamekit.load_json(game.to_json()).title == synthetic_18xx.TITLE


def test_a_split_city_lifts_both_tokens_and_the_laying_corporation_replaces_them():
    game = _at(97, 1191)  # NYNH at its track step; Providence (F22) holds a green #15 with B&M's and NYNH's tokens
    assert game.state.board.tokens["F22"] == [["B&M", "NYNH"]]
    events = game.process(LayTile(entity="NYNH", hex="F22", tile="X2-0", rotation=1))
    assert [(e.kind, e.data.get("corporation")) for e in events[1:]] == [("token_lifted", "B&M"),
                                                                          ("token_lifted", "NYNH")]
    assert game.active_step.entity == "NYNH" and game.active_step.action_types == ("place_token",)
    assert game.legal_actions() == [PlaceToken(entity="NYNH", city="X2-0-0", slot=0),
                                    PlaceToken(entity="NYNH", city="X2-0-1", slot=0)]
    game.process(PlaceToken(entity="NYNH", city="X2-0-1", slot=0))  # B&M's token, lifted first
    assert game.legal_actions() == [PlaceToken(entity="NYNH", city="X2-0-0", slot=0)]  # its own, the free city
    game.process(PlaceToken(entity="NYNH", city="X2-0-0", slot=0))
    assert game.state.board.tokens["F22"] == [["NYNH"], ["B&M"]]
    assert game.tokens("NYNH").count("F22") == 1 and game.tokens("B&M").count("F22") == 1


def test_the_minor_chooses_one_of_its_two_homes():
    game = _at(11, 222)  # the minor's first operating turn
    assert game.active_step.entity == "MIN" and game.tokens("MIN") == ()
    choices = game.legal_actions()
    assert {a.city for a in choices} == {"city-1-0", "city-2-0"}  # Columbus (H4) and Barrie (B10)
    game.process(next(a for a in choices if a.city == "city-2-0"))
    assert game.tokens("MIN") == ("B10",) and game.active_step.name == "Lay track"


def test_the_2_plus_1_train_pays_two_cities_and_a_town():
    """NYNH's only train, a 2-train (here "2+1"): Albany (#57, 20) + New Haven & Hartford's town (#56, 10) + New
    York (40); 1830's 2-train would count two of the three stops."""
    game = _at(2, 342)
    run = _moves(2)[342]
    assert isinstance(run, RunRoutes) and run.entity == "NYNH" and game.state.corporations["NYNH"].trains == ["2-1"]
    assert game.legal_actions()[0] == run  # the best run offered
    events = game.process(run)
    route = next(e for e in events if e.kind == "route")
    assert route.data["train"] == "2-1" and route.data["stops"] == [("E19-0", 20), ("F20-0", 10), ("G19-0", 40)]
    assert route.data["revenue"] == 70


def test_incremental_capitalization_pays_the_treasury_at_each_ipo_sale():
    moves = _moves(1)
    ply, buy = next((i, a) for i, a in enumerate(moves) if isinstance(a, BuyShares) and a.entity in PLAYERS
                    and _at(1, i).state.ledger.owner[a.shares[0]] == "@ipo")
    game = _at(1, ply)
    corp = buy.shares[0].rsplit("_", 1)[0]
    before = game.treasury(corp)
    game.process(buy)
    assert game.treasury(corp) == before + game.par_price(corp)


def test_every_seeded_game_ends():
    reasons = {_at(seed, len(_moves(seed))).outcome.reason for seed in (1, 2, 3)}
    assert reasons <= {"bankrupt", "final_phase"} and reasons


def test_a_city_count_changes_only_where_the_upgrade_rules_allow_it():
    import pytest

    from gamekit.errors import GameError
    from gamekit.tracks.board import new_board
    from gamekit.tracks.lay import UpgradeRules, check_lay, lay_tile
    from gamekit.tracks.tokens import place_token

    data = synthetic_18xx.synthetic_track()
    board = new_board(data)
    colours = ("yellow", "green", "brown")
    lay_tile(data, board, "B&O", "J14", "57-0", 0, phase_colours=colours, ignore_connection=True)
    lay_tile(data, board, "B&O", "J14", "15-0", 0, phase_colours=colours, ignore_connection=True)
    place_token(data, board, "PRR", "J14", 0, needs_connection=False)
    with pytest.raises(GameError) as refused:
        check_lay(data, board, "B&O", "J14", "X2-0", 0, phase_colours=colours, ignore_connection=True)
    assert refused.value.rule == "1830:track.cities"
    split = check_lay(data, board, "B&O", "J14", "X2-0", 0, phase_colours=colours, ignore_connection=True,
                      upgrades=UpgradeRules(frozenset({("city", 1, 2)})))
    assert split.lifted == ("PRR",)
    with pytest.raises(GameError) as dropped:  # rotation 1 would drop the track to edge 0
        check_lay(data, board, "B&O", "J14", "X2-0", 1, phase_colours=colours, ignore_connection=True,
                  upgrades=UpgradeRules(frozenset({("city", 1, 2)})))
    assert dropped.value.rule == "1830:track.upgrade"
