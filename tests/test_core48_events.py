"""``Event`` sets its fields itself (faster than the frozen dataclass's ``__init__``): it must stay the frozen value
the dataclass made, for the events of real games."""

import dataclasses
import pickle

import pytest

from gamekit.events import Event
from gamekit.simulate import play_random_game


def test_an_event_built_by_keyword_or_position_is_the_same_frozen_value():
    made = Event("1830:stock.float", "NYC floats", "float", {"corporation": "NYC"})
    assert made == Event(rule="1830:stock.float", text="NYC floats", kind="float", data={"corporation": "NYC"})
    assert (made.rule, made.text, made.kind, made.data) == ("1830:stock.float", "NYC floats", "float",
                                                           {"corporation": "NYC"})
    assert made == Event("1830:stock.float", "NYC floats", "float", {"other": 1})  # data is not compared
    assert hash(made) == hash(Event("1830:stock.float", "NYC floats", "float"))
    assert made != Event("1830:stock.float", "NYC floats", "payout")
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.kind = "payout"
    plain = Event("r", "t")
    assert plain.kind == "" and plain.data == {} and plain.data is not Event("r", "t").data
    assert dataclasses.replace(made, kind="payout").kind == "payout"
    assert repr(made) == "Event(rule='1830:stock.float', text='NYC floats', kind='float', data={'corporation': 'NYC'})"


@pytest.mark.parametrize("title,players", [("1830", 4), ("continental-divide", 3)])
def test_the_events_of_a_random_game_survive_a_pickle_and_a_rebuild_as_they_were(title, players):
    game = play_random_game(title, players, 2, cap=300)
    events = [e for _, es in game.history() for e in es]
    assert len(events) > 100
    again = pickle.loads(pickle.dumps(events))
    assert again == events and [e.data for e in again] == [e.data for e in events]
    rebuilt = [Event(**{f.name: getattr(e, f.name) for f in dataclasses.fields(Event)}) for e in events]
    assert rebuilt == events and [vars(e) for e in rebuilt] == [vars(e) for e in events]
