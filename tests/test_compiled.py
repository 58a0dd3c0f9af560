"""The compiled-kernel switch: numba when present and allowed, the plain function otherwise."""

import subprocess
import sys

import numpy as np

from generator.compiled import Kernel, enabled


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
    code = "from generator.compiled import enabled; print(enabled())"
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
