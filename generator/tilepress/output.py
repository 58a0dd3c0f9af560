"""Writing documents: the type comes from the suffix; every file is written whole, and
a file tilepress did not write is replaced only with ``force`` (:mod:`tilepress.files`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tilepress.errors import RequestError
from tilepress.files import (  # write_atomic: re-exported, callers import it from here
    Mark,
    check_output,
    write_all,
    write_atomic,  # noqa: F401
    write_folder,
)

if TYPE_CHECKING:
    from tilepress.documents.cards import CardSheets
    from tilepress.documents.model import Figure, Printed
    from tilepress.draw.canvas import Paper

FORMATS = (".json", ".jsonl", ".svg", ".pdf")
CARD_FILE_NAME = re.compile(r"[0-9]{2,3}-[A-Za-z0-9-]+(-(front|back))?\.(svg|png)")
"""The names card files are given; a folder of only these, written before folders carried
a list of their files, is tilepress's own and may be replaced."""


def output_format(path: str | os.PathLike[str], allowed: tuple[str, ...] = FORMATS, *,
                  force: bool = False, mark: Mark | None = None) -> str:
    """The format of an output path, from its suffix (``.pdf`` -> ``"pdf"``); a path that
    cannot be written (a folder, a path through a file, a file tilepress did not write
    unless ``force``; ``mark`` knows the formats only one writer knows) is refused here,
    before any work."""
    check_output(path, force=force, mark=mark)
    suffix = Path(path).suffix.lower()
    if suffix not in allowed:
        names = ", ".join(allowed)
        raise RequestError(f"cannot tell what to write to {os.fspath(path)!r}: "
                           f"the name must end in one of {names}")
    return suffix[1:]


def _surface(document: Printed, fmt: str, *, pages: bool = False):
    if fmt == "pdf":
        from tilepress.draw.pdf import PdfSurface

        return PdfSurface(title=document.title, subject=document.subtitle)
    if fmt == "svg":
        from tilepress.draw.svg import SvgPagesSurface, SvgSurface

        return SvgPagesSurface(title=document.title) if pages else SvgSurface(
            title=document.title)
    raise RequestError(f"a document can be written as PDF or SVG, not {fmt}")


def render_bytes(document: Printed, fmt: str, *, booklet: Paper | None = None) -> bytes:
    """Render a document as ``"pdf"`` or ``"svg"`` bytes (an SVG holds every page, one
    under the other); with ``booklet``, its pages (of half that sheet) imposed two-up in
    saddle-stitch order on ``booklet`` sheets."""
    surface = _surface(document, fmt)
    outer = surface
    if booklet is not None:
        from tilepress.draw.booklet import BookletSurface

        outer = BookletSurface(surface, booklet)
    document.render(outer)
    return outer.finish()


def render_pdf(document: Printed) -> tuple[bytes, int]:
    """A document (or card sheets) as PDF bytes, and its number of pages."""
    from tilepress.draw.pdf import PdfSurface

    surface = PdfSurface(title=document.title, subject=document.subtitle)
    pages = document.render(surface)
    return surface.finish(), pages


def render_combined(documents: Iterable[Printed], *, title: str, subject: str) -> bytes:
    """Several documents one after the other in one PDF (a range of daily sheets)."""
    from tilepress.draw.pdf import PdfSurface

    surface = PdfSurface(title=title, subject=subject)
    for document in documents:
        document.render(surface)
    return surface.finish()


def render_pages(document: Printed, *, booklet: Paper | None = None) -> list[bytes]:
    """One SVG per page (per sheet side for a booklet), each the size of its page."""
    surface = _surface(document, "svg", pages=True)
    outer = surface
    if booklet is not None:
        from tilepress.draw.booklet import BookletSurface

        outer = BookletSurface(surface, booklet)
    document.render(outer)
    outer.finish()
    return surface.finish_pages()


def page_paths(path: str | os.PathLike[str], count: int) -> list[Path]:
    """Where the pages of an SVG go: the first at ``path``, the others beside it
    numbered from 2 (``waits.svg``, ``waits-2.svg``, ...; ``book-02.svg`` when there
    are ten or more)."""
    path = Path(path)
    digits = len(str(count))
    return [path] + [path.with_name(f"{path.stem}-{k:0{digits}d}{path.suffix}")
                     for k in range(2, count + 1)]


def write_pages(document: Printed, path: str | os.PathLike[str], *,
                booklet: Paper | None = None, force: bool = False) -> list[Path]:
    """Write a document to ``path`` by its suffix: a PDF, or one SVG per page (see
    :func:`page_paths`); card sheets asked for as PNG go to a folder named after
    ``path`` (see :func:`write_card_files`). Every file is checked before the first is
    written: one that tilepress did not write (``path``, or a page beside it) stops it
    all, unless ``force``. Returns the files written."""
    from tilepress.documents.cards import CardSheets

    if isinstance(document, CardSheets) and document.options.format in ("svg", "png"):
        folder = Path(path).with_suffix("") if Path(path).suffix else Path(path)
        write_card_files(document, folder, force=force)
        return [folder]
    fmt = output_format(path, (".pdf", ".svg"), force=force)
    if fmt == "pdf":
        return write_all([(path, render_bytes(document, fmt, booklet=booklet))], force=force)
    pages = render_pages(document, booklet=booklet)
    return write_all(zip(page_paths(path, len(pages)), pages, strict=True), force=force)


