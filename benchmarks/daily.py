"""Daily sheets: a year of them on 1 and 2 local processes, the speed-up, a single late
sheet, and a check that no puzzle repeats in the year.

    python benchmarks/daily.py               # all of it (several minutes)
    python benchmarks/daily.py year          # some of it (year, single)

Prints rows in the format of benchmarks/run.py (the same ``record`` and table), each with
the load average over its run: the machine is shared, and a loaded machine makes every
wall time longer and every speed-up smaller.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from table import print_table, record  # benchmarks/table.py, beside this file

YEAR = (dt.date(2027, 1, 1), dt.date(2027, 12, 31))
CLI = "import sys; from tilepress.cli import main; sys.exit(main(sys.argv[1:]))"


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _load() -> float:
    return os.getloadavg()[0]


def _tilepress(*args: str) -> tuple[float, float, float]:
    """Run the CLI in a fresh process: wall seconds, CPU seconds (its workers included)
    and the mean of the one-minute load average before and after."""
    load, cpu, start = _load(), _children_cpu(), time.perf_counter()
    subprocess.run([sys.executable, "-c", CLI, *args], check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    return wall, _children_cpu() - cpu, (load + _load()) / 2


def _bare_half(parity: int) -> None:
    """The peer's half: every other day of the year drawn and rendered in this process,
    no runner and no settling (what two cores can do with the same work)."""
    from tilepress.batch import Task
    from tilepress.publish.daily import Work, default_spec, draw_work, make_plan

    plan = make_plan(default_spec())
    day, work = YEAR[0], []
    while day <= YEAR[1]:
        work.append(Work(day, plan.entries_on(day), True))
        day += dt.timedelta(days=1)
    work_t = tuple(work)
    for index in range(parity, len(work_t), 2):
        draw_work(plan, work_t, "pdf", Task(index, 0))


def _bare() -> tuple[float, float]:
    load, start = _load(), time.perf_counter()
    code = f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); " \
           "import daily; daily._bare_half(int(sys.argv[1]))"
    procs = [subprocess.Popen([sys.executable, "-c", code, str(k)]) for k in (0, 1)]
    for proc in procs:
        proc.wait()
    return time.perf_counter() - start, (load + _load()) / 2


def identity_of(kind: str, question: dict) -> object:
    """A stored puzzle's identity, as its kind's ``Candidate.identity`` computes it."""
    if kind in ("waits", "discard"):
        from tilepress.games.standard import hands
        from tilepress.tiles import parse_tiles

        return hands.identity(hands.counts_of(parse_tiles(question["hand"])))
    if kind == "solitaire":
        return (question["tiles"],)
    if kind == "castle":
        return (question["castle"], question["tiles"])
    return question["hand"]  # minttin, minttin-discard, american


def repeats(folder: Path) -> tuple[int, int]:
    """(puzzles, repeats) over every DATE.json in ``folder``: a repeat is a puzzle whose
    kind and identity an earlier one in the folder already had."""
    seen: Counter = Counter()
    for path in sorted(folder.glob("????-??-??.json")):
        for puzzle in json.loads(path.read_text())["puzzles"]:
            seen[(puzzle["kind"], identity_of(puzzle["kind"], puzzle["question"]))] += 1
    return sum(seen.values()), sum(n - 1 for n in seen.values())


def bench_year() -> None:
    """A year of sheets (365 PDFs and 365 puzzle files) on 1 and 2 local processes, with
    the pool's start, the settling and the writing; beside it two bare processes doing
    the same drawing and rendering split between them, with no runner."""
    first, last = (d.isoformat() for d in YEAR)
    with tempfile.TemporaryDirectory() as tmp:
        runs = {}
        for jobs in (1, 2):
            folder = Path(tmp, f"jobs{jobs}")
            runs[jobs] = _tilepress("daily", "--from", first, "--to", last, "-o", str(folder),
                                    "--jobs", str(jobs))
            wall, cpu, load = runs[jobs]
            record(f"a year of daily sheets (365 pages and puzzle files), --jobs {jobs}",
                   f"{wall:.0f} s ({cpu / 365 * 1000:.0f} ms CPU a sheet; load {load:.1f})",
                   "", "", "< 180 s with --jobs 2 on 2 cores" if jobs == 2 else "")
        same = all((Path(tmp, "jobs1", p.name).read_bytes() == p.read_bytes())
                   for p in Path(tmp, "jobs2").iterdir())
        bare, bare_load = _bare()
        speedup = runs[1][0] / runs[2][0]
        record("a year of daily sheets: 1 -> 2 local processes",
               f"{speedup:.2f}x ({runs[1][0]:.0f} s -> {runs[2][0]:.0f} s; the same bytes: "
               f"{'yes' if same else 'NO'})",
               f"{runs[1][0] / bare:.2f}x (two bare processes, no runner: {bare:.0f} s; "
               f"load {bare_load:.1f})", f"{bare / runs[2][0]:.2f}",
               ">= 1.8x on 2 free cores")
        puzzles, twice = repeats(Path(tmp, "jobs2"))
        record("puzzles repeated in a year of one series (kind and identity)",
               f"{twice} of {puzzles:,}", "", "", "0")


def bench_single() -> None:
    """One sheet: early in the year (few earlier days on its chains) and on 31 December
    (every earlier day of its chains is drawn first, without pages)."""
    with tempfile.TemporaryDirectory() as tmp:
        for day in ("2027-01-04", "2027-12-31"):
            wall, cpu, load = _tilepress("daily", day, "-o", str(Path(tmp, f"{day}.pdf")),
                                         "--jobs", "2")
            record(f"one daily sheet, {day} (--jobs 2)",
                   f"{wall:.1f} s ({cpu:.1f} s CPU; load {load:.1f})", "", "", "report")


BENCHMARKS = {"year": bench_year, "single": bench_single}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", choices=[[], *BENCHMARKS], default=[])
    args = parser.parse_args()
    print(f"daily ({os.cpu_count()} cores, load {_load():.1f}):", flush=True)
    for name in args.names or BENCHMARKS:
        BENCHMARKS[name]()
    print_table()


if __name__ == "__main__":
    main()
