"""Lay a :class:`~.model.Document` out on pages and draw it through a drawing surface.

Each block is measured, drawn and split by :mod:`tilepress.documents.blocks` (whose
``measure``, ``draw`` and ``split`` are importable from here too); this module places
the blocks on pages -- headings kept with what they introduce, grids balanced over a
page break -- and draws the title page, running headers and page numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from tilepress.documents.blocks import (
    ACCENT,
    BADGES,
    FRAME,
    INK,
    MUTED,
    SHADE,
    draw,
    figure_scale,
    leading,
    measure,
    split,
    split_rows,
)
from tilepress.documents.containers import BOX_PAD, grid_cell_width, grid_rows
from tilepress.documents.model import (
    Block,
    Box,
    Bullets,
    Contents,
    Document,
    Figure,
    Grid,
    Heading,
    PageBreak,
    Paragraph,
    Rule,
    Section,
    Spacer,
    Table,
    TitlePage,
)
from tilepress.draw.canvas import PT, Canvas, Surface
from tilepress.draw.fonts import text_width, wrap
from tilepress.draw.tiles import RATIO, draw_tile

__all__ = ["ACCENT", "BADGES", "FRAME", "INK", "MUTED", "SHADE", "SOFT_BREAK_FILL", "SQUEEZE",
           "Page", "draw", "leading", "measure", "page_fills", "paginate", "render", "split",
           "trailing"]

# ---------------------------------------------------------------------------
# Pagination
# ---------------------------------------------------------------------------


@dataclass
class Page:
    placed: list[tuple[float, Block]] = field(default_factory=list)
    section: str = ""
    """The running head: the first section begun on the page, else the one running on."""
    title_page: TitlePage | None = None

    @property
    def empty(self) -> bool:
        """Nothing drawn yet (section marks draw nothing)."""
        return all(isinstance(block, Section) for _, block in self.placed)


@dataclass
class _Frame:
    x: float
    top: float
    width: float
    height: float


def _frame(doc: Document) -> _Frame:
    m = doc.margin
    top = m + (6.0 * doc.furniture_size / 7.5 if doc.running_header else 0.0)
    bottom = m + (5.0 if doc.page_numbers else 0.0)
    return _Frame(m, top, doc.paper.width - 2 * m, doc.paper.height - top - bottom)


def trailing(block: Block) -> float:
    """The space a block leaves below itself, which may fall off the bottom of a page."""
    if isinstance(block, Grid):
        return block.gap
    if isinstance(block, Paragraph):
        return block.size * PT * 0.55
    if isinstance(block, Bullets):
        return block.size * PT * 0.4
    if isinstance(block, Table):
        return 2.0
    return 0.0


_TEXT = (Paragraph, Bullets, Spacer, Rule)
_INTRO_MOST = 70.0
"""A heading stays with up to this much introduction (mm) and the first row of what the
introduction introduces; a longer introduction is text like any other."""
SOFT_BREAK_FILL = 0.5
"""A soft page break gives way on a page filled less than this."""


SQUEEZE = 0.86
"""A row of puzzles whose pictures are up to this much too tall for the room left (an
introduction above them) has its pictures drawn that much smaller instead of leaving
the introduction alone on its page. 0.86 keeps 7 pt labels at 6 pt."""


def _squeezed(block: Grid, width: float, room: float, floor: float = SQUEEZE
              ) -> tuple[Grid, Grid | None] | None:
    """The grid's first row with its boxes' figures scaled down (to no less than
    ``floor``) so that the row fits in ``room``, and the other rows; None when that is
    not enough."""
    cw = grid_cell_width(block, width)
    (row, *_rest) = grid_rows(block)
    excess = max(measure(cell, cw) for cell in row) - room
    if excess <= 0:
        return None
    squeezed = []
    for cell in row:
        if measure(cell, cw) <= room:
            squeezed.append(cell)
            continue
        if not isinstance(cell, Box):
            return None
        figures = [b for b in cell.body if isinstance(b, Figure)]
        tall = sum(measure(b, cw - 2 * BOX_PAD) for b in figures)
        over = measure(cell, cw) - room
        if not figures or tall <= over:
            return None
        scale = (tall - over) / tall
        if scale < floor:
            return None
        body = tuple(replace(b, max_height=b.height * figure_scale(b, cw - 2 * BOX_PAD)
                             * scale - 1e-6) if isinstance(b, Figure) else b
                     for b in cell.body)
        squeezed.append(replace(cell, body=body))
    head = replace(block, cells=tuple(squeezed))
    rest = block.cells[len(row):]
    return head, (replace(block, cells=rest) if rest else None)


def _keep(blocks: list[Block], i: int, width: float, room: float) -> float | None:
    """The height that the blocks from ``i`` need together on this page -- section marks,
    a heading, its introduction and the first part of what follows that can stand at the
    foot of a page -- or None when they do not fit in ``room``."""
    total = intro = 0.0
    headed = False
    for j in range(i, len(blocks)):
        block = blocks[j]
        if isinstance(block, Section):
            if intro:  # a new section: the heading's introduction is complete
                return total
            continue
        if isinstance(block, (PageBreak, TitlePage, Contents)):
            return total
        h = measure(block, width)
        if isinstance(block, Heading) or (j == i and _leads_in(block)):
            headed = True
            total += h
        elif (headed and isinstance(block, _TEXT) and intro + h <= _INTRO_MOST
              and total + h <= room + 1e-9):  # an intro that does not fit may split
            intro += h
            total += h
        else:
            if h - trailing(block) <= room - total:
                return total + h
            head, _ = split(block, width, room - total)
            if head is None and isinstance(block, Grid):
                squeezed = _squeezed(block, width, room - total)
                head = squeezed[0] if squeezed else None
            return None if head is None else total + measure(head, width)
        if total > room + 1e-9:
            return None
    return total if total <= room + 1e-9 else None


def _leads_in(block: Block) -> bool:
    """A paragraph that ends with a colon introduces what follows: it is kept with it,
    as a heading is."""
    return isinstance(block, Paragraph) and block.text.rstrip().endswith(":")


def _starts_chain(blocks: list[Block], i: int) -> bool:
    """Does a heading (after any section marks) come at ``i``?"""
    for block in blocks[i:]:
        if not isinstance(block, Section):
            return isinstance(block, Heading)
    return False


def _ends_run(blocks: list[Block], i: int) -> bool:
    """Does nothing follow ``i`` on its page: the end, or a hard page break?"""
    return i >= len(blocks) or (isinstance(blocks[i], PageBreak) and not blocks[i].soft)


def _balanced(block: Grid, width: float, used: float, height: float) -> tuple[Grid, Grid] | None:
    """A grid that fills the rest of this page and ends on the next: its rows shared
    between the two pages so that the emptier page is as full as it can be."""
    cw = grid_cell_width(block, width)
    rows = grid_rows(block)
    heights = [max(measure(cell, cw) for cell in row) for row in rows]
    n = len(rows)

    def span(a: int, b: int) -> float:
        return sum(heights[a:b]) + block.gap * max(b - a - 1, 0)

    best: tuple[float, int] | None = None
    for k in range(1, n):
        here, there = used + span(0, k), span(k, n)
        if here > height + 1e-9 or there > height + 1e-9:
            continue
        score = min(here, there)
        if best is None or score > best[0] + 1e-9:
            best = (score, k)
    if best is None:
        return None
    cells = sum(len(row) for row in rows[:best[1]])
    return replace(block, cells=block.cells[:cells]), replace(block, cells=block.cells[cells:])


def paginate(
    doc: Document, contents: dict[str, int] | None = None
) -> tuple[list[Page], dict[str, int]]:
    """Place the blocks on pages; return the pages and the first page of each section.

    A heading never ends a page: it goes over with its introduction and the first row of
    what it introduces. A grid that ends a run of pages (before a page break, or at the
    end) shares its rows between its last two pages so that the last is not left with
    one puzzle. A soft page break gives way on a page less than half full when what
    follows starts there."""
    frame = _frame(doc)
    pages: list[Page] = []
    starts: dict[str, int] = {}
    section = ""
    sections = headings = 0
    page: Page | None = None
    used = 0.0

    def new_page() -> Page:
        nonlocal page, used
        page = Page(section=section)
        pages.append(page)
        used = 0.0
        return page

    blocks = list(doc.blocks)
    i = 0
    while i < len(blocks):
        block = blocks[i]
        i += 1
        if isinstance(block, TitlePage):
            pages.append(Page(title_page=block))
            page = None
            continue
        if isinstance(block, PageBreak):
            if (block.soft and page is not None and not page.empty
                    and used < SOFT_BREAK_FILL * frame.height
                    and _keep(blocks, i, frame.width, frame.height - used) is not None):
                used += 6.0  # a little air between the sections instead of a new page
                continue
            page = None
            continue
        if isinstance(block, Contents):
            block = _contents_table(block, contents or {}, doc)
        if page is None:
            new_page()
        assert page is not None
        if (not page.empty and (_leads_in(block) or (isinstance(block, (Section, Heading))
                                                     and _starts_chain(blocks, i - 1)))
                and _keep(blocks, i - 1, frame.width, frame.height - used) is None):
            new_page()
        if isinstance(block, Section):
            section = block.title
            if not any(isinstance(placed, Section) for _, placed in page.placed):
                page.section = section  # the running head: the first section begun here
            starts.setdefault(block.title, len(pages))
            page.placed.append((used, replace(block, key=_section_key(sections))))
            sections += 1
            continue
        if (isinstance(block, Heading) and block.level == 1 and doc.outline_depth > 1
                and block.text != section):  # a section's own title is bookmarked once
            block = replace(block, key=f"heading-{headings}")
            headings += 1
        remaining = frame.height - used
        h = measure(block, frame.width)
        if h - trailing(block) <= remaining + 1e-9:
            page.placed.append((used, block))
            used += h
            continue
        head, tail = split(block, frame.width, remaining)
        if head is None and isinstance(block, Grid):
            # a row of pictures a little too tall: smaller pictures, rather than an
            # introduction alone on its page (or a row running off an empty one)
            squeezed = _squeezed(block, frame.width, remaining,
                                 0.0 if page.empty else SQUEEZE)
            if squeezed:
                head, tail = squeezed
        if head is None and page.empty and isinstance(block, Table):
            # a short table taller than a page splits after all, as the page allows
            head, tail = split_rows(block, frame.width, remaining)
        if head is None and page.empty:
            # nothing fits even on an empty page: shrink it in place rather than loop
            head, tail = block, None
        if (isinstance(block, Grid) and head is not None and tail is not None
                and _ends_run(blocks, i)
                and measure(tail, frame.width) - trailing(tail) <= frame.height):
            head, tail = _balanced(block, frame.width, used, frame.height) or (head, tail)
        if head is not None:
            page.placed.append((used, head))
            used += measure(head, frame.width)
            if tail is None:
                continue
        new_page()
        if tail is not None:
            blocks.insert(i, tail)
    return pages, starts


def page_fills(doc: Document) -> list[float]:
    """How full each page's frame is, from 0 to 1 (a title page counts as full)."""
    _, starts = paginate(doc)
    pages, _ = paginate(doc, starts)
    frame = _frame(doc)
    fills = []
    for page in pages:
        if page.title_page is not None:
            fills.append(1.0)
            continue
        bottom = max((offset + measure(block, frame.width) - trailing(block)
                      for offset, block in page.placed), default=0.0)
        fills.append(min(bottom / frame.height, 1.0))
    return fills


