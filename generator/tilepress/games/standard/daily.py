"""Find-the-wait and which-discard puzzles on the daily sheet, their answers in players'
words: tiles by name ("3 and 6 Bamboo"), a reading of the hand as its sets and the shape
that waits ("4-5-6 Dots, Red Dragon ×3, 7 Bamboo ×2 and 6-7 Bamboo, open at both ends")."""

from __future__ import annotations

from collections.abc import Sequence

from tilepress.documents.daily_blocks import (
    MIN_TILE,
    SMALL,
    TEXT,
    Look,
    Presenters,
    hand_rows,
    listed,
)
from tilepress.documents.layout import MUTED
from tilepress.documents.model import Block, Paragraph, TileRow
from tilepress.engine import standard
from tilepress.games.standard.puzzles import cover_readings
from tilepress.puzzles.base import Puzzle
from tilepress.tiles import SUIT_NAMES, Tile, parse_tiles, sort_tiles


def say_tiles(tiles: Sequence[Tile], last: str = "and") -> str:
    """Tiles by name, the numbers of a suit together: "3, 6 and 9 Bamboo", "5 Dots and
    East Wind"."""
    parts: list[str] = []
    numbers: dict[str, list[int]] = {}
    for tile in sort_tiles(set(tiles)):
        if tile.suit in "mps":
            numbers.setdefault(tile.suit, []).append(tile.number)
    for suit, ranks in numbers.items():
        parts.append(f"{listed([str(r) for r in ranks], last)} {SUIT_NAMES[suit]}")
    parts += [t.name for t in sort_tiles(set(tiles)) if t.suit not in "mps"]
    return listed(parts, last)


def _run(tiles: Sequence[Tile]) -> str:
    return "-".join(str(t.number) for t in tiles) + f" {SUIT_NAMES[tiles[0].suit]}"


def group_words(group: standard.Group) -> str:
    """A set of a reading, or its waiting shape, in words."""
    tiles = group.tiles
    first = tiles[0]
    shapes = {"triplet": f"{first.name} ×3", "pair": f"{first.name} ×2",
              "run": _run(tiles), "two-sided": f"{_run(tiles)}, open at both ends",
              "closed": f"{first.number} and {tiles[-1].name}, open in the middle",
              "edge": f"{_run(tiles)}, open at one end",
              "single": f"a single {first.name}",
              "dual pung": f"the pairs of {say_tiles([tiles[0], tiles[-1]])}, either to make "
                           "three",
              "thirteen orphans": "one of each terminal and honor, but one"}
    return shapes.get(group.shape, " ".join(t.name for t in tiles))


def reading_words(reading: standard.Reading) -> str:
    """A reading in words: its sets, then the shape that waits, and the waits it shows."""
    parts = [group_words(g) for g in reading.groups]
    return f"{listed(parts)} (for {say_tiles(reading.waits, 'or')})"


def hand_question(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    return hand_rows(parse_tiles(str(puzzle.question["hand"])), width, look)


def waits_words(puzzle: Puzzle) -> str:
    """The answer in a sentence: the waits and how many are left."""
    waits = [Tile(w) for w in puzzle.answer.get("waits", [])]
    if not waits:
        return "No wait: no tile completes this hand."
    left = sum(puzzle.answer.get("tiles_left", {}).values())
    return (f"{len(waits)} wait{'s' * (len(waits) != 1)}: {say_tiles(waits)} ({left} "
            f"tile{'s' * (left != 1)} left).")


def waits_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    waits = [Tile(w) for w in puzzle.answer.get("waits", [])]
    if not waits:
        away = puzzle.answer.get("shanten", 1)
        return (Paragraph(f"No wait: no tile completes this hand (it is {away} tile"
                          f"{'s' * (away != 1)} from ready).", size=TEXT),)
    tiles = parse_tiles(str(puzzle.question["hand"]))
    readings = cover_readings(standard.readings(tiles), waits)
    said = "; or ".join(reading_words(r) for r in readings)
    return (TileRow((tuple(waits),), tile_width=MIN_TILE),
            Paragraph(f"{waits_words(puzzle)} Read it as {said}.", size=SMALL,
                      color=MUTED))


def discard_words(puzzle: Puzzle) -> str:
    """The answer in a sentence: the discard, and what the hand then waits for."""
    table = puzzle.answer.get("table") or [{}]
    best = table[0]
    tiles = [Tile(t) for t in best.get("tiles", [])]
    count = best.get("count", 0)
    discard = Tile(str(puzzle.answer.get("discard")))
    if best.get("shanten", 0) == 0:
        then = f"the hand is ready, waiting on {say_tiles(tiles, 'or')} ({count} tiles left)"
    else:
        away = int(best.get("shanten", 1))
        then = (f"the hand is {'one tile' if away == 1 else f'{away} tiles'} from ready, "
                f"and {count} tiles bring it closer ({say_tiles(tiles)})")
    return f"Discard the {discard.name}: {then}."


def discard_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    table = puzzle.answer.get("table") or [{}]
    words = discard_words(puzzle).split(": ", 1)[1]
    if len(table) > 1:
        second = table[1]
        words += (f" Next best, the {Tile(str(second.get('discard'))).name}: "
                  f"{second.get('count')} tiles.")
    return (TileRow(((Tile(str(puzzle.answer["discard"])),),), tile_width=MIN_TILE,
                    label="Discard", label_width=16.0),
            Paragraph(words[0].upper() + words[1:], size=SMALL, color=MUTED))


PRESENTERS = {
    "waits": Presenters(hand_question, waits_answer, "Waits:", words=waits_words),
    "discard": Presenters(hand_question, discard_answer, "Discard:", words=discard_words),
}
