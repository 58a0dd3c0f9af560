"""A quick start: short commands import only what they use (benchmarks/startup.py times
them); and the conventions of a Python command: ``--version``, ``python -m tilepress``,
shell completion."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tilepress import __version__
from tilepress.cli import COMMANDS, load

HEAVY = ("reportlab", "numpy", "numba", "pyarrow", "dask", "pydantic", "rich", "jinja2")


def imported(*args: str) -> set[str]:
    """The modules a new process holds after running ``tilepress ARGS`` as the script does."""
    code = ("import json, sys; from tilepress.cli import main; code = main(sys.argv[1:]); "
            "print(json.dumps(sorted(sys.modules)), file=sys.stderr); sys.exit(code)")
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          timeout=60, check=True)
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


@pytest.mark.parametrize("args", [("--help",), ("version",), ("--version",)])
def test_help_and_version_import_no_game_and_no_heavy_library(args) -> None:
    modules = imported(*args)
    assert not {m.split(".")[0] for m in modules} & set(HEAVY)
    assert not {m for m in modules if m.startswith(("tilepress.games", "tilepress.cli."))}


def test_the_wait_calculator_imports_its_own_game_only() -> None:
    """With the table cache warm (the first run builds it, with numpy), as issue 32 asks."""
    imported("analyze", "waits", "1112345678999m")
    modules = imported("analyze", "waits", "1112345678999m")
    games = {m.split(".")[2] for m in modules if m.startswith("tilepress.games.")}
    assert games == {"standard"}
    assert not {m.split(".")[0] for m in modules} & {"reportlab", "numpy", "numba", "pyarrow",
                                                     "dask"}


def test_version_flag_and_command(cli) -> None:
    assert cli("--version").out == cli("version").out == f"tilepress {__version__}\n"
    assert cli("--version", "puzzle").out == f"tilepress {__version__}\n"  # eager, then done


def test_python_dash_m_runs_the_command(tmp_path) -> None:
    run = subprocess.run([sys.executable, "-m", "tilepress", "--version"], capture_output=True,
                         text=True, timeout=60, cwd=tmp_path)
    assert (run.returncode, run.stdout) == (0, f"tilepress {__version__}\n")
    run = subprocess.run([sys.executable, "-m", "tilepress", "analyze", "waits", "12x"],
                         capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert run.returncode == 2 and run.stderr.startswith("tilepress: error:")


def test_help_lists_every_command_whole_and_offers_completion(cli) -> None:
    out = cli("--help").out
    listed = out.split("Commands:")[1]
    for entry in COMMANDS:
        assert f"  {entry.name} " in listed and entry.help in listed  # never cut short
    assert "--install-completion" in out and "--show-completion" in out


def test_every_lazy_command_loads_under_its_name_with_its_help() -> None:
    for entry in COMMANDS:
        command = load(entry)
        assert command.name == entry.name and command.short_help == entry.help
        assert command.help and len(entry.help) <= 66  # fits the list on 80 columns


def _complete(words: str) -> list[str]:
    env = {**os.environ, "_TILEPRESS_COMPLETE": "complete_bash", "COMP_WORDS": words,
           "COMP_CWORD": str(len(words.split(" ")) - 1)}
    code = "import sys; from tilepress.cli import main; sys.exit(main())"
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=60)
    return run.stdout.split()


def test_shell_completion_completes_commands_kinds_and_options() -> None:
    assert _complete("tilepress pu") == ["puzzle"]
    assert _complete("tilepress puzzle sol") == ["solitaire"]
    assert "--layout" in _complete("tilepress puzzle solitaire --la")
    assert set(_complete("tilepress ")) >= {e.name for e in COMMANDS} | {"version"}
