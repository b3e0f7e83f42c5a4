"""The title-independent protocol: JSON round trips of every action type, undo/redo/fork, save/load, errors."""

from __future__ import annotations

import json
import pickle

import numpy
import pytest

import gamekit
from gamekit.actions import action_from_json, action_types
from gamekit.errors import DataError, GameError
from gamekit.simulate import play_random_game
from gamekit.titles import title_names

from .g1830_positions import nyc_with_tile_and_train


def _played_actions():
    """Every action of one bot game per title (cube rails) plus an 1830 game into its operating rounds."""
    actions = []
    for title, players in (("continental-divide", 4), ("american-rails", 4), ("1830", 4)):
        game = play_random_game(title, players, seed=3, cap=600)
        actions += list(game.actions)
    return actions


ACTIONS = _played_actions()


def test_every_action_type_is_exercised_or_built():
    seen = {a.type for a in ACTIONS}
    # 1830 types a short bot game may not reach are built by hand below
    assert {"bid", "par", "buy_shares", "pass", "lay_tile", "buy_train"} <= seen
    assert len(seen) >= 12


@pytest.mark.parametrize("action", ACTIONS[:: max(1, len(ACTIONS) // 300)], ids=lambda a: a.type)
def test_played_actions_round_trip_through_json(action):
    text = json.dumps(action.to_json())
    again = action_from_json(json.loads(text))
    assert again == action and type(again) is type(action)


def test_every_registered_type_round_trips():
    from gamekit.tracks.actions import Route

    samples = {str: "E19", int: 3, bool: True}
    for name, cls in action_types().items():
        fields = {}
        for field, ann in cls.field_types().items():
            text = str(ann)
            if field == "routes":
                fields[field] = (Route(train="2-0", connections=(("E19", "F20"),), revenue=50),)
            elif "tuple" in text:
                fields[field] = ("NYC_1",) if "str" in text else (1,)
            elif ann in samples:
                fields[field] = samples[ann]
            elif "int" in text:
                fields[field] = 1
            else:
                fields[field] = "x"
        action = cls(**fields)
        assert action_from_json(json.loads(json.dumps(action.to_json()))) == action, name
        assert action.sentence()


def test_malformed_action_json_names_the_place():
    with pytest.raises(DataError, match="unknown action type"):
        action_from_json({"type": "fly", "entity": "A"}, "save: action 4")
    with pytest.raises(DataError, match="save: action 4: field 'price'"):
        action_from_json({"type": "bid", "entity": "A", "company": "SV", "price": "lots"}, "save: action 4")


@pytest.mark.parametrize("title", title_names())
def test_undo_redo_restore_exact_state(title):
    game = play_random_game(title, 4, seed=5, cap=60)
    before = (game.to_json(), pickle.loads(pickle.dumps(game.state)))
    last = game.actions[-1]
    game.undo()
    assert len(game.actions) == 59
    game.redo()
    assert game.actions[-1] == last
    assert (game.to_json(), pickle.loads(pickle.dumps(game.state))) == before
    with pytest.raises(GameError):
        game.redo()


@pytest.mark.parametrize("title", title_names())
def test_save_and_load_give_the_same_game(title):
    game = play_random_game(title, 4, seed=6, cap=120)
    loaded = gamekit.load_json(game.to_json())
    assert loaded.to_json() == game.to_json()
    assert pickle.loads(pickle.dumps(loaded.state)) == pickle.loads(pickle.dumps(game.state))
    assert loaded.legal_actions() == game.legal_actions()


def test_fork_is_independent():
    game = nyc_with_tile_and_train()
    other = game.fork()
    other.process(other.legal_actions()[0])
    assert len(other.actions) == len(game.actions) + 1
    assert game.state.corporations["NYC"].trains == ["2-0"]


def test_position_before_an_action():
    game = nyc_with_tile_and_train()
    earlier = game.at(7)
    assert len(earlier.actions) == 7
    assert earlier.active_step.name == "Stock round"
    assert game.at(numpy.int64(7)).actions == earlier.actions  # a position read from a table
    with pytest.raises(TypeError, match="a position is a whole number of actions, not '7'"):
        game.at("7")
    with pytest.raises(IndexError, match="no position 99; the game has"):
        game.at(99)
    one = gamekit.new_game("1830", ["Ann", "Ben", "Cy"])
    one.process(one.legal_actions()[0])
    with pytest.raises(IndexError, match="^no position -1; the game has 1 action$"):
        one.at(-1)


def test_new_game_errors():
    with pytest.raises(GameError) as too_few:
        gamekit.new_game("1837", ["A", "B"])  # 1837 is for 3 to 7 players
    assert too_few.value.rule == "1837:setup"
    with pytest.raises(ValueError, match="unknown title"):
        gamekit.new_game("1829", ["A", "B"])
    with pytest.raises(GameError) as info:
        gamekit.new_game("1830", ["A"])
    assert info.value.rule == "1830:setup"
    with pytest.raises(GameError, match="unknown option"):
        gamekit.new_game("1830", ["A", "B"], options=["free_money"])


def test_load_json_errors_name_the_place():
    with pytest.raises(DataError, match="line 1"):
        gamekit.load_json("{not json")
    with pytest.raises(DataError, match="not a gamekit save"):
        gamekit.load_json('{"format": "other"}')
    game = nyc_with_tile_and_train()
    data = json.loads(game.to_json())
    data["actions"][3]["price"] = 5000
    with pytest.raises(DataError, match="save: action 3"):
        gamekit.load_json(data)


def test_options_change_the_rules():
    plain = gamekit.new_game("1830", ["A", "B", "C"])
    six = gamekit.new_game("1830", ["A", "B", "C"], options=["optional_6_train"])
    count = lambda g: sum(t.startswith("6-") for t in g.state.depot.upcoming)  # noqa: E731
    assert (count(plain), count(six)) == (2, 3)


def test_the_engine_imports_neither_plotly_nor_ipywidgets():
    import subprocess
    import sys

    code = ("import sys, gamekit\nfrom gamekit.simulate import play_random_game\n"
            "for t in gamekit.title_names(): play_random_game(t, 4, 1, cap=200)\n"
            "print(sorted(m for m in ('plotly', 'ipywidgets', 'IPython') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.stdout.strip() == "[]", out.stderr


def test_setup_input_is_checked():
    with pytest.raises(GameError, match="not one string"):
        gamekit.new_game("1830", "ABCD")
    with pytest.raises(GameError, match="not one string"):
        gamekit.new_game("1830", ["A", "B"], options="optional_6_train")
    with pytest.raises(GameError, match="whole number"):
        gamekit.new_game("1830", ["A", "B"], seed=1.5)
    with pytest.raises(GameError, match="not empty"):
        gamekit.new_game("1830", ["A", ""])


def test_load_json_checks_field_types():
    game = nyc_with_tile_and_train()
    for key, bad, says in (("options", None, r"must be a list of option names, such as \[\] or "
                                             r"\[\"optional_6_train\"\], not null"),
                           ("actions", {}, "must be a list of actions, not {}"),
                           ("seed", "x", 'must be a whole number, such as 7, not "x"')):
        data = json.loads(game.to_json())
        data[key] = bad
        with pytest.raises(DataError, match=f"field '{key}' {says}"):
            gamekit.load_json(data)
    with pytest.raises(DataError, match="UTF-8"):
        gamekit.load_json(b"\xff\xfe\x00")


def test_train_variant_and_unknown_city_are_refusals():
    from gamekit.tracks.actions import BuyTrain, PlaceToken

    from .g1830_positions import assert_refused, nyc_floated

    game = nyc_with_tile_and_train()
    assert_refused(game, BuyTrain(entity="NYC", train="2-1", price=80, variant="D"), "1830:trains.buy")
    game = nyc_floated()
    game.state.round.step = "token"  # position: NYC at its token step
    assert_refused(game, PlaceToken(entity="NYC", city="XX-0-0", slot=0), "1830:token.city")


@pytest.mark.parametrize("title", title_names())
def test_games_render_themselves_in_jupyter(title):
    game = play_random_game(title, 4, seed=2, cap=30)
    page = game._repr_html_()
    assert game.active_step.name in page and game.active_step.rule in page
    assert all(p.name in page for p in game.players)


def test_events_handed_back_are_the_callers_own():
    """Clearing the list ``process`` returned, or one ``history`` yielded, leaves the game's history whole."""
    game = gamekit.new_game("1830", ["Ann", "Ben", "Cy"], seed=1)
    action = game.legal_actions()[0]
    events = game.process(action)
    assert events
    sentences = [str(e) for e in events]
    events.clear()
    next(iter(game.history()))[1].clear()
    assert [str(e) for e in next(iter(game.history()))[1]] == sentences
