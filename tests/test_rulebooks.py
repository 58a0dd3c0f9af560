"""Rulebooks: every figure checked by the engine, booklets in saddle-stitch order, PDF
bookmarks and links, and single figures for rulebook writers."""

from __future__ import annotations

import io
import itertools
import json
import shlex
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader

from tilepress.draw.booklet import booklet_order
from tilepress.draw.canvas import PAPERS
from tilepress.games import GAMES
from tilepress.publish.rulebook import (
    ClaimError,
    build_rulebook,
    parse_spec,
    printable,
    rulebook_games,
)
from tilepress.resources import shipped


def _order_by_hand(pages: int) -> list[tuple[int | None, int | None]]:
    """Fold sheets by hand: sheet s carries pages n-2s and 2s+1 on its front, 2s+2 and
    n-2s-1 on its back, n the page count rounded up to four (pages past the end blank)."""
    n = (pages + 3) // 4 * 4
    sides = []
    for sheet in range(n // 4):
        for left, right in ((n - 2 * sheet, 2 * sheet + 1), (2 * sheet + 2, n - 2 * sheet - 1)):
            sides.append((left if left <= pages else None, right if right <= pages else None))
    return sides


def test_booklet_order_for_eight_pages() -> None:
    assert booklet_order(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]


def test_booklet_order_for_ten_pages_adds_two_blanks() -> None:
    assert booklet_order(10) == [(None, 1), (2, None), (10, 3), (4, 9), (8, 5), (6, 7)]


@pytest.mark.parametrize("pages", range(1, 41))
def test_every_page_appears_once_and_facing_pages_add_up(pages: int) -> None:
    sides = booklet_order(pages)
    assert sides == _order_by_hand(pages)
    printed = [p for side in sides for p in side if p is not None]
    assert sorted(printed) == list(range(1, pages + 1))
    assert len(sides) * 2 % 4 == 0 and len(sides) * 2 - pages < 4


def test_a_wrong_claim_stops_the_build_naming_the_figure() -> None:
    text = shipped("templates", "rulebooks", "onesuit", "rulebook.toml").read_text()
    assert 'claim = { waits = "478m", tiles_left = 10 }' in text
    wrong = text.replace('claim = { waits = "478m", tiles_left = 10 }',
                         'claim = { waits = "147m", tiles_left = 10 }')
    spec = parse_spec(wrong, "onesuit", source="test")
    with pytest.raises(ClaimError, match="figure 'ready' claims waits = '147m', the engine "
                                         "finds '478m'"):
        build_rulebook("onesuit", PAPERS["a4"], spec=spec)


def test_a_claim_of_something_the_engine_does_not_know_is_refused() -> None:
    text = shipped("templates", "rulebooks", "onesuit", "rulebook.toml").read_text()
    spec = parse_spec(text.replace("claim = { waits = \"4m\" }",
                                   "claim = { waits = \"4m\", colour = \"red\" }", 1),
                      "onesuit", source="test")
    with pytest.raises(ClaimError, match="says nothing of colour"):
        build_rulebook("onesuit", PAPERS["a4"], spec=spec)


def test_printed_rulings_name_no_flags() -> None:
    assert printable("`--hands`, 4 by **default**; `--flowers pairs`") == \
        "hands, 4 by default; flowers pairs"


@pytest.mark.parametrize("game", rulebook_games())
@pytest.mark.parametrize(("paper", "booklet"), [("a4", False), ("letter", False),
                                                ("a4", True)])
def test_rulebooks_have_bookmarks_fonts_and_the_rulings(cli, tmp_path: Path, game: str,
                                                        paper: str, booklet: bool) -> None:
    out = tmp_path / "rules.pdf"
    args = ["rulebook", game, "--paper", paper, "-o", out] + (["--booklet"] if booklet else [])
    r = cli(*args)
    assert r.code == 0, r
    reader = PdfReader(out)
    fonts = {str(f["/BaseFont"]) for page in reader.pages
             for f in (page["/Resources"].get("/Font") or {}).values()}
    assert fonts and all("FontFile2" in str(reader.pages[0]) or "Vera" in f for f in fonts)
    if booklet:
        assert len(reader.pages) % 2 == 0
        width, height = (float(v) for v in reader.pages[0].mediabox[2:])
        assert width > height  # landscape sheets, two pages each
    else:
        titles = [o.title for o in reader.outline if not isinstance(o, list)]
        assert "Rulings" in titles and "Quick reference" in titles
        outline = list(reader.outline)
        for parent, children in itertools.pairwise(outline):
            if isinstance(children, list) and not isinstance(parent, list):
                assert parent.title not in [c.title for c in children if not isinstance(c, list)]
        links = [a for page in reader.pages for a in (page.get("/Annots") or [])]
        assert len(links) >= len(titles)
    again = tmp_path / "again.pdf"
    assert cli(*args[:-1 - booklet * 1 - 1], "-o", again,
               *(["--booklet"] if booklet else [])).code == 0
    assert again.read_bytes() == out.read_bytes()


def test_no_rulings_leaves_them_out(tmp_path: Path) -> None:
    with_rulings = build_rulebook("onesuit", PAPERS["a4"])
    without = build_rulebook("onesuit", PAPERS["a4"], rulings=False)
    assert any(getattr(b, "title", "") == "Rulings" for b in with_rulings.blocks)
    assert not any(getattr(b, "title", "") == "Rulings" for b in without.blocks)


@pytest.mark.parametrize(("game", "entry"), [(g, e) for g in GAMES for e in g.figures],
                         ids=[e.kind for g in GAMES for e in g.figures])
@pytest.mark.parametrize("suffix", [".svg", ".pdf", ".png"])
def test_draw_writes_every_figure_kind(cli, tmp_path: Path, game, entry, suffix: str) -> None:
    args = shlex.split(entry.example.split(" -o ")[0])[3:]  # tilepress draw KIND ...
    out = tmp_path / f"figure{suffix}"
    r = cli("draw", entry.kind, *args, "-o", out, "--facts", "--dpi", "72")
    assert r.code == 0, r
    data = out.read_bytes()
    assert data[:4] in (b"<?xm", b"<svg", b"%PDF", b"\x89PNG")
    facts = json.loads(r.out.strip().splitlines()[-1])
    assert isinstance(facts, dict)
    if suffix == ".png":
        from PIL import Image

        assert Image.open(io.BytesIO(data)).mode == "RGBA"  # transparent background


def test_draw_rejects_a_hand_it_cannot_read(cli, tmp_path: Path) -> None:
    r = cli("draw", "waits", "123x", "-o", tmp_path / "x.svg")
    assert r.code == 2 and "Traceback" not in r.err and r.err.count("\n") == 1
    r = cli("draw", "waits", "1357m", "-o", tmp_path / "x.svg")
    assert r.code == 2 and "not a ready hand" in r.err
    r = cli("draw", "hand", "123m", "-o", tmp_path / "x.gif")
    assert r.code == 2 and ".svg, .pdf, .png" in r.err


def _pdf_size_mm(path: Path) -> tuple[float, float]:
    from pypdf import PdfReader

    box = PdfReader(path).pages[0].mediabox
    return float(box.width) * 25.4 / 72, float(box.height) * 25.4 / 72


def test_a_figure_wider_than_a_page_is_drawn_with_narrower_tiles(cli, tmp_path: Path) -> None:
    """Nine gates and its nine waits at the default 12 mm tiles are 27 cm wide: without a
    tile width the figure is redrawn to fit an A4 or Letter page (180 mm within margins,
    and 0.5 mm of edge each side); a width that is given is kept."""
    fit, wide = tmp_path / "fit.pdf", tmp_path / "wide.pdf"
    r = cli("draw", "waits", "1112345678999m", "-o", fit)
    assert r.code == 0 and "to fit a page" in r.out, r
    assert cli("draw", "waits", "1112345678999m", "--tile-width", "12.5", "-o", wide).code == 0
    assert _pdf_size_mm(fit)[0] <= 181.1 < 250 < _pdf_size_mm(wide)[0]
    same = tmp_path / "same.pdf"  # a width given is kept, even the default one
    r = cli("draw", "waits", "1112345678999m", "--tile-width", "12", "-o", same)
    assert r.code == 0 and "fit a page" not in r.out and _pdf_size_mm(same)[0] > 250, r
    small = tmp_path / "small.pdf"
    r = cli("draw", "waits", "123m456p789s111z2z", "-o", small)  # fits: drawn as asked
    assert r.code == 0 and "fit a page" not in r.out, r


def test_a_png_too_large_to_make_is_refused_before_it_is_drawn(cli, tmp_path: Path) -> None:
    """Nine gates at 60 mm tiles and 1200 dpi would be over 200 million pixels: one line,
    exit 2, nothing written (it used to fill the memory and fail inside pdfium)."""
    out = tmp_path / "huge.png"
    r = cli("draw", "waits", "1112345678999m", "--tile-width", "60", "--dpi", "1200",
            "-o", out)
    assert r.code == 2 and "too large" in r.err and r.err.count("\n") == 1, r
    assert not out.exists()


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["onesuit", "oneplayer", "minttin", "american", "solitaire",
                                  "castle"])
