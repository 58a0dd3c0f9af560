"""The batch runner: the same bytes in process, on local processes and on a Dask cluster;
retries, failures named, fast failure on an unreachable scheduler, every index once."""

from __future__ import annotations

import gc
import http.server
import logging
import os
import re
import socket
import socketserver
import subprocess
import sys
import threading
import time
from functools import partial

import batch_tasks as tasks
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilepress.batch import (
    MAX_JOBS_PER_CORE,
    BatchOptions,
    Task,
    cores,
    default_chunk_size,
    local_plan,
    run_batch,
    stop_local_workers,
    task_seed,
    unit_keys,
)
from tilepress.errors import BatchError, RequestError

LOCAL = BatchOptions(jobs=1)
TWO = BatchOptions(jobs=2)


@pytest.fixture
def cluster():
    """A Dask cluster in this process: two single-threaded workers (threads, not
    processes, to fit a 2-core machine), everything on loopback with free ports (the
    scheduler's HTTP server too, which would take 8787 even without a dashboard), so that
    any number of pytest-xdist workers can each have one. One a test (half a second): its
    threads use the global random module, which Hypothesis must not see in other tests."""
    distributed = pytest.importorskip("distributed")
    noisy = [logging.getLogger(name) for name in list(logging.root.manager.loggerDict)
             if name.startswith(("distributed", "tornado", "asyncio"))]
    levels = [logger.level for logger in noisy]
    for logger in noisy:  # Dask logs every start, stop and closed connection
        logger.setLevel(logging.CRITICAL + 1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  protocol="tcp", host="127.0.0.1",
                                  dashboard_address="127.0.0.1:0") as local:
        assert local.scheduler_address.startswith("tcp://127.0.0.1:")
        yield local
    for logger, level in zip(noisy, levels, strict=True):
        logger.setLevel(level)


def on(cluster, **fields) -> BatchOptions:
    return BatchOptions(scheduler=cluster.scheduler_address, **fields)


def run(fn, count: int, options: BatchOptions, **kwargs) -> list:
    return list(run_batch(fn, count, seed=7, options=options, **kwargs))


def collect(fn, count: int, options: BatchOptions, **kwargs) -> tuple[list, BatchError]:
    """Everything handed over before the BatchError, and the error."""
    got: list = []
    with pytest.raises(BatchError) as caught:
        for item in run_batch(fn, count, seed=7, options=options, **kwargs):
            got.append(item)
    return got, caught.value


def test_task_seeds_are_stable_everywhere():
    assert task_seed(7, 0) == 8862997118719747769  # SHA-256, never the salted hash()
    code = "from tilepress.batch import task_seed; print(task_seed('x', 12))"
    env = {**os.environ, "PYTHONHASHSEED": "123"}
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, env=env).stdout
    assert int(other) == task_seed("x", 12)
    assert Task(3, task_seed(7, 3)).rng().random() == Task(3, task_seed(7, 3)).rng().random()
    assert len({task_seed(7, i) for i in range(1000)}) == 1000


def test_one_job_runs_in_this_process_in_order():
    got = run(tasks.draw_and_pid, 30, BatchOptions(jobs=1, chunk_size=4))
    assert [i for i, _ in got] == list(range(30))
    assert {pid for _, (_, pid) in got} == {os.getpid()}


def test_two_processes_give_the_same_bytes_as_one():
    expected = run(tasks.draw, 200, LOCAL)
    got = run(tasks.draw_and_pid, 200, BatchOptions(jobs=2, chunk_size=7))
    assert [(i, b) for i, (b, _) in got] == expected
    assert os.getpid() not in {pid for _, (_, pid) in got}
    assert run(tasks.draw, 200, BatchOptions(jobs=1, chunk_size=13, window=1)) == expected


def test_dask_cluster_gives_the_same_bytes_as_one_process(cluster):
    expected = b"".join(b for _, b in run(tasks.draw, 150, LOCAL))
    for options in (on(cluster), on(cluster, chunk_size=7, window=3)):
        assert b"".join(b for _, b in run(tasks.draw, 150, options)) == expected