def _contents_table(block: Contents, starts: dict[str, int], doc: Document) -> Table:
    sections = _sections(doc)
    rows = tuple((title, str(starts.get(title, ""))) for title, _ in sections)
    return Table(header=(block.title, "page"), rows=rows, widths=(6, 1), size=block.size,
                 links=tuple(key for _, key in sections))


def _sections(doc: Document) -> list[tuple[str, str]]:
    """Each section's title and the key of its place, in order."""
    return [(b.title, _section_key(n)) for n, b in
            enumerate(b for b in doc.blocks if isinstance(b, Section))]


def _section_key(n: int) -> str:
    return f"section-{n + 1}"


def _draw_title_page(c: Canvas, block: TitlePage, doc: Document) -> None:
    w, h = doc.paper.width, doc.paper.height
    y = h * 0.3
    for line in wrap(block.title, w - 40, 30, "bold"):
        c.text(w / 2, y, line, size=30, font="bold", anchor="middle", fill=ACCENT)
        y += leading(30)
    if block.subtitle:
        y += 2
        for line in wrap(block.subtitle, w - 50, 14):
            c.text(w / 2, y, line, size=14, anchor="middle", fill=INK)
            y += leading(14)
    if block.tiles:
        tw = min(14.0, (w - 60) / len(block.tiles))
        total = tw * len(block.tiles)
        for k, tile in enumerate(block.tiles):
            draw_tile(c, tile, (w - total) / 2 + k * tw, y + 10, tw)
        y += 10 + tw * RATIO + 8
    y = max(y + 10, h * 0.62)
    size = block.line_size
    for text in block.lines:
        for line in wrap(text, w - 2 * doc.margin - 20, size):
            c.text(w / 2, y, line, size=size, anchor="middle", fill=MUTED)
            y += leading(size)
        y += 1


