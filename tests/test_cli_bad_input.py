"""Every command of the Typer app, and every option of it that takes a value, is tried
with bad input: one line on stderr naming what is wrong (exit 2; exit 1 for a wrong
answer or an illegal log), no traceback, nothing written, and a user's file beside the
output never touched.

The cases come from two places: options shared by many commands (``-o``, ``--paper``,
``--seed``, ``--count``) and options with allowed values or bounds (``params.option``)
get theirs automatically; every other option has rows in :data:`CASES`. A new command,
or a new option that takes a value, without a bad-input case fails
:func:`test_every_command_and_option_has_a_bad_input_case`.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import typing
from pathlib import Path

import pytest
import typer

from tilepress.cli import command_functions
from tilepress.cli.common import _flags
from tilepress.games import GAMES
from tilepress.params import bounds

Case = tuple[tuple[str, ...], int, str]

PENDING = "needs the options.py/card.py patch of issue 19 (forbidden files; see the report)"

# -- fixtures: files a hostile user would hand over ------------------------------------------


def _forged_log(tmp: Path) -> None:
    from tilepress.games import find_game

    game = find_game("onesuit")
    log = game.play(game.options_from({"hands": 1, "tiles": 4}), game.play_options_from({}), 3)
    lines = log.to_jsonl().splitlines()
    result = json.loads(lines[-1])
    result["winner"] = 1 - result["winner"] if result["winner"] is not None else 0
    (tmp / "forged.jsonl").write_text("\n".join([*lines[:-1], json.dumps(result)]) + "\n")
    (tmp / "game.jsonl").write_text("\n".join(lines) + "\n")
    draw = next(k for k, line in enumerate(lines) if '"type": "draw"' in line)
    event = json.loads(lines[draw])
    event["tile"] = "9m" if event["tile"] != "9m" else "1m"
    (tmp / "forged-line.jsonl").write_text("\n".join([*lines[:draw], json.dumps(event),
                                                     *lines[draw + 1:]]) + "\n")
    header = json.loads(lines[0])
    header["options"] = "x"
    (tmp / "options.jsonl").write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")


def _files(tmp: Path) -> None:
    (tmp / "keep").mkdir()
    (tmp / "keep" / "notes.txt").write_text("the user's own notes\n")
    (tmp / "nested.json").write_text("[" * 100_000 + "]" * 100_000)
    (tmp / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    (tmp / "kind.json").write_text(json.dumps({"format": "tilepress-puzzles", "version": 1,
                                               "kind": "chess", "puzzles": []}))
    from tilepress.games import find_kind
    from tilepress.puzzles.base import generate_set

    kind = find_kind("waits")
    data = generate_set(kind, kind.params_type(tiles=7), count=1, seed=1).as_dict()
    data["puzzles"][0]["answer"]["ready"] = not data["puzzles"][0]["answer"]["ready"]
    (tmp / "wrong.json").write_text(json.dumps(data))
    _forged_log(tmp)
    (tmp / "cover.toml").write_text('title = "x"\ncover_tiles = "11111m"\n[[section]]\n'
                                    'type = "tiles"\n')
    (tmp / "big.castle").write_text(("9" * 100 + "\n") * 400)  # 360,000 tiles
    (tmp / "big.map").write_text("<mahjongg><map><layer z='0'><row y='0' left='0' "
                                 "right='1e7'/></layer></map></mahjongg>")
    (tmp / "nan.map").write_text("<mahjongg><map><layer z='0'><tile x='nan' y='0'/>"
                                 "</layer></map></mahjongg>")
    (tmp / "inf.map").write_text("<mahjongg><map><layer z='0'><tile x='0' y='inf'/>"
                                 "</layer></map></mahjongg>")
    (tmp / "far.map").write_text("<mahjongg><map><layer z='0'><tile x='1e300' y='0'/>"
                                 "<tile x='0' y='0'/></layer></map></mahjongg>")
    (tmp / "sup.layout").write_text("kmahjongg-layout-v1.1\nw\u00b2\nh2\nd1\n12\n43\n")
    (tmp / "sup.card").write_text("card: x\n== F ==\nX ²  222a 4444a 666a 8888a\n")
    (tmp / "dead-deal.json").write_text(json.dumps(
        {"positions": [[0, 0, 0], [2, 0, 0], [4, 0, 0], [6, 0, 0]], "tiles": "1m1m1m2m"}))
    (tmp / "short-deal.json").write_text(json.dumps({"layout": "pyramid", "tiles": "1m1m"}))
    (tmp / "lie.md").write_text("# Rules\n\n```figure\nkind = \"waits\"\nhand = \"34m99m\"\n"
                                "claim = { waits = \"36m\" }\n```\n")
    (tmp / "hands.txt").write_text("# hands\n1112345678999m\n12x\n")
    (tmp / "cards.txt").write_text("11 444 555 666 DMDMDM\nJJJJJ 11 444 555 666\n")
    (tmp / "huge.card").write_text("card: x\n== F ==\nX 99999999999999999999999  222a 4444a "
                                   "666a 8888a\n")
    (tmp / "empty.json").write_text(json.dumps({"format": "tilepress-puzzles", "version": 1,
                                                "kind": "waits", "generator": {},
                                                "puzzles": []}))
    kind = find_kind("solitaire")
    data = generate_set(kind, kind.params_type(layout="mini"), count=1, seed=1).as_dict()
    data["puzzles"][0]["question"]["extra"] = 1
    (tmp / "solitaire-extra.json").write_text(json.dumps(data))
    _forged_castles(tmp)


def _forged_castles(tmp: Path) -> None:
    """Castle logs whose header names another layout, or another tile set, than their
    setup (issue 35)."""
    from tilepress.games import find_game

    game = find_game("castle")
    log = game.play(game.options_from({"players": 2}), game.play_options_from({}), 3)
    lines = log.to_jsonl().splitlines()
    header = json.loads(lines[0])
    for name, change in (("layout", {"layout": "octagon"}), ("tileset", {"tileset": "all"}),
                         ("keep", {"layout": "keep"})):
        forged = {**header, "options": {**header["options"], **change}}
        (tmp / f"castle-{name}.jsonl").write_text("\n".join([json.dumps(forged), *lines[1:]])
                                                  + "\n")


# -- the table: options that take text, and arguments ------------------------------------------

CARD_SHEET_CASES: dict[str, list[Case]] = {
    "format": [(("--format", "svg", "-o", "keep"), 2, "already holds files that tilepress "
                "did not write")],
    "card_size": [(("--card-size", "huge"), 2, "card-size must be one of"),
                  (("--card-size", "1x1"), 2, "10 to 200 by 10 to 280")],
    "per_sheet": [(("--per-sheet", "0x3"), 2, "per-sheet must be auto or across x down"),
                  (("--per-sheet", "9x9"), 2, "do not fit on A4 paper")],
    "gutter": [(("--gutter", "wide"), 2, "gutter must be a number of millimetres"),
               (("--gutter", "99"), 2, "gutter must be between 0 and 50 mm")],
    "back": [(("--back", "plaid"), 2, "back must be shipped, none or a colour")],
    "back_offset": [(("--back-offset", "1"), 2, "back-offset must be two numbers"),
                    (("--back-offset", "1e309,0"), 2, "back-offset must be a finite number"),
                    (("--back-offset", "0,nan"), 2, "back-offset must be a finite number"),
                    (("--back-offset", "1000,1000"), 2, "back-offset must be from -8 to 8")],
    "icc_profile": [(("--pdfx", "x4", "--icc-profile", "missing.icc"), 2, "cannot read"),
                    (("--icc-profile", "keep"), 2, "goes with --pdfx")],
}
"""The card-sheet options every deck or card of cards takes."""

CASES: dict[tuple[str, ...], dict[str, list[Case]]] = {
    ("verify",): {"file": [
        (("",), 2, "no puzzle file given"),
        (("missing.json",), 2, "does not exist"),
        (("keep",), 2, "is a folder"),
        (("nested.json",), 2, "nested more than"),
        (("binary.json",), 2, "is not UTF-8 text"),
        (("kind.json",), 2, "\"kind\": unknown puzzle kind 'chess'"),
        (("wrong.json",), 1, "answer.ready is"),
        (("empty.json",), 2, "\"puzzles\" is empty, so there is nothing to check"),
        (("solitaire-extra.json",), 1, "question.extra is not part of a solitaire question"),
    ]},
    ("replay",): {"log": [
        (("",), 2, "no game log given"),
        (("forged.jsonl",), 1, "the result says winner"),
        (("options.jsonl",), 2, "line 1: options must be an object"),
        (("nested.json",), 2, "nested more than"),
        (("castle-layout.jsonl",), 1, "line 2: setup: the castle is not the castle 'octagon'"),
        (("castle-keep.jsonl",), 2, "castle-keep.jsonl: line 1: options: unknown castle 'keep'"),
        (("castle-tileset.jsonl",), 1, "the tiles are not the deal of the header's seed from "
                                       "the 'all' set"),
    ]},
    ("book",): {"spec": [
        (("",), 2, "no book spec given"),
        (("cover.toml",), 2, "cover.toml: cover_tiles has 5 copies of 1m"),
    ]},
    ("version",): {"": [(("extra",), 2, "unexpected extra argument")]},
    ("analyze", "waits"): {
        "hand": [(("12x",), 2, "'x' at position 3"), (("",), 2, "a hand of 0 tiles"),
                 (("11111m",), 2, "5 copies of 1m")],
        "visible": [(("123m", "--visible", "11111m"), 2, "5 copies of 1m")],
        "file": [(("--file", "missing.txt"), 2, "does not exist"),
                 (("--file", "hands.txt"), 2, "hands.txt: line 3: '12x'"),
                 (("--file", "hands.txt", "123m"), 2, "give no hand"),
                 (("--file", "keep"), 2, "is a folder")],
    },
    ("analyze", "minttin"): {
        "hand": [(("JJJJJ 11 444 555 666",), 2, "holds 5 jokers"),
                 (("11111 444 555 66 DM",), 2, "there are only 4 of 1, not 5")],
        "exposed": [(("11 444 555 666 DM DM", "--exposed", ""), 2, "an exposure is")],
        "jokers_discarded": [(("555 777 999J 111J", "--jokers-discarded",
                               "99999999999999999999999"), 2, "jokers discarded must be from 0")],
        "file": [(("--file", "cards.txt"), 2, "cards.txt: line 2: 'JJJJJ 11 444 555 666': "
                  "the hand holds 5 jokers"),
                 (("--file", "cards.txt", "--concealed"), 2, "give no hand")],
    },
    ("analyze", "american"): {
        "hand": [(("1j" * 9 + "1m",), 2, "only 8 of Joker"),
                 (("2222m2222m555s66p",), 2, "only 4 of 2 Characters in a set, not 8")],
        "exposed": [(("222m4444m666m888m", "--exposed", "1111111j"), 2, "an exposure is")],
        "card": [(("222m4444m666m888m", "--card", ""), 2, "no card file given"),
                 (("222m4444m666m888m", "--card", "sup.card"), 2, "sup.card: line 3")],
    },
    ("puzzle", "american"): {"card": [(("--card", ""), 2, "no card file given")]},
    ("puzzle", "solitaire"): {
        "layout": [(("--layout", "moon"), 2, "unknown layout 'moon'"),
                   (("--layout", "big.map"), 2, "right='1e7' is out of range"),
                   (("--layout", "nan.map"), 2, "x='nan' is out of range")],
        "map": [(("--layout", "turtle", "--map", "x"), 2, "built-in layout with no maps")],
    },
    ("puzzle", "castle"): {
        "layout": [(("--layout", ""), 2, "no castle given"),
                   (("--layout", "big.castle"), 2, "more than 144 tiles")],
        "tileset": [(("--tileset", "1m" * 136), 2, "136 copies of 1m")],
        "tiles": [(("--tiles", "-1"), 2, "tiles must be"),
                  (("--tiles", "130"), 2, "more than the recommended set holds")],
    },
    ("play", "onesuit"): {"bots": [(("--bots", "clever"), 2, "unknown bot 'clever'")]},
    ("play", "oneplayer"): {"bots": [(("--bots", "oracle"), 2, "unknown bot 'oracle'")]},
    ("play", "minttin"): {"bots": [(("--bots", ""), 2, "unknown bot ''")]},
    ("play", "american"): {
        "card": [(("--card", ""), 2, "no card file given")],
        "bots": [(("--bots", "a,b"), 2, "names 2 bots for 4 players")],
    },
    ("play", "castle"): {
        "layout": [(("--layout", "big.castle"), 2, "more than 144 tiles")],
        "tileset": [(("--tileset", "1234567zx²"), 2, "'x' at position 9")],
        "shrines": [(("--shrines", "-1"), 2, "shrines must be"),
                    (("--shrines", "99999999999999999999"), 2, "shrines must be")],
        "bots": [(("--bots", "planner,planner,planner"), 2, "names 3 bots for 4 players")],
    },
    ("print", "setup", "castle"): {
        "layout": [(("--layout", ""), 2, "no castle given"),
                   (("--layout", "big.castle"), 2, "more than 144 tiles")],
    },
    ("print", "shrines", "castle"): {
        "icc_profile": [(("--pdfx", "x1a", "--icc-profile", "keep"), 2, "cannot read")],
        "card_size": [(("--card-size", "1x1"), 2, "10 to 200 by 10 to 280")],
        "per_sheet": [(("--per-sheet", "0x3"), 2, "per-sheet must be auto or across x down")],
        "gutter": [(("--gutter", "wide"), 2, "gutter must be a number of millimetres")],
        "back": [(("--back", "plaid"), 2, "back must be shipped, none or a colour")],
        "back_offset": [(("--back-offset", "1"), 2, "back-offset must be two numbers")],
    },
    ("print", "deck", "minttin"): CARD_SHEET_CASES,
    ("print", "card", "minttin"): CARD_SHEET_CASES,
    ("print", "board", "castle"): {
        "tile_size": [(("--tile-size", "big"), 2, "tile-size"),
                      (("--tile-size", "300,400"), 2, "is not a mahjong tile")],
    },
    ("rulebook",): {
        "game": [(("chess",), 2, "no rulebook for 'chess'"),
                 (("onesuit", "--from", "lie.md"), 2, "name a game, or give your own")],
        "source": [(("--from", "missing.md"), 2, "does not exist"),
                   (("--from", "keep"), 2, "is a folder"),
                   (("--from", "binary.json"), 2, "is not UTF-8 text"),
                   (("--from", "lie.md"), 1, "figure 'figure-1' claims waits = '36m', the "
                    "engine finds '25m'")],
    },
    ("solve",): {
        "file": [(("",), 2, "no puzzle or deal file given"),
                 (("missing.json",), 2, "does not exist"),
                 (("keep",), 2, "is a folder"),
                 (("nested.json",), 2, "nested more than"),
                 (("binary.json",), 2, "is not UTF-8 text"),
                 (("kind.json",), 2, "\"kind\": unknown puzzle kind 'chess'"),
                 (("empty.json",), 2, "\"puzzles\" is empty, so there is nothing to solve"),
                 (("cover.toml",), 2, "not valid JSON"),
                 (("short-deal.json",), 2, "2 tiles for the 84 positions of 'pyramid'"),
                 (("dead-deal.json",), 1, "no solution: 3 of the tiles are 1m")],
        "layout": [(("--layout", "nowhere", "--tiles", "1m"), 2, "unknown layout 'nowhere'"),
                   (("dead-deal.json", "--layout", "turtle"), 2, "go with --tiles")],
        "tiles": [(("--tiles", "1m1m"), 2, "2 tiles for the 144 positions of 'turtle'"),
                  (("--tiles", "12x"), 2, "'x' at position 3"),
                  (("--layout", "mini", "--tiles", "1j" * 38), 2, "is a joker"),
                  (("dead-deal.json", "--tiles", "1m"), 2, "one of the two")],
        "name": [(("dead-deal.json", "--name", "x"), 2, "go with --tiles")],
        "budget": [(("dead-deal.json", "--budget", "0"), 2, "--budget: the budget must be "
                    "from 1")],
    },
    ("daily",): {
        "date": [(("2027-02-30",), 2, "'2027-02-30' is not a date"),
                 (("tomorrow",), 2, "'tomorrow' is not a date")],
        "first": [(("--from", "nope", "--to", "2027-01-01"), 2, "--from 'nope' is not a date"),
                  (("--from", "2027-01-01"), 2, "needs both --from and --to")],
        "last": [(("--to", "2027-01-01"), 2, "needs both --from and --to")],
        "series": [(("2027-01-01", "--series", ""), 2, "a series name must be 1 to 64")],
        "spec": [(("2027-01-01", "--spec", "missing.toml"), 2, "does not exist")],
        "answers": [(("2027-01-01", "--answers", "sideways"), 2, "back or next-day")],
        "jobs": [(("2027-01-01", "--jobs", "0"), 2, "0 is not from 1 to 1,024")],
        "scheduler": [(("2027-01-01", "--scheduler", "nonsense"), 2,
                       "not a Dask scheduler address")],
        "fmt": [(("2027-01-01", "--format", "tiff"), 2, "--format must be pdf, svg, png")],
        "dpi": [(("2027-01-01", "--dpi", "20", "-o", "x.png"), 2, "--dpi must be a whole")],
        "yesterday": [(("2027-01-01", "--yesterday=maybe"), 2,
                       "Option '--yesterday' does not take a value")],
    },
    ("kit",): {
        "games": [(("chess",), 2, "chess")],
        "card_size": [(("--card-size", "huge"), 2, "card-size must be one of")],
        "tile_size": [(("--tile-size", "2x2"), 2, "tile")],
    },
    ("print", "tiles"): {
        "set": [(("chess",), 2, "chess"), (("1x",), 2, "1x")],
        "card_size": [(("standard", "--tile-size", "huge"), 2, "tile")],
        "per_sheet": [(("standard", "--per-sheet", "0x3"), 2, "per-sheet must be auto")],
        "gutter": [(("standard", "--gutter", "wide"), 2, "gutter must be a number")],
        "back": [(("standard", "--back", "plaid"), 2, "back must be shipped, none or a")],
        "back_offset": [(("standard", "--back-offset", "1"), 2, "back-offset must be two"),
                        (("onesuit", "--back-offset", "1e309,0"), 2, "must be a finite number"),
                        (("onesuit", "--back-offset", "1000,1000"), 2, "from -8 to 8 mm")],
        "icc_profile": [(("standard", "--pdfx", "x4"), 2, "--icc-profile FILE.icc")],
    },
    ("print", "stand", "american"): {
        "tile_size": [(("--tile-size", "big"), 2, "tile-size"),
                      (("--tile-size", "60x80"), 2, "does not fit")],
    },
    ("print", "mat", "minttin"): {
        "card_size": [(("--card-size", "huge"), 2, "card-size must be one of")],
    },
    ("print", "plan", "solitaire"): {
        "layout": [(("nowhere",), 2, "nowhere"), ((",",), 2, "name at least one layout")],
    },
    ("draw", "hand"): {
        "hand": [(("123x",), 2, "123x"), (("1111m1m",), 2, "5 copies")],
        "highlight": [(("123m", "--highlight", "9p"), 2, "not in the hand")],
        "dpi": [(("123m", "--dpi", "5", "-o", "x.png"), 2, "dpi must be between 36 and 1200"),
                (("123m", "--dpi", "-99999999999999999999"), 2, "dpi must be between 36")],
    },
    ("draw", "waits"): {
        "hand": [(("1357m",), 2, "not a ready hand"), (("",), 2, "empty"),
                 (("11111m23m",), 2, "5 copies of 1m")],
        "dpi": [(("1112345678999m", "--dpi", "99999", "-o", "x.png"), 2,
                 "dpi must be between 36 and 1200")],
    },
    ("draw", "line"): {
        "tiles": [(("123m",), 2, "a line holds 14 tiles, not 3"),
                  (("11111111111111m",), 2, "holds 14 of 1m (1 Characters); the game's set "
                   "has only 4"),
                  (("1f1f1f1f1f1f1f1f1f1f1f1f1f1f",), 2, "the game's set has only 1")],
        "flowers": [(("1f2f3f4f1122334455m", "--flowers", "none"), 2,
                     "the game's set (played without flowers) has none")],
        "dpi": [(("11335577991357p", "--dpi", "1", "-o", "x.png"), 2, "dpi must be between")],
    },
    ("draw", "board"): {
        "dpi": [(("--dpi", "1", "-o", "x.png"), 2, "dpi must be between")],
        "game": [(("--game", "0"), 2, "game must be from 1 to")],
    },
    ("draw", "card-hand"): {
        "hand": [(("",), 2, "name a hand of the card"), (("9999 #1",), 2, "has no hand '9999 #1'"),
                 (("2468 #99",), 2, "no hand")],
        "card": [(("2468 #1", "--card", "missing.card"), 2, "does not exist"),
                 (("2468 #1", "--card", "sup.card"), 2, "sup.card: line 3"),
                 (("2468 #1", "--card", ""), 2, "no card file given")],
        "tiles": [(("2468 #1", "--tiles", "123x"), 2, "bad tile string '123x'"),
                  (("2468 #1", "--tiles", "123456789m12345p"), 2, "does not make 2468 #1"),
                  (("2468 #1", "--tiles", "[222m"), 2, "never closed"),
                  (("2468 #1", "--tiles", "2222m2222m2222m22m"), 2, "only 4 of 2 Characters")],
        "dpi": [(("2468 #1", "--dpi", "5", "-o", "x.png"), 2, "dpi must be between")],
    },
    ("draw", "cards"): {
        "hand": [(("1111 5555 JJ [333J",), 2, "brackets do not pair up"),
                 (("1111 5555 JJ [3333J]",), 2, "14 cards"), (("11x",), 2, "'x' at position 3"),
                 (("1111 5555 JJ [J]",), 2, "identical cards (and jokers), not 'J'"),
                 (("JJJJJ 11 444 555 6",), 2, "at most 4 jokers"),
                 (("11111 444 555 66 DM",), 2, "there are only 4 of 1, not 5"),
                 (("1111 444 555 6 [111]",), 2, "there are only 4 of 1, not 7")],
        "highlight": [(("1111 5555 JJ [333J]", "--highlight", "9"), 2, "9, is not in the hand"),
                      (("1111 5555 JJ [333J]", "--highlight", "99"), 2, "2 cards, not one")],
        "pattern": [(("1111 5555 JJ [333J]", "--pattern", "seven pairs"), 2,
                     "finds 'one kong and two quints'")],
        "points": [(("1111 5555 JJ [333J]", "--points", "2"), 2, "engine scores it 3"),
                   (("1111 5555 JJ [333J]", "--points", "-1"), 2,
                    "points must be from 0 to 40, not -1")],
        "dpi": [(("1111 5555 JJ [333J]", "--dpi", "1", "-o", "x.png"), 2, "dpi must be between")],
    },
    ("draw", "position"): {
        "log": [(("", "--at", "2"), 2, "no game log given"),
                (("missing.jsonl", "--at", "2"), 2, "does not exist"),
                (("nested.json", "--at", "2"), 2, "nested more than"),
                (("kind.json", "--at", "2"), 2, "each line must be a JSON object with a"),
                (("forged.jsonl", "--at", "2"), 1, "the result says winner"),
                (("forged-line.jsonl", "--at", "2"), 1, ": draw: the next tile of the wall is")],
        "at": [(("game.jsonl", "--at", "0"), 2, "--at 0: no event on line 0"),
               (("game.jsonl", "--at", "1"), 2, "line 1 is the header, not an event"),
               (("game.jsonl", "--at", "999"), 2, "--at 999: no event on line 999; the log "
                "has "),
               (("game.jsonl", "--at", "x"), 2, "--at 'x' is not a line number")],
        "seat": [(("game.jsonl", "--at", "2", "--seat", "3"), 2, "the game has seats 1 to 2"),
                 (("game.jsonl", "--at", "2", "--seat", "0"), 2, "--seat 0")],
        "tile_width": [(("game.jsonl", "--at", "2", "--tile-width", "1"), 2,
                        "--tile-width must be from 4 to 40 mm")],
        "dpi": [(("game.jsonl", "--at", "2", "--dpi", "1", "-o", "x.png"), 2,
                 "dpi must be between")],
    },
    ("draw", "free-tiles"): {
        "dpi": [(("--dpi", "1", "-o", "x.png"), 2, "dpi must be between")],
    },
    ("draw", "layout"): {
        "layout": [(("nowhere",), 2, "unknown layout 'nowhere'"),
                   (("big.map",), 2, "out of range")],
        "dpi": [(("mini", "--dpi", "1", "-o", "x.png"), 2, "dpi must be between")],
    },
    ("draw", "castle"): {
        "castle": [(("moon",), 2, "unknown castle 'moon'"),
                   (("big.castle",), 2, "more than 144 tiles")],
        "tileset": [(("towers", "--tileset", "1mx4", "--view", "above"), 2,
                     "needs 112 tiles; the 1mx4 set")],
        "view": [(("towers", "--view", "sideways"), 2, "view must be one of")],
        "dpi": [(("towers", "--dpi", "1", "-o", "x.png"), 2, "dpi must be between")],
    },
    ("layout", "check"): {
        "file": [(("",), 2, "no layout given"), (("big.map",), 2, "right='1e7' is out of range"),
                 (("nan.map",), 2, "x='nan' is out of range"),
                 (("inf.map",), 2, "y='inf' is out of range"),
                 (("far.map",), 2, "x='1e300' is out of range"),
                 (("sup.layout",), 2, "sup.layout: line 2: 'w\u00b2' is not a size line"),
                 (("big.castle",), 2, "more than 144 tiles"),
                 (("x" * 5000,), 2, "File name too long: 'xxx")],
        "tileset": [(("octagon", "--tileset", "1mx136"), 2, "--tileset: tile set '1mx136'")],
        "map_name": [(("turtle", "--map", "x"), 2, "built-in layout with no maps")],
    },
    ("card", "check"): {"file": [
        (("",), 2, "no card file given"),
        (("sup.card",), 2, "sup.card: line 3"),
        (("huge.card",), 2, "huge.card: line 3"),
    ]},
}


# -- walking the app ---------------------------------------------------------------------------


def commands():
    yield from command_functions()


def _option_types(path: tuple[str, ...]) -> list[type]:
    """The option dataclasses behind a command built from a descriptor."""
    for game in GAMES:
        if path == ("play", game.name) or (path[:1] == ("stats",) and path[1] in game.names):
            return [t for t in (game.options, game.play_options) if t is not None]
        for e in game.puzzles:
            if path == ("puzzle", e.name):
                return [e.params]
        for e in game.printables:
            if path == ("print", e.item, game.name):
                return [e.options] if e.options is not None else []
        for e in game.figures:
            if path == ("draw", e.kind):
                return [e.params]
    if path == ("print", "tiles"):
        from tilepress.documents.tiles import TileSheetOptions

        return [TileSheetOptions]
    if path == ("kit",):
        from tilepress.documents.kits import KitOptions

        return [KitOptions]
    return []


def _option_field(path: tuple[str, ...], name: str):
    """The option dataclass field behind a command's option, if any."""
    for t in _option_types(path):
        for f in dataclasses.fields(t):
            if f.name == name:
                return f, typing.get_type_hints(t)[name]
    return None


