"""The one batch runner: many independent tasks on local processes or a Dask cluster.

A batch is ``count`` tasks, numbered from 0, that one picklable function runs::

    def sheet(first: date, task: Task) -> bytes:  # module-level, so workers can load it
        return render_bytes(daily_sheet(first + timedelta(task.index), task.rng()), "pdf")

    for index, pdf in run_batch(partial(sheet, first), 365, seed=7,
                                name=lambda i: f"daily {first + timedelta(i)}"):
        write_atomic(f"out/{first + timedelta(index)}.pdf", pdf)

- **Seeds.** Task ``i`` gets ``task_seed(seed, i)``: the first 63 bits of the SHA-256 of
  ``f"{seed}:{i}"``, read big-endian (it fits a signed 64-bit column). It is the same in
  every process and on every machine, so the output never depends on the number of
  workers, the chunk size, the order in which tasks finish, or where they ran.
- **Where.** ``jobs=1`` runs every task in this process, with no pool (for tests and
  debuggers); ``jobs=N`` on N local processes (the default: one per core);
  ``scheduler="tcp://host:8786"`` on a running Dask scheduler, whose workers must have
  tilepress (and the task function's module) installed. All three share one loop:
  the same chunks, window, retries and order.
- **Chunks.** Tasks go out in chunks, contiguous ranges of indices (``chunk_size``, by
  default an eighth of each worker's share, at most ``MAX_CHUNK``), and at most
  ``window`` chunks (by default four per worker) are out at once, counted from the
  oldest one not yet handed over, so a million tasks never sit in memory.
- **Order.** Results come back as an iterator of ``(index, result)`` in index order, each
  chunk as soon as it and every chunk before it are done; write them as they arrive.
- **Failures.** A task that raises is tried again once (``retries``), on its own. When a
  chunk fails as a whole (its worker process died), nobody knows which task did it, so
  its tasks run again one at a time with nothing else running, and a death then counts
  against the one task that ran. A task that fails every try is left out of the
  results, the run goes on, and after the last result the iterator raises
  :class:`~tilepress.errors.BatchError` naming every failed task. After
  ``max_failures`` such tasks no new chunk is sent: what is out is finished and handed
  over, then the error also says how many tasks were not run.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import queue
import random
import signal
import traceback
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from .errors import BatchError, RequestError

if TYPE_CHECKING:  # imported where used, so that importing this module stays cheap
    from concurrent.futures import Future, ProcessPoolExecutor

R = TypeVar("R")

MAX_CHUNK = 100
"""The largest default chunk: bounds memory, progress steps and what a dead worker takes."""

CHUNKS_PER_WORKER = 8
"""Default chunks per worker: enough to even out slow and fast chunks at the end."""


def task_seed(base: int | str, index: int) -> int:
    """The seed of task ``index`` of a batch with seed ``base``: a stable 63-bit integer.

    >>> task_seed(7, 0)
    8862997118719747769
    """
    digest = hashlib.sha256(f"{base}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(frozen=True)
class Task:
    """What a task function is given: its index in the batch and its own seed."""

    index: int
    seed: int

    def rng(self) -> random.Random:
        """A fresh ``random.Random`` seeded with this task's seed."""
        return random.Random(self.seed)


@dataclass(frozen=True)
class BatchOptions:
    """Where and how a batch runs. ``None`` means the default described on each field."""

    jobs: int | None = None
    """Local processes; ``None`` = one per available core, 1 = in this process, no pool."""
    scheduler: str | None = None
    """A Dask scheduler address (``tcp://host:8786``); needs ``tilepress[cluster]``."""
    chunk_size: int | None = None
    """Tasks per chunk; ``None`` = chosen from the number of tasks and workers."""
    window: int | None = None
    """Chunks out at once (sent, running, or done and waiting for earlier ones);
    ``None`` = four per worker."""
    retries: int = 1
    """How many more times a failed task is tried, on its own."""
    max_failures: int | None = 10
    """Stop sending new chunks once this many tasks have failed for good (``None``: never)."""
    connect_timeout: float = 5.0
    """Seconds to reach a Dask scheduler before giving up."""


