"""The classroom app in a real browser at projector size: Voila serves ``notebooks/classroom_app.ipynb`` and
Debian's Chromium (headless, Playwright) clicks it at 1280×720, once per playable title.

One page is loaded for the whole module (a Voila page load costs a kernel start); each title's test picks the
title in the header and clicks **New game**, then:

1. measures the page: every text outside the Plotly figures is at least 18 px, the map's panel (the map is
   a window onto the part in play, its labels at least 14 px), the list of legal actions, the chosen action's sentence and the event
   log lie inside the 1280×720 viewport, and nothing else scrolls; then presses **Whole map**: the whole map,
   scaled to fit, lies beside the list of actions and scrolls no more, its labels (fewer, larger) read at least
   14 px, the log waits hidden; pressed again, the three columns are back;
2. clicks **Apply** on the first legal action, sees the step line move on and the log gain the action, and
   clicks **Undo** back;
3. uploads a saved game (seeded random-bot play up to the first position where a legal action changes the
   map, found by :func:`tests.test_classroom.map_changing_position`), steps through it with ▶ and ▶|, forks it
   with **What if**, applies the map-changing action by clicking it in the fork, sees the step line and the
   drawn map change, undoes it (the map is as before), applies it again and goes **Back**: the replay still
   shows the recorded position, the fork its own.

Another presses **Question** (issue 34) and **Reveal answer**; one more presses it where no question fits
(Continental Divide): the long step and message show whole beside a list that gives way. A last test presses **Bots play** with a person on every seat (the table says no seat is a bot's), then sets
every seat to the random bot, the speed to 8 moves a second and presses **Bots play**: the
game moves on by itself and stops when the toggle is pressed again.

The page makes no request to any host but the Voila server (the app's template drops Voila's two CDN
stylesheets); the server reaches its kernels as ``gamekit classroom`` does. Screenshots go to
``artifacts/classroom/<title>-start.png``, ``-whole-map.png``, ``-replay.png``, ``-what-if.png`` and
``1830-question.png``, ``1830-question-revealed.png``. Outside CI
the tests skip when Voila, Playwright or Chromium is missing; with ``CI`` set they fail instead.
"""

from __future__ import annotations

import pytest

import gamekit
from gamekit.sentences import sentence_now
from gamekit.titles import display_name

from .browser_support import chromium_page, voila_app
from .test_classroom import map_changing_position, players_for
from .fixtures import PROJECT_ROOT

APP = "notebooks/classroom_app.ipynb"
ARTIFACTS = PROJECT_ROOT / "artifacts" / "classroom"
VIEWPORT = {"width": 1280, "height": 720}
MIN_FONT_PX = 18
LOAD_TIMEOUT_MS = 90_000
LOAD_ATTEMPTS = 3
CLICK_TIMEOUT_MS = 20_000

# Font sizes of every element that shows text of its own, outside the Plotly figures (their SVG text is
# sized by the figure), and whether anything scrolls or lies outside the viewport.
MEASURE = """() => {
  const own = e => Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
  const texts = Array.from(document.querySelectorAll('.gk-classroom *')).filter(e => own(e)
      && e.getClientRects().length && !e.closest('.js-plotly-plot') && !e.closest('.lm-mod-hidden')
      && !e.closest('.gk-upload'));  // its text is hidden and written again at 18 px after the icon
  const scrolling = Array.from(document.querySelectorAll('body, body *')).filter(e => !e.closest('.gk-log')
      && !e.closest('.gk-figure') && !e.closest('.gk-choices')
      && !e.closest('.lm-mod-hidden') && e.tagName !== 'SELECT' && !e.closest('.widget-html-content')
      && ['auto', 'scroll'].includes(getComputedStyle(e).overflowY) && e.scrollHeight > e.clientHeight + 1);
  return {fonts: texts.map(e => parseFloat(getComputedStyle(e).fontSize)), count: texts.length,
          scrolling: scrolling.map(e => e.tagName + '.' + e.className),
          page: [document.documentElement.scrollWidth, document.documentElement.scrollHeight]};
}"""

