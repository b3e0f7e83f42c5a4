"""Every lesson's figures are readable: drawn in headless Chromium, each figure's text is at 10 px or more, no
two text boxes overlap, no label placed by hand (an annotation) is written over the data, and every label the
figures drew when this test was written is still drawn as text.

The figures are the ones the lessons show: where a lesson ran under nbval in the same session (the README's
test command), the Plotly figures its cells output there (``tests/nbval_figures.py``); otherwise its code cells
run here in one namespace (as in the kernel) and every Plotly figure a cell ends with or shows is kept. All of
them are drawn on one page with the Plotly.js bundled in the ``plotly`` package, each 1100 px wide (a JupyterLab
output in a 1300 px window) unless the figure sets its width, and Playwright reads every SVG text element's
screen box and font size, and where the data's markers and lines are.

Comparing text with text alone once let a timeline's turning points through: the two of one round were joined
in one text ("bank broken, game ends"), so there was no pair to overlap, and that text stood over the player
values' markers and lines. Hence the check of annotations against the data; trace text that belongs on its
marker (a token's abbreviation, a cube's id) is not an annotation.

``tests/golden/figure_labels.json`` holds the labels (text of the figures' text elements, legends and value-axis
numbers left out) of every lesson figure as the kit drew them before the labels were placed apart — except that
the Continental Divide maps wrote the name of a start city spread over three hexes (Chicago, Memphis, New
Orleans) three times and now write it once, and the timelines write each turning point's label on its own.
Run this file with Python to write it again after a lesson changes what it draws.
Outside CI the test skips when Playwright or Chromium is missing; with ``CI`` set it fails instead.
"""

from __future__ import annotations

import ast
import json
import os
import sys
from collections import Counter
from pathlib import Path

import nbformat
import pytest

from .nbval_figures import nbval_figures

ROOT = Path(__file__).resolve().parent.parent
# The apps (explorer_app, classroom_app) draw their figures at the size of their screen panels, not as lessons do.
LESSONS = sorted(p for p in (ROOT / "notebooks").glob("*.ipynb") if not p.stem.endswith("_app"))
GOLDEN = ROOT / "tests" / "golden" / "figure_labels.json"
MIN_FONT_PX = 10
WIDTH_PX = 1100
OVERLAP_PX = 0.5
"""Boxes may touch: an overlap counts once both its width and height exceed this many pixels."""
LINE_STEP_PX = 2
"""The data's lines are followed in steps of this many pixels to find a label they cross."""

MEASURE = """({lineStep, overlap}) => Array.from(document.querySelectorAll('div.figure')).map(div => {
    const texts = [];
    for (const t of div.querySelectorAll('svg text')) {
        const label = t.textContent.trim();
        const style = getComputedStyle(t);
        if (!label || style.display === 'none' || style.visibility === 'hidden' || +style.opacity === 0) continue;
        const r = t.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        const ytick = /^y\\d*tick$/.test(t.parentNode.getAttribute('class') || '');
        texts.push({label, legend: !!t.closest('.legend'), ytick, annotation: !!t.closest('.annotation'),
                    size: parseFloat(style.fontSize), box: [r.left, r.top, r.right, r.bottom]});
    }
    // what the data draws: visible markers, and the lines as points every lineStep pixels along them
    const shown = e => { const st = getComputedStyle(e); return +st.opacity > 0 && st.visibility !== 'hidden'; };
    const markers = Array.from(div.querySelectorAll('.scatterlayer .trace .points path.point')).filter(shown)
        .map(m => m.getBoundingClientRect()).filter(r => r.width > 0 && r.height > 0);
    const points = [];
    for (const path of div.querySelectorAll('.scatterlayer .trace path.js-line')) {
        if (!shown(path)) continue;
        const matrix = path.getScreenCTM(), length = path.getTotalLength();
        for (let at = 0; at <= length; at += lineStep) {
            const p = path.getPointAtLength(at);
            points.push([matrix.a * p.x + matrix.c * p.y + matrix.e, matrix.b * p.x + matrix.d * p.y + matrix.f]);
        }
    }
    const inside = (x, y, b) => b[0] < x && x < b[2] && b[1] < y && y < b[3];
    const covered = [];
    for (const t of texts.filter(t => t.annotation)) {
        const b = t.box;
        const marker = markers.some(r => Math.min(b[2], r.right) - Math.max(b[0], r.left) > overlap
                                         && Math.min(b[3], r.bottom) - Math.max(b[1], r.top) > overlap);
        const line = points.some(([x, y]) => inside(x, y, b));
        if (marker || line) covered.push(`${t.label} (${marker ? 'a marker' : 'a line'})`);
    }
    return {name: div.dataset.name, texts, covered};
})"""


def lesson_figures(path: Path) -> list:
    """Run a lesson's code cells in one namespace and return the Plotly figures it shows (a cell's last
    expression, ``display(fig)`` or ``fig.show()``)."""
    import IPython.display
    import plotly.graph_objects as go

    shown: list = []

    def keep(*objs, **_):
        shown.extend(o for o in objs if isinstance(o, go.Figure))

    namespace: dict = {"__name__": "__main__"}
    saved = IPython.display.display, go.Figure.show, os.getcwd()
    IPython.display.display, go.Figure.show = keep, lambda self, *a, **k: keep(self)
    os.chdir(path.parent)  # lessons open files relative to the notebooks folder, as the kernel does
    try:
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type != "code":
                continue
            tree = ast.parse(cell.source)
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, str(path), "exec"), namespace)
            if last is not None:
                keep(eval(compile(ast.Expression(last.value), str(path), "eval"), namespace))
    finally:
        IPython.display.display, go.Figure.show = saved[0], saved[1]
        os.chdir(saved[2])
    return shown


