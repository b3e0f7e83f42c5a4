"""Actions are values: frozen records that refer to things by id and have a canonical JSON form.

Every action type has a unique ``type`` name (the 18xx.games name where the site has one, e.g. ``bid``,
``buy_shares``, ``lay_tile``) and is registered here when its class is defined, so
:func:`action_from_json` can rebuild any action a title defines.
"""

from __future__ import annotations

import operator
import typing
from typing import Any, ClassVar, TypeVar

from .errors import DataError, shown
from .i18n import msg
from .loading import json_shown, kind_words
from .model import FieldError, Record

A = TypeVar("A", bound="Action")
_REGISTRY: dict[str, type["Action"]] = {}
MAX_TEXT = 100
"""The longest text a field of an action holds, in characters: ids of players (names of at most 40 characters, or
an 18xx.games number), hexes, tiles, trains and companies are far shorter, and a refusal names the value, which must
stay one short line."""
MAX_ITEMS = 1000
"""The most items a list in an action holds (its routes, shares, hexes, and each route's hexes and stops): no map of
a title has that many hexes, nor a game that many trains or certificates (the longest list in the shipped and test
games' actions has 22). A longer list is refused before any item is read, so a huge list in a save or a log is
refused at once, not after checking every item."""
CHECKED_KEPT = 16384
"""How many actions :data:`_CHECKED` remembers; when full it starts again (an action it forgot is simply checked
again by :func:`revalidate`)."""
_CHECKED: dict[int, tuple["Action", list]] = {}
"""id → every action built here from plain data and checked strictly, or built by the engine's listings, with what
it held then (:func:`_held`), so that :func:`revalidate` need not build it a second time (a replay builds each
logged action once, not twice) unless it was changed in place since (``object.__setattr__``). It holds the action
itself, so that no other object takes its id while it is remembered."""


class Action(Record):
    """Base of every action: a frozen record (:class:`gamekit.model.Record`) checked field by field.

    Attributes:
        entity: id of who acts: a player id (``"Ann"``, or ``"117"`` for an imported log), a corporation or
            railroad (``"NYC"``), a private company (``"MH"``).

    Subclasses set the class variable ``type`` and add their fields (ids as ``str``, money as ``int`` in the
    title's currency units, lists as tuples so actions stay hashable).
    """

    type: ClassVar[str] = ""
    entity: str

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.type:
            if cls.type in _REGISTRY and _REGISTRY[cls.type] is not cls:
                raise TypeError(f"action type {cls.type!r} is defined twice")
            _REGISTRY[cls.type] = cls

    def _json_head(self) -> dict[str, Any]:
        """The canonical JSON object starts with the type: ``{"type": ..., "entity": ..., <fields>}``."""
        return {"type": self.type}

    @classmethod
    def _trusted(cls: type[A], **values: Any) -> A:
        """An action built by the engine's own listings from values its rules read from the state: built without
        checks (as :meth:`~gamekit.model.Record.unchecked`) and marked as checked, so that ``process`` does not
        build it a second time (:func:`revalidate`; a test builds every listed action again and compares). Never
        for values from outside the engine: those go through a checking constructor, or ``process`` checks them."""
        return mark_checked(cls.unchecked(**values))

    def sentence(self) -> str:
        """A human sentence for menus and logs, e.g. "Ann bids $45 on C&A". Subclasses refine it."""
        fields = ", ".join(f"{k}={v}" for k, v in self.field_values().items() if k != "entity")
        return f"{self.entity}: {self.type}" + (f" ({fields})" if fields else "")

    def __str__(self) -> str:
        return self.sentence()


def action_from_json(data: Any, where: str = "action") -> Action:
    """Rebuild an action from its JSON object (the inverse of :meth:`Action.to_json`).

    Args:
        data: a dict with ``type``, ``entity`` and the type's fields.
        where: how to name this action in an error message (e.g. ``"save.json: action 12"``).

    Returns:
        The action object.

    Raises:
        DataError: unknown type, a missing or extra field, or a field of the wrong shape (checked strictly, as
            :func:`revalidate`); the message names ``where`` and the field. Every field
            :meth:`Action.to_json` writes must be there, those with a default too (``slot`` of a
            ``place_token``, ``hexes`` of a route): ``to_json`` always writes them, so one left out is damage,
            not a default (an 18xx.games log, which leaves some out, is read by :mod:`gamekit.import18xx` with its
            own ``log_defaults``).
    """
    if not isinstance(data, dict):
        raise DataError(msg("{where}: expected a JSON object, got {kind}", where=where, kind=kind_words(data)))
    kind = data.get("type")
    cls = _REGISTRY.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise DataError(msg("{where}: unknown action type {type}", where=where, type=json_shown(kind)))
    fields = {k: v for k, v in data.items() if k != "type"}
    action = build_action(cls, fields, where)
    if (missing := _left_out(action, fields)) is not None:
        raise DataError(_field_text(FieldError(msg("missing"), missing), where))
    return action


