"""Dragon Castle's rulebook, its figures (tilepress draw castle) and its worked example:
claims checked by the engine, tables that agree with the engine's points, tiles at least
8 mm and type at least 6 pt on every page, and the worked example within 4 to 10 pages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from drawn import probe

from tilepress.draw.canvas import PAPERS
from tilepress.games.castle import narrate, runner
from tilepress.games.castle.board import DRAGON_BONUS, GROUP_POINTS, shrine_points
from tilepress.games.castle.narrate import replay_turns
from tilepress.games.castle.options import CastleOptions
from tilepress.games.castle.rules import Consolidate, Shrine
from tilepress.publish.rulebook import ClaimError, build_rulebook, parse_spec
from tilepress.resources import shipped

SMALLEST_TILE = 8.0
SMALLEST_TYPE = 6.0


def _template(name: str) -> str:
    return shipped("templates", "rulebooks", "castle", name).read_text()


def _sizes(pages) -> tuple[float, float]:
    tiles = [t.width for page in pages for t in page.tiles]
    texts = [t.size for page in pages for t in page.texts]
    return min(tiles), min(texts)


def test_a_changed_claim_stops_the_build_naming_the_figure() -> None:
    text = _template("rulebook.toml")
    assert "claim = { open = 16, tiles = 112 }" in text
    spec = parse_spec(text.replace("claim = { open = 16,", "claim = { open = 15,"), "castle",
                      source="test")
    with pytest.raises(ClaimError, match="figure 'open' claims open = 15, the engine finds 16"):
        build_rulebook("castle", PAPERS["a4"], spec=spec)
    spec = parse_spec(text.replace("floor_tiles = [59, 35, 18]", "floor_tiles = [60, 34, 18]"),
                      "castle", source="test")
    with pytest.raises(ClaimError, match="figure 'towers' claims floor_tiles"):
        build_rulebook("castle", PAPERS["a4"], spec=spec)


@pytest.mark.parametrize("name", ["rulebook.md.j2", "quickref.md.j2"])
def test_the_points_tables_are_the_engines(name: str) -> None:
    text = _template(name)
    sizes, points = (next(line for line in text.splitlines() if line.startswith(start))
                     for start in ("| tiles in the group" if "rulebook" in name else "| flipped",
                                   "| points | 2"))
    cells = [c.strip() for c in sizes.strip("|").split("|")][1:]
    values = [c.strip() for c in points.strip("|").split("|")][1:]
    table = dict(zip(cells, values, strict=True))
    for n, p in GROUP_POINTS.items():
        assert table[str(n)] == str(p)
    assert table["9 or more"] == "1 a tile"
    assert re.search(rf"[Dd]ragons[^.]* {DRAGON_BONUS} (point )?more", text)
    if name == "rulebook.md.j2":
        shrine = next(line for line in text.splitlines() if line.startswith("| points | 1"))
        assert [c.strip() for c in shrine.strip("|").split("|")][1:] == \
            [str(shrine_points(f)) for f in (1, 2, 3)]


@pytest.mark.parametrize(("paper", "booklet"), [("a4", False), ("letter", False),
                                                ("a4", True), ("letter", True)])
def test_rulebook_tiles_and_type_are_large_enough(paper: str, booklet: bool) -> None:
    doc = build_rulebook("castle", PAPERS[paper], booklet=booklet)
    pages = probe(doc)
    tile, text = _sizes(pages)
    assert tile >= SMALLEST_TILE - 1e-6 and text >= SMALLEST_TYPE - 1e-6
    words = " ".join(page.words() for page in pages)
    assert "--" not in words and "tilepress draw" not in words
    assert re.search(r"game \d+, turn \d+", words)  # the example turn says where it is from


def test_the_example_turn_flips_five_and_crowns_them() -> None:
    criterion, blocks = narrate.rulebook_example()
    said = blocks[0].text
    assert "and its twin" in said and "flip face down" in said and "A shrine crowns" in said
    seed, turn = (int(n) for n in re.search(r"game (\d+), turn (\d+)", criterion).groups())
    told = replay_turns(runner.play(CastleOptions(), seed))
    (chosen,) = [t for t in told.turns if t.number == turn]
    assert max(len(ev.cells) for ev in chosen.of(Consolidate)) >= 5
    assert max(ev.points for ev in chosen.of(Shrine)) >= 2


@pytest.mark.parametrize("view", ["isometric", "heights", "floors", "above"])
@pytest.mark.parametrize("suffix", [".svg", ".pdf"])
def test_draw_castle_writes_every_view(cli, tmp_path: Path, view: str, suffix: str) -> None:
    out = tmp_path / f"castle{suffix}"
    r = cli("draw", "castle", "octagon", "--view", view, "--dealt", "--open", "--facts",
            "-o", out)
    assert r.code == 0, r
    assert out.read_bytes()[:5] in (b"<?xml", b"<svg ", b"%PDF-")
    facts = json.loads(r.out.strip().splitlines()[-1])
    assert facts["tiles"] == 111 and facts["floor_tiles"] == [48, 40, 23]
    assert facts["open"] == 16


def test_draw_castle_reads_a_castle_file(cli, tmp_path: Path) -> None:
    keep = tmp_path / "keep.castle"
    keep.write_text("# a small keep\n 11\n1221\n 11\n")
    r = cli("draw", "castle", keep, "--view", "floors", "--facts", "-o", tmp_path / "k.svg")
    assert r.code == 0, r
    facts = json.loads(r.out.strip().splitlines()[-1])
    assert facts["tiles"] == 10 and facts["floors"] == 2 and facts["rows"] == 3


@pytest.mark.parametrize(("args", "words"), [
    (("moon",), "unknown castle 'moon'"),
    (("nope.castle",), "castle file 'nope.castle' does not exist"),
    (("towers", "--view", "sideways"), "view must be one of"),
    (("towers", "--tile-width", "5"), "tile-width must be from 7 to 40"),
    (("towers", "--tileset", "1mx4"), "needs 112 tiles; the 1mx4 set has 4"),
    (("towers", "--width", "1e999"), "width"),
])
def test_draw_castle_refuses_bad_input_in_one_line(cli, tmp_path: Path, args, words) -> None:
    out = tmp_path / "x.svg"
    r = cli("draw", "castle", *args, "-o", out)
    assert r.code == 2 and words in r.err and r.err.count("\n") == 1, r
    assert "Traceback" not in r.err and not out.exists()


@pytest.mark.parametrize(("players", "seed", "layout", "paper"), [
    (2, 1, "towers", "a4"), (3, 3, "towers", "a4"), (4, 1, "towers", "a4"),
    (4, 2, "towers", "letter"), (4, 3, "octagon", "a4"), (4, 4, "quarters", "letter"),
    (4, 5, "generate", "a4"), (2, 7, "octagon", "a4")])
def test_worked_example_teaches_in_4_to_10_pages(players: int, seed: int, layout: str,
                                                 paper: str) -> None:
    log = runner.play(CastleOptions(players=players, layout=layout), seed)
    pages = probe(narrate.worked_example(log, PAPERS[paper]))
    assert 4 <= len(pages) <= 10, len(pages)
    tile, text = _sizes(pages)
    assert tile >= SMALLEST_TILE - 1e-6 and text >= SMALLEST_TYPE - 1e-6
    words = " ".join(page.words() for page in pages)
    assert "Turns 1 to 12" in words and "r1 c1" in words
    assert not re.search(r"\b[1-9][mps]\b|\b[1-7]z\b", words)  # tiles named, not notation


def test_full_keeps_every_turn_drawn() -> None:
    log = runner.play(CastleOptions(players=2), 1)
    short = narrate.worked_example(log, PAPERS["a4"])
    full = narrate.worked_example(log, PAPERS["a4"], full=True)
    assert len(probe(full)) > len(probe(short))
