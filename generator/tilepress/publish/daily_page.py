"""The daily sheet on paper: a newspaper puzzle page on the front, the answers on the back.

The front has a masthead (the sheet's title, its number in the series, the date and the
day's level on a week that climbs from Monday to Sunday), a line for the reader, and
the puzzles in boxes: those narrow enough share two columns, balanced like a
newspaper's, and wide ones (a solitaire, a castle) run across the page. The boxes are
stretched so that the page is filled. The back has the answers, in the same order and
numbering, or, for next-day answers, the day before's.

The words are templates in ``templates/daily/`` (one per kind, in players' words, and
``sheet.txt.j2``); a kind without one uses its puzzle book's. A kind's game shows
its question and answer through presenters in its ``daily`` module, sized for the page
(tiles 8 mm wide or more, no text under 6 pt); a kind without them is shown by its own
blocks. The page's own blocks are in :mod:`tilepress.documents.daily_blocks`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from tilepress.documents.daily_blocks import (
    GAP,
    INDENT,
    LOOKS,
    MARGIN,
    TEXT,
    AnswerLine,
    Columns,
    Look,
    Numbered,
)
from tilepress.documents.layout import ACCENT, INK, MUTED, measure, page_fills
from tilepress.documents.markup import render_template
from tilepress.documents.model import (
    Block,
    Box,
    Document,
    Figure,
    PageBreak,
    Paragraph,
    Spacer,
    TileRow,
)
from tilepress.draw.canvas import Canvas, find_paper
from tilepress.draw.fonts import text_width
from tilepress.errors import FileFormatError
from tilepress.games import find_kind, presenters_for
from tilepress.params import params_dict
from tilepress.publish.daily_draw import Plan, Sheet, entry_params, entry_title
from tilepress.publish.daily_spec import WEEKDAYS
from tilepress.puzzles.base import DIFFICULTIES, Puzzle

# ---------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------


def _words(name: str, **values: Any) -> str:
    return " ".join(render_template(name, **values).split())


def instructions(plan: Plan, index: int, weekday: int, count: int) -> str:
    """A kind's instructions for the daily page, in players' words."""
    entry = plan.spec.entries[index]
    values = {k.replace("-", "_"): v for k, v in
              params_dict(entry_params(plan.spec, index, weekday)).items()}
    try:
        return _words(f"daily/{entry.kind}.txt.j2", count=count, **values)
    except FileFormatError:  # no daily words for this kind: its puzzle book's
        kind = find_kind(entry.kind)
        return _words(f"puzzles/{kind.instructions}", **values)


def long_date(day: dt.date) -> str:
    months = ("January", "February", "March", "April", "May", "June", "July", "August",
              "September", "October", "November", "December")
    return f"{WEEKDAYS[day.weekday()]} {day.day} {months[day.month - 1]} {day.year}"


# ---------------------------------------------------------------------------
# The masthead
# ---------------------------------------------------------------------------


def masthead(plan: Plan, sheet: Sheet, width: float, *, bookmark: bool) -> Figure:
    height = 27.0
    levels = plan.spec.levels
    weekday = sheet.day.weekday()
    title = plan.spec.title
    series = plan.series if plan.series != plan.spec.series else ""

    def paint(c: Canvas) -> None:
        if bookmark:
            c.anchor(f"sheet-{sheet.day.isoformat()}", 0.0,
                     title=f"No. {sheet.number}, {long_date(sheet.day)}", level=0)
        c.line(0, 0.4, width, 0.4, stroke=INK, stroke_width=1.1)
        size = 25.0
        while size > 14 and text_width(title, size, "bold") > width - 62:
            size -= 1
        c.text(0, 12.5, title, size=size, font="bold", fill=ACCENT)
        c.text(0, 20.5, long_date(sheet.day), size=11.5, font="bold", fill=INK)
        if series:
            c.text(text_width(long_date(sheet.day), 11.5, "bold") + 4, 20.5,
                   f"\u00b7  {series} series", size=9.5, fill=MUTED)
        c.text(width, 11.0, f"No. {sheet.number}", size=18, font="bold", anchor="end", fill=INK)
        # the week, climbing: a bar per day as high as its level, today's in colour
        bar, step = 5.2, 6.4
        left = width - 7 * step + (step - bar)
        for d in range(7):
            level = DIFFICULTIES.index(levels[d]) + 1
            h = 1.4 + 1.1 * level
            bx = left + d * step
            today = d == weekday
            c.rect(bx, 19.6 - h, bar, h, fill=ACCENT if today else "#d9d3c7")
            c.text(bx + bar / 2, 23.6, WEEKDAYS[d][0], size=6.5, font="bold" if today else
                   "regular", anchor="middle", fill=INK if today else MUTED)
        c.text(left - 2.0, 19.4, f"{WEEKDAYS[weekday]}: {sheet.level}", size=8.5, font="bold",
               anchor="end", fill=ACCENT)
        c.line(0, height - 1.6, width, height - 1.6, stroke=INK, stroke_width=0.5)
        c.line(0, height - 0.6, width, height - 0.6, stroke=INK, stroke_width=0.25)

    return Figure(width, height, paint)


def _heading_figure(text: str, note: str, width: float, *, anchor: str = "",
                    bookmark: str = "") -> Figure:
    def paint(c: Canvas) -> None:
        if anchor:
            c.anchor(anchor, 0.0, title=bookmark, level=1)
        c.line(0, 0.4, width, 0.4, stroke=INK, stroke_width=0.8)
        c.text(0, 8.5, text, size=14, font="bold", fill=ACCENT)
        if note:
            c.text(width, 8.5, note, size=8.5, anchor="end", fill=MUTED)
        c.line(0, 11.6, width, 11.6, stroke=INK, stroke_width=0.3)

    return Figure(width, 13.5, paint)


# ---------------------------------------------------------------------------
# The sheet
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Group:
    """An entry's puzzles on the page: one box, narrow or across the page."""

    box: Box
    wide: bool


