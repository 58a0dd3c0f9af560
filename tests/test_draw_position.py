"""``tilepress draw position``: each game's position from a real simulated log, written as
SVG and PDF, its facts checked against counts made from the log's JSON lines by hand
(not through the rules engine), and what the figure draws checked with a probe canvas."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from drawn import ProbeSurface

from tilepress.cli.position import event_count
from tilepress.engine.log import GameLog
from tilepress.games import find_game, read_log

GAMES = {  # name in the CLI, options, play options
    "onesuit": ("onesuit", {"hands": 1, "tiles": 7}, {}),
    "oneplayer": ("oneplayer", {}, {}),
    "minttin": ("minttin", {}, {}),
    "minttin-solo": ("minttin", {}, {"solo": True}),
    "american": ("american", {}, {}),
    "castle": ("castle", {"players": 2}, {}),
}


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("logs")
    out = {}
    for key, (name, options, play) in GAMES.items():
        game = find_game(name)
        log = game.play(game.options_from(options), game.play_options_from(play), 3)
        out[key] = folder / f"{key}.jsonl"
        out[key].write_text(log.to_jsonl())
    return out


def lines(path: Path) -> list[dict]:
    """The log's lines as JSON, line 1 first (index 0)."""
    return [json.loads(line) for line in path.read_text().splitlines()]


def tiles_in(text: str) -> int:
    """How many tiles an MPSZ string holds, counted by its digits."""
    return sum(ch.isdigit() for ch in text)


def drawn(path: Path, at: int, **kwargs) -> tuple[list, dict]:
    """The position's figure as a probe page, and its facts."""
    log: GameLog = read_log(path.read_text(), source=str(path))
    events = event_count(log, str(at))
    illustration = find_game(log.game).module("pictures").position_figure(log, events,
                                                                          **kwargs)
    surface = ProbeSurface()
    with surface.page(illustration.figure.width, illustration.figure.height) as c:
        illustration.figure.draw(c)
    return surface.pages[0], dict(illustration.facts)


def first_line(records: list[dict], kind: str, after: int = 0) -> int:
    """The line number (from 1) of the first event of ``kind`` after line ``after``."""
    return next(n for n, r in enumerate(records, start=1) if n > after and r["type"] == kind)


@pytest.mark.parametrize("key", list(GAMES))
def test_written_as_svg_and_pdf(cli, logs, tmp_path, key) -> None:
    at = len(lines(logs[key])) // 2
    for suffix, head in ((".svg", b"<svg"), (".pdf", b"%PDF")):
        out = tmp_path / f"{key}{suffix}"
        r = cli("draw", "position", logs[key], "--at", at, "-o", out, "--facts")
        assert r.code == 0, r
        assert out.read_bytes()[:200].lstrip().startswith(head) or \
            head in out.read_bytes()[:200], out
        facts = json.loads(r.out.strip().splitlines()[-1])
        assert facts["line"] == at
        assert f"after line {at}" in r.out


def test_png_and_the_same_bytes_again(cli, logs, tmp_path) -> None:
    out = tmp_path / "p.png"
    assert cli("draw", "position", logs["onesuit"], "--at", 5, "--dpi", 72, "-o", out).code == 0
    assert out.read_bytes().startswith(b"\x89PNG")
    svgs = []
    for k in (1, 2):
        svg = tmp_path / f"p{k}.svg"
        assert cli("draw", "position", logs["castle"], "--at", 40, "-o", svg).code == 0
        svgs.append(svg.read_bytes())
    assert svgs[0] == svgs[1]


@pytest.mark.parametrize("key", list(GAMES))
def test_readable_sizes(logs, key) -> None:
    """Tiles at least 8 mm wide and no text under 6 pt, at the default size."""
    at = len(lines(logs[key])) * 2 // 3
    page, _ = drawn(logs[key], at)
    assert all(t.width >= 8.0 for t in page.tiles)
    assert min(t.size for t in page.texts) >= 6.0
    assert f"After line {at}:" in page.words()