def automatic(path: tuple[str, ...], name: str) -> list[Case]:
    """Bad values for shared options and for options with allowed values or bounds."""
    if name == "output" and path == ("kit",):  # a kit is a folder: a file is in the way
        return [(("-o", "keep/notes.txt"), 2, "keep/notes.txt")]
    if name == "output" and path == ("daily",):  # a folder is where a range of sheets goes
        return [(("-o", "keep/notes.txt"), 2, "cannot tell what to write to 'keep/notes.txt'"),
                (("--from", "2027-01-01", "--to", "2027-01-02", "-o", "keep/a.png"), 2,
                 "a range of sheets cannot go into one .png file")]
    if name == "output":
        return [(("-o", "keep"), 2, "is a folder")]
    if name == "paper":
        return [(("--paper", ""), 2, "--paper: unknown paper ''")]
    if name == "seed":
        return [(("--seed", str(2**60)), 2, "seed")]
    if name == "count":
        return [(("--count", str(10**20)), 2, "count must be from 1 to 1,000")]
    found = _option_field(path, name)
    if found is None:
        return []
    f, kind = found
    kind = next((a for a in typing.get_args(kind) if a is not type(None)), kind)  # X | None
    flag = _flags(f, kind)[0]
    if f.metadata.get("choices"):
        return [((flag, "99" if kind is int else "nonsense"), 2, "must be one of")]
    high = bounds(f)[1]
    if high is not None:
        over = high + 1 if kind is int else high + 0.5
        return [((flag, str(over)), 2, "must be from")]
    return []


