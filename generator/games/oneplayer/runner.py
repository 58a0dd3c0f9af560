"""Mah-Jongg One Player, played by a bot into a log, replayed, and explained on paper."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from generator.documents.model import Block, Document, Figure, Heading, Paragraph, Section, Table
from generator.draw.canvas import Canvas, Paper
from generator.draw.tiles import RATIO, draw_tile
from generator.engine.log import GameLog, replay_through
from generator.engine.rules import play_out
from generator.games.oneplayer.bots import Planner
from generator.games.oneplayer.rules import (
    GAME,
    LINE_LENGTH,
    Draw,
    EndTurn,
    LineDone,
    OnePlayerBoard,
    OnePlayerOptions,
    Place,
    Start,
    Wall,
    score_line,
)
from generator.params import params_dict
from generator.tiles import sort_tiles


def new_state(options: OnePlayerOptions) -> OnePlayerBoard:
    """A game before the wall is built."""
    return OnePlayerBoard(options)


def chance_event(board: OnePlayerBoard, rng: random.Random) -> Wall:
    """The chance event: the wall, every tile of the set shuffled."""
    wall = list(board.options.tileset())
    rng.shuffle(wall)
    return Wall(tuple(wall))


def play(options: OnePlayerOptions, seed: int | str, bots: Sequence = ()) -> GameLog:
    """A whole game played by ``bots[0]`` (the planner unless given)."""
    bot = bots[0] if bots else Planner()
    rng = random.Random(f"tilepress:{GAME}:{seed}")
    board = new_state(options)
    events = play_out(board, [bot], rng, chance_event)
    return GameLog(GAME, params_dict(options), seed, tuple(events), board.result(),
                   (getattr(bot, "name", "bot"),))


def replay(log: GameLog) -> dict[str, Any]:
    """Apply every event of ``log`` through the rules; raise at the first illegal one."""
    board = OnePlayerBoard(log.options_as(OnePlayerOptions))
    return replay_through(board, log, key="total", finished=False)


def summary(log: GameLog, result: Mapping[str, Any]) -> str:
    return f"10 lines, {len(log.events)} events; {result['total']} points"


# ---------------------------------------------------------------------------
# Drawing the board
# ---------------------------------------------------------------------------


def board_layout(board: OnePlayerBoard) -> dict[int, list[tuple[int, int]]]:
    """(column, row) of each tile of each line; row 0 is the horizontal line, rows go up
    (negative) or down (positive)."""
    cells: dict[int, list[tuple[int, int]]] = {0: [(c, 0) for c in range(LINE_LENGTH)]}
    for number, line in board.lines.items():
        if number == 0:
            continue
        step = -1 if line.direction == "up" else 1
        cells[number] = [(line.anchor, step * i) for i in range(LINE_LENGTH)]
    return cells


def board_figure(board: OnePlayerBoard, width: float = 150.0, caption: str = "",
                 max_height: float = 215.0) -> Figure:
    """The board as it stands: the horizontal line across the middle, the vertical lines
    up and down from their anchors, each labelled with its number."""
    lines = {n: (list(ln.tiles), ln.direction, ln.anchor) for n, ln in board.lines.items()}
    layout = board_layout(board)
    rows = [r for cells in layout.values() for _, r in cells]
    top = min(min(rows), 0)
    bottom = max(max(rows), 0)
    tw = width / (LINE_LENGTH + 1)
    th = tw * RATIO
    height = (bottom - top + 1) * th + 2 * tw

    def draw(c: Canvas) -> None:
        for n, cells in layout.items():
            tiles = lines[n][0]
            for i, (col, row) in enumerate(cells):
                x = tw + col * tw
                y = tw + (row - top) * th
                if i < len(tiles):
                    if n and i == 0:
                        continue  # the anchor is drawn with the horizontal line
                    draw_tile(c, tiles[i], x, y, tw)
                else:
                    c.rect(x + 0.3, y + 0.3, tw - 0.6, th - 0.6, stroke="#d6d0c4",
                           stroke_width=0.2, radius=0.6)
            if n:
                col, row = cells[-1]
                label_y = tw + (row - top) * th + (th + 3.2 if lines[n][1] == "down" else -1.2)
                c.text(tw + col * tw + tw / 2, label_y, str(n), size=7, font="bold",
                       anchor="middle", fill="#8c2f39")
        c.text(tw / 2, tw + (0 - top) * th + th / 2 + 1.2, "0", size=7, font="bold",
               anchor="middle", fill="#8c2f39")

    return Figure(width + tw, height, draw, caption, max_height=max_height)


def worked_example(log: GameLog, paper: Paper) -> Document:
    """The game turn by turn: the hand, where each tile went and why, the board as it
    grows, and each line's score explained."""
    options = log.options_as(OnePlayerOptions)
    board = OnePlayerBoard(options)
    flowers = ("no flowers" if options.flowers == "none"
               else f"flowers and seasons matching as {options.flowers}")
    blocks: list[Block] = [
        Section("Mah-Jongg One Player"),
        Heading("Mah-Jongg One Player: a worked example"),
        Paragraph(f"One player, {sum(board.tileset.values())} tiles ({flowers}), "
                  f"seed {log.seed}, played by the {', '.join(log.players) or 'planner'} bot. "
                  "Line 0 is the horizontal line; lines 1-9 run up or down from its tiles. "
                  "After each finished line the board is drawn again."),
    ]
    turn_rows: list[tuple[str, str, str]] = []

    def flush_turns() -> None:
        if turn_rows:
            blocks.append(Table(("turn", "hand", "placed"), tuple(turn_rows), widths=(1, 4, 7),
                                size=7.5))
            turn_rows.clear()

    hand_at_turn = ""
    placed: list[str] = []
    for ev in log.events:
        if placed and isinstance(ev, EndTurn | LineDone):
            turn_rows.append((str(board.turn), hand_at_turn, "; ".join(placed)))
            placed = []
        board.apply(ev)
        if isinstance(ev, Draw):
            hand_at_turn = " ".join(str(t) for t in sort_tiles(board.hand))
        elif isinstance(ev, Start):
            placed.append(f"starts line {ev.line} {ev.direction} from "
                          f"{board.horizontal.tiles[ev.anchor]}")
        elif isinstance(ev, Place):
            placed.append(f"{ev.tile} to line {ev.line}" + (f" ({ev.reason})" if ev.reason else ""))
        elif isinstance(ev, LineDone):
            flush_turns()
            line = board.lines[ev.line]
            blocks.append(Heading(f"Line {ev.line} is full: {ev.points} points", level=3))
            blocks.append(Paragraph(f"{' '.join(str(t) for t in sort_tiles(line.tiles))}: "
                                    f"{ev.detail}.", size=8.5))
            if ev.line == 0 or ev.line % 3 == 0 or board.over:
                blocks.append(board_figure(board, caption=f"The board after line {ev.line}"))
    flush_turns()
    result = board.result()
    rows = tuple((str(i), " ".join(str(t) for t in sort_tiles(board.lines[i].tiles)),
                  score_line(board.lines[i].tiles, options.flowers).explain(), str(points))
                 for i, points in enumerate(result["lines"]))
    blocks += [Heading("Score sheet", level=2),
               Table(("line", "tiles", "how it scores", "points"), rows, widths=(1, 6, 6, 1.5),
                     size=7.5),
               Paragraph(f"Total: {result['total']} points. Every placement was checked by the "
                         "rules engine as the game was replayed.", size=10, font="bold")]
    return Document("Mah-Jongg One Player: worked example", paper, tuple(blocks))


__all__ = ["board_figure", "play", "replay", "worked_example"]
