"""Rulebooks: each game's rulebook built and rendered to PDF bytes on one core (every figure
checked by the engine, the worked example played), all six together, beside the 50-page
puzzle book of benchmarks/run.py in the same run.

    python benchmarks/rulebooks.py

Prints rows in the format of benchmarks/run.py (the same ``record`` and table). Times are
CPU seconds of this process (the machine is shared; wall time is given with the load).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import bench_book  # benchmarks/run.py, beside this file
from table import print_table, record  # benchmarks/table.py, beside this file

from tilepress.draw.canvas import PAPERS
from tilepress.output import render_bytes
from tilepress.publish.rulebook import build_rulebook, rulebook_games


def one_rulebook(game: str) -> tuple[float, float, int]:
    """CPU and wall seconds to build and render one A4 rulebook, and its size in bytes."""
    cpu, wall = time.process_time(), time.perf_counter()
    data = render_bytes(build_rulebook(game, PAPERS["a4"]), "pdf")
    return time.process_time() - cpu, time.perf_counter() - wall, len(data)


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    games = rulebook_games()
    from tilepress.engine import standard

    standard.waits("1112345678999m")  # the standard tables, paid once by every command
    total_cpu = total_wall = 0.0
    for game in games:
        cpu, wall, size = one_rulebook(game)
        total_cpu, total_wall = total_cpu + cpu, total_wall + wall
        record(f"{game} rulebook, A4, every figure checked", f"{cpu:.2f} s CPU "
               f"({wall:.2f} s wall, {size / 1e6:.2f} MB)", "", "", "< 3 s")
    record(f"all {len(games)} rulebooks", f"{total_cpu:.1f} s CPU ({total_wall:.1f} s wall, "
           f"load {os.getloadavg()[0]:.1f})", "", "", "< 10 s")
    bench_book()
    print_table()


if __name__ == "__main__":
    main()
