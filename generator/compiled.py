"""Compiled loops for the bots' hottest paths, when numba is installed (``pip install
'tilepress[fast]'``).

A kernel is a plain Python function over numpy arrays and numbers, wrapped in
:func:`kernel`; it may call other kernels of its module. With numba it is compiled on
its first call (no fast-math, so floating point gives the same bits as the numpy path;
the machine code is cached on disk beside the module). Without numba, or with
``TILEPRESS_NO_JIT=1`` in the environment, :func:`enabled` is False and callers keep
their numpy path. Both paths must give the same results: the same seed gives the same
log whether numba is installed or not, and the tests run both.

Nothing here imports numba until a kernel is first called, so commands that never play
a simulated game do not pay its start-up (about 0.3 s).
"""

from __future__ import annotations

import os
import types
from collections.abc import Callable
from functools import cache
from typing import Any


@cache
def enabled() -> bool:
    """True when kernels run compiled: numba imports and ``TILEPRESS_NO_JIT`` is unset."""
    if os.environ.get("TILEPRESS_NO_JIT", "") not in ("", "0"):
        return False
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


class Kernel:
    """A function compiled by numba on its first call (see the module's notes)."""

    __slots__ = ("_compiled", "python")

    def __init__(self, python: Callable[..., Any]) -> None:
        self.python = python
        self._compiled: Callable[..., Any] | None = None

    def __call__(self, *args: Any) -> Any:
        run = self._compiled
        if run is None:
            run = self.compiled()
        return run(*args)

    def compile(self) -> Callable[..., Any]:
        """The compiled function (the plain one when kernels are not enabled)."""
        if not enabled():
            return self.python
        import numba

        python = _calling_compiled(self.python)
        try:
            return numba.njit(cache=True, nogil=True)(python)
        except RuntimeError:  # nowhere to keep the machine code: compile in each process
            return numba.njit(nogil=True)(python)

    def compiled(self) -> Callable[..., Any]:
        """The compiled function, compiled once."""
        if self._compiled is None:
            self._compiled = self.compile()
        return self._compiled


def _calling_compiled(python: Callable[..., Any]) -> Callable[..., Any]:
    """``python``, seeing the kernels it calls as their compiled functions (compiled
    code calls only compiled code)."""
    code = python.__code__  # type: ignore[attr-defined]
    names = python.__globals__  # type: ignore[attr-defined]
    called = {name: names[name].compiled() for name in code.co_names
              if isinstance(names.get(name), Kernel)}
    if not called:
        return python
    return types.FunctionType(code, {**names, **called}, python.__name__,
                              python.__defaults__)  # type: ignore[attr-defined]


def kernel(python: Callable[..., Any]) -> Kernel:
    """Decorate a module-level loop function to be compiled on first use."""
    return Kernel(python)
