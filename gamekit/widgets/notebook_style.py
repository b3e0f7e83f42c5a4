"""Wide figures in a narrow notebook column: they are scaled down to fit it, and scroll inside it beyond that.

gamekit's maps and markets are drawn at a fixed width (1100 px; 1837's map 1473 px, Continental Divide's 860 px),
the size their city names and prices are placed for: drawn narrower, the text would keep its size while the board
shrank, and names would pile up. In a JupyterLab column
narrower than that, the output cut the figure at the column's edge, and its own sideways scroll bar sat at the
figure's foot, a screen or more below. :func:`wide_figures` adds a style sheet and a small script to the page: a
figure wider than its output column is scaled as a whole (labels and all, nothing moves) to the column's width,
down to :data:`MIN_SCALE` (its 10 px labels then read 5 px); a figure that would need more than that, or a tall
one, scrolls both ways inside a box no taller than most of the window, so both scroll bars are in sight. The
script follows the column as the window or the side panels change its width, and does nothing where a page runs
no scripts (the style sheet alone then keeps the scrolling box).
"""

from __future__ import annotations

WIDE_FIGURES_CSS = """<style>
/* gamekit: a figure still wider or taller than the notebook column scrolls inside a box the window shows whole */
.jp-OutputArea-output.jp-RenderedPlotly, .jp-OutputArea-output .js-plotly-plot {
  overflow: auto; max-width: 100%; max-height: 90vh; }
</style>"""
"""The style sheet :func:`wide_figures` shows (JupyterLab's output classes; Plotly's ``js-plotly-plot``)."""


MIN_SCALE = 0.5
"""The least a figure is scaled down to fit its column (its 10 px labels then read 5 px); a column narrower than
that leaves the figure at its size, scrolling inside the column."""

FIT_SCRIPT = """(function () {
  /* gamekit: scale each Plotly figure wider than its output column down to the column's width (see wide_figures) */
  if (window.gamekitFitFigures) { window.gamekitFitFigures(); return; }
  var MIN_SCALE = %(min_scale)s, watched = new WeakSet(), pending = false;
  function set(plot, styles) { Object.keys(styles).forEach(function (k) { plot.style[k] = styles[k]; }); }
  function fit(plot) {
    /* JupyterLab draws a figure output in the output element itself, a widget's figure inside it */
    var out = plot.closest('.jp-OutputArea-output'), layout = plot._fullLayout;
    /* only a figure drawn at a width of its own: a chart as wide as its output needs no scaling */
    if (!out || !out.parentElement || !layout || !(plot.layout && plot.layout.width)) { return; }
    var column = out.parentElement;
    if (!watched.has(column)) { watched.add(column); new ResizeObserver(later).observe(column); }
    var w = layout.width, h = layout.height;
    var room = column.getBoundingClientRect().right - plot.getBoundingClientRect().left - 2;
    var scale = Math.min(1, room / w), now = scale < 1 && scale >= MIN_SCALE ? scale.toFixed(4) : '1';
    if ((plot.dataset.gamekitScale || '1') === now) { return; }
    plot.dataset.gamekitScale = now;
    if (now === '1') {
      set(plot, {transform: '', transformOrigin: '', width: '', height: '', maxWidth: '', maxHeight: '',
                 overflow: '', flex: '', marginRight: '', marginBottom: ''});
      return;
    }
    /* scaled from its top left corner; negative margins give the page the scaled size */
    set(plot, {transform: 'scale(' + now + ')', transformOrigin: '0 0', width: w + 'px', height: h + 'px',
               maxWidth: 'none', maxHeight: 'none', overflow: 'visible', flex: 'none',
               marginRight: ((now - 1) * w).toFixed(1) + 'px', marginBottom: ((now - 1) * h).toFixed(1) + 'px'});
  }
  function fitAll() {
    pending = false;
    document.querySelectorAll('.jp-OutputArea-output.js-plotly-plot, .jp-OutputArea-output .js-plotly-plot')
      .forEach(fit);
  }
  function later() { if (!pending) { pending = true; requestAnimationFrame(fitAll); } }
  window.gamekitFitFigures = later;
  new MutationObserver(later).observe(document.body, {childList: true, subtree: true});
  window.addEventListener('resize', later);
  later();
})();""" % {"min_scale": MIN_SCALE}
"""The script :func:`wide_figures` runs in the page: it scales a Plotly figure drawn at a width of its own (a
figure output, or a widget's figure in one: JupyterLab's output class ``jp-OutputArea-output``) wider than the
room its column leaves by ``room / width`` when that is at least :data:`MIN_SCALE`, with CSS ``transform`` (Plotly reads it back for
hovering) and negative margins so that the page gives it the scaled size; it runs again when a figure is drawn
or a column changes width."""


def wide_figures() -> None:
    """Show :data:`WIDE_FIGURES_CSS` and run :data:`FIT_SCRIPT` as the cell's output, so every Plotly figure of
    this page (the cells after it, and widgets' figures) wider than its column is scaled down to fit it and,
    where it would have to shrink below :data:`MIN_SCALE` or is very tall, scrolls inside the column instead of
    being cut off."""
    from IPython.display import HTML, Javascript, display

    display(HTML(WIDE_FIGURES_CSS))
    display(Javascript(FIT_SCRIPT))
