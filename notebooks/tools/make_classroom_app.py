"""Write ``notebooks/classroom_app.ipynb`` (no outputs): the classroom app for Voila and Binder
(``?urlpath=voila/render/notebooks/classroom_app.ipynb``), driven by ``tests/test_classroom_browser.py``.

Its cells come from :func:`gamekit.widgets.classroom_launch.app_cells`, the same cells ``gamekit classroom``
writes at each start, so the two never drift apart.
"""

from __future__ import annotations

from nbcells import NOTEBOOKS

from gamekit.widgets.classroom_launch import write_app_notebook

if __name__ == "__main__":
    print(f"wrote {write_app_notebook(NOTEBOOKS / 'classroom_app.ipynb')}")
