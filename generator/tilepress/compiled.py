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

With ``TILEPRESS_NO_JIT=1`` (or numba's own ``NUMBA_DISABLE_JIT=1``) in the environment,
or where numba cannot be imported, the kernels run their Python source as it is: slowly,
with the same results (the tests pin the games' logs both ways).

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
    """True when kernels run compiled: ``TILEPRESS_NO_JIT`` is unset (or 0), numba
    imports and its own ``NUMBA_DISABLE_JIT`` is off."""
    if os.environ.get("TILEPRESS_NO_JIT", "") not in ("", "0"):
        return False
    try:
        import numba
    except ImportError:  # no wheel for this platform: the kernels' Python runs
        return False
    return not numba.config.DISABLE_JIT


class Kernel:
    """A function compiled by numba on its first call (see the module's notes)."""

    __slots__ = ("_compiled", "files", "python")

    def __init__(self, python: Callable[..., Any]) -> None:
        self.python = python
        self._compiled: Callable[..., Any] | None = None
        self.files: frozenset[str] = frozenset({python.__code__.co_filename})
        """The source files compiled into it: its own and those of the kernels it calls,
        at any depth (known once compiled)."""

    def __call__(self, *args: Any) -> Any:
        run = self._compiled
        if run is None:
            run = self.compiled()
        return run(*args)

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
