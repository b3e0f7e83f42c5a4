"""Session-wide test wiring: the plugin that lets the figure-label test reuse the lessons' nbval run
(:mod:`tests.nbval_figures`)."""

from __future__ import annotations

from .nbval_figures import NbvalFigures


def pytest_configure(config) -> None:
    """Register :class:`~tests.nbval_figures.NbvalFigures` once per session."""
    if not config.pluginmanager.has_plugin("gamekit-nbval-figures"):
        config.pluginmanager.register(NbvalFigures(), "gamekit-nbval-figures")
