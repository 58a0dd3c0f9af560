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
    FOOT,
    GAP,
    INDENT,
    LOOKS,
    MARGIN,
    MIN_TILE,
    SMALL,
    TEXT,
    AnswerLine,
    Columns,
    Look,
    Numbered,
)
from tilepress.documents.large_print import enlarge
from tilepress.documents.layout import ACCENT, INK, MUTED, measure, page_fills
from tilepress.documents.markup import render_template
from tilepress.documents.model import (
    Block,
    Box,
    Document,
    Figure,
    Heading,
    PageBreak,
    Paragraph,
    Section,
    Spacer,
    TileRow,
)
from tilepress.documents.print_options import LARGE_TILES, LARGE_TYPE
from tilepress.draw.canvas import PT, Canvas, find_paper
from tilepress.draw.fonts import text_width, wrap
from tilepress.draw.tiles import RATIO as TILE_RATIO
from tilepress.draw.tiles import draw_row
from tilepress.errors import FileFormatError, RequestError, TilepressError
from tilepress.games import find_kind, presenters_for
from tilepress.params import params_dict
from tilepress.publish.daily_draw import Plan, Sheet, entry_params, entry_title
from tilepress.publish.daily_spec import WEEKDAYS
from tilepress.puzzles.base import DIFFICULTIES, Puzzle
from tilepress.tiles import HONOR_NAMES, SUIT_NAMES, Tile, parse_tiles, sort_tiles

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


def level_words(sheet: Sheet) -> str:
    """The difficulties of the sheet's puzzles, as its strap and its boxes show them: "hard",
    "hard and expert", "easy to hard"."""
    levels = [d for d in DIFFICULTIES if any(p.difficulty == d for p in sheet.puzzles)]
    if len(levels) <= 2:
        return " and ".join(levels) or sheet.level
    return f"{levels[0]} to {levels[-1]}"


def long_date(day: dt.date) -> str:
    months = ("January", "February", "March", "April", "May", "June", "July", "August",
              "September", "October", "November", "December")
    return f"{WEEKDAYS[day.weekday()]} {day.day} {months[day.month - 1]} {day.year}"


# ---------------------------------------------------------------------------
# The masthead
# ---------------------------------------------------------------------------


