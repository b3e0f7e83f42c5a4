"""Run each lesson once per test session: keep the Plotly figures its cells showed under nbval, so that
``tests/test_figure_labels.py`` measures those instead of running every lesson a second time.

A pytest plugin (registered by ``tests/conftest.py``):

* after each nbval cell passes, the Plotly figures among its outputs (``application/vnd.plotly.v1+json``, in
  output order: what the cell showed, then the value it ended with) are kept under its notebook's path;
* the figure-label tests are moved after the last notebook cell, and under pytest-xdist every notebook and the
  figure-label tests form one scope, run by one worker in that order; every other test file is a scope of its
  own (its module fixtures are built once).

:func:`nbval_figures` returns a lesson's figures only when every one of its cells ran and passed in this session;
otherwise (the lesson was not collected, was deselected or failed) the figure-label test runs the lesson itself.
"""

from __future__ import annotations

from pathlib import Path

import pytest

PLOTLY_MIME = "application/vnd.plotly.v1+json"
FIGURE_TEST = "tests/test_figure_labels.py"
LESSONS_SCOPE = "lessons and their figure labels"

_shown: dict[Path, list[dict]] = {}
"""Notebook path → the Plotly figures (JSON: ``data``, ``layout``) its passed cells showed, in order."""
_passed: dict[Path, int] = {}
_collected: dict[Path, int] = {}


def nbval_figures(notebook: Path) -> list[dict] | None:
    """Return the Plotly figures (JSON dicts with ``data`` and ``layout``) that ``notebook``'s cells showed under
    nbval in this session, or None unless every collected cell of it ran and passed."""
    path = notebook.resolve()
    if not _collected.get(path) or _passed.get(path) != _collected[path]:
        return None
    return _shown.get(path, [])


def _is_cell(item) -> bool:
    return item.nodeid.split("::", 1)[0].endswith(".ipynb") and hasattr(item, "test_outputs")


class NbvalFigures:
    """The plugin: records nbval cells' figures and orders and groups the lesson tests (see the module)."""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items: list) -> None:
        """Count each notebook's cells, and put the figure-label tests after the last notebook cell."""
        _collected.clear()
        for item in items:
            if _is_cell(item):
                path = Path(item.path).resolve()
                _collected[path] = _collected.get(path, 0) + 1
        if _collected:
            figure_tests = [i for i in items if i.nodeid.startswith(FIGURE_TEST + "::")]
            items[:] = [i for i in items if i not in figure_tests] + figure_tests

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        """Keep a passed cell's Plotly outputs."""
        outcome = yield
        if call.when != "call" or not _is_cell(item) or not outcome.get_result().passed:
            return
        path = Path(item.path).resolve()
        _passed[path] = _passed.get(path, 0) + 1
        for out in item.test_outputs or ():
            figure = out.get("data", {}).get(PLOTLY_MIME)
            if figure is not None:
                _shown.setdefault(path, []).append(figure)

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_make_scheduler(self, config, log):
        """Under pytest-xdist: one scope per test file, the notebooks and the figure-label tests together."""
        from xdist.scheduler import LoadScopeScheduling

        class LessonsTogether(LoadScopeScheduling):
            def _split_scope(self, nodeid: str) -> str:
                path = nodeid.split("::", 1)[0]
                return LESSONS_SCOPE if path.endswith(".ipynb") or path == FIGURE_TEST else path

        return LessonsTogether(config, log)
