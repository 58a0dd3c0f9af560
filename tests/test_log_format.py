"""The log format: seats counted from 0 in every field, a version in the header, and
logs of the earlier format (results counting some seats from 1) still replayed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tilepress.engine.log import LOG_VERSION
from tilepress.errors import FileFormatError
from tilepress.games import GAMES, find_game, read_log

V1 = Path(__file__).parent / "data" / "logs-v1"
"""Logs written by tilepress before the format had a version (issue 32): their results
count the winner (and American East and dead hands) from 1 in some games."""


@pytest.mark.parametrize("path", sorted(V1.glob("*.jsonl")), ids=lambda p: p.stem)
def test_version_1_logs_still_replay(path: Path) -> None:
    text = path.read_text()
    assert '"log":' not in text.splitlines()[0]
    log = read_log(text, source=path.name)
    result = find_game(log.game).replay(log)
    assert result == dict(log.result)


def test_a_version_1_result_is_read_from_1() -> None:
    """The American log's East and winner, as version 1 wrote them, less one."""
    lines = (V1 / "american-game.jsonl").read_text().splitlines()
    old = json.loads(lines[-1])
    log = read_log("\n".join(lines), source="old")
    assert log.result["east"] == old["east"] - 1
    assert log.result["winner"] == (None if old["winner"] is None else old["winner"] - 1)
    dice = next(json.loads(line) for line in lines if '"dice"' in line)
    assert log.result["east"] == dice["east"]  # the dice event always counted from 0


def test_a_log_from_a_newer_format_is_refused() -> None:
    game = find_game("onesuit")
    text = game.play(game.options_from({"hands": 1}), game.play_options_from({}), 1).to_jsonl()
    head = json.loads(text.splitlines()[0])
    assert head["log"] == LOG_VERSION
    head["log"] = LOG_VERSION + 1
    newer = "\n".join([json.dumps(head), *text.splitlines()[1:]])
    with pytest.raises(FileFormatError, match="newer tilepress"):
        read_log(newer, source="newer")


@pytest.mark.parametrize("game", [g.name for g in GAMES if g.playable and g.name != "oneplayer"])
def test_the_result_names_the_winner_as_the_events_number_him(game: str) -> None:
    """The result's winner is the seat whose score (or payment) its lists hold at the
    same place, and, where an event wins the game (American Mah Jongg), that event's
    ``player``: one numbering, from 0, in the whole file."""
    g = find_game(game)
    checked = 0
    for seed in range(1, 9):
        log = g.play(g.options_from({}), g.play_options_from({}), seed)
        lines = [json.loads(line) for line in log.to_jsonl().splitlines()]
        result = lines[-1]
        named = result["winners"] if "winners" in result else [result["winner"]]
        if named == [None]:
            continue
        scores = result.get("scores", result.get("payments"))
        for w in named:
            assert scores[w] == max(scores), (seed, w, scores)
        wins = [e["player"] for e in lines if e["type"] == "mahjong"]
        if game == "american":
            assert named == wins[-1:], seed
        checked += 1
    assert checked