# A signature of what the shown tab's map draws: how many paths and text labels, and the total length of the
# paths. The plot is looked up at each call: a redraw replaces the element.
MAP_SIGNATURE = """() => { const plot = Array.from(document.querySelectorAll('.js-plotly-plot'))
      .find(e => e.getClientRects().length);
  const paths = Array.from(plot.querySelectorAll('.scatterlayer path'));
  return JSON.stringify([paths.length, paths.reduce((n, p) => n + (p.getAttribute('d') || '').length, 0),
                         plot.querySelectorAll('.scatterlayer text').length]); }"""


# On-screen size of every label the shown map panel writes: its font size times the scale it is shown at
# (screen box over the SVG's own box).
LABEL_PX = """() => { const plot = Array.from(document.querySelectorAll('.gk-figure .js-plotly-plot'))
      .find(e => e.getClientRects().length);
  if (!plot) return [];
  return Array.from(plot.querySelectorAll('.textpoint text')).filter(t => t.getBBox().height > 0).map(t =>
      parseFloat(t.style.fontSize || getComputedStyle(t).fontSize) * t.getBoundingClientRect().height / t.getBBox().height); }"""

# The position the shown step line and the shown map title name ("after N actions"), as [step, map], and
# whether the "Chosen:" line repeats the checked action of the list.
AGREE = """() => { const shown = s => Array.from(document.querySelectorAll(s)).find(e => e.getClientRects().length);
  const n = e => { const m = e && /after (\\d+) action/.exec(e.textContent); return m ? Number(m[1]) : null; };
  const checked = document.querySelector('.gk-choices input:checked');
  const chosen = shown('.gk-chosen');
  const same = !checked || !chosen ? null
      : chosen.textContent.replace('Chosen:', '').trim() === checked.parentElement.textContent.trim();
  return [n(shown('.gk-step')), n(shown('.gk-figure-title')), same, performance.now()]; }"""
"""A sample of the shown table: the position its step line names, the one its map's title names, whether the
chosen action's sentence is the one checked in the list (None: nothing checked), and when (ms)."""


def choose(page, sentence: str) -> None:
    """Select the legal action ``sentence`` in the shown table's list, as a click on its line does."""
    visible(page, ".gk-choices").get_by_role("radio", name=sentence, exact=True).check()


@pytest.fixture(scope="module")
def app_url(tmp_path_factory):
    """The classroom app's URL on a Voila server that reaches its kernels as ``gamekit classroom`` does (over
    :data:`~gamekit.widgets.classroom_launch.KERNEL_TRANSPORT`) and lives as long as the module's tests."""
    from gamekit.widgets.classroom_launch import kernel_options

    with voila_app(APP, tmp_path_factory.mktemp("classroom-voila"), tuple(kernel_options())) as url:
        yield url


OUTSIDE: list[str] = []
"""Every request the app's page made to a host other than the Voila server on 127.0.0.1."""


@pytest.fixture(scope="module")
def page(app_url):
    """One headless Chromium page at 1280×720 with the app loaded, shared by the module's tests; requests to
    any other host than the server are logged in ``OUTSIDE``."""
    with chromium_page(VIEWPORT) as page:
        page.on("request", lambda r: None if r.url.startswith(("http://127.0.0.1:", "data:", "blob:"))
                else OUTSIDE.append(r.url))
        page.set_default_timeout(CLICK_TIMEOUT_MS)
        load(page, app_url)
        yield page


def test_the_page_asks_nothing_of_the_internet(page):
    """Voila's lab page links two Font Awesome stylesheets from a CDN; the app's template drops them, so a
    classroom without internet does not wait for them (the icons come with the page's own bundle)."""
    assert OUTSIDE == []


