"""Simulated games a second for balance reports, per core, for every game; the speed-up
from one to two local workers; and what 100,000 games would take.

    python benchmarks/stats.py                    # every game, about 10 s each
    python benchmarks/stats.py castle onesuit --seconds 20
    python benchmarks/stats.py --speedup 200      # also 1 -> 2 workers on 200 games each

A game here is what ``tilepress stats`` does per game: play it with the default bots
and options from its task seed, and read its record. "Per core" is games per second of
this process's CPU time, so that other work on a shared machine does not count against
it; wall-clock figures are printed beside it with the load average. Prints rows in the
format of benchmarks/run.py.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from table import RESULTS, record, two_bare_processes  # benchmarks/table.py, beside this file

from tilepress.batch import BatchOptions, Task, run_batch, task_seed
from tilepress.publish.stats.records import Setup, play_record, prepared

GAMES = ("onesuit", "oneplayer", "minttin", "minttin-solo", "american", "castle")
TARGETS = {"american": 50.0}
"""Games a second per core asked for; 100 for the others."""
REPORT_GAMES = 100_000
REPORT_MINUTES = 15


def setup_of(name: str) -> Setup:
    from tilepress.games import find_game

    game = find_game(name)
    return Setup.of(name, game.options_from({}),
                    game.play_options_from(dict(game.variants.get(name, {}))))


def per_core(name: str, seconds: float) -> tuple[float, float, int]:
    """(games per CPU second, games per wall second, games played) in this process."""
    setup = setup_of(name)
    prepared(setup)  # the game's modules and tables load outside the clock
    play_record(setup, Task(0, task_seed(0, 0)))
    cpu0, wall0 = time.process_time(), time.perf_counter()
    n = 0
    while time.process_time() - cpu0 < seconds:
        play_record(setup, Task(n, task_seed(1, n)))
        n += 1
    return n / (time.process_time() - cpu0), n / (time.perf_counter() - wall0), n


def _drain(setup: Setup, count: int, jobs: int) -> float:
    start = time.perf_counter()
    for _ in run_batch(partial(play_record, setup), count, seed=1,
                       options=BatchOptions(jobs=jobs)):
        pass
    return time.perf_counter() - start


def _bare(setup: Setup, indices: range) -> None:
    for i in indices:
        play_record(setup, Task(i, task_seed(1, i)))


def bench_game(name: str, seconds: float, speedup: int) -> None:
    rate, wall, n = per_core(name, seconds)
    target = TARGETS.get(name, 100.0)
    load = os.getloadavg()[0]
    minutes = REPORT_GAMES / (2 * rate) / 60
    record(f"stats: {name} games per core (play and record)",
           f"{rate:,.1f} games/s ({n:,} games; {wall:,.1f}/s wall, load {load:.1f})",
           f"target {target:.0f} games/s", f"{rate / target:.2f}x",
           f">= {target:.0f} games/s per core")
    record(f"stats: {REPORT_GAMES:,} {name} games on 2 free cores (estimate)",
           f"{minutes:,.1f} min", f"{REPORT_MINUTES} min", f"{REPORT_MINUTES / minutes:.2f}x",
           f"< {REPORT_MINUTES} min")
    if speedup:
        setup = setup_of(name)
        one = _drain(setup, speedup, 1)
        two = _drain(setup, speedup, 2)
        bare = two_bare_processes(_bare, (setup,), speedup)
        record(f"stats: {name}, {speedup} games, 1 -> 2 local workers",
               f"{one / two:.2f}x ({one:.1f} s -> {two:.1f} s, load "
               f"{os.getloadavg()[0]:.1f})",
               f"{one / bare:.2f}x (two bare processes, {bare:.1f} s)", f"{bare / two:.2f}",
               ">= 1.8x on 2 free cores")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", choices=[[], *GAMES], default=[])
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="CPU seconds of games per game (default 10).")
    parser.add_argument("--speedup", type=int, default=0,
                        help="Also time this many games on 1 and on 2 workers.")
    args = parser.parse_args()
    print(f"stats ({os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}):", flush=True)
    for name in args.games or GAMES:
        bench_game(name, args.seconds, args.speedup)
    print("\n| benchmark | tilepress | peer | ratio | target |")
    print("|---|---|---|---|---|")
    for row in RESULTS:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