@dataclass(frozen=True)
class TaskFailure:
    """A task that failed on every try: its name, the last error in one line, and its
    traceback (empty when its worker died with it)."""

    index: int
    name: str
    error: str
    detail: str
    attempts: int


Progress = Callable[[int, int], None]
"""Called with (tasks finished, tasks in all) as chunks come back, from the caller's thread."""


# --- what runs on a worker -------------------------------------------------------------

_Outcome = tuple[bool, Any]  # (True, result) or (False, (error line, traceback))


def _one_line(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}".strip().splitlines()
    line = text[0] if text else type(exc).__name__
    return line if len(line) <= 200 else line[:197] + "..."


def run_chunk(fn: Callable[[Task], Any], base: int | str, start: int, stop: int
              ) -> list[_Outcome]:
    """Run tasks ``start`` to ``stop - 1``; a task's exception becomes its outcome, so one
    bad task costs neither the chunk nor the pickling of an exotic exception. A task that
    calls ``sys.exit()`` fails like one that raises (a Dask worker would die of it);
    Ctrl-C still stops everything."""
    out: list[_Outcome] = []
    for index in range(start, stop):
        try:
            out.append((True, fn(Task(index, task_seed(base, index)))))
        except (Exception, SystemExit) as exc:
            out.append((False, (_one_line(exc), traceback.format_exc())))
    return out


def _ignore_sigint() -> None:
    """Worker initializer: Ctrl-C is the parent's to handle; it ends the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


# --- where chunks run: three back ends, one interface ----------------------------------


@dataclass(frozen=True)
class _Unit:
    """Tasks ``start`` to ``stop - 1`` sent as one piece of work; ``alone`` when nothing
    else was running, so that a dead worker can be blamed on it."""

    start: int
    stop: int
    alone: bool = False


class _Backend(Protocol):
    workers: int

    def submit(self, unit: _Unit) -> None: ...

    def wait(self) -> tuple[_Unit, list[_Outcome] | str]:
        """The next unit to finish, with its outcomes or, if the chunk itself failed
        (its worker died, its result would not pickle), one line saying why."""
        ...

    def close(self, abort: bool) -> None: ...


class _InlineBackend:
    """``jobs=1``: units run in this process, in order, when their result is asked for."""

    workers = 1

    def __init__(self, fn: Callable[[Task], Any], base: int | str) -> None:
        self._fn, self._base = fn, base
        self._queue: deque[_Unit] = deque()

    def submit(self, unit: _Unit) -> None:
        self._queue.append(unit)

    def wait(self) -> tuple[_Unit, list[_Outcome] | str]:
        unit = self._queue.popleft()
        return unit, run_chunk(self._fn, self._base, unit.start, unit.stop)

    def close(self, abort: bool) -> None:
        self._queue.clear()


def _start_method() -> str:
    """``forkserver`` where there is one: workers are forked from a clean server, never
    from this process, whose other threads (a progress bar, Dask) may hold locks."""
    import multiprocessing

    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


class _ProcessBackend:
    """``jobs=N``: a ``concurrent.futures.ProcessPoolExecutor`` (standard library, so local
    runs need no Dask); a pool broken by a dead worker is replaced."""

    def __init__(self, fn: Callable[[Task], Any], base: int | str, workers: int) -> None:
        self._fn, self._base, self.workers = fn, base, workers
        self._done: queue.SimpleQueue[Future[list[_Outcome]]] = queue.SimpleQueue()
        self._units: dict[Future[list[_Outcome]], _Unit] = {}
        self._pool = self._new_pool()

    def _new_pool(self) -> ProcessPoolExecutor:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        return ProcessPoolExecutor(self.workers, initializer=_ignore_sigint,
                                   mp_context=multiprocessing.get_context(_start_method()))

    def submit(self, unit: _Unit) -> None:
        from concurrent.futures.process import BrokenProcessPool

        args = (run_chunk, self._fn, self._base, unit.start, unit.stop)
        try:
            future = self._pool.submit(*args)
        except BrokenProcessPool:  # a worker died; its chunks come back as failures
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = self._new_pool()
            future = self._pool.submit(*args)
        self._units[future] = unit
        future.add_done_callback(self._done.put)

    def wait(self) -> tuple[_Unit, list[_Outcome] | str]:
        from concurrent.futures.process import BrokenProcessPool

        future = self._done.get()
        unit = self._units.pop(future)
        try:
            return unit, future.result()
        except BrokenProcessPool:
            return unit, "its worker process died"
        except Exception as exc:
            return unit, f"its worker failed: {_one_line(exc)}"

    def close(self, abort: bool) -> None:
        if not abort:
            self._pool.shutdown(wait=True)
            return
        # Stop at once: shutdown() alone would let running chunks finish. The pool has no
        # public way to end its workers before Python 3.14, so its process table is read.
        processes = list((getattr(self._pool, "_processes", None) or {}).values())
        self._pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()


def _check_address(address: str) -> None:
    """Refuse what is not a scheduler address before a ``Client`` sees it: a ``Client``
    that fails on one lingers and stalls the interpreter's exit for seconds."""
    from distributed.comm import parse_address, parse_host_port
    from distributed.comm.registry import get_backend

    try:
        scheme, location = parse_address(address)
        get_backend(scheme)
        if scheme in ("tcp", "tls", "ws", "wss"):
            port = parse_host_port(location)[1]
            if not 0 < port < 65536:
                raise ValueError(f"port {port} is out of range")
    except (ValueError, TypeError) as exc:
        raise RequestError(f"{address!r} is not a Dask scheduler address "
                           f"(like tcp://host:8786): {_one_line(exc)}") from None


