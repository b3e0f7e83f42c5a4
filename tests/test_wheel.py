"""The built wheel carries the code and the data: built as a fresh clone is built (sdist, then the wheel from it)
without a setuptools warning, it holds every module, every data file and the LICENSE, and installed in a fresh
virtual environment (no editable install hiding missing package data) it creates and plays games of every title,
and pulls no compiled wheel: the engine runs wherever Python runs (Pyodide in the browser included)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import venv
import json
import zipfile
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
from gamekit.games import open_real_game, real_games
print(*sorted(f"{s.title}/{s.name}" for s in real_games()))
print(open_real_game('1830', '26855').outcome.reason)
gamekit.set_language('zh')  # the compiled catalogues ship in the wheel and are found there
g = gamekit.new_game('american-rails', ['A', 'B', 'C'], seed=1)
print(g.setup_events[0].local_text)
"""

TAGS = """
import importlib.metadata, json
tags = {}
for dist in importlib.metadata.distributions():
    wheel = dist.read_text('WHEEL') or ''
    tags[dist.metadata['Name']] = [line.split(':', 1)[1].strip() for line in wheel.splitlines() if line.startswith('Tag:')]
print(json.dumps(tags))
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Build sdist and wheel of the working tree with `python -m build`; return (wheel path, build output)."""
    dist = tmp_path_factory.mktemp("dist")
    # PYTHONDONTWRITEBYTECODE makes setuptools print "byte-compiling is disabled" whatever the project says;
    # a fresh machine does not set it, and this test is about the project's packaging configuration.
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    out = subprocess.run([sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)],
                         capture_output=True, text=True, env=env, timeout=900)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    (wheel,) = dist.glob("gamekit-*.whl")
    return wheel, out.stdout + out.stderr


def _shipped_files(folder: Path) -> set[str]:
    """Paths (relative to `folder`, posix) of the files a build must carry: all but caches and hidden folders."""
    return {path.relative_to(folder).as_posix() for path in folder.rglob("*")
            if path.is_file() and path.suffix != ".pyc"
            and not any(part == "__pycache__" or part.startswith(".") for part in path.relative_to(folder).parts)}


@pytest.mark.slow
def test_build_prints_no_warning(built):
    _, output = built
    assert [line for line in output.splitlines() if re.search("warning", line, re.IGNORECASE)] == []


@pytest.mark.slow
def test_wheel_holds_every_module_and_data_file(built):
    wheel, _ = built
    names = set(zipfile.ZipFile(wheel).namelist())
    modules = {f"gamekit/{name}" for name in _shipped_files(ROOT / "gamekit") if name.endswith((".py", ".mo"))}
    data = {f"gamekit/data/{name}" for name in _shipped_files(ROOT / "data")}
    assert {"gamekit/g18xx/stock.py", "gamekit/titles/g1830/privates.py", "gamekit/data/1830/rules.md", "gamekit/data/core_rules.md",
            "gamekit/data/1830/games/26855.json", "gamekit/data/1830/games/NOTICE.md",
            "gamekit/data/1830/games/sources.json"} <= names
    assert modules - names == set()
    assert data - names == set()
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)
    # the compiled message catalogues of every language (gamekit.i18n); their sources stay out of the wheel
    catalogues = {f"gamekit/locale/{lang}/LC_MESSAGES/gamekit.mo" for lang in ("zh", "ca", "es", "nl")}
    assert catalogues <= names
    assert {name for name in names if name.startswith("gamekit/locale/")} == catalogues


@pytest.fixture(scope="module")
def installed(built, tmp_path_factory):
    """A fresh virtual environment with the wheel installed, no extras; return its python."""
    wheel, _ = built
    env_dir = tmp_path_factory.mktemp("venv")
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], check=True, timeout=600)
    return python


@pytest.mark.slow
def test_wheel_installs_and_plays(installed, tmp_path):
    out = subprocess.run([str(installed), "-c", SCRIPT], capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[:5] == ["1830 True", "1837 True", "1894 True", "american-rails True", "continental-divide True"]
    assert lines[5] == "Floating"
    # the real games the lessons and the classroom replay ship inside the wheel, and replay from it
    assert lines[6].split() == ["1830/1830_game_end_bank", "1830/26855", "1837/1837_game_end_bank",
                                "1894/1894_game_end_bankrupt", "1894/1894_game_end_stock_market",
                                "1894/green_city_upgrades"]
    assert lines[7] == "bankrupt"
    assert lines[8] == "每位玩家开局有 $50"


@pytest.mark.slow
def test_install_pulls_no_compiled_wheel(installed, tmp_path):
    out = subprocess.run([str(installed), "-c", TAGS], capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert out.returncode == 0, out.stderr
    tags = json.loads(out.stdout)
    assert {"gamekit", "networkx", "tqdm"} <= set(tags), sorted(tags)
    platform_specific = {name: t for name, t in tags.items() if not t or any(not tag.endswith("-none-any") for tag in t)}
    assert platform_specific == {}
