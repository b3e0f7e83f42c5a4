"""Describing the legal actions without building each one: integer ranges and groups of actions of one type.

A position of a share game can offer thousands of concrete actions (Continental Divide's first stock turn: every
unstarted railroad × start hex × shares issued × run of free stock values). ``Game.legal_actions()`` lists them
all; a bot or a counter that needs one of them, or only how many there are, asks ``Game.action_groups()``
instead: each :class:`ActionGroup` knows its length and builds its ``i``-th action (and that action's
:class:`ActionRange`, if it is a range's lowest value) only when asked.

Four forms serve every title: :class:`ListedActions` (actions already built), :class:`LazyActions` (actions found
one by one, only as far as asked: whether there is one stops at the first; :class:`LazyRows` finds rows of values
and builds only the actions asked for), :class:`FieldChoices` (actions
differing in one field, built on demand) and :class:`ActionGrid` (every combination of a few field values); a
title may define its own (Continental Divide's lines). A group describes the position it was made in: ask it
before the game changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any, Iterable, Iterator, Sequence

from .actions import Action, is_checked, mark_checked


@dataclass(frozen=True)
class ActionRange:
    """A legal range for one integer field of an action (bids, prices) too wide to list value by value.

    Attributes:
        template: a legal action with ``field`` at ``low``.
        field: the name of the integer field that varies (e.g. ``"price"``).
        low, high: inclusive bounds in the title's currency units.
        step: legal values are ``low, low + step, …`` up to ``high``.
    """

    template: Action
    field: str
    low: int
    high: int
    step: int = 1

    def values(self) -> range:
        """Return every legal value of the field, lowest first."""
        return range(self.low, self.high + 1, self.step)

    def action(self, value: int) -> Action:
        """Return the template with ``field`` set to ``value``; raises ``ValueError`` outside the range. At the
        template's own value (a whole number, the lowest: a depot train's one price) the template itself: actions
        are frozen, so it serves as the copy would, without building and marking one."""
        if value not in self.values():
            raise ValueError(f"{value} is not in {self.low}..{self.high} step {self.step}")
        current = getattr(self.template, self.field)
        if type(value) is int and type(current) is int and current == value:
            return self.template
        action = self.template.replace(**{self.field: value})
        # a checked template with a whole number from its range is checked too (``20.0 in range`` is also true)
        return mark_checked(action) if type(value) is int and is_checked(self.template) else action


class ActionGroup:
    """Legal actions of one action type, in the order ``legal_actions()`` lists them, built only on demand.

    Attributes:
        type: the action type name every action of the group has (``"bid"``, ``"cd_start_railroad"``).

    ``len(group)`` is the number of listed actions (a range counts once, by its lowest value); ``action(i)``
    builds the ``i``-th; ``range(i)`` is the :class:`ActionRange` whose lowest value that action is, or ``None``.
    """

    type: str = ""

    def __len__(self) -> int:
        raise NotImplementedError

    def __bool__(self) -> bool:
        """True when the group holds an action (a group that finds its actions lazily answers without finding
        them all)."""
        return len(self) > 0

    def action(self, index: int) -> Action:
        """Return the ``index``-th action of the group (0-based; raises ``IndexError`` outside)."""
        raise NotImplementedError

    def range(self, index: int) -> ActionRange | None:
        """Return the range whose lowest value the ``index``-th action is, or ``None`` when it stands alone."""
        return None

    def actions(self) -> Iterator[Action]:
        """Yield every action of the group, in order."""
        return (self.action(i) for i in range(len(self)))

    def ranges(self) -> Iterator[ActionRange]:
        """Yield the ranges of the group's actions, in order of their actions."""
        return (r for i in range(len(self)) if (r := self.range(i)) is not None)


