"""The built wheel carries the data: installed in a fresh virtual environment (no editable install hiding missing
package data), it creates and plays games of every title and replays nothing from the source tree."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import gamekit, pathlib
from gamekit.rules import rule_text
assert 'site-packages' in pathlib.Path(gamekit.__file__).as_posix(), gamekit.__file__
for title in gamekit.title_names():
    g = gamekit.new_game(title, ['A', 'B', 'C', 'D'], seed=1)
    g.process(g.legal_actions()[0])
    print(title, len(g.legal_actions()) > 0)
print(rule_text('1830:stock.float').splitlines()[0])
"""


@pytest.mark.slow
def test_wheel_installs_and_plays(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(dist), str(ROOT)],
                   check=True, timeout=600)
    (wheel,) = dist.glob("gamekit-*.whl")
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], check=True, timeout=600)
    out = subprocess.run([str(python), "-c", SCRIPT], capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[:3] == ["1830 True", "american-rails True", "continental-divide True"]
    assert lines[3] == "Floating"


def test_every_package_is_listed_in_pyproject():
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "gamekit").rglob("__init__.py")}
    assert found | {"gamekit.data"} == listed
