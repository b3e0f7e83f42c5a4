"""Export the 1830 map of a mid-game position as a PNG (kaleido + a Chromium) into ``artifacts/`` (gitignored).

Outside CI the test skips where kaleido or Chromium is missing; under CI (``CI`` set) that is a failure.
"""

from __future__ import annotations

import os
import shutil
import struct
from pathlib import Path

import pytest

import gamekit
from gamekit.viz import map_figure

ROOT = Path(__file__).resolve().parent.parent
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _require_exporter() -> None:
    missing = []
    try:
        import kaleido  # noqa: F401
    except ImportError:
        missing.append("kaleido")
    if not any(shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome")):
        missing.append("chromium")
    if missing:
        reason = f"PNG export needs {' and '.join(missing)}"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)


def _write_png(figure, out: Path) -> None:
    """Write ``figure`` as a 1400×1000 PNG. On a busy machine kaleido may call into its page before the page has
    loaded kaleido's script (a RuntimeError naming ``kaleido_scopes``); one more try finds it loaded."""
    try:
        figure.write_image(out, width=1400, height=1000)
    except RuntimeError as exc:
        if "kaleido_scopes" not in str(exc):
            raise
        figure.write_image(out, width=1400, height=1000)


def test_map_png_of_a_mid_game_position():
    _require_exporter()
    game = gamekit.load_json((ROOT / "data" / "1830" / "sample_game.json").read_text()).at(400)
    assert len(game.state.board.tiles) >= 10
    out = ROOT / "artifacts" / "map_1830_midgame.png"
    out.parent.mkdir(exist_ok=True)
    _write_png(map_figure(game), out)
    data = out.read_bytes()
    assert data[:8] == PNG_SIGNATURE
    width, height = struct.unpack(">II", data[16:24])  # IHDR follows the signature
    assert (width, height) == (1400, 1000)
    assert len(data) > 50_000  # a drawn map, not a blank page