@pytest.mark.parametrize("where", ["inline", "processes", "dask"])
def test_a_task_that_fails_once_is_retried_once(where, tmp_path, request):
    options = {"inline": LOCAL, "processes": TWO}.get(where)
    if options is None:
        options = on(request.getfixturevalue("cluster"))
    got = run(partial(tasks.flaky, str(tmp_path), 5), 40, options)
    assert got == run(tasks.draw, 40, LOCAL)
    assert [tasks.attempts(str(tmp_path), i) for i in range(0, 40, 5)] == [2] * 8


@pytest.mark.parametrize("where", ["inline", "processes", "dask"])
def test_a_task_that_always_fails_is_named_and_the_rest_kept(where, tmp_path, request):
    options = {"inline": BatchOptions(jobs=1, chunk_size=3), "processes": TWO}.get(where)
    if options is None:
        options = on(request.getfixturevalue("cluster"))
    fn = partial(tasks.broken, frozenset({5, 17}), str(tmp_path))
    got, error = collect(fn, 24, options, name="game {index}")
    expected = [item for item in run(tasks.draw, 24, LOCAL) if item[0] not in (5, 17)]
    assert got == expected  # everything before and after the failures was handed over
    message = str(error)
    assert "\n" not in message
    assert message.startswith("2 of 24 tasks failed after 2 tries: game 5 (RuntimeError: "
                              "no sheet for day 5); game 17")
    assert [(f.index, f.name, f.attempts) for f in error.failures] == [
        (5, "game 5", 2), (17, "game 17", 2)]
    assert "second line" in error.failures[0].detail  # the traceback is kept
    assert tasks.attempts(str(tmp_path), 5) == tasks.attempts(str(tmp_path), 17) == 2


def test_a_dead_worker_costs_only_its_own_task():
    got, error = collect(partial(tasks.dies, frozenset({9})), 30,
                         BatchOptions(jobs=2, chunk_size=4),
                         name=lambda i: f"daily 2027-03-{i + 1:02d}")
    assert got == [item for item in run(tasks.draw, 30, LOCAL) if item[0] != 9]
    assert [f.name for f in error.failures] == ["daily 2027-03-10"]
    assert (error.failures[0].error, error.failures[0].attempts) == ("its worker process died", 2)


def test_workers_killed_in_two_chunks_are_each_pinned_on_their_task():
    got, error = collect(partial(tasks.dies, frozenset({3, 8})), 16,
                         BatchOptions(jobs=2, chunk_size=5, window=2))
    assert [i for i, _ in got] == [i for i in range(16) if i not in (3, 8)]
    assert [(f.index, f.attempts) for f in error.failures] == [(3, 2), (8, 2)]


@pytest.mark.parametrize("where", ["inline", "processes", "dask"])
def test_a_task_that_exits_or_returns_what_cannot_travel_is_named(where, request):
    options = {"inline": LOCAL, "processes": BatchOptions(jobs=2, chunk_size=3)}.get(where)
    if options is None:
        options = on(request.getfixturevalue("cluster"), chunk_size=3)
    got, error = collect(partial(tasks.exits, frozenset({4})), 9, options)
    assert [i for i, _ in got] == [0, 1, 2, 3, 5, 6, 7, 8]
    assert [(f.name, f.error) for f in error.failures] == [
        ("task 4", "SystemExit: task 4 called exit")]
    if where != "inline":  # in this process nothing is pickled
        got, error = collect(partial(tasks.unpicklable, frozenset({4})), 9, options)
        assert [i for i, _ in got] == [0, 1, 2, 3, 5, 6, 7, 8]
        assert [f.name for f in error.failures] == ["task 4"]
        assert "pickle" in error.failures[0].error or "serialize" in error.failures[0].error


def test_too_many_failures_stop_the_run():
    got, error = collect(tasks.always_fails, 10_000,
                         BatchOptions(jobs=1, chunk_size=2, window=2, max_failures=3))
    assert got == []
    assert error.not_run > 9_000
    assert f"{error.not_run} tasks not run" in str(error)
    assert "ValueError: broken task function" in str(error)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # not on the test's stderr
        pass


