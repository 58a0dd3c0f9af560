"""The compiled-kernel switch: numba when present and allowed, the plain function otherwise."""

import subprocess
import sys

import numpy as np

from tilepress.compiled import Kernel, enabled


def _dot(a, b):
    total = 0
    for i in range(a.shape[0]):
        total += a[i] * b[i]
    return total


def test_kernel_gives_the_plain_result():
    run = Kernel(_dot)
    a = np.arange(7, dtype=np.int64)
    assert run(a, a) == sum(int(x) * int(x) for x in range(7)) == 91


def test_no_jit_environment_turns_kernels_off():
    code = "from tilepress.compiled import enabled; print(enabled())"
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={"TILEPRESS_NO_JIT": "1", "PATH": ""},
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == "False"


def test_enabled_matches_numba_presence():
    try:
        import numba  # noqa: F401
    except ImportError:
        assert not enabled()
    else:
        import os

        assert enabled() == (os.environ.get("TILEPRESS_NO_JIT", "") in ("", "0"))


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
    import os

    import pytest

    pytest.importorskip("numba")
    if not enabled():
        pytest.skip("kernels are switched off")
    (tmp_path / "kernels_a.py").write_text(CALLER)

    def run(add: int) -> str:
        callee = tmp_path / "kernels_b.py"
        if not callee.exists() or callee.read_text() != CALLEE.format(add=add):
            callee.write_text(CALLEE.format(add=add))
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), root])}
        out = subprocess.run([sys.executable, str(tmp_path / "kernels_a.py")], env=env,
                             capture_output=True, text=True, check=True, cwd=tmp_path)
        return out.stdout.strip()

    first = run(1)
    assert first.startswith("3 ") and "[]" in first  # compiled and cached
    assert run(1).startswith("3 [(")  # the same files: read from the cache
    assert run(100).startswith("201 ")  # the callee's file changed: compiled again
