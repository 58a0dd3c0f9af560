"""How each block of a :class:`~.model.Document` is measured, drawn and split.

Every block kind has a ``measure`` (height at a given width), a ``draw`` and, where a
block may run over a page break, a ``split``. New block kinds register their own with
``measure.register`` / ``draw.register`` / ``split.register``. Pages are laid out by
:mod:`tilepress.documents.layout`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import singledispatch

from tilepress.documents.model import (
    Block,
    Bullets,
    Figure,
    Heading,
    PageBreak,
    Paragraph,
    Rule,
    Section,
    Spacer,
    Table,
    TileRow,
)
from tilepress.draw.canvas import PT, Canvas
from tilepress.draw.fonts import text_width, wrap
from tilepress.draw.tiles import RATIO, draw_row, draw_tile, even_rows, group_gap, row_width

INK = "#1d1d1b"
MUTED = "#6b6862"
ACCENT = "#8c2f39"
FRAME = "#b9b2a6"
SHADE = "#f1ede4"
BADGES = {"easy": 1, "medium": 2, "hard": 3, "expert": 4}
HEADING_SIZES = {1: 19.0, 2: 13.5, 3: 11.0}


def leading(size: float) -> float:
    return size * PT * 1.32


def _ascent(size: float) -> float:
    return size * PT * 0.93


# ---------------------------------------------------------------------------
# measure / draw / split
# ---------------------------------------------------------------------------


@singledispatch
def measure(block: Block, width: float) -> float:
    raise TypeError(f"no layout for {type(block).__name__}")


@singledispatch
def draw(block: Block, c: Canvas, x: float, y: float, width: float) -> None:
    raise TypeError(f"no drawing for {type(block).__name__}")


@singledispatch
def split(block: Block, width: float, height: float) -> tuple[Block | None, Block | None]:
    """Split ``block`` so that the first part fits in ``height``; (None, block) when no
    part fits, (block, None) when all of it does. Blocks that cannot split move whole."""
    return (block, None) if measure(block, width) <= height else (None, block)


# Headings ------------------------------------------------------------------


@measure.register
def _(block: Heading, width: float) -> float:
    size = block.size or HEADING_SIZES.get(block.level, 11.0)
    lines = wrap(block.text, width, size, "bold")
    return len(lines) * leading(size) + (3.2 if block.level == 1 else 2.0)


@draw.register
def _(block: Heading, c: Canvas, x: float, y: float, width: float) -> None:
    if block.key:
        c.anchor(block.key, y, title=block.text, level=1)
    size = block.size or HEADING_SIZES.get(block.level, 11.0)
    color = ACCENT if block.level == 1 else INK
    for i, line in enumerate(wrap(block.text, width, size, "bold")):
        c.text(x, y + i * leading(size) + _ascent(size), line, size=size, font="bold", fill=color)
    if block.level == 1:
        bottom = y + len(wrap(block.text, width, size, "bold")) * leading(size) + 0.8
        c.line(x, bottom, x + width, bottom, stroke=ACCENT, stroke_width=0.4)


# Paragraphs ----------------------------------------------------------------


def _paragraph_lines(block: Paragraph, width: float) -> list[str]:
    return wrap(block.text, width, block.size, block.font)


@measure.register
def _(block: Paragraph, width: float) -> float:
    return len(_paragraph_lines(block, width)) * leading(block.size) + block.size * PT * 0.55


@draw.register
def _(block: Paragraph, c: Canvas, x: float, y: float, width: float) -> None:
    anchor, ax = {"left": ("start", x), "center": ("middle", x + width / 2),
                  "right": ("end", x + width)}[block.align]
    for i, line in enumerate(_paragraph_lines(block, width)):
        c.text(ax, y + i * leading(block.size) + _ascent(block.size), line, size=block.size,
               font=block.font, anchor=anchor, fill=block.color)  # type: ignore[arg-type]


@split.register
def _(block: Paragraph, width: float, height: float):
    lines = _paragraph_lines(block, width)
    # measure() adds a little space after the last line: the part kept must fit with it
    fit = int((height - block.size * PT * 0.55) // leading(block.size))
    if fit >= len(lines):
        return block, None
    if len(lines) - fit < 2:  # never leave one line alone at the top of the next page
        fit = len(lines) - 2
    if fit < 2:
        return None, block
    return (replace(block, text="\n".join(lines[:fit])),
            replace(block, text="\n".join(lines[fit:])))


# Bullets -------------------------------------------------------------------

_BULLET_INDENT = 4.5


def _bullet_indent(block: Bullets) -> float:
    if not block.numbered:
        return _BULLET_INDENT
    last = f"{block.start + len(block.items) - 1}."
    return text_width(last, block.size, "bold") + 2.2


def _bullet_lines(block: Bullets, width: float) -> list[list[str]]:
    return [wrap(item, width - _bullet_indent(block), block.size) for item in block.items]


@measure.register
def _(block: Bullets, width: float) -> float:
    lines = sum(len(item) for item in _bullet_lines(block, width))
    return lines * leading(block.size) + len(block.items) * 0.6 + block.size * PT * 0.4


@draw.register
def _(block: Bullets, c: Canvas, x: float, y: float, width: float) -> None:
    cursor = y
    indent = _bullet_indent(block)
    for n, item in enumerate(_bullet_lines(block, width), start=block.start):
        if block.numbered:
            c.text(x + indent - 1.6, cursor + _ascent(block.size), f"{n}.", size=block.size,
                   font="bold", anchor="end", fill=ACCENT)
        else:
            c.text(x + 1.0, cursor + _ascent(block.size), "\u2022", size=block.size,
                   fill=ACCENT)
        for line in item:
            c.text(x + indent, cursor + _ascent(block.size), line, size=block.size, fill=INK)
            cursor += leading(block.size)
        cursor += 0.6


@split.register
def _(block: Bullets, width: float, height: float):
    for n in range(len(block.items), 0, -1):
        head = replace(block, items=block.items[:n])
        if measure(head, width) <= height:
            if n == len(block.items):
                return block, None
            return head, replace(block, items=block.items[n:], start=block.start + n)
    return None, block


# Tile rows -----------------------------------------------------------------

_NOTE_SIZE = 8.0
_LINE_GAP = 1.4


def _row_tile_width(block: TileRow, width: float) -> float:
    if block.wrap:
        return min(block.tile_width, max(width - block.label_width, 1.0))
    natural = row_width(block.groups, block.tile_width)
    room = width - block.label_width - (_note_width(block) + 2 if block.note else 0)
    if natural <= room or natural == 0:
        return block.tile_width
    return block.tile_width * room / natural


def _note_width(block: TileRow) -> float:
    return text_width(block.note, _NOTE_SIZE) if block.note else 0.0


@dataclass(frozen=True)
class _TileLines:
    """Where each tile of a row goes: (line, x from the left of the tiles, group, index,
    tile); the width of each line; whether the note needs a line of its own."""

    tiles: tuple[tuple[int, float, int, int, object], ...]
    widths: tuple[float, ...]
    note_below: bool


def _tile_lines(block: TileRow, width: float) -> _TileLines:
    """The row broken greedily into lines, then the lines evened out: as narrow as they
    can be without needing another line, so that a hand of 13 breaks 7 and 6, never 12
    and 1."""
    tw = _row_tile_width(block, width)
    room = width - block.label_width
    longest = max((len(g) for g in block.groups), default=0) * tw  # kept whole, stays so
    total = sum(len(g) for g in block.groups) * tw
    placed, widths = even_rows(
        lambda w: _broken(block, tw, w), room,
        lambda lines: max(total / lines, longest if longest <= room else tw), tw / 2,
        count=lambda broken: len(broken[1]))
    note_below = bool(block.note) and block.wrap and (
        widths[-1] + 2.0 + _note_width(block) > room + 1e-6)
    return _TileLines(tuple(placed), tuple(widths), note_below)


def _broken(block: TileRow, tw: float, room: float
            ) -> tuple[list[tuple[int, float, int, int, object]], list[float]]:
    """The tiles placed on lines at most ``room`` wide (between groups where a group
    fits a line, else within it), and each line's width."""
    gap = group_gap(tw)
    placed: list[tuple[int, float, int, int, object]] = []
    widths: list[float] = []
    line, x = 0, 0.0
    for gi, group in enumerate(block.groups):
        if not group:
            continue
        size = len(group) * tw
        if block.wrap and x > 0 and x + size > room + 1e-6:
            widths.append(x - gap)
            line, x = line + 1, 0.0
        for ti, tile in enumerate(group):
            if block.wrap and x > 0 and x + tw > room + 1e-6:  # a group longer than a line
                widths.append(x)
                line, x = line + 1, 0.0
            placed.append((line, x, gi, ti, tile))
            x += tw
        x += gap
    widths.append(max(x - gap, 0.0))
    return placed, widths


