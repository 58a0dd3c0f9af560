"""American Mah Jongg on paper: the passes of the Charleston, seen from your seat."""

from __future__ import annotations

from collections.abc import Sequence

from generator.documents.model import Figure
from generator.draw.canvas import Canvas

INK = "#1d1d1b"
ACCENT = "#8c2f39"
TABLE = "#e9e3d6"
SEATS = {"you": (0.5, 0.92), "right": (0.92, 0.5), "across": (0.5, 0.08), "left": (0.08, 0.5)}


def _arrow(c: Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    import math

    c.line(x0, y0, x1, y1, stroke=ACCENT, stroke_width=0.7, cap="round")
    a = math.atan2(y1 - y0, x1 - x0)
    head = [(x1, y1), (x1 - 2.6 * math.cos(a - 0.45), y1 - 2.6 * math.sin(a - 0.45)),
            (x1 - 2.6 * math.cos(a + 0.45), y1 - 2.6 * math.sin(a + 0.45))]
    c.polyline(head, closed=True, fill=ACCENT, stroke=None)


def pass_figure(passes: Sequence[tuple[str, str]], *, panel: float = 34.0,
                gap: float = 7.0) -> Figure:
    """One small table per pass, from your seat (at the bottom) to the seat the three
    tiles go to; ``passes`` are (direction, caption) pairs: right, across or left."""

    def draw(c: Canvas) -> None:
        for k, (direction, caption) in enumerate(passes):
            x = k * (panel + gap)
            c.rect(x + panel * 0.2, panel * 0.2, panel * 0.6, panel * 0.6, fill=TABLE,
                   stroke="#b9b2a6", stroke_width=0.3, radius=1.5)
            for seat, (u, v) in SEATS.items():
                mine = seat == "you"
                c.circle(x + u * panel, v * panel, 2.4, fill=INK if mine else "#ffffff",
                         stroke=INK, stroke_width=0.3)
            c.text(x + panel / 2 + 3.4, 0.92 * panel + 1.0, "you", size=7, fill=INK)
            tu, tv = SEATS[direction]
            sx, sy = x + 0.5 * panel, 0.92 * panel - 3.2
            tx, ty = x + tu * panel, tv * panel
            dx, dy = tx - sx, ty - sy
            length = (dx * dx + dy * dy) ** 0.5
            _arrow(c, sx, sy, tx - dx / length * 3.4, ty - dy / length * 3.4)
            c.text(x + panel / 2, panel + 4.6, caption, size=8, font="bold",
                   anchor="middle", fill=ACCENT)

    width = len(passes) * panel + (len(passes) - 1) * gap
    return Figure(width, panel + 7.0, draw)


__all__ = ["pass_figure"]
