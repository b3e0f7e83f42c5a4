"""Build the offline JupyterLite site of the lessons: ``python3 tools/build_lite.py`` writes ``build/lite/``.

The site is a folder of static files: JupyterLab running in the browser, with Python from Pyodide. Everything it
loads is inside the folder (nothing comes from a CDN at run time):

- the Pyodide runtime from the npm registry (``npm pack pyodide@PYODIDE_VERSION``);
- the pure-Python wheels listed in ``lite/wheels.txt`` from PyPI (the kernel's IPython, and what the lessons
  import), and the gamekit wheel built from this repository;
- a ``pyodide-lock.json`` naming exactly these wheels. The kernel loads the packages a cell imports from this
  lock, so ``import gamekit`` works with no install cell; the gamekit entry also pulls in what the figures
  and widgets import (``LESSON_PACKAGES``);
- JupyterLite (pinned in ``lite/build-requirements.txt``, installed in a venv of its own) and the labextensions
  of plotly, ipywidgets and anywidget;
- copies of the lessons (:func:`site_lessons`: ``notebooks/*.ipynb`` and the translated ``notebooks/i18n/*.ipynb``,
  but those in ``LEFT_OUT``), without outputs, with the kernel set to the site's Python (Pyodide), and without the
  paragraphs that point to a lesson left out;
- ``lite/jupyter-lite.json`` (no fallback to pypi.org) and ``lite/overrides.json`` (JupyterLab settings: every
  cell of a notebook drawn, not only those in view; no news or update checks).

Downloads and the build venv are kept in ``~/.cache/gamekit-lite`` (``$GAMEKIT_LITE_CACHE``), so a rebuild
needs no network. Needs ``npm`` on PATH for the first build only. See ``docs/lite.md``.
"""

from __future__ import annotations

import argparse
import base64
import csv
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LITE = ROOT / "lite"
NOTEBOOKS = ROOT / "notebooks"
LESSON_FOLDERS = (".", "i18n")
"""The folders of ``notebooks/`` whose lessons the site holds, in the same folders: the English lessons and the
first lesson in each other language (``i18n/00_start_here.<lang>.ipynb``; the ``.mo`` catalogues are in the
gamekit wheel, so they run in their language there too)."""
BUILD_REQUIREMENTS = LITE / "build-requirements.txt"
WHEELS = LITE / "wheels.txt"
DEFAULT_OUT = ROOT / "build" / "lite"
CACHE = Path(os.environ.get("GAMEKIT_LITE_CACHE") or Path.home() / ".cache" / "gamekit-lite")

PYODIDE_VERSION = "314.0.6"
"""The Pyodide runtime on npm; jupyterlite-pyodide-kernel 0.8.6 is built against this version."""
PYODIDE_PYTHON = "3.14"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""The runtime files the kernel loads (the npm package also carries typings, source maps and demo pages)."""

LESSON_PACKAGES = ("plotly", "nbformat", "ipywidgets", "anywidget")
"""Loaded with gamekit in the browser: gamekit.viz draws with plotly (which shows a figure in a notebook only
when nbformat imports), gamekit.widgets are ipywidgets and anywidget."""
PROVIDED = {"ipykernel", "widgetsnbextension", "jupyterlab-widgets"}
"""Requirements the site meets otherwise: the kernel ships its own ipykernel and widgetsnbextension stand-ins,
and the widgets' front end is the jupyterlab_widgets labextension of the build venv."""
LEFT_OUT = {"compare_01_five_titles.ipynb": "pandas and numpy: compiled, and PyPI has no build of them for Pyodide"}
"""Lessons the site cannot run, and why (docs/lite.md)."""
EMSCRIPTEN_MARKERS = {
    "sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
    "platform_machine": "wasm32", "implementation_name": "cpython", "platform_python_implementation": "CPython",
    "python_version": PYODIDE_PYTHON, "python_full_version": f"{PYODIDE_PYTHON}.2", "extra": "",
}
"""The environment markers of Pyodide's Python, to read which requirements of a wheel apply there."""


def log(message: str) -> None:
    """Print one progress line of the build."""
    print(f"build_lite: {message}", flush=True)


def run(*cmd: str | Path, cwd: Path | None = None) -> None:
    """Run a command, raising ``subprocess.CalledProcessError`` if it fails."""
    subprocess.run([str(c) for c in cmd], cwd=cwd, check=True)


def pins(path: Path) -> list[str]:
    """The requirement lines of ``path`` (``name==version``), without comments and blank lines."""
    lines = (line.split("#", 1)[0].strip() for line in path.read_text().splitlines())
    return [line for line in lines if line]


