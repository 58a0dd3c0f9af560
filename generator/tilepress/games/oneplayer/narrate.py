"""Mah-Jongg One Player told for a learner: every placement with its reason, the board
as it grows, each line's score explained; and the rulebook's example."""

from __future__ import annotations

import re
from collections.abc import Sequence

from tilepress.documents.model import Block, Document, Heading, Paragraph, Section, Table
from tilepress.draw.canvas import Paper
from tilepress.engine.log import GameLog
from tilepress.games.oneplayer.pictures import board_figures
from tilepress.games.oneplayer.rules import (
    Draw,
    EndTurn,
    LineDone,
    OnePlayerBoard,
    OnePlayerOptions,
    Place,
    Start,
    score_line,
)
from tilepress.games.oneplayer.runner import play
from tilepress.tiles import (
    FLOWER_NAMES,
    HONOR_NAMES,
    SEASON_NAMES,
    SUIT_NAMES,
    Tile,
    in_words,
    sort_tiles,
)

MADE = ("How this example was made: a program played the game by the rules, and every "
        "placement was checked against the rules as the game was replayed.")
"""The colophon line at the foot of a worked example: how it was made, once, at the back."""


NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def tiles_words(tiles: Sequence[Tile]) -> str:
    """Tiles as players read them, kind by kind: "Characters 7 7 8; Dots 2 2 4; Winds:
    West, West; Dragons: Red; Seasons: Spring" (a number once for each tile)."""
    parts = []
    ordered = sort_tiles(tiles)
    for suit in "mps":
        numbers = [str(t.number) for t in ordered if t.suit == suit]
        if numbers:
            parts.append(f"{SUIT_NAMES[suit]} {' '.join(numbers)}")
    for kind, names, chosen in (
            ("Winds", HONOR_NAMES, lambda t: t.is_wind),
            ("Dragons", HONOR_NAMES, lambda t: t.is_dragon),
            ("Flowers", FLOWER_NAMES, lambda t: t.is_flower),
            ("Seasons", ("",) * 4 + SEASON_NAMES, lambda t: t.is_season)):
        found = [names[t.number - 1] for t in ordered if chosen(t)]
        if found:
            parts.append(f"{kind}: {', '.join(found)}")
    return "; ".join(parts)


def scoring_words(explained: str) -> str:
    """How a line scores in players' words: tiles named, each group's points in brackets
    ("pair of 2 Dots (10), pung of West Wind (40)")."""
    return re.sub(r" (\d+)(?=,|$)", r" (\1)", in_words(explained))


def best_line_words(lines: Sequence[int]) -> str:
    """The best line, or how many tie for it: "the best line is line 3 with 200 points",
    "eight lines tie for the best, with 200 points each"."""
    best = max(lines)
    tied = [i for i, points in enumerate(lines) if points == best]
    if len(tied) == 1:
        return f"the best line is line {tied[0]} with {best} points"
    many = NUMBERS[len(tied)] if len(tied) < len(NUMBERS) else str(len(tied))
    return f"{many} lines tie for the best, with {best} points each"


def worked_example(log: GameLog, paper: Paper, *, full: bool = False) -> Document:
    """The game turn by turn: the hand, where each tile went and why, the board as it
    grows, and each line's score explained. ``full`` draws the board after every line
    (by default after the horizontal line, every third line and at the end)."""
    options = log.options_as(OnePlayerOptions)
    board = OnePlayerBoard(options)
    flowers = ("no flowers" if options.flowers == "none"
               else f"flowers and seasons matching as {options.flowers}")
    blocks: list[Block] = [
        Section("Mah-Jongg One Player"),
        Heading("Mah-Jongg One Player: a worked example"),
        Paragraph(_summary_sentence(log, options), size=10),
        Paragraph(f"One player, {sum(board.tileset.values())} tiles ({flowers}), game "
                  f"{log.seed}. Line 0 is the horizontal line; lines 1-9 run up or down from "
                  "its tiles. Tiles are named as players say them; a hand or a line is given "
                  "kind by kind, a number for each tile (Characters 7 7 8 is two 7s and an 8 "
                  "of characters).", size=9),
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
            hand_at_turn = tiles_words(board.hand)
        elif isinstance(ev, Start):
            placed.append(f"starts line {ev.line} {ev.direction} from the "
                          f"{board.horizontal.tiles[ev.anchor].name}")
        elif isinstance(ev, Place):
            placed.append(f"{ev.tile.name} to line {ev.line}"
                          + (f" ({in_words(ev.reason)})" if ev.reason else ""))
        elif isinstance(ev, LineDone):
            flush_turns()
            line = board.lines[ev.line]
            blocks.append(Heading(f"Line {ev.line} is full: {ev.points} points", level=3))
            blocks.append(Paragraph(f"{tiles_words(line.tiles)}: {scoring_words(ev.detail)}.",
                                    size=8.5))
            if full or ev.line == 0 or ev.line % 3 == 0 or board.over:
                blocks += board_figures(board, f"The board after line {ev.line}", width=120.0)
    flush_turns()
    result = board.result()
    blocks += [Heading("Score sheet", level=2),
               Paragraph(f"{result['total']} points in all.", size=9),
               score_table(board), Paragraph(MADE, size=8, color="#6b6862")]
    return Document("Mah-Jongg One Player: worked example", paper, tuple(blocks))



def _summary_sentence(log: GameLog, options: OnePlayerOptions) -> str:
    board = OnePlayerBoard(options)
    for ev in log.events:
        board.apply(ev)
    result = board.result()
    special = [score_line(board.lines[i].tiles, options.flowers).special
               for i in range(len(result["lines"]))]
    specials = sum(1 for s in special if s)
    return (f"{result['total']} points in {board.turn} turns. {specials} of the ten lines are "
            f"special lines worth 200; {best_line_words(result['lines'])}.")



def score_table(board: OnePlayerBoard) -> Table:
    """Each line of a finished game: its tiles, how it scores, its points."""
    result = board.result()
    rows = tuple((str(i), tiles_words(board.lines[i].tiles),
                  scoring_words(score_line(board.lines[i].tiles, board.options.flowers).explain()),
                  str(points))
                 for i, points in enumerate(result["lines"]))
    rows += (("", "", "total", str(result["total"])),)
    return Table(("line", "tiles", "how it scores", "points"), rows, widths=(1, 6, 6, 1.5),
                 size=7.5)



EXAMPLE_GAMES = 10



EXAMPLE_TITLE = "A finished game"
"""The rulebook's example shows a game's end, its board and score, not its turns."""


def rulebook_example() -> tuple[str, list[Block]]:
    """The example of the rulebook: of the first sample games played with the
    standard options, the one with the highest total, as its board ends and its score."""
    options = OnePlayerOptions()
    best: tuple[int, OnePlayerBoard, GameLog] | None = None
    for seed in range(1, EXAMPLE_GAMES + 1):
        log = play(options, seed)
        board = OnePlayerBoard(options)
        for ev in log.events:
            board.apply(ev)
        if best is None or board.total > best[0]:
            best = (board.total, board, log)
    assert best is not None
    total, board, log = best
    criterion = (f"Of the book's first {EXAMPLE_GAMES} sample games with the standard rules, "
                 f"the one with the highest score: game {log.seed}, {total} points in "
                 f"{board.turn} turns. Each line's tiles are given kind by kind, a number for "
                 f"each tile (Characters 1 1 1 is three 1s of characters).")
    return criterion, [*board_figures(board, f"The board at the end of game {log.seed}",
                                      width=120.0),
                       score_table(board)]