class _Silent(socketserver.BaseRequestHandler):
    def handle(self) -> None:  # accepts, never says a word
        time.sleep(3)


class _Banner(socketserver.BaseRequestHandler):
    def handle(self) -> None:  # another protocol's greeting (SSH)
        self.request.sendall(b"SSH-2.0-OpenSSH_9.2\r\n")
        time.sleep(3)


@pytest.fixture
def not_a_scheduler(request):
    """The address of a local TCP service that is not a Dask scheduler, or of nothing."""
    pytest.importorskip("distributed")
    kind = request.param
    if kind == "nothing":
        with socket.socket() as s:  # a port that was just free: nothing listens there
            s.bind(("127.0.0.1", 0))
            yield f"tcp://127.0.0.1:{s.getsockname()[1]}"
        return
    server_type = http.server.ThreadingHTTPServer if kind == "http" else \
        socketserver.ThreadingTCPServer
    handler = {"http": _Quiet, "silent": _Silent, "banner": _Banner}[kind]
    server_type.daemon_threads = True
    with server_type(("127.0.0.1", 0), handler) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        yield f"tcp://127.0.0.1:{server.server_address[1]}"
        server.shutdown()


@pytest.mark.parametrize(("not_a_scheduler", "says"), [
    ("nothing", "cannot reach the Dask scheduler at {}: nothing listens there "
                "(connection refused)"),
    ("http", "{} is not a Dask scheduler: something listens there but did not answer as "
             "one within 1 s"),
    ("silent", "{} is not a Dask scheduler: something listens there but did not answer "
               "as one within 1 s"),
    ("banner", "{} is not a Dask scheduler: what answers there does not speak Dask's "
               "protocol"),
], indirect=["not_a_scheduler"])
def test_what_is_not_a_scheduler_fails_fast_in_one_line(not_a_scheduler, says, capfd):
    """No hang on a web server (Dask's dashboard), no MemoryError on another protocol,
    no Client left behind to complain at exit."""
    start = time.perf_counter()
    with pytest.raises(RequestError) as caught:
        run(tasks.draw, 5, BatchOptions(scheduler=not_a_scheduler, connect_timeout=1.0))
    assert time.perf_counter() - start < 1.0 + 1.5
    assert str(caught.value) == says.format(not_a_scheduler)
    gc.collect()  # a half-made Client would print its __del__ traceback now
    assert capfd.readouterr().err == ""


def test_bad_scheduler_addresses_are_named():
    pytest.importorskip("distributed")
    with pytest.raises(RequestError, match="'localhost' is not a Dask scheduler address"):
        run(tasks.draw, 5, BatchOptions(scheduler="localhost", connect_timeout=1.0))
    with pytest.raises(RequestError, match=r"^cannot reach the Dask scheduler at "
                       r"tcp://no-such-host\.invalid:8786: "):
        run(tasks.draw, 5, BatchOptions(scheduler="tcp://no-such-host.invalid:8786"))


def test_a_workers_address_is_not_the_schedulers(cluster):
    worker = next(iter(cluster.scheduler.workers))
    with pytest.raises(RequestError, match=f"^{worker} is a Dask worker, not a scheduler"):
        run(tasks.draw, 5, BatchOptions(scheduler=worker, connect_timeout=1.0))


@pytest.mark.parametrize("not_a_scheduler", ["http"], indirect=True)
def test_the_cli_refuses_a_web_server_as_scheduler(not_a_scheduler, cli, tmp_path,
                                                   monkeypatch):
    import tilepress.batch

    monkeypatch.setattr(tilepress.batch, "CONNECT_TIMEOUT", 1.0)  # 4 s by default
    start = time.perf_counter()
    r = cli("stats", "castle", "--games", "3", "--scheduler", not_a_scheduler,
            "-o", tmp_path / "s.pdf")
    assert time.perf_counter() - start < 1.0 + 1.5
    assert (r.code, r.err) == (2, f"tilepress: error: {not_a_scheduler} is not a Dask "
                               "scheduler: something listens there but did not answer as "
                               "one within 1 s\n")
    assert list(tmp_path.iterdir()) == []


