"""Session-wide test wiring: the plugin that lets the figure-label test reuse the lessons' nbval run
(:mod:`tests.nbval_figures`), and the fixture that keeps the process's language English around a test."""

from __future__ import annotations

import pytest

from gamekit.i18n import set_language

from .nbval_figures import NbvalFigures


def pytest_configure(config) -> None:
    """Register :class:`~tests.nbval_figures.NbvalFigures` once per session."""
    if not config.pluginmanager.has_plugin("gamekit-nbval-figures"):
        config.pluginmanager.register(NbvalFigures(), "gamekit-nbval-figures")


@pytest.fixture
def english():
    """The test starts in English and leaves the process in English, whatever language it (or an app it opens)
    switched to: the language is the whole process's (``gamekit.set_language``), so a test that left it in Catalan
    would change what every later test reads. A module whose every test switches languages uses it for all of them
    (``pytestmark = pytest.mark.usefixtures("english")``)."""
    set_language("en")
    yield
    set_language("en")
