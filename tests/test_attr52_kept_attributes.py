"""Values kept on objects that are not records (market cells, routes, 1837's route hooks, the title facts' lookup
indexes) are set as attributes, never through the object's ``__dict__``: they equal the values worked out again,
survive pickling and copying, and the objects keep CPython's compact attribute array (no dict made). Route hooks
pickle as their class and fields (RouteRules.__reduce__): equal hooks give equal memo keys."""

from __future__ import annotations

import copy
import dataclasses
import gc
import pickle

import pytest

from gamekit.datafiles import data_json, load_model
from gamekit.simulate import new_bot_game
from gamekit.titles.g1830.coalfields import CoalfieldsRoutes
from gamekit.titles.g1837.routes import Rules1837
from gamekit.tracks.facts import TitleFacts, title_facts
from gamekit.tracks.market import StockMarket
from gamekit.tracks.router import canonical_bytes
from gamekit.tracks.routes import Leg, Route

from .bot_positions import random_positions

TITLES = ("1830", "1837", "1894")


def _in_array(obj, extra: int) -> bool:
    """True when ``obj`` holds its dataclass fields and ``extra`` more attributes in the compact array and has no
    ``__dict__`` made: ``gc.get_referents`` then lists one value per attribute, then the class."""
    return len(gc.get_referents(obj)) == len(dataclasses.fields(obj)) + extra + 1


@pytest.mark.parametrize("title", TITLES)
def test_market_cells_know_their_effects_and_keep_the_array(title):
    market = StockMarket(title_facts(title).market)
    assert market.cells
    for cell in market.cells.values():
        assert cell.counts_for_cert_limit == ("no_cert_limit" not in cell.effects)
        assert cell.allows_over_60 == ("above_holding_limit" in cell.effects)
        assert cell.multiple_buy == ("multiple_buy" in cell.effects)
        assert cell.ends_game == ("ends_game" in cell.effects)
        assert _in_array(cell, 4)
        for again in (pickle.loads(pickle.dumps(cell)), copy.deepcopy(cell), dataclasses.replace(cell)):
            assert again == cell
            assert (again.counts_for_cert_limit, again.allows_over_60, again.multiple_buy, again.ends_game) == (
                cell.counts_for_cert_limit, cell.allows_over_60, cell.multiple_buy, cell.ends_game)


def test_1830_cells_by_zone():
    market = StockMarket(title_facts("1830").market)
    brown = [cell for cell in market.cells.values() if cell.multiple_buy]
    assert brown and all(cell.allows_over_60 and not cell.counts_for_cert_limit for cell in brown)
    assert not any(cell.ends_game for cell in market.cells.values())
    assert any(cell.ends_game for cell in StockMarket(title_facts("1894").market).cells.values())


def test_a_route_s_stops_are_kept_as_an_attribute():
    legs = (Leg(("E11", "city", 0), ("F10", "town", 0), (("E11", 0),)),
            Leg(("F10", "town", 0), ("G9", "city", 1), (("F10", 1), ("G9", 2))))
    route = Route("2-0", legs)
    assert _in_array(route, 0)
    assert route.stops == (("E11", "city", 0), ("F10", "town", 0), ("G9", "city", 1))
    assert route.stops is route.stops  # worked out once
    assert _in_array(route, 1)
    made = Route.with_stops("2-0", legs, route.stops)
    assert made == route and made.stops == route.stops and _in_array(made, 1)
    for again in (pickle.loads(pickle.dumps(made)), copy.deepcopy(made), copy.copy(route)):
        assert again == route and again.stops == route.stops
    assert Route("2-0", ()).stops == ()


def test_1837_sorted_mines_are_kept_as_an_attribute():
    game = new_bot_game("1837", 4, 1)
    rules = game.route_rules
    assert isinstance(rules, Rules1837)
    assert rules._sorted_mines == tuple(sorted(rules.mines)) and rules._sorted_mines
    assert rules._sorted_mines is rules._sorted_mines
    assert _in_array(rules, 1)
    assert pickle.loads(pickle.dumps(rules))._sorted_mines == rules._sorted_mines


@pytest.mark.parametrize("title", TITLES)
def test_facts_lookups_equal_a_search_and_keep_the_array(title):
    facts = title_facts(title)
    for private in facts.privates:
        assert facts.private(private.sym) is private
    for corp in facts.corporations:
        assert facts.corporation(corp.sym) is corp
        own = corp.max_holding_percent
        assert facts.max_holding_percent_of(corp.sym) == (facts.max_holding_percent if own is None else own)
    for train in facts.trains:
        assert facts.train(train.name) is next(t for t in facts.trains if t.name == train.name)
    with pytest.raises(KeyError):
        facts.corporation("no such corporation")
    assert _in_array(facts, 4)


def test_replaced_facts_make_their_indexes_again():
    # a fresh load, not the cached facts of the games: Record.replace reads the record's __dict__
    facts = load_model(TitleFacts, data_json("1830", "game.json"), "data/1830/game.json")
    first = facts.corporations[0]
    facts.corporation(first.sym)
    changed = facts.replace(corporations=facts.corporations[1:])
    with pytest.raises(KeyError):
        changed.corporation(first.sym)
    assert changed.corporation(facts.corporations[1].sym) is facts.corporations[1]
    assert facts.corporation(first.sym) is first


@pytest.mark.parametrize("title,players,seed", [("1830", 4, 1), ("1837", 4, 1), ("1894", 4, 1)])
def test_the_facts_keep_the_array_along_a_seeded_game(title, players, seed):
    for game in random_positions(title, players, seed, 300):
        pass
    facts = game.facts
    kept = sum(getattr(facts, f"_{name}_index") is not None
               for name in ("privates", "corporations", "trains", "max_holding"))
    assert kept >= 2 and _in_array(facts, kept)


@pytest.mark.parametrize("title", ["1830", "1837", "1894"])
def test_route_hooks_pickle_as_their_fields_and_keep_the_array(title):
    rules = new_bot_game(title, 4, 1).route_rules
    before = canonical_bytes(rules)
    again = pickle.loads(pickle.dumps(rules))
    assert type(again) is type(rules)
    if dataclasses.is_dataclass(rules):
        assert again == rules and _in_array(rules, 0) and _in_array(again, 0)
    if isinstance(rules, Rules1837):
        assert rules._sorted_mines  # a value kept beside the fields stays out of the memo key
        assert _in_array(rules, 1)
    assert canonical_bytes(rules) == before  # (a pickled frozenset may come back in another order: not compared)


def test_coalfields_hooks_pickle_as_their_fields():
    rules = CoalfieldsRoutes("E17", frozenset({"PRR"}))
    again = pickle.loads(pickle.dumps(rules))
    assert again == rules and again.rights == frozenset({"PRR"}) and _in_array(again, 0)
    assert canonical_bytes(rules) != canonical_bytes(CoalfieldsRoutes("E17", frozenset()))
