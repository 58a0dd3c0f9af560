"""Shared test helpers."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
os.environ.setdefault("TILEPRESS_JIT", "eager")
"""The tests run compiled code compiled (a kernel compiles at its first call, as it does
for any long job; tests/test_compiled.py checks the "auto" mode itself), unless
TILEPRESS_NO_JIT=1 or TILEPRESS_JIT=off turns compilation off."""


class CliResult:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err

    def __repr__(self) -> str:
        return f"CliResult({self.code}, out={self.out[:200]!r}, err={self.err[:200]!r})"


@pytest.fixture
def cli(capsys):
    """Run ``tilepress`` in-process: cli("analyze", "waits", "123m") -> CliResult."""
    from tilepress.cli import main

    def run(*args: str) -> CliResult:
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run
