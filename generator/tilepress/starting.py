"""The first thing the package does when it is the ``tilepress`` command: a Ctrl-C or
SIGTERM while the command is still starting (importing) is kept for ``main`` to report
as the one line, instead of a KeyboardInterrupt that an import might swallow or turn
into a traceback. A program that imports the library keeps its own signal handlers."""

from __future__ import annotations

import os
import signal
import sys
from itertools import pairwise

EARLY: list[int] = []
"""Signals that came while the command was starting, in order."""


def is_the_command() -> bool:
    """Whether this process is the tilepress command (its script, or ``python -m
    tilepress``), not a program that imports the library."""
    path = sys.argv[0] if sys.argv else ""
    if os.path.splitext(os.path.basename(path))[0] == "tilepress":
        return True
    if (os.path.basename(path), os.path.basename(os.path.dirname(path))) == (
            "__main__.py", "tilepress"):
        return True
    given = list(getattr(sys, "orig_argv", ()))  # while -m locates the package: "-m"
    return any(a == "-m" and b == "tilepress" for a, b in pairwise(given))


if is_the_command():
    try:
        for _sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(_sig, lambda signum, _frame: EARLY.append(signum))
    except ValueError:  # not the main thread
        pass