def _line_height(block: TileRow, tw: float) -> float:
    return tw * RATIO + (2.4 if block.marks else 0.0)


@measure.register
def _(block: TileRow, width: float) -> float:
    tw = _row_tile_width(block, width)
    if not block.wrap:
        return tw * RATIO + (2.4 if block.marks else 0.0) + 1.6
    lines = _tile_lines(block, width)
    height = len(lines.widths) * _line_height(block, tw) + (len(lines.widths) - 1) * _LINE_GAP
    if lines.note_below:
        height += len(wrap(block.note, width - block.label_width, _NOTE_SIZE)) * leading(
            _NOTE_SIZE)
    return height + 1.6


@draw.register
def _(block: TileRow, c: Canvas, x: float, y: float, width: float) -> None:
    tw = _row_tile_width(block, width)
    h = tw * RATIO
    if block.label:
        c.text(x, y + h / 2 + block.label_size / 9.0 * 1.3, block.label, size=block.label_size,
               font="bold", fill=INK)
    left = x + block.label_width
    if not block.wrap:
        used = draw_row(c, block.groups, left, y, tw, marks=block.marks)
        if block.note:
            c.text(left + used + 2.0, y + h / 2 + 1.1, block.note, size=_NOTE_SIZE, fill=MUTED)
        return
    lines = _tile_lines(block, width)
    step = _line_height(block, tw) + _LINE_GAP
    for line, dx, gi, ti, tile in lines.tiles:
        draw_tile(c, tile, left + dx, y + line * step, tw,  # type: ignore[arg-type]
                  mark=(gi, ti) in block.marks)
    if block.note:
        last = len(lines.widths) - 1
        if lines.note_below:
            top = y + last * step + _line_height(block, tw) + 0.3
            for k, part in enumerate(wrap(block.note, width - block.label_width, _NOTE_SIZE)):
                c.text(left, top + k * leading(_NOTE_SIZE) + _ascent(_NOTE_SIZE), part,
                       size=_NOTE_SIZE, fill=MUTED)
        else:
            c.text(left + lines.widths[-1] + 2.0, y + last * step + h / 2 + 1.1, block.note,
                   size=_NOTE_SIZE, fill=MUTED)


