"""Container blocks: a :class:`~.model.Box` (a framed puzzle or answer, with a title
and a difficulty badge), a :class:`~.model.Grid` of cells and a figure with words
:class:`~.model.Beside` it; registered with
:mod:`.blocks`' ``measure``, ``draw`` and ``split``."""

from __future__ import annotations

from dataclasses import replace

from tilepress.documents.blocks import (
    ACCENT,
    BADGES,
    FRAME,
    INK,
    MUTED,
    draw,
    figure_scale,
    leading,
    measure,
    split,
)
from tilepress.documents.model import Beside, Block, Box, Grid
from tilepress.draw.canvas import Canvas
from tilepress.draw.fonts import text_width, wrap

BOX_PAD = 3.0
_HEAD = 7.5
_LINE = 8.5
_TITLE = 9.5
"""A box's title type at its normal size; the rest of its head scales with it."""


def _scale(block: Box) -> float:
    """How much larger than normal a box's head and writing lines are drawn."""
    return max(1.0, block.size / _TITLE) if block.size else 1.0


def _type(block: Box, normal: float) -> float:
    """A head's or line label's type: ``normal`` in a normal box; in a larger one, scaled
    and never under the box's own size (large print's 14 pt)."""
    k = _scale(block)
    return normal if k == 1.0 else max(normal * k, block.size)


def _has_head(block: Box) -> bool:
    return bool(block.number or block.title or block.badge)


def _badge_width(label: str, k: float = 1.0, size: float = 7.5) -> float:
    return text_width(label, size, "bold") + (12.5 * k if label in BADGES else 0.0)


def _box_title(block: Box, width: float) -> tuple[float, list[str]]:
    """The title's type size and lines: it never runs into the badge; a long title gets
    smaller type (down to 8 pt, or the box's size), then a second line."""
    k = _scale(block)
    room = (width - 2 * BOX_PAD - (8.0 * k if block.number else 0.0)
            - (_badge_width(block.badge, k, _type(block, 7.5)) + 2.5 if block.badge else 0.0))
    sizes = (_TITLE, 8.0) if k == 1.0 else (block.size,)
    for size in sizes:
        if text_width(block.title, size, "bold") <= room:
            return size, [block.title]
    return sizes[-1], wrap(block.title, room, sizes[-1], "bold")


def _head_height(block: Box, width: float) -> float:
    if not _has_head(block):
        return 0.0
    if not block.title:
        return _HEAD * _scale(block)
    size, lines = _box_title(block, width)
    return _HEAD * _scale(block) + (len(lines) - 1) * leading(size)


@measure.register
def _(block: Box, width: float) -> float:
    inner = width - 2 * BOX_PAD
    h = 2 * BOX_PAD + _head_height(block, width)
    h += sum(measure(b, inner) for b in block.body)
    h += block.lines * _LINE * _scale(block)
    return max(h, block.min_height)


def _draw_badge(c: Canvas, label: str, right: float, y: float, k: float = 1.0,
                size: float = 7.5) -> None:
    level = BADGES.get(label)
    c.text(right - (level is not None) * 12.5 * k, y + 4.0 * k, label, size=size,
           font="bold", anchor="end", fill=MUTED)
    if level is None:
        return
    for i in range(4):
        cx = right - (10.5 - i * 3.0) * k
        c.polyline([(cx, y + 1.7 * k), (cx + 1.2 * k, y + 2.9 * k), (cx, y + 4.1 * k),
                    (cx - 1.2 * k, y + 2.9 * k)],
                   closed=True, fill=ACCENT if i < level else None, stroke=ACCENT,
                   stroke_width=0.25)


