"""Wide figures in a narrow notebook column: they scroll inside it instead of being cut off.

gamekit's maps and markets are drawn at a fixed width (1100 px, the size their city names and prices are placed
for; drawn narrower the text keeps its size while the board shrinks, and names pile up). In a JupyterLab column
narrower than that, the output cuts the figure at the column's edge, and its own sideways scroll bar sits at the
figure's foot, a screen or more below. :func:`wide_figures` adds one style sheet to the page: a figure's output
then scrolls both ways inside a box no taller than most of the window, so both scroll bars are in sight, and
nothing is scaled (no label moves).
"""

from __future__ import annotations

WIDE_FIGURES_CSS = """<style>
/* gamekit: a figure wider or taller than the notebook column scrolls inside a box the window can show whole */
.jp-OutputArea-output.jp-RenderedPlotly, .jp-OutputArea-output .js-plotly-plot {
  overflow: auto; max-width: 100%; max-height: 90vh; }
</style>"""
"""The style sheet :func:`wide_figures` shows (JupyterLab's output classes; Plotly's ``js-plotly-plot``)."""


def wide_figures() -> None:
    """Show :data:`WIDE_FIGURES_CSS` as the cell's output, so every Plotly figure of this page (the cells
    after it, and widgets' figures) scrolls inside a narrow column instead of being cut off."""
    from IPython.display import HTML, display

    display(HTML(WIDE_FIGURES_CSS))
