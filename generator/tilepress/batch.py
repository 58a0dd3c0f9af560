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
  debuggers); ``jobs=N`` on N local processes (the default: one per core), never more
  than :data:`MAX_JOBS_PER_CORE` per core nor than there are chunks (:func:`local_plan`);
  ``scheduler="tcp://host:8786"`` on a running Dask scheduler, whose workers must have
  tilepress (and the task function's module) installed. All three share one loop: the
  same chunks, window and order.
- **Chunks.** Tasks go out in chunks, contiguous ranges of indices (``chunk_size``, by
  default an eighth of each worker's share, at most ``MAX_CHUNK``), and at most
  ``window`` chunks (by default four per worker) are out at once, counted from the
  oldest one not yet handed over, so a million tasks never sit in memory.
- **Order.** Results come back as an iterator of ``(index, result)`` in index order, each
  chunk as soon as it and every chunk before it are done; write them as they arrive.
- **Progress.** ``progress(done, total)`` (:class:`Progress`) is called from the
  caller's thread: ``(0, total)`` when the work starts, then each time tasks finish, up
  to ``(total, total)``. A caller times the calls for rate and time remaining, as rich
  and tqdm bars do.
- **Failures.** A task that raises is tried again ``retries`` times, on its own. A task
  that fails every try is left out of the results, the run goes on, and after the last
  result the iterator raises :class:`~tilepress.errors.BatchError` naming every failed
  task. After ``max_failures`` such tasks no new chunk is sent: what is out is finished
  and handed over, then the error also says how many tasks were not run.
- **Lost workers.** On local processes a dead worker breaks the whole pool, so nobody
  knows which task killed it: the tasks of every chunk that was out run again one at a
  time with nothing else running, and a death then counts against the one task that
  ran. On Dask the scheduler does this itself (it reschedules the work of a lost worker
  and retries a failed piece ``retries`` times); a chunk that fails there all the same
  is split into its tasks, and a task that fails alone is named.
- **Stopping.** Closing the iterator, an exception in the caller's loop, or
  :func:`stop_local_workers` (the CLI calls it on SIGINT and SIGTERM) ends the local
  workers at once. Workers also end by themselves when the process that started them
  dies, however it died (a ``kill -9`` too): each one watches a pipe that only its
  parent holds open. Signals are held back for the few milliseconds in which worker
  processes are being started, and workers never see Ctrl-C: the parent handles it.
- **Names on a Dask dashboard.** Chunks are Dask keys made of ``label`` (``BatchOptions``)
  and the part of the task names that changes: ``stats-castle-games-700-799-<run>``,
  ``daily-2027-03-01-<run>`` (``<run>`` keeps two runs on one scheduler apart).
- **A scheduler address** that is not a reachable Dask scheduler (nothing listening, a web
  server such as the dashboard on 8787, any other service) is refused in one line
  within ``connect_timeout`` seconds, before a ``Client`` is made.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import queue
import random
import re
import signal
import sys
import threading
import traceback
import uuid
import weakref
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from .errors import BatchError, RequestError

if TYPE_CHECKING:  # imported where used, so that importing this module stays cheap
    from concurrent.futures import Future, ProcessPoolExecutor
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

R = TypeVar("R")

MAX_CHUNK = 100
"""The largest default chunk: bounds memory, progress steps and what a dead worker takes."""

CHUNKS_PER_WORKER = 8
"""Default chunks per worker: enough to even out slow and fast chunks at the end."""

MAX_JOBS_PER_CORE = 4
"""Local worker processes per core, at most. Tasks are CPU-bound Python: past one process
per core they only share the cores (the same work, more memory: each worker holds its
own interpreter and caches, tens of MB). Up to four are allowed, for a core count that
says less than the machine can give and for deliberate oversubscription; a larger
``jobs`` is lowered to this, never an error (the output is the same for any number)."""

CONNECT_TIMEOUT = 4.0
"""Seconds for a Dask scheduler to answer (``BatchOptions.connect_timeout``'s default)."""


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
    """Local processes; ``None`` = one per available core, 1 = in this process, no pool.
    At most ``MAX_JOBS_PER_CORE`` per core and one per chunk (:func:`local_plan`)."""
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
    connect_timeout: float | None = None
    """Seconds for a Dask scheduler to answer; ``None`` = ``CONNECT_TIMEOUT`` (4 s)."""
    label: str | None = None
    """What the batch is called on a Dask dashboard, such as ``stats-castle-games`` or
    ``daily``; ``None`` = the words that every task name shares (``task`` for the default
    names)."""


@dataclass(frozen=True)
class TaskFailure:
    """A task that failed on every try: its name, the last error in one line, and its
    traceback (empty when its worker died with it)."""

    index: int
    name: str
    error: str
    detail: str
    attempts: int


class Progress(Protocol):
    """A progress callback: ``progress(done, total)``, with ``done`` the tasks finished for
    good (failed ones included) and ``total`` the tasks of the batch.

    It is called from the caller's thread, only while the caller asks for results: first
    with ``(0, total)`` when the work starts (before the first result; time it to show
    elapsed time), then whenever tasks have finished, with ``done`` never going down, and
    last with ``(total, total)`` unless ``max_failures`` stopped the run. That is all a
    bar, a count, a rate and a time remaining need: rich's ``Progress.update(task,
    completed=done, total=total)`` or tqdm's ``bar.n = done`` take it as it is."""

    def __call__(self, done: int, total: int, /) -> None: ...


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


PARENT_GONE = 75
"""Exit status of a local worker whose parent process ended (EX_TEMPFAIL)."""


def _worker_started(parent: Connection) -> None:
    """Worker initializer: Ctrl-C is the parent's to handle, and the worker ends as soon as
    its parent does, whatever ended it. Only the parent holds the other end of ``parent``
    open (pipes are not inherited), so the read below returns when the parent's end is
    closed: by the parent stopping its workers, or by the kernel when the parent dies."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_end_with_parent, args=(parent,), daemon=True,
                     name="tilepress-parent-watch").start()


def _end_with_parent(parent: Connection) -> None:
    with suppress(EOFError, OSError):
        parent.recv_bytes()  # nothing is ever sent
    os._exit(PARENT_GONE)


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
    owns_failures: bool
    """True when a unit that fails as a whole failed on its own and was already retried
    (Dask); False when one death fails every unit that was out (a local pool)."""

    def submit(self, unit: _Unit) -> None: ...

    def wait(self) -> tuple[_Unit, list[_Outcome] | str]:
        """The next unit to finish, with its outcomes or, if the chunk itself failed
        (its worker died, its result would not pickle), one line saying why."""
        ...

    def close(self, abort: bool) -> None: ...


class _InlineBackend:
    """``jobs=1``: units run in this process, in order, when their result is asked for."""

    workers = 1
    owns_failures = False

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


def _tracking_context() -> Any:
    """The start method's multiprocessing context, remembering every process it makes:
    the pool's workers, so that they can be ended at once (``ProcessPoolExecutor`` has no
    public way to do it before Python 3.14)."""
    import multiprocessing

    base = type(multiprocessing.get_context(_start_method()))

    class TrackingContext(base):  # type: ignore[valid-type, misc]
        def __init__(self) -> None:
            super().__init__()
            self.processes: list[BaseProcess] = []

        def Process(self, *args: Any, **kwargs: Any) -> BaseProcess:
            process = base.Process(*args, **kwargs)
            self.processes.append(process)
            return process

    return TrackingContext()


@contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM wait while worker processes may be started, and are raised
    again after: a process killed half-started, or whose parent exits under it, prints a
    traceback. SIGINT is also blocked in this thread meanwhile: a forkserver started now
    inherits that, and so do the workers it forks, which never see Ctrl-C."""
    caught: list[int] = []
    saved: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGINT, signal.SIGTERM):
            handler = signal.getsignal(sig)
            if callable(handler):  # a Python handler, which would raise here
                saved[sig] = signal.signal(sig, lambda signum, _frame: caught.append(signum))
    mask = (signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            if hasattr(signal, "pthread_sigmask") else None)
    try:
        yield
    finally:
        if mask is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for sig, handler in saved.items():
            signal.signal(sig, handler)
        if caught:
            signal.raise_signal(caught[0])