def _left_out(record: Record, data: dict) -> tuple[Any, ...] | None:
    """The place of the first field of ``record`` (nested records and lists of them included) that its JSON form,
    ``data``, leaves out (built from it, so each nested record stands where ``data`` has its object), or
    ``None``."""
    stack: list[tuple[tuple[Any, ...], Record, dict]] = [((), record, data)]
    while stack:
        place, built, given = stack.pop()
        names = built.json_names
        for name in built.field_names():
            key = names.get(name, name) if names else name
            if key not in given:
                return (*place, key)
            value, raw = getattr(built, name), given[key]
            if isinstance(value, Record) and isinstance(raw, dict):
                stack.append(((*place, key), value, raw))
            elif isinstance(value, tuple) and isinstance(raw, list):
                stack.extend(((*place, key, i), item, item_raw) for i, (item, item_raw) in enumerate(zip(value, raw))
                             if isinstance(item, Record) and isinstance(item_raw, dict))
    return None


def build_action(cls: type[Action], fields: dict[str, Any], where: str) -> Action:
    """Build an action of ``cls`` from JSON-shaped ``fields`` (``entity`` and the type's fields; lists for
    tuples, dicts for nested records), checked strictly.

    Raises:
        DataError: a field is missing, extra or of the wrong shape: ``"<where>: field 'routes.0.train':
            expected a string, got 5"``; a text longer than :data:`MAX_TEXT` characters; a list of more than
            :data:`MAX_ITEMS` items (before any item is checked).
    """
    _refuse_long_list(fields, where)
    try:
        action = cls.from_data(fields)
    except FieldError as exc:
        raise DataError(_field_text(exc, where)) from None
    if (long := _long_text(action)) is not None:
        raise DataError(msg("{where}: field {field}: expected a text of at most {most} characters, got {value}",
                            where=where, field=repr(long[0]), most=MAX_TEXT, value=shown(long[1])))
    if _json_shaped(fields):  # ``from_data`` takes a record passed in as it is, unchecked
        mark_checked(action)
    return action


def _refuse_long_list(fields: Any, where: str) -> None:
    """Refuse the first list in ``fields`` (a dict of JSON-shaped values, or a record) with more than
    :data:`MAX_ITEMS` items, naming its dotted place; each list's length is looked at before its items.

    Raises:
        DataError: ``"<where>: field 'routes': a list of at most 1000 items, not 20000"``.
    """
    items = fields.__dict__ if isinstance(fields, Record) else fields
    stack = [(name, value) for name, value in items.items()]
    while stack:
        place, value = stack.pop()
        if isinstance(value, (list, tuple)):
            if len(value) > MAX_ITEMS:
                raise DataError(msg("{where}: field {field}: a list of at most {most} items, not {count}", where=where,
                                    field=repr(place), most=MAX_ITEMS, count=len(value)))
            stack.extend((f"{place}.{i}", v) for i, v in enumerate(value))
        elif isinstance(value, (dict, Record)):
            inner = value.__dict__ if isinstance(value, Record) else value
            stack.extend((f"{place}.{k}", v) for k, v in inner.items())


def _long_text(record: Record, place: str = "") -> tuple[str, str] | None:
    """The first text in ``record`` (nested records and lists included) longer than :data:`MAX_TEXT`, as
    ``(dotted place, text)``, or ``None``."""
    stack = [(f"{place}{name}", value) for name, value in reversed(record.__dict__.items())]
    while stack:
        where, value = stack.pop()
        if type(value) is str:
            if len(value) > MAX_TEXT:
                return where, value
        elif isinstance(value, (tuple, list)):
            stack.extend((f"{where}.{i}", v) for i, v in reversed(list(enumerate(value))))
        elif isinstance(value, Record):
            stack.extend((f"{where}.{k}", v) for k, v in reversed(value.__dict__.items()))
    return None


def _json_shaped(fields: dict) -> bool:
    """True when ``fields`` holds nothing but dicts, lists and tuples of text, numbers, booleans and nulls."""
    stack = list(fields.values())
    while stack:
        value = stack.pop()
        kind = type(value)
        if kind is dict:
            stack.extend(value.values())
        elif kind is list or kind is tuple:
            stack.extend(value)
        elif kind not in _JSON_LEAVES:
            return False
    return True


_JSON_LEAVES = frozenset({str, int, float, bool, type(None)})


