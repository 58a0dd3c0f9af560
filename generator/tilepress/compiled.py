"""Compiled loops: the hottest paths of the bots and of the solitaire solver, compiled by
numba (a core dependency).

A kernel is a plain Python function over numpy arrays and numbers, wrapped in
:func:`kernel`: the one implementation of its computation, which the code calls whether
or not it is compiled. It may call the kernels its module sees (its own or imported
ones). It is compiled on its first call (no fast-math, so floating point gives the bits
of the plain Python; the machine code is cached on disk beside the module). Numba
compiles a called kernel into its caller but keys the cache on the caller's file alone
(numba issue 1833), so a kernel calling kernels of other files is cached under the
stamps of those files too (:class:`_WithCallees`): editing any of them recompiles it.

**When a kernel compiles.** Compiling costs seconds (the solver's kernels about eight
on a fresh install), more than a short job spends in them. So a kernel compiles when it
pays: at its first call if numba has its machine code cached on disk already (loading it
takes milliseconds), or else once its Python source has cost :data:`COMPILE_AFTER`
CPU seconds (a job that keeps calling it then soon earns the compile back; a short one, such
as a kit's few example games, never pays for it). Both run the same source and give
the same bits, so the results do not depend on when -- or whether -- a kernel compiled.
``TILEPRESS_JIT=eager`` compiles every kernel at its first call (the tests and
benchmarks of compiled code use it); ``TILEPRESS_JIT=off`` (or ``TILEPRESS_NO_JIT=1``, or
numba's own ``NUMBA_DISABLE_JIT=1``, or a numba that cannot be imported) runs the Python
source for good: slowly, with the same results (the tests pin the games' logs both
ways).

Nothing here imports numba until a kernel compiles, so commands that never play a long
simulated game do not pay its start-up (about 0.5 s).
"""

from __future__ import annotations

import os
import sys
import time
import types
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

COMPILE_AFTER = 2.0
"""CPU seconds of a kernel's Python source after which it is compiled (see the module's
notes): about what compiling one costs, so a job never spends more than twice what it
would with the best choice made in advance."""


def mode() -> str:
    """``"off"``, ``"eager"`` or ``"auto"`` (the default), from ``TILEPRESS_JIT`` (and the
    older ``TILEPRESS_NO_JIT=1`` and numba's ``NUMBA_DISABLE_JIT=1``, both "off")."""
    if os.environ.get("TILEPRESS_NO_JIT", "") not in ("", "0") or \
            os.environ.get("NUMBA_DISABLE_JIT", "") not in ("", "0"):
        return "off"
    chosen = os.environ.get("TILEPRESS_JIT", "auto").strip().lower() or "auto"
    return chosen if chosen in ("off", "eager") else "auto"


@cache
def enabled() -> bool:
    """True when kernels may run compiled: compilation is not turned off (:func:`mode`),
    numba imports and its own ``NUMBA_DISABLE_JIT`` is off."""
    if mode() == "off":
        return False
    try:
        import numba
    except ImportError:  # no wheel for this platform: the kernels' Python runs
        return False
    return not numba.config.DISABLE_JIT


def _cached_on_disk(python: Callable[..., Any]) -> bool:
    """Whether numba's cache beside the source holds this function's machine code (its
    index file, ``__pycache__/MODULE.NAME-LINE.pyXY.nbi``)."""
    code = python.__code__  # type: ignore[attr-defined]
    source = Path(code.co_filename)
    tag = f"py{sys.version_info.major}{sys.version_info.minor}"
    name = f"{source.stem}.{python.__qualname__}-{code.co_firstlineno}.{tag}.nbi"
    return (source.parent / "__pycache__" / name).exists()


