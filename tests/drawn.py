"""What a page really shows, without parsing a PDF: a surface whose canvas records every
text, tile and shape in page millimetres, through every group's translation, scale and
rotation (after the recording canvas of ``generator/tilepress/draw/booklet.py``).

    surface = ProbeSurface()
    document.render(surface)
    for page in surface.pages:
        assert min(t.size for t in page.texts) >= 6
        widths = [tile.width for tile in page.tiles]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from tilepress.draw.canvas import Canvas, Surface

Matrix = tuple[float, float, float, float, float, float]  # a b c d e f: x' = a x + c y + e
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _times(m: Matrix, n: Matrix) -> Matrix:
    """m then n applied inside it (n is the inner transform)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def _scale(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _rotation(m: Matrix) -> float:
    return math.degrees(math.atan2(m[1], m[0])) % 360


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    text: str
    size: float
    """In points, as printed (after every scale)."""
    font: str
    anchor: str
    fill: str
    rotation: float


@dataclass(frozen=True)
class Placed:
    """A defined picture (a tile face is ``tile-5m``) placed on the page."""

    name: str
    x: float
    y: float
    scale: float
    rotation: float

    @property
    def width(self) -> float:
        """The printed width of a tile (symbols are 12 mm wide)."""
        return 12.0 * self.scale


@dataclass(frozen=True)
class Shape:
    kind: str
    """rect, path or circle"""
    box: tuple[float, float, float, float]
    """x0, y0, x1, y1 of the shape's corners on the page."""
    fill: str | None
    stroke: str | None
    stroke_width: float


@dataclass
class ProbePage:
    width: float
    height: float
    bleed: float
    texts: list[Text] = field(default_factory=list)
    placed: list[Placed] = field(default_factory=list)
    shapes: list[Shape] = field(default_factory=list)
    anchors: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    clips: list[tuple[float, float, float, float]] = field(default_factory=list)

    @property
    def tiles(self) -> list[Placed]:
        return [p for p in self.placed if p.name.startswith("tile-")]

    def words(self) -> str:
        return " ".join(t.text for t in self.texts)


class ProbeCanvas(Canvas):
    def __init__(self, page: ProbePage, defined: set[str]) -> None:
        self._page = page
        self._defined = defined
        self._m: Matrix = IDENTITY

    def _box(self, points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
        moved = [_apply(self._m, x, y) for x, y in points]
        xs, ys = [p[0] for p in moved], [p[1] for p in moved]
        return (min(xs), min(ys), max(xs), max(ys))

    def rect(self, x, y, w, h, *, fill=None, stroke=None, stroke_width=0.25, radius=0.0,
             dash=None):
        self._page.shapes.append(Shape("rect", self._box([(x, y), (x + w, y), (x, y + h),
                                                          (x + w, y + h)]), fill, stroke,
                                       stroke_width * _scale(self._m)))

    def path(self, ops, *, fill=None, stroke=None, stroke_width=0.25, cap="round",
             join="round", dash=None, even_odd=False):
        points = [(op[i], op[i + 1]) for op in ops for i in range(1, len(op) - 1, 2)]
        if points:
            self._page.shapes.append(Shape("path", self._box(points), fill, stroke,
                                           stroke_width * _scale(self._m)))

    def circle(self, cx, cy, r, *, fill=None, stroke=None, stroke_width=0.25):
        self._page.shapes.append(Shape("circle", self._box([(cx - r, cy - r), (cx + r, cy + r)]),
                                       fill, stroke, stroke_width * _scale(self._m)))

    def text(self, x, y, text, *, size=9.0, font="regular", anchor="start", fill="#000000"):
        px, py = _apply(self._m, x, y)
        self._page.texts.append(Text(px, py, text, size * _scale(self._m), font, anchor, fill,
                                     _rotation(self._m)))

    @contextmanager
    def group(self, *, translate=(0.0, 0.0), scale=1.0, rotate=0.0) -> Iterator[None]:
        outer = self._m
        r = math.radians(rotate)
        inner: Matrix = (scale * math.cos(r), scale * math.sin(r), -scale * math.sin(r),
                         scale * math.cos(r), translate[0], translate[1])
        self._m = _times(outer, inner)
        try:
            yield
        finally:
            self._m = outer

    @contextmanager
    def clip(self, x, y, w, h) -> Iterator[None]:
        self._page.clips.append(self._box([(x, y), (x + w, y + h)]))
        yield

    def define(self, name: str, width: float, height: float,
               draw: Callable[[Canvas], None]) -> None:
        self._defined.add(name)

    def place(self, name: str, x: float, y: float, *, scale: float = 1.0) -> None:
        px, py = _apply(self._m, x, y)
        self._page.placed.append(Placed(name, px, py, scale * _scale(self._m),
                                        _rotation(self._m)))

    def anchor(self, key, y=0.0, *, title="", level=None) -> None:
        self._page.anchors.append(key)

    def link(self, x, y, w, h, key) -> None:
        self._page.links.append(key)


class ProbeSurface(Surface):
    def __init__(self) -> None:
        self.pages: list[ProbePage] = []
        self.preferences: dict[str, str] = {}
        self._defined: set[str] = set()

    @contextmanager
    def page(self, width: float, height: float, *, bleed: float = 0.0) -> Iterator[Canvas]:
        page = ProbePage(width, height, bleed)
        self.pages.append(page)
        yield ProbeCanvas(page, self._defined)

    def prefer(self, **preferences: str) -> None:
        self.preferences.update(preferences)

    def finish(self) -> bytes:
        return b""


def probe(printed) -> list[ProbePage]:
    """Every page of a document or a card sheet, as drawn."""
    surface = ProbeSurface()
    printed.render(surface)
    return surface.pages


def probe_side(side, w: float, h: float, bleed: float = 3.0) -> ProbePage:
    """One card side drawn alone (``side(canvas, w, h, bleed)``)."""
    surface = ProbeSurface()
    with surface.page(w, h, bleed=bleed) as c:
        side(c, w, h, bleed)
    return surface.pages[0]