# Figures -------------------------------------------------------------------


def figure_scale(block: Figure, width: float) -> float:
    scale = min(1.0, width / block.width) if block.width else 1.0
    if block.max_height and block.height * scale > block.max_height:
        scale = block.max_height / block.height
    return scale


def _caption_lines(block: Figure, width: float) -> list[str]:
    """A figure's caption in lines as wide as the column, each centred under it."""
    return wrap(block.caption, width, block.caption_size, "italic") if block.caption else []


@measure.register
def _(block: Figure, width: float) -> float:
    lines = _caption_lines(block, width)
    caption = leading(block.caption_size) * len(lines) + 0.5 if lines else 0.0
    return block.height * figure_scale(block, width) + caption + 1.5


@draw.register
def _(block: Figure, c: Canvas, x: float, y: float, width: float) -> None:
    scale = figure_scale(block, width)
    left = x + (width - block.width * scale) / 2
    with c.group(translate=(left, y), scale=scale):
        block.draw(c)
    size = block.caption_size
    base = y + block.height * scale + _ascent(size) + 0.5
    for k, line in enumerate(_caption_lines(block, width)):
        c.text(x + width / 2, base + k * leading(size), line, size=size, font="italic",
               anchor="middle", fill=MUTED)


# Tables --------------------------------------------------------------------

_CELL_PAD = 1.4


def _column_widths(block: Table, width: float) -> list[float]:
    """The columns' widths: by their weights, but never narrower than the longest word of
    the column's header (in bold), so that no header runs into a column rule."""
    n = len(block.header) if block.header else len(block.rows[0])
    weights = list(block.widths) if block.widths else [1.0] * n
    total = sum(weights)
    widths = [width * w / total for w in weights]
    need = [max((text_width(word, block.size, "bold") for word in str(head).split()),
                default=0.0) + 2 * _CELL_PAD + 0.4 for head in block.header] if block.header \
        else [0.0] * n
    for _ in range(n):
        short = [k for k in range(n) if widths[k] < need[k] - 1e-9]
        if not short:
            break
        wanted = sum(need[k] - widths[k] for k in short)
        spare = [k for k in range(n) if k not in short and widths[k] > need[k]]
        room = sum(widths[k] - need[k] for k in spare)
        if room <= 0:
            break
        take = min(wanted, room)
        for k in short:
            widths[k] += take * (need[k] - widths[k]) / wanted
        for k in spare:
            widths[k] -= take * (widths[k] - need[k]) / room
    return widths


def _cell_lines(cell, width: float, size: float, header: bool) -> list[str]:
    return wrap(str(cell), width - 2 * _CELL_PAD, size, "bold" if header else "regular")


