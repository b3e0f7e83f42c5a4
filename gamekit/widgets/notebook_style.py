"""Wide figures in a narrow notebook column: they are scaled down to fit it, and scroll inside it beyond that.

gamekit's maps and markets are drawn at a fixed width (1100 px; 1837's map 1473 px, Continental Divide's 860 px),
the size their city names and prices are placed for: drawn narrower, the text would keep its size while the board
shrank, and names would pile up. In a JupyterLab column
narrower than that, the output cut the figure at the column's edge, and its own sideways scroll bar sat at the
figure's foot, a screen or more below. :func:`wide_figures` adds a style sheet and a small script to the page: a
figure wider than its output column is scaled as a whole (labels and all, nothing moves) to the column's width,
but never below :data:`MIN_SCALE`, where its labels still read :data:`READABLE_PX` px: a figure output that would
need more is shown at that scale and scrolls sideways in its row for the rest (gamekit's widgets draw their figures
so, in ``Output`` widgets); a FigureWidget's figure (a learner's own: gamekit draws none), whose
parent is the whole widget and cannot become the scrolling box, is shown at its own size and scrolls
inside itself (at half size, the old limit, 1830's map in a 1100 px window read 6 px labels nobody could read).
A tall figure scrolls inside a box no taller than most of the window,
so both scroll bars are in sight. The script follows the column as the window or the side panels change its width,
and does nothing where a page runs no scripts (the style sheet alone then keeps the scrolling box).
"""

from __future__ import annotations

from ..viz.labels import LABEL_PX

WIDE_FIGURES_CSS = """<style>
/* gamekit: a figure still wider or taller than the notebook column scrolls inside a box the window shows whole */
.jp-OutputArea-output.jp-RenderedPlotly, .jp-OutputArea-output .js-plotly-plot {
  overflow: auto; max-width: 100%; max-height: 90vh; }
</style>"""
"""The style sheet :func:`wide_figures` shows (JupyterLab's output classes; Plotly's ``js-plotly-plot``)."""


READABLE_PX = 8
"""The smallest size a label of a figure may read on screen once scaled, in pixels."""
MIN_SCALE = READABLE_PX / LABEL_PX
"""The least a figure is scaled down to fit its column: its labels (``LABEL_PX``, 10 px, the smallest text of every
map and market) then read :data:`READABLE_PX` px. In a column narrower than that a figure output stays at this
scale and scrolls sideways in its row (a widget's figure at its own size, inside itself): seen in Chromium, 1830's
1100 px map in the 732 px row of a 1100 px window (JupyterLab's file panel open) shows four fifths of its width with
labels a learner reads (880 px at 0.8), where at 0.61 it showed all of it in 6 px labels."""

FIT_SCRIPT = """(function () {
  /* gamekit: scale each Plotly figure wider than its output column down to the column's width (see wide_figures) */
  if (window.gamekitFitFigures) { window.gamekitFitFigures(); return; }
  var MIN_SCALE = %(min_scale)s, SCROLL_BAR = 16, watched = new WeakSet(), pending = false;
  function set(el, styles) { Object.keys(styles).forEach(function (k) { el.style[k] = styles[k]; }); }
  function fit(plot) {
    /* JupyterLab draws a figure output in the output element itself, a widget's figure inside it */
    var out = plot.closest('.jp-OutputArea-output'), layout = plot._fullLayout;
    /* only a figure drawn at a width of its own: a chart as wide as its output needs no scaling */
    if (!out || !out.parentElement || !layout || !(plot.layout && plot.layout.width)) { return; }
    /* a figure output scrolls in its row (the output's parent); a widget's figure has no box of its own to
       scroll in (its parent is the whole widget, which must not become a scrolling box) */
    var column = out.parentElement, own = out === plot;
    if (!watched.has(column)) { watched.add(column); new ResizeObserver(later).observe(column); }
    var w = layout.width, h = layout.height;
    /* the room from where the figure starts, however far its row is scrolled sideways */
    var left = plot.getBoundingClientRect().left + (own ? column.scrollLeft : 0);
    var room = column.getBoundingClientRect().right - left - 2, scale = Math.min(1, room / w);
    /* a figure output taller than its row's box scrolls down too: the scroll bar takes room beside it */
    if (own && scale < 1 && scale * h > 0.9 * window.innerHeight) { scale = Math.min(1, (room - SCROLL_BAR) / w); }
    /* never below MIN_SCALE (labels under READABLE_PX): a figure output then scrolls at that scale in its row, a
       widget's figure at its own size inside itself (the style sheet's box) */
    if (scale < MIN_SCALE) { scale = own ? MIN_SCALE : 1; }
    var now = scale < 1 ? scale.toFixed(4) : '1';
    if ((plot.dataset.gamekitScale || '1') === now) { return; }
    plot.dataset.gamekitScale = now;
    if (now === '1') {
      set(plot, {transform: '', transformOrigin: '', width: '', height: '', maxWidth: '', maxHeight: '',
                 overflow: '', flex: '', marginRight: '', marginBottom: ''});
      if (own) { set(column, {overflow: '', maxWidth: '', maxHeight: ''}); }
      return;
    }
    /* scaled from its top left corner; negative margins give the page the scaled size, and a figure output's row
       scrolls what the column cannot show (the figure itself no longer can: it is as large as it is drawn) */
    set(plot, {transform: 'scale(' + now + ')', transformOrigin: '0 0', width: w + 'px', height: h + 'px',
               maxWidth: 'none', maxHeight: 'none', overflow: 'visible', flex: 'none',
               marginRight: ((now - 1) * w).toFixed(1) + 'px', marginBottom: ((now - 1) * h).toFixed(1) + 'px'});
    if (own) { set(column, {overflow: 'auto', maxWidth: '100%%', maxHeight: '90vh'}); }
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
room its column leaves by ``room / width``, or by :data:`MIN_SCALE` where that is less (the output then scrolls
sideways), with CSS ``transform`` (Plotly reads it back for hovering) and negative margins so that the page gives
it the scaled size; it runs again when a figure is drawn or a column changes width."""


def wide_figures() -> None:
    """Show :data:`WIDE_FIGURES_CSS` and run :data:`FIT_SCRIPT` as the cell's output, so every Plotly figure of
    this page (the cells after it, and widgets' figures) wider than its column is scaled down to fit it and,
    where it would have to shrink below :data:`MIN_SCALE` (labels under :data:`READABLE_PX` px) or is very tall,
    scrolls inside the column at that scale instead of being cut off."""
    from IPython.display import HTML, Javascript, display

    display(HTML(WIDE_FIGURES_CSS))
    display(Javascript(FIT_SCRIPT))
