"""The daily sheet's own page blocks (numbered puzzles, answer lines, balanced columns,
blocks side by side), registered with the layout like any block, the sizes they are
drawn at, and :class:`Presenters`: how a puzzle kind shows a question and its answer on
the sheet (each game that offers its kinds to the daily sheet has them in its
``daily`` module)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from tilepress.documents.layout import FRAME, INK, MUTED, draw, measure
from tilepress.documents.model import Block, Box, Figure, TileRow
from tilepress.draw.canvas import Canvas
from tilepress.draw.fonts import text_width
from tilepress.puzzles.base import Puzzle
from tilepress.tiles import Tile

MARGIN = 10.0
GAP = 4.0
MIN_TILE = 8.0
KEY_TILE = 9.1
"""Tile width of a numbered layout in the answers: its numbers are then 6 pt or more."""
TEXT = 8.5
SMALL = 7.5
FOOT = 6.5
"""The copyright line at the foot of the back."""


@dataclass(frozen=True)
class Look:
    """Sizes on the front: tiles and cards (mm) and the instructions (pt). A front that
    does not fit its page takes the next, smaller look (:data:`LOOKS`)."""

    tile: float = 9.0
    card: float = 8.5
    text: float = 8.5


LOOKS = (Look(), Look(8.5, 8.0, 8.0), Look(MIN_TILE, MIN_TILE, 7.5))
"""From the largest to the smallest: the shipped sheet takes the first on A4 about a third
of the time, the second else, and on Letter the third on about three days in five (182
days measured); a front that does not fit with the last is an error, never smaller type."""


# ---------------------------------------------------------------------------
# Page blocks of the daily sheet (registered with the layout like any block)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Numbered:
    """A puzzle's number in a small disc, with its blocks beside it."""

    number: int
    body: tuple[Block, ...]
    size: float = 0.0
    """The number's type (points; 0: 8.5), the disc in proportion (large print)."""


@dataclass(frozen=True)
class AnswerLine:
    """A dotted line to write an answer on, after a label."""

    label: str
    size: float = 0.0
    """The label's type (points; 0: the sheet's 8.5), the line's height in proportion."""


@dataclass(frozen=True)
class Columns:
    """Boxes in side-by-side columns, each column stretched to ``height`` (when larger
    than its natural height) by growing its boxes evenly."""

    columns: tuple[tuple[Box, ...], ...]
    height: float = 0.0
    gap: float = GAP


@dataclass(frozen=True)
class Beside:
    """Figures side by side at their own sizes, their tops level."""

    figures: tuple[Figure, ...]
    gap: float = 8.0


@measure.register
def _(block: Beside, width: float) -> float:
    return max(measure(f, f.width) for f in block.figures)


@draw.register
def _(block: Beside, c: Canvas, x: float, y: float, width: float) -> None:
    for f in block.figures:
        draw(f, c, x, y, f.width)
        x += f.width + block.gap


_DISC = 5.6
INDENT = 7.0
_LINE = 6.5


def _k(size: float) -> float:
    """How much larger than the sheet's own a numbered puzzle or answer line is drawn."""
    return max(1.0, size / TEXT) if size else 1.0


@measure.register
def _(block: Numbered, width: float) -> float:
    k = _k(block.size)
    inner = width - INDENT * k
    return max((_DISC + 1.0) * k, sum(measure(b, inner) for b in block.body))


@draw.register
def _(block: Numbered, c: Canvas, x: float, y: float, width: float) -> None:
    k = _k(block.size)
    r = _DISC / 2 * k
    c.circle(x + r, y + r + 0.6 * k, r, fill=INK)
    c.text(x + r, y + r + 1.85 * k, str(block.number),
           size=(8.5 if block.number < 10 else 7.5) * k, font="bold", anchor="middle",
           fill="#ffffff")
    cursor = y
    for b in block.body:
        draw(b, c, x + INDENT * k, cursor, width - INDENT * k)
        cursor += measure(b, width - INDENT * k)


@measure.register
def _(block: AnswerLine, width: float) -> float:
    return _LINE * _k(block.size)


@draw.register
def _(block: AnswerLine, c: Canvas, x: float, y: float, width: float) -> None:
    k = _k(block.size)
    size = block.size or TEXT
    base = y + (_LINE - 2.0) * k
    lx = x + INDENT * k
    if block.label:
        c.text(lx, base - 0.6 * k, block.label, size=size, fill=MUTED)
        lx += text_width(block.label, size) + 2.0
    c.line(lx, base, x + width, base, stroke=FRAME, stroke_width=0.3, dash=(0.8, 0.8))


def _column_width(block: Columns, width: float) -> float:
    n = max(1, len(block.columns))
    return (width - block.gap * (n - 1)) / n


def _natural(column: Sequence[Box], width: float, gap: float) -> float:
    return sum(measure(b, width) for b in column) + gap * max(len(column) - 1, 0)


@measure.register
def _(block: Columns, width: float) -> float:
    cw = _column_width(block, width)
    return max([block.height, *(_natural(col, cw, block.gap) for col in block.columns)])


@draw.register
def _(block: Columns, c: Canvas, x: float, y: float, width: float) -> None:
    cw = _column_width(block, width)
    height = measure(block, width)
    for i, column in enumerate(block.columns):
        extra = (height - _natural(column, cw, block.gap)) / max(len(column), 1)
        cursor = y
        for box in column:
            h = measure(box, cw) + extra
            draw(replace(box, min_height=h), c, x + i * (cw + block.gap), cursor, cw)
            cursor += h + block.gap


# ---------------------------------------------------------------------------
# Presenters: a kind's question and answer, sized for the daily page
# ---------------------------------------------------------------------------

Presenter = Callable[[Puzzle, float, Look], tuple[Block, ...]]
"""``(puzzle, width in mm, look) -> blocks``: tiles 8 mm wide or more, no text under 6 pt."""


@dataclass(frozen=True)
class Presenters:
    """How a puzzle kind is shown on the daily sheet."""

    question: Presenter
    answer: Presenter
    label: str = "Answer:"
    """The label of the answer line (empty: no line, as for a layout played on paper)."""
    wide: bool = False
    """Across the page always (a layout's layers side by side), not in a column."""
    words: Callable[[Puzzle], str] | None = None
    """The answer in one sentence of players' words, for a panel of yesterday's answers
    (None: the answer is a picture, on the back of its own sheet)."""


def listed(parts: Sequence[str], last: str = "and") -> str:
    """Words in a list as a reader says it: ``a, b and c``."""
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} {last} {parts[-1]}"


def row_split(items: Sequence[Tile], most: int) -> list[tuple[Tile, ...]]:
    """Tiles in rows of at most ``most``, as even as can be."""
    rows = -(-len(items) // most)
    size = -(-len(items) // rows)
    return [tuple(items[i:i + size]) for i in range(0, len(items), size)]


def hand_rows(tiles: Sequence[Tile], width: float, look: Look) -> tuple[Block, ...]:
    """A hand in one row of tiles as wide as fit (the look's size down to 8 mm), else in
    even rows."""
    room = width - INDENT
    for size in sorted({look.tile, (look.tile + MIN_TILE) / 2, MIN_TILE}, reverse=True):
        if len(tiles) * size <= room + 0.01:
            return (TileRow((tuple(tiles),), tile_width=size),)
    most = max(1, int(room // look.tile))
    return tuple(TileRow((row,), tile_width=look.tile) for row in row_split(tiles, most))