def masthead(plan: Plan, sheet: Sheet, width: float, *, bookmark: bool) -> Figure:
    height = 25.0
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
        c.text(0, 19.8, long_date(sheet.day), size=11.5, font="bold", fill=INK)
        if series:
            c.text(text_width(long_date(sheet.day), 11.5, "bold") + 4, 19.8,
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
            c.rect(bx, 18.0 - h, bar, h, fill=ACCENT if today else "#d9d3c7")
            c.text(bx + bar / 2, 21.9, WEEKDAYS[d][0], size=6.5, font="bold" if today else
                   "regular", anchor="middle", fill=INK if today else MUTED)
        c.text(left - 2.0, 17.8, f"{WEEKDAYS[weekday]}: {level_words(sheet)}", size=8.5,
               font="bold", anchor="end", fill=ACCENT)
        c.line(0, height - 1.6, width, height - 1.6, stroke=INK, stroke_width=0.5)
        c.line(0, height - 0.6, width, height - 0.6, stroke=INK, stroke_width=0.25)

    return Figure(width, height, paint)


def _heading_figure(text: str, note: str, width: float, *, anchor: str = "",
                    bookmark: str = "") -> Figure:
    def paint(c: Canvas) -> None:
        if anchor:
            c.anchor(anchor, 0.0, title=bookmark, level=1)
        c.line(0, 0.4, width, 0.4, stroke=INK, stroke_width=0.8)
        c.text(0, 7.8, text, size=14, font="bold", fill=ACCENT)
        if note:
            c.text(width, 7.8, note, size=8.5, anchor="end", fill=MUTED)
        c.line(0, 10.6, width, 10.6, stroke=INK, stroke_width=0.3)

    return Figure(width, 12.0, paint)


# ---------------------------------------------------------------------------
# The sheet
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Group:
    """An entry's puzzles on the page: one box, narrow or across the page."""

    box: Box
    wide: bool


def _group_box(plan: Plan, sheet: Sheet, index: int, puzzles: Sequence[Puzzle],
               first: int, width: float, look: Look, *, answers: bool,
               across: bool = False, indent: float = 0.0) -> _Group:
    """An entry's box, laid out for a column (``width`` being a column's) if it fits, or
    ``across`` the page always; ``indent`` is room its numbers take beyond the usual."""
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
    narrow = () if shown.wide or across else body(inner)
    wide = shown.wide or across or any(_too_wide(b, inner) for b in narrow)
    badge = puzzles[0].difficulty if len({p.difficulty for p in puzzles}) == 1 else ""
    title = entry_title(plan, index)
    if wide:
        full = 2 * width + GAP - 6.0 - indent
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


def _fill(sheets: Sequence[Sheet], width: float, room: float, *, notes: bool
          ) -> list[Block]:
    """What fills the rest of the back: the tiles by name if they fit, and ruled lines for
    notes when the back has no answers yet."""
    out: list[Block] = []
    legend = tiles_legend(sheets, width)
    if legend is not None and measure(legend, width) + GAP <= room:
        out += [Spacer(GAP), legend]
        room -= measure(legend, width) + GAP
    lines = int((room - GAP - 16.0) // 8.5)
    if notes and lines >= 3:
        out += [Spacer(GAP), Box((), title="Notes", lines=lines)]
    return out


def sheet_tiles(sheets: Sequence[Sheet]) -> set[Tile]:
    """Every mahjong tile the sheets print or name: in hands, deals, waits and passes."""
    found: set[Tile] = set()
    for sheet in sheets:
        for puzzle in sheet.puzzles:
            texts = [puzzle.question.get("hand"), puzzle.question.get("tiles"),
                     puzzle.answer.get("pass"), *puzzle.answer.get("waits", [])]
            for text in texts:
                if not isinstance(text, str) or puzzle.kind.startswith("minttin"):
                    continue  # Mint Tin's cards are not tiles
                try:
                    found.update(parse_tiles(text))
                except TilepressError:
                    continue
    return found


def tiles_legend(sheets: Sequence[Sheet], width: float) -> Figure | None:
    """The tiles by name, for the suits the sheets use only (the numbers of each suit, the
    winds and dragons named under their pictures, and the flowers, seasons and joker that
    appear): two to a row, no more than a sixth of the page (None: no tiles)."""
    used = sheet_tiles(sheets)
    cells: list[tuple[str, tuple[Tile, ...], tuple[str, ...]]] = []
    for suit in "mps":
        if any(t.suit == suit for t in used):
            cells.append((SUIT_NAMES[suit], parse_tiles(f"123456789{suit}"), ()))
    if any(t.suit == "z" for t in used):
        cells.append(("Winds, dragons", parse_tiles("1234567z"), HONOR_NAMES))
    extras = tuple(sort_tiles({Tile.from_kind(t.kind) for t in used if t.suit in "fj"}))
    if extras:
        named = {"f": "Flowers, seasons", "j": "Joker"}
        cells.append((" and ".join(dict.fromkeys(named[t.suit] for t in extras)).replace(
            "Flowers, seasons and Joker", "Flowers, seasons, joker"), extras, ()))
    if not cells:
        return None
    tile, label, gap, head = MIN_TILE, 21.0, GAP, 5.5
    high = tile * TILE_RATIO
    rows = [cells[k:k + 2] for k in range(0, len(cells), 2)]
    pitch = [high + (3.0 if any(names for _, _, names in row) else 0.0) + 1.6 for row in rows]
    cell_w = (width - gap) / 2

    def paint(c: Canvas) -> None:
        c.line(0, 0.3, width, 0.3, stroke=INK, stroke_width=0.5)
        c.text(0, 4.4, "The tiles by name", size=TEXT, font="bold", fill=ACCENT)
        y = head
        for row, h in zip(rows, pitch, strict=True):
            for k, (name, tiles, names) in enumerate(row):
                x = k * (cell_w + gap)
                words = wrap(name, label - 1.5, SMALL)
                for n, line in enumerate(words):
                    c.text(x, y + high / 2 + 1.2 - 1.5 * (len(words) - 1) + 3.0 * n, line,
                           size=SMALL, font="bold", fill=INK)
                draw_row(c, (tiles,), x + label, y, tile)
                for n, word in enumerate(names):
                    c.text(x + label + (n + 0.5) * tile, y + high + 2.4, word, size=6.0,
                           anchor="middle", fill=MUTED)
            y += h

    return Figure(width, head + sum(pitch), paint)


def sheet_document(plan: Plan, sheet: Sheet, previous: Sheet | None, *,
                   bookmark: bool = False) -> Document:
    """The sheet as a document: the puzzles on the front, answers on the back (the day
    before's for next-day answers; today's, and with the plan's ``yesterday`` a panel of
    the day before's in words, otherwise), the byline under the masthead and the
    copyright line at the foot of the back."""
    if plan.large_print:
        return large_print_document(plan, sheet, previous, bookmark=bookmark)
    paper = find_paper(plan.paper)
    width = paper.width - 2 * MARGIN
    height = paper.height - 2 * MARGIN
    column = (width - GAP) / 2
    nextday = plan.answers == "next-day"
    intro = _words("daily/sheet.txt.j2", side="front", weekday=_weekday(sheet.day),
                   level=level_words(sheet), nextday=nextday, count=len(sheet.puzzles),
                   previous=previous is not None, first=sheet.number == 1,
                   yesterday=plan.yesterday and not nextday and previous is not None)
    head: list[Block] = [masthead(plan, sheet, width, bookmark=bookmark)]
    if plan.spec.byline:
        head.append(Paragraph(plan.spec.byline, size=TEXT, font="bold", color=INK))
    head.append(Paragraph(intro, size=TEXT, font="italic", color=MUTED))
    room = height - sum(measure(b, width) for b in head) - 1.0
    for look in LOOKS:  # the largest look whose front fits on one page, as laid out
        blocks, spare = _page(_groups(plan, sheet, column, look, answers=False), width, room,
                              stretch=True)
        if spare >= 0 and len(page_fills(Document("", paper, (*head, *blocks),
                                                  page_numbers=False, running_header=False,
                                                  margin=MARGIN))) == 1:
            break
    else:
        raise RequestError(f"{sheet.day.isoformat()}: the day's puzzles do not fit on one "
                           f"page of {plan.paper} paper, even with {LOOKS[-1].text:g} pt type "
                           f"and tiles {LOOKS[-1].tile:g} mm wide: ask for fewer puzzles on "
                           f"{_weekday(sheet.day)}s, or smaller ones")
    front = [*head, *blocks]
    shown = previous if nextday else sheet
    foot = ([Spacer(GAP), Paragraph(plan.spec.copyright, size=FOOT, color=MUTED)]
            if plan.spec.copyright else [])
    height -= sum(measure(b, width) for b in foot)
    back: list[Block] = [PageBreak()]
    if shown is None:  # the first sheet of a series with next-day answers
        back.append(_heading_figure("Answers", "", width))
        back.append(Paragraph(_words("daily/sheet.txt.j2", side="none", weekday="", level="",
                                     nextday=True, count=0, previous=False, first=True,
                                     yesterday=False), size=TEXT))
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
        if plan.yesterday and not nextday and previous is not None:
            for size in PANEL_SIZES:
                panel = yesterday_panel(plan, previous, width, size)
                if measure(panel, width) + GAP <= spare - 1.0:
                    break
            back += [Spacer(GAP), panel]
            spare -= GAP + measure(panel, width)
    back += _fill([s for s in (sheet, previous) if s is not None], width, spare - 1.0,
                  notes=shown is None)
    title = f"{plan.spec.title} No. {sheet.number}"
    return Document(title, paper, (*front, *back, *foot), subtitle=long_date(sheet.day),
                    page_numbers=False, running_header=False, margin=MARGIN)


LARGE_LOOK = Look(LOOKS[0].tile * LARGE_TILES, LOOKS[0].card * LARGE_TILES, LARGE_TYPE)
"""The large-print edition's tiles, cards and words."""


def _large(block: Block) -> list[Block]:
    """A block of a puzzle's box in large print: its words at 14 pt or more; a row of
    tiles under the look's size (an answer's) half as large again, its label and note
    as words of their own (the figures are drawn for the large look already)."""
    if isinstance(block, Box | Numbered):
        return [replace(block, body=tuple(b for part in block.body for b in _large(part)),
                        size=LARGE_TYPE)]
    if isinstance(block, AnswerLine):
        return [replace(block, size=LARGE_TYPE)]
    if isinstance(block, TileRow):
        width = max(block.tile_width, min(block.tile_width * LARGE_TILES, LARGE_LOOK.tile))
        row = replace(block, tile_width=width, label="", label_width=0.0, note="", wrap=True)
        return ([Paragraph(block.label, size=LARGE_TYPE, font="bold")] if block.label
                else []) + [row] + ([Paragraph(block.note, size=LARGE_TYPE, color=MUTED)]
                                    if block.note else [])
    return [enlarge(block)]  # words and captions as every large-print document has them


def large_print_document(plan: Plan, sheet: Sheet, previous: Sheet | None, *,
                         bookmark: bool = False) -> Document:
    """The sheet's large-print edition: the same puzzles and answers as the sheet, laid
    out again (never scaled) with words at 14 pt and more and tiles half as large again,
    each puzzle across the page, one under another over as many pages as they need, then
    the answers from a new page."""
    paper = find_paper(plan.paper)
    width = paper.width - 2 * MARGIN
    column = (width - GAP) / 2
    extra = INDENT * (LARGE_TYPE / TEXT - 1)  # the larger numbers' indent
    nextday = plan.answers == "next-day"
    weekday = _weekday(sheet.day)
    intro = _words("daily/sheet.txt.j2", side="front", weekday=weekday,
                   level=level_words(sheet), nextday=nextday, count=len(sheet.puzzles),
                   previous=previous is not None, first=sheet.number == 1,
                   yesterday=plan.yesterday and not nextday and previous is not None)
    blocks: list[Block] = [Section(f"No. {sheet.number}, {long_date(sheet.day)}")] \
        if bookmark else []
    blocks += [Heading(plan.spec.title, level=1, size=LARGE_TYPE + 8.0),
               Paragraph(f"No. {sheet.number} \u00b7 {long_date(sheet.day)} \u00b7 "
                         f"{weekday}: {level_words(sheet)}", size=LARGE_TYPE, font="bold")]
    if plan.spec.byline:
        blocks.append(Paragraph(plan.spec.byline, size=LARGE_TYPE, font="bold", color=INK))
    blocks.append(Paragraph(intro, size=LARGE_TYPE, font="italic", color=MUTED))

    def boxes(shown: Sheet, answers: bool) -> list[Block]:
        out: list[Block] = []
        first = 1
        for index, puzzles in shown.groups:
            group = _group_box(plan, shown, index, puzzles, first, column, LARGE_LOOK,
                               answers=answers, across=True, indent=extra)
            out += [Spacer(GAP), *_large(group.box)]
            first += len(puzzles)
        return out

    blocks += boxes(sheet, answers=False)
    shown = previous if nextday else sheet
    blocks += [PageBreak(), Heading("Yesterday's answers" if nextday else "Answers", level=1,
                                    size=LARGE_TYPE + 8.0)]
    if shown is None:  # the first sheet of a series with next-day answers
        blocks.append(Paragraph(_words("daily/sheet.txt.j2", side="none", weekday="",
                                       level="", nextday=True, count=0, previous=False,
                                       first=True, yesterday=False), size=LARGE_TYPE))
    else:
        blocks.append(Paragraph(f"No. {shown.number}, {long_date(shown.day)}",
                                size=LARGE_TYPE, color=MUTED))
        blocks += boxes(shown, answers=True)
        if plan.yesterday and not nextday and previous is not None:
            blocks += [Spacer(GAP), Heading("Yesterday's answers", level=2,
                                            size=LARGE_TYPE + 4.0),
                       Paragraph(f"No. {previous.number}, {long_date(previous.day)}",
                                 size=LARGE_TYPE, color=MUTED)]
            blocks += [Paragraph(entry, size=LARGE_TYPE) for entry in yesterday_entries(
                plan, previous)]
    if plan.spec.copyright:
        blocks += [Spacer(GAP), Paragraph(plan.spec.copyright, size=LARGE_TYPE, color=MUTED)]
    title = f"{plan.spec.title} No. {sheet.number}, large print"
    return Document(title, paper, tuple(blocks), subtitle=long_date(sheet.day),
                    page_numbers=True, running_header=False, margin=MARGIN)


PANEL_SIZES = (SMALL, 7.0, 6.5, 6.0)
"""The type of the panel of yesterday's answers: the largest that fits the back (smaller
only on a crowded back: a Letter Saturday whose castle's key is large)."""


def yesterday_panel(plan: Plan, previous: Sheet, width: float, size: float = SMALL
                    ) -> Figure:
    """The day before's answers in words, a sentence each, in two columns under a heading
    (a layout's removal order is a picture: it is on the back of its own sheet)."""
    entries = yesterday_entries(plan, previous)
    column = (width - GAP) / 2
    lines = [wrap(entry, column, size) for entry in entries]
    step = size * PT * 1.25
    heights = [len(ls) * step + 0.6 for ls in lines]
    cut = min(range(len(lines) + 1), key=lambda k: (max(sum(heights[:k]),
                                                        sum(heights[k:])), -k))
    head = 5.5

    def paint(c: Canvas) -> None:
        c.line(0, 0.3, width, 0.3, stroke=INK, stroke_width=0.5)
        c.text(0, 4.4, "Yesterday's answers", size=TEXT, font="bold", fill=ACCENT)
        c.text(width, 4.4, f"No. {previous.number}, {long_date(previous.day)}", size=SMALL,
               anchor="end", fill=MUTED)
        for part, x in ((lines[:cut], 0.0), (lines[cut:], column + GAP)):
            y = head
            for entry in part:
                for line in entry:
                    y += step
                    c.text(x, y - 0.8, line, size=size, fill=INK)
                y += 0.6

    return Figure(width, head + max(sum(heights[:cut]), sum(heights[cut:])) + 0.6, paint)


def yesterday_entries(plan: Plan, previous: Sheet) -> list[str]:
    """The day before's answers in words, a numbered sentence each."""
    entries: list[str] = []
    for index, puzzles in previous.groups:
        title = entry_title(plan, index)
        say = presenters_for(plan.spec.entries[index].kind).words
        for puzzle in puzzles:
            words = say(puzzle) if say is not None else (
                "the order to take the pairs is on the back of yesterday's sheet.")
            entries.append(f"{len(entries) + 1}. {title}: {words}")
    return entries


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


__all__ = ["instructions", "large_print_document", "masthead", "sheet_document"]