_OPEN_POOLS: weakref.WeakSet[_ProcessBackend] = weakref.WeakSet()


def stop_local_workers() -> None:
    """End the worker processes of every local batch still open in this process, at once.

    A batch's iterator stops its workers when it is closed or garbage-collected; a caller
    that is leaving on a signal calls this so that no worker finishes its chunk first
    (the CLI does, on SIGINT and SIGTERM). Such a batch's iterator can not go on."""
    for backend in list(_OPEN_POOLS):
        backend.close(abort=True)


class _ProcessBackend:
    """``jobs=N``: a ``concurrent.futures.ProcessPoolExecutor`` (standard library, so local
    runs need no Dask); a pool broken by a dead worker is replaced."""

    owns_failures = False

    def __init__(self, fn: Callable[[Task], Any], base: int | str, workers: int) -> None:
        self._fn, self._base, self.workers = fn, base, workers
        self._done: queue.SimpleQueue[Future[list[_Outcome]]] = queue.SimpleQueue()
        self._units: dict[Future[list[_Outcome]], _Unit] = {}
        self._context = _tracking_context()
        self._parent_end, self._parent_hold = self._context.Pipe(duplex=False)
        self._closed = False
        self._pool = self._new_pool()
        _OPEN_POOLS.add(self)

    def _new_pool(self) -> ProcessPoolExecutor:
        from concurrent.futures import ProcessPoolExecutor

        return ProcessPoolExecutor(self.workers, mp_context=self._context,
                                   initializer=_worker_started, initargs=(self._parent_end,))

    def submit(self, unit: _Unit) -> None:
        from concurrent.futures.process import BrokenProcessPool

        if self._closed:
            raise RuntimeError("this batch's workers were stopped")
        args = (run_chunk, self._fn, self._base, unit.start, unit.stop)
        with _signals_held():  # the pool starts its processes in submit()
            try:
                future = self._pool.submit(*args)
            except BrokenProcessPool:  # a worker died; its chunks come back as failures
                self._pool.shutdown(wait=True, cancel_futures=True)
                self._pool = self._new_pool()
                future = self._pool.submit(*args)
        self._units[future] = unit
        future.add_done_callback(self._done.put)

    def wait(self) -> tuple[_Unit, list[_Outcome] | str]:
        from concurrent.futures.process import BrokenProcessPool

        if self._closed:
            raise RuntimeError("this batch's workers were stopped")
        future = self._done.get()
        unit = self._units.pop(future)
        try:
            return unit, future.result()
        except BrokenProcessPool:
            return unit, "its worker process died"
        except Exception as exc:
            return unit, f"its worker failed: {_one_line(exc)}"

    def close(self, abort: bool) -> None:
        if self._closed:
            return
        self._closed = True
        _OPEN_POOLS.discard(self)
        if abort:  # shutdown() alone would let running chunks finish: kill the workers
            for process in self._context.processes:  # (SIGKILL: silent, even half-started)
                if process.is_alive():
                    process.kill()
        # and wait for the pool's own thread to see them gone: if the interpreter exited
        # meanwhile, it could wake that thread through a pipe the thread is closing
        # (an OSError traceback at exit, CPython before 3.12)
        self._pool.shutdown(wait=True, cancel_futures=abort)
        self._parent_hold.close()  # any worker left ends now
        self._parent_end.close()


