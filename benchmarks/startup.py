"""Start-up: the CPU time of short commands, beside a bare ``python -c "import typer"``.

    python benchmarks/startup.py            # every row, 15 runs each
    python benchmarks/startup.py --runs 5

Each command runs as a new process, as a user's shell runs it (the ``tilepress`` script
beside this Python, else ``python -m tilepress``); its CPU time is the user and system
time the child used (``resource.getrusage(RUSAGE_CHILDREN)``), so time spent waiting for
a busy machine's cores does not count. The median of the runs is recorded. The analysis
runs once before it is timed, so the standard-hand tables are in their cache, as on any
machine after the first use. ``python -X importtime -m tilepress version`` shows what a
command imports.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from table import print_table, record  # benchmarks/table.py, beside this file

ROWS = (
    # (benchmark, command, target in CPU seconds)
    ("`python -c \"import typer\"` (the floor)", ("python", "-c", "import typer"), None),
    ("`tilepress version`", ("tilepress", "version"), 0.15),
    ("`tilepress --version`", ("tilepress", "--version"), 0.15),
    ("`tilepress --help`", ("tilepress", "--help"), 0.15),
    ("`tilepress analyze waits 1112345678999m` (tables cached)",
     ("tilepress", "analyze", "waits", "1112345678999m"), 0.30),
)


def argv(command: tuple[str, ...]) -> list[str]:
    """The command as a process runs it: this Python, or the ``tilepress`` script
    installed beside it."""
    if command[0] == "python":
        return [sys.executable, *command[1:]]
    script = Path(sys.executable).with_name("tilepress")
    if script.exists():
        return [str(script), *command[1:]]
    found = shutil.which("tilepress")
    return [found, *command[1:]] if found else [sys.executable, "-m", "tilepress",
                                                 *command[1:]]


def cpu_seconds(command: list[str]) -> float:
    """User and system CPU seconds of one run of ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    floor = None
    for name, command, target in ROWS:
        process = argv(command)
        cpu_seconds(process)  # warm: the file cache, the tables' cache
        median = statistics.median(cpu_seconds(process) for _ in range(runs))
        if floor is None:
            floor = median
        record(name, f"{median:.3f} s CPU (median of {runs})",
               "" if target is None else f"{floor:.3f} s (import typer)",
               "" if target is None else f"{median / floor:.1f}x",
               "" if target is None else f"< {target:.2f} s")
    print_table()


if __name__ == "__main__":
    main()
