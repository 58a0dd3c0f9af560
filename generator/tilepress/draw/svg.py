"""SVG back end (svgwrite). Units are millimetres throughout (the viewBox is in mm).

:class:`SvgPagesSurface` makes one SVG per page, each the size of its page; a
:class:`SvgSurface` holds its pages in one SVG, one under the other with a gap, each on
a white sheet. Symbols are ``<g>`` elements in ``<defs>`` drawn with ``<use>``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

import svgwrite
from svgwrite.container import Group as _G

from tilepress.draw.canvas import PT, Canvas, PathOp, Surface
from tilepress.draw.fonts import SVG_FAMILY
from tilepress.files import SVG_PROLOG

PAGE_GAP = 10.0  # mm between stacked pages


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _style(fill: str | None, stroke: str | None, stroke_width: float,
           dash: Sequence[float] | None = None) -> dict[str, str]:
    style = {"fill": fill or "none"}
    if stroke:
        style["stroke"] = stroke
        style["stroke_width"] = _n(stroke_width)
        if dash:
            style["stroke_dasharray"] = " ".join(_n(d) for d in dash)
    return style


class SvgCanvas(Canvas):
    def __init__(self, dwg: svgwrite.Drawing, parent: _G, defined: set[str]) -> None:
        self._dwg = dwg
        self._parent = parent
        self._defined = defined

    def _add(self, element) -> None:
        self._parent.add(element)

    def rect(self, x, y, w, h, *, fill=None, stroke=None, stroke_width=0.25, radius=0.0,
             dash=None):
        if not (fill or stroke):
            return
        extra = {"rx": _n(radius), "ry": _n(radius)} if radius else {}
        self._add(self._dwg.rect(insert=(_n(x), _n(y)), size=(_n(w), _n(h)),
                                 **extra, **_style(fill, stroke, stroke_width, dash)))

    def path(self, ops: Sequence[PathOp], *, fill=None, stroke=None, stroke_width=0.25,
             cap="round", join="round", dash=None, even_odd=False):
        if not (fill or stroke):
            return
        parts = []
        for op in ops:
            parts.append(op[0] + " ".join(_n(v) for v in op[1:]))
        style = _style(fill, stroke, stroke_width, dash)
        if stroke:
            style["stroke_linecap"] = cap
            style["stroke_linejoin"] = join
        if even_odd:
            style["fill_rule"] = "evenodd"
        self._add(self._dwg.path(d=" ".join(parts), **style))

    def circle(self, cx, cy, r, *, fill=None, stroke=None, stroke_width=0.25):
        if not (fill or stroke):
            return
        self._add(self._dwg.circle(center=(_n(cx), _n(cy)), r=_n(r),
                                   **_style(fill, stroke, stroke_width)))

    def text(self, x, y, text, *, size=9.0, font="regular", anchor="start", fill="#000000"):
        extra = {}
        if "bold" in font:
            extra["font_weight"] = "bold"
        if "italic" in font:
            extra["font_style"] = "italic"
        if anchor != "start":
            extra["text_anchor"] = anchor
        self._add(self._dwg.text(text, insert=(_n(x), _n(y)), font_size=_n(size * PT),
                                 font_family=SVG_FAMILY, fill=fill, **extra))

    @contextmanager
    def group(self, *, translate=(0.0, 0.0), scale=1.0, rotate=0.0) -> Iterator[None]:
        parts = []
        if translate != (0.0, 0.0):
            parts.append(f"translate({_n(translate[0])} {_n(translate[1])})")
        if scale != 1.0:
            parts.append(f"scale({_n(scale)})")
        if rotate:
            parts.append(f"rotate({_n(rotate)})")
        g = self._dwg.g(transform=" ".join(parts)) if parts else self._dwg.g()
        with self._into(g):
            yield

    @contextmanager
    def _into(self, g: _G) -> Iterator[None]:
        """Draw into ``g`` (added where drawing is now) until the block ends."""
        self._add(g)
        outer = self._parent
        self._parent = g
        try:
            yield
        finally:
            self._parent = outer

    @contextmanager
    def clip(self, x: float, y: float, w: float, h: float) -> Iterator[None]:
        ident = f"clip-{len(self._dwg.defs.elements)}"
        region = self._dwg.clipPath(id=ident)
        region.add(self._dwg.rect(insert=(_n(x), _n(y)), size=(_n(w), _n(h))))
        self._dwg.defs.add(region)
        g = self._dwg.g(clip_path=f"url(#{ident})")
        with self._into(g):
            yield

    def define(self, name: str, width: float, height: float,
               draw: Callable[[Canvas], None]) -> None:
        if name in self._defined:
            return
        g = self._dwg.g(id=_symbol_id(name))
        self._dwg.defs.add(g)
        draw(SvgCanvas(self._dwg, g, self._defined))
        self._defined.add(name)

    def place(self, name: str, x: float, y: float, *, scale: float = 1.0) -> None:
        transform = f"translate({_n(x)} {_n(y)})"
        if scale != 1.0:
            transform += f" scale({_n(scale)})"
        self._add(self._dwg.use(f"#{_symbol_id(name)}", transform=transform))


def _symbol_id(name: str) -> str:
    return "s-" + "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name)


class SvgSurface(Surface):
    """Pages stacked top to bottom in one SVG document."""

    def __init__(self, *, title: str = "", background: str | None = "#ffffff") -> None:
        self._title = title
        self._background = background
        self._dwg = svgwrite.Drawing(profile="full", debug=False)
        self._defined: set[str] = set()
        self._pages: list[tuple[_G, float, float]] = []

    @contextmanager
    def page(self, width: float, height: float, *, bleed: float = 0.0) -> Iterator[Canvas]:
        sheet = self._dwg.g()
        sheet_w, sheet_h = width + 2 * bleed, height + 2 * bleed
        if self._background:
            sheet.add(self._dwg.rect(insert=(0, 0), size=(_n(sheet_w), _n(sheet_h)),
                                     fill=self._background))
        body = self._dwg.g(transform=f"translate({_n(bleed)} {_n(bleed)})") if bleed else sheet
        if bleed:
            sheet.add(body)
        yield SvgCanvas(self._dwg, body, self._defined)
        self._pages.append((sheet, sheet_w, sheet_h))

    def finish(self) -> bytes:
        dwg = self._dwg
        if self._title:
            dwg.set_desc(title=self._title)
        width = max((w for _, w, _ in self._pages), default=210.0)
        y = 0.0
        for sheet, _w, h in self._pages:
            if y:
                sheet["transform"] = f"translate(0 {_n(y)})"
            dwg.add(sheet)
            y += h + PAGE_GAP
        height = max(y - PAGE_GAP, 1.0)
        dwg["width"] = f"{_n(width)}mm"
        dwg["height"] = f"{_n(height)}mm"
        dwg["viewBox"] = f"0 0 {_n(width)} {_n(height)}"
        return f"{SVG_PROLOG}{dwg.tostring()}".encode()


class SvgPagesSurface(Surface):
    """One SVG document per page, each the size of its page (with its bleed)."""

    def __init__(self, *, title: str = "", background: str | None = "#ffffff") -> None:
        self._title = title
        self._background = background
        self._pages: list[bytes] = []

    @contextmanager
    def page(self, width: float, height: float, *, bleed: float = 0.0) -> Iterator[Canvas]:
        number = len(self._pages) + 1
        one = SvgSurface(title=f"{self._title}, page {number}" if self._title else "",
                         background=self._background)
        with one.page(width, height, bleed=bleed) as c:
            yield c
        self._pages.append(one.finish())

    def finish(self) -> bytes:
        """The first page (see :meth:`finish_pages` for every page)."""
        return self._pages[0] if self._pages else SvgSurface().finish()

    def finish_pages(self) -> list[bytes]:
        return list(self._pages)
