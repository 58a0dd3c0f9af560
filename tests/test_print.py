"""Print quality: what a publisher checks page by page, measured on what is drawn.

Pages are drawn on a probe surface (tests/drawn.py), which records every text size,
tile width and shape in page millimetres, so these tests read sizes and positions
without parsing a PDF.
"""

from __future__ import annotations

import io

import pytest
from drawn import probe
from pypdf import PdfReader

from generator.documents.layout import _frame, page_fills, paginate
from generator.documents.model import (
    Box,
    Bullets,
    Document,
    Figure,
    Grid,
    Heading,
    PageBreak,
    Paragraph,
    Section,
    Table,
    TileRow,
)
from generator.draw.canvas import PAPERS
from generator.output import render_bytes
from generator.tiles import parse_tiles

A4 = PAPERS["a4"]
HAND = parse_tiles("1112345678999m")
SMALLEST_TYPE = 6.0
"""Nothing printed for reading is smaller (points)."""


def puzzle_boxes(n: int, height: float = 40.0) -> Grid:
    return Grid(tuple(Box((TileRow((HAND,), tile_width=9.5),), number=str(k + 1),
                          min_height=height) for k in range(n)), columns=1)


def last_blocks(doc: Document) -> list[list]:
    _, starts = paginate(doc)
    pages, _ = paginate(doc, starts)
    return [[b for _, b in page.placed if not isinstance(b, Section)] for page in pages]


def text_sizes(pages, *, symbols: bool = False) -> list[float]:
    return [t.size for page in pages for t in page.texts]


# -- pagination ---------------------------------------------------------------------


def test_a_heading_never_ends_a_page() -> None:
    """A heading goes over with what it heads when that cannot start below it (the
    American card's family headings, the key's 'Clear the pyramid')."""
    figure = Figure(150, 120, lambda c: c.rect(0, 0, 150, 120, fill="#000000"))
    doc = Document("T", A4, (Paragraph("words " * 500), Heading("Family", level=3), figure,
                             Heading("Clear the pyramid", level=2),
                             Grid((Box((figure,), number="1"),))))
    for page in last_blocks(doc)[:-1]:
        assert not isinstance(page[-1], Heading)


def test_a_section_introduction_stays_with_its_first_puzzle() -> None:
    """Heading and introduction share a page with the first puzzle whenever they fit
    together (the book's 'Clear the pyramid' was left alone on its page, 1 mm short)."""
    from generator.documents.layout import measure

    intro = (Section("Pyramid"), Heading("Clear the pyramid"),
             Paragraph("Each puzzle is a layout. " * 20),
             Paragraph("Every deal can be cleared. " * 10))
    frame = _frame(Document("T", A4, ()))
    room = frame.height - sum(measure(b, frame.width) for b in intro) - 0.5
    box = Box((Figure(170, room - 15.2, lambda c: None),), number="1")
    assert room - 1 < measure(box, frame.width) < room
    doc = Document("T", A4, (Paragraph("words " * 300), PageBreak(), *intro,
                             Grid((box, box))))
    pages = last_blocks(doc)
    assert isinstance(pages[1][0], Heading) and isinstance(pages[1][-1], Grid)


def test_a_grid_before_a_page_break_leaves_no_puzzle_alone() -> None:
    """Six puzzles of which five fit on the first page: the last page gets more than
    one, and no page is under a quarter full (the 'Which discard?' section)."""
    doc = Document("T", A4, (Section("Which discard?"), Heading("Which discard?"),
                             Paragraph("Each hand below has just drawn its 14th tile. " * 8),
                             puzzle_boxes(6, 46.0), PageBreak(), Section("Answers"),
                             Heading("Answers"), Paragraph("The key.")))
    pages = last_blocks(doc)
    grids = [sum(len(b.cells) for b in page if isinstance(b, Grid)) for page in pages]
    assert grids[:2] in ([3, 3], [4, 2])
    assert min(page_fills(doc)[:-1]) >= 0.25


def test_a_soft_page_break_lets_a_short_section_flow_on() -> None:
    doc = Document("T", A4, (Section("One"), Heading("One"), puzzle_boxes(2),
                             PageBreak(soft=True), Section("Two"), Heading("Two"),
                             Paragraph("Intro."), puzzle_boxes(2),
                             PageBreak(), Section("Three"), Heading("Three")))
    _, starts = paginate(doc)
    assert starts == {"One": 1, "Two": 1, "Three": 2}
    full = Document("T", A4, (puzzle_boxes(5), PageBreak(soft=True), Heading("Two"),
                              puzzle_boxes(1)))
    assert len(last_blocks(full)) == 2


def test_a_paragraph_leaves_no_single_line_behind() -> None:
    doc = Document("T", A4, (Paragraph("word " * 1000, size=10),))
    _, starts = paginate(doc)
    pages, _ = paginate(doc, starts)
    from generator.documents.layout import _paragraph_lines

    frame = _frame(doc)
    for page in pages:
        for _, block in page.placed:
            assert len(_paragraph_lines(block, frame.width)) >= 2


# -- blocks -------------------------------------------------------------------------


def test_a_wrapped_tile_row_keeps_its_tile_width() -> None:
    """A row of tiles too long for its cell breaks onto more lines at the same width
    (the best discard's row in a key, nine gates on the wait-shapes card)."""
    many = tuple(parse_tiles("123456789m123456789p"))
    doc = Document("T", A4, (Table(("discard", "waits", "tiles"), (
        (TileRow(((many[0],),), tile_width=4.4), TileRow((many,), tile_width=4.4,
                                                          note=" ".join(map(str, many)),
                                                          wrap=True), "20"),
        (TileRow(((many[1],),), tile_width=4.4), TileRow((many[:2],), tile_width=4.4,
                                                          note="1m 2m", wrap=True), "8"),
    ), widths=(1.7, 6, 1.0)),))
    (page,) = probe(doc)
    assert {round(t.width, 2) for t in page.tiles} == {4.4}
    note = next(t for t in page.texts if t.text.startswith("1m 2m 3m"))
    assert note.x + 1 < 15 + 180  # inside the frame


