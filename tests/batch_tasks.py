"""Task functions for tests/test_batch.py: module-level, so that worker processes and Dask
workers can unpickle them (a partial of one carries its arguments)."""

from __future__ import annotations

import os
import uuid
from pathlib import Path

from tilepress.batch import Task


def draw(task: Task) -> bytes:
    """Sixteen bytes from the task's own random stream, tagged with its index."""
    return task.index.to_bytes(4, "big") + task.rng().randbytes(16)


def draw_and_pid(task: Task) -> tuple[bytes, int]:
    return draw(task), os.getpid()


def _attempt(folder: str, index: int) -> bool:
    """Record an attempt at ``index``; True the first time (across processes)."""
    Path(folder, f"{index}.{uuid.uuid4().hex}").touch()
    try:
        os.close(os.open(Path(folder, f"{index}.first"), os.O_CREAT | os.O_EXCL))
    except FileExistsError:
        return False
    return True


def attempts(folder: str, index: int) -> int:
    return len([p for p in Path(folder).glob(f"{index}.*") if p.suffix != ".first"])


def flaky(folder: str, every: int, task: Task) -> bytes:
    """Fails the first try of every ``every``-th task, succeeds on the next."""
    if task.index % every == 0 and _attempt(folder, task.index):
        raise OSError(f"disk hiccup on task {task.index}")
    return draw(task)


def broken(bad: frozenset[int], folder: str, task: Task) -> bytes:
    """Always fails on the tasks in ``bad`` (counting attempts in ``folder``, if given)."""
    if task.index in bad:
        if folder:
            _attempt(folder, task.index)
        raise RuntimeError(f"no sheet for day {task.index}\nsecond line")
    return draw(task)


def dies(bad: frozenset[int], task: Task) -> bytes:
    """Ends its worker process on the tasks in ``bad``."""
    if task.index in bad:
        os._exit(3)
    return draw(task)


def always_fails(task: Task) -> bytes:
    raise ValueError("broken task function")


def exits(bad: frozenset[int], task: Task) -> bytes:
    """Calls ``sys.exit()`` on the tasks in ``bad``."""
    if task.index in bad:
        raise SystemExit(f"task {task.index} called exit")
    return draw(task)


def unpicklable(bad: frozenset[int], task: Task) -> object:
    """Returns something that cannot be sent back (a lock) on the tasks in ``bad``."""
    if task.index in bad:
        import threading

        return threading.Lock()
    return draw(task)


def dask_key(task: Task) -> str:
    """The Dask key of the chunk this task runs in."""
    from distributed import get_worker

    return str(get_worker().get_current_task())


def pid_then_wait(folder: str, task: Task) -> int:
    """Tasks 0 and 1 return at once; every other task leaves its process id in ``folder``
    and runs for a minute: a worker that nobody stops."""
    import time

    if task.index < 2:
        return task.index
    Path(folder, f"{os.getpid()}.pid").touch()
    end = time.monotonic() + 60
    while time.monotonic() < end:
        time.sleep(0.01)
    return task.index