def _draw_furniture(c: Canvas, doc: Document, page: Page, number: int) -> None:
    m = doc.margin
    w, h = doc.paper.width, doc.paper.height
    size = doc.furniture_size
    if doc.running_header:
        room = w - 2 * m - (text_width(page.section, size, "bold") + 6 if page.section else 0)
        if text_width(doc.title, size) <= room:  # else the section alone
            c.text(m, m, doc.title, size=size, fill=MUTED)
        if page.section:
            c.text(w - m, m, page.section, size=size, font="bold", anchor="end", fill=MUTED)
        rule = m + size / 7.5 * 1.6
        c.line(m, rule, w - m, rule, stroke=FRAME, stroke_width=0.25)
    if doc.page_numbers:
        c.text(w / 2, h - m + 3.5, str(number), size=size + 1, anchor="middle", fill=MUTED)


def render(doc: Document, surface: Surface) -> int:
    """Draw ``doc`` on ``surface``; return the number of pages."""
    _, starts = paginate(doc)
    pages, _ = paginate(doc, starts)
    frame = _frame(doc)
    for number, page in enumerate(pages, start=1):
        with surface.page(doc.paper.width, doc.paper.height) as c:
            if page.title_page is not None:
                _draw_title_page(c, page.title_page, doc)
                continue
            _draw_furniture(c, doc, page, number)
            for offset, block in page.placed:
                draw(block, c, frame.x, frame.top + offset, frame.width)
    return len(pages)