def test_table_headers_fit_their_columns() -> None:
    from generator.documents.layout import _CELL_PAD, _column_widths
    from generator.draw.fonts import text_width

    table = Table(("card", "points", "best reading"), (("5", "3", "a reading " * 9),),
                  widths=(1, 1.2, 8), size=7.5)
    for header, width in zip(table.header, _column_widths(table, 84.0), strict=True):
        longest = max(text_width(word, 7.5, "bold") for word in header.split())
        assert longest + 2 * _CELL_PAD <= width


def test_numbered_steps_have_numbers_not_bullets() -> None:
    (page,) = probe(Document("T", A4, (Bullets(("Take a tile.", "Build it."),
                                               numbered=True),)))
    words = [t.text for t in page.texts]
    assert "1." in words and "2." in words and "\u2022" not in words


def test_pdfs_ask_to_be_printed_at_actual_size() -> None:
    data = render_bytes(Document("T", A4, (Paragraph("x"),)), "pdf")
    prefs = PdfReader(io.BytesIO(data)).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"


@pytest.mark.parametrize("level", [1, 2, 3])
def test_headings_and_body_type_are_legible(level) -> None:
    doc = Document("T", A4, (Heading("H", level=level), Paragraph("x"),
                             Bullets(("a",), numbered=True)))
    assert min(text_sizes(probe(doc))) >= SMALLEST_TYPE


# -- puzzle pages -------------------------------------------------------------------


def puzzle_sheet(kind, hands: list[str], paper: str = "a4", key: str = "hand"):
    from generator.documents.puzzles import PuzzleSection, sheet
    from generator.puzzles.base import Puzzle, PuzzleSet

    puzzles = []
    for k, hand in enumerate(hands):
        question = {key: hand}
        answer = kind.solve(question)
        grade = kind.grade(question, answer)
        puzzles.append(Puzzle(f"p{k}", grade.difficulty, question, answer))
    section = PuzzleSection(kind.title, kind, PuzzleSet(kind.name, {}, tuple(puzzles)))
    return sheet(section, PAPERS[paper])


def key_pages(doc):
    pages = probe(doc)
    first = next(k for k, page in enumerate(pages) if "Answers" in page.words())
    return pages[:first], pages[first:]


def test_every_row_of_the_discard_key_draws_its_tiles_at_one_width() -> None:
    """The best discard of 12345678m12345p9s helps with 15 tiles: they wrap, at 4.4 mm
    like every other row, instead of shrinking to 2 mm."""
    from generator.games.standard.puzzles import KEY_TILE, DiscardKind

    _, key = key_pages(puzzle_sheet(DiscardKind(), ["12345678m12345p9s", "2345678m234567p1z"]))
    widths = {round(t.width, 2) for page in key for t in page.tiles}
    assert widths == {KEY_TILE}


def test_a_long_title_never_runs_into_the_badge() -> None:
    from generator.draw.fonts import text_width

    box = Box((Paragraph("x"),), number="5", title="11 3333 9 DSDS DFDFDFDF DMDMDM",
              badge="medium")
    (page,) = probe(Document("T", A4, (Grid((box, box), columns=2),)))
    badges = [t for t in page.texts if t.text == "medium"]
    for title in (t for t in page.texts if t.text.startswith("11 3333")):
        badge = min((b for b in badges if b.x > title.x), key=lambda b: b.x)
        end = title.x + text_width(title.text, title.size, "bold")
        assert end < badge.x - text_width("medium", 7.5, "bold")
        assert title.size >= 8.0


def test_the_american_quiz_asks_for_what_its_key_answers_in_words_it_explains() -> None:
    """Lines for the nearest hands and for the pass; no m/p/s/z in the key: the hand and
    the pass are drawn, and the key says how hands are named."""
    import re

    from generator.games.american.puzzles import AmericanKind

    questions, key = key_pages(puzzle_sheet(AmericanKind(), ["28m3p34667s45677z"]))
    words = [t.text for page in questions for t in page.texts]
    assert "Nearest hands:" in words and "Pass first:" in words
    printed = " ".join(page.words() for page in key)
    assert not re.search(r"\b\d+[mpsz]\b|\d[mpsz]\d", printed)
    assert "Pass first:" in printed and "family" in printed
    assert len([t for t in key[0].tiles]) == 13 + 3


def test_mpsz_keys_explain_their_notation() -> None:
    from generator.games.standard.puzzles import WaitsKind

    _, key = key_pages(puzzle_sheet(WaitsKind(), ["2345m"]))
    assert "m characters, p dots, s bamboo" in key[0].words()


def test_the_mint_tin_key_headers_clear_their_column_rules() -> None:
    from generator.documents.layout import _CELL_PAD, _column_widths
    from generator.draw.fonts import text_width
    from generator.games.minttin.puzzles import CompleteKind
    from generator.puzzles.base import Puzzle

    kind = CompleteKind()
    question = {"hand": "11 3333 9 DSDS DFDFDFDF"}
    puzzle = Puzzle("p", "easy", question, kind.solve(question))
    (table,) = kind.answer_blocks(puzzle)
    inner = (180 - 3) / 2 - 6  # a cell of the two-column key, inside its box
    for header, width in zip(table.header, _column_widths(table, inner), strict=True):
        assert text_width(header, table.size, "bold") + 2 * _CELL_PAD <= width
