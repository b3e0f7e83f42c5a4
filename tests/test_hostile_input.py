"""Hostile and careless input (issue 20): every field checked, actions built without validation refused, malformed
files and logs refused with one line naming the place — never a traceback, never a change of state."""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path

import pytest

import gamekit
from gamekit.actions import Pass
from gamekit.cli import main
from gamekit.errors import DataError, GameError
from gamekit.games import open_real_game, real_game
from gamekit.import18xx import IGNORED_TYPES, filter_actions, import_log, read_log
from gamekit.titles.american_rails import Bid as ArBid
from gamekit.cuberails.cd_actions import ChooseOrder
from gamekit.tracks.actions import Bid, BuyShares, BuyTrain, Dividend, Par, RunRoutes

from .g1830_positions import assert_refused, auction_done, nyc_with_tile_and_train, snapshot


def _one_line(exc: BaseException) -> str:
    text = str(exc)
    assert "\n" not in text and "Traceback" not in text
    return text


# ----- fields checked against the game ---------------------------------------------------------------------
def _nynh_route_step():
    # the real game 26855 (shipped with gamekit) at action 92: NYNH's trains are to run
    return open_real_game("1830", "26855", stop_at=92)


def _best_run(game) -> RunRoutes:
    return next(a for a in game.legal_actions() if isinstance(a, RunRoutes) and a.routes)


@pytest.mark.parametrize("change, rule", [
    ({"hexes": ("Z99",)}, "1830:route.stops"),
    ({"nodes": ("ZZZ-0",)}, "1830:route.stops"),
    ({"connections": ((),)}, "1830:route.track"),
    ({"connections": (("Z99", "ZZZ"),)}, "1830:route.track"),
])
def test_route_fields_are_the_stops_its_connections_pass(change, rule):
    game = _nynh_route_step()
    best = _best_run(game)
    route = best.routes[0].replace(**change)
    err = assert_refused(game, RunRoutes(entity=best.entity, routes=(route,) + best.routes[1:]), rule)
    _one_line(err)
    game.process(best)  # the unchanged action is still legal


def test_train_trade_in_and_variant_are_checked():
    g = nyc_with_tile_and_train()  # NYC at its buy-train step with $820, owning 2-0
    assert_refused(g, BuyTrain(entity="NYC", train="2-1", price=80, variant="2", exchange="x"),
                   "1830:trains.trade-in")
    assert_refused(g, BuyTrain(entity="NYC", train="2-1", price=80, variant="junk"), "1830:trains.buy")
    for empty in ("", "\x00"):  # a name of no train is no trade-in, not "no trade-in"; shown so it can be seen
        err = assert_refused(g, BuyTrain(entity="NYC", train="2-1", price=80, variant="2", exchange=empty),
                             "1830:trains.trade-in")
        assert "\x00" not in str(err) and "cannot be traded in for 2-1" in str(err)
    g.process(BuyTrain(entity="NYC", train="2-1", price=80, variant="2"))
    assert g.state.corporations["NYC"].cash == 820 - 80


def test_exchange_for_a_non_certificate_is_refused():
    g = auction_done()
    g.process(Par(entity="Cy", corporation="NYC", share_price="90,1,6"))
    assert g.current_entity == "Di"  # Di owns the M&H
    err = assert_refused(g, BuyShares(entity="MH", shares=("NYC",), percent=10), "1830:private.mh-exchange")
    assert "no certificate 'NYC'" in _one_line(err)
    g.process(Pass(entity="Di"))
    # the owner may exchange on another player's turn too (as on 18xx.games); that turn stays where it was
    turn = g.current_entity
    assert turn != "Di"
    g.process(BuyShares(entity="MH", shares=("NYC_1",), percent=10))
    assert g.current_entity == turn
    assert "MH" not in g.state.players["Di"].privates


