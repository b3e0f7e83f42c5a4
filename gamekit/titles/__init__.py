"""The titles gamekit plays, by their CLI names, each a :class:`gamekit.game.Game` subclass loaded on demand."""

from __future__ import annotations

from importlib import import_module

from ..game import Game

# CLI name -> (module, class). 1837 and 1894 are designed for (DESIGN §2.6) and arrive in later issues.
_TITLES: dict[str, tuple[str, str]] = {
    "1830": ("gamekit.titles.g1830", "Game1830"),
    "continental-divide": ("gamekit.titles.continental_divide", "ContinentalDivide"),
    "american-rails": ("gamekit.titles.american_rails", "AmericanRails"),
}
PLANNED = ("1837", "1894")


def title_names() -> tuple[str, ...]:
    """Return the CLI names of the titles that can be played now, sorted."""
    return tuple(sorted(_TITLES))


def game_class(title: str) -> type[Game]:
    """Return the Game class of a title.

    Args:
        title: a CLI name (``"1830"``, ``"continental-divide"``, ``"american-rails"``; 18xx.games titles such as
            ``"1830"`` are the same names).

    Raises:
        ValueError: an unknown title, or one not playable yet (the message says which are).
    """
    if title not in _TITLES:
        known = ", ".join(title_names())
        if title in PLANNED:
            raise ValueError(f"{title} is not playable yet (planned); playable titles: {known}")
        raise ValueError(f"unknown title {title!r}; playable titles: {known}")
    module, name = _TITLES[title]
    return getattr(import_module(module), name)
