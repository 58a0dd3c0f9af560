"""The compiled-kernel switch: numba unless switched off (or missing), the plain function
otherwise."""

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import tilepress
from tilepress.compiled import Kernel, enabled

PACKAGE = str(Path(tilepress.__file__).resolve().parents[1])
"""Where the tilepress under test lives, for the processes the tests start."""


def _dot(a, b):
    total = 0
    for i in range(a.shape[0]):
        total += a[i] * b[i]
    return total


def test_kernel_gives_the_plain_result():
    run = Kernel(_dot)
    a = np.arange(7, dtype=np.int64)
    assert run(a, a) == sum(int(x) * int(x) for x in range(7)) == 91


SWITCH = """
import sys
{before}
from tilepress.compiled import Kernel, enabled

def total(a):
    s = 0
    for x in a:
        s += x
    return s

run = Kernel(total)
print(enabled(), run([1, 2, 3]), run.compiled() is total)
"""


@pytest.mark.parametrize(("env", "before"), [
    ({"TILEPRESS_NO_JIT": "1"}, ""),
    ({"NUMBA_DISABLE_JIT": "1"}, ""),
    ({}, "sys.modules['numba'] = None  # numba cannot be imported"),
])
def test_kernels_run_their_python_when_compilation_is_off(env: dict[str, str], before: str
                                                          ) -> None:
    """TILEPRESS_NO_JIT, numba's own NUMBA_DISABLE_JIT, and no numba: the kernel is its
    plain function, and gives its result."""
    base = {k: v for k, v in os.environ.items()
            if k not in ("TILEPRESS_NO_JIT", "NUMBA_DISABLE_JIT")}
    base["PYTHONPATH"] = os.pathsep.join(filter(None, [PACKAGE, base.get("PYTHONPATH")]))
    out = subprocess.run([sys.executable, "-c", SWITCH.format(before=before)],
                         env={**base, **env}, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "6", "True"]


def test_kernels_are_compiled_by_default() -> None:
    """numba is a core dependency: unless switched off, kernels compile."""
    import numba

    if os.environ.get("TILEPRESS_NO_JIT", "") not in ("", "0") or numba.config.DISABLE_JIT:
        pytest.skip("compilation is switched off in this environment")
    assert enabled()
    assert isinstance(Kernel(_dot).compiled(), numba.core.registry.CPUDispatcher)


CALLEE = '''
from tilepress.compiled import kernel


@kernel
def step(x):
    return x + {add}
'''

CALLER = '''
from tilepress.compiled import kernel
from kernels_b import step


@kernel
def twice(x):
    return step(step(x))


if __name__ == "__main__":
    print(twice(1), twice.compiled().stats.cache_hits.most_common(1))
'''


def test_a_kernel_calling_another_files_kernel_is_recompiled_when_that_file_changes(tmp_path):
    """Numba keys its cache on the caller's file alone (issue 1833): without the callees'
    stamps, the second run would give the cached old sum."""
    if not enabled():
        pytest.skip("kernels are switched off")
    (tmp_path / "kernels_a.py").write_text(CALLER)

    def run(add: int) -> str:
        callee = tmp_path / "kernels_b.py"
        if not callee.exists() or callee.read_text() != CALLEE.format(add=add):
            callee.write_text(CALLEE.format(add=add))
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), PACKAGE]),
               "TILEPRESS_JIT": "eager"}
        out = subprocess.run([sys.executable, str(tmp_path / "kernels_a.py")], env=env,
                             capture_output=True, text=True, check=True, cwd=tmp_path)
        return out.stdout.strip()

    first = run(1)
    assert first.startswith("3 ") and "[]" in first  # compiled and cached
    assert run(1).startswith("3 [(")  # the same files: read from the cache
    assert run(100).startswith("201 ")  # the callee's file changed: compiled again


SUM = """
from tilepress.compiled import kernel


@kernel
def total(values):
    s = 0
    for v in values:
        s += v
    return s
"""


def _module(tmp_path, name: str = "kernels_sum"):
    import importlib

    (tmp_path / f"{name}.py").write_text(SUM)
    sys.path.insert(0, str(tmp_path))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(tmp_path))


def test_auto_runs_the_python_until_it_has_cost_enough_then_compiles(tmp_path, monkeypatch):
    """A short job never pays for a compile; a long one compiles once its Python has
    cost COMPILE_AFTER seconds, and the results are the same before and after."""
    from tilepress import compiled

    if not enabled():
        pytest.skip("kernels are switched off")
    monkeypatch.setenv("TILEPRESS_JIT", "auto")
    module = _module(tmp_path)
    assert module.total((1, 2, 3)) == 6
    assert module.total._compiled is None  # cheap so far: the Python source ran
    monkeypatch.setattr(compiled, "COMPILE_AFTER", 0.0)
    assert module.total((4, 5)) == 9  # this call's time passes the (now zero) budget
    assert module.total._compiled is not None and module.total._compiled is not \
        module.total.python
    assert module.total((4, 5)) == 9  # compiled: the same result


def test_auto_compiles_at_once_what_numba_has_cached(tmp_path, monkeypatch):
    if not enabled():
        pytest.skip("kernels are switched off")
    first = _module(tmp_path, "kernels_cached")
    monkeypatch.setenv("TILEPRESS_JIT", "eager")
    assert first.total((1, 2)) == 3  # compiled, and its machine code cached on disk
    sys.modules.pop("kernels_cached")
    monkeypatch.setenv("TILEPRESS_JIT", "auto")
    again = _module(tmp_path, "kernels_cached")
    assert again.total((1, 2)) == 3
    assert again.total._compiled is not None  # loaded from the cache at the first call


def test_off_runs_the_python_for_good(tmp_path, monkeypatch):
    from tilepress import compiled

    monkeypatch.setenv("TILEPRESS_JIT", "off")
    monkeypatch.setattr(compiled, "COMPILE_AFTER", 0.0)
    module = _module(tmp_path, "kernels_off")
    assert module.total((1, 2)) == 3
    assert module.total._compiled is module.total.python