# ----- actions built without validation ----------------------------------------------------------------------
@pytest.mark.parametrize("build", [
    lambda a: a.replace(price="x"),
    lambda a: a.replace(price=True),
    lambda a: a.replace(price=2.5),
    lambda a: a.replace(price=math.nan),
    lambda a: a.replace(entity=None),
    lambda a: a.replace(extra=1),
    lambda a: Bid.unchecked(entity=a.entity, price=20),  # no company
    lambda a: Dividend.unchecked(**a.__dict__),  # another action's class with these fields
])
def test_1830_actions_built_without_validation_are_refused(build):
    g = gamekit.new_game("1830", ["Ann", "Ben"])
    bid = next(a for a in g.legal_actions() if isinstance(a, Bid))
    before = snapshot(g)
    with pytest.raises(GameError) as info:
        g.process(build(bid))
    assert info.value.rule in ("core:protocol.fields", "1830:auction")
    assert snapshot(g) == before
    _one_line(info.value)


def test_american_rails_bid_of_nan_is_refused_and_the_save_stays_loadable():
    g = gamekit.new_game("american-rails", ["A", "B", "C"], seed=1)
    while not any(isinstance(a, ArBid) for a in g.legal_actions()):
        g.process(g.legal_actions()[0])
    bid = next(a for a in g.legal_actions() if isinstance(a, ArBid))
    before = snapshot(g)
    with pytest.raises(GameError) as info:
        g.process(bid.replace(amount=math.nan))
    assert info.value.rule == "core:protocol.fields" and snapshot(g) == before
    assert gamekit.load_json(g.to_json()).to_json() == g.to_json()


def test_continental_divide_turn_order_position_must_be_whole():
    from gamekit.rng import GameRandom
    from gamekit.simulate import random_action

    g = gamekit.new_game("continental-divide", ["A", "B", "C"], seed=2)
    rng = GameRandom(2)
    while not any(isinstance(a, ChooseOrder) for a in g.legal_actions()):
        g.process(random_action(g, rng))
    order = next(a for a in g.legal_actions() if isinstance(a, ChooseOrder))
    before = snapshot(g)
    with pytest.raises(GameError) as info:
        g.process(order.replace(position=2.5))
    assert info.value.rule == "core:protocol.fields" and snapshot(g) == before


def test_an_action_of_another_step_names_the_steps_rule():
    g = gamekit.new_game("1830", ["Ann", "Ben"])
    err = assert_refused(g, Dividend(entity="Ann", kind="payout"), "1830:auction.bid")
    assert "takes a bid or a pass, not a dividend decision" in _one_line(err)
    with pytest.raises(GameError) as info:
        g.process({"type": "bid"})
    assert info.value.rule == "core:protocol.action"


# ----- malformed saves -------------------------------------------------------------------------------------
def _save() -> dict:
    return json.loads(nyc_with_tile_and_train().to_json())


@pytest.mark.parametrize("make, words", [
    (lambda: "[" * 100_000 + "]" * 100_000, "nested"),
    (lambda: '{"format": "gamekit-game", "seed": ' + "9" * 5000 + "}", "digits"),
    (lambda: '{"format": "gamekit-game", "seed": 1e999}', "too large"),
    (lambda: '{"format": "gamekit-game", "seed": NaN}', "NaN"),
    (lambda: json.dumps({**_save(), "options": [1]}), "options[0]"),
    (lambda: json.dumps({**_save(), "players": [1, 2]}), "players[0]"),
    (lambda: json.dumps({**_save(), "seed": True}), "'seed'"),
    (lambda: json.dumps({**_save(), "actions": [{"type": "bid", "entity": "Ann", "company": "SV", "price": 2.5}]}),
     "action 0"),
    (lambda: json.dumps({"title": "1830", "players": [], "actions": []}), "18xx.games log"),
    (lambda: b"\xff\xfe", "UTF-8"),
])
def test_malformed_saves_give_one_line_naming_the_place(make, words):
    with pytest.raises(DataError) as info:
        gamekit.load_json(make())
    assert words in _one_line(info.value)


# ----- malformed logs --------------------------------------------------------------------------------------
def _bank_log() -> dict:
    """A real 1830 game that ends with the broken bank (shipped with gamekit, so these tests need no fixtures and
    can parametrize from it while collecting)."""
    return read_log(real_game("1830", "1830_game_end_bank").log())


def _first(log: dict, kind: str) -> dict:
    """The first action of ``kind`` that survives the log's undos (the entry itself, to change in place)."""
    kept = {a["id"] for a in filter_actions(log["actions"]) if a["type"] == kind}
    return next(a for a in log["actions"] if a.get("id") in kept)