class ListedActions(ActionGroup):
    """A group of actions already built, with the ranges among ``ranges`` whose template is one of them.

    Args:
        kind: the action type of every action.
        actions: the actions, in listing order.
        ranges: ranges of this type; an action's range is the first whose template equals it.
    """

    def __init__(self, kind: str, actions: Sequence[Action], ranges: Sequence[ActionRange] = ()):
        self.type = kind
        self._actions = actions
        self._ranges = ranges

    def __len__(self) -> int:
        return len(self._actions)

    def __bool__(self) -> bool:  # asked of every group before each random draw: one call, not two
        return bool(self._actions)

    def action(self, index: int) -> Action:
        return self._actions[index]

    def range(self, index: int) -> ActionRange | None:
        if not self._ranges:
            return None
        action = self._actions[index]
        return next((r for r in self._ranges if r.template == action), None)

    def actions(self) -> Iterator[Action]:
        return iter(self._actions)


_END = object()
"""What ``next`` returns from a :class:`LazyActions`'s iterable once it has found every action."""


class LazyActions(ActionGroup):
    """A group of actions of one type found one by one from an iterable, only as far as asked: ``bool(group)``
    finds the first, ``len(group)`` all of them (each found once; 18xx stock-round purchases, where a random
    bot measures only the type it chose).

    Args:
        kind: the action type of every action.
        found: yields the actions in listing order; it reads the position when iterated, so the group must be
            asked before the game changes.
    """

    def __init__(self, kind: str, found: Iterable[Action]):
        self.type = kind
        self._found = iter(found)
        self._seen: list[Action] = []

    def _reach(self, count: int | None) -> None:
        """Find actions until ``count`` are known (``None``: all)."""
        found = self._found
        if found is None:
            return
        seen = self._seen
        if count is None:  # a measure: the rest in one go
            seen.extend(found)
            self._found = None
            return
        while len(seen) < count:
            action = next(found, _END)
            if action is _END:
                self._found = None
                return
            seen.append(action)

    def __len__(self) -> int:
        self._reach(None)
        return len(self._seen)

    def __bool__(self) -> bool:
        # asked of every group before each random draw: the first action found here, without _reach's loop
        if self._seen:
            return True
        found = self._found
        if found is None:
            return False
        action = next(found, _END)
        if action is _END:
            self._found = None
            return False
        self._seen.append(action)
        return True

    def action(self, index: int) -> Action:
        if index >= 0:
            self._reach(index + 1)
        else:
            self._reach(None)
        return self._seen[index]

    def actions(self) -> Iterator[Action]:
        self._reach(None)
        return iter(self._seen)


class LazyRows(LazyActions):
    """A :class:`LazyActions` whose iterable yields rows (tuples of values) rather than actions, each action built
    by ``build(*row)`` only when it is asked for: ``len(group)`` counts the rows without building one (a random bot
    measures the type it chose, then takes one action of it).

    Args:
        kind: the action type of every action.
        found: yields the rows in listing order (read from the position when iterated, as for
            :class:`LazyActions`).
        build: makes the action of a row (already checked by the title's rules: ``Action._trusted``).
    """

    def __init__(self, kind: str, found: Iterable[tuple], build: Any):
        self.type = kind  # LazyActions.__init__, without the call: the stock round makes three per position
        self._found = iter(found)
        self._seen: list[tuple] = []
        self._build = build
        self._built: dict[int, Action] = {}

    def action(self, index: int) -> Action:
        self._reach(index + 1 if index >= 0 else None)
        row = self._seen[index]  # IndexError outside, as a list gives it
        at = index if index >= 0 else len(self._seen) + index
        built = self._built.get(at)
        if built is None:
            built = self._built[at] = self._build(*row)
        return built

    def actions(self) -> Iterator[Action]:
        self._reach(None)
        return (self.action(i) for i in range(len(self._seen)))


