"""The titles gamekit plays, by their CLI names, each a :class:`gamekit.game.Game` subclass loaded on demand."""

from __future__ import annotations

from importlib import import_module

from ..errors import UnknownName, shown
from ..game import Game
from ..i18n import msg

# CLI name -> (module, class, rule prefix, data folder, module declaring its action types).
_TITLES: dict[str, tuple[str, str, str, str, str]] = {
    "1830": ("gamekit.titles.g1830", "Game1830", "1830", "1830", "gamekit.tracks.actions"),
    "1837": ("gamekit.titles.g1837", "Game1837", "1837", "1837", "gamekit.titles.g1837.actions"),
    "1894": ("gamekit.titles.g1894", "Game1894", "1894", "1894", "gamekit.titles.g1894.actions"),
    "continental-divide": ("gamekit.titles.continental_divide", "ContinentalDivide", "cd", "continental_divide",
                           "gamekit.cuberails.cd_actions"),
    "american-rails": ("gamekit.titles.american_rails", "AmericanRails", "ar", "american_rails",
                       "gamekit.titles.american_rails"),
}
PLANNED: tuple[str, ...] = ()
TITLE_RULE = "core:setup.title"
"""The rule a title name that gamekit does not play is refused under."""


_UNLISTED: dict[str, type[Game]] = {}


def register_unlisted(cls: type[Game]) -> None:
    """Make ``cls`` playable under its ``title`` (``new_game``, ``load_json``, the bots) without listing it in
    :func:`title_names` — for titles built by tests (the conformance suite's synthetic 18xx title). Its rule
    ids must use the prefix of a listed title, whose rules file holds their texts."""
    _UNLISTED[cls.title] = cls


def rule_folders() -> dict[str, str]:
    """Return rule prefix → data folder (``data/<folder>/rules.md``) of every listed title."""
    return {prefix: folder for _, _, prefix, folder, _ in _TITLES.values()}


def register_action_types() -> None:
    """Import the module declaring each listed title's action types, so that the action registry
    (:func:`gamekit.actions.action_types`) is complete; ``import gamekit`` calls it."""
    for *_, module in _TITLES.values():
        import_module(module)


def title_names() -> tuple[str, ...]:
    """Return the CLI names of the titles that can be played now, sorted."""
    return tuple(sorted(_TITLES))


def game_class(title: str) -> type[Game]:
    """Return the Game class of a title.

    Args:
        title: a CLI name (``"1830"``, ``"continental-divide"``, ``"american-rails"``; 18xx.games titles such as
            ``"1830"`` are the same names).

    Raises:
        UnknownName: an unknown title, or one not playable yet (rule :data:`TITLE_RULE`; the message lists the
            playable titles); a :class:`~gamekit.errors.GameError` and a ``ValueError``. A title given as a number
            (``1830``) or anything else that is not text is refused saying that a title is a name in quotes
            (``"1830"``).
    """
    if not isinstance(title, str):
        example = str(title) if str(title) in _TITLES else title_names()[0]
        raise UnknownName(msg("a title is a name in quotes, e.g. {example}, not {title}; playable titles: {known}",
                              example=f'"{example}"', title=shown(title), known=", ".join(title_names())),
                          TITLE_RULE)
    if title in _UNLISTED:
        return _UNLISTED[title]
    if title not in _TITLES:
        known = ", ".join(title_names())
        if title in PLANNED:
            raise UnknownName(msg("{title} is not playable yet (planned); playable titles: {known}", title=title,
                                  known=known), TITLE_RULE)
        raise UnknownName(msg("unknown title {title}; playable titles: {known}", title=shown(title), known=known),
                          TITLE_RULE)
    module, name, *_ = _TITLES[title]
    return getattr(import_module(module), name)
