"""Writing files: the type comes from the suffix, and nothing is ever half-written.

Every output is produced in memory, written to a temporary file beside the target, and
renamed over it, so a failure leaves either the old file or none.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from generator.errors import FileFormatError, RequestError

FORMATS = (".json", ".jsonl", ".svg", ".pdf")


def output_format(path: str | os.PathLike[str], allowed: tuple[str, ...] = FORMATS) -> str:
    """The format of an output path, from its suffix (``.pdf`` -> ``"pdf"``)."""
    suffix = Path(path).suffix.lower()
    if suffix not in allowed:
        names = ", ".join(allowed)
        raise RequestError(f"cannot tell what to write to {os.fspath(path)!r}: "
                           f"the name must end in one of {names}")
    return suffix[1:]


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


def render_bytes(document, fmt: str) -> bytes:
    """Render a document as ``"pdf"`` or ``"svg"`` bytes."""
    from generator.documents.layout import render

    if fmt == "pdf":
        from generator.draw.pdf import PdfSurface

        surface = PdfSurface(title=document.title, subject=document.subtitle)
    elif fmt == "svg":
        from generator.draw.svg import SvgSurface

        surface = SvgSurface(title=document.title)
    else:
        raise RequestError(f"a document can be written as PDF or SVG, not {fmt}")
    if hasattr(document, "render"):  # pages laid out by the object itself (card sheets)
        document.render(surface)
    else:
        render(document, surface)
    return surface.finish()


def write_document(document, path: str | os.PathLike[str]) -> Path:
    """Write a document to ``path`` as PDF or SVG, by its suffix."""
    fmt = output_format(path, (".pdf", ".svg"))
    return write_atomic(path, render_bytes(document, fmt))
