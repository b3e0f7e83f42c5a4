"""Where the tests find Rails-18xx game reports: ``GAMEKIT_RAILS`` (default ``../shared/rails``).

The reports are third-party data (Rails-18xx's test games): read in place, never copied into the project. Where
the folder is absent the tests that need it skip with the reason, except under CI (``CI`` set), where absence is
a failure (the pattern of ``tests/fixtures.py``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def rails_dir() -> Path:
    """Return the reports' folder (``$GAMEKIT_RAILS`` or the default beside the project)."""
    env = os.environ.get("GAMEKIT_RAILS")
    return Path(env) if env else (PROJECT_ROOT.parent / "shared" / "rails")


def require_report(title: str, name: str) -> Path:
    """Return ``<rails>/<title>/<name>.report``; skip the test where it is absent, fail under CI."""
    path = rails_dir() / title / f"{name}.report"
    if not path.is_file():
        reason = f"Rails-18xx report not found at {path} (set GAMEKIT_RAILS)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    return path
