"""The import package is `tilepress`, runnable with ``python -m``; nothing generic is
installed beside it."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys


def test_the_distribution_installs_only_tilepress() -> None:
    files = importlib.metadata.distribution("tilepress").files or []
    tops = {f.parts[0] for f in files if not f.parts[0].endswith((".dist-info", ".pth"))}
    tops = {t for t in tops if not t.startswith(("__editable__", "_tilepress"))}
    assert tops <= {"tilepress", "..", "bin"}, tops


def test_python_dash_m_runs_the_command() -> None:
    done = subprocess.run([sys.executable, "-m", "tilepress", "version"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("tilepress ")


def test_generator_is_not_importable() -> None:
    done = subprocess.run([sys.executable, "-c", "import generator"], capture_output=True,
                          text=True, timeout=60, cwd="/")
    assert done.returncode == 1
    assert "No module named 'generator'" in done.stderr