@draw.register
def _(block: Box, c: Canvas, x: float, y: float, width: float) -> None:
    height = measure(block, width)
    c.rect(x, y, width, height, stroke=FRAME, stroke_width=0.35, radius=2.0)
    cursor = y + BOX_PAD
    inner = width - 2 * BOX_PAD
    k = _scale(block)
    if _has_head(block):
        tx = x + BOX_PAD
        if block.number:
            r = 3.0 * k
            c.circle(tx + r, cursor + r, r, fill=INK)
            c.text(tx + r, cursor + r + 1.25 * k, block.number,
                   size=_type(block, 8.5 if len(block.number) < 3 else 7.0), font="bold",
                   anchor="middle", fill="#ffffff")
            tx += 2 * r + 2.0
        if block.title:
            size, lines = _box_title(block, width)
            for n, line in enumerate(lines):
                c.text(tx, cursor + 4.3 * k + n * leading(size), line, size=size,
                       font="bold", fill=INK)
        if block.badge:
            _draw_badge(c, block.badge, x + width - BOX_PAD, cursor, k, _type(block, 7.5))
        cursor += _head_height(block, width)
    for b in block.body:
        draw(b, c, x + BOX_PAD, cursor, inner)
        cursor += measure(b, inner)
    line_h, label_size = _LINE * k, _type(block, 8.5)
    cursor = max(cursor, y + height - BOX_PAD - block.lines * line_h)
    labels = [*block.line_labels[:block.lines],
              *[block.line_label] * max(block.lines - len(block.line_labels), 0)]
    indent = max((text_width(label, label_size) + 2.0 for label in labels if label),
                 default=0.0)
    for label in labels:
        base = cursor + line_h - 1.8 * k
        lx = x + BOX_PAD
        if label:
            c.text(lx, base - 0.6 * k, label, size=label_size, fill=MUTED)
        lx += indent
        c.line(lx, base, x + width - BOX_PAD, base, stroke=FRAME, stroke_width=0.3, dash=(0.8, 0.8))
        cursor += line_h


# Grids ---------------------------------------------------------------------


def grid_rows(block: Grid) -> list[tuple[Block, ...]]:
    n = max(1, block.columns)
    return [block.cells[i : i + n] for i in range(0, len(block.cells), n)]


def grid_cell_width(block: Grid, width: float) -> float:
    n = max(1, block.columns)
    return (width - block.gap * (n - 1)) / n


@measure.register
def _(block: Grid, width: float) -> float:
    cw = grid_cell_width(block, width)
    rows = grid_rows(block)
    return sum(max(measure(cell, cw) for cell in row) for row in rows) + block.gap * len(rows)


@draw.register
def _(block: Grid, c: Canvas, x: float, y: float, width: float) -> None:
    cw = grid_cell_width(block, width)
    cursor = y
    for row in grid_rows(block):
        height = max(measure(cell, cw) for cell in row)
        for i, cell in enumerate(row):
            if isinstance(cell, Box):
                cell = replace(cell, min_height=height)
            draw(cell, c, x + i * (cw + block.gap), cursor, cw)
        cursor += height + block.gap


@split.register
def _(block: Grid, width: float, height: float):
    cw = grid_cell_width(block, width)
    used = 0.0
    taken = 0
    for row in grid_rows(block):
        h = max(measure(cell, cw) for cell in row)
        if used + h > height + 1e-9:  # the gap after the last row may fall off the page
            break
        used += h + block.gap
        taken += len(row)
    if taken == len(block.cells):
        return block, None
    if taken == 0:
        return None, block
    return replace(block, cells=block.cells[:taken]), replace(block, cells=block.cells[taken:])


# A figure with words beside it ---------------------------------------------


def beside_widths(block: Beside, width: float) -> tuple[float, float]:
    """The figure's column and the words' column: the words take what the figure
    leaves, and at least :attr:`~.model.Beside.words` (at most two thirds of the width)."""
    alone = block.figure.width * figure_scale(block.figure, width)
    words = max(width - alone - block.gap, min(block.words, 2 * width / 3))
    return width - words - block.gap, words


@measure.register
def _(block: Beside, width: float) -> float:
    left, right = beside_widths(block, width)
    return max(measure(block.figure, left), sum(measure(b, right) for b in block.blocks))


@draw.register
def _(block: Beside, c: Canvas, x: float, y: float, width: float) -> None:
    left, right = beside_widths(block, width)
    draw(block.figure, c, x, y, left)
    cursor = y
    for b in block.blocks:
        draw(b, c, x + left + block.gap, cursor, right)
        cursor += measure(b, right)
