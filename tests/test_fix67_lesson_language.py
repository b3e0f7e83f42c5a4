"""The translated first lesson leaves gamekit in its language after Run All: the explorer's and the quiz's buttons,
clicked afterwards, redraw in it (the newuser67 pass saw them turn English, as the last check switched back)."""

from __future__ import annotations

from tests.test_lessons import run_lesson


def test_after_run_all_the_spanish_lesson_still_speaks_spanish():
    cells = run_lesson("i18n/00_start_here.es", {10_000: 'from gamekit.i18n import gettext\n'
                                                          'print(gamekit.language(), "|", gettext("Apply"), "|", '
                                                          'gettext("Undo"))'})
    last = cells[-1]
    assert last.outputs[0]["text"] == "es | Aplicar | Deshacer\n"
