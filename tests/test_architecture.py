"""The dependency rules of style.md: the pure engine never imports Django; ``engine/core`` imports
no game and not the adapter; no game imports another; the data stamps (``stamps``) import no app,
and the cards app never imports the charges app (which builds on it)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE = sorted((ROOT / "engine" / "core").rglob("*.py"))
GAMES = sorted((ROOT / "engine" / "games").rglob("*.py"))
PURE = CORE + GAMES
APPS = ("cards", "decks", "charges", "printing", "accounts", "config", "engine", "stamps")
FORBIDDEN = ("django", "rest_framework", "cards", "decks", "charges", "printing", "accounts", "config", "stamps")
ADAPTER = (
    "engine.models",
    "engine.services",
    "engine.selectors",
    "engine.views",
    "engine.forms",
    "engine.api",
    "engine.boards",
    "engine.management",
    "engine.tasks",
)


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports (absolute imports; ``from x import y`` counts ``x`` and ``x.y``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def _game_of(path: Path) -> str | None:
    parts = path.relative_to(ROOT / "engine" / "games").parts
    return parts[0] if len(parts) > 1 else None


def test_the_pure_engine_has_modules_to_check() -> None:
    assert len(CORE) >= 10 and len(GAMES) >= 10


@pytest.mark.parametrize("path", PURE, ids=_rel)
def test_pure_engine_module_imports_no_django(path: Path) -> None:
    bad = sorted(m for m in imported_modules(path) if m.split(".")[0] in FORBIDDEN)
    assert not bad, f"{_rel(path)} imports {bad}: engine/core and engine/games stay pure"


@pytest.mark.parametrize("path", CORE, ids=_rel)
def test_the_core_imports_no_game_and_not_the_adapter(path: Path) -> None:
    bad = sorted(m for m in imported_modules(path) if m.startswith("engine.games") or m.startswith(ADAPTER))
    assert not bad, f"{_rel(path)} imports {bad}: engine/core knows no game and no adapter"


@pytest.mark.parametrize("path", GAMES, ids=_rel)
def test_no_game_imports_another_or_the_adapter(path: Path) -> None:
    own = _game_of(path)
    bad = sorted(
        m
        for m in imported_modules(path)
        if m.startswith(ADAPTER)
        or m.startswith("engine.games.")
        and m.split(".")[2] != own
        and not (own is None and m.count(".") >= 2)  # the registry (engine/games/__init__) loads them all
    )
    assert not bad, f"{_rel(path)} imports {bad}: a game stands alone"


@pytest.mark.parametrize("path", sorted((ROOT / "stamps").rglob("*.py")), ids=_rel)
def test_the_data_stamps_import_no_app(path: Path) -> None:
    bad = sorted(m for m in imported_modules(path) if m.split(".")[0] in APPS and m.split(".")[0] != "stamps")
    assert not bad, f"{_rel(path)} imports {bad}: the apps register their parts with stamps"


@pytest.mark.parametrize("path", sorted((ROOT / "cards").rglob("*.py")), ids=_rel)
def test_the_cards_app_never_imports_the_charges_app(path: Path) -> None:
    bad = sorted(m for m in imported_modules(path) if m.split(".")[0] == "charges")
    assert not bad, f"{_rel(path)} imports {bad}: charges builds on cards, never the reverse"


def test_the_checks_see_a_forbidden_import(tmp_path: Path) -> None:
    """The rules above can fail: the imports of a module written to break them are all found."""
    bad = tmp_path / "bad.py"
    bad.write_text("import django\nfrom engine.games.kamelo import GAME\nfrom engine import services\n")
    found = imported_modules(bad)
    assert {"django", "engine.games.kamelo", "engine.services"} <= found
    assert any(m.startswith(ADAPTER) for m in found)
