"""ipywidgets views of gamekit games: :class:`Explorer` (play step by step) and :class:`ReplayPlayer` (scrub through
a finished or imported game); :func:`wide_figures` lets wide figures scroll in a narrow notebook column.
ipywidgets and Plotly are imported only when one is created."""

from __future__ import annotations

from typing import Any

from .notebook_style import wide_figures

__all__ = ["Explorer", "ReplayPlayer", "wide_figures"]


def __getattr__(name: str) -> Any:
    if name == "Explorer":
        from .explorer import Explorer

        return Explorer
    if name == "ReplayPlayer":
        from .replay import ReplayPlayer

        return ReplayPlayer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