def build_venv() -> Path:
    """Return the python of the build venv for ``lite/build-requirements.txt``, creating it when missing.

    The venv's folder name carries a hash of the pins, so a changed pin makes a new venv."""
    digest = hashlib.sha256(BUILD_REQUIREMENTS.read_bytes()).hexdigest()[:12]
    home = CACHE / f"venv-{digest}"
    python = home / "bin" / "python"
    if not (home / "ok").exists():
        log(f"creating the build venv {home}")
        shutil.rmtree(home, ignore_errors=True)
        venv.create(home, with_pip=True)
        run(python, "-m", "pip", "install", "--quiet", "-r", BUILD_REQUIREMENTS)
        (home / "ok").write_text("")
    return python


def pyodide_runtime() -> Path:
    """Return the folder of the Pyodide runtime, unpacked from the npm registry's tarball (cached)."""
    home = CACHE / f"pyodide-{PYODIDE_VERSION}"
    if not (home / "package" / "pyodide.mjs").exists():
        log(f"npm pack pyodide@{PYODIDE_VERSION}")
        home.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", "--silent", f"pyodide@{PYODIDE_VERSION}", cwd=home)
        with tarfile.open(home / f"pyodide-{PYODIDE_VERSION}.tgz") as tar:
            tar.extractall(home, filter="data")
    return home / "package"


def pypi_wheels() -> list[Path]:
    """Return the wheels of ``lite/wheels.txt``, downloaded from PyPI once into the cache.

    Only pure-Python wheels (``py3-none-any``) for Python 3.14 are accepted: nothing compiled runs in Pyodide
    unless it was built for it."""
    home = CACHE / "wheels"
    wanted = pins(WHEELS)
    have = {wheel_name_version(w): w for w in home.glob("*.whl")}
    if any(normalize(p.split("==")[0]) + "==" + p.split("==")[1] not in have for p in wanted):
        log(f"pip download {len(wanted)} wheels")
        run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
            "--platform", "any", "--implementation", "py", "--abi", "none", "--python-version", PYODIDE_PYTHON,
            "-d", home, *wanted)
        have = {wheel_name_version(w): w for w in home.glob("*.whl")}
    return [have[normalize(p.split("==")[0]) + "==" + p.split("==")[1]] for p in wanted]


def normalize(name: str) -> str:
    """A project name as PyPI compares them (PEP 503): lower case, runs of ``-_.`` as one ``-``."""
    from packaging.utils import canonicalize_name

    return canonicalize_name(name)


def wheel_name_version(wheel: Path) -> str:
    """``name==version`` of a wheel file, from its file name (``name-version-…whl``)."""
    name, version = wheel.name.split("-")[:2]
    return f"{normalize(name)}=={version}"


def gamekit_wheel(into: Path) -> Path:
    """Build the gamekit wheel from the repository into ``into`` and return it."""
    log("building the gamekit wheel")
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", into, ROOT)
    return next(into.glob("gamekit-*.whl"))


def wheel_metadata(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """Read a wheel: its project name, version, the names it requires in Pyodide (markers evaluated with
    ``EMSCRIPTEN_MARKERS``, extras left out) and the top-level modules it installs."""
    from email.parser import Parser

    from packaging.requirements import Requirement

    with zipfile.ZipFile(wheel) as whl:
        names = whl.namelist()
        info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(whl.read(f"{info}/METADATA").decode())
        record = whl.read(f"{info}/RECORD").decode()
    requires = []
    for line in meta.get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(EMSCRIPTEN_MARKERS):
            requires.append(normalize(req.name))
    tops = set()
    for row in csv.reader(io.StringIO(record)):
        top = row[0].split("/")[0] if row else ""
        if top and not top.endswith((".dist-info", ".data")) and (top.endswith(".py") or "/" in row[0]):
            tops.add(top.removesuffix(".py"))
    return normalize(meta["Name"]), meta["Version"], requires, sorted(tops)


def lock_entry(wheel: Path, name: str, version: str, depends: list[str], imports: list[str]) -> dict:
    """One package of ``pyodide-lock.json``: a pure-Python wheel beside the lock, with its sha256."""
    return {
        "name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "package_type": "package",
        "imports": imports, "depends": depends, "unvendored_tests": False, "shared_library": False,
    }


def write_lock(runtime: Path, wheels: list[Path], gamekit: Path, out: Path) -> None:
    """Write the site's ``pyodide-lock.json``: Pyodide's ``info`` with exactly ``wheels`` and ``gamekit``.

    Pyodide's own lock names 356 packages whose wheels the npm package does not carry; they are left out, so an
    import of one fails at once with ModuleNotFoundError instead of a request that cannot succeed.

    Raises SystemExit naming a requirement of a wheel that no wheel provides."""
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    entries = {}
    for wheel in [*wheels, gamekit]:
        name, version, requires, imports = wheel_metadata(wheel)
        if wheel is gamekit:
            requires = [*requires, *LESSON_PACKAGES]
        entries[name] = (wheel, version, [r for r in requires if r not in PROVIDED], imports)
    missing = {f"{r} (for {n})" for n, (_, _, deps, _) in entries.items() for r in deps if r not in entries}
    if missing:
        raise SystemExit(f"build_lite: add to lite/wheels.txt: {', '.join(sorted(missing))}")
    lock["packages"] = {n: lock_entry(w, n, v, d, i) for n, (w, v, d, i) in sorted(entries.items())}
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))


