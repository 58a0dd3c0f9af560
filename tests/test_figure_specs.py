"""draw --spec: a rulebook writer's figure set, every claim checked, unchanged files left
alone; and rulebook --from: a user's own Markdown rules with checked figures."""

from __future__ import annotations

import os
import shutil
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_solve import winnable

from tilepress.documents.markdown import blocks_from_markdown
from tilepress.documents.model import Bullets, Figure, Heading, Paragraph, Section, Table, TileRow
from tilepress.errors import TilepressError
from tilepress.layouts import Layout, Position
from tilepress.publish.figures import kinds
from tilepress.resources import shipped
from tilepress.tiles import parse_tiles

EXAMPLES = Path(shipped("puzzles", "examples", "figures.toml")).parent


@pytest.fixture
def spec(tmp_path) -> Path:
    """The shipped example and the log it names, in a folder of their own."""
    for name in ("figures.toml", "onesuit-hand.jsonl"):
        shutil.copy(EXAMPLES / name, tmp_path / name)
    return tmp_path / "figures.toml"


def files_of(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


def test_the_example_has_every_kind_and_writes_every_figure(cli, spec, tmp_path) -> None:
    data = tomllib.loads(spec.read_text())
    assert {f["kind"] for f in data["figure"].values()} == set(kinds())
    out = tmp_path / "figures"
    r = cli("draw", "--spec", spec, "-o", out)
    assert r.code == 0, r
    want = {f"{name}.{fmt}" for name, f in data["figure"].items()
            for fmt in f.get("formats", data["formats"])}
    assert set(os.listdir(out)) == want
    for name in want:
        head = (out / name).read_bytes()[:100]
        assert {"svg": b"<svg", "pdf": b"%PDF", "png": b"\x89PNG"}[name.rsplit(".", 1)[1]] \
            in head, name


def test_running_twice_leaves_every_file_as_it_was(cli, spec, tmp_path) -> None:
    out = tmp_path / "figures"
    assert cli("draw", "--spec", spec, "-o", out).code == 0
    before = files_of(out)
    r = cli("draw", "--spec", spec, "-o", out)
    assert r.code == 0 and "wrote 0 files" in r.out and "21 unchanged" in r.out
    assert files_of(out) == before  # bytes and dates

    spec.write_text(spec.read_text().replace('hand = "5677999m"', 'hand = "5677999p"')
                    .replace('waits = "478m"', 'waits = "478p"'))
    (out / "notes.txt").write_text("the writer's own\n")
    assert cli("draw", "--spec", spec, "-o", out).code == 0
    after = files_of(out)
    changed = {n for n in before if after[n] != before[n]}
    assert changed == {"three-waits.svg", "three-waits.pdf"}
    assert after["notes.txt"][0] == b"the writer's own\n"


@pytest.mark.parametrize(("old", "new", "figure", "found"), [
    ('waits = "478m"', 'waits = "47m"', "three-waits", "the engine finds '478m'"),
    ("solvable = true", "solvable = false", "pyramid", "the engine finds True"),
    ('matches = ["2468 #1"]', 'matches = ["2468 #2"]', "even-hand", "['2468 #1']"),
    ("points = 3, wins", "points = 4, wins", "moon-kongs", "the engine finds 3"),
    ("valid = true", "valid = false", "towers", "the engine finds True"),
    ("to_move = 2", "to_move = 1", "first-discard", "the engine finds 2"),
])
def test_a_claim_that_does_not_hold_stops_the_build(cli, spec, tmp_path, old, new, figure,
                                                    found) -> None:
    spec.write_text(spec.read_text().replace(old, new, 1))
    out = tmp_path / "figures"
    r = cli("draw", "--spec", spec, "-o", out)
    assert r.code == 1
    assert f"figure {figure!r} claims" in r.err and found in r.err, r
    assert "nothing was written" in r.err and not out.exists()


@pytest.mark.parametrize(("text", "words"), [
    ("[figure.x]\nkind = \"chess\"\n", "unknown kind 'chess'"),
    ("[figure.x]\nhand = \"123m\"\n", "figure 'x' needs a kind"),
    ("[figure.\"a b\"]\nkind = \"hand\"\nhand = \"123m\"\n", "a name is letters"),
    ("formats = [\"gif\"]\n[figure.x]\nkind = \"hand\"\nhand = \"123m\"\n", "formats must be"),
    ("dpi = 5\n[figure.x]\nkind = \"hand\"\nhand = \"123m\"\n", "dpi must be"),
    ("title = 1\n[figure.x]\nkind = \"hand\"\nhand = \"123m\"\n", "unknown key 'title'"),
    ("[figure.x]\nkind = \"hand\"\nhand = \"123m\"\ncolour = 1\n", "unknown option 'colour'"),
    ("[figure.x]\nkind = \"hand\"\nhand = \"12x\"\n", "figure 'x': bad tile string '12x'"),
    ("[figure.x]\nkind = \"hand\"\nhand = \"123m\"\nclaim = 3\n", "claim must be a table"),
    ("[figure.x]\nkind = \"position\"\nlog = \"nope.jsonl\"\nat = 2\n", "does not exist"),
    ("[figure.x]\nkind = \"position\"\nat = 2\n", "needs the log of a game"),
    ("[figure.x]\nkind = \"layout\"\nlayout = \"nowhere\"\n", "unknown layout 'nowhere'"),
    ("", "no figures"),
    ("[figure\n", "not valid TOML"),
])
def test_a_bad_spec_is_one_line_and_exit_2(cli, tmp_path, text, words) -> None:
    file = tmp_path / "f.toml"
    file.write_text(text)
    r = cli("draw", "--spec", file, "-o", tmp_path / "out")
    assert r.code == 2 and words in r.err, r
    assert len(r.err.strip().splitlines()) == 1 and not (tmp_path / "out").exists()


def test_bad_command_lines(cli, spec, tmp_path) -> None:
    assert "does not exist" in cli("draw", "--spec", tmp_path / "no.toml").err
    (tmp_path / "file").write_text("x")
    assert "a file of that name is in the way" in cli("draw", "--spec", spec, "-o",
                                                      tmp_path / "file").err
    assert cli("draw", "--spec", spec, "hand", "123m").code == 2
    assert "needs --spec" in cli("draw", "-o", tmp_path / "x").err


def test_a_castle_too_big_for_its_set_is_drawn_and_not_valid(cli, tmp_path) -> None:
    (tmp_path / "big.castle").write_text("99999999\n99999999\n")
    (tmp_path / "f.toml").write_text('[figure.big]\nkind = "castle"\ncastle = "big.castle"\n'
                                     'claim = { valid = false, spare = -32 }\n')
    assert cli("draw", "--spec", tmp_path / "f.toml", "-o", tmp_path / "out").code == 0


LAYOUTS = [
    [Position(0, 0, 0), Position(1, 0, 0)],                          # one on another
    [Position(0, 0, 0), Position(0, 0, 2), Position(1, 0, 1), Position(0, 0, 4)],
    [Position(0, 0, 2), Position(0, 0, 0), Position(0, 0, 4), Position(1, 0, 2)],
    [Position(0, 0, x) for x in range(0, 8, 2)],
    [Position(0, 0, 0), Position(1, 0, 0), Position(2, 0, 0), Position(0, 0, 2)],
]


@pytest.mark.parametrize("positions", LAYOUTS)
def test_a_layout_is_solvable_when_an_exhaustive_search_clears_it(positions) -> None:
    from tilepress.games.solitaire.pictures import layout_solvable

    layout = Layout.of("l", positions)
    flowers = list(parse_tiles("1f")) * len(positions)  # every tile matches every other
    assert layout_solvable(layout) == winnable(list(layout.positions), flowers)


# ---------------------------------------------------------------------------
# House rules
# ---------------------------------------------------------------------------


def test_the_shipped_house_rules_make_one_page_with_three_checked_figures(cli, tmp_path
                                                                          ) -> None:
    from pypdf import PdfReader

    from tilepress.api import house_rulebook

    source = shipped("puzzles", "examples", "house-rules.md")
    out = tmp_path / "rules.pdf"
    r = cli("rulebook", "--from", source, "-o", out)
    assert r.code == 0, r
    reader = PdfReader(out)
    assert len(reader.pages) == 1
    words = reader.pages[0].extract_text()
    for caption in ("Ready on 4, 7 and 8", "Open at both ends", "A kan of 1s"):
        assert caption in words
    assert [o.title for o in reader.outline if not isinstance(o, list)][:2] == [
        "One suit at the Thursday club", "What we play"]
    document = house_rulebook(source)
    assert sum(isinstance(b, Figure) for b in document.blocks) == 3
    from tilepress.documents.model import Contents

    assert not [b for b in document.blocks if isinstance(b, Contents)]  # one page: no list
    longer = tmp_path / "longer.md"
    longer.write_text(source.read_text() + "\n## More\n\n" + "More words. " * 400)
    assert [b for b in house_rulebook(longer).blocks if isinstance(b, Contents)]

    booklet = tmp_path / "booklet.pdf"
    assert cli("rulebook", "--from", source, "--booklet", "--paper", "letter", "-o",
               booklet).code == 0
    assert PdfReader(booklet).pages[0].mediabox.width == 792


def test_a_false_claim_in_house_rules_names_the_figure_and_its_line(cli, tmp_path) -> None:
    text = shipped("puzzles", "examples", "house-rules.md").read_text()
    mine = tmp_path / "mine.md"
    mine.write_text(text.replace('claim = { waits = "25s" }', 'claim = { waits = "36s" }'))
    r = cli("rulebook", "--from", mine, "-o", tmp_path / "r.pdf")
    assert r.code == 1
    line = text.splitlines().index("```figure", text.splitlines().index(
        "Two tiles in a row with room at both ends wait on two numbers; watch for them inside a"))
    assert f"mine.md: line {line + 1}: figure 'open-ended' claims waits = '36s'" in r.err, r
    assert not (tmp_path / "r.pdf").exists()


def no_figure(body: str, line: int):
    raise AssertionError("no figure expected")


def test_markdown_maps_onto_the_rulebook_blocks() -> None:
    text = ("# Title\n\n*A subtitle*\n\n## First\n\nSome **bold** words and a "
            "[link](https://example.org).\n\n- one\n- two\n  - two a\n\n1. step\n2. step\n\n"
            "### Inner\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```tiles\n123m 55z\n```\n\n"
            "> a quote\n\n# Second\n\ntext\n")
    read = blocks_from_markdown(text, source="t.md", figure=no_figure)
    assert (read.title, read.subtitle) == ("Title", "A subtitle")
    kinds_of = [type(b).__name__ for b in read.blocks]
    assert kinds_of == ["Section", "Heading", "Paragraph", "Bullets", "Bullets", "Heading",
                        "Table", "TileRow", "Paragraph", "Section", "Heading", "Paragraph"]
    blocks = read.blocks
    assert isinstance(blocks[0], Section) and blocks[0].title == "First"
    assert isinstance(blocks[2], Paragraph) and blocks[2].text == (
        "Some bold words and a link (https://example.org).")
    assert isinstance(blocks[3], Bullets) and blocks[3].items == ("one", "two", "\u2013 two a")
    assert isinstance(blocks[4], Bullets) and blocks[4].numbered
    assert isinstance(blocks[5], Heading) and blocks[5].level == 2
    assert isinstance(blocks[6], Table) and blocks[6].rows == (("1", "2"),)
    assert isinstance(blocks[7], TileRow) and len(blocks[7].groups) == 2
    assert blocks[8].font == "italic"


@pytest.mark.parametrize(("text", "words"), [
    ("# T\n\nsee ![a picture](x.png)\n", "t.md: line 3: an image cannot be printed"),
    ("# T\n\n```tiles\n12x\n```\n", "t.md: line 3: tiles: bad tile string '12x'"),
    ("# T\n\n```figure\nkind = \n```\n", "t.md: line 3: figure: not valid TOML"),
    ("# T\n\n```figure\nname = \"a b\"\nkind = \"hand\"\n```\n", "figure name must be"),
    ("# T\n\n```figure\nkind = \"hand\"\nhand = \"1m\"\nwhat = 1\n```\n", "unknown option"),
])
def test_bad_house_rules_name_the_line(tmp_path, text, words) -> None:
    from tilepress.draw.canvas import find_paper
    from tilepress.publish.house_rules import house_rulebook

    with pytest.raises(TilepressError, match=words.replace("(", r"\(")):
        house_rulebook(text, source="t.md", paper=find_paper("a4"))


PIECES = st.sampled_from(["# ", "## ", "### ", "- ", "1. ", "  - ", "| a | b |\n", "|---|---|",
                          "```", "```tiles\n", "```figure\n", "~~~", "> ", "*", "**", "[x](y)",
                          "![i](j)", "\n", "\n\n", "text", "123m", "<b>", "---", "\\", "`"])


@settings(max_examples=150, deadline=None)
@given(st.lists(PIECES, max_size=30))
def test_any_markdown_gives_blocks_or_one_clear_error(pieces) -> None:
    def figure(body: str, line: int):
        return Figure(1.0, 1.0, lambda c: None)

    try:
        blocks_from_markdown("".join(pieces), source="t.md", figure=figure)
    except TilepressError as exc:
        assert str(exc).startswith("t.md: line ")
