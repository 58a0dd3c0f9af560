"""The daily sheet on paper: a newspaper puzzle page on the front, the answers on the back.

The front has a masthead (the sheet's title, its number in the series, the date and the
day's level on a week that climbs from Monday to Sunday), a line for the reader, and
the puzzles in boxes: those narrow enough share two columns, balanced like a
newspaper's, and wide ones (a solitaire, a castle) run across the page. The boxes are
stretched so that the page is filled. The back has the answers, in the same order and
numbering, or, for next-day answers, the day before's.

The words are templates in ``templates/daily/`` (one per kind, in players' words, and
``sheet.txt.j2``); a kind without one uses its puzzle book's. Each kind has a question
and an answer presenter here, sized for the page (tiles 8 mm wide or more, no text under
6 pt); a kind without one is shown by its own blocks.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from generator.documents.layout import ACCENT, FRAME, INK, MUTED, draw, measure
from generator.documents.markup import render_template
from generator.documents.model import (
    Block,
    Box,
    Document,
    Figure,
    PageBreak,
    Paragraph,
    Spacer,
    TileRow,
)
from generator.draw.canvas import Canvas, find_paper
from generator.draw.fonts import text_width
from generator.errors import FileFormatError
from generator.games import find_kind
from generator.params import params_dict
from generator.puzzles.base import DIFFICULTIES, Puzzle
from generator.tiles import Tile, parse_tiles

if TYPE_CHECKING:
    from generator.publish.daily import Plan, Sheet

MARGIN = 10.0
GAP = 4.0
MIN_TILE = 8.0
KEY_TILE = 9.1
"""Tile width of a numbered layout in the answers: its numbers are then 6 pt or more."""
TEXT = 8.5
SMALL = 7.5


@dataclass(frozen=True)
class Look:
    """Sizes on the front: tiles and cards (mm) and the instructions (pt). A front that
    does not fit its page takes the next, smaller look (:data:`LOOKS`)."""

    tile: float = 9.0
    card: float = 8.5
    text: float = 8.5


LOOKS = (Look(), Look(8.5, 8.0, 8.0), Look(MIN_TILE, MIN_TILE, 7.5))


# ---------------------------------------------------------------------------
# Page blocks of the daily sheet (registered with the layout like any block)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Numbered:
    """A puzzle's number in a small disc, with its blocks beside it."""

    number: int
    body: tuple[Block, ...]


@dataclass(frozen=True)
class AnswerLine:
    """A dotted line to write an answer on, after a label."""

    label: str


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
_INDENT = 7.0
_LINE = 8.0


@measure.register
def _(block: Numbered, width: float) -> float:
    inner = width - _INDENT
    return max(_DISC + 1.0, sum(measure(b, inner) for b in block.body))


@draw.register
def _(block: Numbered, c: Canvas, x: float, y: float, width: float) -> None:
    r = _DISC / 2
    c.circle(x + r, y + r + 0.6, r, fill=INK)
    c.text(x + r, y + r + 1.85, str(block.number), size=8.5 if block.number < 10 else 7.5,
           font="bold", anchor="middle", fill="#ffffff")
    cursor = y
    for b in block.body:
        draw(b, c, x + _INDENT, cursor, width - _INDENT)
        cursor += measure(b, width - _INDENT)


@measure.register
def _(block: AnswerLine, width: float) -> float:
    return _LINE


@draw.register
def _(block: AnswerLine, c: Canvas, x: float, y: float, width: float) -> None:
    base = y + _LINE - 2.0
    lx = x + _INDENT
    if block.label:
        c.text(lx, base - 0.6, block.label, size=TEXT, fill=MUTED)
        lx += text_width(block.label, TEXT) + 2.0
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


def _tiles(text: str) -> tuple[Tile, ...]:
    return parse_tiles(text)