def test_chunks_are_named_by_command_and_unit_on_the_dashboard(cluster):
    got = run(tasks.dask_key, 10, on(cluster, chunk_size=4, label="stats-castle-games"),
              name="castle game {index}")
    keys = [key for _, key in got]
    run_id = keys[0].rsplit("-", 1)[1]
    assert re.fullmatch("[0-9a-f]{8}", run_id)
    assert keys == [f"stats-castle-games-{span}-{run_id}"
                    for span in ["0-3"] * 4 + ["4-7"] * 4 + ["8-9"] * 2]
    days = run(tasks.dask_key, 3, on(cluster, chunk_size=1, label="daily"),
               name=lambda i: f"the sheet of 2027-03-{i + 1:02d}")
    assert [key.rsplit("-", 1)[0] for _, key in days] == [
        "daily-2027-03-01", "daily-2027-03-02", "daily-2027-03-03"]
    unnamed = run(tasks.dask_key, 2, on(cluster, chunk_size=2), name="castle game {index}")
    assert unnamed[0][1].startswith("castle-game-0-1-")


def test_names_that_do_not_tell_chunks_apart_still_give_each_its_own_result(cluster):
    """Two chunks under one key would get one result: a key is never used twice."""
    key = unit_keys(None, lambda i: "same for all", 6)
    assert key(0, 2) == key(2, 4)
    assert run(tasks.draw, 6, on(cluster, chunk_size=2), name="same for all") == \
        run(tasks.draw, 6, LOCAL)
    assert unit_keys(None, lambda i: "", 3)(2, 3).startswith("tilepress-2-")
    assert unit_keys("stats-castle-games", lambda i: f"castle game {i}", 1)(0, 1) \
        .startswith("stats-castle-games-0-")


def test_jobs_are_bounded_by_the_cores_and_the_tasks():
    most = MAX_JOBS_PER_CORE * cores()
    assert local_plan(30, 10**12) == (min(most, 30), 1)
    assert local_plan(3, 10**12)[0] == 3  # never more workers than tasks
    assert local_plan(1000, 10**12, chunk_size=500)[0] == 2  # nor than chunks
    assert local_plan(10**6) == (cores(), 100)  # the default: one per core
    got = run(tasks.draw_and_pid, 40, BatchOptions(jobs=10**12))
    assert [(i, b) for i, (b, _) in got] == run(tasks.draw, 40, LOCAL)
    assert len({pid for _, (_, pid) in got}) <= most


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _wait_for(what, seconds: float):
    end = time.monotonic() + seconds
    while not (value := what()) and time.monotonic() < end:
        time.sleep(0.02)
    return value


def test_stopping_the_local_workers_ends_them_at_once(tmp_path):
    """What the CLI does on a signal, whatever the batch's iterator was doing."""
    results = run_batch(partial(tasks.pid_then_wait, str(tmp_path)), 6,
                        options=BatchOptions(jobs=2, chunk_size=1))
    assert next(results) == (0, 0)  # the iterator waits here; two workers are busy
    files = _wait_for(lambda: len(list(tmp_path.glob("*.pid"))) == 2, 20)
    assert files, "the two workers did not start"
    pids = [int(path.stem) for path in tmp_path.glob("*.pid")]
    start = time.perf_counter()
    stop_local_workers()
    assert _wait_for(lambda: not any(_alive(pid) for pid in pids), 5)
    assert time.perf_counter() - start < 1.0
    with pytest.raises(RuntimeError, match="workers were stopped"):
        for _ in results:  # what was done before is handed over, then it stops
            pass


@pytest.mark.parametrize("options", [BatchOptions(jobs=1, chunk_size=8),
                                     BatchOptions(jobs=2, chunk_size=8)], ids=["1", "2"])
