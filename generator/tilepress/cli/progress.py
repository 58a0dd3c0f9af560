"""One look for every long command: while the work runs, a bar on stderr with what is
being counted, how many are done of how many, the rate and the time remaining; at the
end, one summary line on stdout (what was written where, and how long it took).

    from tilepress.cli.progress import progress

    with progress("games", total=1000) as bar:
        data = run_stats(run, progress=bar.update)   # a batch runner's (done, total)
    bar.summary(f"wrote the report of 1,000 games to {path}")
    # -> "wrote the report of 1,000 games to out/castle-stats.pdf in 42 s"

    with progress("files", total=len(parts)) as bar:
        for part in parts:
            bar.next(part.name)                      # one at a time: what starts now
            ...

``bar.update`` is a :class:`tilepress.batch.Progress` callback, so it goes straight to
``run_batch``, ``run_stats`` or ``write_range``; ``bar.next(text)`` counts the units
before it done and shows ``text`` while the next one runs. ``total`` may be left out
(None) when the batch runner gives it with its first call.

The bar is drawn only where someone watches it: when stderr is a terminal, ``NO_COLOR``
is not set and ``TERM`` is not ``dumb``; it disappears when the work ends. Anywhere else
(a pipe, a log file, CI) nothing is drawn and rich is never imported, and the summary
line is all the command prints. ``quiet=True`` draws no bar and prints no summary.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

import typer

NAME_WIDTH = 34
"""Characters kept for what :meth:`Bar.next` names (a file in a kit)."""


def watched(stream: IO[str] | None = None) -> bool:
    """Whether a progress bar on ``stream`` (stderr) would be seen: a terminal, with
    neither ``NO_COLOR`` nor ``TERM=dumb``."""
    stream = sys.stderr if stream is None else stream
    try:
        terminal = stream.isatty()
    except (AttributeError, ValueError):  # closed, or not a real file
        return False
    return terminal and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def took(seconds: float) -> str:
    """A duration as a person reads it: 0.4 s, 12 s, 3 min 05 s, 1 h 02 min."""
    if seconds < 10:
        return f"{seconds:.1f} s"
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    return f"{whole // 3600} h {whole % 3600 // 60:02d} min"


class Bar:
    """The progress of one command (see the module's docstring); made by :func:`progress`."""

    def __init__(self, unit: str, total: int | None, quiet: bool) -> None:
        self.unit, self.total, self.quiet = unit, total, quiet
        self.done = 0
        self.started = time.perf_counter()
        self._began = False  # whether next() has started a unit
        self._rich: Any = None
        self._task: Any = None

    @property
    def seconds(self) -> float:
        """Seconds since the work started."""
        return time.perf_counter() - self.started

    def update(self, done: int, total: int) -> None:
        """``done`` of ``total`` finished (the batch runner's progress callback)."""
        self.done, self.total = done, total
        if self._rich is not None:
            self._rich.update(self._task, completed=done, total=total or None)

    def next(self, text: str = "") -> None:
        """The next unit starts, described by ``text``: those started before are done."""
        if self._began:
            self.done += 1
        self._began = True
        if self._rich is not None:  # one width for every name, so the bar stays put
            self._rich.update(self._task, completed=self.done,
                              description=f"{text or self.unit:<{NAME_WIDTH}.{NAME_WIDTH}}")

    def summary(self, text: str) -> None:
        """Print the command's one line: ``text`` and how long the work took."""
        if not self.quiet:
            typer.echo(f"{text} in {took(self.seconds)}")

    def _show(self, stream: IO[str]) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            ProgressColumn,
            TextColumn,
            TimeRemainingColumn,
        )
        from rich.text import Text

        unit = self.unit

        class Rate(ProgressColumn):
            def render(self, task: Any) -> Text:
                speed = task.finished_speed or task.speed
                if not speed:
                    return Text(f"? {unit}/s")
                shown = f"{speed:.1f}" if speed < 100 else f"{speed:,.0f}"
                return Text(f"{shown} {unit}/s")

        self._rich = Progress(TextColumn("{task.description}"), BarColumn(),
                              MofNCompleteColumn(), Rate(), TimeRemainingColumn(),
                              console=Console(file=stream, force_terminal=True),
                              transient=True)
        self._task = self._rich.add_task(unit, total=self.total)
        self._rich.start()

    def _hide(self) -> None:
        if self._rich is not None:
            self._rich.stop()
            self._rich = None


@contextmanager
def progress(unit: str, total: int | None = None, *, quiet: bool = False,
             stream: IO[str] | None = None) -> Iterator[Bar]:
    """A :class:`Bar` counting ``unit`` ("games", "files", "sheets", "puzzles") up to
    ``total``, drawn on ``stream`` (stderr) while the block runs if someone watches it
    (:func:`watched`) and not ``quiet``."""
    bar = Bar(unit, total, quiet)
    stream = sys.stderr if stream is None else stream
    if not quiet and watched(stream):
        bar._show(stream)
    try:
        yield bar
    finally:
        bar._hide()


__all__ = ["Bar", "progress", "took", "watched"]
