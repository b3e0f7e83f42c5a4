"""The explorer's figures follow its language menu in a real browser (Voila and Debian's Chromium, as
``tests/test_browser.py``): after each switch the share market's title and the map's title are drawn in the new
language, and after Apply the map names the new position.

Stop 66 saw the market panel stay English after a switch in about one page load of three (stop 67, 1837's
explorer on a busy two-core machine: the market stayed English in 14 loads of 20, the map in 9): the explorer
drew its figures as ``go.FigureWidget`` objects changed in place, and their views in the page applied none of
the changes the kernel sent. The panels are now drawn through ``Output`` widgets (``gamekit.widgets.parts.FigurePanel``). The defect
came and went between page loads, so the test loads the app ``LOADS`` times.

Outside CI the test skips when Playwright or Chromium is missing; with ``CI`` set it fails instead.
"""

from __future__ import annotations

from .browser_support import chromium_page
from .test_browser import CLICK_TIMEOUT_MS, PAGE_TIMEOUT_MS, voila_url  # noqa: F401 (a fixture)

LOADS = 3
"""Page loads, each with its own kernel: the old defect showed in some loads only."""

TITLES = {"中文": ("股票市场", "1830 — 阶段 2（板块：黄色）— 0 个动作之后"),
          "Català": ("Mercat d'accions", "1830 — fase 2 (tessel·les de color groc) — després de 0 accions"),
          "English": ("Share market", "1830 — phase 2 (tiles: yellow) — after 0 actions")}
"""Per entry of the language menu: the share market's title and the map's title at the start of the app's game
(the seeded 1830 game before its first action), as the catalogues translate them."""


def figure_title(page, index: int):
    """The title of the explorer's ``index``-th figure (0: the map, 1: the share market) as drawn in the page."""
    return page.locator(".gk-explorer .js-plotly-plot").nth(index).locator(".gtitle")


def test_the_market_and_map_titles_follow_the_language_menu(voila_url):  # noqa: F811
    from playwright.sync_api import expect

    with chromium_page({"width": 1280, "height": 1400}) as page:
        page.set_default_timeout(PAGE_TIMEOUT_MS)
        for _ in range(LOADS):
            page.goto(voila_url, wait_until="domcontentloaded")
            menu = page.locator(".gk-explorer .widget-dropdown select").first
            expect(menu).to_be_attached(timeout=PAGE_TIMEOUT_MS)
            expect(page.locator(".gk-explorer .js-plotly-plot")).to_have_count(2)
            expect(page.get_by_text("Running ...")).to_be_hidden()
            expect(figure_title(page, 1)).to_have_text("Share market")
            for label, (market, board) in TITLES.items():
                menu.select_option(label=label)
                expect(figure_title(page, 1)).to_have_text(market, timeout=CLICK_TIMEOUT_MS)
                expect(figure_title(page, 0)).to_have_text(board, timeout=CLICK_TIMEOUT_MS)
        # a redraw after an action too: Apply on the first legal action (Ann buys SV for $20)
        page.get_by_role("button", name="Apply", exact=True).first.click()
        expect(figure_title(page, 0)).to_have_text("1830 — phase 2 (tiles: yellow) — after 1 action",
                                                   timeout=CLICK_TIMEOUT_MS)
        page.get_by_role("button", name="Undo").click()
        expect(figure_title(page, 0)).to_have_text(TITLES["English"][1], timeout=CLICK_TIMEOUT_MS)
