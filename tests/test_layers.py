"""Imports run one way, downward (docs/architecture.md: engine, bridge, prizes <- wording <-
events <- trf, state <- web, arbiter <- live); security (middleware, sign-in, start-up checks)
imports no other layer; and no module imports itself through others."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "standings"

# What each layer may import of the project, besides itself.
ALLOWED = {
    "engine": set(),
    "prizes": {"engine"},
    "security": set(),
    "wording": {"engine", "bridge"},
    "events": {"engine", "prizes", "wording"},
    "state": {"engine", "events", "prizes", "wording"},
    "web": {"engine", "events", "prizes", "state", "wording"},
    "trf": {"engine", "events", "wording"},
    "arbiter": {"engine", "events", "prizes", "security", "trf", "wording"},
    "live": {"engine", "events", "state", "web"},
    "demo": {"engine", "events", "trf", "bridge_events"},
    "bridge": set(),
    "bridge_events": {"bridge", "events", "wording"},
    # outage: the project's own 503 while the database is away (standings/outage.py)
    "follow": {"engine", "events", "state", "web", "wording", "outage"},
    "mirror": {"engine", "bridge", "events", "trf", "bridge_events", "web"},
    "health": set(),
}


def test_every_package_is_a_layer_of_its_own():
    packages = {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    assert packages == set(ALLOWED)


def project_imports(path: Path) -> set[str]:
    """The layers of standings/ a module imports, at any depth (function bodies too)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    layers = set()
    package = path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against the module's package
                base = package[: len(package) - node.level + 1]
                names = [".".join([*base, node.module or ""]).rstrip(".")]
            else:
                names = [node.module or ""]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[0] == "standings" and len(parts) > 1:
                layers.add(parts[1])
    return layers


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_a_layer_imports_only_the_layers_above_it(layer):
    wrong = {}
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        if "migrations" in path.parts:
            continue
        found = project_imports(path) - ALLOWED[layer] - {layer}
        if found:
            wrong[str(path.relative_to(PACKAGE))] = sorted(found)
    assert wrong == {}


@pytest.mark.parametrize("layer", ["engine", "bridge", "prizes"])
def test_a_pure_layer_imports_nothing_from_django(layer):
    for path in (PACKAGE / layer).rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
                module = getattr(node, "module", None) or ""
                assert not any(n.startswith("django") for n in [module, *names]), path


def module_graph() -> dict[str, set[str]]:
    """Each module of standings/ and the modules of standings/ it imports, at any depth of
    its code (an import inside a function hides a cycle from Python, not from this)."""
    modules = {}
    for path in PACKAGE.rglob("*.py"):
        if "migrations" in path.parts:
            continue
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        modules[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    graph = {}
    for name, (path, is_package) in modules.items():
        package = name.split(".") if is_package else name.split(".")[:-1]
        imported = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join([*package[: len(package) - node.level + 1], base]).rstrip(".")
                targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
            else:
                continue
            imported |= {target for target in targets if target in modules and target != name}
        graph[name] = imported
    return graph


def test_no_module_imports_itself_through_others():
    graph = module_graph()
    cycles = []
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        for imported in sorted(graph[name]):
            if imported in path:
                cycles.append(path[path.index(imported) :] + [imported])
            elif imported not in done:
                visit(imported, [*path, imported])
        done.add(name)

    for name in sorted(graph):
        if name not in done:
            visit(name, [name])
    assert cycles == []