def _check_address(address: str) -> tuple[str, str]:
    """Refuse what is not a scheduler address before anything connects; the scheme and
    the location."""
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
    return scheme, location


async def _identity(address: str, scheme: str, location: str, timeout: float,
                    seen: dict[str, Any]) -> Any:
    """What the server at ``address`` says it is, asked in Dask's own protocol."""
    import asyncio

    from distributed.comm import connect, parse_host_port
    from distributed.security import Security

    if scheme in ("tcp", "tls"):  # Dask would try a refused address until the timeout
        _, writer = await asyncio.open_connection(*parse_host_port(location))
        writer.close()
        seen["listening"] = True
    # the TLS settings of Dask's configuration, as the Client will use them
    comm = await connect(address, timeout=timeout,
                         **Security().get_connection_args("client"))
    try:
        await comm.write({"op": "identity", "reply": True})
        return await comm.read()
    finally:
        comm.abort()


def _ask_scheduler(address: str, scheme: str, location: str, timeout: float) -> None:
    """Make sure that a Dask scheduler answers at ``address`` within ``timeout`` seconds,
    before a ``Client`` is made: a ``Client`` waits for ever for the greeting of a server
    that sends none (a web server, such as Dask's own dashboard on 8787), and reads any
    other service's first bytes as the size of a message (MemoryError: 3 EiB). Asked in
    a thread of its own, with its own event loop, which no caller's loop can be in the
    way of and which a signal does not wait for."""
    import asyncio

    box: dict[str, Any] = {}

    def ask() -> None:
        try:
            box["answer"] = asyncio.run(asyncio.wait_for(
                _identity(address, scheme, location, timeout, box), timeout))
        except BaseException as exc:  # handed to the caller's thread
            box["error"] = exc

    thread = threading.Thread(target=ask, daemon=True, name="tilepress-ask-scheduler")
    thread.start()
    thread.join(timeout + 0.5)  # a name lookup that hangs is not cancelled with the loop
    error, answer = box.get("error"), box.get("answer")
    hint = (" (8787 is the port of Dask's dashboard; a scheduler listens on 8786 unless "
            "told otherwise)") if location.endswith(":8787") else ""
    if thread.is_alive() or isinstance(error, TimeoutError):
        if box.get("listening"):
            raise RequestError(f"{address} is not a Dask scheduler: something listens there "
                               f"but did not answer as one within {timeout:g} s{hint}")
        raise RequestError(f"no Dask scheduler answered at {address} within {timeout:g} s")
    if isinstance(error, ConnectionRefusedError):
        raise RequestError(f"cannot reach the Dask scheduler at {address}: nothing "
                           "listens there (connection refused)")
    if isinstance(error, OSError) and not box.get("listening"):
        raise RequestError(f"cannot reach the Dask scheduler at {address}: "
                           f"{error.strerror or _one_line(error)}")
    if error is not None or not isinstance(answer, dict) or "type" not in answer:
        raise RequestError(f"{address} is not a Dask scheduler: what answers there does not "
                           f"speak Dask's protocol{hint}")
    if answer["type"] != "Scheduler":
        raise RequestError(f"{address} is a Dask {str(answer['type']).lower()}, not a "
                           "scheduler: give the scheduler's address")


