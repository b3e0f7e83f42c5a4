"""Snapshots that keep the restored state's attributes in CPython's compact array (gamekit.game._SnapshotPickler):
the restored state equals the one pickle itself restores, field for field, along seeded games; its dataclasses hold
exactly their fields, in the array; an object that holds more than its fields keeps them all."""

from __future__ import annotations

import dataclasses
import functools
import gc
import io
import pickle

import pytest

from gamekit.game import _own_attributes, _SnapshotPickler
from gamekit.model import Record
from gamekit.rng import GameRandom
from gamekit.simulate import new_bot_game, random_action


def _snapshot(value):
    out = io.BytesIO()
    _SnapshotPickler(out, pickle.HIGHEST_PROTOCOL).dump(value)
    return out.getvalue()


def _dataclass_objects(value, seen=None):
    """Every dataclass instance reachable from ``value`` through containers and fields."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from _dataclass_objects(item, seen)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _dataclass_objects(key, seen)
            yield from _dataclass_objects(item, seen)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        yield value
        for f in dataclasses.fields(value):
            yield from _dataclass_objects(getattr(value, f.name), seen)


def _in_array(record) -> bool:
    """True when ``record`` keeps exactly its fields in the compact array (no ``__dict__`` made): then
    ``gc.get_referents`` lists one value per field, then the class."""
    return len(gc.get_referents(record)) == len(dataclasses.fields(record)) + 1


@pytest.mark.parametrize("title,players,seed", [("1830", 4, 3), ("1837", 4, 2), ("1894", 4, 5)])
def test_restored_state_equals_pickles_and_keeps_the_array(title, players, seed):
    game = new_bot_game(title, players, seed)
    rng = GameRandom(seed)
    for step in range(400):
        if game.is_over:
            break
        if step % 40 == 0:
            restored = game._restore(game._snapshot())
            # a record restoring itself (the board: a fresh version, see Board.version) keeps a __dict__ of its own
            records = [r for r in _dataclass_objects(restored) if len(dataclasses.fields(r)) >= 2
                       and not r.__dataclass_params__.frozen and "__setstate__" not in vars(type(r))]
            assert records and all(_in_array(r) for r in records)
            assert _in_array(game.state)  # a snapshot leaves the live state's array as it was
            assert restored == game.state
        game.process(random_action(game, rng))
    restored = game._restore(game._snapshot())
    # every object with the same attributes, in the same order (vars reads every __dict__, so this comes last)
    pairs = list(zip(_dataclass_objects(restored), _dataclass_objects(game.state), strict=True))
    assert all(type(a) is type(b) and list(vars(a).items()) == list(vars(b).items()) for a, b in pairs)


@dataclasses.dataclass
class _Pair:
    first: int
    second: list = dataclasses.field(default_factory=list)


@dataclasses.dataclass(frozen=True)
class _Frozen:
    first: int
    second: str


@dataclasses.dataclass
class _One:
    only: int


def test_every_attribute_survives_whatever_the_object_holds():
    plain = _Pair(1, [2])
    extra = _Pair(3)
    extra.memo = {"kept": 1}  # an attribute beyond the fields: pickle's own way keeps it
    dict_read = _Pair(4)
    assert dict_read.__dict__  # a real dict: pickle's own way
    missing = _Pair(5)
    del missing.second  # a field deleted: the class default must not stand in for it
    restored = pickle.loads(_snapshot([plain, extra, dict_read, missing, _Frozen(6, "x"), _One(7), GameRandom(8)]))
    assert restored[0] == plain and _in_array(restored[0])
    assert restored[1] == extra and restored[1].memo == {"kept": 1}
    assert restored[2] == dict_read
    assert "second" not in vars(restored[3]) and restored[3].first == 5
    assert restored[4:6] == [_Frozen(6, "x"), _One(7)]
    assert restored[6] == GameRandom(8)
    shared = _Pair(9)
    again = pickle.loads(_snapshot([shared, shared]))
    assert again[0] is again[1]  # one object saved once, as pickle does


class _Facts(Record):
    name: str
    rows: tuple[int, ...]
    cost: int = 0


def test_checked_records_keep_the_array():
    built = _Facts.from_data({"name": "57", "rows": [1, 2]})
    # a class whose instances were all built field by field keeps them in the array (CPython shares one key table
    # per class, and a class whose records were built through __dict__ may have no room left in it)
    assert _in_array(built)
    assert (built.name, built.rows, built.cost) == ("57", (1, 2), 0)
    assert built == _Facts(name="57", rows=(1, 2))


def test_a_fork_holds_every_attribute_of_its_game():
    game = new_bot_game("1894", 4, 5)
    rng = GameRandom(5)
    for _ in range(30):
        game.process(random_action(game, rng))
    first = game.fork()
    again = game.fork()  # the game's own attributes are read a second time, from its plain dict
    reset = {"_redo", "_listed", "_carried", "_listed_play", "trusted", "_batch_from", "state"}
    for fork in (first, again):
        assert len(gc.get_referents(fork)) == len(vars(game)) + 1  # its attributes in the array, no dict
        assert vars(fork).keys() == vars(game).keys()
        assert all(vars(fork)[k] is v for k, v in vars(game).items() if k not in reset | {"_actions", "_events",
                                                                                         "_snapshots"})
        assert fork.state == game.state and fork.state is not game.state
        assert fork.actions == game.actions


class _Tile(Record):
    paths: tuple[str, ...]

    @functools.cached_property
    def parsed(self) -> tuple[tuple[str, ...], ...]:
        """The paths split at their dashes."""
        _Tile.worked += 1
        return tuple(tuple(path.split("-")) for path in self.paths)


def test_a_cached_property_of_a_record_is_worked_out_once_and_keeps_the_array():
    _Tile.worked = 0
    tile = _Tile.from_data({"paths": ["e0-c0", "e3-c0"]})
    assert tile.parsed == (("e0", "c0"), ("e3", "c0")) and tile.parsed is tile.parsed
    assert _Tile.worked == 1
    assert len(gc.get_referents(tile)) == 3  # the field and the kept value in the array, then the class
    assert tile == _Tile(paths=("e0-c0", "e3-c0")) and pickle.loads(pickle.dumps(tile)).parsed == tile.parsed
    assert _Tile.parsed.__doc__ == "The paths split at their dashes."


@pytest.mark.parametrize("title,players", [("1830", 4), ("1837", 3), ("1894", 4), ("continental-divide", 4),
                                           ("american-rails", 4)])
def test_a_game_s_own_attributes_are_found_without_its_dict(title, players):
    game = new_bot_game(title, players, 7)
    rng = GameRandom(7)
    for _ in range(40):
        if game.is_over:
            break
        game.process(random_action(game, rng))
    found = _own_attributes(game)
    fork = game.fork()
    assert found is not None and len(gc.get_referents(game)) == len(found[0]) + 1  # the game kept its array
    assert dict(zip(*found)) == vars(game)  # every attribute, with its value (vars makes the dict: last)
    assert vars(fork).keys() == vars(game).keys()


def test_an_attribute_the_code_does_not_name_is_copied_too():
    game = new_bot_game("1830", 4, 7)
    setattr(game, "note_" + "added", 1)  # a name no code of the game's classes holds
    assert _own_attributes(game) is None
    assert game.fork().note_added == 1  # read through the game's dict instead
    assert _own_attributes(game) is None  # now with a dict: its attributes are read from it
    assert game.fork().note_added == 1


def test_a_snapshot_loads_in_a_fresh_process_and_local_classes_pickle_as_before():
    import subprocess
    import sys

    game = new_bot_game("1830", 4, 3)
    snapshot = game._snapshot()
    script = "import pickle, sys; state = pickle.loads(sys.stdin.buffer.read()); print(sorted(state.corporations))"
    shown = subprocess.run([sys.executable, "-c", script], input=snapshot, capture_output=True, check=True)
    assert shown.stdout.decode().strip() == str(sorted(game.state.corporations))

    @dataclasses.dataclass
    class Local:
        first: int
        second: int

    restored = pickle.loads(_snapshot([_Pair(1, [2]), _Pair(3)]))
    assert restored == [_Pair(1, [2]), _Pair(3)]
    with pytest.raises((pickle.PicklingError, AttributeError)):  # as pickle.dumps: a local class has no name
        _snapshot(Local(1, 2))


def test_a_class_attribute_given_after_the_names_were_found_is_not_taken_for_the_game_s(monkeypatch):
    game = new_bot_game("1830", 4, 7)
    names, _ = _own_attributes(game)
    assert names[0] == "_actions"
    monkeypatch.setattr(type(game), "_actions", "a class value", raising=False)
    assert _own_attributes(game) is None  # the name is now the class's too: the game's dict is read instead
    assert game.fork()._actions == [] and vars(game.fork()).keys() == vars(game).keys()
