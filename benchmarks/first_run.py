"""The README's first command on a fresh machine, timed: a clean clone, a new virtual
environment, ``pip install .`` and ``tilepress kit``, each step's wall and CPU time (the
install's and the kit's), and the kit again, warm.

    python benchmarks/first_run.py            # prints a table; figures in docs/performance.md

Targets (issue 37): the whole first command under 45 s wall, its ``tilepress kit`` step
under 15 s. The machine is shared, so the load average is printed beside the figures.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds (children's user + system) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> int:
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        clone = Path(tmp) / "tilepress"
        subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
        env = {k: v for k, v in os.environ.items()
               if k not in ("TILEPRESS_JIT", "TILEPRESS_NO_JIT", "PYTHONPATH", "VIRTUAL_ENV")}
        venv = clone / ".venv"
        rows = [("python3 -m venv .venv", *timed([sys.executable, "-m", "venv", str(venv)],
                                                 clone, env))]
        pip = str(venv / "bin" / "pip")
        rows.append(("pip install .", *timed([pip, "install", "-q", "."], clone, env)))
        kit = str(venv / "bin" / "tilepress")
        rows.append(("tilepress kit (first run)", *timed([kit, "kit", "-q"], clone, env)))
        shutil.rmtree(clone / "out")
        rows.append(("tilepress kit (again, warm)", *timed([kit, "kit", "-q"], clone, env)))
    first = sum(wall for name, wall, _ in rows[:3])
    print(f"load average {load:.1f} on {os.cpu_count()} cores")
    print("| step | wall | CPU |\n|---|---|---|")
    for name, wall, cpu in rows:
        print(f"| {name} | {wall:.1f} s | {cpu:.1f} s |")
    print(f"| the first command, in all | {first:.1f} s | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
