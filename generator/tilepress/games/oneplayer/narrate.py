"""Mah-Jongg One Player told for a learner: every placement with its reason, the board
as it grows, each line's score explained; and the rulebook's example."""

from __future__ import annotations

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
from tilepress.tiles import in_words, sort_tiles


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
        Paragraph(f"One player, {sum(board.tileset.values())} tiles ({flowers}), "
                  f"played by the {', '.join(log.players) or 'planner'} bot. Line 0 is the "
                  "horizontal line; lines 1-9 run up or down from its tiles. Tiles are named "
                  "as players say them; the tables give the hand in short notation (a number "
                  "and a suit letter: m characters, p dots, s bamboo, z winds and dragons, f "
                  "flowers and seasons).", size=9),
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
            placed.append(f"{ev.tile.name} to line {ev.line}"
                          + (f" ({in_words(ev.reason)})" if ev.reason else ""))
        elif isinstance(ev, LineDone):
            flush_turns()
            line = board.lines[ev.line]
            blocks.append(Heading(f"Line {ev.line} is full: {ev.points} points", level=3))
            blocks.append(Paragraph(f"{' '.join(str(t) for t in sort_tiles(line.tiles))}: "
                                    f"{in_words(ev.detail)}.", size=8.5))
            if full or ev.line == 0 or ev.line % 3 == 0 or board.over:
                blocks += board_figures(board, f"The board after line {ev.line}", width=120.0)
    flush_turns()
    result = board.result()
    blocks += [Heading("Score sheet", level=2),
               Paragraph(f"{result['total']} points in all. Every placement was checked by "
                         "the rules engine as the game was replayed.", size=9),
               score_table(board)]
    return Document("Mah-Jongg One Player: worked example", paper, tuple(blocks))



def _summary_sentence(log: GameLog, options: OnePlayerOptions) -> str:
    board = OnePlayerBoard(options)
    for ev in log.events:
        board.apply(ev)
    result = board.result()
    special = [score_line(board.lines[i].tiles, options.flowers).special
               for i in range(len(result["lines"]))]
    specials = sum(1 for s in special if s)
    best = max(range(len(result["lines"])), key=lambda i: result["lines"][i])
    return (f"{result['total']} points in {board.turn} turns. {specials} of the ten lines are "
            f"special lines worth 200; the best line is line {best} with "
            f"{result['lines'][best]} points.")



def score_table(board: OnePlayerBoard) -> Table:
    """Each line of a finished game: its tiles, how it scores, its points."""
    result = board.result()
    rows = tuple((str(i), " ".join(str(t) for t in sort_tiles(board.lines[i].tiles)),
                  score_line(board.lines[i].tiles, board.options.flowers).explain(), str(points))
                 for i, points in enumerate(result["lines"]))
    rows += (("", "", "total", str(result["total"])),)
    return Table(("line", "tiles", "how it scores", "points"), rows, widths=(1, 6, 6, 1.5),
                 size=7.5)



EXAMPLE_GAMES = 10



NOTATION_KEY = ("In the table of the ten lines, each tile is written as its number and a letter "
                "for its kind: m for characters, p for dots and s for bamboo (so 7m is the 7 of "
                "characters); 1z to 4z are the East, South, West and North winds and 5z to 7z "
                "the white, green and red dragons; 1f to 4f are the flowers (plum, orchid, "
                "chrysanthemum, bamboo) and 5f to 8f the seasons (spring, summer, autumn, "
                "winter).")
"""The key to the tile notation of the rulebook's score table, for players."""



def rulebook_example() -> tuple[str, list[Block]]:
    """The example of the rulebook: of the first games played by the planner with the
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
    criterion = (f"Of the first {EXAMPLE_GAMES} games played by the computer with the standard "
                 f"rules, the one with the highest score: game {log.seed}, {total} points "
                 f"in {board.turn} turns.")
    return criterion, [*board_figures(board, f"The board at the end of game {log.seed}",
                                      width=120.0),
                       Paragraph(NOTATION_KEY, size=8.5), score_table(board)]

