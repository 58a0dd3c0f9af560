"""Daily sheets: one late sheet against one early one (CPU), a year of them on 1 and 2
local processes and the speed-up, and a check that no puzzle repeats in the year.

    python benchmarks/daily.py               # all of it (a few minutes)
    python benchmarks/daily.py single        # some of it (single, year, workers)

Prints rows in the format of benchmarks/run.py (the same ``record`` and table), each with
the load average over its run: the machine is shared, and a loaded machine makes every
wall time longer and every speed-up smaller (with a load of L on C cores, each process
gets about C / max(L, C) of a core).
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


def _tree_cpu(root: int, seen: dict[int, float]) -> None:
    """Record the CPU seconds so far of ``root`` and every process under it (Linux /proc):
    a batch's workers are forked by a forkserver, so the parent's rusage never counts
    them."""
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    cpu: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path("/proc", entry, "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        cpu[int(entry)] = (int(fields[11]) + int(fields[12])) / tick
    mine = {root}
    grew = True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in mine} - mine
        grew = bool(more)
        mine |= more
    for pid in mine:
        if pid in cpu:
            seen[pid] = max(seen.get(pid, 0.0), cpu[pid])


def _watched(*args: str) -> tuple[float, list[float], float]:
    """Run the CLI and watch its processes: wall seconds, the CPU seconds of each process
    (the command first, then its helpers and workers, largest first) and the load."""
    load, start = _load(), time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", CLI, *args], stdout=subprocess.DEVNULL)
    seen: dict[int, float] = {}
    while proc.poll() is None:
        _tree_cpu(proc.pid, seen)
        time.sleep(0.2)
    wall = time.perf_counter() - start
    own = seen.pop(proc.pid, 0.0)
    return wall, [own, *sorted(seen.values(), reverse=True)], (load + _load()) / 2


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


def bench_single() -> None:
    """One sheet in a fresh process, early and late in the year (both Fridays), three
    times each, interleaved: the CPU (imports, the day's lists of one-suit hands, drawing
    and rendering) is the same on 31 December as on 1 January."""
    days = ("2027-01-01", "2027-12-31")
    cpu: dict[str, list[float]] = {d: [] for d in days}
    walls: dict[str, list[float]] = {d: [] for d in days}
    loads = []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(3):
            for day in days:
                wall, used, load = _tilepress("daily", day, "-o", str(Path(tmp, f"{day}.pdf")),
                                              "--jobs", "1")
                cpu[day].append(used)
                walls[day].append(wall)
                loads.append(load)
    early, late = (sorted(cpu[d])[1] for d in days)
    for day in days:
        record(f"one daily sheet, {day} (--jobs 1, median of 3)",
               f"{sorted(cpu[day])[1]:.1f} s CPU, {sorted(walls[day])[1]:.1f} s wall",
               "", "", "report")
    record("31 December against 1 January, CPU", f"{late / early:.2f}x (load "
           f"{sum(loads) / len(loads):.1f})", "", "", "<= 1.5x")


def bench_year() -> None:
    """A year of sheets (365 PDFs and 365 puzzle files) with --jobs 2, its CPU a sheet
    (every process's), and a check that no puzzle repeats."""
    first, last = (d.isoformat() for d in YEAR)
    with tempfile.TemporaryDirectory() as tmp:
        wall, each, load = _watched("daily", "--from", first, "--to", last, "-o",
                                    str(Path(tmp, "year")), "--jobs", "2")
        cpu = sum(each)
        record("a year of daily sheets (365 PDFs and puzzle files), --jobs 2",
               f"{wall:.0f} s ({cpu / 365 * 1000:.0f} ms CPU a sheet; load {load:.1f})",
               "", "", "< 120 s on 2 quiet cores")
        puzzles, twice = repeats(Path(tmp, "year"))
        record("puzzles repeated in a year of one series (kind and identity)",
               f"{twice} of {puzzles:,}", "", "", "0")


def bench_workers() -> None:
    """The same range on 1 and 2 local processes, interleaved twice: the speed-up, and
    that both write the same bytes. A quarter of a year keeps it short. On a shared
    machine the wall times say little; the CPU of each process (watched in /proc, the last
    seconds of each worker before it ends are missed) shows how the work is split, and
    the wall time two free cores would give: the command's own CPU and its busiest
    worker's, against one process doing everything."""
    first, last = YEAR[0], YEAR[0] + dt.timedelta(days=90)
    runs: dict[int, list[tuple[float, list[float], float]]] = {1: [], 2: []}
    same = True
    with tempfile.TemporaryDirectory() as tmp:
        for attempt in range(2):
            for jobs in (1, 2):
                folder = Path(tmp, f"{attempt}-{jobs}")
                runs[jobs].append(_watched(
                    "daily", "--from", first.isoformat(), "--to", last.isoformat(),
                    "-o", str(folder), "--jobs", str(jobs)))
            one, two = (sorted(p.name for p in Path(tmp, f"{attempt}-{j}").iterdir())
                        for j in (1, 2))
            same = same and one == two and all(
                Path(tmp, f"{attempt}-1", n).read_bytes() == Path(tmp, f"{attempt}-2",
                                                                  n).read_bytes()
                for n in one)
    best = {jobs: min(r[0] for r in runs[jobs]) for jobs in runs}
    load = sum(r[2] for rs in runs.values() for r in rs) / 4
    record("91 daily sheets: 1 -> 2 local processes (best of 2 each)",
           f"{best[1] / best[2]:.2f}x ({best[1]:.0f} s -> {best[2]:.0f} s; the same bytes: "
           f"{'yes' if same else 'NO'}; load {load:.1f})", "", "",
           ">= 1.6x on 2 quiet cores")
    alone = min(sum(r[1]) for r in runs[1])
    split = min(runs[2], key=lambda r: r[0])[1]
    workers = [c for c in split[1:] if c > 1.0]
    ideal = split[0] + max(workers, default=0.0)
    record("the same, CPU by process (--jobs 2)",
           f"command {split[0]:.1f} s, workers {' and '.join(f'{c:.1f} s' for c in workers)}"
           f"; one process alone {alone:.1f} s", "", f"{alone / ideal:.2f}x on 2 free cores",
           ">= 1.6x")


BENCHMARKS = {"single": bench_single, "workers": bench_workers, "year": bench_year}


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
