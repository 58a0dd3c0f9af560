"""Pages drawn whole at true size: pieces to cut and fold (tile stands), table mats.

A :class:`DrawnPages` is printed like a document (a title, pages) but each page is one
drawing in millimetres, never scaled to fit: a fold line must land where the tiles need
it. Every page carries the 50 mm calibration bar of the card sheets.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tilepress.draw.canvas import Canvas, Paper, Surface

INK = "#1d1d1b"
GREY = "#6b6862"
CUT = 0.35
"""Width (mm) of a cut line (solid); fold lines are dashed, thinner."""
FOLD_DASH = (2.0, 1.5)


@dataclass(frozen=True)
class DrawnPages:
    """Pages of ``paper`` (or of its landscape turn), each drawn by a function of the
    canvas and the page's width and height."""

    title: str
    paper: Paper
    pages: Sequence[Callable[[Canvas, float, float], None]] = field(compare=False)
    subtitle: str = ""
    landscape: bool = False

    def render(self, surface: Surface) -> int:
        from tilepress.documents.cards import calibration_figure

        w, h = self.paper.width, self.paper.height
        if self.landscape:
            w, h = h, w
        surface.prefer(duplex="simplex")
        bar = calibration_figure()
        for draw in self.pages:
            with surface.page(w, h) as c:
                draw(c, w, h)
                with c.group(translate=(w - 10.0 - bar.width, h - 10.0 - bar.height)):
                    bar.draw(c)
        return len(self.pages)


def cut_line(c: Canvas, points: Sequence[tuple[float, float]]) -> None:
    c.polyline(points, closed=True, stroke=INK, stroke_width=CUT)


def fold_line(c: Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    c.line(x0, y0, x1, y1, stroke=GREY, stroke_width=0.25, dash=FOLD_DASH)


__all__ = ["CUT", "DrawnPages", "cut_line", "fold_line"]
