"""The JupyterLite site holds the translated first lessons too (``tools/build_lite.py``'s ``site_lessons``), in the
site's ``i18n/`` folder as in the checkout, and their "where next" text keeps what it says about the other lessons
when the paragraph that names a lesson the site leaves out is dropped. No site is built: the lessons are copied
as the build copies them."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import gamekit

ROOT = Path(__file__).resolve().parent.parent


def build_lite():
    """``tools/build_lite.py`` as a module (it is a script, not part of the package)."""
    spec = importlib.util.spec_from_file_location("build_lite_fixn68", ROOT / "tools" / "build_lite.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_site_holds_the_first_lesson_in_every_language_and_leaves_out_compare_01():
    lessons = [str(path) for path in build_lite().site_lessons()]
    translated = {f"i18n/00_start_here.{lang}.ipynb" for lang in gamekit.LANGUAGES if lang != "en"}
    assert translated == {"i18n/00_start_here.zh.ipynb", "i18n/00_start_here.ca.ipynb",
                          "i18n/00_start_here.es.ipynb", "i18n/00_start_here.nl.ipynb"}
    assert translated <= set(lessons)
    assert "00_start_here.ipynb" in lessons and "1830_05_how_routes_pay.ipynb" in lessons
    assert "compare_01_five_titles.ipynb" not in lessons
    assert not any(name.endswith(".py") for name in lessons)


def test_a_translated_lesson_s_where_next_keeps_its_text_but_the_left_out_lesson(tmp_path):
    """Dutch: the site's copy still says the other lessons are English and lists them; only the sentence naming
    compare_01_five_titles (a paragraph of its own) is gone, and no heading is left empty."""
    build = build_lite()
    build.lite_notebook(ROOT / "notebooks" / "i18n" / "00_start_here.nl.ipynb", tmp_path / "nl.ipynb")
    cells = ["".join(cell["source"]) for cell in json.loads((tmp_path / "nl.ipynb").read_text())["cells"]]
    where_next = next(cell for cell in cells if cell.startswith("## Wat lees je hierna"))
    assert "compare_01_five_titles" not in where_next
    assert "De andere lessen zijn voorlopig alleen Engels" in where_next
    assert "`1830_05_how_routes_pay`" in where_next and "`ar_01`" in where_next
    assert "\n\n## Controleer jezelf" in where_next
    assert where_next.split("\n\n")[1].startswith("De andere lessen")
    original = ROOT / "notebooks" / "i18n" / "00_start_here.nl.ipynb"
    assert "compare_01_five_titles" in original.read_text(encoding="utf-8")
