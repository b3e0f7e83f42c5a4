"""Actions are values: frozen models that refer to things by id and have a canonical JSON form.

Every action type has a unique ``type`` name (the 18xx.games name where the site has one, e.g. ``bid``,
``buy_shares``, ``lay_tile``) and is registered here when its class is defined, so
:func:`action_from_json` can rebuild any action a title defines.
"""

from __future__ import annotations

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
        DataError: unknown type, a missing or extra field, or a field of the wrong shape; the message names
            ``where`` and the field.
    """
    if not isinstance(data, dict):
        raise DataError(f"{where}: expected a JSON object, got {type(data).__name__}")
    kind = data.get("type")
    cls = _REGISTRY.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise DataError(f"{where}: unknown action type {kind!r}")
    fields = {k: v for k, v in data.items() if k != "type"}
    try:
        return cls.model_validate(fields)
    except ValidationError as exc:
        first = exc.errors()[0]
        place = ".".join(str(p) for p in first["loc"]) or "?"
        raise DataError(f"{where}: field {place!r}: {first['msg']}") from None


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