def _group_box(plan: Plan, sheet: Sheet, index: int, puzzles: Sequence[Puzzle],
               first: int, width: float, look: Look, *, answers: bool) -> _Group:
    """An entry's box, laid out for a column (``width`` being a column's) if it fits."""
    entry = plan.spec.entries[index]
    shown = presenters_for(entry.kind)
    weekday = sheet.day.weekday()

    def body(room: float) -> tuple[Block, ...]:
        blocks: list[Block] = []
        if not answers:
            blocks.append(Paragraph(instructions(plan, index, weekday, len(puzzles)),
                                    size=look.text))
        for n, puzzle in enumerate(puzzles, start=first):
            if answers:
                blocks.append(Numbered(n, shown.answer(puzzle, room, look)))
            else:
                blocks.append(Numbered(n, shown.question(puzzle, room, look)))
                if shown.label:
                    blocks.append(AnswerLine(shown.label))
            blocks.append(Spacer(1.5))
        return tuple(blocks[:-1])

    inner = width - 6.0
    narrow = () if shown.wide else body(inner)
    wide = shown.wide or any(_too_wide(b, inner) for b in narrow)
    badge = puzzles[0].difficulty if len({p.difficulty for p in puzzles}) == 1 else ""
    title = entry_title(plan, index)
    if wide:
        full = 2 * width + GAP - 6.0
        return _Group(Box(body(full), title=title, badge=badge), True)
    return _Group(Box(narrow, title=title, badge=badge), False)


def _too_wide(block: Block, room: float) -> bool:
    """A block that would be drawn smaller than it is (tiles under their width)."""
    from tilepress.draw.tiles import row_width

    if isinstance(block, Numbered):
        return any(_too_wide(b, room - INDENT) for b in block.body)
    if isinstance(block, TileRow):
        return row_width(block.groups, block.tile_width) + block.label_width > room + 0.01
    if isinstance(block, Figure):
        return block.width > room + 0.01
    return False


def _balance(boxes: Sequence[Box], width: float) -> tuple[tuple[Box, ...], tuple[Box, ...]]:
    """Two columns in reading order (the left one filled first), as even as can be."""
    heights = [measure(b, width) for b in boxes]
    best: tuple[float, int] | None = None
    for cut in range(len(boxes) + 1):
        left = sum(heights[:cut]) + GAP * max(cut - 1, 0)
        right = sum(heights[cut:]) + GAP * max(len(boxes) - cut - 1, 0)
        score = (max(left, right), -cut)
        if best is None or score < (best[0], -best[1]):
            best = (max(left, right), cut)
    cut = best[1] if best else 0
    return tuple(boxes[:cut]), tuple(boxes[cut:])


def _page(groups: Sequence[_Group], width: float, room: float, *, stretch: bool
          ) -> tuple[list[Block], float]:
    """The groups on one page: the narrow ones in two balanced columns, then the wide
    ones; with ``stretch`` the columns (or else the last box) grow to fill ``room`` mm,
    more room to work in. Returns the blocks and the room left (below 0: too much)."""
    column = (width - GAP) / 2
    narrow = [g.box for g in groups if not g.wide]
    parts: list[Block] = [Columns(_balance(narrow, column))] if narrow else []
    parts += [g.box for g in groups if g.wide]
    spare = room - sum(measure(b, width) for b in parts) - GAP * max(len(parts) - 1, 0)
    if stretch and parts and spare > 0:
        grow = parts[0]
        if isinstance(grow, Columns):
            parts[0] = replace(grow, height=measure(grow, width) + spare)
        else:
            parts[-1] = replace(parts[-1], min_height=measure(parts[-1], width) + spare)
        spare = 0.0
    return _spaced(parts), spare


