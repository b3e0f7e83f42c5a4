"""Actions are values: frozen models that refer to things by id and have a canonical JSON form.

Every action type has a unique ``type`` name (the 18xx.games name where the site has one, e.g. ``bid``,
``buy_shares``, ``lay_tile``) and is registered here when its class is defined, so
:func:`action_from_json` can rebuild any action a title defines.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import DataError

_REGISTRY: dict[str, type["Action"]] = {}


class Action(BaseModel):
    """Base of every action.

    Attributes:
        entity: id of who acts: a player id (``"Ann"``, or ``"117"`` for an imported log), a corporation or
            railroad (``"NYC"``), a private company (``"MH"``).

    Subclasses set the class variable ``type`` and add their fields (ids as ``str``, money as ``int`` in the
    title's currency units, lists as tuples so actions stay hashable).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")
    type: ClassVar[str] = ""
    entity: str

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        if cls.type:
            if cls.type in _REGISTRY and _REGISTRY[cls.type] is not cls:
                raise TypeError(f"action type {cls.type!r} is defined twice")
            _REGISTRY[cls.type] = cls

    def to_json(self) -> dict[str, Any]:
        """Return the canonical JSON object: ``{"type": ..., "entity": ..., <fields>}`` (tuples as lists)."""
        return {"type": self.type, **self.model_dump(mode="json")}

    def sentence(self) -> str:
        """A human sentence for menus and logs, e.g. "Ann bids $45 on C&A". Subclasses refine it."""
        fields = ", ".join(f"{k}={v}" for k, v in self.model_dump(exclude={"entity"}).items())
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
            :func:`revalidate`); the message names ``where`` and the field.
    """
    if not isinstance(data, dict):
        raise DataError(f"{where}: expected a JSON object, got {type(data).__name__}")
    kind = data.get("type")
    cls = _REGISTRY.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise DataError(f"{where}: unknown action type {kind!r}")
    fields = {k: v for k, v in data.items() if k != "type"}
    try:
        return cls.model_validate_json(json.dumps(fields, allow_nan=False), strict=True)
    except (TypeError, ValueError) as exc:
        if isinstance(exc, ValidationError):
            raise DataError(f"{where}: {_first_error(exc)}") from None
        raise DataError(f"{where}: a field holds something that is not JSON data ({exc})") from None


def revalidate(action: Action) -> Action:
    """Return a new, fully checked copy of ``action``, however it was built.

    ``model_construct`` and ``model_copy(update=…)`` skip pydantic's checks, so ``process`` runs every action
    through its JSON form again, strictly: ids must be strings, amounts whole numbers (not ``True``, ``2.5`` or
    ``nan``), lists of the right shape, no missing or extra field.

    Raises:
        DataError: a field is missing, extra or of the wrong type; the message names the action type and field.
    """
    cls = type(action)
    try:
        text = json.dumps(_plain(action), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise DataError(f"{cls.type}: a field holds something that is not plain data ({exc})") from None
    try:
        return cls.model_validate_json(text, strict=True)
    except ValidationError as exc:
        raise DataError(f"{cls.type}: {_first_error(exc)}") from None


def _plain(value: Any) -> Any:
    """The JSON-ready form of an action or a value in it, taken from what the object holds (not its schema)."""
    if isinstance(value, BaseModel):
        held = dict(getattr(value, "__dict__", {}))
        held.update(getattr(value, "__pydantic_extra__", None) or {})
        return {key: _plain(v) for key, v in held.items()}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def _first_error(exc: ValidationError) -> str:
    first = exc.errors()[0]
    place = ".".join(str(p) for p in first["loc"]) or "?"
    return f"field {place!r}: {first['msg']}"


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
