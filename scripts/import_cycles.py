"""Print the cycles of the project's import graph: ``python -m scripts.import_cycles``.

Every import of a project module counts, at the top of a module or inside a function (an import
inside a function still makes its module depend on the other; it only hides a circle from Python).
``from package import name`` depends on ``package.name`` when that is a module, else on the
package; importing ``a.b.c`` does not count as depending on ``a`` or ``a.b``. Each strongly
connected group of two or more modules (or a module importing itself) is printed with one cycle
through it; the exit status is the number of groups (0: no cycle).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("accounts", "cards", "charges", "config", "decks", "engine", "printing", "stamps", "scripts")
SKIPPED = ("migrations",)


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every project module by dotted name (a package by its own name)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if any(part in SKIPPED for part in parts):
                continue
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def imports(path: Path, name: str, known: dict[str, Path]) -> set[str]:
    """The project modules ``path`` (module ``name``) imports, anywhere in it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in known else base)
    return {module for module in found if module in known and module != name} | ({name} & found)


def graph(root: Path = ROOT) -> dict[str, set[str]]:
    """module -> the project modules it imports."""
    known = modules(root)
    return {name: imports(path, name, known) for name, path in known.items()}


def groups(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups with a cycle (Tarjan's algorithm), each sorted, in order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(edges.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in edges.get(node, ()):
                found.append(sorted(group))

    sys.setrecursionlimit(10_000)
    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def cycle(group: list[str], edges: dict[str, set[str]]) -> list[str]:
    """One cycle through the group's first module (breadth-first: a shortest one)."""
    start, members = group[0], set(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for other in sorted(edges[node] & members):
            if other == start:
                return [*paths[node], start]
            if other not in paths:
                paths[other] = [*paths[node], other]
                queue.append(other)
    return [start, start]


def cycles(root: Path = ROOT) -> Iterator[list[str]]:
    """One cycle per strongly connected group of the project's import graph."""
    edges = graph(root)
    for group in groups(edges):
        yield cycle(group, edges)


def main() -> int:
    found = list(cycles())
    for path in found:
        print(" -> ".join(path))
    print(f"{len(found)} import cycle(s)" if found else "no import cycle")
    return len(found)


if __name__ == "__main__":
    sys.exit(main())
