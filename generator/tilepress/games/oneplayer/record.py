"""Mah-Jongg One Player: a finished game's facts for a balance report, read from its log."""

from __future__ import annotations

from tilepress.engine.log import GameLog
from tilepress.engine.record import GameRecord, counted
from tilepress.games.oneplayer.rules import (
    Draw,
    EndTurn,
    OnePlayerOptions,
    Place,
    Start,
    score_line,
)


def record(log: GameLog) -> GameRecord:
    """The game's facts for a balance report, read from the events alone: the score, the
    turns, each line by its special (or, for a common line, its largest group), and the
    optional choices -- tiles placed beyond a turn's minimum, turns ended with tiles kept
    in hand. One player: nobody wins or loses, the score is the measure."""
    options = log.options_as(OnePlayerOptions)
    lines: dict[int, list] = {}
    anchors: dict[int, int] = {}
    actions: list[str] = []
    hand = turn = placed = 0
    horizontal: list = []
    for ev in log.events:
        if isinstance(ev, Draw):
            hand += len(ev.tiles)
            turn, placed = turn + 1, 0
        elif isinstance(ev, Place):
            hand -= 1
            placed += 1
            lines.setdefault(ev.line, []).append(ev.tile)
            if ev.line == 0:
                horizontal.append(ev.tile)
            if placed > (2 if turn == 1 else 1):
                actions.append("a tile beyond the minimum")
        elif isinstance(ev, Start):
            anchors[ev.line] = ev.anchor
        elif isinstance(ev, EndTurn) and hand:
            actions.append("tiles kept in hand")
    wins = []
    for number, tiles in sorted(lines.items()):
        if number in anchors:
            tiles = [horizontal[anchors[number]], *tiles]
        wins.append(line_kind(tiles, options.flowers))
    total = int(log.result.get("total", 0))
    return GameRecord(sides=tuple(log.players) or ("player",), scores=(total,), winners=(),
                      turns=turn, end="all ten lines full", wins=tuple(wins),
                      actions=counted(actions))



def line_kind(tiles, flowers: str) -> str:
    """A full line as a player sums it up: its special ("all one suit"), or its largest
    group ("kong line", "pung line", "pair line"), or "no matching tiles"."""
    score = score_line(tiles, flowers)
    if score.special:
        return score.special.split(", ")[0]
    largest = max((n for _, n, _ in score.groups), default=0)
    return {4: "kong line", 3: "pung line", 2: "pair line"}.get(largest, "no matching tiles")

