"""PDF back end (reportlab), in invariant mode so the same drawing gives the same bytes.

Symbols become form XObjects, so a tile face drawn on every page is stored once.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from reportlab.lib.colors import CMYKColor, HexColor
from reportlab.pdfgen.canvas import Canvas as _RLCanvas

from tilepress.draw.canvas import PT, Canvas, PathOp, Surface
from tilepress.draw.fonts import pdf_font
from tilepress.draw.pdfx import PrintShop, cmyk, make_pdfx, tag_subsets

MM = 1 / PT  # points per millimetre


class PdfCanvas(Canvas):
    def __init__(self, rl: _RLCanvas, defined: set[str], outline: list[int] | None = None,
                 *, colour: Callable[[str], Any] = HexColor) -> None:
        self._c = rl
        self._colour = colour
        """A ``#rrggbb`` as reportlab's colour: RGB, or CMYK for a print shop."""
        self._defined = defined
        self._outline = outline if outline is not None else []
        """The outline levels used so far (a level may go at most one below the last)."""

    def _style(
        self, fill: str | None, stroke: str | None, stroke_width: float,
        dash: Sequence[float] | None = None,
    ) -> tuple[int, int]:
        c = self._c
        if fill:
            c.setFillColor(self._colour(fill))
        if stroke:
            c.setStrokeColor(self._colour(stroke))
            c.setLineWidth(stroke_width)
            c.setDash(list(dash) if dash else [])
        return (1 if stroke else 0, 1 if fill else 0)

    def rect(self, x, y, w, h, *, fill=None, stroke=None, stroke_width=0.25, radius=0.0,
             dash=None):
        if not (fill or stroke):
            return
        s, f = self._style(fill, stroke, stroke_width, dash)
        if radius:
            self._c.roundRect(x, y, w, h, radius, stroke=s, fill=f)
        else:
            self._c.rect(x, y, w, h, stroke=s, fill=f)

    def path(self, ops: Sequence[PathOp], *, fill=None, stroke=None, stroke_width=0.25,
             cap="round", join="round", dash=None, even_odd=False):
        if not (fill or stroke):
            return
        c = self._c
        p = c.beginPath()
        for op in ops:
            code = op[0]
            if code == "M":
                p.moveTo(op[1], op[2])
            elif code == "L":
                p.lineTo(op[1], op[2])
            elif code == "C":
                p.curveTo(*op[1:7])
            elif code == "Z":
                p.close()
            else:  # pragma: no cover - a programming error
                raise ValueError(f"unknown path command {code!r}")
        s, f = self._style(fill, stroke, stroke_width, dash)
        c.setLineCap({"butt": 0, "round": 1, "square": 2}[cap])
        c.setLineJoin({"miter": 0, "round": 1, "bevel": 2}[join])
        c.drawPath(p, stroke=s, fill=f, fillMode=0 if even_odd else 1)

    def circle(self, cx, cy, r, *, fill=None, stroke=None, stroke_width=0.25):
        if not (fill or stroke):
            return
        s, f = self._style(fill, stroke, stroke_width)
        self._c.circle(cx, cy, r, stroke=s, fill=f)

    def text(self, x, y, text, *, size=9.0, font="regular", anchor="start", fill="#000000"):
        c = self._c
        c.saveState()
        c.translate(x, y)
        c.scale(1, -1)
        c.setFillColor(self._colour(fill))
        c.setFont(pdf_font(font), size * PT)
        if anchor == "middle":
            c.drawCentredString(0, 0, text)
        elif anchor == "end":
            c.drawRightString(0, 0, text)
        else:
            c.drawString(0, 0, text)
        c.restoreState()

    @contextmanager
    def group(self, *, translate=(0.0, 0.0), scale=1.0, rotate=0.0) -> Iterator[None]:
        c = self._c
        c.saveState()
        if translate != (0.0, 0.0):
            c.translate(*translate)
        if scale != 1.0:
            c.scale(scale, scale)
        if rotate:
            c.rotate(rotate)
        try:
            yield
        finally:
            c.restoreState()

    @contextmanager
    def clip(self, x: float, y: float, w: float, h: float) -> Iterator[None]:
        c = self._c
        c.saveState()
        p = c.beginPath()
        p.rect(x, y, w, h)
        c.clipPath(p, stroke=0, fill=0)
        try:
            yield
        finally:
            c.restoreState()

    def define(self, name: str, width: float, height: float,
               draw: Callable[[Canvas], None]) -> None:
        if name in self._defined:
            return
        c = self._c
        c.beginForm(_form_name(name), 0, 0, width, height)
        draw(self)
        c.endForm()
        self._defined.add(name)

    def place(self, name: str, x: float, y: float, *, scale: float = 1.0) -> None:
        c = self._c
        c.saveState()
        c.translate(x, y)
        if scale != 1.0:
            c.scale(scale, scale)
        c.doForm(_form_name(name))
        c.restoreState()

    def anchor(self, key: str, y: float = 0.0, *, title: str = "",
               level: int | None = None) -> None:
        self._c.bookmarkHorizontal(key, 0, y)
        if title and level is not None:
            level = min(level, self._outline[-1] + 1 if self._outline else 0)
            self._c.addOutlineEntry(title, key, level=level)
            self._outline.append(level)

    def link(self, x: float, y: float, w: float, h: float, key: str) -> None:
        self._c.linkRect("", key, (x, y + h, x + w, y), relative=1, thickness=0)