class Kernel:
    """A function compiled by numba when that pays (see the module's notes)."""

    __slots__ = ("_compiled", "_spent", "files", "python")

    def __init__(self, python: Callable[..., Any]) -> None:
        self.python = python
        self._compiled: Callable[..., Any] | None = None
        self._spent: float | None = None
        """Seconds its Python source has run (None: not called yet)."""
        self.files: frozenset[str] = frozenset({python.__code__.co_filename})
        """The source files compiled into it: its own and those of the kernels it calls,
        at any depth (known once compiled)."""

    def __call__(self, *args: Any) -> Any:
        run = self._compiled
        if run is None:
            return self._before_compiled(args)
        return run(*args)

    def _before_compiled(self, args: tuple[Any, ...]) -> Any:
        """A call while the kernel is not compiled: compiled now if it is cached or
        compilation is eager; else its Python source, timed, until it has cost
        :data:`COMPILE_AFTER` (with compilation off, the Python source for good)."""
        if self._spent is None:
            chosen = mode()
            if chosen == "off":
                self._compiled = self.python
                return self.python(*args)
            if chosen == "eager" or _cached_on_disk(self.python):
                return self.compiled()(*args)
            self._spent = 0.0
        start = time.process_time()
        try:
            return self.python(*args)
        finally:
            self._spent += time.process_time() - start
            if self._spent >= COMPILE_AFTER:
                self.compiled()

    def compile(self) -> Callable[..., Any]:
        """The compiled function (the plain one when compilation is off: see
        :func:`enabled`)."""
        if not enabled():
            return self.python
        import numba

        python, self.files = _calling_compiled(self.python)
        others = self.files - {self.python.__code__.co_filename}
        if others:
            python.__tilepress_callees__ = tuple(sorted(others))  # type: ignore[attr-defined]
        try:
            if others and not _WithCallees.install():
                raise RuntimeError("no cache keyed on the callees' files")
            return numba.njit(cache=True, nogil=True)(python)
        except RuntimeError:  # nowhere to keep the machine code: compile in each process
            return numba.njit(nogil=True)(python)

    def compiled(self) -> Callable[..., Any]:
        """The compiled function, compiled once."""
        if self._compiled is None:
            self._compiled = self.compile()
        return self._compiled


def _calling_compiled(python: Callable[..., Any]) -> tuple[Callable[..., Any], frozenset[str]]:
    """``python``, seeing the kernels it calls as their compiled functions (compiled
    code calls only compiled code), and the source files compiled into it."""
    code = python.__code__  # type: ignore[attr-defined]
    names = python.__globals__  # type: ignore[attr-defined]
    kernels = {name: names[name] for name in code.co_names
               if isinstance(names.get(name), Kernel)}
    called = {name: k.compiled() for name, k in kernels.items()}
    files = frozenset({code.co_filename}.union(*(k.files for k in kernels.values())))
    if not called:
        return python, files
    return types.FunctionType(code, {**names, **called}, python.__name__,
                              python.__defaults__), files  # type: ignore[attr-defined]


def _stamp(path: str) -> tuple[float, int]:
    st = os.stat(path)
    return st.st_mtime, st.st_size


class _WithCallees:
    """A numba cache locator for a kernel that compiles in kernels of other files: the
    locator numba would choose, with those files' stamps added to the source's, so that
    the cached machine code goes stale when any of them changes."""

    chain: tuple[Any, ...] = ()
    """The locator classes numba had, tried in its order."""

    def __init__(self, inner: Any, files: tuple[str, ...]) -> None:
        self._inner, self._files = inner, files

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def get_source_stamp(self) -> Any:
        return self._inner.get_source_stamp(), tuple(_stamp(f) for f in self._files)

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> Any:
        files = getattr(py_func, "__tilepress_callees__", ())
        if not files:
            return None
        for locator in cls.chain:
            inner = locator.from_function(py_func, py_file)
            if inner is not None:
                return cls(inner, files)
        return None

    @classmethod
    def install(cls) -> bool:
        """Put this locator first in numba's list; False if numba has no such list."""
        from numba.core import caching

        impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
        classes = getattr(impl, "_locator_classes", None)
        if not isinstance(classes, list):
            return False
        if cls not in classes:
            cls.chain = tuple(classes)
            classes.insert(0, cls)
        return True


def kernel(python: Callable[..., Any]) -> Kernel:
    """Decorate a module-level loop function to be compiled on first use."""
    return Kernel(python)