def load(page, url: str) -> None:
    """Open the app and wait for its step line. On this shared machine a fresh Voila kernel now and then
    never answers (seen about one load in six, kernel idle, before any cell ran; under heavy load several in a
    row); each new load starts another kernel, so ``LOAD_ATTEMPTS`` loads are allowed."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for attempt in range(1, LOAD_ATTEMPTS + 1):
        try:
            page.goto(url, wait_until="domcontentloaded", timeout=LOAD_TIMEOUT_MS)
            page.locator(".gk-step").first.wait_for(timeout=LOAD_TIMEOUT_MS)
            return
        except PlaywrightTimeout:
            if attempt == LOAD_ATTEMPTS:
                raise


def visible(page, selector: str):
    """The first element matching ``selector`` in the shown tab (hidden tabs keep their widgets in the page)."""
    return page.locator(selector).filter(visible=True).first


def button(page, name: str):
    """The visible button called ``name`` (every tab has its own Apply, What if …)."""
    return page.get_by_role("button", name=name, exact=True).filter(visible=True).first


def box_of(page, selector: str) -> dict:
    """The bounding box of the first visible ``selector`` (looked up again if a redraw replaced it)."""
    for _ in range(20):
        box = visible(page, selector).bounding_box()
        if box is not None:
            return box
        page.wait_for_timeout(250)
    raise AssertionError(f"{selector} is not shown")


def settled_box_of(page, selector: str) -> dict:
    """The bounding box of the first visible ``selector`` once two looks 250 ms apart agree: a loaded machine
    may still be laying the panels out after a redraw (the whole map's panel was once measured mid-way)."""
    box = box_of(page, selector)
    for _ in range(20):
        page.wait_for_timeout(250)
        again = box_of(page, selector)
        if again == box:
            return box
        box = again
    raise AssertionError(f"{selector} kept moving: {box}")


def map_signature(page) -> str:
    """What the shown tab's map draws (see ``MAP_SIGNATURE``)."""
    return page.evaluate(MAP_SIGNATURE)


def wait_for_map(page, signature: str, same: bool) -> None:
    """Wait until the shown map's signature equals (``same``) or differs from ``signature``."""
    page.wait_for_function(f"s => (({MAP_SIGNATURE})() === s) === {'true' if same else 'false'}", arg=signature)


def shoot(page, title: str, what: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(300)  # let plotly finish drawing
    page.screenshot(path=str(ARTIFACTS / f"{title}-{what}.png"))


def new_game(page, title: str):
    """Pick ``title`` in the header, set the players and seed 7, press New game; return the step line."""
    from playwright.sync_api import expect

    # the menu shows the titles' printed names (its values stay the CLI names)
    page.locator(".gk-classroom > .widget-hbox select").first.select_option(display_name(title))
    players = page.get_by_label("players")
    players.fill(str(players_for(title)))
    players.press("Enter")
    page.get_by_label("seed").fill("7")
    page.get_by_label("seed").press("Enter")
    # the app opens with 1830, 4 players, seed 7: the old table's tab reads the same, so wait for a new table
    page.evaluate("() => document.querySelectorAll('.gk-step').forEach(e => { e.dataset.old = '1'; })")
    button(page, "New game").click()
    expect(page.get_by_role("tab").first).to_have_text(f"{display_name(title)} · seed 7", timeout=CLICK_TIMEOUT_MS)
    step = visible(page, ".gk-step:not([data-old])")
    expect(step).to_contain_text("(after 0 actions)")
    return step


@pytest.mark.parametrize("title", gamekit.title_names())
def test_classroom_app_in_the_browser(page, title, tmp_path):
    from playwright.sync_api import expect

    expect.set_options(timeout=CLICK_TIMEOUT_MS)
    game, changing = map_changing_position(title)
    step = new_game(page, title)
    expect(page.locator(".gk-classroom .js-plotly-plot").filter(visible=True).first).to_be_visible()

    # 1. projector layout: 18 px text, map panel + actions + chosen sentence + log inside the 1280×720 screen,
    #    nothing scrolls but the log, the list of actions and the figure panels; the map's panel is a window onto
    #    the part in play, shown 1.4 times as drawn: its labels read at least 14 px (scrolled, they read 9 px)
    expect(page.locator(".gk-figure").filter(visible=True).first).to_be_visible()
    page.wait_for_function(f"() => {{ const l = ({LABEL_PX})(); return l.length > 0; }}", timeout=CLICK_TIMEOUT_MS)
    labels = page.evaluate(LABEL_PX)
    assert min(labels) >= 14 - 0.01, labels
    figure = box_of(page, ".gk-figure")
    assert figure["x"] + figure["width"] <= 500 and figure["width"] > 400, figure
    measured = page.evaluate(MEASURE)
    assert measured["count"] > 15 and min(measured["fonts"]) >= MIN_FONT_PX, measured
    assert measured["scrolling"] == [] and measured["page"] == [1280, 720], measured
    for selector in (".gk-figure", ".gk-choices", ".gk-chosen", ".gk-log", ".gk-step", ".gk-key"):
        box = box_of(page, selector)
        assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= 1280 and \
            box["y"] + box["height"] <= 720, (selector, box)
    # Load game says nothing of a count of files ("Load game (0)")
    assert visible(page, ".gk-upload").evaluate("e => getComputedStyle(e, '::after').content") == '"Load game"'
    assert visible(page, ".gk-upload").evaluate("e => parseFloat(getComputedStyle(e).fontSize)") == 0
    shoot(page, title, "start")

    # 1b. Whole map: the whole map, scaled to fit, beside the actions; nothing cut off, nothing scrolls
    button(page, "Whole map").click()
    page.wait_for_function("() => Array.from(document.querySelectorAll('.gk-figure.gk-whole .svg-container')).some("
                           "e => e.offsetParent && e.getBoundingClientRect().width < 1000)")
    whole = settled_box_of(page, ".gk-figure.gk-whole")
    drawn = settled_box_of(page, ".gk-figure.gk-whole .svg-container")
    assert whole["width"] > 480 and whole["y"] + whole["height"] <= 720, whole
    # the drawn map, scaled, is the panel: nothing cut off, nothing to scroll to (the panel scrolls no more)
    assert abs(drawn["width"] - whole["width"]) <= 2 and abs(drawn["height"] - whole["height"]) <= 2, (drawn, whole)
    assert visible(page, ".gk-figure.gk-whole").evaluate("e => getComputedStyle(e).overflow") == "hidden"
    assert box_of(page, ".gk-choices")["x"] >= whole["x"] + whole["width"]
    expect(page.locator(".gk-log").filter(visible=True)).to_have_count(0)
    # scaled down to fit, the map writes fewer labels, larger: each reads at least 14 px (they read 4-7 px)
    labels = page.evaluate(LABEL_PX)
    assert len(labels) >= 20 and min(labels) >= 14 - 0.01, labels
    shoot(page, title, "whole-map")
    button(page, "Whole map").click()
    expect(visible(page, ".gk-log")).to_be_visible()
    # the map's panel narrows again once the widgets re-lay out (a slow machine shows it wide for a moment)
    for _ in range(CLICK_TIMEOUT_MS // 250):
        if box_of(page, ".gk-figure")["width"] < 500:
            break
        page.wait_for_timeout(250)
    assert box_of(page, ".gk-figure")["width"] < 500

    # 2. apply the first legal action by clicking, then undo it
    fresh = gamekit.new_game(title, game.players, seed=7)
    first = sentence_now(fresh, fresh.legal_actions()[0])
    before = step.inner_text()
    button(page, "Apply").click()
    expect(step).to_contain_text("(after 1 action)")
    expect(visible(page, ".gk-log")).to_contain_text(f"1: {first}")
    assert step.inner_text() != before
    button(page, "Undo").click()
    expect(step).to_contain_text("(after 0 actions)")
    assert step.inner_text() == before

    # 3. load a saved game, step through it, fork it and play the fork differently
    saved = tmp_path / f"{title}-saved.json"
    saved.write_text(game.to_json())
    total = len(game.actions)
    with page.expect_file_chooser() as chooser:
        page.locator(".gk-classroom .jupyter-widgets.widget-upload").click()
    chooser.value.set_files(str(saved))
    expect(page.get_by_role("tab").first).to_have_text(f"replay · {saved.name}", timeout=CLICK_TIMEOUT_MS)
    replay_step = visible(page, ".gk-step")
    expect(replay_step).to_contain_text(f"(action 0 of {total})")
    button(page, "▶").click()
    expect(replay_step).to_contain_text(f"(action 1 of {total})")
    button(page, "▶").click()
    expect(replay_step).to_contain_text(f"(action 2 of {total})")
    button(page, "▶|").click()
    expect(replay_step).to_contain_text(f"(action {total} of {total})")
    recorded = replay_step.inner_text()
    shoot(page, title, "replay")

    button(page, "What if").click()
    expect(page.get_by_role("tab").nth(1)).to_have_attribute("aria-selected", "true")
    fork_step = visible(page, ".gk-step")
    expect(fork_step).to_contain_text(f"(after {total} actions)")
    map_before = map_signature(page)
    choose(page, sentence_now(game, changing))
    button(page, "Apply").click()
    expect(fork_step).to_contain_text(f"(after {total + 1} actions)")
    wait_for_map(page, map_before, same=False)
    button(page, "Undo").click()
    expect(fork_step).to_contain_text(f"(after {total} actions)")
    wait_for_map(page, map_before, same=True)
    choose(page, sentence_now(game, changing))
    button(page, "Apply").click()
    expect(fork_step).to_contain_text(f"(after {total + 1} actions)")
    expect(visible(page, ".gk-log")).to_contain_text(f"{total + 1}: {sentence_now(game, changing)}")
    forked = fork_step.inner_text()
    shoot(page, title, "what-if")

    button(page, "Back").click()
    expect(page.get_by_role("tab").first).to_have_attribute("aria-selected", "true")
    expect(visible(page, ".gk-step")).to_contain_text(f"(action {total} of {total})")
    assert visible(page, ".gk-step").inner_text() == recorded != forked


def test_bots_play_at_the_chosen_speed(page):
    """Every seat a random bot, the fastest speed, **Bots play**: the game moves on by itself in the browser
    (the hidden clock ticks), no faster than the chosen speed, its map moving on with its step line, and stops
    when the toggle is pressed again."""
    from playwright.sync_api import expect

    expect.set_options(timeout=CLICK_TIMEOUT_MS)
    title = gamekit.title_names()[0]
    step = new_game(page, title)
    toggle = page.get_by_role("button", name="Bots play").filter(visible=True).first
    toggle.click()  # every seat a person: the table says so and the toggle springs back
    expect(page.locator(".gk-table").filter(visible=True).first).to_contain_text("No seat is played by a bot")
    expect(toggle).not_to_have_class("mod-active")
    expect(step).to_contain_text("(after 0 actions)")
    menus = page.locator(".gk-table select").filter(visible=True)
    for i in range(menus.count()):
        menus.nth(i).select_option("random bot")
    button(page, "Bot move").click()
    expect(step).to_contain_text("(after 1 action)")
    speed = visible(page, ".gk-table .widget-slider .noUi-handle")
    speed.focus()
    speed.press("End")
    expect(visible(page, ".gk-table .widget-slider .widget-readout")).to_have_text("8/s")
    toggle.click()
    # while the bots play, the step line and the map's title (written over its panel) name the same position
    # whenever they are looked at (the map trailed one action behind); sampled every 100 ms for 6 s
    samples = []
    for _ in range(60):
        samples.append(page.evaluate(AGREE))
        page.wait_for_timeout(100)
    page.wait_for_function("() => /after ([4-9]|\\d\\d+) actions/.test(Array.from(document.querySelectorAll('.gk-step'))"
                           ".find(e => e.getClientRects().length).textContent)")
    toggle.click()
    moved = [sample for sample in samples if sample[0] is not None]
    assert len({sample[0] for sample in moved}) > 3, samples
    # at most the chosen 8 moves a second (one more for a move on each side of the window): the clock ticks at
    # that speed and a tick queued behind a slow move is dropped. The kernel may play slower (on the shared test
    # machine a move with its map took 0.8 s), so no lower bound beyond the moves above.
    seconds = (moved[-1][3] - moved[0][3]) / 1000
    assert moved[-1][0] - moved[0][0] <= 8 * seconds + 1, samples
    # the two move on together: a sample may catch one of them updated and not yet the other (under load 35 of
    # 40 samples agreed), but never two actions apart, and three quarters agree: a map trailing one action
    # behind (drawn a move late) agrees in almost none
    assert all(sample[1] is not None and abs(sample[0] - sample[1]) <= 1 for sample in moved), samples
    assert sum(sample[0] == sample[1] for sample in moved) >= 0.75 * len(moved), samples
    assert sum(sample[2] is True for sample in moved) >= 0.9 * len(moved), samples  # "Chosen:" follows the list
    # ticks the browser sent before the toggle's message reach the kernel ahead of it and may still play (on a
    # machine with a load average of 17, one move 1.5 s after the press): the game comes to rest within 15 s
    # and stays there
    stopped, rested = step.inner_text(), False
    for _ in range(10):
        page.wait_for_timeout(1500)
        now = step.inner_text()
        rested, stopped = now == stopped, now
        if rested:
            break
    assert rested
    page.wait_for_timeout(1500)
    assert step.inner_text() == stopped


def test_the_question_button_asks_the_room_and_reveals_the_answer_with_its_rule(page):
    """**Question** turns the position on the screen into a question for the room, in the actions' column at
    projector size (18 px text, inside the screen, the map still beside it); **Reveal answer** shows the answer
    with the rule it follows; **Back to the game** brings the actions back. At 1830's start: the lowest bid on
    the B&O, $225 (rule 1830:auction.bid)."""
    from playwright.sync_api import expect

    expect.set_options(timeout=CLICK_TIMEOUT_MS)
    step = new_game(page, "1830")
    button(page, "Question").click()
    panel = visible(page, ".gk-question")
    expect(panel).to_contain_text("What is the lowest bid Ann may offer for BO now?")
    expect(visible(page, ".gk-choices")).to_be_hidden()
    measured = page.evaluate(MEASURE)
    assert min(measured["fonts"]) >= MIN_FONT_PX and measured["page"] == [1280, 720], measured
    box = box_of(page, ".gk-question")
    assert box["x"] >= 480 and box["x"] + box["width"] <= 1280 and box["y"] + box["height"] <= 720, box
    # every line of the question wraps inside the panel, and the answer box and its button are on screen
    for selector in (".gk-question .widget-html-content", ".gk-question input", ".gk-question button"):
        for found in page.locator(selector).filter(visible=True).all():
            inner = found.bounding_box()
            assert inner["x"] + inner["width"] <= box["x"] + box["width"] + 1 and inner["height"] > 10, (selector, inner)
    assert box_of(page, ".gk-figure")["x"] + box_of(page, ".gk-figure")["width"] <= box["x"]
    shoot(page, "1830", "question")
    button(page, "Reveal answer").click()
    expect(panel).to_contain_text("$225")
    expect(panel).to_contain_text("1830:auction.bid")
    for found in page.locator(".gk-question .widget-html-content").filter(visible=True).all():
        inner = found.bounding_box()
        assert inner["x"] + inner["width"] <= box["x"] + box["width"] + 1, inner
    shoot(page, "1830", "question-revealed")
    button(page, "Back to the game").click()
    expect(visible(page, ".gk-choices")).to_be_visible()
    expect(step).to_contain_text("(after 0 actions)")


# In the shown table's actions column: whether the step's text and the message scroll (a line hidden), how far
# each visible radio button sits below the top of its action's text, and the list's background (its scroll hint).
MIDDLE_FIT = """() => { const shown = e => e.getClientRects().length;
  const step = Array.from(document.querySelectorAll('.gk-step')).find(shown).closest('.widget-html');
  const message = Array.from(document.querySelectorAll('.widget-html')).filter(shown)
      .find(e => e.textContent.includes('No question fits'));
  const choices = Array.from(document.querySelectorAll('.gk-choices')).find(shown);
  return {step: step.scrollHeight > step.clientHeight + 1, message: message.scrollHeight > message.clientHeight + 1,
          bottom: message.getBoundingClientRect().bottom,
          radios: Array.from(choices.querySelectorAll('label')).filter(shown).map(l =>
              l.querySelector('input').getBoundingClientRect().top - l.getBoundingClientRect().top),
          hint: getComputedStyle(choices).backgroundImage}; }"""


def test_a_long_step_and_message_show_whole_and_each_radio_sits_beside_its_action(page):
    """A review (stop 59) of Continental Divide, 3 players, seed 2, after **Question**: the step's help ran on
    under the rule button, the message "No question fits…" ran off the column's foot, and each action that
    wrapped had its radio button on its second line. Now the list of actions gives way (it scrolls, with a
    shadow where more actions wait), the help and the message show whole, and each radio button sits beside
    its action's first line. The header's examples menu shows its heading (it was blank)."""
    from playwright.sync_api import expect

    expect.set_options(timeout=CLICK_TIMEOUT_MS)
    new_game(page, "1830")
    assert page.locator(".gk-classroom > .widget-hbox select").nth(1).evaluate(
        "e => e.options[e.selectedIndex] && e.options[e.selectedIndex].text") == "examples…"
    page.locator(".gk-classroom > .widget-hbox select").first.select_option("Continental Divide")
    page.get_by_label("players").fill("3")
    page.get_by_label("players").press("Enter")
    page.get_by_label("seed").fill("2")
    page.get_by_label("seed").press("Enter")
    page.evaluate("() => document.querySelectorAll('.gk-step').forEach(e => { e.dataset.old = '1'; })")
    button(page, "New game").click()
    expect(page.get_by_role("tab").first).to_have_text("Continental Divide · seed 2")
    expect(visible(page, ".gk-step:not([data-old])")).to_contain_text("(after 0 actions)")
    button(page, "Question").click()
    expect(visible(page, ".gk-classroom")).to_contain_text("No question fits this position")
    page.wait_for_timeout(300)  # the column lays itself out again
    fit = page.evaluate(MIDDLE_FIT)
    assert not fit["step"] and not fit["message"] and fit["bottom"] <= 720, fit
    assert fit["radios"] and all(0 <= top <= 8 for top in fit["radios"]), fit
    assert "radial-gradient" in fit["hint"], fit
    shoot(page, "continental-divide", "question-no-fit")


# The message box's screen box, whether its text fits across (no line cut at the right), and its text.
MESSAGE_FIT = """() => { const box = Array.from(document.querySelectorAll('.gk-message-box'))
      .find(e => e.getClientRects().length);
  if (!box) return null;
  const text = box.querySelector('.gk-message .widget-html-content'); const r = box.getBoundingClientRect();
  return {x: r.x, y: r.y, right: r.right, bottom: r.bottom, across: text.scrollWidth <= text.clientWidth,
          scrolls: text.scrollHeight > text.clientHeight, overflowY: getComputedStyle(text).overflowY,
          text: text.textContent}; }"""


def test_a_reports_stop_is_shown_whole_in_every_language(page, tmp_path):
    """fresh43: the load message sat in the header, 140×48 px, and a Rails report's stop ran off the screen
    ("Replaying a Rai… / 18xx report"). Loaded now, the report's stop is shown whole in its box inside the
    1280×720 screen, in English, Catalan and Chinese, the page does not scroll, and the box's × closes it."""
    from playwright.sync_api import expect

    from gamekit.i18n import LANGUAGES

    from .test_rails import AUCTION

    expect.set_options(timeout=CLICK_TIMEOUT_MS)
    report = tmp_path / "r_cashwrong.report"
    report.write_text(AUCTION.replace("Has,Stefan,785", "Has,Stefan,780"))
    with page.expect_file_chooser() as chooser:
        page.locator(".gk-classroom .jupyter-widgets.widget-upload").click()
    chooser.value.set_files(str(report))
    message = page.locator(".gk-message-box")
    expect(message).to_contain_text("Stefan: ours 785, the report's 780")
    try:
        for code, stop in (("ca", "aturat a line 17"), ("zh", "停止于 line 17"), ("en", "stopped at line 17")):
            page.locator(".gk-language select").select_option(label=LANGUAGES[code])
            expect(message).to_contain_text(stop)
            fit = page.evaluate(MESSAGE_FIT)
            assert fit["x"] >= 0 and fit["y"] >= 0 and fit["right"] <= 1280 and fit["bottom"] <= 720, (code, fit)
            assert fit["across"] and not fit["scrolls"] and fit["overflowY"] == "auto", (code, fit)
            assert fit["text"].endswith("ours 785, the report's 780"), (code, fit)
            assert page.evaluate(MEASURE)["page"] == [1280, 720]
            shoot(page, "message", code)
    finally:
        page.locator(".gk-language select").select_option(label="English")
    page.locator(".gk-message-close").click()
    expect(message).to_be_hidden()