def _form_name(name: str) -> str:
    return "F" + "".join(ch if ch.isalnum() else "_" for ch in name)


class PdfSurface(Surface):
    """Pages drawn with :class:`PdfCanvas` into one PDF, fonts embedded."""

    def __init__(self, *, title: str = "", author: str = "tilepress", subject: str = "") -> None:
        self._title, self._author, self._subject = title, author, subject
        self._c = self._canvas()
        self._defined: set[str] = set()
        self._outline: list[int] = []
        self._pages = 0
        self._shop: PrintShop | None = None
        self._colour: Callable[[str], Any] = HexColor

    def _canvas(self, colours: str | None = None) -> _RLCanvas:
        """reportlab's canvas; with ``colours="cmyk"`` it refuses any colour not CMYK."""
        self._buffer = io.BytesIO()
        # the initial font is Vera too, so that no page refers to an unembedded font
        c = _RLCanvas(self._buffer, invariant=1, pageCompression=1,
                      initialFontName=pdf_font("regular"), initialFontSize=10,
                      enforceColorSpace=colours)
        c.setTitle(self._title)
        c.setAuthor(self._author)
        c.setSubject(self._subject)
        c.setCreator("tilepress")
        c.setProducer("tilepress (reportlab)")
        # everything tilepress prints is measured in millimetres: a print dialog should
        # offer actual size, never "fit to page"
        c.setViewerPreference("PrintScaling", "None")
        return c

    @contextmanager
    def page(self, width: float, height: float, *, bleed: float = 0.0) -> Iterator[Canvas]:
        c = self._c
        sheet_w, sheet_h = (width + 2 * bleed) * MM, (height + 2 * bleed) * MM
        c.setPageSize((sheet_w, sheet_h))
        b = bleed * MM
        c.setCropBox((0, 0, sheet_w, sheet_h))
        c.setBleedBox((0, 0, sheet_w, sheet_h))
        c.setTrimBox((b, b, sheet_w - b, sheet_h - b))
        c.saveState()
        c.translate(b, sheet_h - b)
        c.scale(MM, -MM)
        try:
            yield PdfCanvas(c, self._defined, self._outline, colour=self._colour)
        finally:
            c.restoreState()
            c.showPage()
            self._pages += 1

    def prefer(self, *, duplex: str | None = None) -> None:
        if duplex is not None:
            self._c.setViewerPreference("Duplex", {"long": "DuplexFlipLongEdge",
                                                   "short": "DuplexFlipShortEdge",
                                                   "simplex": "Simplex"}[duplex])

    def print_shop(self, shop: object) -> None:
        if not isinstance(shop, PrintShop) or self._pages:
            raise ValueError("a print shop's file is asked for before its first page")
        self._shop = shop
        self._colour = _cmyk_colour
        self._c = self._canvas("cmyk")  # no colour but CMYK slips through

    def finish(self) -> bytes:
        if self._outline:
            self._c.showOutline()  # a reader opens with the bookmarks shown
        if not self._pages:
            with self.page(210, 297):
                pass
        self._c.save()
        data = tag_subsets(self._buffer.getvalue())
        if self._shop is not None:
            data = make_pdfx(data, self._shop, title=self._title)
        return data


def _cmyk_colour(colour: str) -> CMYKColor:
    return CMYKColor(*cmyk(colour))
