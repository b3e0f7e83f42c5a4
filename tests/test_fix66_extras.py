"""The ``[classroom]`` extra installs what the widgets draw their figures with (stop 66's fresh-user pass: a wheel
installed with ``[classroom]`` and Plotly 7 refused ``Explorer(...)`` with "Please install anywidget to use the
FigureWidget class")."""
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _extra(name: str) -> set[str]:
    """The distribution names an extra of pyproject.toml lists (without version bounds)."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    return {re.match(r"[A-Za-z0-9_.\[\],-]+", spec).group(0).split("[")[0] for spec in extras[name]}


def test_classroom_extra_brings_anywidget_with_plotly():
    assert {"plotly", "anywidget", "ipywidgets", "voila"} <= _extra("classroom")


def test_lab_extra_still_reaches_anywidget_through_classroom():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert any(spec.startswith("gamekit[") and "classroom" in spec for spec in extras["lab"])
