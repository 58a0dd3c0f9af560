"""The batch runner's overhead per task and its speed-up from one to two workers.

    pip install -e '.[test]'     # Dask for the cluster rows (they are skipped without it)
    python benchmarks/batch.py            # both
    python benchmarks/batch.py speedup    # one of them (overhead, speedup, stop)

Prints rows in the format of benchmarks/run.py (the same ``record`` and table).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from table import (  # benchmarks/table.py, beside this file
    print_table,
    record,
    timed,
    two_bare_processes,
)

from tilepress.batch import BatchOptions, Task, run_batch, task_seed


def empty(task: Task) -> int:
    return task.index


def busy(loops: int, task: Task) -> int:
    """CPU-bound work of a fixed size (about 50 ms once calibrated), seeded by the task."""
    x = task.seed % 1_000_003
    for k in range(loops):
        x = (x * 31 + k) % 1_000_003
    return x


def busy_timed(loops: int, task: Task) -> float:
    """``busy``, returning how long it took where it ran."""
    start = time.perf_counter()
    busy(loops, task)
    return time.perf_counter() - start


def _calibrate(seconds: float) -> int:
    loops = 20_000
    while True:
        took = timed(partial(busy, loops, Task(0, 1)), repeat=3)
        if took > 0.01:
            return int(loops * seconds / took)
        loops *= 4


def _drain(fn, count: int, options: BatchOptions) -> float:
    start = time.perf_counter()
    for _ in run_batch(fn, count, options=options):
        pass
    return time.perf_counter() - start


def bench_overhead() -> None:
    """What the runner adds to an empty task: in this process (against a plain loop making
    the same tasks and seeds), on two local processes (the pool's start apart), and on a
    two-worker Dask LocalCluster."""
    n = 200_000
    plain = timed(lambda: [empty(Task(i, task_seed(0, i))) for i in range(n)])
    inline = timed(lambda: _drain(empty, n, BatchOptions(jobs=1)))
    record("batch runner overhead, empty tasks in this process (jobs=1)",
           f"{(inline - plain) / n * 1e6:.2f} µs a task",
           f"{plain / n * 1e6:.2f} µs a task (plain loop, same Task and seed)",
           f"{inline / plain:.2f}x", "< 5 µs a task")
    small, big = 1_000, 200_000
    t_small = timed(lambda: _drain(empty, small, BatchOptions(jobs=2)))
    t_big = timed(lambda: _drain(empty, big, BatchOptions(jobs=2)), repeat=2)
    record("batch runner overhead, empty tasks on 2 local processes (jobs=2)",
           f"{(t_big - t_small) / (big - small) * 1e6:.2f} µs a task (chunks of 100)",
           f"{t_small * 1000:.0f} ms for {small:,} tasks (mostly the pool's start)", "",
           "< 20 µs a task, start < 0.5 s")
    try:
        from distributed import LocalCluster
    except ImportError:
        print("  (no dask.distributed: cluster rows skipped)")
        return
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, protocol="tcp",
                      host="127.0.0.1", dashboard_address="127.0.0.1:0") as cluster:
        options = BatchOptions(scheduler=cluster.scheduler_address)
        count = 50_000
        t_one = timed(lambda: _drain(empty, 1, options), repeat=3)
        t_dask = timed(lambda: _drain(empty, count, options), repeat=2)
        record("batch runner overhead, empty tasks on a 2-worker Dask LocalCluster",
               f"{(t_dask - t_one) / count * 1e6:.1f} µs a task (chunks of 100)",
               f"{t_one * 1000:.0f} ms for one task (connect, run, close)", "",
               "< 100 µs a task")


def _bare(loops: int, indices: range) -> None:
    for i in indices:
        busy(loops, Task(i, task_seed(0, i)))


def _two(loops: int, count: int, options: BatchOptions) -> tuple[float, float]:
    """Wall time of a run, and the mean time a task took where it ran."""
    start = time.perf_counter()
    inside = [t for _, t in run_batch(partial(busy_timed, loops), count, options=options)]
    return time.perf_counter() - start, statistics.mean(inside)


def bench_speedup() -> None:
    """A CPU-bound task of about 50 ms (a simulated game's size) on 1 and 2 local
    processes and on a two-process Dask LocalCluster, the pool's start included; beside
    it, two bare processes splitting the same tasks with no runner, measured right after:
    on a machine shared with other work that is the speed-up there was to have."""
    loops = _calibrate(0.05)
    count = 60
    one = timed(lambda: _drain(partial(busy, loops), count, BatchOptions(jobs=1)), repeat=2)
    two, task = min(_two(loops, count, BatchOptions(jobs=2)) for _ in range(2))
    bare = timed(lambda: two_bare_processes(_bare, (loops,), count), repeat=2)
    record(f"{count} tasks of 50 ms: 1 -> 2 local processes",
           f"{one / two:.2f}x ({one:.2f} s -> {two:.2f} s; {task * 1000:.0f} ms a task)",
           f"{one / bare:.2f}x (two bare processes, {bare:.2f} s)", f"{bare / two:.2f}",
           ">= 1.8x on 2 free cores")
    try:
        from distributed import LocalCluster
    except ImportError:
        return
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, protocol="tcp",
                      host="127.0.0.1", dashboard_address="127.0.0.1:0") as cluster:
        options = BatchOptions(scheduler=cluster.scheduler_address)
        _drain(partial(busy, loops), 4, options)  # the workers load the module once
        dask, task = min(_two(loops, count, options) for _ in range(2))
    bare = timed(lambda: two_bare_processes(_bare, (loops,), count), repeat=2)
    record(f"{count} tasks of 50 ms: 1 process -> 2-worker Dask LocalCluster",
           f"{one / dask:.2f}x ({one:.2f} s -> {dask:.2f} s; {task * 1000:.0f} ms a task)",
           f"{one / bare:.2f}x (two bare processes, {bare:.2f} s)", f"{bare / dask:.2f}",
           ">= 1.7x on 2 free cores")


def bench_stop() -> None:
    """How fast the runner lets go: from ``stop_local_workers()`` (what the CLI calls on
    Ctrl-C and SIGTERM) to the last worker process gone, two workers busy with 50 ms
    tasks; and how long an address that is no Dask scheduler takes to be refused (a web
    server, as Dask's dashboard is; a port where nothing listens)."""
    import http.server
    import multiprocessing
    import socket
    import threading

    from tilepress.batch import CONNECT_TIMEOUT, stop_local_workers
    from tilepress.errors import RequestError

    loops = _calibrate(0.05)
    stops = []
    for _ in range(3):
        results = run_batch(partial(busy, loops), 1000, options=BatchOptions(jobs=2))
        next(results)
        time.sleep(0.3)  # both workers in the middle of a task
        start = time.perf_counter()
        stop_local_workers()
        while multiprocessing.active_children():
            time.sleep(0.001)
        stops.append(time.perf_counter() - start)
    record("stop: 2 busy local workers gone after stop_local_workers()",
           f"{max(stops) * 1000:.0f} ms (worst of 3)", "", "", "< 1 s")
    try:
        import distributed  # noqa: F401
    except ImportError:
        return

    def refused_after(address: str) -> float:
        start = time.perf_counter()
        try:
            _drain(empty, 1, BatchOptions(scheduler=address))
        except RequestError:
            return time.perf_counter() - start
        raise AssertionError(f"{address} was taken for a scheduler")

    class Quiet(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        web = refused_after(f"tcp://127.0.0.1:{server.server_address[1]}")
        server.shutdown()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        free = f"tcp://127.0.0.1:{s.getsockname()[1]}"
    record("scheduler address that is a web server: refused after",
           f"{web:.2f} s", f"{refused_after(free) * 1000:.0f} ms where nothing listens", "",
           f"{CONNECT_TIMEOUT:g} s (connect_timeout), never a hang")


BENCHMARKS = {"overhead": bench_overhead, "speedup": bench_speedup, "stop": bench_stop}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", choices=[[], *BENCHMARKS], default=[])
    args = parser.parse_args()
    print(f"batch ({os.cpu_count()} cores):", flush=True)
    for name in args.names or BENCHMARKS:
        BENCHMARKS[name]()
    print_table()


if __name__ == "__main__":
    main()
