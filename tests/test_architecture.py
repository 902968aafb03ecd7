"""The dependency rules of style.md: the pure engine never imports Django; ``engine/core`` imports
no game and not the adapter; no game imports another; the data stamps (``stamps``) import no app,
and the cards app never imports the charges app (which builds on it)."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

from engine.games import slugs
from scripts import import_cycles

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


# -- nothing outside a game's package names the game (issue 31) ------------------------------------
#
# Checked: the service's own code and what it serves: every Python module, template, stylesheet
# and script outside engine/games/<game>/. In Python only code counts: names (imports included)
# and string literals; docstrings and comments are documentation and may cite a game as an example.
# Templates, stylesheets and scripts count whole. Exempt, each for its reason:
SLUG_EXEMPT = {
    "engine/games/": "each game's own package (and the registry, which names none)",
    "tests/": "the tests name the games whose behaviour they check, and hold the toy game",
    "bench/": "the benchmarks pick the games and variants they measure",
    "docs/": "documentation",
    "locale/": "translations: data",
    "migrations/": "the migrations' historical data (0001's default format of a tournament)",
    "scripts/realmon_cards.py": "a script run by hand that writes one game's bundled card files (data)",
}
CHECKED_SUFFIXES = (".py", ".html", ".svg", ".txt", ".css", ".js", ".sh")


def _exempt(relative: str) -> bool:
    return any(relative.startswith(prefix) or f"/{prefix}" in relative for prefix in SLUG_EXEMPT)


def _checked_files() -> list[Path]:
    files = []
    for path in sorted(ROOT.rglob("*")):
        relative = _rel(path)
        if path.suffix not in CHECKED_SUFFIXES or not path.is_file() or _exempt(relative):
            continue
        if relative.startswith((".", "var/", "media/", "staticfiles/")) or "/." in relative:
            continue
        files.append(path)
    return files


def _docstring_lines(tree: ast.AST) -> set[int]:
    """The lines of every docstring (module, class, function) in ``tree``."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                lines.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


def code_text(path: Path) -> list[tuple[int, str]]:
    """The parts of ``path`` that are code: (line, text) of each name and string literal of a Python
    module outside its docstrings; every line of any other file."""
    source = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix != ".py":
        return list(enumerate(source.splitlines(), 1))
    docstrings = _docstring_lines(ast.parse(source))
    parts = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        code = token.type in (tokenize.NAME, tokenize.STRING) or token.type == getattr(tokenize, "FSTRING_MIDDLE", -1)
        if code and token.start[0] not in docstrings:
            parts.append((token.start[0], token.string))
    return parts


def slugs_named(path: Path, slugs: tuple[str, ...]) -> list[str]:
    """Where ``path`` names one of ``slugs`` in code (see above)."""
    pattern = re.compile(rf"(?<![a-z0-9])({'|'.join(map(re.escape, slugs))})(?![a-z0-9])", re.IGNORECASE)
    name = _rel(path) if path.is_relative_to(ROOT) else path.name
    return [f"{name}:{line}: {found[1]!r}" for line, text in code_text(path) if (found := pattern.search(text))]


def test_no_module_outside_a_games_package_names_a_game() -> None:
    files = _checked_files()
    assert len(files) > 150 and any(_rel(p).startswith("templates/") for p in files)
    named = [hit for path in files for hit in slugs_named(path, slugs())]
    assert named == [], f"{len(named)} places outside the game packages name a game: {named[:20]}"


def test_the_slug_check_sees_code_and_leaves_documentation(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        '"""Like eredan/standard."""\n# a comment on muhq\nX = "duel"\nfrom engine.games.kamelo import GAME\n'
        'def f() -> str:\n    """realmon, in a docstring."""\n    return f"{X}-toy"\n'
    )
    found = slugs_named(module, ("kamelo", "eredan", "muhq", "duel", "realmon", "toy"))
    assert [hit.split(": ", 1)[1] for hit in found] == ["'duel'", "'kamelo'", "'toy'"]
    assert [int(hit.split(":")[1]) for hit in found] == [3, 4, 7]  # not the docstrings' or the comment's lines


# -- no circles (issue 31) ----------------------------------------------------------------------------
#
# Imports of project modules inside a function hide circles from Python; there are none (any that
# must stay is listed below with its reason). An app's AppConfig.ready() is not counted: Django loads an app's models after
# its apps.py, and ready() is where Django has an app import what needs them (signals, registries).
INNER_IMPORTS_ALLOWED: dict[tuple[str, str], str] = {}  # (module, imported) -> why; none left
CYCLES_ALLOWED: dict[tuple[str, ...], str] = {}  # (modules of a cycle) -> why; none left
SOURCE = [path for name, path in import_cycles.modules(ROOT).items()]


def inner_imports(path: Path) -> set[str]:
    """The project modules ``path`` imports inside a function other than an AppConfig's ready()."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if path.name == "apps.py" and node.name == "ready":  # AppConfig.ready(): see above
            continue
        for inner in ast.walk(node):
            if isinstance(inner, ast.Import):
                found.update(alias.name for alias in inner.names)
            elif isinstance(inner, ast.ImportFrom) and inner.module and inner.level == 0:
                found.add(inner.module)
    return {name for name in found if name.split(".")[0] in import_cycles.PACKAGES}


def test_no_project_module_is_imported_inside_a_function() -> None:
    found = {(_rel(path), name) for path in SOURCE for name in inner_imports(path)}
    assert len(SOURCE) > 200
    assert found <= set(INNER_IMPORTS_ALLOWED), (
        f"imports inside functions: {sorted(found - set(INNER_IMPORTS_ALLOWED))}"
    )


def test_the_import_graph_has_no_cycle() -> None:
    """python -m scripts.import_cycles prints them."""
    cycles = {tuple(group) for group in import_cycles.groups(import_cycles.graph(ROOT))}
    assert cycles <= set(CYCLES_ALLOWED), f"import cycles: {sorted(cycles - set(CYCLES_ALLOWED))}"


def test_the_cycle_and_inner_import_checks_see_them(tmp_path: Path) -> None:
    package = tmp_path / "engine"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from engine import b\n")
    (package / "b.py").write_text("def f() -> None:\n    from engine.a import x\n")
    edges = import_cycles.graph(tmp_path)
    assert import_cycles.groups(edges) == [["engine.a", "engine.b"]]
    assert inner_imports(package / "b.py") == {"engine.a"}


def test_selectors_never_import_services_and_services_never_import_tasks() -> None:
    edges = import_cycles.graph(ROOT)
    wrong = sorted(
        (module, other)
        for module, imported in edges.items()
        for other in imported
        if (".selectors" in f".{module}" and ".services" in f".{other}")
        or (".services" in f".{module}" and other.endswith(".tasks"))
    )
    assert wrong == []
