"""Reading and writing files, so that nothing is ever half-written and every failure is
one clear line.

Every output is produced in memory, written to a temporary file beside the target, and
renamed over it, so a failure leaves either the old file or none.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from generator.errors import FileFormatError


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> Path:
    """Write ``data`` to ``path`` through a temporary file and a rename."""
    target = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise FileFormatError(f"cannot write {os.fspath(path)!r}: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes the file private; files are shared
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return target


def read_text(path: str | os.PathLike[str], what: str = "file") -> str:
    """Read a UTF-8 text file; a missing or unreadable file is one clear error."""
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileFormatError(f"{what} {os.fspath(path)!r} does not exist") from None
    except IsADirectoryError:
        raise FileFormatError(f"{what} {os.fspath(path)!r} is a folder, not a file") from None
    except UnicodeDecodeError:
        raise FileFormatError(f"{what} {os.fspath(path)!r} is not UTF-8 text") from None
    except OSError as exc:
        raise FileFormatError(f"cannot read {what} {os.fspath(path)!r}: {exc.strerror}") from None


__all__ = ["read_text", "write_atomic"]