def lite_notebook(source: Path, target: Path) -> None:
    """Copy a lesson into the site: without outputs (a lesson run here leaves them in the file; the site's
    learner runs it), its kernel set to the site's Python so that JupyterLite starts it at once (the lessons name
    ``python3``, which JupyterLite does not have, and would ask which kernel to use), and without the paragraphs
    of its text that point to a lesson the site leaves out (:func:`without_left_out`)."""
    nb = json.loads(source.read_text())
    nb["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
        elif cell["cell_type"] == "markdown":
            cell["source"] = without_left_out("".join(cell["source"]))
    target.write_text(json.dumps(nb, indent=1))


def without_left_out(markdown: str) -> str:
    """Return ``markdown`` without its paragraphs and list items (blocks between blank lines, or lines from one
    ``*`` to the next) that name a lesson of ``LEFT_OUT`` (as ``compare_01_five_titles``)."""
    names = [Path(name).stem for name in LEFT_OUT]
    kept = []
    for block in markdown.split("\n\n"):
        items = re.split(r"\n(?=\* )", block)
        items = [item for item in items if not any(name in item for name in names)]
        if items:
            kept.append("\n".join(items))
    return "\n\n".join(kept)


def site_lessons(notebooks: Path = NOTEBOOKS) -> list[Path]:
    """The lessons of ``notebooks`` that the site holds, as paths relative to it (``1830_01_….ipynb``,
    ``i18n/00_start_here.nl.ipynb``): every notebook of :data:`LESSON_FOLDERS` but those of ``LEFT_OUT``."""
    found = sorted(path.relative_to(notebooks) for folder in LESSON_FOLDERS
                   for path in (notebooks / folder).glob("*.ipynb"))
    for path in found:
        if path.name in LEFT_OUT:
            log(f"leaving out {path}: it needs {LEFT_OUT[path.name]}")
    return [path for path in found if path.name not in LEFT_OUT]


def stage(staging: Path) -> Path:
    """Fill ``staging`` as JupyterLite's ``--lite-dir`` (config, Pyodide, wheels); return the contents folder."""
    shutil.rmtree(staging, ignore_errors=True)
    pyodide = staging / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    runtime = pyodide_runtime()
    for name in PYODIDE_FILES:
        shutil.copy2(runtime / name, pyodide / name)
    wheels = [Path(shutil.copy2(w, pyodide)) for w in pypi_wheels()]
    write_lock(runtime, wheels, gamekit_wheel(pyodide), pyodide)
    for config in ("jupyter-lite.json", "overrides.json"):
        shutil.copy2(LITE / config, staging / config)
    contents = staging / "files"
    contents.mkdir()
    for lesson in site_lessons():
        (contents / lesson).parent.mkdir(parents=True, exist_ok=True)
        lite_notebook(NOTEBOOKS / lesson, contents / lesson)
    return contents


def build(out: Path) -> None:
    """Build the site into ``out`` (replaced); the staging folder sits beside it."""
    staging = out.parent / f"{out.name}-src"
    contents = stage(staging)
    log(f"jupyter lite build → {out}")
    shutil.rmtree(out, ignore_errors=True)
    run(Path(sys.executable).parent / "jupyter-lite", "build", "--lite-dir", staging, "--contents", contents,
        "--output-dir", out, "--apps", "lab", "--no-sourcemaps",
        cwd=staging)


def main(argv: list[str] | None = None) -> int:
    """Command line: ``build_lite.py [--out DIR]``; runs itself again inside the build venv."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: build/lite)")
    args = parser.parse_args(argv)
    python = build_venv()
    if Path(sys.prefix).resolve() != python.parent.parent.resolve():
        return subprocess.run([str(python), __file__, "--out", str(args.out.resolve())]).returncode
    started = time.monotonic()
    build(args.out.resolve())
    size = sum(f.stat().st_size for f in args.out.rglob("*") if f.is_file())
    log(f"done in {time.monotonic() - started:.1f} s: {args.out} ({size / 1e6:.0f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