def _row_split(tiles: Sequence[Tile], most: int) -> list[tuple[Tile, ...]]:
    """Tiles in rows of at most ``most``, as even as can be."""
    rows = -(-len(tiles) // most)
    size = -(-len(tiles) // rows)
    return [tuple(tiles[i:i + size]) for i in range(0, len(tiles), size)]


def _hand_rows(text: str, width: float, look: Look) -> tuple[Block, ...]:
    """A hand in one row of tiles as wide as fit (the look's size down to 8 mm), else in
    even rows."""
    tiles = _tiles(text)
    room = width - _INDENT
    for size in sorted({look.tile, (look.tile + MIN_TILE) / 2, MIN_TILE}, reverse=True):
        if len(tiles) * size <= room + 0.01:
            return (TileRow((tiles,), tile_width=size),)
    most = max(1, int(room // look.tile))
    return tuple(TileRow((row,), tile_width=look.tile) for row in _row_split(tiles, most))


def _hand_question(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    return _hand_rows(str(puzzle.question["hand"]), width, look)


def _minttin_question(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    from generator.games.minttin.cards import parse_cards
    from generator.games.minttin.pictures import cards_figure

    cards = sorted(parse_cards(str(puzzle.question["hand"])))
    groups: list[list] = []
    for card in cards:
        if groups and groups[-1][-1] == card:
            groups[-1].append(card)
        else:
            groups.append([card])
    card_w = look.card
    room = width - _INDENT
    rows: list[list[list]] = [[]]
    for group in groups:
        trial = rows[-1] + [group]
        if rows[-1] and cards_figure(trial, card_w=card_w).width > room:
            rows.append([group])
        else:
            rows[-1] = trial
    return tuple(cards_figure(row, card_w=card_w) for row in rows)


def _layout_question(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    from generator.games.solitaire.pictures import layers_figure
    from generator.games.solitaire.puzzles import deal_of

    deal = deal_of(puzzle.question, puzzle.id)
    return (layers_figure(deal.layout, deal.tiles, width=width - _INDENT,
                          tile_width=look.tile, max_height=0),)


def _castle_parts(puzzle: Puzzle) -> tuple[Any, dict]:
    from generator.games.solitaire.puzzles import deal_of
    from generator.layouts.castle import cell_of, parse_castle

    castle = parse_castle(str(puzzle.question["castle"]), name="castle", source=puzzle.id)
    deal = deal_of(puzzle.question, puzzle.id)
    tiles = {cell_of(p): t for p, t in zip(deal.layout.positions, deal.tiles, strict=True)}
    return castle, tiles


def _castle_question(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    """The castle floor by floor and, where there is room beside it, as a picture."""
    from generator.games.castle.pictures import floors_figure, isometric_figure

    castle, tiles = _castle_parts(puzzle)
    floors = floors_figure(castle, width=width - _INDENT, tiles=tiles, largest=look.tile)
    room = width - _INDENT - floors.width - 8.0
    if room < 40.0:
        return (floors,)
    picture = isometric_figure(castle, width=room)
    if picture.height > floors.height:
        picture = isometric_figure(castle, width=room * floors.height / picture.height)
    return (Beside((floors, picture)),)


def _waits_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    waits = [Tile(w) for w in puzzle.answer.get("waits", [])]
    if not waits:
        return (Paragraph("No wait: the hand is not ready.", size=TEXT),)
    readings = [r for r in puzzle.answer.get("readings", [])][:2]
    words = f"{len(waits)} wait{'s' * (len(waits) != 1)}; read as " + "; or ".join(readings)
    return (TileRow((tuple(waits),), tile_width=MIN_TILE),
            Paragraph(words + ".", size=SMALL, color=MUTED))


def _discard_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    table = puzzle.answer.get("table") or [{}]
    best = table[0]
    tiles = " ".join(best.get("tiles", []))
    count = best.get("count", 0)
    if best.get("shanten", 0) == 0:
        words = f"then ready, waiting on {tiles}: {count} tiles left."
    else:
        words = f"then one tile from ready; {count} tiles help ({tiles})."
    if len(table) > 1:
        second = table[1]
        words += f" Next best: {second.get('discard')} ({second.get('count')} tiles)."
    return (TileRow(((Tile(str(puzzle.answer["discard"])),),), tile_width=MIN_TILE,
                    label="Discard", label_width=16.0),
            Paragraph(words, size=SMALL, color=MUTED))


def _card_words(code: str) -> str:
    names = {"DS": "Sword dragon", "DM": "Moon dragon", "DF": "Fire dragon", "J": "joker"}
    return names.get(code, code)


def _minttin_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    from generator.games.minttin.cards import Card
    from generator.games.minttin.pictures import cards_figure

    ways = sorted(puzzle.answer.get("completions", {}).items(), key=lambda kv: (-kv[1], kv[0]))
    groups = [[Card(code)] for code, _ in ways]
    labels = [f"{points} pt{'s' * (points != 1)}" for _, points in ways]
    return (cards_figure(groups, card_w=8.5, labels=labels),
            Paragraph(f"{len(ways)} card{'s' * (len(ways) != 1)} complete"
                      f"{'s' * (len(ways) == 1)} the hand: "
                      + ", ".join(f"{_card_words(c)} ({p})" for c, p in ways) + ".",
                      size=SMALL, color=MUTED))


def _minttin_discard_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    table = puzzle.answer.get("table") or [{}]
    best = table[0]
    cards = ", ".join(_card_words(c) for c in best.get("completions", {}))
    return (Paragraph(f"Discard {_card_words(str(puzzle.answer.get('discard')))}: the hand "
                      f"is then ready for {cards}, {best.get('left', 0)} cards unseen, "
                      f"worth up to {best.get('points', 0)} points.", size=TEXT),)


def _american_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    near = puzzle.answer.get("nearest", [])
    lines = [f"{n['reading']}: {n['value']} points, {n['need']} tile"
             f"{'s' * (n['need'] != 1)} away" for n in near]
    return (Paragraph("Nearest: " + "; ".join(lines) + ".", size=SMALL, color=INK),
            TileRow((_tiles(str(puzzle.answer.get("pass", ""))),), tile_width=MIN_TILE,
                    label="Pass first", label_width=20.0))


def _numbers(puzzle: Puzzle, count: int) -> list[int]:
    numbers = [0] * count
    for k, (a, b) in enumerate(puzzle.answer["solution"], start=1):
        numbers[a] = numbers[b] = k
    return numbers


def _layout_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    from generator.games.solitaire.pictures import layers_figure
    from generator.games.solitaire.puzzles import deal_of

    deal = deal_of(puzzle.question, puzzle.id)
    traps = puzzle.grade.get("traps", 0)
    return (layers_figure(deal.layout, deal.tiles, width=width - _INDENT, tile_width=KEY_TILE,
                          numbers=_numbers(puzzle, len(deal.tiles)), max_height=0),
            Paragraph(f"Take the pairs in the order of their numbers. {_traps(traps)}",
                      size=SMALL, color=MUTED))


def _traps(traps: Any) -> str:
    return ("No pair on the way leads to a dead end." if not traps else
            f"{traps} pair{'s' * (traps != 1)} on the way lead{'s' * (traps == 1)} to a "
            "dead end.")


def _castle_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    from generator.games.castle.pictures import floors_figure
    from generator.games.solitaire.puzzles import deal_of
    from generator.layouts.castle import cell_of

    castle, tiles = _castle_parts(puzzle)
    deal = deal_of(puzzle.question, puzzle.id)
    numbers = {}
    for k, (a, b) in enumerate(puzzle.answer["solution"], start=1):
        numbers[cell_of(deal.layout.positions[a])] = k
        numbers[cell_of(deal.layout.positions[b])] = k
    return (floors_figure(castle, width=width - _INDENT, tiles=tiles, numbers=numbers,
                          largest=KEY_TILE),
            Paragraph(f"Take the pairs in the order of their numbers. "
                      f"{_traps(puzzle.grade.get('traps', 0))}", size=SMALL, color=MUTED))


Presenter = Callable[[Puzzle, float, Look], tuple[Block, ...]]


@dataclass(frozen=True)
class Presenters:
    question: Presenter
    answer: Presenter
    label: str = "Answer:"
    """The label of the answer line (empty: no line, as for a layout played on paper)."""
    wide: bool = False
    """Across the page always (a layout's layers side by side), not in a column."""


PRESENTERS: dict[str, Presenters] = {
    "waits": Presenters(_hand_question, _waits_answer, "Waits:"),
    "discard": Presenters(_hand_question, _discard_answer, "Discard:"),
    "minttin": Presenters(_minttin_question, _minttin_answer, "Cards:"),
    "minttin-discard": Presenters(_minttin_question, _minttin_discard_answer, "Discard:"),
    "american": Presenters(_hand_question, _american_answer, "Hands:"),
    "solitaire": Presenters(_layout_question, _layout_answer, "", wide=True),
    "castle": Presenters(_castle_question, _castle_answer, "", wide=True),
}
"""How each kind is shown on the daily page; other kinds use their own blocks."""


def _presenters(kind_name: str) -> Presenters:
    if kind_name in PRESENTERS:
        return PRESENTERS[kind_name]
    kind = find_kind(kind_name)
    return Presenters(lambda p, w, look: kind.question_blocks(p),
                      lambda p, w, look: kind.answer_blocks(p), kind.answer_label)


# ---------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------


def _words(name: str, **values: Any) -> str:
    return " ".join(render_template(name, **values).split())


def instructions(plan: Plan, index: int, weekday: int, count: int) -> str:
    """A kind's instructions for the daily page, in players' words."""
    from generator.publish.daily import entry_params

    entry = plan.spec.entries[index]
    values = {k.replace("-", "_"): v for k, v in
              params_dict(entry_params(plan.spec, index, weekday)).items()}
    try:
        return _words(f"daily/{entry.kind}.txt.j2", count=count, **values)
    except FileFormatError:  # no daily words for this kind: its puzzle book's
        kind = find_kind(entry.kind)
        return _words(f"puzzles/{kind.instructions}", **values)


def long_date(day: dt.date) -> str:
    from generator.publish.daily import WEEKDAYS

    months = ("January", "February", "March", "April", "May", "June", "July", "August",
              "September", "October", "November", "December")
    return f"{WEEKDAYS[day.weekday()]} {day.day} {months[day.month - 1]} {day.year}"


# ---------------------------------------------------------------------------
# The masthead
# ---------------------------------------------------------------------------


def masthead(plan: Plan, sheet: Sheet, width: float, *, bookmark: bool) -> Figure:
    from generator.publish.daily import WEEKDAYS

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
    from generator.publish.daily import entry_title

    entry = plan.spec.entries[index]
    shown = _presenters(entry.kind)
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
    from generator.draw.tiles import row_width

    if isinstance(block, Numbered):
        return any(_too_wide(b, room - _INDENT) for b in block.body)
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
    from generator.documents.puzzles import tile_chart

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
    for look in LOOKS:  # the largest look whose front fits on one page
        blocks, spare = _page(_groups(plan, sheet, column, look, answers=False), width, room,
                              stretch=True)
        if spare >= 0:
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
    from generator.publish.daily import WEEKDAYS

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


__all__ = ["PRESENTERS", "AnswerLine", "Beside", "Columns", "Numbered", "Presenters",
           "instructions", "masthead", "sheet_document"]