def _set_routes(log):
    _first(log, "run_routes")["routes"] = 5


def _set_auto(value):
    def change(log):
        _first(log, "pass")["auto_actions"] = value
    return change


@pytest.mark.parametrize("change, words", [
    (lambda log: log["settings"].update(seed=1e300), "settings.seed"),
    (lambda log: log.update(settings=[1]), "'settings'"),
    (lambda log: log.update(result={"1": "lots"}), "result.1"),
    (lambda log: log.update(result={"1": [1]}), "result.1"),
    (_set_auto(5), "auto_actions"),
    (_set_auto({"a": 1}), "auto_actions"),
    (_set_auto([1]), "auto_actions[0]"),
    (_set_routes, "routes"),
    (lambda log: log["players"].append("x"), "players["),
    (lambda log: log.update(format="gamekit-game"), "gamekit save"),
    (lambda log: log["settings"].update(optional_rules=["free_money"]),
     "field 'settings.optional_rules': unknown option(s) 'free_money'"),
    (lambda log: log["players"][1].update(name=log["players"][0]["name"]), "field 'players': player names must"),
    (lambda log: log["players"][1].update(name="PRR"), "field 'players': a player may not be called PRR"),
])
def test_malformed_logs_give_one_line_naming_the_place(change, words):
    log = copy.deepcopy(_bank_log())
    change(log)
    with pytest.raises(DataError) as info:
        import_log(read_log(json.dumps(log)), strict=True)
    assert words in _one_line(info.value)


