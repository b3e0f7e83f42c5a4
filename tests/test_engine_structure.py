"""The shape of the shared 18xx engine (issue 11): 1830 is a small title on :mod:`gamekit.g18xx`, nothing outside
it names 1830, and ``import gamekit`` knows every action type."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from gamekit.g18xx import Policy

ROOT = Path(__file__).resolve().parent.parent
G1830 = ROOT / "gamekit" / "titles" / "g1830"
REGISTRY = ROOT / "gamekit" / "titles" / "__init__.py"


def _code_strings(tree: ast.AST) -> list[str]:
    """String constants of a module that are not docstrings."""
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in docstrings]


def _outside_1830() -> list[Path]:
    return [p for p in (ROOT / "gamekit").rglob("*.py") if G1830 not in p.parents and p != REGISTRY]


def test_1830_is_a_small_title():
    assert sum(len(p.read_text().splitlines()) for p in G1830.glob("*.py")) <= 1000


def test_no_module_outside_1830_imports_it_or_cites_its_rules():
    for path in _outside_1830():
        tree = ast.parse(path.read_text())
        imports = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)] + \
            [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        assert not [m for m in imports if "g1830" in m], path
        assert not [s for s in _code_strings(tree) if s.startswith("1830:")], path


def test_the_action_registry_is_complete_once_gamekit_is_imported():
    code = "import gamekit; from gamekit.actions import action_types; print(' '.join(sorted(action_types())))"
    names = set(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                               text=True).stdout.split())
    assert {"bid", "par", "lay_tile", "run_routes", "bankrupt", "cd_build_track", "ar_develop"} <= names
    assert len(names) == 28  # 1894 adds special_buy and choose, 1837 scrap_train


def test_policy_defaults_are_1830s():
    policy = Policy()
    assert policy.next_round("start") == "auction" and policy.next_round("operating") == "stock"
    assert policy.holder_share(10, 75) == 8  # 7.5 rounds up (1830:dividend.payout)
    assert Policy(payout_rounding="down").holder_share(10, 75) == 7
    assert policy.or_steps[0] == "track" and policy.lays_per_turn == 1


def test_log_entries_are_read_by_the_title(monkeypatch):
    from gamekit.g18xx import Game18xx
    from gamekit.import18xx import filter_actions, import_log

    from .fixtures import require_fixtures

    read: list[str] = []
    default = Game18xx.action_from_log
    monkeypatch.setattr(Game18xx, "action_from_log", lambda self, entry, where: read.append(entry["type"]) or
                        default(self, entry, where))
    path = require_fixtures("1830") / "26855.json"
    report = import_log(path, stop_at=30)
    assert report.applied >= 20
    # the entries an undo cancelled are read first (checked, not applied: import18xx.check_undone), then the rest
    log = report.log["actions"]
    kept = {id(entry) for entry in filter_actions(log)}
    undone = [e["type"] for e in log if id(e) not in kept and e["type"] not in ("undo", "redo")]
    assert undone and read[:len(undone)] == undone
    assert [t for t in read[len(undone):] if t != "message"] == [a.type for a in report.game.actions]
