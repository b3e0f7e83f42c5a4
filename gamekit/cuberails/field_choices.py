"""A group of legal actions that differ in one field only, built on demand (the rows of the action track, the
cities to start in, the turn-order cards, a lone pass).

Building every action of a listing costs more than the rest of a random-bot turn in the cube-rail titles, while
the bot reads one action; this group keeps only the values and builds the action a caller asks for.
"""

from __future__ import annotations

from typing import Any, Iterator, Sequence

from ..actions import Action
from ..choices import ActionGroup


class FieldChoices(ActionGroup):
    """The actions of ``cls`` with the fields ``fixed`` and ``field`` set to each of ``values`` in turn, in that
    order; none is a range's lowest value.

    Args:
        cls: the action class; fixed: the fields every action shares (``entity`` …); field: the field that
            varies; values: its legal values, in listing order (already checked by the title's rules: the
            actions are built unchecked, and ``process`` checks them again).
    """

    def __init__(self, cls: type[Action], fixed: dict[str, Any], field: str, values: Sequence[Any]):
        self.type = cls.type
        self._cls, self._fixed, self._field, self._values = cls, fixed, field, values

    def __len__(self) -> int:
        return len(self._values)

    def action(self, index: int) -> Action:
        if not 0 <= index < len(self._values):
            raise IndexError(index)
        return self._cls.unchecked(**self._fixed, **{self._field: self._values[index]})

    def actions(self) -> Iterator[Action]:
        return (self._cls.unchecked(**self._fixed, **{self._field: v}) for v in self._values)


def only(cls: type[Action], entity: str) -> FieldChoices:
    """The one action of ``cls`` (a type with no field but ``entity``: pass, take money) for ``entity``."""
    return FieldChoices(cls, {}, "entity", (entity,))
