"""Solitaire on hard layouts: the deal builder and the solver over the designed suite in
``puzzles/layouts`` (tall towers, long bridges, half-tile offsets, five layers and more,
150-250 positions, shapes where random deals are nearly always dead), each beside a
random-deal-then-solve baseline in the same run.

Run alone with ``python benchmarks/solitaire.py [DEALS]``, or as ``python
benchmarks/run.py layouts``. Each layout's figures go to stdout as one line; the totals
become rows of the README's Performance table.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "puzzles" / "layouts"
sys.path.insert(0, str(ROOT))


def suite() -> list:
    from tilepress.layouts.files import load_layouts

    files = sorted(SUITE.glob("*.layout")) + sorted(SUITE.glob("*.map"))
    return [layout for f in files for layout in load_layouts(f)]


def _spec(layout) -> str:
    """What a user passes to --layout for this layout."""
    return (f"{layout.source}:{layout.name}" if layout.source.endswith(".map")
            else layout.source)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench(record: Callable[[str, str, str, str, str], None], deals: int = 6) -> None:
    """Per layout: a puzzle with default options (the CLI's work), a winnable deal built
    on a removal order, and ``deals`` random deals given to the solver; the baseline draws
    random deals and solves them until one is proven winnable (at most ``deals``)."""
    from tilepress.engine import solitaire as rules
    from tilepress.games import find_kind
    from tilepress.games.solitaire.puzzles import _budgets
    from tilepress.params import parse_params
    from tilepress.puzzles import generate_set

    kind = find_kind("solitaire")
    puzzle_times, build_times, base_times = [], [], []
    base_found = 0
    solve_times, decided, total = [], 0, 0
    within = 0
    big_decided = big_total = 0
    for layout in suite():
        n = len(layout)
        limit = 5.0 if n <= 144 else 20.0
        start = time.perf_counter()
        params = parse_params(kind.params_type, {"layout": _spec(layout)}, where="bench")
        puzzles = generate_set(kind, params, count=1, seed=1)
        took = time.perf_counter() - start
        puzzle_times.append(took)
        within += took < limit
        grade = puzzles.puzzles[0].difficulty
        start = time.perf_counter()
        deal, solution = rules.deal_backwards(layout, random.Random(1))
        assert not rules.replay_solution(deal, solution)
        build = time.perf_counter() - start
        build_times.append(build)
        # the baseline: random deals until the solver proves one winnable
        start = time.perf_counter()
        found = False
        statuses = []
        for s in range(deals):
            t0 = time.perf_counter()
            result = rules.solve(rules.deal_random(layout, random.Random(s)),
                                 budget=_budgets(n)[0] * 4)
            solve_times.append(time.perf_counter() - t0)
            statuses.append(result.status)
            if result.status == rules.SOLVED and not found:
                found = True
                base_times.append(time.perf_counter() - start)
        base_found += found
        if not found:
            base_times.append(float("inf"))
        settled = sum(st != rules.UNDECIDED for st in statuses)
        decided += settled
        total += len(statuses)
        if n > 144:
            big_decided += settled
            big_total += len(statuses)
        print(f"  {layout.name:18} {n:4} positions {len(layout.layers)} layers: puzzle "
              f"{took:5.1f} s ({grade}), built deal {build * 1000:5.1f} ms; random deals "
              f"{statuses.count(rules.SOLVED)} won, {statuses.count(rules.UNSOLVABLE)} dead, "
              f"{statuses.count(rules.UNDECIDED)} undecided", flush=True)
    count = len(puzzle_times)
    finite = [t for t in base_times if t != float("inf")]
    record(f"solitaire puzzle with default options, {count} designed layouts",
           f"{within} of {count} within the limit (median {statistics.median(puzzle_times):.1f}"
           f" s, slowest {max(puzzle_times):.1f} s)", "", "", "all: < 5 s (144), < 20 s (250)")
    record(f"winnable deal with its solution, {count} designed layouts",
           f"{count} of {count} (median {statistics.median(build_times) * 1000:.0f} ms, "
           f"p99 {_pct(build_times, 0.99) * 1000:.0f} ms)",
           f"{base_found} of {count} (random deals until one is proven winnable, at most "
           f"{deals}; median {statistics.median(finite) if finite else 0:.1f} s)", "",
           "every layout")
    record(f"solver on random deals of the {count} layouts",
           f"{100 * decided / total:.0f}% decided (median {statistics.median(solve_times):.2f}"
           f" s, p99 {_pct(solve_times, 0.99):.1f} s, {total / sum(solve_times):.1f} deals/s)",
           "", "", "report")
    if big_total:
        record("solver on random deals of layouts over 144 positions",
               f"{100 * big_decided / big_total:.0f}% decided of {big_total}", "", "",
               ">= 95% within 10 s")


if __name__ == "__main__":
    rows: list[tuple[str, ...]] = []
    bench(lambda *row: rows.append(row), int(sys.argv[1]) if len(sys.argv) > 1 else 6)
    print("\n| benchmark | tilepress | peer | ratio | target |\n|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
