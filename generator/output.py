"""Writing documents: the type comes from the suffix; every file is written whole
(:mod:`generator.files`).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from generator.errors import FileFormatError, RequestError
from generator.files import write_atomic

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