def _spaced(boxes: Sequence[Block]) -> list[Block]:
    """Boxes with a gap between them (none after the last: it could start a page)."""
    out: list[Block] = []
    for box in boxes:
        out += [Spacer(GAP), box] if out else [box]
    return out


def _fill(width: float, room: float, *, notes: bool) -> list[Block]:
    """What fills the rest of the back: the chart of tiles if it fits, and ruled lines for
    notes when the back has no answers yet."""
    out: list[Block] = []
    chart = _tiles_box()
    if measure(chart, width) + GAP <= room:
        out += [Spacer(GAP), chart]
        room -= measure(chart, width) + GAP
    lines = int((room - GAP - 16.0) // 8.5)
    if notes and lines >= 3:
        out += [Spacer(GAP), Box((), title="Notes", lines=lines)]
    return out


def _tiles_box() -> Box:
    from tilepress.documents.puzzles import tile_chart

    return Box((Paragraph(_words("daily/sheet.txt.j2", side="tiles", weekday="", level="",
                                 nextday=False, count=0, previous=False, first=False),
                          size=TEXT), *tile_chart("mpsz")),
               title="How the answers write tiles")


def sheet_document(plan: Plan, sheet: Sheet, previous: Sheet | None, *,
                   bookmark: bool = False) -> Document:
    """The sheet as a document: the puzzles on the front, answers on the back."""
    paper = find_paper(plan.paper)
    width = paper.width - 2 * MARGIN
    height = paper.height - 2 * MARGIN
    column = (width - GAP) / 2
    nextday = plan.answers == "next-day"
    intro = _words("daily/sheet.txt.j2", side="front", weekday=_weekday(sheet.day),
                   level=sheet.level, nextday=nextday, count=len(sheet.puzzles),
                   previous=previous is not None, first=sheet.number == 1)
    head: list[Block] = [masthead(plan, sheet, width, bookmark=bookmark),
                         Paragraph(intro, size=TEXT, font="italic", color=MUTED)]
    room = height - sum(measure(b, width) for b in head) - 1.0
    for look in LOOKS:  # the largest look whose front fits on one page, as laid out
        blocks, spare = _page(_groups(plan, sheet, column, look, answers=False), width, room,
                              stretch=True)
        if spare >= 0 and len(page_fills(Document("", paper, (*head, *blocks),
                                                  page_numbers=False, running_header=False,
                                                  margin=MARGIN))) == 1:
            break
    front = [*head, *blocks]
    shown = previous if nextday else sheet
    back: list[Block] = [PageBreak()]
    if shown is None:  # the first sheet of a series with next-day answers
        back.append(_heading_figure("Answers", "", width))
        back.append(Paragraph(_words("daily/sheet.txt.j2", side="none", weekday="", level="",
                                     nextday=True, count=0, previous=False, first=True),
                              size=TEXT))
        spare = height - sum(measure(b, width) for b in back)
    else:
        title = "Yesterday's answers" if nextday else "Answers"
        note = f"No. {shown.number}, {long_date(shown.day)}"
        back.append(_heading_figure(title, note, width,
                                    anchor=f"answers-{sheet.day.isoformat()}" if bookmark
                                    else "", bookmark=f"{title}: No. {shown.number}"))
        answers = _groups(plan, shown, column, LOOKS[0], answers=True)
        blocks, spare = _page(answers, width, height - measure(back[-1], width) - 1.0,
                              stretch=False)
        back += blocks
    back += _fill(width, spare - 1.0, notes=shown is None)
    title = f"{plan.spec.title} No. {sheet.number}"
    return Document(title, paper, (*front, *back), subtitle=long_date(sheet.day),
                    page_numbers=False, running_header=False, margin=MARGIN)


def _weekday(day: dt.date) -> str:
    return WEEKDAYS[day.weekday()]


def _groups(plan: Plan, sheet: Sheet, column: float, look: Look, *, answers: bool
            ) -> list[_Group]:
    out = []
    first = 1
    for index, puzzles in sheet.groups:
        out.append(_group_box(plan, sheet, index, puzzles, first, column, look,
                              answers=answers))
        first += len(puzzles)
    return out


__all__ = ["instructions", "masthead", "sheet_document"]
