"""One progress look (tilepress.cli.progress): a bar with the count, the rate and the time
remaining on a terminal (a real pseudo-terminal here), nothing on a pipe or with NO_COLOR,
and one summary line that says how long the work took."""

from __future__ import annotations

import os
import pty
import re
import select
import sys
import time

import pytest

from tilepress.cli.progress import progress, took, watched


def _read(fd: int) -> str:
    chunks = []
    while select.select([fd], [], [], 0.2)[0]:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    return b"".join(chunks).decode("utf-8", "replace")


@pytest.fixture
def terminal(monkeypatch):
    """A pseudo-terminal's two ends: a stream to draw on, and the fd that reads it."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    main, side = pty.openpty()
    stream = os.fdopen(side, "w")
    yield stream, main
    stream.close()
    os.close(main)


def test_a_bar_on_a_terminal_shows_count_rate_and_time_left(terminal, capsys) -> None:
    stream, main = terminal
    with progress("games", 40, stream=stream) as bar:
        bar.update(0, 40)
        time.sleep(0.3)
        bar.update(10, 40)
        time.sleep(0.3)
        bar.update(20, 40)
        time.sleep(0.3)
    stream.flush()
    drawn = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", _read(main))
    assert "games" in drawn and "20/40" in drawn
    assert re.search(r"\d+(\.\d)? games/s", drawn)  # the rate
    assert re.search(r"\d:\d\d:\d\d", drawn)  # the time remaining
    bar.summary("wrote 20 games to out/x")
    assert re.fullmatch(r"wrote 20 games to out/x in \d\.\d s\n", capsys.readouterr().out)


def test_a_bar_counts_units_one_at_a_time(terminal) -> None:
    stream, main = terminal
    with progress("files", 3, stream=stream) as bar:
        for name in ("one.pdf", "two.pdf", "three.pdf"):
            bar.next(name)
            time.sleep(0.25)
        assert bar.done == 2  # the third is still being made
    stream.flush()
    drawn = _read(main)
    assert "two.pdf" in drawn and "2/3" in drawn


@pytest.mark.parametrize("env", [{"NO_COLOR": "1"}, {"TERM": "dumb"}])
def test_no_bar_with_no_color_or_a_dumb_terminal(terminal, monkeypatch, env) -> None:
    stream, main = terminal
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert not watched(stream)
    with progress("games", 5, stream=stream) as bar:
        bar.update(5, 5)
        time.sleep(0.2)
    stream.flush()
    assert _read(main) == ""


def test_no_bar_on_a_pipe_and_rich_is_not_even_imported(tmp_path) -> None:
    import subprocess

    code = ("import sys, time; from tilepress.cli.progress import progress\n"
            "with progress('games', 3) as bar:\n"
            "    bar.update(3, 3); time.sleep(0.2)\n"
            "bar.summary('wrote 3 games')\n"
            "print('rich' in sys.modules)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, env={**os.environ, "NO_COLOR": ""})
    assert run.stderr == ""
    summary, imported = run.stdout.splitlines()
    assert re.fullmatch(r"wrote 3 games in 0\.\d s", summary) and imported == "False"


def test_quiet_draws_nothing_and_prints_nothing(terminal, capsys) -> None:
    stream, main = terminal
    with progress("games", 5, quiet=True, stream=stream) as bar:
        bar.update(5, 5)
    bar.summary("wrote 5 games")
    stream.flush()
    assert _read(main) == "" and capsys.readouterr().out == ""


@pytest.mark.parametrize(("seconds", "shown"), [(0.44, "0.4 s"), (9.96, "10.0 s"),
                                                (12.4, "12 s"), (59.6, "1 min 00 s"),
                                                (185, "3 min 05 s"), (3725, "1 h 02 min")])
def test_took_reads_as_a_person_says_it(seconds, shown) -> None:
    assert took(seconds) == shown
