"""The explorer and the classroom app in Chinese and Catalan in a real browser (Voila and Debian's Chromium, as
``tests/test_browser.py`` and ``tests/test_classroom_browser.py``): the explorer's language menu switches the page,
Chinese text is drawn with glyphs, not boxes, and the classroom opened with ``?lang=`` fits its 1280×720 projector
screen in that language with no label cut.

The glyph check draws two Chinese characters and a private-use character (which no font has: Chromium draws its
"missing glyph" box) on a canvas in the page's own font: without a font for Chinese all three are the same box.
Screenshots go to ``artifacts/browser_explorer_<lang>.png`` and
``artifacts/classroom/i18n-<lang>.png``.

Outside CI the test skips when Playwright or Chromium is missing; with ``CI`` set it fails instead.
"""

from __future__ import annotations

from pathlib import Path

from .browser_support import chromium_page
from .test_browser import CLICK_TIMEOUT_MS, PAGE_TIMEOUT_MS, voila_url  # noqa: F401 (a fixture)
from .test_classroom_browser import VIEWPORT, app_url, load  # noqa: F401 (a fixture)

ROOT = Path(__file__).resolve().parent.parent

GLYPHS = """() => {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 64;
  const pen = canvas.getContext('2d');
  const font = getComputedStyle(document.querySelector('.gk-explorer button')).fontFamily;
  const draw = text => {
    pen.clearRect(0, 0, 64, 64);
    pen.font = `48px ${font}`;
    pen.fillText(text, 4, 52);
    return Array.from(pen.getImageData(0, 0, 64, 64).data).join(',');
  };
  return [draw('执'), draw('行'), draw('\\uE000')];
}"""
"""Pixels of "执", "行" and U+E000 drawn in the explorer's font (JavaScript run in the page)."""

SHOWN = {"zh": ("中文", "执行", "撤销", "轮到 Ann", "事件日志"),
         "ca": ("Català", "Aplica", "Desfés", "li toca a Ann", "Registre d'esdeveniments")}
"""Per language: the menu's label, then texts the explorer shows in it (Apply, Undo, the step line, the log)."""


def test_explorer_switches_language_and_draws_chinese_glyphs(voila_url):  # noqa: F811
    from playwright.sync_api import expect

    with chromium_page({"width": 1280, "height": 1400}) as page:
        page.set_default_timeout(PAGE_TIMEOUT_MS)
        page.goto(voila_url, wait_until="domcontentloaded")
        menu = page.locator(".gk-explorer .widget-dropdown select").first
        expect(menu).to_be_attached(timeout=PAGE_TIMEOUT_MS)
        expect(page.locator(".js-plotly-plot")).to_have_count(2)  # the map and the market: the page has run
        expect(page.get_by_text("Running ...")).to_be_hidden()  # Voila's spinner, over the page until then
        for lang, (label, apply, undo, acting, log) in SHOWN.items():
            menu.select_option(label=label)
            expect(page.get_by_role("button", name=apply, exact=True).first).to_be_visible(timeout=CLICK_TIMEOUT_MS)
            expect(page.get_by_role("button", name=undo)).to_be_disabled()
            expect(page.locator(".widget-html-content").filter(has_text=acting).first).to_be_visible()
            expect(page.get_by_text(log, exact=True)).to_have_count(1)
            page.wait_for_timeout(500)
            out = ROOT / "artifacts" / f"browser_explorer_{lang}.png"
            out.parent.mkdir(exist_ok=True)
            page.screenshot(path=str(out))
        first, second, missing = page.evaluate(GLYPHS)
        assert first != missing and second != missing and first != second, "Chinese is drawn as boxes"
        menu.select_option(label="English")
        expect(page.get_by_role("button", name="Apply", exact=True).first).to_be_visible(timeout=CLICK_TIMEOUT_MS)


CUT = """() => Array.from(document.querySelectorAll(['button', '.widget-label', 'label', '.lm-TabBar-tabLabel', 'b',
    'select'].map(s => '.gk-classroom ' + s).join(', ')))
  .filter(e => e.getClientRects().length && (e.scrollWidth > e.clientWidth + 1
      || e.getBoundingClientRect().right > window.innerWidth || e.getBoundingClientRect().bottom > window.innerHeight))
  .map(e => (e.textContent || '').trim().slice(0, 40) + ': ' + e.scrollWidth + ' px in ' + e.clientWidth)"""
"""Every label, button, heading and menu of the classroom that is cut (its text wider than its box) or lies past
the 1280×720 screen."""

CLASSROOM = {"zh": ("新对局", "机器人走一步", "假如", "整张地图", "座位", "事件日志", "English"),
             "ca": ("Partida nova", "Jugada del bot", "I si…", "Mapa sencer", "seient", "Registre d'esdeveniments",
                    "English")}
"""Per language: texts of the classroom in it (New game, Bot move, What if, Whole map, the seat column, the log
heading), then the menu entry that switches back."""


def test_the_classroom_fits_its_screen_in_chinese_and_catalan(app_url):  # noqa: F811
    """``?lang=zh`` and ``?lang=ca``: the header, toolbar, seats panel and log heading in that language, nothing
    cut or past the screen, Chinese drawn with glyphs; the language menu switches the page back to English."""
    from playwright.sync_api import expect

    with chromium_page(VIEWPORT) as page:
        page.set_default_timeout(CLICK_TIMEOUT_MS)
        for lang, (new, bot, fork, whole, seat, log, english) in CLASSROOM.items():
            load(page, f"{app_url}?lang={lang}")
            for name in (new, bot, fork, whole):
                expect(page.get_by_role("button", name=name, exact=True).first).to_be_visible()
            expect(page.locator(".gk-classroom b").filter(has_text=seat).first).to_be_visible()
            expect(page.get_by_text(log, exact=True).first).to_be_visible()
            page.wait_for_timeout(500)
            out = ROOT / "artifacts" / "classroom" / f"i18n-{lang}.png"
            out.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(out))
            assert page.evaluate(CUT) == []
            assert page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]") \
                == [VIEWPORT["width"], VIEWPORT["height"]]
        first, second, missing = page.evaluate(GLYPHS.replace(".gk-explorer button", ".gk-classroom button"))
        assert first != missing and second != missing and first != second, "Chinese is drawn as boxes"
        page.locator(".gk-language select").select_option(label=english)
        expect(page.get_by_role("button", name="New game", exact=True)).to_be_visible()
        expect(page.get_by_role("button", name="Bot move", exact=True)).to_be_visible()
