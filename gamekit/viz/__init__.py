"""Plotly figures of gamekit games (maps, markets, timelines); Plotly is imported only when a figure is asked for.

``map_figure(game)`` dispatches by title: 18xx titles (games answering ``track_state()``) get
:mod:`gamekit.viz.map18xx`; the cube-rail titles get their own views (:mod:`gamekit.viz.american_rails`,
:mod:`gamekit.viz.continental_divide`).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__all__ = ["compact_map_figure", "compact_market_figure", "has_map", "has_market", "map_figure", "map_in_play", "market_figure", "market_in_play",
           "player_value_column", "timeline", "timeline_data"]

CUBE_RAIL_VIEWS = {"american-rails": "american_rails", "continental-divide": "continental_divide"}
"""Title → module of :mod:`gamekit.viz` whose ``map_figure(game)`` draws that title."""


def has_map(game: Any) -> bool:
    """True when :func:`map_figure` can draw this game's title."""
    return _is_18xx(game) or game.title in CUBE_RAIL_VIEWS


PLAYER_VALUE_18XX = "value"
"""What ``player_value`` is in the 18xx titles (cash plus holdings at market), as a table heads it (msgid)."""


def player_value_column(game: Any) -> tuple[str, bool] | None:
    """Return how a table shows ``game.player_value``: its heading in the current language and whether the value
    is money (written as the title writes money) or points. A cube-rail title's view module (in
    :data:`CUBE_RAIL_VIEWS`) says what it is in ``PLAYER_VALUE`` (points; ``None`` where the value is the player's
    money, which the table shows already: no column); an 18xx title's is "value" (cash plus holdings at market)."""
    from ..i18n import _

    if game.title in CUBE_RAIL_VIEWS:
        heading = import_module(f"{__package__}.{CUBE_RAIL_VIEWS[game.title]}").PLAYER_VALUE
        return None if heading is None else (_(heading), False)
    return _(PLAYER_VALUE_18XX), True


def has_market(game: Any) -> bool:
    """True when the title has a share-market grid that :func:`market_figure` draws (18xx titles)."""
    return hasattr(game, "market_stacks")


def map_figure(game: Any, **kwargs: Any):
    """Return the map of ``game`` at its current position as a Plotly figure.

    Args:
        game: a game of any title with a map view (see :func:`has_map`).
        kwargs: passed to the title's map function (e.g. ``size``, ``height`` for 18xx maps).

    Raises:
        ValueError: the title has no map view.
    """
    return _map_view(game).map_figure(game, **kwargs)


def compact_map_figure(game: Any):
    """The map of ``game`` as small as its labels allow, for a view that shows it enlarged (the classroom's
    panels): an 18xx map at the smallest hexes its labels are placed for (``width=0`` of
    :func:`gamekit.viz.map18xx.map_figure`), a cube-rail map as :func:`map_figure` draws it.

    Raises:
        ValueError: the title has no map view.
    """
    return map_figure(game, width=0) if _is_18xx(game) else map_figure(game)


def map_in_play(game: Any) -> list[tuple[float, float]]:
    """Where on the map the game is now, in the plot units of :func:`map_figure` at its default size: points a
    view showing part of the map should show (the title's ``places_in_play``; empty when nothing is placed).

    Raises:
        ValueError: the title has no map view.
    """
    return _map_view(game).places_in_play(game)


def _map_view(game: Any):
    """The module that draws ``game``'s map (imported when first asked: Plotly loads with it).

    Raises:
        ValueError: the title has no map view.
    """
    if _is_18xx(game):
        return import_module(f"{__name__}.map18xx")
    if game.title in CUBE_RAIL_VIEWS:
        return import_module(f"{__name__}.{CUBE_RAIL_VIEWS[game.title]}")
    raise ValueError(f"no map view for title {game.title!r}")


def market_in_play(game: Any) -> list[tuple[float, float]]:
    """Where on the share market the game is now, in the plot units of :func:`market_figure`: the price markers,
    else the par cells (see :func:`gamekit.viz.market.places_in_play`).

    Raises:
        ValueError: the title has no share-market grid (cube rails).
    """
    if not has_market(game):
        raise ValueError(f"{game.title} has no share-market grid")
    from .market import places_in_play

    return places_in_play(game)


def market_figure(game: Any, **kwargs: Any):
    """Return the share market of an 18xx game (see :func:`gamekit.viz.market.market_figure`).

    Raises:
        ValueError: the title has no share-market grid (cube rails).
    """
    if not has_market(game):
        raise ValueError(f"{game.title} has no share-market grid")
    from .market import market_figure as draw

    return draw(game, **kwargs)


def compact_market_figure(game: Any):
    """The share market of an 18xx game with its rows as low as its labels allow
    (:func:`gamekit.viz.market.compact_height`), for a view that shows it enlarged (the classroom's panel).

    Raises:
        ValueError: the title has no share-market grid (cube rails).
    """
    if not has_market(game):
        raise ValueError(f"{game.title} has no share-market grid")
    from .market import compact_height

    return market_figure(game, height=compact_height(game))


def timeline(game: Any, **kwargs: Any):
    """Return the game over time (see :func:`gamekit.viz.timelines.timeline`)."""
    from .timelines import timeline as draw

    return draw(game, **kwargs)


def timeline_data(game: Any):
    """Return the series behind :func:`timeline` (see :func:`gamekit.viz.timelines.timeline_data`)."""
    from .timelines import timeline_data as collect

    return collect(game)


def _is_18xx(game: Any) -> bool:
    return hasattr(game, "track_state")
