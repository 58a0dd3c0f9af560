"""Every command of the CLI, with good and bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tilepress.cli import command_functions

ROOT = Path(__file__).resolve().parent.parent


def test_analyze_waits_text(cli) -> None:
    r = cli("analyze", "waits", "1112345678999m")
    assert r.code == 0
    assert "waits    1m 2m 3m 4m 5m 6m 7m 8m 9m  (23 tiles left)" in r.out
    assert "123m 111m 456m 789m 99m" in r.out


def test_analyze_waits_json(cli) -> None:
    r = cli("analyze", "waits", "5677999p", "--json")
    data = json.loads(r.out)
    assert data["shanten"] == 0 and data["tiles_left"] == 10
    assert [w["tile"] for w in data["waits"]] == ["4p", "7p", "8p"]


def test_analyze_discard_table_and_not_ready_hands(cli) -> None:
    r = cli("analyze", "waits", "1112345678999m1z", "--json")
    rows = json.loads(r.out)["discards"]
    assert rows[0]["discard"] == "1z" and rows[0]["total"] == 23
    r = cli("analyze", "waits", "1358m2469p1357s7z")
    assert r.code == 0 and "tiles from ready" in r.out and "better" in r.out


def test_analyze_with_kans_and_visible_tiles(cli) -> None:
    r = cli("analyze", "waits", "1m [2222p] [3333s] [4444z]", "--visible", "11m", "--json")
    assert json.loads(r.out)["waits"] == [
        {"tile": "1m", "left": 1, "hand": "11m", "form": "standard"}]


@pytest.mark.parametrize(
    ("args", "message"),
    [(("analyze", "waits", "12x"), "'x' at position 3"),
     (("analyze", "waits", "11111m"), "5 copies"),
     (("analyze", "waits", "123m45"), "no suit letter"),
     (("analyze", "waits", "123m", "--visible", "q"), "'q' at position 1"),
     (("analyze", "waits"), "give a hand, or a list of hands with --file"),
     (("analyze", "wait", "123m"), "No such command"),
     (("puzzle", "waits", "--tiles", "5"), "tiles must be one of"),
     (("puzzle", "waits", "--waits", "10"), "at most 9 waits"),
     (("puzzle", "waits", "--count", "abc"), "--count"),
     (("puzzle", "waits", "--count", "0"), "from 1 to 1,000"),
     (("puzzle", "waits", "-o", "out/x.txt"), "must end in one of"),
     (("puzzle", "discard", "--difficulty", "brutal"), "difficulty must be one of"),
     (("puzzle", "waits", "--paper", "a3"), "unknown paper"),
     (("verify", "missing.json"), "does not exist"),
     (("book", "missing.toml"), "does not exist"),
     (("book", "-o", "book.docx"), "must end in one of"),
     (("play", "onesuit", "--tiles", "5"), "tiles must be one of 4, 7, 10, 13"),
     (("play", "onesuit", "--bots", "efficiency,random,random"), "names 3 bots for 2 players"),
     (("play", "onesuit", "--bots", "clever,random"), "unknown bot 'clever'"),
     (("play", "onesuit", "--slip", "1.5"), "slip must be from 0 to 1"),
     (("play", "onesuit", "-o", "game.txt"), "must end in one of .jsonl"),
     (("play", "oneplayer", "--flowers", "some"), "flowers must be one of"),
     (("play", "oneplayer", "--bot", "oracle"), "unknown bot 'oracle'"),
     (("play", "chess"), "No such command"),
     (("replay", "none.jsonl"), "does not exist"),
     (("print", "deck", "onesuit"), "No such command 'onesuit'"),
     (("print", "card", "onesuit", "-o", "card.png"), "must end in one of"),
     (("puzzle", "solitaire", "--layout", "moon"), "unknown layout 'moon'"),
     (("puzzle", "solitaire", "--layout", "none.layout"), "does not exist"),
     (("layout", "check", "moon"), "unknown layout"),
     (("layout", "check", "none.map"), "does not exist")],
)
def test_bad_input_is_one_line_and_exit_2(cli, tmp_path, monkeypatch, args, message) -> None:
    monkeypatch.chdir(tmp_path)
    r = cli(*args)
    assert r.code == 2, r
    assert message in r.err
    assert len(r.err.strip().splitlines()) == 1
    assert "Traceback" not in r.err
    assert not list(tmp_path.rglob("*.pdf")) and not list(tmp_path.rglob("*.txt"))


@pytest.mark.parametrize("suffix", [".json", ".svg", ".pdf"])
def test_puzzle_waits_writes_each_format(cli, tmp_path, suffix) -> None:
    out = tmp_path / f"waits{suffix}"
    r = cli("puzzle", "waits", "--count", "4", "--tiles", "10", "--seed", "3", "-o", out)
    assert r.code == 0 and out.exists()
    head = out.read_bytes()[:5]
    assert head == {".json": b"{\n  \"", ".svg": b"<?xml", ".pdf": b"%PDF-"}[suffix]


def test_puzzle_then_verify(cli, tmp_path) -> None:
    out = tmp_path / "d.json"
    assert cli("puzzle", "discard", "-n", "3", "--tiles", "7", "-o", out).code == 0
    r = cli("verify", out)
    assert r.code == 0 and "all 3 discard puzzles check out" in r.out
    data = json.loads(out.read_text())
    data["puzzles"][2]["answer"]["discard"] = "9z"
    out.write_text(json.dumps(data))
    r = cli("verify", out)
    assert r.code == 1
    assert data["puzzles"][2]["id"] in r.err and "1 of 3 puzzles" in r.err


def test_verify_rejects_malformed_files(cli, tmp_path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    r = cli("verify", bad)
    assert r.code == 2 and "not valid JSON (line 1" in r.err


def test_same_seed_same_pdf_bytes(cli, tmp_path) -> None:
    a, b, c = (tmp_path / f"{n}.pdf" for n in "abc")
    for path, seed in ((a, 9), (b, 9), (c, 10)):
        assert cli("puzzle", "waits", "-n", "6", "--seed", seed, "-o", path).code == 0
    assert a.read_bytes() == b.read_bytes() != c.read_bytes()


def test_book_from_a_spec(cli, tmp_path) -> None:
    spec = tmp_path / "mini.toml"
    spec.write_text('title = "Mini"\npaper = "letter"\n[[section]]\nkind = "waits"\n'
                    'count = 3\ntiles = 4\ndifficulty = "easy"\n'
                    '[[section]]\nkind = "discard"\ncount = 2\ntiles = 7\n')
    out = tmp_path / "mini.pdf"
    r = cli("book", spec, "-o", out)
    assert r.code == 0 and "5 puzzles" in r.out and out.read_bytes()[:5] == b"%PDF-"


@pytest.mark.parametrize(
    ("text", "message"),
    [("title = ", "not valid TOML"),
     ('title = "x"', "at least one [[section]]"),
     ('title = "x"\ncolour = 1\n[[section]]\nkind="waits"', "unknown setting 'colour'"),
     ('title = "x"\n[[section]]\nkind = "chess"', "section 1: unknown puzzle kind"),
     ('title = "x"\n[[section]]\nkind = "waits"\ntilez = 3', "section 1: unknown option"),
     ('title = "x"\n[[section]]\ntype = "poem"', "unknown type 'poem'"),
     ('title = "x"\n[[section]]\nkind = "waits"\ntiles = 4\ndifficulty = "expert"',
      "section 1: no 4-tile hand")],
)
def test_bad_book_specs(cli, tmp_path, text, message) -> None:
    spec = tmp_path / "bad.toml"
    spec.write_text(text)
    r = cli("book", spec, "-o", tmp_path / "x.pdf")
    assert r.code == 2 and message in r.err and str(spec) in r.err
    assert not (tmp_path / "x.pdf").exists()


def test_version(cli) -> None:
    assert cli("version").out.startswith("tilepress ")


def test_every_command_has_help_with_an_example_and_is_in_the_readme(cli) -> None:
    readme = (ROOT / "README.md").read_text()
    for path, callback in command_functions():
        r = cli(*path, "--help")
        assert r.code == 0 and "Usage:" in r.out, path
        if path != ("version",):
            assert "Example: tilepress" in (callback.__doc__ or ""), path
        assert re.search(r"tilepress " + r"\s+".join(path) + r"\b", readme), path


@pytest.mark.parametrize("game", ["onesuit", "oneplayer"])
def test_play_writes_a_log_that_replays(cli, tmp_path, game) -> None:
    log = tmp_path / "game.jsonl"
    r = cli("play", game, "--seed", "4", "-o", log)
    assert r.code == 0, r
    first, *_, last = log.read_text().splitlines()
    assert json.loads(first)["game"] == game and json.loads(last)["type"] == "result"
    r = cli("replay", log)
    assert r.code == 0 and "every event is legal" in r.out


@pytest.mark.parametrize(("game", "suffix"), [("onesuit", ".pdf"), ("oneplayer", ".svg")])
def test_play_writes_a_worked_example(cli, tmp_path, game, suffix) -> None:
    out = tmp_path / f"example{suffix}"
    assert cli("play", game, "--seed", "2", "-o", out).code == 0
    assert out.read_bytes()[:4] in (b"%PDF", b"<?xm")


def test_same_seed_same_game(cli, tmp_path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    cli("play", "onesuit", "--seed", "8", "-o", a)
    cli("play", "onesuit", "--seed", "8", "-o", b)
    assert a.read_text() == b.read_text()


def test_replay_names_the_line_of_an_illegal_event(cli, tmp_path) -> None:
    log = tmp_path / "game.jsonl"
    cli("play", "onesuit", "--seed", "4", "-o", log)
    lines = log.read_text().splitlines()
    number = next(i for i, line in enumerate(lines) if '"discard"' in line)
    event = json.loads(lines[number])
    hand_tiles = {"1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"}
    event["tile"] = "9p" if "9p" not in hand_tiles else "1p"
    lines[number] = json.dumps(event)
    log.write_text("\n".join(lines) + "\n")
    r = cli("replay", log)
    assert r.code == 1 and f"line {number + 1}: discard" in r.err


def test_replay_rejects_a_malformed_log(cli, tmp_path) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text('{"type": "game", "game": "onesuit"}\n{"type": "draw", "player": "x", '
                   '"tile": "1m"}\n{"type": "result"}\n')
    r = cli("replay", log)
    assert r.code == 2 and "line 2: draw.player: expected a whole number" in r.err


@pytest.mark.parametrize(("item", "game"), [("card", "onesuit"), ("sheet", "oneplayer")])
def test_print(cli, tmp_path, item, game) -> None:
    out = tmp_path / f"{item}.pdf"
    r = cli("print", item, game, "-o", out, "--paper", "letter")
    assert r.code == 0 and out.read_bytes()[:5] == b"%PDF-"


def test_puzzle_solitaire_and_verify(cli, tmp_path) -> None:
    out = tmp_path / "s.json"
    r = cli("puzzle", "solitaire", "--layout", "mini", "--difficulty", "easy", "-o", out)
    assert r.code == 0, r
    assert json.loads(out.read_text())["puzzles"][0]["answer"]["solution"]
    assert cli("verify", out).code == 0
    pdf = tmp_path / "s.pdf"
    assert cli("puzzle", "solitaire", "--layout", "mini", "--no-bonus", "-d", "any",
               "-o", pdf).code == 0


def test_layout_check(cli, tmp_path) -> None:
    r = cli("layout", "check", "turtle")
    assert r.code == 0 and "144 tiles on 5 layers" in r.out and "verdict: ok" in r.out
    bad = tmp_path / "odd.layout"
    bad.write_text("kmahjongg-layout-v1.1\nw6\nh2\nd1\n121212\n434343\n")
    r = cli("layout", "check", bad)
    assert r.code == 1 and "3 is odd" in r.out and "not playable" in r.out
    # a tile on layer 2 over an empty layer 1 (as GNOME's own Ziggurat and Overpass have):
    # screen and paper play it, real tiles cannot stand so: a note, not an error
    floating = tmp_path / "floating.map"
    floating.write_text("<mahjongg><map name='f'><layer z='0'><tile x='0' y='0'/>"
                        "<tile x='2' y='0'/><tile x='4' y='0'/></layer><layer z='2'>"
                        "<tile x='2' y='0'/></layer></map></mahjongg>")
    r = cli("layout", "check", floating)
    assert r.code == 0 and "hanging over nothing: 1 tile" in r.out
    assert "verdict: ok to play on screen or on paper; not with real tiles" in r.out
    broken = tmp_path / "broken.map"
    broken.write_text("<mahjongg><map><layer z='0'><tile x='a' y='0'/></layer></map></mahjongg>")
    r = cli("layout", "check", broken)
    assert r.code == 2 and "line 1, column" in r.err and "x='a' is not a number" in r.err


def _every_help(cli) -> dict[tuple[str, ...], str]:
    groups = {path[:k] for path, _ in command_functions() for k in range(len(path))}
    paths = sorted(groups | {path for path, _ in command_functions()})
    return {path: cli(*path, "--help").out for path in paths}


def test_help_speaks_good_english_and_writes_sizes_one_way(cli) -> None:
    """No "1 players", no "a shrines", no stray space before a comma; every tile or card
    size is shown as WxH (tests/test_print.py: W,H is read too)."""
    for path, text in _every_help(cli).items():
        words = " ".join(text.split())
        assert not re.search(r"\b1 (players|puzzles|games|tiles|cards|hands|sheets|files|"
                             r"ways|seats|points|pages|families|decoys)\b", words), path
        assert not re.search(r"\ba (shrines|tiles|cards|sheets|pads|boards)\b", words), path
        assert " ," not in words, path
        for size in re.findall(r"--(?:tile|card)-size <str>.*?\[default: ([^\]]+)\]", words):
            assert size in ("mini", "auto") or re.fullmatch(r"[\d.]+x[\d.]+", size), (path, size)
