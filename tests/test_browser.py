"""The explorer app in a real browser: Voila serves ``notebooks/explorer_app.ipynb`` and Debian's Chromium,
driven by Playwright, clicks it.

The app is a seeded four-player 1830 game (seed 7) at the start of the private auction. The test waits for the
widgets and both Plotly figures (map, market) to render, clicks **Apply** on the preselected first legal action
("Ann buys SV for $20": the cheapest private, the Schuylkill Valley, is bought at its face value of $20) and
checks that the page changed the way the game did: the step line moves from Ann to Ben, the event log shows
"Ann buys SV for $20" and Undo becomes enabled. Undo then restores Ann's turn and removes the log line. A
screenshot of the page after Apply goes to ``artifacts/browser_explorer.png``.

Outside CI the test skips when Playwright or Chromium is missing; with ``CI`` set it fails instead.
"""

from __future__ import annotations

import pytest

from .browser_support import ROOT, chromium_page, voila_app

APP = "notebooks/explorer_app.ipynb"
ARTIFACT = ROOT / "artifacts" / "browser_explorer.png"
PAGE_TIMEOUT_MS = 45_000
CLICK_TIMEOUT_MS = 10_000
SCREENSHOT_MAX_HEIGHT = 4000


@pytest.fixture(scope="module")
def voila_url(tmp_path_factory):
    """The explorer app's URL on a Voila server that lives as long as the module's tests."""
    with voila_app(APP, tmp_path_factory.mktemp("voila")) as url:
        yield url


@pytest.fixture
def page(voila_url):
    """A Chromium page (Debian's browser, headless) with the explorer app loaded."""
    with chromium_page({"width": 1280, "height": 900}) as page:
        page.set_default_timeout(PAGE_TIMEOUT_MS)
        page.goto(voila_url, wait_until="domcontentloaded")
        yield page


def step_line(page):
    """The explorer's step line ("<step> — <who> to act <rule id> …")."""
    return page.locator(".widget-html-content").filter(has_text=" to act ").first


def save_screenshot(page) -> None:
    """Save the whole app to ``artifacts/browser_explorer.png``. Voila scrolls inside a panel, not the page, so
    the viewport is first made as tall as the scrolled content (at most ``SCREENSHOT_MAX_HEIGHT`` pixels)."""
    height = page.evaluate("""Math.max(0, ...Array.from(document.querySelectorAll('body *'))
        .filter(e => ['auto', 'scroll'].includes(getComputedStyle(e).overflowY)).map(e => e.scrollHeight))""")
    page.set_viewport_size({"width": 1280, "height": min(max(height, 900), SCREENSHOT_MAX_HEIGHT)})
    page.wait_for_timeout(500)  # plotly redraws the figures at the new size
    ARTIFACT.parent.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACT))


def test_apply_in_the_browser_changes_step_and_log(page):
    from playwright.sync_api import expect

    step = step_line(page)
    expect(step).to_contain_text("Private auction — Ann to act", timeout=PAGE_TIMEOUT_MS)
    expect(step).to_contain_text("1830:auction.bid")
    log = page.locator(':not(option):text-is("Ann buys SV for $20")')  # the event, not the list's same sentence
    expect(log).to_have_count(0)
    # The map and the market are drawn (a FigureWidget shown before the browser connects keeps its traces).
    expect(page.locator(".js-plotly-plot")).to_have_count(2)
    expect(page.locator(".js-plotly-plot .scatterlayer .trace").first).to_be_attached()
    # The main Apply button comes first; each bid range below the list has its own Apply button.
    apply = page.get_by_role("button", name="Apply", exact=True).first
    undo = page.get_by_role("button", name="Undo")
    expect(undo).to_be_disabled()
    expect(page.get_by_role("listbox").get_by_role("option").first).to_have_text("Ann buys SV for $20")

    apply.click()
    expect(step).to_contain_text("Private auction — Ben to act", timeout=CLICK_TIMEOUT_MS)
    expect(log).to_have_count(1)
    expect(page.get_by_text("1: Ann buys SV for $20", exact=True)).to_have_count(1)
    expect(undo).to_be_enabled()
    save_screenshot(page)

    undo.click()
    expect(step).to_contain_text("Private auction — Ann to act", timeout=CLICK_TIMEOUT_MS)
    expect(log).to_have_count(0)
