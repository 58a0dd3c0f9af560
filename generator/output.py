"""Writing files: the type comes from the suffix, and nothing is ever half-written.

Every output is produced in memory, written to a temporary file beside the target, and
renamed over it, so a failure leaves either the old file or none.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from generator.errors import FileFormatError, RequestError

if TYPE_CHECKING:
    from generator.documents.cards import CardSheets
    from generator.documents.model import Printed

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


def render_bytes(document: Printed, fmt: str) -> bytes:
    """Render a document as ``"pdf"`` or ``"svg"`` bytes."""
    if fmt == "pdf":
        from generator.draw.pdf import PdfSurface

        surface = PdfSurface(title=document.title, subject=document.subtitle)
    elif fmt == "svg":
        from generator.draw.svg import SvgSurface

        surface = SvgSurface(title=document.title)
    else:
        raise RequestError(f"a document can be written as PDF or SVG, not {fmt}")
    document.render(surface)
    return surface.finish()


def write_document(document: Printed, path: str | os.PathLike[str]) -> Path:
    """Write a document to ``path`` as PDF or SVG, by its suffix."""
    fmt = output_format(path, (".pdf", ".svg"))
    return write_atomic(path, render_bytes(document, fmt))


def write_svg_cards(sheets: CardSheets, directory: Path) -> int:
    """Each card side as its own SVG (with its bleed) in ``directory``; the folder is
    built beside it and moved into place, so it is never half-written."""
    from generator.documents.cards import BLEED
    from generator.draw.svg import SvgSurface

    cards = sheets.cards
    w, h = sheets.size
    directory = Path(directory)
    if directory.exists() and not directory.is_dir():
        raise FileFormatError(f"{os.fspath(directory)!r} is a file; give a folder for SVG cards")
    try:
        directory.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{directory.name}.", dir=directory.parent))
    except OSError as exc:
        raise FileFormatError(f"cannot write the folder {os.fspath(directory)!r}: "
                              f"{exc.strerror}") from None
    try:
        for n, spec in enumerate(cards, start=1):
            for label, side in (("front", spec.front), ("back", spec.back)):
                surface = SvgSurface(title=f"{spec.name} {label}")
                with surface.page(w, h, bleed=BLEED) as c:
                    side(c, w, h, BLEED)
                (work / f"{n:02d}-{spec.name}-{label}.svg").write_bytes(surface.finish())
        os.chmod(work, 0o755)
        if directory.exists():
            old = directory.with_name(f".{directory.name}.old")
            shutil.rmtree(old, ignore_errors=True)
            directory.rename(old)
            work.rename(directory)
            shutil.rmtree(old, ignore_errors=True)
        else:
            work.rename(directory)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return 2 * len(cards)