def shown_figures(path: Path) -> list:
    """Return the Plotly figures a lesson shows: those its cells showed under nbval in this session where it ran
    there (:func:`tests.nbval_figures.nbval_figures`), else those of :func:`lesson_figures`."""
    import plotly.graph_objects as go

    shown = nbval_figures(path)
    if shown is None:
        return lesson_figures(path)
    return [go.Figure(data=fig.get("data"), layout=fig.get("layout")) for fig in shown]


def all_figures() -> dict[str, object]:
    """Return ``"<lesson> #<k>"`` → the k-th figure the lesson shows, for every lesson."""
    return {f"{path.stem} #{k}": fig for path in LESSONS for k, fig in enumerate(shown_figures(path))}


def page_html(figures: dict[str, object]) -> str:
    """Return one page drawing every figure (no network: Plotly.js inlined)."""
    import plotly.io
    from plotly.offline import get_plotlyjs

    divs, calls = [], []
    for k, (name, fig) in enumerate(figures.items()):
        width = fig.layout.width or WIDTH_PX
        divs.append(f'<div class="figure" id="f{k}" data-name="{name}" style="width:{width}px"></div>')
        calls.append(f"(f => Plotly.newPlot('f{k}', f.data, f.layout))({plotly.io.to_json(fig)})")
    return (f"<html><head><meta charset='utf-8'><script>{get_plotlyjs()}</script></head><body>{''.join(divs)}"
            f"<script>window.drawn = Promise.all([{', '.join(calls)}]);</script></body></html>")


def measure(figures: dict[str, object]) -> list[dict]:
    """Draw the figures in headless Chromium; return per figure its ``name``, its ``texts`` (label, legend?,
    value-axis number?, annotation?, font size in px, screen box ``[left, top, right, bottom]``) and ``covered``:
    the annotations whose text covers a data marker or is crossed by a data line."""
    from .test_browser import chromium_page

    with chromium_page({"width": 1300, "height": 900}) as page:
        page.set_content(page_html(figures))
        page.evaluate("() => window.drawn")
        return page.evaluate(MEASURE, {"lineStep": LINE_STEP_PX, "overlap": OVERLAP_PX})


def overlaps(texts: list[dict]) -> list[tuple[str, str]]:
    """Return the pairs of labels whose boxes overlap (by more than ``OVERLAP_PX`` each way)."""
    boxes = sorted(texts, key=lambda t: t["box"][0])
    found = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if b["box"][0] >= a["box"][2] - OVERLAP_PX:
                break
            dx = min(a["box"][2], b["box"][2]) - max(a["box"][0], b["box"][0])
            dy = min(a["box"][3], b["box"][3]) - max(a["box"][1], b["box"][1])
            if dx > OVERLAP_PX and dy > OVERLAP_PX:
                found.append((a["label"], b["label"]))
    return found


def labels(texts: list[dict]) -> Counter:
    """Return the labels drawn outside the legend, whitespace removed (a wrapped label reads the same); the
    numbers of value axes are left out too (Plotly chooses them from the plot's height)."""
    return Counter("".join(t["label"].split()) for t in texts if not t["legend"] and not t["ytick"])


@pytest.fixture(scope="module")
def drawn() -> dict[str, dict]:
    """Figure name → what :func:`measure` found in it."""
    return {fig["name"]: fig for fig in measure(all_figures())}


def test_every_lesson_figure_was_drawn(drawn):
    golden = json.loads(GOLDEN.read_text())
    assert sorted(drawn) == sorted(golden)
    assert len(drawn) >= 15 and all(fig["texts"] for fig in drawn.values())


def test_every_label_is_still_drawn_as_text(drawn):
    golden = json.loads(GOLDEN.read_text())
    lost = {name: sorted((Counter(golden[name]) - labels(fig["texts"])).elements()) for name, fig in drawn.items()}
    assert not {name: missing for name, missing in lost.items() if missing}


def test_text_is_ten_pixels_or_more(drawn):
    small = {name: sorted({f"{t['label']} ({t['size']:g} px)" for t in fig["texts"] if t["size"] < MIN_FONT_PX})
             for name, fig in drawn.items()}
    assert not {name: s for name, s in small.items() if s}


@pytest.mark.parametrize("name", json.loads(GOLDEN.read_text()))
def test_no_two_text_boxes_overlap(drawn, name):
    clashes = overlaps(drawn[name]["texts"])
    assert not clashes, f"{len(clashes)} overlapping pairs: {clashes}"


@pytest.mark.parametrize("name", json.loads(GOLDEN.read_text()))
def test_no_placed_label_is_written_over_the_data(drawn, name):
    """An annotation (a label placed by hand: a timeline's marks and round names, the names at a chart's line
    ends, a map's key) never covers a data marker and no data line crosses it; text that belongs on its
    marker (a token's abbreviation, a cube's id) is trace text, not an annotation."""
    assert not drawn[name]["covered"], f"labels over the data: {drawn[name]['covered']}"


if __name__ == "__main__":  # write the golden labels: python -m tests.test_figure_labels
    found = {fig["name"]: sorted(labels(fig["texts"]).elements()) for fig in measure(all_figures())}
    GOLDEN.write_text(json.dumps(found, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {GOLDEN}: {len(found)} figures, {sum(map(len, found.values()))} labels", file=sys.stderr)