class FieldChoices(ActionGroup):
    """The actions of ``cls`` with the fields ``fixed`` and ``field`` set to each of ``values`` in turn, in that
    order, each built only when asked for; none is a range's lowest value (the cube-rail titles' action-track
    rows, start cities, turn-order cards, a lone pass).

    Args:
        cls: the action class; fixed: the fields every action shares (``entity`` …); field: the field that
            varies; values: its legal values, in listing order (already checked by the title's rules: the
            actions are built as checked, ``Action._trusted``).
    """

    def __init__(self, cls: type[Action], fixed: dict[str, Any], field: str, values: Sequence[Any]):
        self.type = cls.type
        self._cls, self._fixed, self._field, self._values = cls, fixed, field, values

    def __len__(self) -> int:
        return len(self._values)

    def __bool__(self) -> bool:
        return bool(self._values)

    def action(self, index: int) -> Action:
        if not 0 <= index < len(self._values):
            raise IndexError(index)
        return self._cls._trusted(**self._fixed, **{self._field: self._values[index]})

    def actions(self) -> Iterator[Action]:
        return (self._cls._trusted(**self._fixed, **{self._field: v}) for v in self._values)


def only(cls: type[Action], entity: str) -> FieldChoices:
    """The one action of ``cls`` (a type with no field but ``entity``: pass, take money) for ``entity``."""
    return FieldChoices(cls, {}, "entity", (entity,))


class ActionGrid(ActionGroup):
    """A group of one action class: every combination of some field values, each the lowest value of a range of
    one more integer field (Continental Divide's start options: railroad × hex × shares × run of stock values).

    Args:
        cls: the action class; fixed: fields every action shares.
        axes: ``(field, values)`` pairs, the first varying slowest (the order of nested loops).
        field: the integer field each action is the lowest value of; runs: its ``(low, high)`` runs, innermost.
    """

    def __init__(self, cls: type[Action], fixed: dict[str, Any], axes: tuple[tuple[str, Sequence], ...],
                 field: str, runs: Sequence[tuple[int, int]]):
        self.type = cls.type
        self._cls, self._fixed, self._axes, self._field, self._runs = cls, fixed, axes, field, runs
        self._size = len(runs)
        for _, values in axes:
            self._size *= len(values)

    def __len__(self) -> int:
        return self._size

    def _place(self, index: int) -> tuple[dict[str, Any], tuple[int, int]]:
        if not 0 <= index < self._size:
            raise IndexError(index)
        index, run = divmod(index, len(self._runs))
        chosen = {}
        for name, values in reversed(self._axes):
            index, at = divmod(index, len(values))
            chosen[name] = values[at]
        return chosen, self._runs[run]

    def action(self, index: int) -> Action:
        chosen, (low, _) = self._place(index)
        return self._cls._trusted(**self._fixed, **chosen, **{self._field: low})

    def range(self, index: int) -> ActionRange:
        chosen, (low, high) = self._place(index)
        return ActionRange(self._cls._trusted(**self._fixed, **chosen, **{self._field: low}), self._field, low, high)

    def ranges(self) -> Iterator[ActionRange]:
        names = tuple(name for name, _ in self._axes)
        for values in product(*(v for _, v in self._axes)):
            chosen = dict(zip(names, values))
            for low, high in self._runs:
                yield ActionRange(self._cls._trusted(**self._fixed, **chosen, **{self._field: low}),
                                  self._field, low, high)

    def actions(self) -> Iterator[Action]:
        return (r.template for r in self.ranges())


def groups_of(actions: Sequence[Action], ranges: Sequence[ActionRange]) -> list[ActionGroup]:
    """Split listed actions into one :class:`ListedActions` per type (in order of each type's first action), each
    with the ranges of its type."""
    if not actions:  # most calls (a title's extra actions, none in most positions); a range is of a listed action
        return []
    by_type: dict[str, list[Action]] = {}
    for action in actions:
        by_type.setdefault(action.type, []).append(action)
    ranges_by_type: dict[str, list[ActionRange]] = {}
    for r in ranges:
        ranges_by_type.setdefault(r.template.type, []).append(r)
    return [ListedActions(kind, listed, ranges_by_type.get(kind, ())) for kind, listed in by_type.items()]


def listed(groups: Sequence[ActionGroup]) -> list[Action]:
    """Every action of the groups, in order."""
    return [a for g in groups for a in g.actions()]


def ranges_in(groups: Sequence[ActionGroup]) -> list[ActionRange]:
    """Every range of the groups, in order."""
    return [r for g in groups for r in g.ranges()]
