"""The import graph of expgrade's packages, read from the source with `ast` (nothing is imported).

    python scripts/import_graph.py            # package edges, then any cycles
    python scripts/import_graph.py --modules  # also every file-level cycle

Every import counts, also those inside functions (a deferred import is still a dependency).
The layers it checks are drawn in docs/architecture.md; tests/test_architecture.py runs it.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
#: the folders, and the names they are imported under (expgrade.<name>)
FOLDERS = {
    "grading": "grading",
    "calibration": "calibration",
    "annotation_app": "annotation_app",
    "expgrade_cli": "cli",
}
PACKAGES = tuple(FOLDERS.values())


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["expgrade", FOLDERS[parts[0]], *parts[1:]])


def package(module: str) -> str:
    """The package of `expgrade.<package>.…`."""
    return module.split(".")[1]


def module_imports() -> dict[str, set[str]]:
    """module -> the project modules it imports (a `from x import y` counts x.y when that is a module)."""
    paths = [p for folder in FOLDERS for p in sorted((REPO / folder).rglob("*.py"))]
    modules = {module_name(p): p for p in paths}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.update(
                    f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules else node.module
                    for a in node.names
                )
        graph[name] = {m for m in found if m in modules and m != name}
    return graph


def package_edges(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    edges: dict[str, set[str]] = defaultdict(set)
    for src, targets in graph.items():
        for dst in targets:
            if package(src) != package(dst):
                edges[package(src)].add(package(dst))
    return {pkg: edges.get(pkg, set()) for pkg in PACKAGES}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one node (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10_000)
    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def file_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The graph between files, without the `__init__` re-exports (a package importing its own
    modules to re-export them is not a circle between those modules)."""
    inits = {m for m in graph if (REPO / m.replace(".", "/") / "__init__.py").exists()}
    return {src: {d for d in dsts if d not in inits} for src, dsts in graph.items() if src not in inits}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modules", action="store_true", help="also list file-level cycles")
    args = parser.parse_args()
    graph = module_imports()
    edges = package_edges(graph)
    print("package imports:")
    for pkg, targets in edges.items():
        print(f"  {pkg} -> {', '.join(sorted(targets)) or '(none)'}")
    package_cycles = cycles(edges)
    print(f"package cycles: {package_cycles or 'none'}")
    bad = 1 if package_cycles else 0
    if args.modules:
        file_cycles = cycles(file_graph(graph))
        print(f"file cycles: {len(file_cycles) or 'none'}")
        for component in file_cycles:
            print("  " + " <-> ".join(component))
        bad |= 1 if file_cycles else 0
    return bad


if __name__ == "__main__":
    raise SystemExit(main())
