"""Layout, the two back ends, and what ends up in the files."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from tilepress.documents.layout import _frame, measure, paginate, trailing
from tilepress.documents.model import (
    Beside,
    Box,
    Bullets,
    Document,
    Figure,
    Grid,
    Heading,
    Paragraph,
    Table,
    TileRow,
)
from tilepress.draw.canvas import PAPERS
from tilepress.draw.pdf import PdfSurface
from tilepress.draw.svg import SvgSurface
from tilepress.draw.tiles import draw_tile
from tilepress.output import render_bytes, write_atomic, write_document
from tilepress.tiles import ALL_TILES, Tile, parse_tiles

VOCABULARY = ["tile", "wait", "pung", "kong", "chow", "dragon", "wind", "sparrow"]
WORDS = st.lists(st.sampled_from(VOCABULARY), min_size=1, max_size=120).map(" ".join)
HAND = st.sampled_from(["1112345678999m", "123p", "19m19p19s1234567z", "55z"]).map(parse_tiles)
BLOCK = st.one_of(
    WORDS.map(Paragraph),
    st.integers(1, 3).map(lambda n: Heading("A heading", level=n)),
    st.lists(WORDS, min_size=1, max_size=8).map(lambda items: Bullets(tuple(items))),
    HAND.map(lambda tiles: TileRow((tiles,), tile_width=9.0)),
    st.lists(HAND, min_size=1, max_size=30).map(
        lambda hands: Grid(tuple(Box((TileRow((h,)),), number=str(i), lines=1)
                                 for i, h in enumerate(hands)), columns=2)),
    st.lists(st.tuples(WORDS, WORDS), min_size=1, max_size=60).map(
        lambda rows: Table(("a", "b"), tuple(rows))),
    st.tuples(st.floats(20, 250), st.floats(10, 300), st.lists(WORDS, min_size=1, max_size=6)
              ).map(lambda t: Beside(Figure(t[0], t[1], lambda c: None, "A figure."),
                                     tuple(Paragraph(w) for w in t[2]))),
)


def boxes_in(blocks) -> int:
    return sum(len(b.cells) for b in blocks if isinstance(b, Grid))


@settings(max_examples=40, deadline=None)
@given(st.lists(BLOCK, min_size=1, max_size=12), st.sampled_from(["a4", "letter"]))
def test_pagination_keeps_everything_inside_the_frame(blocks, paper) -> None:
    doc = Document("T", PAPERS[paper], tuple(blocks))
    pages, _ = paginate(doc)
    frame = _frame(doc)
    placed = [b for page in pages for _, b in page.placed]
    for page in pages:
        for offset, block in page.placed:
            h = measure(block, frame.width) - trailing(block)
            assert offset + h <= frame.height + 1e-6 or len(page.placed) == 1
    assert boxes_in(placed) == boxes_in(blocks)
    rows_in = sum(len(b.rows) for b in blocks if isinstance(b, Table))
    assert sum(len(b.rows) for b in placed if isinstance(b, Table)) == rows_in


def sample_document(paper="a4") -> Document:
    tiles = parse_tiles("1112345678999m")
    return Document("Sample", PAPERS[paper], (
        Heading("Tiles"), Paragraph("Some words " * 40),
        Grid(tuple(Box((TileRow((tiles,)),), number=str(i), badge="hard", lines=1)
                   for i in range(1, 15)), columns=1),
    ))


@pytest.mark.parametrize(("paper", "size"), [("a4", (595.28, 841.89)), ("letter", (612, 792))])
def test_pdf_pages_fonts_and_boxes(paper, size) -> None:
    reader = PdfReader(io.BytesIO(render_bytes(sample_document(paper), "pdf")))
    assert len(reader.pages) == 3
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(size[0], abs=0.1)
        assert float(page.mediabox.height) == pytest.approx(size[1], abs=0.1)
        assert page.trimbox == page.mediabox
    fonts: dict = {}
    for page in reader.pages:
        _collect_fonts(page["/Resources"], fonts)
    assert any("Vera" in name for name in fonts)
    for name, font in fonts.items():
        descriptor = font["/FontDescriptor"] if "/FontDescriptor" in font else \
            font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        assert "/FontFile2" in descriptor, f"{name} is not embedded"


def _collect_fonts(resources, fonts: dict) -> None:
    """Fonts of a resource dictionary, looking inside form XObjects too."""
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        fonts[str(font["/BaseFont"])] = font
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if "/Resources" in xobject:
            _collect_fonts(xobject["/Resources"], fonts)


def test_bleed_makes_the_sheet_larger_and_the_trim_box_the_card() -> None:
    surface = PdfSurface()
    with surface.page(63.5, 88.9, bleed=3) as c:
        c.rect(-3, -3, 69.5, 94.9, fill="#336699")
    page = PdfReader(io.BytesIO(surface.finish())).pages[0]
    mm = 72 / 25.4
    assert float(page.mediabox.width) == pytest.approx((63.5 + 6) * mm, abs=0.01)
    assert float(page.trimbox.left) == pytest.approx(3 * mm, abs=0.01)
    assert float(page.bleedbox.width) == pytest.approx(float(page.mediabox.width))


def test_svg_is_well_formed_and_every_use_has_its_symbol() -> None:
    root = ET.fromstring(render_bytes(sample_document(), "svg"))
    assert root.get("viewBox", "").startswith("0 0 210")
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    uses = [el for el in root.iter() if el.tag.endswith("use")]
    assert uses
    for use in uses:
        href = use.get("{http://www.w3.org/1999/xlink}href") or use.get("href")
        assert href[1:] in ids
    defined = [i for i in ids if i.startswith("s-tile-")]
    assert len(defined) == len(set(defined)) == 9  # each face defined once


@pytest.mark.parametrize("surface", [PdfSurface, SvgSurface])
def test_every_tile_face_draws(surface) -> None:
    s = surface()
    with s.page(210, 297) as c:
        for i, tile in enumerate([*ALL_TILES, Tile("0m"), Tile("0p"), Tile("0s"), None]):
            draw_tile(c, tile, 5 + (i % 12) * 16, 5 + (i // 12) * 20, 12, mark=i % 5 == 0)
    assert len(s.finish()) > 1000


def test_same_document_same_bytes() -> None:
    doc = sample_document()
    assert render_bytes(doc, "pdf") == render_bytes(doc, "pdf")
    assert render_bytes(doc, "svg") == render_bytes(doc, "svg")


def test_a_failed_render_leaves_no_file(tmp_path, monkeypatch) -> None:
    target = tmp_path / "book.pdf"
    old = render_bytes(sample_document(), "pdf")  # an earlier output: tilepress's own
    target.write_bytes(old)

    def boom(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr("tilepress.output.render_bytes", boom)
    with pytest.raises(RuntimeError):
        write_document(sample_document(), target)
    assert target.read_bytes() == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.pdf"]


def test_write_atomic_replaces_whole_files(tmp_path) -> None:
    target = tmp_path / "deep" / "x.json"
    write_atomic(target, '{"format": "tilepress-test", "n": 1}')  # tilepress's own
    write_atomic(target, '{"format": "tilepress-test", "n": 2}')
    assert target.read_text() == '{"format": "tilepress-test", "n": 2}'
    assert [p.name for p in target.parent.iterdir()] == ["x.json"]


def _table_parts(doc: Document) -> list[list[int]]:
    """Rows of the table on each page that holds some (by its first column)."""
    pages, _ = paginate(doc)
    return [[int(r[0]) for _, b in page.placed if isinstance(b, Table) for r in b.rows]
            for page in pages if any(isinstance(b, Table) for _, b in page.placed)]


def _filler(lines: int) -> Paragraph:
    return Paragraph("\n".join(["a line of filler"] * lines), size=10)


@pytest.mark.parametrize("filler", [40, 52, 58, 62])
def test_a_short_table_moves_whole_and_a_long_one_leaves_no_stragglers(filler) -> None:
    short = Table(("n", "what"), tuple((str(i), "row") for i in range(10)))
    parts = _table_parts(Document("T", PAPERS["a4"], (_filler(filler), short)))
    assert len(parts) == 1 and parts[0] == list(range(10)), parts
    long = Table(("n", "what"), tuple((str(i), "row") for i in range(40)))
    parts = _table_parts(Document("T", PAPERS["a4"], (_filler(filler), long)))
    assert [r for part in parts for r in part] == list(range(40))
    assert all(len(part) >= 3 for part in parts), [len(p) for p in parts]


def test_a_short_table_taller_than_a_page_still_splits_inside_the_frame() -> None:
    tall = Table(("n", "what"), tuple((str(i), "word " * 400) for i in range(4)), size=9)
    doc = Document("T", PAPERS["a4"], (tall,))
    frame = _frame(doc)
    pages, _ = paginate(doc)
    assert len(pages) > 1
    for page in pages:
        for offset, block in page.placed:
            assert offset + measure(block, frame.width) - trailing(block) <= frame.height + 1e-6


def test_fit_page_narrows_tiles_until_the_figure_fits() -> None:
    from tilepress.documents.assemble import fit_page
    from tilepress.documents.model import Figure, Illustration

    asked = []

    def draw(width: float) -> Illustration:  # 30 tiles tall plus 20 mm of text
        asked.append(width)
        return Illustration(Figure(10 * width, 30 * width * 1.3 + 20, lambda c: None), {})

    drawn, _ = fit_page(draw, 9.0)
    assert drawn.figure.height <= 267.0 and drawn.figure.width <= 180.0
    assert drawn.figure.height > 240.0  # not much smaller than it must be
    assert asked[0] == 9.0 and len(asked) <= 5
    assert fit_page(draw, 5.0)[0].figure.height == 30 * 5.0 * 1.3 + 20  # fits: drawn once
    assert fit_page(draw, 40.0, smallest=30.0)[0].figure.height == 30 * 30.0 * 1.3 + 20


@pytest.mark.parametrize("hand, room, lines", [
    ("1112345678999m", 12.5, [7, 6]), ("1112345678999m1z", 13.5, [7, 7]),
    ("123m456p789s11z", 14.0, [11]), ("1112345678999m", 5.0, [5, 5, 3]),
])
def test_a_row_that_wraps_breaks_into_even_lines(hand, room, lines) -> None:
    """A hand too wide for its line breaks into lines of even length (13 tiles: 7 and 6,
    never 12 and 1); ``room`` is in tiles."""
    from drawn import ProbeSurface

    from tilepress.documents.layout import draw

    row = TileRow((tuple(parse_tiles(hand)),), tile_width=10.0, wrap=True)
    surface = ProbeSurface()
    with surface.page(300, 297) as c:
        draw(row, c, 0.0, 0.0, room * 10.0)
    (page,) = surface.pages
    tops = sorted({round(t.y, 3) for t in page.tiles})
    assert [sum(round(t.y, 3) == top for t in page.tiles) for top in tops] == lines


def test_an_even_break_keeps_whole_the_groups_the_line_holds() -> None:
    """Evening out the lines never splits a group that a line could hold whole."""
    from drawn import ProbeSurface

    from tilepress.documents.layout import draw

    groups = (tuple(parse_tiles("12345678m")), tuple(parse_tiles("99p")))
    surface = ProbeSurface()
    with surface.page(300, 297) as c:
        draw(TileRow(groups, tile_width=10.0, wrap=True), c, 0.0, 0.0, 100.0)
    (page,) = surface.pages
    lines = sorted({round(t.y, 3) for t in page.tiles})
    first = [t for t in page.tiles if round(t.y, 3) == lines[0]]
    assert len(lines) == 2 and len(first) == 8


def test_a_paragraph_that_ends_with_a_colon_stays_with_what_it_introduces() -> None:
    """'Player 1 calls Mahjong on 9, for 1 point:' never ends a page with its figure on
    the next: it goes over with it, as a heading does."""
    from tilepress.documents.model import Figure, Paragraph

    figure = Figure(100.0, 60.0, lambda c: None)
    for text, kept in (("The hand that won:", True), ("The hand that won.", False)):
        lead = Paragraph(text)
        page = PAPERS["a4"]
        room = _frame(Document("t", page, ())).height
        filled = room - measure(lead, 180.0) - 20.0  # the lead fits, the figure does not
        words = Paragraph("word " * 10)
        lines = max(1, int(filled // measure(words, 180.0)))
        doc = Document("t", page, (*(words,) * lines, lead, figure))
        pages, _ = paginate(doc)
        where = {id(b): n for n, p in enumerate(pages) for _, b in p.placed}
        assert (where[id(lead)] == where[id(figure)]) == kept, text