@pytest.mark.parametrize("text, words", [
    ('{"title": "1830", "players": [], "actions": [], "settings": {"seed": 1e999}}', "too large"),
    ('{"title": "1830", "players": [], "actions": [], "settings": {"seed": ' + "7" * 4400 + "}}", "digits"),
    ('{"actions": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested"),
])
def test_unbounded_numbers_and_nesting_in_a_log_file(tmp_path, capsys, text, words):
    path = tmp_path / "log.json"
    path.write_text(text)
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err and err.startswith(f"gamekit replay: {path}")


def test_text_is_never_opened_as_a_file(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("not for the app")
    for text in (str(secret), "/dev/zero", "26855.json"):
        with pytest.raises(DataError) as info:
            gamekit.import_log(text)
        assert "pathlib.Path" in _one_line(info.value)
    with pytest.raises(DataError) as info:
        gamekit.import_log(Path("/dev/zero"))  # a path is read, but only so far
    assert "MB" in _one_line(info.value) or "UTF-8" in str(info.value)


def test_replay_of_a_gamekit_save_is_refused(tmp_path, capsys):
    save = tmp_path / "save.json"
    save.write_text(nyc_with_tile_and_train().to_json())
    assert main(["replay", str(save)]) == 1
    err = capsys.readouterr().err.strip()
    assert "gamekit save, not an 18xx.games log" in err and "\n" not in err


# ----- every field of an imported action that carries an amount or a choice --------------------------------
def _mutated(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 7
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return list(reversed(value)) + value[:1] if value else ["x"]
    return "x"


def _fields_to_mutate():
    """(action type, field) → the first surviving action with it; the site's auto-programme entries are left out:
    they change nothing (the actions they make are logged as ``auto_actions``, core:import.log)."""
    log = _bank_log()
    kept = {}
    for action in filter_actions(log["actions"]):
        if action["type"] in IGNORED_TYPES:
            continue
        for key in action:
            if key not in ("id", "created_at", "user", "skip", "auto_actions", "type", "entity"):
                kept.setdefault((action["type"], key), action["id"])
    return sorted(kept.items())


@pytest.mark.parametrize("field, action_id", _fields_to_mutate(), ids=lambda v: str(v))
def test_each_field_of_an_imported_action_is_checked(field, action_id):
    kind, key = field
    log = copy.deepcopy(_bank_log())
    action = next(a for a in log["actions"] if a.get("id") == action_id)
    action[key] = _mutated(action[key])
    report = import_log(log)
    assert not report.ok  # refused at once, or the game no longer matches the recorded one
    if report.error:
        _one_line(report.error)


@pytest.mark.parametrize("key, value", [("subsidy", 5), ("extra_revenue", 10), ("share_price", "90,1,6"),
                                        ("entity_type", "player")])
def test_site_fields_our_rules_do_not_have_are_refused(key, value):
    log = copy.deepcopy(_bank_log())
    run = _first(log, "run_routes")
    run[key] = value
    with pytest.raises(DataError) as info:
        import_log(log, strict=True)
    assert f"action {run['id']}" in _one_line(info.value) and key in str(info.value)


# ----- a new game's settings ------------------------------------------------------------------------------
@pytest.mark.parametrize("title, players", [
    ("1830", ["PRR", "Ben", "Cy"]),  # a corporation
    ("1830", ["SV", "Ben", "Cy"]),  # a private company
    ("1894", ["Ouest", "Ben", "Cy"]),
    ("1837", ["@pool", "Ben", "Cy"]),  # the bank pool holds certificates under this id
    ("1830", ["bank", "Ben", "Cy"]),  # cash("bank") is the bank's
    ("1894", ["ipo", "Ben", "Cy"]),  # holdings("ipo") is the initial offering's
    ("1837", ["pool", "Ben", "Cy"]),
    ("continental-divide", ["UP", "Ben", "Cy"]),
    ("american-rails", ["bank", "Ben", "Cy"]),
])
def test_a_player_may_not_take_an_id_the_game_gives_to_something_else(title, players):
    """An action's entity and a query's argument must name one thing: a player named after a corporation made
    ``legal_actions`` list what ``process`` refused (rule ``<title>:setup``)."""
    with pytest.raises(GameError) as info:
        gamekit.new_game(title, players)
    assert info.value.rule.endswith(":setup") and players[0] in _one_line(info.value)


@pytest.mark.parametrize("players, seed, options, says", [
    (None, 1, (), "lists of names"),
    (["Ann", "Ben", 3], 1, (), "a name (text)"),
    ([gamekit.Player(1, "Ann"), "Ben", "Cy"], 1, (), "a text id"),
    (["Ann", "Ben", "Cy"], 10 ** 18, (), "at most 18 digits"),
    (["Ann", "Ben", "Cy"], -10 ** 18 - 5, (), "at most 18 digits"),
    (["Ann", "Ben", "Cy"], 1, None, "lists of names"),
    (["Ann", "Ben", "Cy"], 1, [1], "an option is a name"),
    (["Ann", "Ben", "Cy"], 1, ["edition=1st", "edition=2nd"], "edition is given more than one value"),
    ([gamekit.Player("1", "Ann"), gamekit.Player("2", "Ann"), "Cy"], 1, (), "names must be distinct"),
    ([gamekit.Player("1", " "), "Ben", "Cy"], 1, (), "names must be distinct and not empty"),
    ([gamekit.Player("1", "2"), gamekit.Player("2", "Ben"), "Cy"], 1, (), "may not be named '2'"),
    ([gamekit.Player("1", "KK"), "Ben", "Cy"], 1, (), "may not be called KK"),  # the national's id
    (["Ann", "Bo\nX", "Cy"], 1, (), "one line of at most 40 printable characters"),
    (["Ann", "B" * 41, "Cy"], 1, (), "one line of at most 40 printable characters"),
    # an action's entity is a player's id: one a save's reader refuses is refused here
    ([gamekit.Player("x" * 200, "Ann"), "Ben", "Cy"], 1, (), "a player id is one line of at most 40"),
    ([gamekit.Player("A\nB", "Ann"), "Ben", "Cy"], 1, (), "a player id is one line of at most 40"),
])
def test_a_new_game_refuses_settings_it_could_not_save_or_name(players, seed, options, says):
    """Seeds of more digits than a save's reader takes, players and options that are not names, two values of
    one option, and player names that would make a message ambiguous (two alike, or one that is another player's
    id) are refused with one line (rule ``1837:setup``), never a traceback or a save that cannot load."""
    with pytest.raises(GameError) as info:
        gamekit.new_game("1837", players, seed=seed, options=options)
    assert info.value.rule == "1837:setup" and says in _one_line(info.value)


def test_the_largest_seed_a_game_takes_is_saved_and_loaded_back():
    game = gamekit.new_game("1830", ["Ann", "Ben", "Cy"], seed=-(10 ** 18 - 1))
    assert gamekit.load_json(game.to_json()).seed == -(10 ** 18 - 1)


def test_a_field_holds_no_number_a_save_could_not_hold():
    """Whole-number fields take what the save reader reads back, at most 18 digits; an action built unchecked with
    more is refused by ``process`` (``core:protocol.fields``) and changes nothing."""
    with pytest.raises(ValueError, match="at most 18 digits"):
        BuyTrain(entity="PRR", train="2-0", price=10 ** 18)
    game = auction_done()
    huge = BuyShares.unchecked(entity=game.current_entity, shares=("PRR_1",), percent=10 ** 20)
    assert "at most 18 digits" in _one_line(assert_refused(game, huge, "core:protocol.fields"))


# ----- places in malformed files, arguments ---------------------------------------------------------------
def test_a_number_too_large_to_read_is_refused_with_its_line_and_column():
    game = gamekit.new_game("1830", ["Ann", "Ben", "Cy"], seed=4)
    text = game.to_json().replace("\"seed\":4", "\"seed\":\n" + "4" * 41)
    line = 1 + text[:text.index("4" * 41)].count("\n")
    with pytest.raises(DataError) as info:
        gamekit.load_json(text)
    assert _one_line(info.value).startswith(f"save: line {line} column ") and "41 digits" in str(info.value)


def test_a_key_given_twice_is_refused_not_half_read():
    """No field of a file is silently dropped: with a key twice in one object JSON keeps only the last value."""
    saved = gamekit.new_game("1830", ["Ann", "Ben", "Cy"], seed=4).to_json()
    with pytest.raises(DataError, match="the key 'seed' is given twice in one object"):
        gamekit.load_json(saved.replace('"seed":4', '"seed":4,"seed":5'))
    with pytest.raises(DataError, match="the key 'type' is given twice"):
        import_log('{"title": "1830", "actions": [{"type": "pass", "type": "bid"}]}')


def test_a_save_with_a_byte_order_mark_loads(tmp_path):
    game = gamekit.new_game("1830", ["Ann", "Ben", "Cy"], seed=4)
    path = tmp_path / "saved.json"
    path.write_bytes(b"\xef\xbb\xbf" + game.to_json().encode())
    assert gamekit.load_json(path.read_text(encoding="utf-8")).to_json() == game.to_json()


@pytest.mark.parametrize("stop_at, error, says", [
    ("5", ValueError, "a whole number from 1"),
    (-1, ValueError, "a whole number from 1"),
    (True, ValueError, "a whole number from 1"),
    (100_000, DataError, "no action left after its undos has the id 100000"),
])
def test_import_stops_only_at_an_action_the_log_has(stop_at, error, says):
    log = real_game("1830", "26855").log()
    with pytest.raises(error, match=says):
        import_log(log, stop_at=stop_at)


def test_an_action_sentence_is_text_read_with_its_spaces_folded_and_quoted_short():
    game = gamekit.new_game("1830", ["Ann", "Ben", "Cy", "Di"], seed=7)
    with pytest.raises(GameError, match="an action sentence is text, not nothing"):
        game.parse_action(None)
    first = game.legal_actions()[0]
    assert game.parse_action("  " + first.sentence().replace(" ", "   ") + " ") == first
    with pytest.raises(GameError) as info:
        game.parse_action("x" * 400_000)
    assert len(_one_line(info.value)) < 200


def test_a_player_id_of_the_longest_length_taken_is_saved_and_loaded_back():
    game = gamekit.new_game("1830", [gamekit.Player("x" * 40, "Ann"), "Ben", "Cy"], seed=1)
    game.process(game.legal_actions()[0])
    assert gamekit.load_json(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize("text,kind", [("[1, 2]", "a list"), ("5", "a whole number"), ("null", "nothing")])
def test_a_save_that_is_no_json_object_says_what_it_is(text, kind):
    with pytest.raises(gamekit.DataError) as info:
        gamekit.load_json(text)
    assert str(info.value) == f"save: expected a JSON object at the top level, not {kind}"