def test_onesuit_counts(logs) -> None:
    """Every tile out of the wall is drawn: the deal and the draws of the hand so far;
    seen from seat 2, seat 1's hand is face down."""
    records = lines(logs["onesuit"])
    at = first_line(records, "discard", first_line(records, "discard") + 1)
    dealt = sum(tiles_in(r["tiles"]) for r in records[:at] if r["type"] == "deal")
    draws = sum(1 for r in records[:at] if r["type"] == "draw")
    held = {0: 0, 1: 0}
    for r in records[:at]:
        if r["type"] in ("deal",):
            held[r["player"]] += tiles_in(r["tiles"])
        elif r["type"] == "draw":
            held[r["player"]] += 1
        elif r["type"] == "discard":
            held[r["player"]] -= 1
    page, facts = drawn(logs["onesuit"], at)
    assert len(page.tiles) == dealt + draws == facts["face_up"]
    assert facts["wall"] == 36 - dealt - draws
    page, facts = drawn(logs["onesuit"], at, seat=1)
    backs = [t for t in page.tiles if t.name == "tile-back"]
    assert len(backs) == held[0] == facts["face_down"]
    assert facts["said"].startswith(("A discards", "B discards"))


def test_oneplayer_counts(logs) -> None:
    records = lines(logs["oneplayer"])
    at = len(records) // 2
    placed = sum(1 for r in records[:at] if r["type"] == "place")
    drawn_tiles = sum(tiles_in(r["tiles"]) for r in records[:at] if r["type"] == "draw")
    wall = tiles_in(records[1]["tiles"])
    page, facts = drawn(logs["oneplayer"], at)
    assert facts["on_board"] == placed
    assert facts["in_hand"] == drawn_tiles - placed
    assert facts["wall"] == wall - drawn_tiles
    # each vertical line's first tile is the horizontal line's: drawn once
    assert len(page.tiles) == drawn_tiles


def test_minttin_counts(logs) -> None:
    """Two players: 13 cards each at the deal, one more for every draw; every card is
    drawn as a card (an index on a face, or a back when hidden)."""
    records = lines(logs["minttin"])
    deal = first_line(records, "deal")
    at = first_line(records, "discard", first_line(records, "discard", deal) + 1)
    assert not any(r["type"] in ("double", "round-end") for r in records[deal:at])
    draws = sum(1 for r in records[deal:at] if r["type"] == "draw")
    _, facts = drawn(logs["minttin"], at)
    assert facts["face_up"] + facts["face_down"] == 26 + draws
    assert facts["face_down"] == 0
    page, seen = drawn(logs["minttin"], at, seat=0)
    held = 13
    for r in records[deal:at]:
        mine = r.get("player") == 1
        if r["type"] == "draw" and mine:
            held += 1
        elif r["type"] == "discard" and mine:
            held -= 1
        elif r["type"] == "call" and mine:
            held -= len(r["cards"].split())
        elif r["type"] == "pass":
            held += len(r["cards"].split()) * (-1 if mine else 1)
    backs = [s for s in page.shapes if s.kind == "rect" and s.fill == "#1f4e4a"]
    assert len(backs) == held == seen["face_down"]


def test_minttin_solo_counts(logs) -> None:
    records = lines(logs["minttin-solo"])
    at = first_line(records, "discard", first_line(records, "discard") + 1)
    _, facts = drawn(logs["minttin-solo"], at)
    draws = sum(1 for r in records[:at] if r["type"] in ("draw", "opponent-draw"))
    assert facts["face_up"] == 13 + draws  # 12 dealt and a joker
    assert facts["to_move"] in (None, 1)


def test_american_counts(logs) -> None:
    """After the Charleston every tile out of the wall is drawn: 53 dealt and one per
    draw."""
    records = lines(logs["american"])
    at = first_line(records, "discard", first_line(records, "discard") + 5)
    draws = sum(1 for r in records[:at] if r["type"] == "draw")
    page, facts = drawn(logs["american"], at)
    assert len(page.tiles) == 53 + draws == facts["face_up"]
    assert facts["wall"] == 152 - 53 - draws
    page, facts = drawn(logs["american"], at, seat=2)
    assert facts["face_down"] == sum(1 for t in page.tiles if t.name == "tile-back") > 0