def test_progress_is_what_a_bar_a_rate_and_a_time_left_need(options):
    """(0, total) before the first result, then a call per finished chunk from the
    caller's thread, never going down, up to (total, total), failed tasks counted."""
    seen: list[tuple[int, int, int]] = []  # (done, total, results handed over so far)
    got: list[int] = []
    threads: set[int] = set()

    def progress(done: int, total: int) -> None:
        seen.append((done, total, len(got)))
        threads.add(threading.get_ident())

    with pytest.raises(BatchError):
        for index, _ in run_batch(partial(tasks.broken, frozenset({7}), ""), 50, seed=7,
                                  options=options, progress=progress):
            got.append(index)
    assert seen[0] == (0, 50, 0) and seen[-1][:2] == (50, 50)
    assert [d for d, _, _ in seen] == sorted(d for d, _, _ in seen)
    assert {t for _, t, _ in seen} == {50}
    assert len(seen) >= 50 // 8  # a call per chunk, not one at the end
    assert threads == {threading.get_ident()}


def test_a_slow_reader_holds_back_the_work_and_leaving_early_stops_it():
    seen: list[int] = []
    start = time.perf_counter()
    results = run_batch(tasks.draw, 1_000_000, progress=lambda done, _: seen.append(done),
                        options=BatchOptions(jobs=2, chunk_size=50, window=3))
    first = [next(results) for _ in range(3)]
    time.sleep(0.3)  # the workers could run thousands of tasks meanwhile
    next(results)
    assert max(seen) <= (1 + 3) * 50  # the chunk being handed over and the window
    results.close()
    assert [i for i, _ in first] == [0, 1, 2]
    assert time.perf_counter() - start < 10


def test_bad_options_are_one_clear_error():
    for options, words in [(BatchOptions(jobs=0), "jobs must be 1 or more"),
                           (BatchOptions(chunk_size=0), "chunk size must be 1 or more"),
                           (BatchOptions(jobs=2, scheduler="tcp://x:1"), "not both"),
                           (BatchOptions(connect_timeout=0), "above 0 s")]:
        with pytest.raises(RequestError, match=words):
            run_batch(tasks.draw, 5, options=options)
    with pytest.raises(TypeError, match="picklable"):
        run_batch(lambda task: task.index, 5, options=TWO)
    assert run(lambda task: task.index, 3, LOCAL) == [(0, 0), (1, 1), (2, 2)]
    assert run(tasks.draw, 0, TWO) == []


def test_importing_the_runner_does_not_import_dask():
    code = "import sys, tilepress.batch; print(any(m.split('.')[0] in ('dask', 'distributed')" \
           " for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "False"


def test_default_chunks_are_bounded():
    assert default_chunk_size(365, 2) == 22
    assert default_chunk_size(10**6, 2) == 100
    assert default_chunk_size(3, 8) == 1


@settings(max_examples=60, deadline=None)
@given(count=st.integers(0, 300), chunk=st.one_of(st.none(), st.integers(1, 40)),
       window=st.one_of(st.none(), st.integers(1, 5)),
       bad=st.frozensets(st.integers(0, 299), max_size=4))
def test_every_index_once_in_order(count, chunk, window, bad):
    options = BatchOptions(jobs=1, chunk_size=chunk, window=window, max_failures=None)
    got: list[int] = []
    failed: list[int] = []
    try:
        for index, _ in run_batch(partial(tasks.broken, bad, ""), count, options=options):
            got.append(index)
    except BatchError as error:
        failed = [f.index for f in error.failures]
    assert failed == sorted(i for i in bad if i < count)
    assert got == [i for i in range(count) if i not in bad]


@settings(max_examples=4, deadline=None)
@given(count=st.integers(1, 120), chunk=st.one_of(st.none(), st.integers(1, 30)),
       window=st.one_of(st.none(), st.integers(1, 4)))
def test_every_index_once_in_order_on_two_processes(count, chunk, window):
    options = BatchOptions(jobs=2, chunk_size=chunk, window=window)
    assert run(tasks.draw, count, options) == run(tasks.draw, count, LOCAL)
