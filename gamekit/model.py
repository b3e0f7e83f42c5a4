"""Records: frozen, hashable values whose fields are checked strictly when they are built.

Actions and the facts of the data files are records. A record class declares its fields as class annotations,
as a dataclass does (``entity: str``, ``price: int = 0``, ``shares: tuple[str, ...]``, ``colour: str | None``,
``kind: Literal["grid", "hex"]``, a nested record, ``dict[str, int]``); class constants are ``ClassVar``.
:class:`Record` turns each subclass into a frozen stdlib dataclass (equality, hashing and ``repr`` come from
:mod:`dataclasses`) and checks every value it is built with:

* a ``str`` field takes a string, an ``int`` field a whole number (not ``True``, ``2.5`` or ``nan``) of at most
  :data:`~gamekit.loading.MAX_DIGITS` digits (what a saved game's reader takes), a
  ``float`` field a finite number, a ``bool`` field ``True`` or ``False``, a ``Literal`` field one of its values;
  a subclass of ``str``, ``int`` or ``float`` is stored as the plain value it holds (read by the base type's own
  method), so a record holds only JSON types and no rule compares through a subclass's ``__eq__``;
* a tuple or list field takes a list or a tuple of checked items (kept as a tuple or a list);
* a mapping field takes a dict of checked keys and values (an ``int`` key may be written as a JSON string);
* a nested record field takes that record, or a JSON object checked as one;
* a union takes the first member that accepts the value;
* a missing field without a default, or an unknown field, is refused.

Why our own checks rather than a library: the engine must run wherever Python runs (Pyodide in the browser
included), so it depends on nothing compiled; the checks are a few closures per field, built once per class.

A refusal is a :class:`FieldError` (a ``ValueError``) whose text is one line naming the place of the wrong
value, e.g. ``trains.3.price: expected a whole number, got 2.5``. A record's own :meth:`Record.validate`
checks relations between its fields; its ``ValueError`` is reported at the record's place.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import math
import re
import typing
from collections.abc import Iterable
from itertools import repeat
from types import NoneType, UnionType
from typing import Any, Callable, ClassVar, Literal, TypeVar

from .errors import message_of
from .i18n import Message, msg
from .loading import MAX_DIGITS, json_shown

R = TypeVar("R", bound="Record")
Checker = Callable[[Any], Any]
_INT_TEXT = re.compile(r"-?\d+")
_MISSING = object()
_CLASS_VAR = re.compile(r"\s*(typing\.)?ClassVar\b")


class FieldError(ValueError):
    """A value a record refuses.

    Args:
        problem: what is wrong, e.g. ``"expected a string, got 5"``.
        place: the path to the value from the record built, e.g. ``("routes", 0, "train")`` (empty: the record
            as a whole).

    ``str()`` gives ``"routes.0.train: expected a string, got 5"`` (just the problem when the place is empty), as
    a :class:`gamekit.i18n.Message`: English text that renders in the current language where it is shown (the
    problem is a template of this module, or of a record's ``validate``).
    """

    def __init__(self, problem: str, place: tuple = ()):
        super().__init__(problem, place)
        self.problem = problem
        self.place = place

    def inside(self, key: Any) -> "FieldError":
        """The same error seen from the container that holds the value under ``key``."""
        return FieldError(self.problem, (key, *self.place))

    @property
    def dotted_place(self) -> str:
        """The place as dotted text (``"routes.0.train"``; empty for the record as a whole)."""
        return ".".join(str(p) for p in self.place)

    def __str__(self) -> str:
        return msg("{where}: {problem}", where=self.dotted_place, problem=self.problem) if self.place else self.problem


class Record:
    """Base of a frozen record with checked fields (see the module docstring for what each annotation accepts).

    Class settings (``ClassVar``): ``ignores_extra`` — unknown fields of loaded data are dropped instead of
    refused (files that carry notes for people); ``json_names`` — field name → its name in JSON where the JSON
    name is a Python keyword (``{"from_": "from"}``).

    Build a record with keyword arguments (checked; raises :class:`FieldError`), from JSON-shaped data with
    :meth:`from_data` (checked), or with :meth:`unchecked` when every value is known to be right.
    """

    ignores_extra: ClassVar[bool] = False
    json_names: ClassVar[dict[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _factory_defaults(cls)
        _kept_properties(cls)
        dataclasses.dataclass(frozen=True, init=False)(cls)
        cls._names = tuple(f.name for f in dataclasses.fields(cls))
        shadowed = sorted(set(cls.field_names()) & set(dir(Record)))
        if shadowed:
            raise TypeError(f"{cls.__name__}: field {shadowed[0]!r} hides a method of Record")
        fields = dataclasses.fields(cls)
        cls._defaults = {f.name: f.default for f in fields if f.default is not dataclasses.MISSING}
        cls._factories = {f.name: f.default_factory for f in fields
                          if f.default_factory is not dataclasses.MISSING}
        cls._validates = cls.validate is not Record.validate
        cls._checks = None  # compiled on first use: annotations may name classes defined later

    def __init__(self, **values: Any):
        _fill(self, values)

    @classmethod
    def from_data(cls: type[R], data: Any) -> R:
        """Build a record from JSON-shaped data (a dict; lists for tuples, dicts for nested records), checked.

        Raises:
            FieldError: the data is not a dict, a field is missing, unknown or of the wrong shape, or
                :meth:`validate` refuses it; the error names the place.
        """
        if not isinstance(data, dict):
            raise FieldError(_expected(msg("an object"), data))
        if cls.json_names:
            python_names = {json: name for name, json in cls.json_names.items()}
            data = {python_names.get(k, k): v for k, v in data.items()}
        record = object.__new__(cls)
        _fill(record, data)
        return record

    @classmethod
    def unchecked(cls: type[R], **values: Any) -> R:
        """Build a record without any check (defaults filled in, anything else taken as given).

        For hot paths building records from values already checked (Continental Divide lists thousands of
        start options), and for tests and soaks that build wrong actions on purpose: ``Game.process`` checks
        every action again however it was built.
        """
        record = object.__new__(cls)
        held = record.__dict__
        held.update(cls._defaults)
        for name, factory in cls._factories.items():
            held[name] = factory()
        held.update(values)
        return record

    def replace(self: R, **changes: Any) -> R:
        """A copy with some fields changed, without any check (like :meth:`unchecked`)."""
        record = object.__new__(type(self))
        record.__dict__.update(self.__dict__)
        record.__dict__.update(changes)
        return record

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """The names of the fields, in declaration order (a base class's first)."""
        return cls._names

    @classmethod
    def field_types(cls) -> dict[str, Any]:
        """Field name → its annotation, resolved (e.g. ``tuple[str, ...]``)."""
        hints = typing.get_type_hints(cls)
        return {name: hints[name] for name in cls.field_names()}

    def field_values(self) -> dict[str, Any]:
        """Field name → value, in declaration order (nested records stay records)."""
        return {name: getattr(self, name) for name in self._names}

    def to_json(self) -> dict[str, Any]:
        """The JSON-ready form: a dict of every field under its JSON name; tuples become lists, nested records
        dicts."""
        return self._json_into(self._json_head())

    def _json_head(self) -> dict[str, Any]:
        """The JSON form's entries before the fields (none; an action puts its ``type`` first)."""
        return {}

    def _json_into(self, out: dict[str, Any]) -> dict[str, Any]:
        """Add the JSON form of every field to ``out`` and return it (one pass, no intermediate dict)."""
        names, held = self.json_names, self.__dict__
        for k in self._names:
            v = held[k]
            out[names.get(k, k) if names else k] = v if type(v) in _PLAIN else _json(v)
        return out

    def validate(self) -> None:
        """Check relations between fields once each field is checked; subclasses override it.

        Raises:
            ValueError: a message that names the field first (``"reserved: certificate index 9 does not
                exist"``); it is reported at the record's place. Raise :class:`FieldError` with a place
                (``FieldError("must add up to 100%", ("certificates",))``) to report it at a field.
        """


def _factory_defaults(cls: type) -> None:
    """Turn a mutable default (``events: dict[str, str] = {}``) into a per-record copy, as dataclasses ask."""
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():
        default = cls.__dict__.get(name, dataclasses.MISSING)
        if isinstance(default, (list, dict, set)) and not _CLASS_VAR.match(str(annotation)):
            setattr(cls, name, dataclasses.field(default_factory=lambda d=default: copy.deepcopy(d)))


_set = object.__setattr__
"""Set a field of a record being built (records are frozen). Not through ``record.__dict__``: in CPython 3.11
reading an object's ``__dict__`` makes a real dict of its attributes, and every later read of one of them takes
the generic path, about five times as many instructions as the compact array's (the facts of the data files,
built here once, are read throughout every game)."""


class KeptProperty:
    """What ``functools.cached_property`` gives on a record (a value worked out at its first read, then kept as
    the record's attribute), kept without reading the record's ``__dict__``: in CPython 3.11 that read makes a
    dict of the record's attributes, and from then on every read of one of its fields takes the generic path
    (the data files' tiles and hexes read their parsed paths once, and their fields all game long).
    :class:`Record` puts one in place of each ``cached_property`` a record class defines.

    Args:
        func: works the value out from the record.
        name: the attribute it is kept as (the property's own name, so that the kept value hides the property).
    """

    def __init__(self, func: Callable[[Any], Any], name: str):
        self.func, self.name, self.__doc__ = func, name, func.__doc__

    def __get__(self, record: Any, owner: type | None = None) -> Any:
        if record is None:
            return self
        value = self.func(record)
        _set(record, self.name, value)  # records are frozen: set as _fill sets a field
        return value


def kept_property(func: Callable[[Any], Any]) -> KeptProperty:
    """``functools.cached_property`` for a class that is not a :class:`Record` (a frozen dataclass): the value
    worked out at the first read is kept as the attribute ``func.__name__`` without reading the object's
    ``__dict__``, which in CPython 3.11 would make every later attribute read of that object take the slow path
    (:class:`KeptProperty`).

    Args:
        func: works the value out from the object; its name is the attribute's.

    Returns:
        The descriptor to put in the class under that name.
    """
    return KeptProperty(func, func.__name__)


def _kept_properties(cls: type) -> None:
    """Put a :class:`KeptProperty` in place of each ``functools.cached_property`` that ``cls`` defines."""
    for name, found in list(cls.__dict__.items()):
        if isinstance(found, functools.cached_property):
            setattr(cls, name, KeptProperty(found.func, name))


def _fill(record: Record, values: dict) -> None:
    """Check ``values`` against the record's fields and store them in ``record``; then run its validate()."""
    cls = type(record)
    checks = _compile(cls) if cls._checks is None else cls._checks
    found = 0
    for name, check in checks:
        value = values.get(name, _MISSING)
        if value is not _MISSING:
            found += 1
            try:
                _set(record, name, check(value))
            except FieldError as exc:
                raise exc.inside(name) from None
        elif name in cls._defaults:
            _set(record, name, cls._defaults[name])
        elif name in cls._factories:
            _set(record, name, cls._factories[name]())
        else:
            raise FieldError(msg("missing"), (name,))
    if found != len(values) and not cls.ignores_extra:
        extra = next(k for k in values if k not in cls._names)
        raise FieldError(msg("not a field of {record}", record=cls.__name__), (extra,))
    if cls._validates:
        try:
            record.validate()
        except FieldError:
            raise
        except ValueError as exc:
            raise FieldError(message_of(exc)) from None


def _compile(cls: type[Record]) -> tuple[tuple[str, Checker], ...]:
    cls._checks = tuple((name, checker(tp)) for name, tp in cls.field_types().items())
    return cls._checks


def checker(tp: Any) -> Checker:
    """Return a function that checks a value against the annotation ``tp`` and returns it (lists made tuples
    where ``tp`` is a tuple, dicts made records where it is a record).

    Raises:
        TypeError: ``tp`` is an annotation records do not support (raised when the class is first used).
    """
    simple = _SIMPLE.get(tp)
    if simple is not None:
        return simple
    if isinstance(tp, type) and issubclass(tp, Record):
        return _record_checker(tp)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is Literal:
        return _literal_checker(args)
    if origin in (UnionType, typing.Union):
        return _union_checker(args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _sequence_checker(checker(args[0]), tuple)
        return _fixed_tuple_checker(tuple(checker(a) for a in args))
    if origin is list:
        return _sequence_checker(checker(args[0]), list)
    if origin is dict:
        return _dict_checker(_key_checker(args[0]), checker(args[1]))
    raise TypeError(f"records do not support the annotation {tp!r}")


def _check_str(v: Any) -> str:
    # a subclass is stored as the plain string it holds (str's own __str__, not an override): no rule ever
    # compares or hashes through a subclass's methods, and the record holds only JSON types
    if type(v) is str:
        return v
    if isinstance(v, str):
        return str.__str__(v)
    raise FieldError(_expected(_DESCRIPTIONS[_check_str], v))


_INT_BOUND = 10 ** MAX_DIGITS


def _check_int(v: Any) -> int:
    if type(v) is not int:
        if not isinstance(v, int) or isinstance(v, bool):
            raise FieldError(_expected(_DESCRIPTIONS[_check_int], v))
        v = int.__index__(v)  # a subclass (an IntEnum, a numpy-like wrapper) as the plain int it holds
    # bounded as the JSON reader bounds numbers, so that whatever a record holds, its save can be read back
    if -_INT_BOUND < v < _INT_BOUND:
        return v
    raise FieldError(_expected(msg("a whole number of at most {most} digits", most=MAX_DIGITS), v))


def _check_float(v: Any) -> float:
    if type(v) is not float:  # an int or a subclass: the plain float it holds, by the base type's own method
        if isinstance(v, float):
            v = float.__float__(v)
        elif isinstance(v, int) and not isinstance(v, bool):
            v = int.__float__(int.__index__(v)) if -_INT_BOUND < v < _INT_BOUND else math.inf
        else:
            raise FieldError(_expected(msg("a finite number"), v))
    if math.isfinite(v):
        return v
    raise FieldError(_expected(msg("a finite number"), v))


def _check_bool(v: Any) -> bool:
    if v is True or v is False:
        return v
    raise FieldError(_expected(_DESCRIPTIONS[_check_bool], v))


def _check_none(v: Any) -> None:
    if v is None:
        return v
    raise FieldError(_expected(_DESCRIPTIONS[_check_none], v))


def _check_any(v: Any) -> Any:
    return v


_SIMPLE: dict[Any, Checker] = {str: _check_str, int: _check_int, float: _check_float, bool: _check_bool,
                               NoneType: _check_none, None: _check_none, Any: _check_any}
_DESCRIPTIONS = {_check_str: msg("a string"), _check_int: msg("a whole number"), _check_float: msg("a number"),
                 _check_bool: msg("true or false"), _check_none: msg("null")}
"""What a simple field takes, as a refusal says it (``expected a string, got 5``), in the learner's language."""


def _expected(wanted: str, v: Any) -> Message:
    """The problem of a value ``v`` that is not ``wanted`` (a description such as "a string")."""
    return msg("expected {what}, got {value}", what=wanted, value=json_shown(v, 40))


def _either(descriptions: list[str]) -> str:
    """The descriptions as alternatives, ``a or b or c``, in the current language where they are shown (each
    language's word for "or"; a plain join would keep the English one)."""
    said = descriptions[0]
    for more in descriptions[1:]:
        said = msg("{first} or {second}", first=said, second=more)
    return said


def _record_checker(cls: type[Record]) -> Checker:
    def check(v: Any) -> Record:
        if isinstance(v, cls):
            return v
        if isinstance(v, dict):
            return cls.from_data(v)
        raise FieldError(_expected(_describe(cls), v))
    return check


def _literal_checker(options: tuple) -> Checker:
    kinds = {type(o) for o in options}

    def check(v: Any) -> Any:
        if type(v) in kinds and v in options:
            return v
        raise FieldError(_expected(msg("one of {options}", options=", ".join(map(repr, options))), v))
    return check


def _union_checker(members: tuple) -> Checker:
    checks = tuple(checker(m) for m in members)
    wanted = _either([_DESCRIPTIONS.get(c) or _describe(m) for c, m in zip(checks, members)])

    def check(v: Any) -> Any:
        errors = []
        for c in checks:
            try:
                return c(v)
            except FieldError as exc:
                # without its traceback: that holds this frame, whose ``errors`` holds the error (a reference
                # cycle that kept every caller's frame, a whole game, until a full collection)
                errors.append(exc.with_traceback(None))
        deepest = max(errors, key=lambda e: len(e.place))
        errors.clear()
        # the member that got furthest into the value says best what is wrong in it
        try:
            raise deepest if deepest.place else FieldError(_expected(wanted, v))
        finally:
            del deepest  # the raised error's traceback holds this frame: the frame must not hold the error
    return check


def _describe(tp: Any) -> str:
    origin = typing.get_origin(tp)
    if origin is Literal:
        return msg("one of {options}", options=", ".join(map(repr, typing.get_args(tp))))
    if origin in (tuple, list):
        return msg("a list")
    if origin is dict:
        return msg("an object (a mapping)")
    return msg("an object ({record})", record=getattr(tp, "__name__", tp))


def _sequence_checker(item: Checker, kind: type) -> Checker:
    def check(v: Any) -> Any:
        if not isinstance(v, (list, tuple)):
            raise FieldError(_expected(msg("a list"), v))
        return kind(_checked_items(zip(repeat(item), v)))
    return check


def _fixed_tuple_checker(items: tuple[Checker, ...]) -> Checker:
    def check(v: Any) -> tuple:
        if not isinstance(v, (list, tuple)) or len(v) != len(items):
            raise FieldError(_expected(msg("a list of {count} items", count=len(items)), v))
        return tuple(_checked_items(zip(items, v)))
    return check


def _checked_items(pairs: Iterable[tuple[Checker, Any]]) -> list:
    """Each item checked by its checker; an error names the item's index."""
    out = []
    for i, (check, x) in enumerate(pairs):
        try:
            out.append(check(x))
        except FieldError as exc:
            raise exc.inside(i) from None
    return out


def _key_checker(tp: Any) -> Checker:
    if tp is not int:
        return checker(tp)

    def check(v: Any) -> int:  # JSON writes every key as a string
        if isinstance(v, str) and _INT_TEXT.fullmatch(v) and len(v) <= MAX_DIGITS + 1:
            return _check_int(int(str.__str__(v)))
        return _check_int(v)
    return check


def _dict_checker(key: Checker, value: Checker) -> Checker:
    def check(v: Any) -> dict:
        if not isinstance(v, dict):
            raise FieldError(_expected(msg("an object (a mapping)"), v))
        out = {}
        for k, x in v.items():
            try:
                out[key(k)] = value(x)
            except FieldError as exc:
                raise exc.inside(k) from None
        return out
    return check


_PLAIN = frozenset({str, int, bool, float, NoneType})  # values JSON writes as they are


def json_default(value: Any) -> dict[str, Any]:
    """The ``default`` hook of :func:`json.dumps` for records: the same JSON as :meth:`Record.to_json`, built in
    one pass by the encoder (the fields as held under their JSON names; the encoder writes tuples as lists and
    calls this again for a nested record).

    Raises:
        TypeError: ``value`` is not a record (as :func:`json.dumps` does for what it cannot write).
    """
    if not isinstance(value, Record):
        raise TypeError(f"{type(value).__name__} is not JSON serializable")
    out, held, names = value._json_head(), value.__dict__, value.json_names
    for k in value._names:
        out[names.get(k, k) if names else k] = held[k]
    return out


def _json(value: Any) -> Any:
    if type(value) in _PLAIN:
        return value
    if isinstance(value, Record):
        return value.to_json()
    if isinstance(value, (tuple, list)):
        return [v if type(v) in _PLAIN else _json(v) for v in value]
    if isinstance(value, dict):
        return {k: _json(v) for k, v in value.items()}
    return value
