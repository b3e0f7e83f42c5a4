"""The titles gamekit plays, by their CLI names, each a :class:`gamekit.game.Game` subclass loaded on demand."""

from __future__ import annotations

from importlib import import_module

from ..datafiles import data_json
from ..errors import DataError, UnknownName, shown
from ..game import Game
from ..i18n import Message, msg

# CLI name -> (module, class, rule prefix, data folder, module declaring its action types, the file of the data
# folder whose "title" field is the title's printed name). The name file differs because each family's schema
# keeps it where its data already had it: the 18xx facts and American Rails' game.json, Continental Divide's map.
_TITLES: dict[str, tuple[str, str, str, str, str, str]] = {
    "1830": ("gamekit.titles.g1830", "Game1830", "1830", "1830", "gamekit.tracks.actions", "game.json"),
    "1837": ("gamekit.titles.g1837", "Game1837", "1837", "1837", "gamekit.titles.g1837.actions", "game.json"),
    "1894": ("gamekit.titles.g1894", "Game1894", "1894", "1894", "gamekit.titles.g1894.actions", "game.json"),
    "continental-divide": ("gamekit.titles.continental_divide", "ContinentalDivide", "cd", "continental_divide",
                           "gamekit.cuberails.cd_actions", "map.json"),
    "american-rails": ("gamekit.titles.american_rails", "AmericanRails", "ar", "american_rails",
                       "gamekit.titles.american_rails", "game.json"),
}
PLANNED: tuple[str, ...] = ()
TITLE_RULE = "core:setup.title"
"""The rule a title name that gamekit does not play is refused under."""


_UNLISTED: dict[str, type[Game]] = {}
_NAME_FIELD = "a title's name in double quotes, such as \"1830\""  # the msgid the save's "title" field uses


def register_unlisted(cls: type[Game]) -> None:
    """Make ``cls`` playable under its ``title`` (``new_game``, ``load_json``, the bots) without listing it in
    :func:`title_names` — for titles built by tests (the conformance suite's synthetic 18xx title). Its rule
    ids must use the prefix of a listed title, whose rules file holds their texts."""
    _UNLISTED[cls.title] = cls


def rule_folders() -> dict[str, str]:
    """Return rule prefix → data folder (``data/<folder>/rules.md``) of every listed title."""
    return {prefix: folder for _, _, prefix, folder, *_ in _TITLES.values()}


def register_action_types() -> None:
    """Import the module declaring each listed title's action types, so that the action registry
    (:func:`gamekit.actions.action_types`) is complete; ``import gamekit`` calls it."""
    for *_, module, _ in _TITLES.values():
        import_module(module)


def title_names() -> tuple[str, ...]:
    """Return the CLI names of the titles that can be played now, sorted."""
    return tuple(sorted(_TITLES))


def display_name(title: str) -> str:
    """Return the name a learner reads for a title: its printed name as the title's data states it (the ``title``
    field of ``data/<folder>/game.json``, or of ``map.json`` for Continental Divide, whose rules file holds only
    numbers), e.g. ``"continental-divide"`` → ``"Continental Divide"``, ``"american-rails"`` → ``"American Rails"``,
    ``"1830"`` → ``"1830"``. The 18xx titles are printed by their number, the name players use for them (the
    box's full name, "1830: Railways & Robber Barons", is too long for a table column or a chart's axis).
    Proper names, the same in every language. Prose shows this name; code keeps the CLI name (a table's keys,
    :func:`game_class`).

    Args:
        title: a CLI name from :func:`title_names` (or a title :func:`register_unlisted` made playable: its own
            name).

    Raises:
        UnknownName: not a listed title (as :func:`game_class`). DataError: the name file has no text ``title``.
    """
    if isinstance(title, str) and title in _UNLISTED:
        return title  # a title built by a test has no printed name but its own
    if not isinstance(title, str) or title not in _TITLES:
        game_class(title)  # refuses it, naming the playable titles
    *_, folder, _, name_file = _TITLES[title]
    data, where = data_json(folder, name_file), f"data/{folder}/{name_file}"
    what = Message(_NAME_FIELD, {})
    if "title" not in data:
        raise DataError(msg("{where}: field {field} is missing: it must be {what}", where=where, field=repr("title"),
                            what=what))
    if not isinstance(data["title"], str) or not data["title"]:
        raise DataError(msg("{where}: field {field} must be {what}, not {value}", where=where, field=repr("title"),
                            what=what, value=shown(data["title"])))
    return data["title"]


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