class _DaskBackend:
    """``scheduler=ADDRESS``: a ``dask.distributed.Client``, ``submit`` and
    ``as_completed``. Imported only here, so Dask stays optional."""

    def __init__(self, fn: Callable[[Task], Any], base: int | str, address: str,
                 timeout: float) -> None:
        try:
            from distributed import Client, as_completed
        except ImportError:
            raise RequestError("running on a Dask scheduler needs dask.distributed: "
                               "pip install 'tilepress[cluster]'") from None
        _check_address(address)
        try:
            self._client = Client(address, timeout=timeout, set_as_default=False)
        except (OSError, TimeoutError) as exc:  # Dask's "Timed out trying to connect"
            raise RequestError(f"cannot reach the Dask scheduler at {address} within "
                               f"{timeout:g} s ({_one_line(exc)})") from None
        self._fn, self._base = fn, base
        self.workers = max(1, sum(self._client.nthreads().values()))
        self._done = as_completed(loop=self._client.loop)
        self._units: dict[str, _Unit] = {}

    def submit(self, unit: _Unit) -> None:
        import uuid

        # a fresh key every time: a retry must run again, not fetch the failed result
        key = f"tilepress-batch-{unit.start}-{unit.stop}-{uuid.uuid4().hex}"
        future = self._client.submit(run_chunk, self._fn, self._base, unit.start, unit.stop,
                                     key=key)
        self._units[future.key] = unit
        self._done.add(future)

    def wait(self) -> tuple[_Unit, list[_Outcome] | str]:
        # Each result is fetched here: as_completed(with_results=True) would fetch them in
        # the background, but never reports one that fails to arrive (a result that does
        # not pickle), and the run would hang.
        future = next(self._done)
        unit = self._units.pop(future.key)
        try:
            return unit, future.result()
        except Exception as exc:
            return unit, f"its worker failed: {_one_line(exc)}"

    def close(self, abort: bool) -> None:
        if abort:
            self._done.clear()
        self._client.close()


# --- the one loop ----------------------------------------------------------------------


