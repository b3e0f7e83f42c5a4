"""Functions registered per family of titles: one per game base class (the 18xx engine, a cube-rail title), found
for a game class by inheritance, so shared code never names a title."""

from __future__ import annotations

from typing import Callable, Generic, TypeVar

F = TypeVar("F", bound=Callable)


class ByFamily(Generic[F]):
    """A registry ``game base class -> function``; ``@registry.register(Game18xx)`` adds one."""

    def __init__(self) -> None:
        self._entries: list[tuple[type, F]] = []

    def register(self, base: type) -> Callable[[F], F]:
        """Decorator: register the function for the titles whose game class derives from ``base``."""

        def add(fn: F) -> F:
            self._entries.append((base, fn))
            return fn

        return add

    def find(self, cls: type) -> F | None:
        """The function registered for ``cls`` or one of its bases (the first registered wins), else ``None``."""
        return next((fn for base, fn in self._entries if issubclass(cls, base)), None)
