"""``revalidate`` (run by ``process`` on every action) builds an action again only where it was not already built
from plain data and checked strictly: an action read from JSON is taken as it is, one built with ``unchecked`` or
``replace``, or holding a record passed in as it is, is checked field by field again."""

from __future__ import annotations

import pytest

from gamekit.actions import action_from_json, build_action, revalidate
from gamekit.errors import DataError
from gamekit.tracks.actions import Route, RunRoutes

ROUTE = {"train": "2-0", "connections": [], "hexes": ["E5", "F4"], "nodes": [], "revenue": 30}  # every field a save writes


def test_an_action_read_from_json_is_taken_as_it_is():
    action = action_from_json({"type": "run_routes", "entity": "PRR", "routes": [ROUTE]})
    assert revalidate(action) is action


def test_a_replaced_action_is_built_again_and_its_wrong_field_refused():
    action = action_from_json({"type": "run_routes", "entity": "PRR", "routes": [ROUTE]})
    same = action.replace(entity="PRR")
    again = revalidate(same)
    assert again == action and again is not same
    with pytest.raises(DataError, match="field 'entity': expected a string, got 5"):
        revalidate(action.replace(entity=5))


def test_a_record_passed_in_unchecked_is_checked_again():
    wrong = Route.unchecked(train="2-0", revenue=2.5)
    action = build_action(RunRoutes, {"entity": "PRR", "routes": [wrong]}, "test")  # taken as it is here
    with pytest.raises(DataError, match="field 'routes.0.revenue': expected a whole number, got 2.5"):
        revalidate(action)


def test_an_action_changed_in_place_is_built_again():
    """Actions are frozen, but ``object.__setattr__`` gets past that: a checked action changed in place since, a
    record inside it included, is checked again (``process`` refuses it with ``core:protocol.fields``)."""
    action = action_from_json({"type": "run_routes", "entity": "PRR", "routes": [ROUTE]})
    object.__setattr__(action.routes[0], "revenue", float("nan"))
    with pytest.raises(DataError, match="field 'routes.0.revenue': expected a whole number, got NaN"):
        revalidate(action)
    same = action_from_json({"type": "run_routes", "entity": "PRR", "routes": [ROUTE]})
    object.__setattr__(same, "entity", "PRR")  # the same value: still the action that was checked
    assert revalidate(same) is same