def _cores() -> int:
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def default_chunk_size(count: int, workers: int) -> int:
    """About ``CHUNKS_PER_WORKER`` chunks per worker, between 1 and ``MAX_CHUNK`` tasks."""
    return max(1, min(MAX_CHUNK, count // (workers * CHUNKS_PER_WORKER)))


def _check(count: int, options: BatchOptions) -> None:
    if count < 0:
        raise RequestError(f"a batch needs a count of 0 or more tasks, not {count}")
    if options.jobs is not None and options.scheduler is not None:
        raise RequestError("give either a number of local jobs or a Dask scheduler, not both")
    for field in ("jobs", "chunk_size", "window"):
        value = getattr(options, field)
        if value is not None and value < 1:
            name = "--jobs: jobs" if field == "jobs" else field.replace("_", " ")
            raise RequestError(f"{name} must be 1 or more, not {value}")
    if options.retries < 0:
        raise RequestError(f"retries must be 0 or more, not {options.retries}")
    if options.max_failures is not None and options.max_failures < 1:
        raise RequestError(f"max failures must be 1 or more, not {options.max_failures}")
    if not options.connect_timeout > 0:
        raise RequestError(f"connect timeout must be above 0 s, not {options.connect_timeout}")


def _task_name(name: str | Callable[[int], str]) -> Callable[[int], str]:
    if isinstance(name, str):
        return lambda index: name.format(index=index)
    return name


def run_batch(fn: Callable[[Task], R], count: int, *, seed: int | str = 0,
              name: str | Callable[[int], str] = "task {index}",
              options: BatchOptions | None = None,
              progress: Progress | None = None) -> Iterator[tuple[int, R]]:
    """Run ``fn(Task(i, task_seed(seed, i)))`` for ``i`` in ``range(count)``.

    Yields ``(i, result)`` in index order as results arrive, leaving out tasks that failed
    on every try; then, if any did, raises :class:`BatchError` naming them (``name`` is a
    format string with ``{index}`` or a function of the index, called in this process).
    Nothing runs until the iterator is first advanced; closing it early stops the workers.
    ``fn`` must be picklable (a module-level function or a ``functools.partial`` of one)
    unless ``jobs=1``.
    """
    options = options or BatchOptions()
    _check(count, options)
    local: tuple[int, int] | None = None  # (processes, chunk size); Dask sizes on connecting
    if options.scheduler is None and count:
        jobs = options.jobs if options.jobs is not None else _cores()
        size = options.chunk_size or default_chunk_size(count, jobs)
        local = (min(jobs, -(-count // size)), size)  # never more processes than chunks
        if local[0] > 1:
            try:
                pickle.dumps(fn)
            except Exception as exc:
                raise TypeError("a batch on several processes needs a picklable task "
                                f"function (a module-level one): {_one_line(exc)}") from None
    return _run(fn, count, seed, _task_name(name), options, local, progress)


def _open(fn: Callable[[Task], Any], seed: int | str, count: int, options: BatchOptions,
          local: tuple[int, int] | None) -> tuple[_Backend, int]:
    """The back end and the chunk size."""
    if local is None:
        assert options.scheduler is not None
        dask = _DaskBackend(fn, seed, options.scheduler, options.connect_timeout)
        return dask, options.chunk_size or default_chunk_size(count, dask.workers)
    workers, size = local
    if workers == 1:
        return _InlineBackend(fn, seed), size
    return _ProcessBackend(fn, seed, workers), size


@dataclass
class _Chunk:
    start: int
    stop: int
    left: int  # tasks not yet finished for good


class _Ledger:
    """The bookkeeping of one run: chunks sent and not yet handed over, results waiting
    for earlier chunks, tries, failures, and the tasks to run alone."""

    def __init__(self, count: int, size: int, options: BatchOptions,
                 name: Callable[[int], str]) -> None:
        self.count, self.size, self.options, self.name = count, size, options, name
        self.chunks: dict[int, _Chunk] = {}  # by start // size
        self.head = self.sent = 0  # chunk numbers: oldest not handed over, next to send
        self.values: dict[int, Any] = {}
        self.tries: dict[int, int] = {}
        self.failures: dict[int, TaskFailure] = {}
        self.suspects: deque[int] = deque()  # from chunks whose worker died
        self.done = 0

    @property
    def stopping(self) -> bool:
        limit = self.options.max_failures
        return limit is not None and len(self.failures) >= limit

    @property
    def not_run(self) -> int:
        return self.count - min(self.sent * self.size, self.count)

    def next_chunk(self, window: int) -> _Unit | None:
        """The next chunk to send, if the window and the failures allow one."""
        if self.stopping or self.sent * self.size >= self.count:
            return None
        if self.sent - self.head >= window:
            return None
        start = self.sent * self.size
        stop = min(start + self.size, self.count)
        self.chunks[self.sent] = _Chunk(start, stop, stop - start)
        self.sent += 1
        return _Unit(start, stop)

    def take_ready(self) -> list[tuple[int, Any]]:
        """The results of every finished chunk with no unfinished chunk before it."""
        ready: list[tuple[int, Any]] = []
        while self.head in self.chunks and self.chunks[self.head].left == 0:
            chunk = self.chunks.pop(self.head)
            span = range(chunk.start, chunk.stop)
            ready.extend((i, self.values.pop(i)) for i in span if i in self.values)
            for i in span:
                self.tries.pop(i, None)
            self.head += 1
        return ready

    def record(self, unit: _Unit, outcomes: list[_Outcome] | str) -> tuple[int, list[_Unit]]:
        """Take in a unit's outcomes: (tasks finished for good, tasks to send again now)."""
        finished: list[int] = []
        again: list[_Unit] = []
        if isinstance(outcomes, str):  # the chunk itself failed: its worker died
            if not unit.alone:  # which task killed it is unknown: each runs again, alone
                self.suspects.extend(range(unit.start, unit.stop))
            elif self._gave_up(unit.start, outcomes, ""):  # it ran alone: its own fault
                finished.append(unit.start)
            else:
                self.suspects.append(unit.start)
        else:
            for index, (ok, payload) in zip(range(unit.start, unit.stop), outcomes,
                                            strict=True):
                if ok:
                    self.values[index] = payload
                    finished.append(index)
                elif self._gave_up(index, *payload):
                    finished.append(index)
                else:
                    again.append(_Unit(index, index + 1))
        for index in finished:
            self.chunks[index // self.size].left -= 1
        self.done += len(finished)
        return len(finished), again

    def _gave_up(self, index: int, error: str, detail: str) -> bool:
        self.tries[index] = self.tries.get(index, 0) + 1
        if self.tries[index] <= self.options.retries:
            return False
        self.failures[index] = TaskFailure(index, self.name(index), error, detail,
                                           self.tries[index])
        return True


def _run(fn: Callable[[Task], R], count: int, seed: int | str, name: Callable[[int], str],
         options: BatchOptions, local: tuple[int, int] | None, progress: Progress | None
         ) -> Iterator[tuple[int, R]]:
    if count == 0:
        if progress:
            progress(0, 0)
        return
    backend, size = _open(fn, seed, count, options, local)
    ledger = _Ledger(count, size, options, name)
    window = options.window or max(2, 4 * backend.workers)
    out = 0  # units sent and not yet back
    alone = False  # a suspect is running: nothing else may be sent
    finished = False
    try:
        if progress:
            progress(0, count)
        while True:
            ready = ledger.take_ready()
            while not (ledger.suspects or alone) and (unit := ledger.next_chunk(window)):
                backend.submit(unit)
                out += 1
            if ledger.suspects and out == 0:
                index = ledger.suspects.popleft()
                backend.submit(_Unit(index, index + 1, alone=True))
                out, alone = 1, True
            if ready:  # handed over after the next chunks are out, so workers keep busy
                yield from ready
                continue
            if out == 0:
                break
            unit, outcomes = backend.wait()
            out -= 1
            alone = alone and not unit.alone
            newly, again = ledger.record(unit, outcomes)
            for retry in again:
                backend.submit(retry)
            out += len(again)
            if progress and newly:
                progress(ledger.done, count)
        finished = True
    finally:
        backend.close(abort=not finished)
    if ledger.failures:
        raise _batch_error(ledger.failures, count, ledger.not_run, options.retries)


def _batch_error(failures: dict[int, TaskFailure], count: int, not_run: int,
                 retries: int) -> BatchError:
    listed = sorted(failures.values(), key=lambda f: f.index)
    shown = "; ".join(f"{f.name} ({f.error})" for f in listed[:5])
    if len(listed) > 5:
        shown += f"; and {len(listed) - 5} more"
    tried = f" after {retries + 1} tries" if retries else ""
    message = f"{len(listed)} of {count} tasks failed{tried}: {shown}"
    if not_run > 0:
        message += f"; stopped there, {not_run} tasks not run"
    return BatchError(message, tuple(listed), max(not_run, 0))
