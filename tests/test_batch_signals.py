"""The batch runner's processes under signals, in real processes (issues 35 and 40): a
signal at any moment gives the one line and nothing else, the workers stop within a
second of Ctrl-C or SIGTERM, and they end when their parent is killed outright
(SIGKILL), the forkserver and the resource tracker with them.

Each test starts its command in a session of its own and watches that session's
processes through /proc (Linux)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")

ONE_LINE = "tilepress: interrupted; nothing was written\n"


def alive_in_session(sid: int) -> list[int]:
    """The processes of session ``sid`` that are not zombies (a zombie runs nothing)."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path("/proc", entry, "stat").read_text()
        except OSError:
            continue
        state, _ppid, _pgrp, session = stat.rsplit(")", 1)[1].split()[:4]
        if int(session) == sid and state != "Z":
            out.append(int(entry))
    return out


def wait_until(check, seconds: float) -> float | None:
    """Seconds until ``check()`` is true, or None after ``seconds``."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if check():
            return time.monotonic() - start
        time.sleep(0.01)
    return None


def start(args: list[str], cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "tilepress", *args], cwd=cwd,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def signal_and_watch(proc: subprocess.Popen[str], sig: int, group: bool
                     ) -> tuple[str, float, float | None]:
    """Send ``sig`` (to the whole session when ``group``, as Ctrl-C does); stderr, the
    seconds until the command ended, and until nothing of its session was left."""
    sent = time.monotonic()
    if group:
        os.killpg(proc.pid, sig)
    else:
        proc.send_signal(sig)
    _, err = proc.communicate(timeout=30)
    ended = time.monotonic() - sent
    left = wait_until(lambda: not alive_in_session(proc.pid), 5)
    return err, ended, None if left is None else ended + left


# stats with two workers: the parent, the resource tracker, the forkserver and a worker
STATS = ["stats", "onesuit", "--games", "20000", "--jobs", "2", "-o", "s.pdf"]


@pytest.mark.parametrize(("sig", "group"), [(signal.SIGTERM, False), (signal.SIGINT, True)],
                         ids=["SIGTERM", "Ctrl-C"])
def test_a_signal_while_workers_start_gives_the_one_line(tmp_path, sig, group):
    """The moment a worker process exists it is still loading its work: a parent that
    left it then made it print a traceback (FileNotFoundError of a semaphore)."""
    proc = start(STATS, tmp_path)
    assert wait_until(lambda: len(alive_in_session(proc.pid)) >= 4, 20) is not None
    err, ended, gone = signal_and_watch(proc, sig, group)
    assert (proc.returncode, err) == (128 + sig, ONE_LINE)
    assert ended < 2 and gone is not None and gone < 2, (ended, gone)
    assert list(tmp_path.iterdir()) == []


def catches_sigterm(pid: int) -> bool:
    """Whether the process has a handler for SIGTERM (Python alone has none): the
    package's first line has run, the rest is still importing."""
    try:
        status = Path("/proc", str(pid), "status").read_text()
    except OSError:
        return False
    caught = next(line for line in status.splitlines() if line.startswith("SigCgt:"))
    return bool(int(caught.split()[1], 16) & (1 << (signal.SIGTERM - 1)))


@pytest.mark.parametrize("wait", [0.0, 0.05, 0.1, 0.2, 0.3])
def test_a_signal_while_the_command_starts_gives_the_one_line(tmp_path, wait):
    """From the package's first line on, a Ctrl-C while the command still imports is
    kept and reported by main (an import could otherwise swallow it, and the command
    ran on); before that line the interpreter itself is starting."""
    proc = start(STATS, tmp_path)
    assert wait_until(lambda: catches_sigterm(proc.pid), 20) is not None
    time.sleep(wait)
    err, ended, gone = signal_and_watch(proc, signal.SIGINT, group=True)
    assert (proc.returncode, err) == (130, ONE_LINE)
    assert ended < 2 and gone is not None and gone < 2, (ended, gone)


def test_after_ctrl_c_every_worker_stops_within_a_second(tmp_path):
    """Issue 40's case: the line came at once, the prompt ten seconds later."""
    proc = start(["stats", "american", "--games", "2000", "-o", "a.pdf"], tmp_path)
    assert wait_until(lambda: len(alive_in_session(proc.pid)) >= 4, 20) is not None
    time.sleep(1.0)  # the workers are playing their chunks
    err, ended, gone = signal_and_watch(proc, signal.SIGINT, group=True)
    assert (proc.returncode, err) == (130, ONE_LINE)
    assert ended < 1 and gone is not None and gone < 1, (ended, gone)


KILLED = """
import sys
from functools import partial
sys.path.insert(0, {tests!r})
import batch_tasks
from tilepress.batch import BatchOptions, run_batch
for _ in run_batch(partial(batch_tasks.pid_then_wait, {folder!r}), 6,
                   options=BatchOptions(jobs=2, chunk_size=1)):
    pass
"""


def test_workers_end_when_their_parent_is_killed(tmp_path):
    """SIGKILL cannot be caught: the workers notice by themselves, and the forkserver and
    the resource tracker follow them."""
    code = KILLED.format(tests=str(Path(__file__).parent), folder=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-c", code], start_new_session=True,
                            stderr=subprocess.DEVNULL)
    assert wait_until(lambda: len(list(tmp_path.glob("*.pid"))) == 2, 20) is not None
    workers = [int(path.stem) for path in tmp_path.glob("*.pid")]
    assert set(workers) <= set(alive_in_session(proc.pid))
    proc.kill()
    proc.wait()
    assert wait_until(lambda: not alive_in_session(proc.pid), 5) is not None, \
        alive_in_session(proc.pid)


def test_the_cli_stops_the_workers_of_a_batch_it_was_not_in(cli, tmp_path, monkeypatch):
    """The signal came while the batch's iterator waited in the caller's loop, and
    something still holds the iterator (a frame, a cycle): its workers stop all the same,
    instead of finishing their chunks while the interpreter waits for them at exit."""
    import multiprocessing

    import tilepress.publish.stats as stats
    from tilepress.cli import Interrupted

    held, calls = [], []
    run_batch, add = stats.run_batch, stats.Tally.add

    def holding(*args, **kwargs):
        held.append(run_batch(*args, **kwargs))
        return held[-1]

    def interrupted_add(self, record):
        calls.append(record)
        if len(calls) == 3:
            raise Interrupted(signal.SIGTERM)
        return add(self, record)

    monkeypatch.setattr(stats, "run_batch", holding)
    monkeypatch.setattr(stats.Tally, "add", interrupted_add)
    assert multiprocessing.active_children() == []
    r = cli("stats", "onesuit", "--games", "400", "--jobs", "2", "-o", tmp_path / "s.pdf")
    assert (r.code, r.err) == (128 + signal.SIGTERM, ONE_LINE)
    assert held and wait_until(lambda: not multiprocessing.active_children(), 1) is not None