class _DaskBackend:
    """``scheduler=ADDRESS``: a ``dask.distributed.Client``, ``submit`` with a key per
    unit and Dask's own ``retries``, and ``as_completed``. Imported only here, so Dask
    stays optional."""

    owns_failures = True

    def __init__(self, fn: Callable[[Task], Any], base: int | str, address: str,
                 timeout: float, key: Callable[[int, int], str], retries: int) -> None:
        try:
            from distributed import Client, as_completed
        except ImportError:
            raise RequestError("running on a Dask scheduler needs dask.distributed: "
                               "pip install 'tilepress[cluster]'") from None
        _ask_scheduler(address, *_check_address(address), timeout)
        try:
            self._client = Client(address, timeout=timeout, set_as_default=False)
        except (OSError, TimeoutError) as exc:  # it answered a moment ago
            raise RequestError(f"cannot reach the Dask scheduler at {address} within "
                               f"{timeout:g} s ({_one_line(exc)})") from None
        self._fn, self._base, self._key, self._retries = fn, base, key, retries
        self.workers = max(1, sum(self._client.nthreads().values()))
        self._done = as_completed(loop=self._client.loop)
        self._out: dict[str, tuple[_Unit, Any]] = {}
        self._keys: set[str] = set()

    def submit(self, unit: _Unit) -> None:
        # a key is never used twice in a run (a task retried on its own, names that do
        # not tell tasks apart): the old key could still name the old result
        key = first = self._key(unit.start, unit.stop)
        while key in self._keys:
            key = f"{first}-{len(self._keys)}"
        self._keys.add(key)
        future = self._client.submit(run_chunk, self._fn, self._base, unit.start, unit.stop,
                                     key=key, retries=self._retries)
        self._out[future.key] = (unit, future)
        self._done.add(future)

    def wait(self) -> tuple[_Unit, list[_Outcome] | str]:
        # Each result is fetched here: as_completed(with_results=True) would fetch them in
        # the background, but never reports one that fails to arrive (a result that does
        # not pickle), and the run would hang.
        future = next(self._done)
        unit, _ = self._out.pop(future.key)
        try:
            return unit, future.result()
        except Exception as exc:  # after Dask's own retries and rescheduling
            return unit, f"on Dask: {_one_line(exc)}"

    def close(self, abort: bool) -> None:
        if abort and self._out:
            self._client.cancel([future for _, future in self._out.values()])
        self._out.clear()
        self._done.clear()
        self._client.close()


