"""The documentation runs: every fenced Python block of README.md and docs/*.md, in
order, one namespace per file, in an empty folder (with the shipped puzzles/ beside it,
as in a checkout); and every command line of the README's command blocks, as written
(a few with smaller counts, each named in SMALLER below)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w+)\n(.*?)^```", re.M | re.S)


def blocks(path: Path, language: str) -> list[str]:
    return [body for lang, body in FENCE.findall(path.read_text()) if lang == language]


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty folder to run in, with the shipped puzzles/ beside it (the README's
    examples name puzzles/book.toml and puzzles/examples/...)."""
    shutil.copytree(ROOT / "puzzles", tmp_path / "puzzles")
    monkeypatch.chdir(tmp_path)
    return tmp_path


PYTHON = [p for p in DOCS if blocks(p, "python")]


@pytest.mark.parametrize("path", PYTHON, ids=lambda p: p.name)
def test_every_python_example_runs(path: Path, folder: Path) -> None:
    namespace: dict = {"__name__": "__docs__"}
    for number, code in enumerate(blocks(path, "python"), start=1):
        try:
            exec(compile(code, f"{path.name}, python block {number}", "exec"), namespace)
        except Exception as exc:  # name the block that failed
            raise AssertionError(f"{path.name}, python block {number}: {exc!r}") from exc


SMALLER = {
    # command as written in the README -> as the test runs it (same options, fewer games,
    # days or puzzles, so that the suite stays within minutes)
    "--games 2000": "--games 20",
    "--games 5000": "--games 20",
    "--games 10000": "--games 20",
    "--games 20000": "--games 20",
    "--games 100000": "--games 20",
    "--games 1000000": "--games 20",
    "--from 2027-01-01 --to 2027-12-31": "--from 2027-01-01 --to 2027-01-03",
}
"""The README's long commands, run with smaller counts here."""

NOT_HERE = ("--scheduler tcp://host:8786",)
"""Commands that need what a test machine has not (a Dask cluster at that address)."""


def command_lines() -> list[str]:
    readme = ROOT / "README.md"
    out = []
    for body in blocks(readme, "sh"):
        for line in body.splitlines():
            line = line.split("  #")[0].strip()
            if line.startswith("tilepress ") and not any(n in line for n in NOT_HERE):
                out.append(line)
    return out


def test_the_readme_shows_commands() -> None:
    assert len(command_lines()) >= 20


def test_every_readme_command_runs_as_written(folder: Path, cli) -> None:
    """In README order, as a newcomer types them: each exits 0."""
    for line in command_lines():
        for long, short in SMALLER.items():
            line = line.replace(long, short)
        words = shlex.split(line)[1:]
        result = cli(*words)
        assert result.code == 0, (line, result.err or result.out)
    assert os.listdir(folder / "out")


def benchmark_lines() -> list[list[str]]:
    """The ``python benchmarks/...`` lines of docs/performance.md, as argument lists."""
    out = []
    for body in blocks(ROOT / "docs" / "performance.md", "sh"):
        for line in body.splitlines():
            line = line.split("  #")[0].strip()
            if line.startswith("python benchmarks/"):
                out.append(shlex.split(line)[1:])
    return out


def test_performance_names_benchmarks_that_exist() -> None:
    """Each benchmark command of docs/performance.md names a script in benchmarks/ and
    only choices its argument parser takes (the runs themselves take minutes)."""
    lines = benchmark_lines()
    assert len(lines) >= 6
    for script, *args in lines:
        assert (ROOT / script).is_file(), script
        names = [a for a in args if not a.startswith("-") and not a.isdigit() and "/" not in a]
        if not names:
            continue
        text = (ROOT / script).read_text()
        for name in names:
            assert f'"{name}"' in text, (script, name)
    helped = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "run.py"), "--help"],
                            capture_output=True, text=True, timeout=60)
    assert helped.returncode == 0 and "waits" in helped.stdout
