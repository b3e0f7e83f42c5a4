"""ipywidgets views of gamekit games: :class:`Explorer` (play step by step), :class:`ReplayPlayer` (scrub through
a finished or imported game) and :class:`Quiz` (questions the engine checks, :mod:`gamekit.exercises`); :func:`wide_figures` lets wide figures scroll in a narrow notebook column.
ipywidgets and Plotly are imported only when one is created."""

from __future__ import annotations

from typing import Any

from .notebook_style import wide_figures

__all__ = ["Explorer", "Quiz", "ReplayPlayer", "wide_figures"]


def __getattr__(name: str) -> Any:
    if name == "Explorer":
        from .explorer import Explorer

        return Explorer
    if name == "ReplayPlayer":
        from .replay import ReplayPlayer

        return ReplayPlayer
    if name == "Quiz":
        from .quiz import Quiz

        return Quiz
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
