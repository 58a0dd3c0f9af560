"""A real log of every game with each of its fields changed, one at a time (issue 35):
every field of every kind of line -- the header, each event, the result -- is changed
once (a number up by one, a flag turned, the first tile of a tile string swapped for
another, a word added to a text) and the log replayed. Every change that changes the
game is refused (an illegal log, exit 1, or one that cannot be read, exit 2). The
changes the rules do not check because they change nothing in the game pass, and each
is listed in :data:`PASSES` with the reason; a field that starts or stops being checked
changes the list, so it is kept honest both ways."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from tilepress.errors import TilepressError
from tilepress.games import find_game, read_log
from tilepress.tiles import Tile, format_tiles, parse_tiles

LOGS = {"onesuit": ({"hands": 2, "tiles": 4}, {}), "oneplayer": ({}, {}),
        "minttin": ({}, {}), "minttin-solo": ({}, {"solo": True}), "american": ({}, {}),
        "castle": ({"players": 2}, {})}

WORDS = "a bot's explanation of its choice: the choice itself is checked"
LABELS = {
    ("game", "tilepress"): "the version that wrote the log: it reads the same",
    ("game", "players"): "the players' names (their number is checked)",
    ("game", "seed"): "the match's name: every chance event (a deal, a wall) is in the log "
                      "itself, so the seed decides nothing on replay",
}
PASSES: dict[str, dict[tuple[str, str], str]] = {
    "onesuit": {**LABELS, ("discard", "reason"): WORDS},
    "oneplayer": {**LABELS, ("place", "reason"): WORDS, ("start", "reason"): WORDS,
                  ("line", "detail"): "the words of a line's score (its points are "
                                      "checked): wording may change from version to "
                                      "version, and older logs keep replaying"},
    "minttin": {**LABELS, ("discard", "reason"): WORDS, ("exhausted", "reason"): WORDS,
                ("call", "reason"): WORDS, ("mahjong", "reason"): WORDS},
    "minttin-solo": {**LABELS, ("discard", "reason"): WORDS, ("call", "reason"): WORDS,
                     ("swap", "reason"): WORDS, ("mahjong", "reason"): WORDS,
                     ("double", "reason"): WORDS},
    "american": {**LABELS, ("pass", "reason"): WORDS, ("stop", "reason"): WORDS,
                 ("discard", "reason"): WORDS, ("call", "reason"): WORDS,
                 ("redeem", "reason"): WORDS, ("mahjong", "reason"): WORDS,
                 ("dice", "rolls"): "the first roll one higher leaves the same seat "
                                    "highest, and the rolls decide only who is East "
                                    "(a change that moves East is refused: below)"},
    "castle": {("game", "tilepress"): LABELS[("game", "tilepress")],
               ("game", "players"): LABELS[("game", "players")],
               ("take", "reason"): WORDS, ("build", "reason"): WORDS,
               ("end-turn", "reason"): WORDS, ("shrine", "reason"): WORDS,
               ("summon", "reason"): WORDS},
}
"""The changes that pass, game by game, and why (the castle's seed decides its setup,
issue 35, so changing it is refused)."""


@cache
def lines_of(name: str) -> tuple[str, ...]:
    game = find_game(name)
    options, play = LOGS[name]
    log = game.play(game.options_from(options), game.play_options_from(play), seed=4)
    return tuple(log.to_jsonl().splitlines())


def replay(lines) -> None:
    log = read_log("\n".join(lines), source="g.jsonl")
    find_game(log.game).replay(log)


def changed(value: Any) -> Any:
    """``value`` changed once, keeping its JSON type."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value + 0.5
    if isinstance(value, str):
        try:
            tiles = parse_tiles(value)
        except TilepressError:
            tiles = ()
        if tiles:
            other = Tile("8s") if str(tiles[0]) == "9s" else Tile("9s")
            return format_tiles((other, *tiles[1:]))
        return value + "x"
    if value is None:
        return 0
    if isinstance(value, list):
        return [changed(value[0]), *value[1:]] if value else [0]
    if isinstance(value, dict):
        key = next(iter(value), None)
        return {**value, key: changed(value[key])} if key is not None else {"x": 0}
    raise TypeError(value)  # pragma: no cover - JSON holds nothing else


@pytest.mark.parametrize("name", list(LOGS))
def test_every_field_changed_once(name: str) -> None:
    lines = lines_of(name)
    replay(lines)
    seen: set[tuple[str, str]] = set()
    passed: set[tuple[str, str]] = set()
    for number, line in enumerate(lines, start=1):
        record = json.loads(line)
        for key, value in record.items():
            kind = (record["type"], key)
            if key == "type" or kind in seen:
                continue
            seen.add(kind)
            forged = {**record, key: changed(value)}
            try:
                replay([*lines[:number - 1], json.dumps(forged), *lines[number:]])
            except TilepressError:
                continue
            passed.add(kind)
    assert len(seen) >= 15, seen
    assert passed == set(PASSES[name]), (sorted(passed - set(PASSES[name])),
                                         sorted(set(PASSES[name]) - passed))


def test_dice_that_move_east_are_refused() -> None:
    lines = lines_of("american")
    number, dice = next((n, json.loads(line)) for n, line in enumerate(lines)
                        if json.loads(line)["type"] == "dice")
    east = dice["east"]
    rolls = [[1, 1] if seat == east else [6, 6] if seat == (east + 1) % 4 else [2, 2]
             for seat in range(4)]
    with pytest.raises(TilepressError, match="rolled highest and is East"):
        replay([*lines[:number], json.dumps({**dice, "rolls": rolls}), *lines[number + 1:]])


def test_the_words_of_the_end_are_checked() -> None:
    """Where the rules end a game in their own words, those words are checked too (the
    result repeats them): Mint Tin's round ends and American Mah Jongg's end."""
    for name, kind in (("minttin", "round-end"), ("american", "end")):
        lines = lines_of(name)
        number = next(n for n, line in enumerate(lines) if json.loads(line)["type"] == kind)
        record = json.loads(lines[number])
        forged = {**record, "reason": record["reason"] + " (or so)"}
        with pytest.raises(TilepressError, match=f"line {number + 1}"):
            replay([*lines[:number], json.dumps(forged), *lines[number + 1:]])
