"""``is_checked`` remembers, per action built checked, the objects it held (``actions._held``, which skips the
nested look for text and whole-number values): along real random games, every action the game took must be
remembered as it is, and any field changed in place (a top-level id or amount, an item of a tuple, a field of a
nested record) must make it unchecked."""

import pytest

from gamekit.actions import _CHECKED, is_checked, mark_checked
from gamekit.model import Record
from gamekit.simulate import play_random_game


def _reference(record: Record) -> list:
    """What _held must give, written without its shortcut."""
    held = record.__dict__
    out = [len(held), *held.values()]
    for value in held.values():
        if isinstance(value, tuple):
            out += [x for item in value if isinstance(item, Record) for x in _reference(item)]
        elif isinstance(value, Record):
            out += _reference(value)
    return out


def _nested(action: Record) -> Record | None:
    """A record inside ``action`` (a route of a run, …), or None."""
    for value in action.__dict__.values():
        if isinstance(value, Record):
            return value
        if isinstance(value, tuple):
            return next((item for item in value if isinstance(item, Record)), None)
    return None


@pytest.mark.parametrize("title,players,seed", [("1830", 4, 1), ("1837", 3, 2), ("continental-divide", 4, 1)])
def test_held_objects_and_in_place_changes_along_a_random_game(title, players, seed):
    game = play_random_game(title, players, seed, cap=700)
    nested = 0
    for action in game.actions:
        copy = action.replace()
        mark_checked(copy)
        assert _CHECKED[id(copy)][1] == _reference(copy) and is_checked(copy)
        name = next(iter(copy.__dict__))
        object.__setattr__(copy, name, str(getattr(copy, name)) + "x")
        assert not is_checked(copy)
        inner = _nested(action)
        if inner is not None:
            nested += 1
            again = mark_checked(action.replace())
            field = next(iter(inner.__dict__))
            before = getattr(inner, field)
            object.__setattr__(inner, field, "changed")
            try:
                assert not is_checked(again)
            finally:
                object.__setattr__(inner, field, before)
            assert is_checked(mark_checked(action.replace()))
    assert title == "continental-divide" or nested > 5
