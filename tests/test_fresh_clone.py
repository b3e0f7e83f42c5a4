"""A fresh clone as anyone gets it — no ``../shared`` beside it, ``GAMEKIT_FIXTURES`` unset, not under CI — collects
every test and lesson without an error, and nothing but the tests looks for the 18xx.games fixture folder.

Why: the README promises that ``bash scripts/test.sh`` passes on a fresh clone, but the project's own checkouts
all have the fixtures, so a test that read them while collecting (pytest.skip outside a test: the whole module
errors) or a lesson that quietly depended on them went unnoticed (issue 30). This test makes that case every run's.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURE_VARIABLES = ("GAMEKIT_FIXTURES", "CI")


def tracked_files() -> list[str]:
    """The files git tracks in this checkout (as in a clone), or skip where this is not a git checkout."""
    if not (ROOT / ".git").exists() or not shutil.which("git"):
        pytest.skip("not a git checkout: no clone to make")
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    return [name for name in out.stdout.decode().split("\0") if name and (ROOT / name).is_file()]


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    """A copy of the tracked files as they are in this working tree, in a folder with no ``shared`` beside it."""
    folder = tmp_path_factory.mktemp("noshared") / "gamekit"
    for name in tracked_files():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    assert not (folder.parent / "shared").exists()
    return folder


def without_fixtures(clone: Path) -> dict[str, str]:
    """The environment of a user's shell: no fixture folder named, not CI, the clone's code first on the path."""
    env = {key: value for key, value in os.environ.items() if key not in FIXTURE_VARIABLES}
    env["PYTHONPATH"] = str(clone)
    return env


@pytest.mark.slow
def test_every_test_and_lesson_collects_without_the_fixtures(clone):
    out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                          "--nbval-lax", "tests", "notebooks"],
                         cwd=clone, env=without_fixtures(clone), capture_output=True, text=True, timeout=600)
    report = out.stdout[-3000:] + out.stderr[-3000:]
    assert out.returncode == 0, report
    summary = out.stdout.strip().splitlines()[-1]
    assert " collected" in summary and "error" not in summary, report
    # the clone's own code was collected, not this checkout's
    assert str(ROOT) not in out.stdout


def test_only_tests_read_the_fixture_folder():
    """Lessons, their generators, the package and the JupyterLite build read real games from the package
    (``gamekit.games``), never from ``$GAMEKIT_FIXTURES``: a user's clone has no fixture folder."""
    places = [*(ROOT / "gamekit").rglob("*.py"), *(ROOT / "notebooks").rglob("*.py"),
              *(ROOT / "notebooks").glob("*.ipynb"), *(ROOT / "tools").glob("*.py")]
    readers = [str(p.relative_to(ROOT)) for p in places
               if "GAMEKIT_FIXTURES" in p.read_text(encoding="utf-8") or "shared/fixtures" in p.read_text(encoding="utf-8")]
    assert readers == []
