"""The benchmarks' shared table: each figure is recorded as a row of the README's
Performance table (benchmark, tilepress, peer, ratio, target), with the timing helpers the
rows are measured with."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

RESULTS: list[tuple[str, str, str, str, str]] = []


def timed(fn: Callable[[], object], repeat: int = 3) -> float:
    """Best of ``repeat`` wall-clock runs, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def record(name: str, ours: str, peer: str, ratio: str, target: str) -> None:
    RESULTS.append((name, ours, peer, ratio, target))
    print(f"  {name}: {ours} | peer {peer} | {ratio} | target {target}", flush=True)


def two_bare_processes(target: Callable[..., object], args: tuple, count: int) -> float:
    """Wall seconds for two plain processes, no runner at all, each calling
    ``target(*args, span)`` on half of ``range(count)``: the speed-up two cores give."""
    import multiprocessing

    context = multiprocessing.get_context("forkserver")
    start = time.perf_counter()
    half = count // 2
    workers = [context.Process(target=target, args=(*args, span))
               for span in (range(half), range(half, count))]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return time.perf_counter() - start


def print_table() -> None:
    """The rows recorded so far as the README's Markdown table."""
    print("\n| benchmark | tilepress | peer | ratio | target |")
    print("|---|---|---|---|---|")
    for row in RESULTS:
        print("| " + " | ".join(row) + " |")