# --- the one loop ----------------------------------------------------------------------


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one)."""
    if hasattr(os, "process_cpu_count"):  # Python 3.13
        return max(1, os.process_cpu_count() or 1)
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def default_chunk_size(count: int, workers: int) -> int:
    """About ``CHUNKS_PER_WORKER`` chunks per worker, between 1 and ``MAX_CHUNK`` tasks."""
    return max(1, min(MAX_CHUNK, count // (workers * CHUNKS_PER_WORKER)))


def local_plan(count: int, jobs: int | None = None, chunk_size: int | None = None
               ) -> tuple[int, int]:
    """How ``count`` tasks run locally: (worker processes, tasks per chunk). The workers
    are ``jobs`` (``None``: one per core), at most ``MAX_JOBS_PER_CORE`` per core (and 61
    on Windows, the most its pool takes) and never more than there are chunks; 1 means
    in this process."""
    most = MAX_JOBS_PER_CORE * cores()
    if sys.platform == "win32":
        most = min(most, 61)
    wanted = min(jobs if jobs is not None else cores(), most)
    size = chunk_size or default_chunk_size(count, wanted)
    return max(1, min(wanted, -(-count // size))), size


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
    if options.connect_timeout is not None and not options.connect_timeout > 0:
        raise RequestError(f"connect timeout must be above 0 s, not {options.connect_timeout}")
    if options.label is not None and not _slug(options.label):
        raise RequestError(f"a batch label needs a letter or a digit, not {options.label!r}")


def _task_name(name: str | Callable[[int], str]) -> Callable[[int], str]:
    if isinstance(name, str):
        return lambda index: name.format(index=index)
    return name


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.]+", "-", text).strip("-")


def unit_keys(label: str | None, name: Callable[[int], str], count: int
              ) -> Callable[[int, int], str]:
    """The Dask keys of a run's chunks: ``key(start, stop)`` is ``{label}-{first}-{last}-
    {run}`` (``{label}-{first}-{run}`` for one task), where ``first`` and ``last`` are the
    part of the names of tasks ``start`` and ``stop - 1`` that differs from task to task
    (the words after those that the first and the last task's names share; the last word
    when there is one task), and ``{run}`` is eight hex digits new for every run. With
    ``label=None`` the shared words are the label: ``castle game {index}`` makes
    ``castle-game-700-799-<run>``. Dask's dashboard groups keys by their leading words
    (``castle-game``, ``daily``). A key met again in a run (a task tried again) gets a
    number after it."""
    first, last = name(0).split(), name(max(count - 1, 0)).split()
    shared: list[str] = []
    for a, b in zip(first, last, strict=False):
        if a != b or len(shared) == len(first) - 1:
            break
        shared.append(a)

    def varying(index: int) -> str:
        words = name(index).split()
        if words[:len(shared)] == shared and len(words) > len(shared):
            words = words[len(shared):]
        return _slug(" ".join(words)) or str(index)

    prefix = _slug(label or " ".join(shared)) or "tilepress"
    run = uuid.uuid4().hex[:8]

    def key(start: int, stop: int) -> str:
        span = varying(start) if stop - start == 1 else f"{varying(start)}-{varying(stop - 1)}"
        return f"{prefix}-{span}-{run}"

    return key


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
    unless ``jobs=1``. ``progress`` is described at :class:`Progress`.
    """
    options = options or BatchOptions()
    _check(count, options)
    local: tuple[int, int] | None = None  # (processes, chunk size); Dask sizes on connecting
    if options.scheduler is None and count:
        local = local_plan(count, options.jobs, options.chunk_size)
        if local[0] > 1:
            try:
                pickle.dumps(fn)
            except Exception as exc:
                raise TypeError("a batch on several processes needs a picklable task "
                                f"function (a module-level one): {_one_line(exc)}") from None
    return _run(fn, count, seed, _task_name(name), options, local, progress)


