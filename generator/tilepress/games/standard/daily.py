"""Find-the-wait and which-discard puzzles on the daily sheet."""

from __future__ import annotations

from tilepress.documents.daily_blocks import MIN_TILE, SMALL, TEXT, Look, Presenters, hand_rows
from tilepress.documents.layout import MUTED
from tilepress.documents.model import Block, Paragraph, TileRow
from tilepress.puzzles.base import Puzzle
from tilepress.tiles import Tile, parse_tiles


def hand_question(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    return hand_rows(parse_tiles(str(puzzle.question["hand"])), width, look)


def waits_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    waits = [Tile(w) for w in puzzle.answer.get("waits", [])]
    if not waits:
        return (Paragraph("No wait: the hand is not ready.", size=TEXT),)
    readings = [r for r in puzzle.answer.get("readings", [])][:2]
    words = f"{len(waits)} wait{'s' * (len(waits) != 1)}; read as " + "; or ".join(readings)
    return (TileRow((tuple(waits),), tile_width=MIN_TILE),
            Paragraph(words + ".", size=SMALL, color=MUTED))


def discard_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    table = puzzle.answer.get("table") or [{}]
    best = table[0]
    tiles = " ".join(best.get("tiles", []))
    count = best.get("count", 0)
    if best.get("shanten", 0) == 0:
        words = f"then ready, waiting on {tiles}: {count} tiles left."
    else:
        away = int(best.get("shanten", 1))
        words = (f"then {'one tile' if away == 1 else f'{away} tiles'} from ready; {count} "
                 f"tiles help ({tiles}).")
    if len(table) > 1:
        second = table[1]
        words += f" Next best: {second.get('discard')} ({second.get('count')} tiles)."
    return (TileRow(((Tile(str(puzzle.answer["discard"])),),), tile_width=MIN_TILE,
                    label="Discard", label_width=16.0),
            Paragraph(words, size=SMALL, color=MUTED))


PRESENTERS = {
    "waits": Presenters(hand_question, waits_answer, "Waits:"),
    "discard": Presenters(hand_question, discard_answer, "Discard:"),
}