def _takes_a_value(callback, name: str) -> bool:
    param = inspect.signature(callback, eval_str=True).parameters[name]
    if param.annotation is typer.Context:  # given by Typer, not by the user
        return False
    base = typing.get_args(param.annotation)[0] if typing.get_args(param.annotation) else None
    return base is not bool


def _stats_cases() -> None:
    """Every stats command: the batch options, the report's files, a second rule set."""
    for game in GAMES:
        for name in game.names if game.playable else ():
            table = CASES.setdefault(("stats", name), {})
            table.update({k: v for k, v in CASES.get(("play", game.name), {}).items() if k})
            table.update({
                "bots": CASES.get(("play", game.name), {}).get("bots", [])
                or [(("--bots", "nobody"), 2, "unknown bot 'nobody'")],
                "games": [(("--games", "0"), 2, "number of games")],
                "jobs": [(("--jobs", "0"), 2, "jobs")],
                "scheduler": [(("--scheduler", "nonsense"), 2, "not a Dask scheduler")],
                "rows": [(("--rows", "rows.txt"), 2, ".parquet or .csv")],
                "against": [(("--against", "--nonsense 3"), 2, "unknown option")],
                "json": [(("--json", "report.txt"), 2, "must end in .json")],
            })


_stats_cases()


BASE: dict[tuple[str, ...], tuple[str, ...]] = {
    ("draw", "hand"): ("123m",), ("draw", "waits"): ("1112345678999m",),
    ("draw", "line"): ("11335577991357p",), ("draw", "layout"): ("mini",),
    ("draw", "card-hand"): ("2468 #1",), ("draw", "position"): ("game.jsonl", "--at", "2"),
    ("draw", "castle"): ("octagon",),
    ("draw", "cards"): ("1111 5555 JJ [333J]",),
    ("rulebook",): ("onesuit",), ("print", "tiles"): ("onesuit",),
    ("print", "plan", "solitaire"): ("mini",),
    ("solve",): ("dead-deal.json",), ("analyze", "waits"): ("--file", "hands.txt"),
    ("analyze", "minttin"): ("--file", "cards.txt"),
}
"""The arguments a command must be given, put before the automatic cases' options."""


