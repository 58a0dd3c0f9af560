"""Solitaire benchmarks, two of them.

``python benchmarks/solitaire.py [--deals 1000] [--first 0]`` (the default, ``turtle``):
random Turtle deals, each new to the process, given to tilepress's solver (default
budget) and to the reference, an unmodified port of de Bondt's solver run with node
(``../shared/peers/debondt/``, or ``--reference PATH``), the same deals in one run. Both
are timed in CPU seconds per deal (the machine is shared: wall time says more about the
neighbours); each side's first call (numba compiling or loading the kernels; node's
start) is a deal of its own, reported apart and left out of the figures. Every "solved"
of tilepress is replayed by the rules, and verdicts are compared: a deal one side wins
(tilepress's solution replays) and the other calls dead is a wrong verdict.

``python benchmarks/solitaire.py layouts [DEALS]`` (or ``python benchmarks/run.py
layouts``): solitaire on hard layouts, the deal builder and the solver over the designed
suite in ``puzzles/layouts`` (tall towers, long bridges, half-tile offsets, five layers
and more, 150-250 positions, shapes where random deals are nearly always dead), each
beside a random-deal-then-solve baseline in the same run. Each layout's figures go to
stdout as one line; the totals become rows of the README's Performance table.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "puzzles" / "layouts"
REFERENCE = ROOT.parent / "shared" / "peers" / "debondt" / "solve-deals.js"
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


def _percentiles(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {"median": statistics.median(ordered), "p90": _pct(ordered, 0.9),
            "p99": _pct(ordered, 0.99), "max": ordered[-1], "total": sum(ordered)}


def _reference(deals: list, script: Path) -> list[dict]:
    """The reference's verdicts and CPU seconds for ``deals``, in one node process."""
    with tempfile.TemporaryDirectory() as folder:
        given, got = Path(folder) / "deals.json", Path(folder) / "out.json"
        given.write_text(json.dumps([
            {"seed": str(seed), "pos": [p.as_list() for p in deal.layout.positions],
             "groups": list(deal.groups)} for seed, deal in deals]))
        subprocess.run(["node", str(script), str(given), str(got)], check=True)
        return json.loads(got.read_text())


def turtle(count: int, first: int, script: Path | None) -> None:
    """Random Turtle deals ``first`` to ``first + count - 1`` (``random.Random(seed)``),
    solved by tilepress with its default budget and by the reference (see the module's
    docstring); prints both sides' figures and their ratios."""
    from tilepress.engine import solitaire as rules
    from tilepress.layouts import builtin

    layout = builtin("turtle")
    opening = ("first call", rules.deal_random(layout, random.Random("first call")))
    deals = [(s, rules.deal_random(layout, random.Random(s))) for s in range(first, first + count)]
    cpu, wall = time.process_time(), time.perf_counter()
    rules.solve(opening[1])
    first_cpu, first_wall = time.process_time() - cpu, time.perf_counter() - wall
    ours: list[tuple[str, float]] = []
    faults = 0
    for _, deal in deals:
        cpu = time.process_time()
        result = rules.solve(deal)
        ours.append((result.status, time.process_time() - cpu))
        if result.status == rules.SOLVED:
            faults += bool(rules.replay_solution(deal, result.solution))
    cold = "compiles the kernels" if "numba-cold-" in os.environ.get("NUMBA_CACHE_DIR", "") \
        else "compiles the kernels, or loads them from its cache (--cold: compiled afresh)"
    print(f"tilepress: first call {first_cpu:.2f} s CPU ({first_wall:.2f} s wall: numba {cold})")
    rows = [("tilepress", [t for _, t in ours], [s != rules.UNDECIDED and t < 2.0
                                                  for s, t in ours])]
    theirs: list[dict] = []
    if script is not None:
        got = _reference([opening, *deals], script)
        theirs = got[1:]
        print(f"reference: first call {got[0]['cpu']:.3f} s CPU (node's JIT warming up)")
        rows.append(("reference", [r["cpu"] for r in theirs], [r["cpu"] < 2.0 for r in theirs]))
    stats = {}
    print(f"\n{count} random Turtle deals (seeds {first}-{first + count - 1}), CPU per deal:")
    print("| solver | decided within 2 s | median | p90 | p99 | max | total |")
    print("|---|---|---|---|---|---|---|")
    for name, times, decided in rows:
        st = stats[name] = _percentiles(times)
        print(f"| {name} | {100 * sum(decided) / count:.1f}% ({sum(decided)}) | "
              f"{st['median'] * 1000:.2f} ms | {st['p90'] * 1000:.1f} ms | "
              f"{st['p99'] * 1000:.0f} ms | {st['max'] * 1000:.0f} ms | {st['total']:.1f} s |")
    if theirs:
        ratio = {k: stats["reference"][k] / max(stats["tilepress"][k], 1e-9)
                 for k in stats["tilepress"]}
        print("| reference / tilepress | | " + " | ".join(
            f"{ratio[k]:.2f}x" for k in ("median", "p90", "p99", "max", "total")) + " |")
    statuses = [s for s, _ in ours]
    print(f"\ntilepress: {statuses.count(rules.SOLVED)} solved (every one replayed by the rules: "
          f"{faults} faults), {statuses.count(rules.UNSOLVABLE)} proven unsolvable, "
          f"{statuses.count(rules.UNDECIDED)} undecided")
    if theirs:
        won = [r["result"] == 0 for r in theirs]
        wrong = [seed for (seed, _), (status, _), w in zip(deals, ours, won, strict=True)
                 if status != rules.UNDECIDED and (status == rules.SOLVED) != w]
        print(f"reference: {sum(won)} won ({sum(bool(r['replay']) for r in theirs)} with a "
              f"full removal order), {count - sum(won)} no win")
        print(f"verdicts that differ where both decided: {len(wrong)}"
              + (f" (seeds {wrong})" if wrong else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", nargs="?", default="turtle", choices=["turtle", "layouts"])
    parser.add_argument("deals", nargs="?", type=int, help="layouts: random deals per layout")
    parser.add_argument("--deals", dest="count", type=int, default=1000,
                        help="turtle: random deals (default 1000)")
    parser.add_argument("--first", type=int, default=0, help="turtle: the first deal's seed")
    parser.add_argument("--reference", type=Path, default=REFERENCE,
                        help="the reference's solve-deals.js")
    parser.add_argument("--no-reference", action="store_true", help="tilepress alone")
    parser.add_argument("--cold", action="store_true",
                        help="turtle: compile the kernels afresh (an empty numba cache), as "
                             "on a first run after an install")
    args = parser.parse_args()
    if args.cold:  # before numba is imported
        os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="numba-cold-")
    if args.what == "layouts":
        rows: list[tuple[str, ...]] = []
        bench(lambda *row: rows.append(row), args.deals or 6)
        print("\n| benchmark | tilepress | peer | ratio | target |\n|---|---|---|---|---|")
        for row in rows:
            print("| " + " | ".join(row) + " |")
        return
    if args.count < 1:
        parser.error("--deals takes a number of at least 1")
    script = None if args.no_reference else args.reference
    if script is not None and not script.exists():
        parser.error(f"no reference at {script} (--reference PATH, or --no-reference)")
    turtle(args.count, args.first, script)


if __name__ == "__main__":
    main()
