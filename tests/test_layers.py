"""The layering of docs/architecture.md holds: import-linter's contracts (pyproject.toml)
pass, and a backwards import would fail them."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _lint(cwd: Path) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    env = {**os.environ, "PYTHONPATH": str(cwd / "generator")}  # the tree's own package
    return subprocess.run([exe, "--no-cache"], cwd=cwd, capture_output=True, text=True,
                          timeout=120, env=env)


def test_the_import_contracts_hold() -> None:
    done = _lint(ROOT)
    assert done.returncode == 0, done.stdout[-3000:]


def test_a_backwards_import_breaks_a_contract(tmp_path: Path) -> None:
    """Copy the package, make drawing import documents, and see the contract fail."""
    copy = tmp_path / "tree"
    shutil.copytree(ROOT / "generator", copy / "generator",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    canvas = copy / "generator" / "tilepress" / "draw" / "canvas.py"
    canvas.write_text(canvas.read_text() + "\nfrom tilepress.documents import model  # noqa\n")
    done = _lint(copy)
    assert done.returncode != 0
    assert "Drawing knows no games, documents or engines BROKEN" in done.stdout


@pytest.mark.parametrize("module", sorted(
    str(p.relative_to(ROOT)) for pattern in ("generator/tilepress/engine/*.py",
                                              "generator/tilepress/games/*/rules.py",
                                              "generator/tilepress/games/*/bots.py")
    for p in ROOT.glob(pattern) if p.name != "table_cache.py"))
def test_rules_and_bots_open_no_files(module: str) -> None:
    """Rules and bots do no I/O: no file is opened or read where the rules live. The one
    exception is the standard-hand tables' optional disk cache (engine/table_cache.py),
    which no result depends on."""
    text = (ROOT / module).read_text()
    calls = re.findall(r"(?<![\w.])open\(|\.(?:read|write)_(?:text|bytes)\(|\bos\.remove\(",
                       text)
    assert not calls, f"{module} calls {calls[0]}"


def _tree() -> list[tuple[Path, ast.Module]]:
    package = ROOT / "generator" / "tilepress"
    return [(p, ast.parse(p.read_text())) for p in sorted(package.rglob("*.py"))]


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_no_module_imports_another_modules_private_names() -> None:
    """A leading underscore means "this module's own": no other module imports it or
    reaches it through the module's name."""
    found = []
    for path, tree in _tree():
        imported = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                found += [f"{path.name}:{node.lineno} imports {a.name}" for a in node.names
                          if _private(a.name)]
                if (node.module and node.module.startswith("tilepress")) or node.level:
                    imported |= {a.asname or a.name for a in node.names}
            elif isinstance(node, ast.Import):
                imported |= {(a.asname or a.name).split(".")[0] for a in node.names
                             if a.name.startswith("tilepress")}
        found += [f"{path.name}:{node.lineno} reads {node.value.id}.{node.attr}"
                  for node in ast.walk(tree)
                  if isinstance(node, ast.Attribute) and _private(node.attr)
                  and isinstance(node.value, ast.Name) and node.value.id in imported]
    assert not found, found


LOADERS = {"engine/game.py", "games/__init__.py"}
"""Where a module is imported by its name at run time: the descriptor loads a game's
modules by the names every game shares, so commands import only what they use. Every
other import is a statement import-linter sees."""


def test_only_the_game_registry_imports_modules_by_name() -> None:
    found = []
    for path, tree in _tree():
        where = str(path.relative_to(ROOT / "generator" / "tilepress"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name):
                name = node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
                if name in ("import_module", "__import__") and where not in LOADERS:
                    found.append(f"{where}:{node.lineno}")
    assert not found, found


def _long_ones() -> tuple[set[str], set[tuple[str, str]]]:
    modules, functions = set(), set()
    package = ROOT / "generator" / "tilepress"
    for path, tree in _tree():
        name = str(path.relative_to(package))
        if len(path.read_text().splitlines()) > 600:
            modules.add(name)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and \
                    node.end_lineno - node.lineno + 1 > 80:
                functions.add((name, node.name))
    return modules, functions


def test_the_long_modules_and_functions_are_the_ones_the_architecture_names() -> None:
    """docs/architecture.md names every module over 600 lines and every function over
    80, each with its reason; a new long one, or one no longer long, makes it untrue."""
    doc = (ROOT / "docs" / "architecture.md").read_text()
    text = doc.split("## Long modules and functions")[1]
    named_functions = set(re.findall(r"`([\w/]+\.py)`\s+`(\w+)`", text))
    named_modules = set(re.findall(r"^- `([\w/]+\.py)`:", text, re.M))
    modules, functions = _long_ones()
    assert modules == named_modules
    assert functions == named_functions