def _cell_height(cell, width: float, size: float, header: bool = False) -> float:
    if isinstance(cell, TileRow):
        return measure(cell, width - 2 * _CELL_PAD)
    return len(_cell_lines(cell, width, size, header)) * leading(size)


def _row_height(block: Table, row, widths: list[float], header: bool = False) -> float:
    h = max(_cell_height(cell, w, block.size, header)
            for cell, w in zip(row, widths, strict=False))
    return max(h + 2 * _CELL_PAD, block.row_height if not header else 0.0)


@measure.register
def _(block: Table, width: float) -> float:
    widths = _column_widths(block, width)
    total = _row_height(block, block.header, widths, True) if block.header else 0.0
    total += sum(_row_height(block, row, widths) for row in block.rows)
    return total + 2.0


@draw.register
def _(block: Table, c: Canvas, x: float, y: float, width: float) -> None:
    widths = _column_widths(block, width)
    cursor = y
    rows = ([(block.header, True)] if block.header else []) + [(r, False) for r in block.rows]
    rules: list[float] = []  # drawn last, so that no row's shading covers a rule
    for index, (row, header) in enumerate(rows):
        h = _row_height(block, row, widths, header)
        if header:
            c.rect(x, cursor, width, h, fill=SHADE)
        elif index % 2 == 0:
            c.rect(x, cursor, width, h, fill="#faf8f3")
        cx = x
        for cell, w in zip(row, widths, strict=False):
            if isinstance(cell, TileRow):
                draw(cell, c, cx + _CELL_PAD, cursor + _CELL_PAD, w - 2 * _CELL_PAD)
            else:
                for i, line in enumerate(_cell_lines(cell, w, block.size, header)):
                    c.text(cx + _CELL_PAD, cursor + _CELL_PAD + i * leading(block.size)
                           + _ascent(block.size), line, size=block.size,
                           font="bold" if header else "regular", fill=INK)
            cx += w
        rules.append(cursor + h)
        link = index - (1 if block.header else 0)
        if not header and link < len(block.links) and block.links[link]:
            c.link(x, cursor, width, h, block.links[link])
        cursor += h
    for rule in rules:
        c.line(x, rule, x + width, rule, stroke=FRAME, stroke_width=0.2)
    c.rect(x, y, width, cursor - y, stroke=FRAME, stroke_width=0.3)
    cx = x
    for w in widths[:-1]:
        cx += w
        c.line(cx, y, cx, cursor, stroke=FRAME, stroke_width=0.2)


@split.register
def _(block: Table, width: float, height: float):
    if measure(block, width) <= height:
        return block, None
    if len(block.rows) <= SHORT_TABLE:
        return None, block
    return split_rows(block, width, height, ROWS_TOGETHER)


SHORT_TABLE = 12
"""A table of up to this many rows moves whole to the next page rather than split."""
ROWS_TOGETHER = 3
"""A longer table split leaves at least this many rows on each page."""


def split_rows(block: Table, width: float, height: float, least: int = 1
               ) -> tuple[Table | None, Table | None]:
    """The most rows of ``block`` that fit in ``height``, at least ``least`` of them, and
    the rest, at least ``least`` rows (None, block when none fit)."""
    for n in range(len(block.rows) - least, least - 1, -1):
        head = replace(block, rows=block.rows[:n], links=block.links[:n])
        if measure(head, width) <= height:
            return head, replace(block, rows=block.rows[n:], links=block.links[n:])
    return None, block


# Simple blocks -------------------------------------------------------------


@measure.register
def _(block: Spacer, width: float) -> float:
    return block.height


@draw.register
def _(block: Spacer, c: Canvas, x: float, y: float, width: float) -> None:
    pass


@measure.register
def _(block: Rule, width: float) -> float:
    return 3.0


@draw.register
def _(block: Rule, c: Canvas, x: float, y: float, width: float) -> None:
    c.line(x, y + 1.5, x + width, y + 1.5, stroke=FRAME, stroke_width=0.3)


@measure.register(PageBreak)
@measure.register(Section)
def _(block, width: float) -> float:
    return 0.0


@draw.register(PageBreak)
def _(block, c: Canvas, x: float, y: float, width: float) -> None:
    pass


@draw.register(Section)
def _(block: Section, c: Canvas, x: float, y: float, width: float) -> None:
    if block.key:
        c.anchor(block.key, y, title=block.title, level=0)


# Boxes and grids register themselves: import them here so that every block kind is
# measured and drawn wherever this module is.
from tilepress.documents import containers as _containers  # noqa: E402, F401