def test_the_quick_reference_is_one_page(game: str, paper: str) -> None:
    """The quick reference at the back is a page to keep by the table: it never runs
    over (One Player's spilled two lines onto a page of their own); a figure is drawn a
    little smaller before any word moves, and where that is not enough (One Player's
    board on Letter) the words after it go beside it."""
    from tilepress.documents.layout import paginate

    document = build_rulebook(game, PAPERS[paper])
    pages, _ = paginate(document)
    assert sum(page.section == "Quick reference" for page in pages) == 1


def test_a_board_too_tall_for_letter_has_its_words_beside_it() -> None:
    """One Player's board on Letter: the words after it move to its side, in a column
    wide enough to read, the board no smaller than a figure may be drawn; every word of
    the page is still there. On A4 the board fits above them, and large print puts the
    words back below it (at 14 pt a column beside it would hold a word or two a line)."""
    import xml.etree.ElementTree as ET

    from tilepress.documents.blocks import figure_scale, measure
    from tilepress.documents.containers import beside_widths
    from tilepress.documents.large_print import enlarge_document
    from tilepress.documents.layout import paginate
    from tilepress.documents.model import Beside, Figure, Heading
    from tilepress.output import render_bytes
    from tilepress.publish.rulebook import LEAST_SCALE, WORDS_BESIDE

    def quick(paper: str) -> list:
        return [b for b in build_rulebook("oneplayer", PAPERS[paper]).blocks
                if isinstance(b, Beside)]

    assert quick("a4") == []
    document = build_rulebook("oneplayer", PAPERS["letter"])
    [beside] = [b for b in document.blocks if isinstance(b, Beside)]
    width = PAPERS["letter"].width - 2 * document.margin
    figure = beside.figure
    column, words = beside_widths(beside, width)
    drawn = figure.width * figure_scale(figure, column)
    assert words >= WORDS_BESIDE and drawn <= column + 1e-9
    assert figure_scale(figure, column) >= LEAST_SCALE * min(1.0, width / figure.width)
    assert [b.text for b in beside.blocks if isinstance(b, Heading)] == [
        "Scoring a full line", "The end"]
    assert measure(beside, width) < figure.height  # side by side, not one under the other
    pages, _ = paginate(document)
    assert sum(p.section == "Quick reference" for p in pages) == 1
    page = replace(document, blocks=(beside,))
    root = ET.fromstring(render_bytes(page, "svg"))
    xs = [float(t.get("x", "0")) for t in root.iter() if t.tag.endswith("text")
          and "".join(t.itertext()).startswith(("Scoring", "All ten lines"))]
    assert len(xs) == 2 and min(xs) >= document.margin + drawn, xs
    large = enlarge_document(document)
    assert not any(isinstance(b, Beside) for b in large.blocks)
    assert figure in large.blocks or any(b.draw is figure.draw for b in large.blocks
                                         if isinstance(b, Figure))
    flat = [*document.blocks, *beside.blocks]
    assert (sum(isinstance(b, Heading) and b.text == "The end" for b in large.blocks)
            == sum(isinstance(b, Heading) and b.text == "The end" for b in flat) == 2)


def test_a_page_where_a_section_begins_is_headed_by_that_section() -> None:
    """The running head names the first section begun on its page (the one a reader
    leafing through looks for), else the section running on from the page before."""
    from tilepress.documents.layout import paginate
    from tilepress.documents.model import Paragraph, Section

    for game in ("minttin", "onesuit", "oneplayer"):
        document = build_rulebook(game, PAPERS["a4"])
        pages, _ = paginate(document)
        running = ""
        for page in pages:
            if page.title_page is not None:
                continue
            begun = [b.title for _, b in page.placed if isinstance(b, Section)]
            assert page.section == (begun[0] if begun else running), (game, page.section)
            running = begun[-1] if begun else running
    long = "Words of a paragraph that runs on. " * 40
    document = replace(build_rulebook("onesuit", PAPERS["a4"]),
                       blocks=(Paragraph(long), Section("First"), Paragraph(long),
                               Section("Second"), Paragraph("Short.")))
    pages, _ = paginate(document)
    assert [p.section for p in pages] == ["First"]