def write_document(document: Printed, path: str | os.PathLike[str], *,
                   booklet: Paper | None = None, force: bool = False) -> Path:
    """Write a document to ``path`` as PDF or SVG, by its suffix (see
    :func:`write_pages`; an SVG of several pages is one file per page, the first at
    ``path``); returns the first file written."""
    return write_pages(document, path, booklet=booklet, force=force)[0]


MOST_PIXELS = 150_000_000
"""The largest PNG written (about 600 MB while it is made): an A4 page at 1200 dpi is 140
million pixels."""
FIGURE_EDGE = 0.5
"""Transparent margin (mm) round a figure written alone, so the outer half of a line on
its edge (a tile's border, an outline) is not cut off."""


DPI = (36, 1200)
"""The resolutions a PNG is written at (dots per inch, both ends included)."""


def check_dpi(dpi: int) -> None:
    """Refuse a resolution outside :data:`DPI` (``--dpi``), whatever the output's type:
    a number out of every bound is a mistake even where it would not be used."""
    if not DPI[0] <= dpi <= DPI[1]:
        raise RequestError(f"--dpi: dpi must be between {DPI[0]} and {DPI[1]}, not {dpi}")


def figure_bytes(figure: Figure, fmt: str, *, dpi: int = 300) -> bytes:
    """One figure alone, on a transparent background the size of the figure and a thin
    margin (:data:`FIGURE_EDGE`): PDF, SVG, or PNG at ``dpi`` (rasterised from the PDF by
    pdfium)."""
    from tilepress.draw.pdf import PdfSurface
    from tilepress.draw.svg import SvgSurface

    edge = FIGURE_EDGE
    if fmt == "png":
        check_dpi(dpi)
        across, down = ((size + 2 * edge) / 25.4 * dpi for size in (figure.width,
                                                                   figure.height))
        if across * down > MOST_PIXELS:
            raise RequestError(f"a PNG of {across:,.0f} x {down:,.0f} pixels is too large "
                               f"(at most {MOST_PIXELS // 1_000_000} million pixels): "
                               "ask for fewer dots per inch or narrower tiles, or write "
                               "PDF or SVG")
    surface = SvgSurface(background=None) if fmt == "svg" else PdfSurface()
    with surface.page(figure.width + 2 * edge, figure.height + 2 * edge) as c, \
            c.group(translate=(edge, edge)):
        figure.draw(c)
    data = surface.finish()
    if fmt != "png":
        return data

    import pypdfium2

    page = pypdfium2.PdfDocument(data)[0]
    image = page.render(scale=dpi / 72, fill_color=(255, 255, 255, 0)).to_pil()
    return _png_bytes(image, dpi)


def _png_bytes(image: Any, dpi: int) -> bytes:
    """A PIL image as PNG bytes at ``dpi``, with tilepress's mark (a ``Software`` text,
    :data:`tilepress.files.PNG_MARK`)."""
    import io

    from PIL.PngImagePlugin import PngInfo

    info = PngInfo()
    info.add_text("Software", "tilepress")
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi), pnginfo=info)
    return out.getvalue()


def card_files(sheets: CardSheets) -> list[tuple[str, bytes]]:
    """Each side a print shop needs (:meth:`CardSheets.pod_sides`: every front, a card's
    own back after it, the shared back once) as a named SVG or PNG file, by the sheets'
    format: the card with its bleed, PNG at the options' dpi."""
    from tilepress.documents.cards import BLEED
    from tilepress.draw.pdf import PdfSurface
    from tilepress.draw.svg import SvgSurface

    fmt = sheets.options.format if sheets.options.format in ("svg", "png") else "svg"
    w, h = sheets.size
    files = []
    for n, (name, side) in enumerate(sheets.pod_sides(), start=1):
        surface = SvgSurface(title=name) if fmt == "svg" else PdfSurface(title=name)
        with surface.page(w, h, bleed=BLEED) as c:
            side(c, w, h, BLEED)
        data = surface.finish()
        if fmt == "png":
            data = _png(data, sheets.options.dpi)
        files.append((f"{n:02d}-{name}.{fmt}", data))
    return files


def _png(pdf: bytes, dpi: int) -> bytes:
    return png_pages(pdf, dpi)[0]


def png_pages(pdf: bytes, dpi: int) -> list[bytes]:
    """Each page of a PDF as a PNG at ``dpi`` on white (rasterised by pdfium), with
    tilepress's mark."""
    import pypdfium2

    return [_png_bytes(page.render(scale=dpi / 72, fill_color=(255, 255, 255, 255)).to_pil(),
                       dpi) for page in pypdfium2.PdfDocument(pdf)]


def write_card_files(sheets: CardSheets, directory: str | os.PathLike[str], *,
                     force: bool = False) -> int:
    """Each card side a print shop needs as its own SVG or PNG (by the sheets' format) in
    ``directory``; the folder is built beside it and moved into place, so it is never
    half-written, and a folder that holds files tilepress did not write is refused, never
    replaced; with ``force`` the files go beside the user's
    (:func:`tilepress.files.write_folder`). Returns the number of files."""
    files = [(name, lambda data=data: data) for name, data in card_files(sheets)]
    return write_folder(directory, files, legacy=CARD_FILE_NAME, force=force)

