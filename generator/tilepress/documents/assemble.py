"""Figures put together into one: lines of text, one figure above another, figures side
by side. The position drawings of ``tilepress draw position`` are built from these and
from each game's own pictures."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tilepress.documents.model import Figure, Illustration
from tilepress.draw.canvas import PT, Canvas
from tilepress.draw.fonts import text_width, wrap
from tilepress.draw.tiles import RATIO, draw_row, row_width
from tilepress.tiles import Tile

Groups = Sequence[Sequence[Tile | None]]

INK = "#1d1d1b"
QUIET = "#6b6862"
LABEL = "#8c2f39"
SMALLEST = 6.0
"""No text is smaller (points)."""


def text_figure(text: str, *, size: float = 8.0, font: str = "regular", colour: str = INK,
                width: float = 0.0) -> Figure:
    """Text as a figure: one line, or wrapped to ``width`` mm when given."""
    size = max(size, SMALLEST)
    lines = wrap(text, width, size, font) if width else text.split("\n")
    leading = size * PT * 1.3
    wide = max((text_width(line, size, font) for line in lines), default=0.0)

    def draw(c: Canvas) -> None:
        for k, line in enumerate(lines):
            c.text(0.0, size * PT * 0.95 + k * leading, line, size=size, font=font,  # type: ignore[arg-type]
                   fill=colour)

    return Figure(max(wide, 1.0), leading * len(lines), draw)


def tiles_figure(groups: Groups, tile_width: float, *,
                 marks: frozenset[tuple[int, int]] = frozenset(), wrap_at: int = 0) -> Figure:
    """Groups of tiles in a row (``None``: a tile face down), ``marks`` outlined; with
    ``wrap_at``, no more than that many tiles a row (groups split where they must)."""
    lines: list[list[Sequence[Tile | None]]] = [[]]
    if wrap_at and not marks:
        used = 0
        for group in groups:
            rest = list(group)
            while rest:
                if used >= wrap_at:
                    lines.append([])
                    used = 0
                take = rest[:wrap_at - used]
                lines[-1].append(tuple(take))
                used += len(take)
                rest = rest[len(take):]
    else:
        lines = [list(groups)]
    th = tile_width * RATIO
    mark_room = 0.2 * tile_width + 1.2 if marks else 0.6
    gap = tile_width * 0.25
    width = max(row_width(line, tile_width) for line in lines)
    height = len(lines) * th + (len(lines) - 1) * gap + mark_room

    def draw(c: Canvas) -> None:
        for k, line in enumerate(lines):
            draw_row(c, line, 0.0, k * (th + gap), tile_width, marks=marks)

    return Figure(max(width, 1.0), height, draw)


def column(parts: Sequence[Figure], *, gap: float = 2.5) -> Figure:
    """Figures one above another, left-aligned, ``gap`` mm apart."""
    width = max((p.width for p in parts), default=1.0)
    height = sum(p.height for p in parts) + gap * max(len(parts) - 1, 0)

    def draw(c: Canvas) -> None:
        y = 0.0
        for part in parts:
            with c.group(translate=(0.0, y)):
                part.draw(c)
            y += part.height + gap

    return Figure(width, max(height, 1.0), draw)


def row(parts: Sequence[Figure], *, gap: float = 6.0) -> Figure:
    """Figures side by side, top-aligned, ``gap`` mm apart."""
    width = sum(p.width for p in parts) + gap * max(len(parts) - 1, 0)
    height = max((p.height for p in parts), default=1.0)

    def draw(c: Canvas) -> None:
        x = 0.0
        for part in parts:
            with c.group(translate=(x, 0.0)):
                part.draw(c)
            x += part.width + gap

    return Figure(max(width, 1.0), height, draw)


def grid(parts: Sequence[Figure], columns: int, *, gap: float = 6.0) -> Figure:
    """Figures in rows of ``columns``."""
    rows = [row(parts[k:k + columns], gap=gap) for k in range(0, len(parts), columns)]
    return column(rows, gap=gap / 2)


def labelled(label: str, figure: Figure, *, size: float = 7.0) -> Figure:
    """A figure with a bold label above it."""
    return column([text_figure(label, size=size, font="bold", colour=LABEL), figure], gap=1.0)


def padded(figure: Figure, margin: float = 2.0) -> Figure:
    """A figure with a margin all round (so outlines at its edge are not cut)."""

    def draw(c: Canvas) -> None:
        with c.group(translate=(margin, margin)):
            figure.draw(c)

    return Figure(figure.width + 2 * margin, figure.height + 2 * margin, draw)


def position_frame(parts: Sequence[Figure], status: str, caption: str) -> Figure:
    """A game's position: its parts one above another, a line of status (the wall, whose
    turn, the scores) and the caption (the last action in words) under them."""
    body = column(parts, gap=3.0)
    width = max(body.width, 80.0)
    words = [text_figure(status, size=7.5, colour=QUIET, width=width),
             text_figure(caption, size=8.5, font="bold", width=width)]
    return padded(column([body, column(words, gap=1.0)], gap=3.0))


PAGE_AREA = (180.0, 267.0)
"""The largest figure, in mm, that prints at full size on an A4 or Letter page within
margins."""


def fits_page(figure: Figure, area: tuple[float, float] = PAGE_AREA) -> bool:
    return figure.width <= area[0] and figure.height <= area[1]


def fit_page(draw: Callable[[float], Illustration], tile_width: float, *,
             smallest: float = 4.0, area: tuple[float, float] = PAGE_AREA
             ) -> tuple[Illustration, float]:
    """``draw(tile_width)``, drawn again with narrower tiles (never below ``smallest``) while
    it is larger than ``area``; text keeps its size, so the width is found in a few steps.
    Returns the figure and the tile width it was drawn at."""
    drawn = draw(tile_width)
    for _ in range(4):
        scale = min(area[0] / drawn.figure.width, area[1] / drawn.figure.height)
        if scale >= 1.0 or tile_width <= smallest:
            break
        tile_width = max(smallest, int(tile_width * scale * 10) / 10)
        drawn = draw(tile_width)
    return drawn, tile_width


def fit_note(asked: float, used: float, figure: Figure) -> str:
    """What a command says of a figure :func:`fit_page` narrowed ("" when it did not)."""
    if used == asked:
        return ""
    return (f"; tiles {used:g} mm wide, "
            + ("to fit a page" if fits_page(figure) else "the narrowest; still larger than a page"))


__all__ = ["column", "fit_note", "fit_page", "fits_page", "grid", "labelled", "padded",
           "position_frame", "row", "text_figure", "tiles_figure"]
