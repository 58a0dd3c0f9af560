"""Paper tiles and print-and-play kits: tile counts, page boxes, mirrored backs measured on
the page, kits whose manifest matches their files, the same bytes when built again, and
bad input that leaves every file as it was."""

from __future__ import annotations

import collections
import hashlib
import io
import json
import os
import re
import time
import zipfile
from pathlib import Path

import pytest
from drawn import probe
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from tilepress.documents.tiles import TileSheetOptions, tile_set, tile_sheets
from tilepress.draw.canvas import PAPERS
from tilepress.draw.tiles import FACE
from tilepress.games import GAMES
from tilepress.output import render_bytes
from tilepress.publish.kit import KitOptions, build_kit, kit_game, kit_games, kit_parts
from tilepress.publish.kit_files import write_kits
from tilepress.publish.rulebook import rulebook_games
from tilepress.tiles import Tile

PLANNED = [g.name for g in GAMES if g.optional_module("kit") is not None]

SMALL_KIT = "oneplayer"
"""The quickest kit to build (a rulebook, tiles, a quick reference, a score sheet)."""


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def folder_bytes(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


# -- paper tiles --------------------------------------------------------------------


@pytest.mark.parametrize(("name", "count", "faces"), [
    ("onesuit", 36, 9), ("standard", 136, 34), ("full", 144, 42), ("american", 152, 43)])
def test_tile_sets_hold_their_tiles(name, count, faces) -> None:
    tiles = tile_set(name)
    counts = collections.Counter(tiles)
    assert len(tiles) == count and len(counts) == faces
    assert all(n == 4 for t, n in counts.items() if not (t.is_bonus or t.is_joker))
    assert all(n == 1 for t, n in counts.items() if t.is_bonus)
    assert counts[Tile("1j")] == (8 if name == "american" else 0)


def test_a_set_of_one_suit_in_any_suit_and_a_list_in_mpsz() -> None:
    assert set(tile_set("onesuit", "p")) == {Tile(f"{n}p") for n in range(1, 10)}
    assert [str(t) for t in tile_set("123m0p")] == ["1m", "2m", "3m", "0p"]
    assert len(tile_set("1234567z x4")) == 28 == len(tile_set("1234567zx4"))
    for bad in ("jumbo", "12q", "x4", ""):
        with pytest.raises(ValueError, match="tile set"):
            tile_set(bad)


def centres_of_fronts(page) -> set[tuple[float, float]]:
    return {(round(p.x + 6.0 * p.scale, 4), round(p.y + 8.0 * p.scale, 4))
            for p in page.placed if p.name.startswith("tile-art-")}


def centres_of_backs(page) -> set[tuple[float, float]]:
    return {(round((s.box[0] + s.box[2]) / 2, 4), round((s.box[1] + s.box[3]) / 2, 4))
            for s in page.shapes if s.kind == "circle" and s.fill == FACE}


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_tile_back_lands_behind_its_front(duplex, paper) -> None:
    """Fronts and backs on alternate pages; each back's centre is its front's centre seen
    through the sheet turned over the long (or short) edge."""
    sheets = tile_sheets(PAPERS[paper], TileSheetOptions(set="american", duplex=duplex))
    pages = probe(sheets)
    pw, ph = PAPERS[paper].width, PAPERS[paper].height
    assert len(pages) == 2 * sheets.sheets
    total = 0
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        fronts = centres_of_fronts(front)
        mirrored = {(round(pw - x, 4), y) if duplex == "long" else (x, round(ph - y, 4))
                    for x, y in fronts}
        assert centres_of_backs(back) == mirrored and not centres_of_fronts(back)
        total += len(fronts)
    assert total == 152


@pytest.mark.parametrize("size", ["20x27", "26x34.7", "15,20"])
def test_tile_faces_fill_the_tile_inside_the_safe_zone(size) -> None:
    """The art as large as the 3 mm safe zone allows (at the default size wider than the
    12 mm the art is drawn for); the ground runs into the bleed."""
    from tilepress.documents.cards import BLEED, SAFE
    from tilepress.draw.tiles import ART_BOX

    sheets = tile_sheets(PAPERS["a4"], TileSheetOptions(set="full", card_size=size))
    w, h = sheets.size
    page = probe(sheets)[0]
    arts = sorted(page.placed, key=lambda p: (round(p.y, 3), p.x))
    assert len(arts) == min(sheets.per_sheet, 144)
    for k, art in enumerate(arts):
        x, y = sheets.slot(k, back=False)
        x0, y0, x1, y1 = (a * art.scale for a in ART_BOX)
        assert art.x + x0 >= x + SAFE - 1e-6 and art.x + x1 <= x + w - SAFE + 1e-6
        assert art.y + y0 >= y + SAFE - 1e-6 and art.y + y1 <= y + h - SAFE + 1e-6
        assert x1 - x0 >= 0.95 * (w - 2 * SAFE) or y1 - y0 >= 0.95 * (h - 2 * SAFE)
    if size == "20x27":
        assert min(p.width for p in arts) >= 12.0
    grounds = [s for s in page.shapes if s.kind == "rect" and s.fill == FACE]
    assert len(grounds) == len(arts)
    assert all(abs((s.box[2] - s.box[0]) - (w + 2 * BLEED)) < 1e-6 for s in grounds)


def test_one_tile_a_page_for_a_print_shop_with_trim_and_bleed_boxes() -> None:
    sheets = tile_sheets(PAPERS["a4"], TileSheetOptions(set="onesuit", one_per_page=True))
    reader = PdfReader(io.BytesIO(render_bytes(sheets, "pdf")))
    assert len(reader.pages) == 36 + 1  # every front, the shared back once
    mm = 72 / 25.4
    for page in reader.pages:
        trim, bleed = page.trimbox, page.bleedbox
        assert (float(trim.width), float(trim.height)) == pytest.approx((20 * mm, 27 * mm))
        assert (float(bleed.width), float(bleed.height)) == pytest.approx((26 * mm, 33 * mm))


@settings(max_examples=30, deadline=None)
@given(st.floats(10, 60), st.floats(10, 80), st.sampled_from(["a4", "letter"]))
def test_any_tile_size_fits_inside_the_printable_area(w, h, paper) -> None:
    sheets = tile_sheets(PAPERS[paper], TileSheetOptions(set="standard",
                                                         card_size=f"{w:.1f}x{h:.1f}"))
    grid_w = sheets.columns * sheets.size[0] + (sheets.columns - 1) * sheets.layout.gutter
    assert sheets.per_sheet >= 1 and sheets.layout.left >= sheets.options.margin
    assert sheets.layout.left + grid_w <= PAPERS[paper].width - sheets.options.margin


def test_print_tiles_writes_the_set(cli, tmp_path) -> None:
    out = tmp_path / "tiles.pdf"
    r = cli("print", "tiles", "full", "--tile-size", "22x30", "--duplex", "short", "-o", out)
    assert r.code == 0 and "144 tiles" in r.out
    reader = PdfReader(out)
    assert len(reader.pages) % 2 == 0
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/DuplexFlipShortEdge" and prefs["/PrintScaling"] == "/None"
    r = cli("print", "tiles", "123m 4444z", "--format", "svg", "-o", tmp_path / "svg")
    assert r.code == 0 and len(list((tmp_path / "svg").glob("*.svg"))) == 7 + 1


@pytest.mark.parametrize(("args", "words"), [
    (["jumbo"], "unknown tile set 'jumbo'"),
    (["12q"], "tile set '12q'"),
    (["full", "--tile-size", "90x120"], "not a mahjong tile"),
    (["full", "--tile-size", "big"], "tile-size must be"),
    (["full", "--tile-size", "60x80", "--per-sheet", "4x4"], "tiles do not fit"),
    (["full", "--suit", "z"], "suit"),
])
def test_print_tiles_bad_input(cli, tmp_path, args, words) -> None:
    out = tmp_path / "tiles.pdf"
    r = cli("print", "tiles", *args, "-o", out)
    assert r.code == 2 and words in r.err and len(r.err.strip().splitlines()) == 1
    assert not out.exists()


# -- kits ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_kit():
    """The small kit, built once for the module's tests."""
    return build_kit(SMALL_KIT)


@pytest.fixture(scope="module")
def built(tmp_path_factory, small_kit) -> Path:
    """The small kit, written once for the module's tests."""
    folder = tmp_path_factory.mktemp("kit") / "out" / "kit"
    write_kits([small_kit], folder)
    return folder


def test_a_kit_is_a_folder_a_zip_and_a_manifest_that_match(built) -> None:
    game = built / SMALL_KIT
    names = sorted(p.name for p in game.iterdir())
    assert names[0] == "00-read-me-first.pdf" and "manifest.json" in names
    assert any("rules" in n for n in names) and any("tiles" in n for n in names)
    own = json.loads((game / "manifest.json").read_text())
    assert own["format"] == "tilepress-kit" and own["game"] == SMALL_KIT
    assert {f["file"] for f in own["files"]} == set(names) - {"manifest.json"}
    for f in own["files"]:
        assert sha256(game / f["file"]) == f["sha256"] and f["pages"] >= 1
        assert len(PdfReader(game / f["file"]).pages) == f["pages"]
    index = json.loads((built / "manifest.json").read_text())
    listed = {e["path"]: e["sha256"] for e in index["files"]}
    on_disk = {p.relative_to(built).as_posix() for p in built.rglob("*") if p.is_file()}
    assert set(listed) == on_disk - {"manifest.json", "SHA256SUMS"}
    assert all(sha256(built / path) == digest for path, digest in listed.items())
    sums = dict(reversed(line.split("  ", 1))
                for line in (built / "SHA256SUMS").read_text().splitlines())
    assert sums["manifest.json"] == sha256(built / "manifest.json")
    assert {k: v for k, v in sums.items() if k != "manifest.json"} == listed
    with zipfile.ZipFile(built / f"{SMALL_KIT}.zip") as archive:
        infos = archive.infolist()
        assert [i.filename for i in infos] == [f"{SMALL_KIT}/{n}" for n in names]
        assert {i.date_time for i in infos} == {(1980, 1, 1, 0, 0, 0)}
        for info in infos:
            assert archive.read(info) == (game / info.filename.split("/", 1)[1]).read_bytes()


def test_a_kit_built_again_elsewhere_in_another_timezone_is_the_same_bytes(
        built, tmp_path, monkeypatch, cli) -> None:
    monkeypatch.setenv("TZ", "Pacific/Kiritimati")
    monkeypatch.setenv("LC_ALL", "C")
    time.tzset()
    try:
        r = cli("kit", SMALL_KIT, "-o", tmp_path / "elsewhere", "--quiet")
    finally:
        monkeypatch.undo()
        time.tzset()
    assert r.code == 0 and r.out == ""
    assert folder_bytes(tmp_path / "elsewhere") == folder_bytes(built)


def test_a_kit_replaces_a_previous_kit_and_lists_every_file(built, tmp_path, cli) -> None:
    import shutil

    folder = tmp_path / "kit"
    shutil.copytree(built, folder)
    r = cli("kit", SMALL_KIT, "-o", folder, "--verbose")
    assert r.code == 0 and r.err == ""
    written = sorted(str(p) for p in folder.rglob("*") if p.is_file())
    *files, summary = r.out.splitlines()
    assert sorted(files) == [f"wrote {p}" for p in written]
    assert re.fullmatch(rf"wrote the {SMALL_KIT} kit to {re.escape(str(folder))}/ \({len(written)} "
                        r"files with its zip and the manifest\) in [0-9.]+ s", summary), summary
    r = cli("kit", SMALL_KIT, "-o", folder)  # without --verbose: the summary line alone
    assert r.code == 0 and r.out.splitlines() == [r.out.strip()] and "kit to" in r.out
    assert folder_bytes(folder) == folder_bytes(built)
    assert not [p for p in folder.iterdir() if p.name.startswith(".")]


def test_the_cover_lists_every_file_speaks_to_players_and_checks_the_scale(small_kit) -> None:
    from tilepress.publish.kit import cover, ruler_figure

    kit = small_kit
    pages = probe(cover(kit_game(SMALL_KIT), kit.files, KitOptions()))
    assert len(pages) == kit.files[0].pages
    words = " ".join(page.words() for page in pages)
    for f in kit.files:
        assert f.name in words
    assert "100%" in words and "card stock" in words and "long edge" in words
    assert "MIT" in words and "--" not in words and "`" not in words
    assert min(t.size for page in pages for t in page.texts) >= 6.0
    ruler = ruler_figure()  # drawn at 100%, never scaled to fit
    assert ruler.width <= min(p.width for p in PAPERS.values() if p.width > 200) - 30
    assert any(abs((s.box[2] - s.box[0]) - 100.0) < 1e-6 for page in pages
               for s in page.shapes if s.kind == "rect" and s.fill)


def test_every_game_plans_its_components() -> None:
    """Each tile game prints the set it needs; Mint Tin its deck; Dragon Castle its board,
    shrines and set-up sheets; every game a score sheet or puzzles."""
    games = {g.name: g for g in GAMES}
    sets = {}
    for name in PLANNED:
        parts = {p.name: p for p in kit_parts(games[name], KitOptions(),
                                               rulebook_required=False)}
        if "tiles" in parts:
            sets[name] = len(parts["tiles"].build().cards)
        assert {"score-sheet", "score-pad", "puzzles"} & set(parts) or name == "solitaire"
    assert sets == {"onesuit": 36, "oneplayer": 144, "american": 152, "solitaire": 144,
                    "castle": 112}
    castle = {p.name: p for p in kit_parts(games["castle"], KitOptions(tile_size="22x30"),
                                           rulebook_required=False)}
    assert {"board", "castle-setup", "turn-card"} <= set(castle)
    board = probe(castle["board"].build())[0].words()
    assert "22 x 30 mm" in board
    # each player's board page has room for their three shrines: no sheet of shrines
    assert "shrines" not in castle and "Cut out these three shrines" in board
    big = {p.name: p for p in kit_parts(games["castle"], KitOptions(tile_size="26x34.7"),
                                        rulebook_required=False)}
    assert len(big["shrines"].build().cards) == 12
    assert "Cut out these three shrines" not in probe(big["board"].build())[0].words()
    minttin = {p.name for p in kit_parts(games["minttin"], KitOptions(),
                                         rulebook_required=False)}
    assert {"deck", "score-sheet"} <= minttin and "rules-cards" not in minttin


def test_the_kits_are_the_games_with_a_rulebook() -> None:
    assert set(kit_games()) == set(PLANNED) & set(rulebook_games())
    missing = [name for name in PLANNED if name not in rulebook_games()]
    for name in missing:
        with pytest.raises(ValueError, match="needs the game's rulebook"):
            kit_game(name)


# -- bad input ------------------------------------------------------------------------


def test_a_board_too_big_for_the_paper_stops_a_castle_kit_at_once() -> None:
    from tilepress.publish.kit import check_kit

    with pytest.raises(ValueError, match="does not fit"):
        check_kit(kit_game("castle", rulebook_required=False), KitOptions(tile_size="40x60"),
                  rulebook_required=False)


@pytest.mark.parametrize(("args", "words"), [
    (["nosuchgame"], "unknown game 'nosuchgame'"),
    ([SMALL_KIT, "--tile-size", "90x120"], "not a mahjong tile"),
    ([SMALL_KIT, "--paper", "a3"], "unknown paper"),
    ([SMALL_KIT, "--card-size", "huge"], "card-size"),
])
def test_kit_bad_input_writes_nothing(cli, tmp_path, args, words) -> None:
    r = cli("kit", *args, "-o", tmp_path / "kit")
    assert r.code == 2 and words in r.err and len(r.err.strip().splitlines()) == 1
    assert not (tmp_path / "kit").exists()


def test_a_folder_that_cannot_be_written(cli, tmp_path) -> None:
    """Found before anything is built: a file where the folder should be or above it, a
    folder without the right to write."""
    (tmp_path / "file").write_text("mine")
    (tmp_path / "locked").mkdir(mode=0o500)
    places = [tmp_path / "file", tmp_path / "file" / "kit"]
    if os.geteuid() != 0:  # root writes anywhere
        places.append(tmp_path / "locked" / "kit")
    for where in places:
        started = time.process_time()  # CPU time: a loaded machine does not count
        r = cli("kit", SMALL_KIT, "-o", where, "-q")
        assert r.code == 2 and "cannot write the kit" in r.err, r
        assert len(r.err.strip().splitlines()) == 1
        assert time.process_time() - started < 1.0  # a kit takes seconds to build
    assert (tmp_path / "file").read_text() == "mine"
    assert not list((tmp_path / "locked").iterdir())


@pytest.mark.parametrize("intruder", [
    "oneplayer/notes.txt", "oneplayer.zip", "manifest.json", "SHA256SUMS", "oneplayer"])
def test_a_users_files_are_never_replaced(cli, built, tmp_path, intruder) -> None:
    """Where the kit would go holds something a kit did not write: refuse, one line, and
    leave every file as it was."""
    import shutil

    folder = tmp_path / "kit"
    if intruder == "oneplayer":  # a folder of the user's own, with no kit manifest
        (folder / "oneplayer").mkdir(parents=True)
        (folder / "oneplayer" / "plan.pdf").write_bytes(b"mine")
    elif intruder == "oneplayer/notes.txt":
        shutil.copytree(built, folder)
        (folder / intruder).write_text("mine")
    else:
        folder.mkdir()
        (folder / intruder).write_bytes(b"mine")
    before = folder_bytes(folder)
    r = cli("kit", SMALL_KIT, "-o", folder)
    assert r.code == 2 and "is not a previous kit" in r.err, r
    assert len(r.err.strip().splitlines()) == 1
    assert folder_bytes(folder) == before
    assert not [p for p in folder.iterdir() if p.name.startswith(".kit-")]


def test_a_changed_kit_file_is_not_replaced(cli, built, tmp_path) -> None:
    import shutil

    folder = tmp_path / "kit"
    shutil.copytree(built, folder)
    sheet = next((folder / SMALL_KIT).glob("*score-sheet.pdf"))
    sheet.write_bytes(sheet.read_bytes() + b"% my notes\n")
    r = cli("kit", SMALL_KIT, "-o", folder, "-q")
    assert r.code == 2 and "was changed after the kit was written" in r.err
    assert sheet.read_bytes().endswith(b"% my notes\n")


def test_the_mint_tin_rules_cards_fill_the_decks_last_sheet() -> None:
    """The rules summary cards ride in the free places of the deck's last sheet, rather
    than on a sheet of their own that would stay nearly empty."""
    from tilepress.draw.canvas import PAPERS
    from tilepress.games.minttin.deck_options import DeckOptions
    from tilepress.games.minttin.printables import deck, rules_card

    parts = {p.name: p for p in kit_parts(kit_game("minttin", rulebook_required=False),
                                           KitOptions(), rulebook_required=False)}
    sheets = parts["deck"].build()
    alone = deck(PAPERS["a4"], DeckOptions())
    rules = rules_card(PAPERS["a4"], DeckOptions())
    assert [c.name for c in sheets.cards] == [c.name for c in alone.cards + rules.cards]
    assert len(rules.cards) == 4
    assert sheets.sheets == alone.sheets == 4


# -- the solitaire kit's build plans ---------------------------------------------------


def _half(text: str) -> int:
    """A column or row as the plan writes it ("4", "4½") in half-tile units from 0."""
    return 2 * (int(text.rstrip("½")) - 1) + text.endswith("½")


def _planned_positions(pages) -> dict[str, set[tuple[int, int, int]]]:
    """Every position the plan's words give, by layout: (x, y, layer) in half-tile units
    from the layout's top-left, read back from "Row 4½: 1 tile, column 1; ..." lines."""
    import re

    found: dict[str, set[tuple[int, int, int]]] = collections.defaultdict(set)
    layout = layer = None
    for page in pages:
        for t in page.texts:
            if m := re.fullmatch(r"Building the (\w+)", t.text):
                layout = m[1]
            elif m := re.match(r"Layer (\d+): ", t.text):
                layer = int(m[1]) - 1
            elif m := re.fullmatch(r"Row ([\d½]+): (.*)\.", t.text):
                y = _half(m[1])
                for run in m[2].split("; "):
                    r = re.fullmatch(r"(\d+) tiles?, columns? ([\d½]+)(?: to ([\d½]+))?", run)
                    assert r, run
                    first, last = _half(r[2]), _half(r[3] or r[2])
                    xs = range(first, last + 1, 2)
                    assert len(xs) == int(r[1])
                    found[layout].update((x, y, layer) for x in xs)
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_solitaire_kit_plans_every_layer_of_every_layout_it_offers(paper) -> None:
    """Issue 34.3: the turtle of the rules and each puzzle's layout, every layer drawn on
    its own at a size to build from, its positions in words."""
    from tilepress.games.solitaire.pictures import PLAN_INK, PLAN_TILE
    from tilepress.layouts import builtin

    game = kit_game("solitaire")
    plan = game.kit_plan(PAPERS[paper], KitOptions(paper=paper))
    offered = {"turtle", *(p.params["layout"] for p in plan.puzzles)}
    (part,) = [p for p in kit_parts(game, KitOptions(paper=paper)) if p.name == "build-plans"]
    pages = probe(part.build())
    found = _planned_positions(pages)
    assert set(found) == offered
    for name in offered:
        layout = builtin(name)
        x0, y0, _, _ = layout.bounds
        assert found[name] == {(p.x - x0, p.y - y0, p.z) for p in layout.positions}
    drawn = [s for page in pages for s in page.shapes
             if s.kind == "rect" and s.fill == PLAN_TILE and s.stroke == PLAN_INK]
    assert len(drawn) == sum(len(builtin(n)) for n in offered)
    assert min(s.box[2] - s.box[0] for s in drawn) >= 10.0  # a tile you can lay on it
    assert min(t.size for page in pages for t in page.texts) >= 7.0


def test_the_solitaire_kit_rules_point_to_the_kit_parts_by_name_not_by_file() -> None:
    """The rulebook may be printed on its own: it speaks of the kit's build plans and
    puzzles, never of a file name."""
    from tilepress.publish.kit import kit_file_names

    parts = kit_parts(kit_game("solitaire"), KitOptions())
    names = kit_file_names(parts)
    words = " ".join(p.words() for p in probe(parts[0].build()))
    assert "In this kit, the build plans lay out the turtle" in words
    assert "every deal in this kit's puzzles has been proven winnable" in words
    assert ".pdf" not in words and names["puzzles"] not in words
    assert "with this book" not in words


# -- a person with no tiles learns and plays from the kit alone -------------------------


def _cover_words(name: str, **options) -> tuple[str, dict[str, str]]:
    from tilepress.publish.kit import cover, kit_file_names
    from tilepress.publish.kit_files import KitFile

    game = kit_game(name)
    kit_options = KitOptions(**options)
    parts = kit_parts(game, kit_options)
    names = kit_file_names(parts)
    files = [KitFile("00-read-me-first.pdf", b"", 2, "What to print", "paper", "one-sided")] + [
        KitFile(names[p.name], b"", 1, p.what, p.stock, p.how) for p in parts]
    pages = probe(cover(game, files, kit_options))
    return " ".join(page.words() for page in pages), names


NEEDS = {
    "american": ("tile stand", "dice", "wall", "face down"),
    "castle": ("face down", "box lid", "set-up sheet"),
    "minttin": ("table mat", "Shuffle"),
    "oneplayer": ("wall", "face down", "need no rack"),
    "onesuit": ("tile stand", "face down", "wall"),
    "solitaire": ("build plan", "face down", "box lid"),
}


@pytest.mark.parametrize("name", PLANNED)
def test_each_kit_says_how_to_play_with_what_it_gives(name) -> None:
    """Issue 34: the read-me says how to play from paper: which file, how to shuffle and
    hide paper tiles, what stands in for a rack, a wall, dice; every file it names is in
    the kit."""
    import re

    words, names = _cover_words(name)
    assert "Playing with this kit" in words
    for needed in NEEDS[name]:
        assert needed in words, needed
    cited = set(re.findall(r"\d\d-[a-z-]+\.pdf", words))
    assert cited and cited <= set(names.values()) | {"00-read-me-first.pdf"}
    assert "--" not in words


def test_the_one_suit_tiles_fill_their_card_stock() -> None:
    """36 tiles used 40% of the sheet; at the kit's size they fill it."""
    for paper in ("a4", "letter"):
        (part,) = [p for p in kit_parts(kit_game("onesuit"), KitOptions(paper=paper))
                   if p.name == "tiles"]
        sheets = part.build()
        assert sheets.sheets == 1 and len(sheets.cards) / sheets.per_sheet >= 0.85
        assert sheets.size[0] >= 1.4 * 20.0


@pytest.mark.parametrize("name", ["solitaire", "oneplayer"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_one_player_quick_reference_is_one_filled_page(name, paper) -> None:
    from tilepress.documents.layout import page_fills
    from tilepress.documents.model import Document
    from tilepress.publish.kit import quick_reference

    ref = quick_reference(kit_game(name), PAPERS[paper])
    assert isinstance(ref, Document) and ref.paper == PAPERS[paper]
    (fill,) = page_fills(ref)
    assert fill >= 0.6
    (page,) = probe(ref)
    body = [t for t in page.texts if t.fill == "#1d1d1b" and t.font == "regular"]
    assert min(t.size for t in body) >= 12.0
    if name == "solitaire":  # a picture of which tiles are free, outlined
        from tilepress.draw.tiles import MARK

        assert len(page.tiles) == 9
        assert len([s for s in page.shapes if s.stroke == MARK]) == 5


def test_the_mint_tin_rules_cards_say_what_wins_and_what_the_epic_hand_does() -> None:
    from drawn import probe_side

    from tilepress.documents.cards import CARD_SIZES
    from tilepress.games.minttin.printables import rules_card

    cards = rules_card(PAPERS["a4"])
    w, h = CARD_SIZES["mini"]
    sides = [probe_side(side, w, h).words() for spec in cards.cards
             for side in (spec.front, spec.back)]
    (winning, *_) = [s for s in sides if "WINNING HANDS" in s]
    assert "runs of one category" in winning and "dragons of a suit" in winning
    (scoring, *_) = [s for s in sides if "SCORING" in s]
    assert "Concealed +1" in scoring and "wins the match" in scoring


def test_a_kit_in_large_print_to_fold(tmp_path) -> None:
    """--large-print and --duplex fold reach every part of a kit: tiles half as large
    again on sheets to fold, quick reference and sheets at 14 pt, the manifest says so."""
    from tilepress.documents.cards import CardSheets
    from tilepress.documents.model import Bullets, Document, Paragraph

    options = KitOptions(large_print=True, duplex="fold", paper="letter")
    kit = build_kit(SMALL_KIT, options)
    manifest = kit.options
    assert manifest["large-print"] is True and manifest["tile-size"] == "30x40.5"
    parts = {p.name: p for p in kit_parts(kit_game(SMALL_KIT), options)}
    tiles = parts["tiles"].build()
    assert isinstance(tiles, CardSheets) and tiles.fold and tiles.size == (30.0, 40.5)
    assert "fold" in parts["tiles"].how
    sheet = parts["score-sheet"].build()
    words = [t for page in probe(sheet) for t in page.texts
             if 16.0 < t.y < page.height - 13.0]
    assert min(t.size for t in words) >= 14.0
    ref = parts["quick-reference"].build()  # its words; its figure labels are drawn
    assert isinstance(ref, Document) and ref.paper == PAPERS["letter"]
    assert all(b.size >= 14.0 for b in ref.blocks if isinstance(b, Paragraph | Bullets))
    (cover,) = [f for f in kit.files if f.name.startswith("00")]
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(cover.data)).pages)
    assert "Fold it on its dashed line" in text.replace("\n", " ")


def test_a_large_print_kit_sets_its_contents_cover_lines_and_tile_labels_at_14_pt() -> None:
    """The large-print rulebook's contents, the players line of its cover and its running
    heads and page numbers, and the 'Pass first:' label of the American puzzles'
    answers, are 14 pt like the rest."""
    options = KitOptions(large_print=True)
    parts = {p.name: p for p in kit_parts(kit_game("american"), options)}
    pages = probe(parts["rules"].build())
    cover = [t for t in pages[0].texts if t.text == "4 players"]
    contents = [t for t in pages[1].texts if t.text in ("Contents", "page")]
    assert cover and min(t.size for t in cover) >= 14.0
    assert len(contents) == 2 and min(t.size for t in contents) >= 14.0
    heads = [t for t in pages[2].texts if t.y < 16.0 or t.y > pages[2].height - 13.0]
    assert len(heads) >= 2 and min(t.size for t in heads) >= 14.0  # head and page number
    standard = probe(kit_parts(kit_game("american"), KitOptions())[0].build())
    assert {t.size for t in standard[2].texts if t.y < 16.0} == {7.5}
    puzzles = [p for name, p in parts.items() if "puzzle" in name]
    labels = [t for page in probe(puzzles[0].build()) for t in page.texts
              if t.text == "Pass first:"]
    assert labels and min(t.size for t in labels) >= 14.0
