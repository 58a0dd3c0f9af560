"""The one drawing interface every picture in tilepress is written against.

Coordinates are millimetres with the origin at the top-left of the page (or of the
symbol being defined) and y growing downwards, as on paper. Font sizes are points.
A back end (:mod:`.svg`, :mod:`.pdf`) implements :class:`Canvas` and :class:`Surface`;
layout and art code never import a back end.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Literal

PT = 25.4 / 72  # one point in millimetres

Anchor = Literal["start", "middle", "end"]
Font = Literal["regular", "bold", "italic", "bold-italic"]
#: Path commands: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)
PathOp = tuple


@dataclass(frozen=True)
class Paper:
    """A sheet size in millimetres."""

    name: str
    width: float
    height: float


PAPERS = {
    "a4": Paper("A4", 210.0, 297.0),
    "letter": Paper("Letter", 215.9, 279.4),
    "a5": Paper("A5", 148.0, 210.0),
    "half-letter": Paper("Half Letter", 139.7, 215.9),
}
HALF = {"A4": "a5", "Letter": "half-letter"}
"""The page of a booklet folded from each sheet."""


def find_paper(name: str) -> Paper:
    from tilepress.errors import RequestError

    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise RequestError(
            f"unknown paper {name!r}; choose one of {', '.join(sorted(PAPERS))}"
        ) from None


class Canvas(ABC):
    """Vector drawing in millimetres, y down. Colours are ``"#rrggbb"`` or ``None``."""

    @abstractmethod
    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        stroke_width: float = 0.25,
        radius: float = 0.0,
        dash: Sequence[float] | None = None,
    ) -> None: ...

    @abstractmethod
    def path(
        self,
        ops: Sequence[PathOp],
        *,
        fill: str | None = None,
        stroke: str | None = None,
        stroke_width: float = 0.25,
        cap: Literal["butt", "round", "square"] = "round",
        join: Literal["miter", "round", "bevel"] = "round",
        dash: Sequence[float] | None = None,
        even_odd: bool = False,
    ) -> None: ...

    @abstractmethod
    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        stroke_width: float = 0.25,
    ) -> None: ...

    @abstractmethod
    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float = 9.0,
        font: Font = "regular",
        anchor: Anchor = "start",
        fill: str = "#000000",
    ) -> None:
        """Draw ``text`` with its baseline at ``y``."""

    @abstractmethod
    @contextmanager
    def group(
        self, *, translate: tuple[float, float] = (0.0, 0.0), scale: float = 1.0,
        rotate: float = 0.0,
    ) -> Iterator[None]:
        """Draw the body translated, then scaled, then rotated (degrees, clockwise)."""

    @abstractmethod
    @contextmanager
    def clip(self, x: float, y: float, w: float, h: float) -> Iterator[None]:
        """Draw the body cut to the rectangle (cards that share a cut line keep to their
        own side of it)."""

    @abstractmethod
    def define(
        self, name: str, width: float, height: float, draw: Callable[[Canvas], None]
    ) -> None:
        """Define a reusable picture (drawn by ``draw`` in a width x height box) once."""

    @abstractmethod
    def place(self, name: str, x: float, y: float, *, scale: float = 1.0) -> None:
        """Draw a defined picture with its top-left corner at (x, y)."""

    # Navigation (PDF only; other back ends may ignore it) ----------------------

    def anchor(self, key: str, y: float = 0.0, *, title: str = "",  # noqa: B027
               level: int | None = None) -> None:
        """Mark a place ``key`` at height ``y`` that links can jump to; with a ``title``
        and a ``level`` (0 = top), list it in the document's outline (PDF bookmarks).
        Back ends without links ignore it."""

    def link(self, x: float, y: float, w: float, h: float, key: str) -> None:  # noqa: B027
        """Make the rectangle a link to the place ``key`` (ignored without links)."""

    # Conveniences built on the primitives -------------------------------------

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        *,
        stroke: str = "#000000",
        stroke_width: float = 0.25,
        dash: Sequence[float] | None = None,
        cap: Literal["butt", "round", "square"] = "butt",
    ) -> None:
        self.path([("M", x1, y1), ("L", x2, y2)], stroke=stroke, stroke_width=stroke_width,
                  dash=dash, cap=cap)

    def polyline(
        self,
        points: Sequence[tuple[float, float]],
        *,
        closed: bool = False,
        fill: str | None = None,
        stroke: str | None = "#000000",
        stroke_width: float = 0.25,
        cap: Literal["butt", "round", "square"] = "round",
    ) -> None:
        ops: list[PathOp] = [("M", *points[0]), *(("L", *p) for p in points[1:])]
        if closed:
            ops.append(("Z",))
        self.path(ops, fill=fill, stroke=stroke, stroke_width=stroke_width, cap=cap)

    def ellipse(
        self,
        cx: float,
        cy: float,
        rx: float,
        ry: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        stroke_width: float = 0.25,
        rotate: float = 0.0,
    ) -> None:
        k = 0.5522847498
        ops: list[PathOp] = [
            ("M", rx, 0.0),
            ("C", rx, k * ry, k * rx, ry, 0.0, ry),
            ("C", -k * rx, ry, -rx, k * ry, -rx, 0.0),
            ("C", -rx, -k * ry, -k * rx, -ry, 0.0, -ry),
            ("C", k * rx, -ry, rx, -k * ry, rx, 0.0),
            ("Z",),
        ]
        with self.group(translate=(cx, cy), rotate=rotate):
            self.path(ops, fill=fill, stroke=stroke, stroke_width=stroke_width)


class Surface(ABC):
    """A multi-page output: pages are drawn one after another, then :meth:`finish`."""

    @abstractmethod
    @contextmanager
    def page(self, width: float, height: float, *, bleed: float = 0.0) -> Iterator[Canvas]:
        """A page whose trimmed size is width x height mm; with ``bleed`` the sheet is
        larger on every side and drawing may reach into it (negative coordinates)."""

    @abstractmethod
    def finish(self) -> bytes: ...

    def prefer(self, *, duplex: str | None = None) -> None:  # noqa: B027
        """How the output wants to be printed: ``duplex`` "long" or "short" (the edge the
        sheet turns over) or "simplex". Back ends without print settings ignore it."""

    def print_shop(self, shop: object) -> None:  # noqa: B027
        """Make the file for a print shop (a :class:`~.pdfx.PrintShop`): CMYK colour and
        PDF/X. Called before the first page; back ends without it ignore it."""


def star_points(
    cx: float, cy: float, outer: float, inner: float, n: int = 5
) -> list[tuple[float, float]]:
    """Corners of an n-pointed star, the first point straight up."""
    points = []
    for i in range(2 * n):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / n
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points
