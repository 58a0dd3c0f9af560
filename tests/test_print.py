"""Print quality: what a publisher checks page by page, measured on what is drawn.

Pages are drawn on a probe surface (tests/drawn.py), which records every text size,
tile width and shape in page millimetres, so these tests read sizes and positions
without parsing a PDF.
"""

from __future__ import annotations

import io
import itertools

import pytest
from drawn import probe
from pypdf import PdfReader

from tilepress.documents.layout import _frame, page_fills, paginate
from tilepress.documents.model import (
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
from tilepress.draw.canvas import PAPERS
from tilepress.output import render_bytes
from tilepress.tiles import parse_tiles

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
        assert not page or not isinstance(page[-1], Heading)


def test_a_section_introduction_stays_with_its_first_puzzle() -> None:
    """Heading and introduction share a page with the first puzzle whenever they fit
    together (the book's 'Clear the pyramid' was left alone on its page, 1 mm short)."""
    from tilepress.documents.layout import measure

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
    from tilepress.documents.blocks import _paragraph_lines

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
    from tilepress.documents.blocks import _CELL_PAD, _column_widths
    from tilepress.draw.fonts import text_width

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
    from tilepress.documents.puzzles import PuzzleSection, sheet
    from tilepress.puzzles.base import Puzzle, PuzzleSet

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
    from tilepress.games.standard.puzzles import KEY_TILE, DiscardKind

    _, key = key_pages(puzzle_sheet(DiscardKind(), ["12345678m12345p9s", "2345678m234567p1z"]))
    widths = {round(t.width, 2) for page in key for t in page.tiles}
    assert widths == {KEY_TILE}


def test_a_long_title_never_runs_into_the_badge() -> None:
    from tilepress.draw.fonts import text_width

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

    from tilepress.games.american.puzzles import AmericanKind

    questions, key = key_pages(puzzle_sheet(AmericanKind(), ["28m3p34667s45677z"]))
    words = [t.text for page in questions for t in page.texts]
    assert "Nearest hands:" in words and "Pass first:" in words
    printed = " ".join(page.words() for page in key)
    assert not re.search(r"\b\d+[mpsz]\b|\d[mpsz]\d", printed)
    assert "Pass first:" in printed and "family" in printed
    assert len([t for t in key[0].tiles]) == 13 + 3


def test_mpsz_keys_explain_their_notation() -> None:
    from tilepress.games.standard.puzzles import WaitsKind

    _, key = key_pages(puzzle_sheet(WaitsKind(), ["2345m"]))
    assert "m characters, p dots, s bamboo" in key[0].words()


def test_the_mint_tin_key_headers_clear_their_column_rules() -> None:
    from tilepress.documents.blocks import _CELL_PAD, _column_widths
    from tilepress.draw.fonts import text_width
    from tilepress.games.minttin.puzzles import CompleteKind
    from tilepress.puzzles.base import Puzzle

    kind = CompleteKind()
    question = {"hand": "11 3333 9 DSDS DFDFDFDF"}
    puzzle = Puzzle("p", "easy", question, kind.solve(question))
    (table,) = kind.answer_blocks(puzzle)
    inner = (180 - 3) / 2 - 6  # a cell of the two-column key, inside its box
    for header, width in zip(table.header, _column_widths(table, inner), strict=True):
        assert text_width(header, table.size, "bold") + 2 * _CELL_PAD <= width


# -- card sheets --------------------------------------------------------------------


def labelled_cards(n: int, *, own_back: int = 0):
    """Cards whose sides write their names at the card's corner (0, 0), so a probe
    finds where each side was placed; the last ``own_back`` have backs of their own."""
    from tilepress.documents.cards import CardSpec

    def side(text):
        return lambda c, w, h, b: c.text(0, 0, text, size=8)

    return [CardSpec(f"c{k}", side(f"F{k}"), side(f"O{k}") if k >= n - own_back else None)
            for k in range(n)]


def shared_back(c, w, h, b):
    c.text(0, 0, "B", size=8)


def sheets(n=54, paper="a4", own_back=0, **options):
    from tilepress.documents.cards import CardSheetOptions, CardSheets

    return CardSheets("Test deck", labelled_cards(n, own_back=own_back), PAPERS[paper],
                      CardSheetOptions(**options), back=shared_back)


def corners(page, prefix: str) -> dict[int, tuple[float, float]]:
    return {int(t.text[1:]): (t.x, t.y) for t in page.texts
            if t.text[:1] in prefix and t.text[1:].isdigit()}


@pytest.mark.parametrize(("size", "paper", "per_sheet", "pages"), [
    ("poker", "a4", 9, 12), ("mini", "a4", 16, 8), ("mini", "letter", 16, 8),
    ("poker", "letter", 6, 18), ("tarot", "a4", 4, 28),
])
def test_cards_share_their_cut_lines_to_fit_a_sheet(size, paper, per_sheet, pages) -> None:
    """Poker cards 3 x 3 on A4 (not 4 a sheet), mini cards 16 (not 9)."""
    deck = sheets(card_size=size, paper=paper)
    assert deck.per_sheet == per_sheet and deck.pages() == pages == len(probe(deck))


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("gutter", ["0", "6"])
def test_backs_land_behind_their_fronts(duplex, gutter) -> None:
    deck = sheets(20, duplex=duplex, gutter=gutter, own_back=2)
    w, h = deck.size
    pw, ph = deck.paper.width, deck.paper.height
    pages = probe(deck)
    assert len(pages) == 4
    for front, back in ((pages[0], pages[1]), (pages[2], pages[3])):
        fronts = corners(front, "F")
        assert len(fronts) == len([t for t in back.texts if t.text[:1] in "BO"])
        for k, (x, y) in fronts.items():
            match = [(bx, by) for t in back.texts if t.text[:1] in "BO"
                     for bx, by in [(t.x, t.y)] if t.text in ("B", f"O{k}")]
            if duplex == "long":
                assert any(abs(bx - (pw - x - w)) < 1e-6 and abs(by - y) < 1e-6
                           for bx, by in match)
            else:
                assert any(abs(bx - x) < 1e-6 and abs(by - (ph - y - h)) < 1e-6
                           for bx, by in match)
    xs = sorted({round(x, 6) for x, _ in corners(pages[0], "F").values()})
    assert all(abs(b - a - (w + float(gutter))) < 1e-6 for a, b in itertools.pairwise(xs))


def test_cards_and_marks_stay_inside_the_printable_area() -> None:
    from tilepress.documents.cards import BLEED

    for size in ("mini", "poker", "bridge"):
        for paper in ("a4", "letter"):
            deck = sheets(card_size=size, paper=paper)
            margin = deck.options.margin
            w, h = deck.size
            page = probe(deck)[0]
            for x, y in corners(page, "F").values():
                assert x - BLEED >= margin and y - BLEED >= margin
                assert x + w + BLEED <= deck.paper.width - margin
                assert y + h + BLEED <= deck.paper.height - margin
            for shape in page.shapes:
                x0, y0, x1, y1 = shape.box
                assert x0 >= margin - 1e-6 and y0 >= margin - 1e-6
                assert x1 <= deck.paper.width - margin + 1e-6
                assert y1 <= deck.paper.height - margin + 1e-6


def test_crop_marks_stand_at_the_edges_in_line_with_every_cut() -> None:
    deck = sheets(card_size="poker")
    page = probe(deck)[0]
    xs, ys = deck.cut_lines()
    lines = [s.box for s in page.shapes if s.kind == "path" and s.stroke == "#1d1d1b"]
    vertical = {round(x0, 6) for x0, y0, x1, y1 in lines
                if x0 == x1 and y1 < ys[0] and xs[0] - 0.5 < x0 < xs[-1] + 0.5}
    horizontal = {round(y0, 6) for x0, y0, x1, y1 in lines
                  if y0 == y1 and x1 < xs[0] and ys[0] - 0.5 < y0 < ys[-1] + 0.5}
    assert vertical == {round(x, 6) for x in xs} and horizontal == {round(y, 6) for y in ys}
    inside = [b for b in lines if xs[0] < b[0] < xs[-1] and ys[0] < b[1] < ys[-1]]
    assert not inside  # no mark between the cards
    each = probe(sheets(card_size="mini", crop_marks="each"))[0]
    assert sheets(card_size="mini", crop_marks="each").layout.gutter == 12.0
    assert len([s for s in each.shapes if s.kind == "path"]) >= 8 * 9


def test_every_sheet_says_which_it_is_how_to_print_it_and_carries_a_50_mm_bar() -> None:
    from tilepress.documents.cards import RULER

    deck = sheets(card_size="poker")
    pages = probe(deck)
    margin = deck.options.margin
    for n, page in enumerate(pages):
        sheet = n // 2 + 1
        label = next(t for t in page.texts if t.text.startswith("Test deck: sheet"))
        assert f"sheet {sheet} of 6, {'backs' if n % 2 else 'fronts'}" in label.text
        assert "100%" in label.text and label.size >= 6.0
        assert margin < label.y < deck.paper.height - margin
        bars = [s for s in page.shapes if s.kind == "rect" and s.fill == "#1d1d1b"]
        assert any(abs((s.box[2] - s.box[0]) - RULER) < 1e-6
                   and s.box[3] < deck.paper.height - margin for s in bars)
    assert min(t.size for page in pages for t in page.texts if not t.text[1:].isdigit()
               and t.text not in "B") >= 6.0


def test_registration_marks_mirror_onto_each_other() -> None:
    deck = sheets(16, card_size="mini")
    front, back = probe(deck)
    targets = [{(round(s.box[0], 6), round(s.box[1], 6)) for s in page.shapes
                if s.kind == "circle"} for page in (front, back)]
    mirrored = {(round(deck.paper.width - x - 3.0, 6), y) for x, y in targets[0]}
    assert len(targets[0]) == 4 and targets[1] == targets[0] == mirrored
    assert not [s for s in probe(sheets(16, registration=False))[0].shapes
                if s.kind == "circle"]


def test_a_duplex_test_sheet_measures_the_shift_and_backs_can_be_moved() -> None:
    test = probe(sheets(duplex_test=True))
    assert len(test) == 2
    assert "Duplex test" in test[0].words() and "+5" in test[0].words()
    assert "duplex test, front" in test[0].words() and "--" not in test[0].words()
    red = [s for s in test[1].shapes if s.stroke == "#c62633"]
    assert len(red) == 2 * 5  # a cross at the middle and near each corner
    plain, moved = sheets(16), sheets(16, back_offset="0.8,-0.5")
    assert moved.slot(3, back=True) == pytest.approx(
        (plain.slot(3, back=True)[0] + 0.8, plain.slot(3, back=True)[1] - 0.5))
    assert moved.slot(3, back=False) == plain.slot(3, back=False)


@pytest.mark.parametrize("args", [("print", "deck", "minttin"), ("print", "tiles", "onesuit")])
def test_a_duplex_test_has_its_own_file_and_leaves_the_deck_alone(cli, tmp_path, monkeypatch,
                                                                  args) -> None:
    """Issue 40.2: the 2-page test goes to a file of its own, never over the deck."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out").mkdir()
    assert cli(*args).code == 0
    (deck,) = (tmp_path / "out").iterdir()
    before = deck.read_bytes()
    r = cli(*args, "--duplex-test")
    assert r.code == 0 and "duplex test sheet (2 pages" in r.out
    assert deck.read_bytes() == before
    test = tmp_path / "out" / deck.name.replace(".pdf", "-duplex-test.pdf")
    assert len(PdfReader(test).pages) == 2 and str(test.relative_to(tmp_path)) in r.out


def test_the_card_back_can_be_shipped_plain_or_none() -> None:
    colour = probe(sheets(16, back="#204060"))[1]
    assert any(s.fill == "#204060" for s in colour.shapes)
    fronts_only = sheets(16, back="none")
    assert fronts_only.pages() == 1 and len(probe(fronts_only)) == 1
    mixed = probe(sheets(16, back="none", own_back=2))
    assert len(mixed) == 2 and {t.text for t in mixed[1].texts if t.text[:1] == "O"} == {
        "O14", "O15"}


def test_a_print_shop_gets_each_front_and_the_shared_back_once() -> None:
    deck = sheets(10, own_back=2, one_per_page=True)
    names = [name for name, _ in deck.pod_sides()]
    assert names.count("back") == 1 and len(names) == 10 + 2 + 1
    pages = probe(deck)
    assert len(pages) == 13 and all(p.width == 44.45 and p.bleed == 3.0 for p in pages)


def test_png_card_files_at_the_asked_resolution(tmp_path) -> None:
    from PIL import Image

    from tilepress.output import write_card_files

    deck = sheets(3, own_back=1, format="png", dpi=100, card_size="poker")
    assert write_card_files(deck, tmp_path / "png") == 3 + 1 + 1
    files = sorted((tmp_path / "png").glob("*.png"))
    assert [f.name for f in files][-1] == "05-back.png"
    with Image.open(files[0]) as image:
        assert image.size == (round((63.5 + 6) / 25.4 * 100), round((88.9 + 6) / 25.4 * 100))


def test_card_sheet_pdfs_ask_for_their_duplex_edge() -> None:
    for duplex, name in (("long", "/DuplexFlipLongEdge"), ("short", "/DuplexFlipShortEdge")):
        data = render_bytes(sheets(4, duplex=duplex), "pdf")
        prefs = PdfReader(io.BytesIO(data)).trailer["/Root"]["/ViewerPreferences"]
        assert prefs["/Duplex"] == name and prefs["/PrintScaling"] == "/None"


def test_options_without_effect_are_named() -> None:
    assert sheets(4, format="svg", paper="letter", duplex="short").notes() == [
        "note: --paper, --duplex apply only to sheets of cards; this writes each card side "
        "as its own SVG file"]
    assert sheets(4).notes() == []


# -- the Mint Tin deck and its cards ------------------------------------------------


@pytest.mark.parametrize("size", ["mini", "poker", "tarot"])
def test_card_frames_keep_to_the_safe_zone(size) -> None:
    """A frame 2 mm inside the trim shows a cutting error; the safe zone is 3 mm."""
    from drawn import probe_side

    from tilepress.documents.cards import CARD_SIZES, SAFE
    from tilepress.games.minttin.printables import deck_cards, rules_card

    w, h = CARD_SIZES[size]
    cards = deck_cards()
    sides = [cards[0].front, cards[40].front, cards[-1].front, cards[-1].back]
    sides += [spec.front for spec in rules_card(A4, None).cards[:2]]
    for side in sides:
        page = probe_side(side, w, h)
        frames = [s for s in page.shapes if s.kind == "rect" and s.stroke]
        assert frames
        for s in frames:
            x0, y0, x1, y1 = s.box
            assert min(x0, y0) >= SAFE - 1e-6 and x1 <= w - SAFE + 1e-6 and y1 <= h - SAFE + 1e-6


def test_a_six_on_a_score_card_is_underlined() -> None:
    """Turned round, a 6 reads as a 9: the score card underlines it."""
    from drawn import probe_side

    from tilepress.games.minttin.pictures import draw_score_side

    page = probe_side(lambda c, w, h, b: draw_score_side(c, (4, 5, 6, 7), w, h, b), 44.45, 63.5)
    six = next(t for t in page.texts if t.text == "6")
    assert six.rotation == pytest.approx(180)
    under = [s for s in page.shapes if s.kind == "path" and s.box[1] == pytest.approx(s.box[3])
             and abs((s.box[0] + s.box[2]) / 2 - six.x) < 0.01]
    assert under and under[0].box[1] < six.y  # above the baseline of an upside-down digit


@pytest.mark.parametrize("size", ["mini", "poker"])
def test_the_rules_cards_are_legible_and_keep_their_parts_apart(size) -> None:
    import re

    from tilepress.documents.cards import CardSheetOptions
    from tilepress.games.minttin.printables import rules_card

    cards = rules_card(A4, CardSheetOptions(card_size=size))
    pages = probe(cards)
    texts = [t for page in pages for t in page.texts if not t.text.startswith("Mint Tin")
             and not t.text.startswith("This bar")]
    assert min(t.size for t in texts) >= 6.5
    titles = [t.text for t in texts if t.fill == "#9a7410" and t.font == "bold"
              and t.text.isupper()]
    assert sorted(set(titles)) == ["NUMBERS AND DRAGONS", "SCORING", "WINNING HANDS",
                                   "YOUR TURN"]
    body = [t.text for t in texts if t.fill == "#1d1d1b"]
    assert not [line for line in body if re.fullmatch(r"\S{0,6}\s?\+?\d\.?", line)]
    # the turn is not inside the scoring: no side holds both
    from drawn import probe_side

    from tilepress.documents.cards import CARD_SIZES

    w, h = CARD_SIZES[size]
    for spec in cards.cards:
        for side in (spec.front, spec.back):
            words = probe_side(side, w, h).words()
            assert not ("SCORING" in words and "YOUR TURN" in words)


# -- every printable ----------------------------------------------------------------


def printables():
    from tilepress.games import GAMES

    for game in GAMES:
        for entry in game.printables:
            for paper in ("a4", "letter"):
                yield pytest.param(game, entry, paper, id=f"{entry.item}-{game.name}-{paper}")


@pytest.mark.parametrize(("game", "entry", "paper"), list(printables()))
def test_printables_speak_to_players_in_legible_type_on_full_pages(game, entry, paper) -> None:
    """No flags, backticks or program name on a page a player reads; nothing under 6 pt;
    no page under a quarter full but the last; no heading at the foot of a page."""
    from tilepress.documents.model import PlayerAid

    printed = getattr(game.module("printables"), entry.function)(PAPERS[paper], None)
    pages = probe(printed)
    words = " ".join(page.words() for page in pages)
    for bad in ("`", "--", "tilepress"):
        assert bad not in words
    assert min(t.size for page in pages for t in page.texts) >= SMALLEST_TYPE
    doc = printed.document if isinstance(printed, PlayerAid) else printed
    if isinstance(doc, Document):
        assert min(page_fills(doc)[:-1], default=1.0) >= 0.25
        if len(page_fills(doc)) > 1:
            assert page_fills(doc)[-1] >= 0.25
        for page in last_blocks(doc)[:-1]:
            assert not page or not isinstance(page[-1], Heading)


def test_the_turn_card_numbers_its_steps_on_a_half_sheet_aid() -> None:
    from tilepress.games.castle.printables import turn_card

    aid = turn_card(A4)
    (sheet,) = probe(aid)
    assert sheet.width == 297.0 and sheet.height == 210.0  # two A5 copies, side by side
    numbers = [t for t in sheet.texts if t.text in ("1.", "2.", "3.", "4.", "5.")]
    assert len(numbers) == 10 and "\u2022 1." not in sheet.words()
    steps = [b for b in aid.document.blocks if isinstance(b, Bullets) and b.numbered]
    assert steps and not any(item[:2] in ("1.", "2.") for item in steps[0].items)
    assert page_fills(aid.document)[0] >= 0.6


def test_the_charleston_aid_draws_the_passes_and_fills_its_half_sheet() -> None:
    from tilepress.games.american.printables import charleston_card

    aid = charleston_card(A4)
    (sheet,) = probe(aid)
    assert sheet.words().count("1. right") == 2 and "3. right" in sheet.words()  # two copies
    assert page_fills(aid.document)[0] >= 0.6


def test_the_wait_shapes_card_draws_every_row_at_one_tile_width() -> None:
    """Nine gates and seven pairs break onto a second line instead of shrinking to
    3.4 mm; the nine gates waits are drawn, not only named."""
    from tilepress.games.onesuit.printables import HAND_TILE, WAIT_TILE, wait_shapes_card

    for paper in ("a4", "letter"):
        (page,) = probe(wait_shapes_card(PAPERS[paper]))
        widths = {round(t.width, 3) for t in page.tiles}
        assert widths == {HAND_TILE, WAIT_TILE}
        assert len([t for t in page.tiles if round(t.width, 3) == WAIT_TILE]) >= 9 + 2


@pytest.mark.parametrize(("size", "cell"), [(None, (26.0, 34.7)), ("22x30", (22.0, 30.0)),
                                            ("29,38", (29.0, 38.0))])
def test_the_castle_board_has_cells_the_size_of_your_tiles(size, cell) -> None:
    from tilepress.games.castle.options import BoardOptions
    from tilepress.games.castle.printables import castle_board

    board = castle_board(A4, BoardOptions(size) if size else None)
    (page,) = probe(board)
    dashed = [s.box for s in page.shapes if s.kind == "path" and s.stroke == "#cfc8ba"]
    xs = sorted({round(b[0], 4) for b in dashed if b[0] == b[2]})
    ys = sorted({round(b[1], 4) for b in dashed if b[1] == b[3]})
    assert [round(b - a, 4) for a, b in itertools.pairwise(xs)] == [cell[0]] * 4
    assert [round(b - a, 4) for a, b in itertools.pairwise(ys)] == [cell[1]] * 4
    assert f"Each cell is {cell[0]:g} x {cell[1]:g} mm" in page.words()


def test_a_castle_board_too_big_for_the_paper_says_what_fits() -> None:
    from tilepress.errors import RequestError
    from tilepress.games.castle.options import BoardOptions
    from tilepress.games.castle.printables import castle_board

    with pytest.raises(RequestError, match="does not fit on Letter paper: cells of at most"):
        castle_board(PAPERS["letter"], BoardOptions("29,38"))


def test_a_solo_score_sheet_holds_a_whole_match() -> None:
    from tilepress.games.minttin.options import ScoreSheetOptions
    from tilepress.games.minttin.printables import score_sheet

    for paper in ("a4", "letter"):
        sheet = score_sheet(PAPERS[paper], ScoreSheetOptions(solo=True))
        (table,) = [b for b in sheet.blocks if isinstance(b, Table)]
        assert len(table.rows) >= 17 and "opponent's pungs" in table.header
        assert len(page_fills(sheet)) == 1


# -- SVG ----------------------------------------------------------------------------


def test_an_svg_of_several_pages_is_one_file_per_page(tmp_path) -> None:
    import xml.etree.ElementTree as ET

    from tilepress.output import write_pages

    doc = Document("T", A4, (Paragraph("word " * 2500),))
    files = write_pages(doc, tmp_path / "sheet.svg")
    assert [f.name for f in files] == ["sheet.svg", "sheet-2.svg", "sheet-3.svg"]
    for f in files:
        root = ET.fromstring(f.read_bytes())
        assert root.get("width") == "210mm" and root.get("height") == "297mm"
        assert "background" not in (root.get("style") or "")


# -- every puzzle kind's pages ------------------------------------------------------

KINDS = {"waits": ({"tiles": 10}, 8), "discard": ({}, 6), "minttin": ({}, 6),
         "minttin-discard": ({}, 4), "american": ({}, 4),
         "solitaire": ({"layout": "fortress"}, 1), "castle": ({}, 1)}


@pytest.fixture(scope="module")
def puzzle_sets():
    from tilepress.games import find_kind
    from tilepress.params import parse_params
    from tilepress.puzzles.base import generate_set

    sets = {}
    for name, (options, count) in KINDS.items():
        kind = find_kind(name)
        params = parse_params(kind.params_type, options, where=name)
        sets[name] = (kind, generate_set(kind, params, count=count, seed=3))
    return sets


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", list(KINDS))
def test_puzzle_sheets_are_legible_and_full(puzzle_sets, name, paper) -> None:
    from tilepress.documents.puzzles import PuzzleSection, sheet

    kind, puzzles = puzzle_sets[name]
    doc = sheet(PuzzleSection(kind.title, kind, puzzles), PAPERS[paper])
    pages = probe(doc)
    assert min(t.size for page in pages for t in page.texts) >= SMALLEST_TYPE
    words = " ".join(page.words() for page in pages)
    assert "`" not in words and "--" not in words
    fills = page_fills(doc)
    answers = next(k for k, page in enumerate(pages) if "Answers" in page.words())
    # the last page of the questions and the last of the key may be short, not empty
    assert min(fills[:answers - 1] + fills[answers:-1], default=1.0) >= 0.25
    assert fills[answers - 1] >= 0.25 or answers == 1
    for page in last_blocks(doc)[:-1]:
        assert not page or not isinstance(page[-1], Heading)
    assert min((t.width for page in pages for t in page.tiles), default=9) >= 4.0


def test_solitaire_layers_are_drawn_large_and_unscaled() -> None:
    """The fortress: tiles about 7.5 mm (not 5.5) across most of the page width, layer
    labels and key numbers at full size (not 3.1 and 3.9 pt)."""
    from tilepress.games.solitaire.pictures import LABEL_SIZE, NUMBER_SIZE, layers_figure
    from tilepress.layouts.files import find_layout

    layout = find_layout("fortress")
    tiles = parse_tiles("1m" * len(layout))
    for numbers, max_height in ((None, 185.0), (list(range(len(layout))), 200.0)):
        figure = layers_figure(layout, tiles, width=174, numbers=numbers,
                               max_height=max_height)
        assert figure.width <= 174 and figure.height <= max_height
        assert figure.width > 140
        (page,) = probe(Document("T", A4, (figure,), running_header=False))
        assert min(t.width for t in page.tiles) >= 7.0
        sizes = {t.size for t in page.texts}
        assert min(sizes) >= SMALLEST_TYPE and LABEL_SIZE in sizes
        assert numbers is None or NUMBER_SIZE in sizes


# -- the default book ---------------------------------------------------------------


@pytest.fixture(scope="module")
def default_book():
    from tilepress.publish.book import build_book, load_spec
    from tilepress.resources import shipped

    document, _ = build_book(load_spec(shipped("puzzles", "book.toml")))
    return document


def test_the_default_book_has_no_near_empty_page_and_no_orphan_heading(default_book) -> None:
    """No page under a quarter full but the last (12-18% before: a section introduction
    alone, one puzzle alone); 'Clear the pyramid' never ends a page of the key."""
    fills = page_fills(default_book)
    assert min(fills[:-1]) >= 0.25
    for page in last_blocks(default_book)[:-1]:
        assert not page or not isinstance(page[-1], Heading)


def test_the_default_book_has_bookmarks_and_a_contents_that_links(default_book) -> None:
    reader = PdfReader(io.BytesIO(render_bytes(default_book, "pdf")))
    titles = [entry.title for entry in reader.outline if not isinstance(entry, list)]
    sections = [b.title for b in default_book.blocks if isinstance(b, Section)]
    assert titles == sections and "Answers" in titles
    contents = reader.pages[1]
    links = [a.get_object() for a in contents.get("/Annots", [])
             if a.get_object().get("/Subtype") == "/Link"]
    assert len(links) == len(sections)
    for link in links:
        target = link.get("/Dest") or link["/A"].get("/D")
        assert target is not None


def test_any_card_size_for_paper_tiles_to_come() -> None:
    deck = sheets(112, card_size="25x34")
    assert deck.size == (25.0, 34.0) and deck.per_sheet >= 48
    with pytest.raises(Exception, match="card-size must be one of"):
        sheets(4, card_size="huge")


def test_the_castle_board_carries_a_calibration_bar() -> None:
    from tilepress.games.castle.printables import castle_board

    (page,) = probe(castle_board(A4))
    assert any(abs((s.box[2] - s.box[0]) - 50.0) < 1e-6 for s in page.shapes
               if s.kind == "rect" and s.fill == "#1d1d1b")
    assert "This bar is 50 mm long" in page.words()


# -- sheets to fold, for a printer without duplex -------------------------------------


@pytest.mark.parametrize("size", ["mini", "poker", "tarot"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_sheet_to_fold_puts_each_back_behind_its_front(size, paper) -> None:
    """--duplex fold: fronts and their backs on one side of one page, each back the
    mirror of its front across the printed fold line, so that folding the sheet lays it
    exactly behind; nothing of a card crosses the fold."""
    from tilepress.documents.cards import FOLD_GAP

    deck = sheets(20, paper=paper, card_size=size, duplex="fold", own_back=2)
    w, h = deck.size
    pw, ph = deck.paper.width, deck.paper.height
    pages = probe(deck)
    assert len(pages) == deck.sheets and deck.pages() == len(pages)
    total = 0
    for page in pages:
        fronts = corners(page, "F")
        backs = [(t.text, t.x, t.y) for t in page.texts if t.text[:1] in "BO"]
        assert len(backs) == len(fronts)
        fold = [s.box for s in page.shapes if s.kind == "path" and s.stroke == "#1d1d1b"
                and s.stroke_width == pytest.approx(0.3)]
        assert len(fold) == 1
        for k, (x, y) in fronts.items():
            if deck.duplex == "long":  # a fold down the middle of the sheet
                mirror = (pw - x - w, y)
                assert x + w <= pw / 2 - FOLD_GAP + 1e-6 and fold[0][0] == pw / 2
            else:  # a fold across it
                mirror = (x, ph - y - h)
                assert y + h <= ph / 2 - FOLD_GAP + 1e-6 and fold[0][1] == ph / 2
            assert any(abs(bx - mirror[0]) < 1e-6 and abs(by - mirror[1]) < 1e-6
                       and name in ("B", f"O{k}") for name, bx, by in backs)
        total += len(fronts)
        assert "fold on the dashed line" in page.words()
    assert total == 20
    assert not [t for t in pages[0].shapes if t.kind == "circle"]  # no duplex registration


def test_sheets_to_fold_take_the_kits_and_the_cli_and_refuse_a_duplex_test(cli, tmp_path
                                                                             ) -> None:
    from tilepress.documents.cards import CardSheetOptions, CardSheets
    from tilepress.errors import RequestError

    with pytest.raises(RequestError, match="needs no test"):
        CardSheets("t", labelled_cards(4), A4, CardSheetOptions(duplex="fold",
                                                                duplex_test=True))
    r = cli("print", "deck", "minttin", "--duplex", "fold", "-o", tmp_path / "d.pdf")
    assert r.code == 0
    assert len(PdfReader(tmp_path / "d.pdf").pages) == 7  # 54 + 0 cards, 8 a sheet
    r = cli("print", "deck", "minttin", "--duplex", "sideways", "-o", tmp_path / "e.pdf")
    assert r.code == 2 and "sideways" in r.err and not (tmp_path / "e.pdf").exists()


# -- large print -----------------------------------------------------------------------


def large_printables():
    import dataclasses

    from tilepress.games import GAMES

    for game in GAMES:
        for entry in game.printables:
            if entry.options and "large_print" in {f.name for f in
                                                   dataclasses.fields(entry.options)}:
                yield pytest.param(game, entry, id=f"{entry.item}-{game.name}")


def reading_texts(pages):
    """The words a player reads: not the running header and page number, a card sheet's
    label strip or the calibration bar's note (page furniture)."""
    return [t for page in pages for t in page.texts if t.text.strip()
            and 16.0 < t.y < page.height - 13.0 and not t.text.startswith("This bar is")]


@pytest.mark.parametrize(("game", "entry"), list(large_printables()))
def test_every_printable_in_large_print_reads_at_14_pt(game, entry) -> None:
    """Issue 34: --large-print on every printed piece: every word at 14 pt or more, the
    tiles half as large again, laid out again on pages that stay full."""
    from tilepress.documents.model import PlayerAid

    function = getattr(game.module("printables"), entry.function)
    both = []
    for large in (False, True):
        options = entry.options(large_print=large)
        if entry.item == "plan":
            options = entry.options(layout="pyramid", large_print=large)
        printed = function(PAPERS["letter"], options)
        both.append((printed, probe(printed)))
    (normal, small), (printed, pages) = both
    texts = reading_texts(pages)
    name = f"{entry.item}-{game.name}"
    if name == "deck-minttin":  # the cards' numbers; their art grows with the card
        texts = [t for t in texts if t.text.isdigit()]
        assert min(printed.size) >= 63.5
    if name == "shrines-castle":  # no words: the tokens keep the tiles' size
        assert not texts and printed.size == normal.size
        return
    doc = printed.document if isinstance(printed, PlayerAid) else printed
    assert texts and min(t.size for t in texts) >= 14.0  # the figures' own words too
    tiles, old = [t.width for p in pages for t in p.tiles], [t.width for p in small
                                                             for t in p.tiles]
    if old:
        assert min(tiles) >= 1.5 * min(old) - 1e-6
    assert not [s for page in pages for s in page.clips if s[2] - s[0] > page.width + 1]
    if isinstance(doc, Document):
        fills = page_fills(doc)
        assert all(fill >= 0.25 for fill in fills), fills


def test_a_large_print_score_sheet_keeps_to_its_page_with_fewer_rows() -> None:
    from tilepress.games.minttin.options import ScoreSheetOptions
    from tilepress.games.minttin.printables import score_sheet

    normal = score_sheet(A4)
    large = score_sheet(A4, ScoreSheetOptions(large_print=True))
    assert len(probe(normal)) == len(probe(large)) == 1
    rows = next(b for b in large.blocks if isinstance(b, Table)).rows
    assert 9 <= len(rows) < 18 and [r[0] for r in rows] == [str(k) for k in
                                                            range(1, len(rows) + 1)]


# -- score sheets: every row ruled, every row alike -------------------------------------


@pytest.mark.parametrize(("game", "item"), [
    ("minttin", "sheet"), ("american", "sheet"), ("onesuit", "sheet"), ("oneplayer", "sheet"),
    ("castle", "pad")])
def test_a_score_sheet_has_even_rows_each_ruled(game, item) -> None:
    """Issue 34: a row's shading never covers the rule under the row before it, and the
    rows to write in are all one height."""
    from tilepress.documents.blocks import FRAME
    from tilepress.games import find_game

    g = find_game(game)
    function, options = g.printable(item)
    (page, *_) = probe(function(A4, options() if options else None))
    shapes = page.shapes
    rules = [(k, s.box[1]) for k, s in enumerate(shapes) if s.kind == "path"
             and s.stroke == FRAME and abs(s.box[1] - s.box[3]) < 1e-9]
    for k, y in rules:
        covered = [s for s in shapes[k + 1:] if s.kind == "rect" and s.fill
                   and s.box[1] - 1e-6 <= y <= s.box[3] + 1e-6
                   and s.box[1] < y < s.box[3]]
        assert not covered
    ys = sorted({round(y, 4) for _, y in rules})
    steps = [round(b - a, 3) for a, b in itertools.pairwise(ys)]
    body = steps[1:-1] if len(steps) > 3 else steps
    assert max(body) - min(body) < 0.01 or game == "castle"


# -- print-shop files: CMYK, PDF/X with an output intent, font subsets tagged by content --


def cmyk_profile(tmp_path, *, space=b"CMYK", kind=b"prtr"):
    """A file with an ICC profile's header (what tilepress checks and embeds)."""
    header = bytearray(128)
    header[0:4] = (132).to_bytes(4, "big")
    header[12:16], header[16:20], header[20:24], header[36:40] = kind, space, b"Lab ", b"acsp"
    path = tmp_path / "shop.icc"
    path.write_bytes(bytes(header) + b"\0" * 4)
    return path


def pdfx_problems(data: bytes, version: str) -> list[str]:
    """A preflight of what PDF/X-1a and X-4 ask, written from the standards' lists and
    read with pypdf (not the library that wrote the file): an output intent of subtype
    GTS_PDFX, the version keys in the information and in XMP, Trapped set, a title,
    dates, trim and bleed boxes on every page with the trim inside the bleed inside the
    media, every font embedded, no colour but CMYK or grey in any content stream or form,
    no transparency, no annotation inside the bleed, an ID, no encryption."""
    import re

    from pypdf import PdfReader
    from pypdf.generic import IndirectObject

    reader = PdfReader(io.BytesIO(data))
    problems = []
    root = reader.trailer["/Root"]
    intents = root.get("/OutputIntents", [])
    if not intents or intents[0].get_object().get("/S") != "/GTS_PDFX":
        problems.append("no GTS_PDFX output intent")
    elif not intents[0].get_object().get("/OutputConditionIdentifier"):
        problems.append("output intent names no condition")
    info = reader.trailer["/Info"].get_object()
    if info.get("/GTS_PDFXVersion") != version:
        problems.append(f"GTS_PDFXVersion {info.get('/GTS_PDFXVersion')}")
    if info.get("/Trapped") not in ("/True", "/False"):
        problems.append(f"Trapped {info.get('/Trapped')}")
    for key in ("/Title", "/CreationDate", "/ModDate"):
        if not info.get(key):
            problems.append(f"no {key}")
    xmp = root["/Metadata"].get_object().get_data().decode() if "/Metadata" in root else ""
    if not re.search(rf"GTS_PDFXVersion[^>]*>{re.escape(version)}<", xmp):
        problems.append("XMP lacks the version")
    if "/ID" not in reader.trailer or reader.is_encrypted:
        problems.append("no ID, or encrypted")
    if version == "PDF/X-4" and not (intents and "/DestOutputProfile"
                                     in intents[0].get_object()):
        problems.append("X-4 without an embedded profile")
    seen: set[int] = set()

    def streams(resources):
        if resources is None:
            return
        resources = resources.get_object()
        for name, ref in (resources.get("/XObject") or {}).items():
            key = ref.idnum if isinstance(ref, IndirectObject) else id(ref)
            if key in seen:
                continue
            seen.add(key)
            form = ref.get_object()
            yield name, form.get_data()
            yield from streams(form.get("/Resources"))
        for state in (resources.get("/ExtGState") or {}).values():
            state = state.get_object()
            if state.get("/SMask", "/None") != "/None" or float(state.get("/ca", 1)) < 1 \
                    or float(state.get("/CA", 1)) < 1:
                problems.append("transparency")
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            desc = font.get("/FontDescriptor")
            if desc is None or not any(k in desc.get_object() for k in
                                       ("/FontFile", "/FontFile2", "/FontFile3")):
                problems.append(f"font {font.get('/BaseFont')} not embedded")

    rgb = re.compile(rb"(?<![A-Za-z])(rg|RG|sc|SC|scn|SCN|cs|CS)(?![A-Za-z])")
    for number, page in enumerate(reader.pages, start=1):
        media = [float(v) for v in page["/MediaBox"]]
        if "/TrimBox" not in page or "/BleedBox" not in page:
            problems.append(f"page {number}: no TrimBox or BleedBox")
            continue
        trim, bleed = ([float(v) for v in page[k]] for k in ("/TrimBox", "/BleedBox"))
        if not (media[0] <= bleed[0] <= trim[0] and trim[2] <= bleed[2] <= media[2]):
            problems.append(f"page {number}: trim outside bleed outside media")
        contents = [("page", page.get_contents().get_data())]
        contents += list(streams(page.get("/Resources")))
        for where, content in contents:
            if rgb.search(content):
                problems.append(f"page {number} {where}: a colour not in CMYK or grey")
                break
        for annot in page.get("/Annots") or []:
            rect = [float(v) for v in annot.get_object()["/Rect"]]
            if rect[2] > bleed[0] and rect[0] < bleed[2]:
                problems.append(f"page {number}: an annotation inside the bleed")
    return problems


@pytest.mark.parametrize(("args", "version"), [
    (("--pdfx", "x1a", "--one-per-page"), "PDF/X-1a:2003"),
    (("--pdfx", "x1a", "--paper", "letter", "--output-condition", "gracol"), "PDF/X-1a:2003"),
    (("--pdfx", "x4", "--one-per-page"), "PDF/X-4"),
])
def test_a_print_shop_gets_a_pdfx_in_cmyk_the_same_bytes_each_time(cli, tmp_path, args,
                                                                   version) -> None:
    import pikepdf

    profile = cmyk_profile(tmp_path)
    extra = ("--icc-profile", profile) if "x4" in args else ()
    for name in ("a.pdf", "b.pdf"):
        r = cli("print", "deck", "minttin", *args, *extra, "-o", tmp_path / name)
        assert r.code == 0, r
    data = (tmp_path / "a.pdf").read_bytes()
    assert data == (tmp_path / "b.pdf").read_bytes()
    assert pdfx_problems(data, version) == []
    with pikepdf.open(tmp_path / "a.pdf") as pdf:
        assert pdf.check_pdf_syntax() == []  # qpdf's own check of the structure
        intent = pdf.Root.OutputIntents[0]
        wanted = "CGATS TR 006" if "gracol" in args else "FOGRA39"
        assert str(intent.OutputConditionIdentifier) == wanted
        if "x4" in args:
            assert intent.DestOutputProfile.read_bytes() == profile.read_bytes()
            assert pdf.pdf_version == "1.6"
    plain = render_bytes(sheets(4), "pdf")
    assert pdfx_problems(plain, version)  # the checker finds what an RGB file lacks


def test_every_font_subset_has_a_tag_of_its_own() -> None:
    import re

    data = render_bytes(Document("t", A4, (Heading("Bold words"), Paragraph("Plain words"),
                                           Paragraph("Italic", font="italic"))), "pdf")
    tags = re.findall(rb"/BaseFont /([A-Z]{6})\+", data)
    assert len(tags) == 3 and len(set(tags)) == 3 and b"AAAAAA" not in tags
    assert render_bytes(Document("t", A4, (Heading("Bold words"),)), "pdf") == render_bytes(
        Document("t", A4, (Heading("Bold words"),)), "pdf")
    assert len(PdfReader(io.BytesIO(data)).pages) == 1  # offsets stand: it still reads


@pytest.mark.parametrize(("args", "words"), [
    (("--pdfx", "x4"), "--icc-profile"),
    (("--pdfx", "x1a", "--icc-profile", "missing.icc"), "cannot read"),
    (("--pdfx", "x1a", "--format", "svg"), "PDF file"),
    (("--icc-profile", "x.icc"), "goes with --pdfx"),
    (("--pdfx", "x2"), "x2"),
])
def test_print_shop_bad_input(cli, tmp_path, args, words) -> None:
    r = cli("print", "deck", "minttin", *args, "-o", tmp_path / "d.pdf")
    assert r.code == 2 and words in r.err and "Traceback" not in r.err
    assert not (tmp_path / "d.pdf").exists()


def test_an_rgb_profile_is_refused_for_cmyk(cli, tmp_path) -> None:
    profile = cmyk_profile(tmp_path, space=b"RGB ", kind=b"mntr")
    r = cli("print", "deck", "minttin", "--pdfx", "x4", "--icc-profile", profile, "-o",
            tmp_path / "d.pdf")
    assert r.code == 2 and "not a CMYK output" in r.err


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_castle_answer_key_keeps_its_faces_in_view(paper: str) -> None:
    """The puzzle book's Dragon Castle key: its floors go on rows of their own so that its
    tiles are 8 mm or more, and each number tab covers under a third of its face (the
    audit found 5.5 mm tiles half hidden under their numbers)."""
    from tilepress.documents.puzzles import PuzzleSection, sheet
    from tilepress.draw.tiles import RATIO
    from tilepress.games import find_kind
    from tilepress.params import parse_params
    from tilepress.puzzles.base import generate_set

    kind = find_kind("castle")
    params = parse_params(kind.params_type, {"players": 4, "symmetric": True}, where="test")
    puzzles = generate_set(kind, params, count=1, seed=2026)
    doc = sheet(PuzzleSection("Take apart a Dragon Castle", kind, puzzles), PAPERS[paper])
    pages = probe(doc)
    key = pages[-1]
    tiles = [t for t in key.tiles if t.name != "tile-back"]
    assert len(tiles) == len(puzzles.puzzles[0].answer["solution"]) * 2
    width = min(t.width for t in tiles)
    assert width >= 8.0
    tabs = [s for s in key.shapes if s.kind == "rect" and s.fill == "#ffffff"
            and s.box[3] - s.box[1] < width * RATIO / 2]
    assert len(tabs) == len(tiles)
    assert max((s.box[3] - s.box[1]) / (width * RATIO) for s in tabs) < 1 / 3
    assert min(t.size for t in key.texts) >= SMALLEST_TYPE


@pytest.mark.parametrize("kind", ["american", "waits", "minttin"])
def test_a_large_print_puzzle_sheet_reads_at_14_pt_heads_and_lines_included(kind) -> None:
    """A puzzle's box in large print: its number, title, difficulty badge and the labels
    of its writing lines at 14 pt or more, like its words (they stayed at 7.5-9.5 pt)."""
    import tilepress
    from tilepress.documents.large_print import enlarge_document

    sheet = tilepress.puzzle_sheet(tilepress.make_puzzles(kind, count=2, seed=5))
    pages = probe(enlarge_document(sheet))
    texts = [t for t in reading_texts(pages[:1])  # a card's index is its art, a disc's is not
             if not (t.text.isdigit() or len(t.text) == 1) or t.fill == "#ffffff"]
    assert texts and min(t.size for t in texts) >= 14.0, sorted(
        {(t.text, t.size) for t in texts if t.size < 14.0})[:5]