def all_cases() -> list:
    out = []
    for path, callback in commands():
        table = CASES.get(path, {})
        for name in inspect.signature(callback).parameters:
            made = [(BASE.get(path, ()) + args, code, message)
                    for args, code, message in automatic(path, name)]
            for case in [*made, *table.get(name, [])]:
                marks = ()
                if hasattr(case, "marks"):  # a pytest.param: a case waiting for a patch
                    case, marks = case.values, case.marks
                args, code, message = case
                out.append(pytest.param(path, args, code, message, marks=marks,
                                        id=f"{' '.join(path)}:{name}:{args[-1][:20]}"))
        for args, code, message in table.get("", []):
            out.append(pytest.param(path, args, code, message, id=f"{' '.join(path)}:{args}"))
    return out


def test_every_command_and_option_has_a_bad_input_case() -> None:
    missing = []
    for path, callback in commands():
        table = CASES.get(path, {})
        params = inspect.signature(callback).parameters
        if not params and not table.get(""):
            missing.append(" ".join(path))
        for name in params:
            if _takes_a_value(callback, name) and not automatic(path, name) \
                    and not table.get(name):
                missing.append(f"{' '.join(path)} {name}")
    assert not missing, f"commands or options without a bad-input case: {missing}"
    known = {path for path, _ in commands()}
    assert set(CASES) <= known, set(CASES) - known


@pytest.fixture(scope="module")
def playground(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("hostile")
    _files(tmp)
    return tmp


@pytest.mark.parametrize(("path", "args", "code", "message"), all_cases())
def test_bad_input(cli, playground, monkeypatch, path, args, code, message) -> None:
    monkeypatch.chdir(playground)
    before = sorted(p.relative_to(playground) for p in playground.rglob("*"))
    r = cli(*path, *args)
    assert r.code == code, r
    assert message in r.err, r
    assert len(r.err.strip().splitlines()) == (1 if code == 2 else len(r.err.strip()
                                                                        .splitlines())), r
    assert "Traceback" not in r.err and "bug in tilepress" not in r.err, r
    assert sorted(p.relative_to(playground) for p in playground.rglob("*")) == before
    assert (playground / "keep" / "notes.txt").read_text() == "the user's own notes\n"