def _open(fn: Callable[[Task], Any], seed: int | str, count: int, options: BatchOptions,
          name: Callable[[int], str], local: tuple[int, int] | None) -> tuple[_Backend, int]:
    """The back end and the chunk size."""
    if local is None:
        assert options.scheduler is not None
        timeout = options.connect_timeout or CONNECT_TIMEOUT
        dask = _DaskBackend(fn, seed, options.scheduler, timeout,
                            unit_keys(options.label, name, count), options.retries)
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

    def record(self, unit: _Unit, outcomes: list[_Outcome] | str, owned: bool
               ) -> tuple[int, list[_Unit]]:
        """Take in a unit's outcomes: (tasks finished for good, tasks to send again now).
        ``owned``: a unit that failed as a whole failed on its own, after the back end's
        own retries (Dask); otherwise a dead worker may have failed it with the rest."""
        finished: list[int] = []
        again: list[_Unit] = []
        if isinstance(outcomes, str) and owned:  # split into its tasks, or name the task
            if unit.stop - unit.start > 1:
                again.extend(_Unit(i, i + 1) for i in range(unit.start, unit.stop))
            else:
                self._fail(unit.start, outcomes, "")
                finished.append(unit.start)
        elif isinstance(outcomes, str):  # the chunk itself failed: its worker died
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
        self._fail(index, error, detail)
        return True

    def _fail(self, index: int, error: str, detail: str) -> None:
        tries = max(self.tries.get(index, 0), self.options.retries + 1)
        self.failures[index] = TaskFailure(index, self.name(index), error, detail, tries)


def _run(fn: Callable[[Task], R], count: int, seed: int | str, name: Callable[[int], str],
         options: BatchOptions, local: tuple[int, int] | None, progress: Progress | None
         ) -> Iterator[tuple[int, R]]:
    if count == 0:
        if progress:
            progress(0, 0)
        return
    backend, size = _open(fn, seed, count, options, name, local)
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
            newly, again = ledger.record(unit, outcomes, backend.owns_failures)
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