def revalidate(action: Action) -> Action:
    """Return a new, fully checked copy of ``action``, however it was built.

    ``unchecked`` and ``replace`` skip the checks, so ``process`` builds every action again from what it holds
    (nested records included), strictly: ids must be strings, amounts whole numbers (not ``True``, ``2.5`` or
    ``nan``), lists of the right shape, no missing or extra field. An action :func:`build_action` or
    :func:`action_from_json` built from plain data (JSON) was checked so already, and one the engine's listings
    built (:meth:`Action._trusted`) holds values its rules produced: those are returned as they are, unless a
    value in them was changed in place since (actions are frozen, but ``object.__setattr__`` gets past that):
    then they are built again and checked like any other, so every title refuses the same wrong values.

    Raises:
        DataError: a field is missing, extra or of the wrong type, or a list longer than :data:`MAX_ITEMS`; the
            message names the action type and field.
    """
    if is_checked(action):
        return action
    _refuse_long_list(action, type(action).type)  # before _plain copies every item
    return build_action(type(action), _plain(action), type(action).type)


def is_checked(action: Action) -> bool:
    """True when ``action`` was built checked from plain data (:func:`build_action`) or by the engine's listings
    (:meth:`Action._trusted`) and holds the very values it held then, so that :func:`revalidate` returns it as it
    is."""
    kept = _CHECKED.get(id(action))
    if kept is None or kept[0] is not action:
        return False
    now = _held(action)
    return len(now) == len(kept[1]) and all(map(operator.is_, now, kept[1]))


def mark_checked(action: A) -> A:
    """Mark ``action`` as checked (:func:`revalidate` returns it as it is) and return it: for actions built checked
    from plain data (:func:`build_action`) and for the engine's listings, whose values its rules produced
    (:meth:`Action._trusted`, and a legal action with one field changed to a value already checked:
    :meth:`gamekit.choices.ActionRange.action`)."""
    if len(_CHECKED) >= CHECKED_KEPT:
        _CHECKED.clear()
    _CHECKED[id(action)] = (action, _held(action))
    return action


def _held(record: Record) -> list:
    """The objects ``record`` holds, nested records' too, in order (with how many fields each holds): item by
    item the same objects as long as nobody changed the record in place. Tuples are immutable, so a tuple is
    held as itself, plus what the records in it hold."""
    held = record.__dict__
    out: list = [len(held), *held.values()]
    flat = _FLAT.get(type(record))
    if flat is None:
        flat = _FLAT[type(record)] = _holds_no_record(type(record))
    if flat:  # no value of it is a record nor a tuple of them: nothing more in it (most actions)
        return out
    for value in held.values():
        kind = type(value)
        if kind is str or kind is int:  # most values (ids, amounts): nothing in them, no isinstance asked
            continue
        if kind is tuple:
            for item in value:
                if isinstance(item, Record):
                    out += _held(item)
        elif isinstance(value, Record):
            out += _held(value)
    return out


_FLAT: dict[type, bool] = {}
"""Record class → whether its fields hold no record (:func:`_holds_no_record`), worked out at its first
:func:`_held`: every listed action is marked as checked (``Action._trusted``), and most hold ids and amounts only."""


def _holds_no_record(cls: type) -> bool:
    """Whether no field annotation of the record class ``cls`` names a record class or ``Any``, at any depth
    (``tuple[Route, ...]`` does, ``tuple[str, ...]`` and ``str | None`` do not): its instances built checked (from
    JSON, strictly) or by the engine's listings (values of those types) then hold no record, and :func:`_held`
    finds nothing in their values. An annotation that cannot be resolved counts as naming one."""
    try:
        annotations = list(cls.field_types().values())
    except Exception:  # noqa: BLE001 - an unresolvable annotation: looked into, as any record's values are
        return False
    while annotations:
        annotation = annotations.pop()
        if annotation is Any or (isinstance(annotation, type) and issubclass(annotation, Record)):
            return False
        annotations.extend(typing.get_args(annotation))
    return True


def _plain(value: Any) -> Any:
    """The data an action or a value in it holds, records as dicts of what they hold (not of their schema)."""
    if isinstance(value, Record):
        return {key: _plain(v) for key, v in value.__dict__.items()}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def _field_text(exc: FieldError, where: str) -> str:
    # the problem is gamekit.model's wording of a record's field
    if exc.place:
        return msg("{where}: field {field}: {problem}", where=where, field=repr(exc.dotted_place), problem=exc.problem)
    return msg("{where}: {problem}", where=where, problem=exc.problem)


def action_types() -> dict[str, type[Action]]:
    """Return every registered action type, name → class (a copy)."""
    return dict(_REGISTRY)


class Pass(Action):
    """Pass: decline the current choice (an auction bid, a stock-round turn, an optional operating step).

    Rule: each title's rules say what passing means in each step.
    """

    type: ClassVar[str] = "pass"

    def sentence(self) -> str:
        return f"{self.entity} passes"
