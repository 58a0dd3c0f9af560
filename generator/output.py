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
    from generator.documents.model import Figure, Printed
    from generator.draw.canvas import Paper

FORMATS = (".json", ".jsonl", ".svg", ".pdf")


def output_format(path: str | os.PathLike[str], allowed: tuple[str, ...] = FORMATS) -> str:
    """The format of an output path, from its suffix (``.pdf`` -> ``"pdf"``)."""
    suffix = Path(path).suffix.lower()
    if suffix not in allowed:
        names = ", ".join(allowed)
        raise RequestError(f"cannot tell what to write to {os.fspath(path)!r}: "
                           f"the name must end in one of {names}")
    return suffix[1:]


def render_bytes(document: Printed, fmt: str, *, booklet: Paper | None = None) -> bytes:
    """Render a document as ``"pdf"`` or ``"svg"`` bytes; with ``booklet``, its pages (of
    half that sheet) imposed two-up in saddle-stitch order on ``booklet`` sheets."""
    if fmt == "pdf":
        from generator.draw.pdf import PdfSurface

        surface = PdfSurface(title=document.title, subject=document.subtitle)
    elif fmt == "svg":
        from generator.draw.svg import SvgSurface

        surface = SvgSurface(title=document.title)
    else:
        raise RequestError(f"a document can be written as PDF or SVG, not {fmt}")
    if booklet is not None:
        from generator.draw.booklet import BookletSurface

        surface = BookletSurface(surface, booklet)
    document.render(surface)
    return surface.finish()


def write_document(document: Printed, path: str | os.PathLike[str], *,
                   booklet: Paper | None = None) -> Path:
    """Write a document to ``path`` as PDF or SVG, by its suffix (see
    :func:`render_bytes` for ``booklet``)."""
    fmt = output_format(path, (".pdf", ".svg"))
    return write_atomic(path, render_bytes(document, fmt, booklet=booklet))


def figure_bytes(figure: Figure, fmt: str, *, dpi: int = 300) -> bytes:
    """One figure alone, on a transparent background the size of the figure: PDF, SVG,
    or PNG at ``dpi`` (rasterised from the PDF by pdfium)."""
    from generator.draw.pdf import PdfSurface
    from generator.draw.svg import SvgSurface

    surface = SvgSurface(background=None) if fmt == "svg" else PdfSurface()
    with surface.page(figure.width, figure.height) as c:
        figure.draw(c)
    data = surface.finish()
    if fmt != "png":
        return data
    if not 36 <= dpi <= 1200:
        raise RequestError(f"dpi must be between 36 and 1200, not {dpi}")
    import io

    import pypdfium2

    page = pypdfium2.PdfDocument(data)[0]
    image = page.render(scale=dpi / 72, fill_color=(255, 255, 255, 0)).to_pil()
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi))
    return out.getvalue()


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