def test_castle_counts(logs) -> None:
    records = lines(logs["castle"])
    at = first_line(records, "end-turn", len(records) // 2)
    taken = sum(1 for r in records[:at] if r["type"] in ("take", "take-second"))
    built = sum(1 for r in records[:at] if r["type"] == "build")
    _, facts = drawn(logs["castle"], at)
    assert facts["central"] == tiles_in(records[1]["tiles"]) - taken
    assert facts["built"] == built
    assert facts["said"].startswith("Player ")


def test_minttin_discards_after_a_double_are_face_down(tmp_path) -> None:
    """Seed 2 has a double taken: the discards after it are drawn as backs, counted from
    the log's lines, and the caption does not name the card to the other player."""
    game = find_game("minttin")
    path = tmp_path / "double.jsonl"
    path.write_text(game.play(game.options_from({}), game.play_options_from({}), 2).to_jsonl())
    records = lines(path)
    taken = next(n for n, r in enumerate(records, start=1)
                 if r["type"] == "answer" and r["take"])
    at = first_line(records, "discard", first_line(records, "discard", taken) + 1)
    after = [r for r in records[taken:at] if r["type"] == "discard"]
    _, facts = drawn(path, at)
    assert facts["face_down"] == len(after) == 2
    _, facts = drawn(path, at, seat=1 - records[at - 1]["player"])
    assert "face down." in facts["said"]


@pytest.mark.parametrize("key", ["onesuit", "oneplayer"])
def test_no_tile_lost_at_any_line(logs, key) -> None:
    """At every event of the log (every fifth, in a long one), the tiles drawn and the
    wall add up to the whole set."""
    records = lines(logs[key])
    whole = tiles_in(records[1]["wall"] if key == "onesuit" else records[1]["tiles"])
    for at in range(2, len(records), 1 if len(records) < 60 else 5):
        _, facts = drawn(logs[key], at)
        if key == "onesuit" and records[at - 1]["type"] == "hand":
            continue  # the new wall is shuffled, nothing dealt yet
        assert facts["face_up"] + facts["face_down"] + facts["wall"] == whole, at


def test_a_full_one_player_board_fits_a_page(cli, logs, tmp_path) -> None:
    """A finished One Player board is 27 rows of tiles: at 9 mm it would be 38 cm tall, so
    unless a tile width is given it is drawn smaller, to fit an A4 or Letter page; a width
    that is given is kept."""
    from pypdf import PdfReader

    last = len(lines(logs["oneplayer"])) - 1  # the last line sums the game up
    sizes = {}
    for name, extra in (("fit", ()), ("nine", ("--tile-width", "9"))):
        out = tmp_path / f"{name}.pdf"
        r = cli("draw", "position", logs["oneplayer"], "--at", last, "-o", out, *extra)
        assert r.code == 0, r
        box = PdfReader(out).pages[0].mediabox
        sizes[name] = (float(box.width) * 25.4 / 72, float(box.height) * 25.4 / 72)
        assert ("to fit a page" in r.out) == (name == "fit"), r
    assert sizes["fit"][0] <= 181.1 and sizes["fit"][1] <= 268.1, sizes  # 0.5 mm edge round
    assert sizes["nine"][1] > 300, sizes  # the same board at the width asked for
    assert sizes["fit"][1] > 200, sizes  # made to fit, not shrunk to a stamp


def test_a_position_that_fits_keeps_nine_mm_tiles(cli, logs, tmp_path) -> None:
    at = len(lines(logs["castle"])) // 2
    out, nine = tmp_path / "fit.svg", tmp_path / "nine.svg"
    assert cli("draw", "position", logs["castle"], "--at", at, "-o", out).code == 0
    assert cli("draw", "position", logs["castle"], "--at", at, "-o", nine,
               "--tile-width", "9").code == 0
    assert out.read_bytes() == nine.read_bytes()
