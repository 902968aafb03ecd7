"""The dependency rule of style.md: the pure engine never imports Django."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PURE = sorted((ROOT / "engine" / "core").rglob("*.py")) + sorted((ROOT / "engine" / "games").rglob("*.py"))
FORBIDDEN = ("django", "rest_framework", "cards", "decks", "charges", "printing", "accounts", "config")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_the_pure_engine_has_modules_to_check() -> None:
    assert len(PURE) >= 10


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(ROOT)))
def test_pure_engine_module_imports_no_django(path: Path) -> None:
    bad = sorted(m for m in imported_modules(path) if m.split(".")[0] in FORBIDDEN)
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}: engine/core and engine/games stay pure"
