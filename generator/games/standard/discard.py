"""Which discard: a hand of 5, 8, 11 or 14 tiles -- which tile do you throw away?

The best discard keeps the hand as close to ready as it can be (the lowest shanten) and
then leaves the most tiles that help: its waits if the hand is ready, otherwise the
tiles that bring it closer. Every puzzle has exactly one best discard. The key lists
each sensible discard (one that keeps the best shanten) with its tiles and their count,
as a wait calculator does.

Grading (see docs/grading.md): ``choices`` is the number of sensible discards,
``margin`` how many tiles the best leaves over the runner-up, ``shanten`` 0 when the
best discard leaves the hand ready and 1 when it leaves it one tile from ready.
``score = min(choices - 2, 3) + (2 if margin <= 2 else 1 if margin <= 4 else 0)
+ 2 * shanten``: 0-1 easy, 2-3 medium, 4-5 hard, 6 and more expert.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from generator.documents.model import Paragraph, Table, TileRow
from generator.engine import standard
from generator.errors import RequestError
from generator.games.standard import hands
from generator.games.standard.puzzles import read_hand
from generator.params import option
from generator.puzzles.base import DIFFICULTIES, Candidate, Grade, Puzzle, PuzzleKind, PuzzleSet
from generator.tiles import Tile, format_tiles, parse_tiles, sort_tiles

SIZES = (4, 7, 10, 13)
#: Difficulties reached by each hand size (as measured by the tests): with 5 tiles there
#: are too few discards to choose between for a hard puzzle.
REACHABLE = {(suits, size): ("easy", "medium") if size == 4 else DIFFICULTIES
             for suits in ("one", "mixed") for size in SIZES}


@dataclass(frozen=True)
class DiscardParams:
    tiles: int = option(13, choices=SIZES, help="hand size after the discard")
    suits: str = option("one", choices=("one", "mixed"), help="one suit or all suits and honors")
    difficulty: str = option("medium", choices=(*DIFFICULTIES, "any"), help="difficulty")
    suit: str = option("any", choices=("m", "p", "s", "any"), help="the suit of one-suit hands")


def band(score: int) -> str:
    return "easy" if score <= 1 else "medium" if score <= 3 else "hard" if score <= 5 else "expert"


def _suits_of(tiles: tuple[Tile, ...]) -> str:
    counts = hands.counts_of(tiles)
    if hands.suits_used(counts) == 1 and tiles[0].suit in "mps":
        return tiles[0].suit
    return "mpsz"


class DiscardKind(PuzzleKind):
    name = "discard"
    title = "Which discard?"
    params_type = DiscardParams
    instructions = "discard.txt.j2"
    answer_label = "Discard:"

    def check_request(self, params: DiscardParams, count: int) -> None:
        reachable = REACHABLE[(params.suits, params.tiles)]
        if params.difficulty != "any" and params.difficulty not in reachable:
            raise RequestError(
                f"no {params.tiles + 1}-tile hand ({params.suits} suit"
                f"{'s' if params.suits == 'mixed' else ''}) makes a {params.difficulty} "
                f"which-discard puzzle; the hardest are {reachable[-1]}"
            )

    def generate(self, params: DiscardParams, rng: random.Random) -> Candidate | None:
        size = params.tiles + 1
        if params.suits == "one":
            suit = params.suit if params.suit != "any" else rng.choice("mps")
            counts = hands.one_suit_hand(rng, size, suit)
        else:
            full = hands.complete_hand(rng, params.tiles // 3)
            if full is None:
                return None
            counts = hands.swap_related(rng, full, rng.choice((1, 1, 2)))
            if counts is None or hands.suits_used(counts) < 2:
                return None
        if standard._complete_counts(counts):
            return None
        question = {"hand": format_tiles(hands.tiles_of(counts))}
        answer = self.solve(question)
        table = answer["table"]
        if len(table) < 2 or table[0]["shanten"] > 1 or table[0]["count"] == table[1]["count"]:
            return None
        grade = self.grade(question, answer)
        if params.difficulty not in ("any", grade.difficulty):
            return None
        return Candidate(question, answer, grade, hands.identity(counts))

    def validate(self, question: Mapping[str, Any], where: str) -> None:
        read_hand(question, where, tuple(s + 1 for s in SIZES))

    def solve(self, question: Mapping[str, Any]) -> dict[str, Any]:
        tiles = read_hand(question, "question", tuple(s + 1 for s in SIZES))
        rows = standard.discard_table(tiles, suits=_suits_of(tiles))
        table = [{"discard": str(r.discard), "shanten": r.shanten,
                  "tiles": [str(t) for t, _ in r.tiles], "count": r.total} for r in rows]
        best = [row["discard"] for row in table if row["count"] == table[0]["count"]]
        return {"discard": best[0] if len(best) == 1 else best, "table": table}

    def grade(self, question: Mapping[str, Any], answer: Mapping[str, Any]) -> Grade:
        table = answer["table"]
        choices = len(table)
        margin = table[0]["count"] - (table[1]["count"] if choices > 1 else 0)
        shanten = table[0]["shanten"]
        score = (min(max(choices - 2, 0), 3) + (2 if margin <= 2 else 1 if margin <= 4 else 0)
                 + 2 * shanten)
        return Grade(band(score), score, {"choices": choices, "margin": margin,
                                          "shanten": shanten})

    def differences(self, stored: Mapping[str, Any], solved: Mapping[str, Any]) -> list[str]:
        problems = []
        if stored.get("discard") != solved["discard"]:
            problems.append(f"the answer says discard {stored.get('discard')!r}, the best "
                            f"discard is {solved['discard']!r}")
        table = stored.get("table")
        if table is not None and table != solved["table"]:
            try:
                have = {row["discard"]: row["count"] for row in table}
            except (TypeError, KeyError):
                return [*problems, "answer.table is not a list of discard rows"]
            for row in solved["table"]:
                if have.get(row["discard"]) != row["count"]:
                    problems.append(f"the key gives discard {row['discard']} "
                                    f"{have.get(row['discard'], 'no')} tiles, the engine "
                                    f"counts {row['count']}")
            if not problems:
                problems.append("answer.table differs from the engine's discard table")
        return problems

    def columns(self, puzzles: PuzzleSet, width: float) -> int:
        size = max(len(parse_tiles(p.question["hand"])) for p in puzzles.puzzles)
        return 2 if size <= 8 and width >= 150 else 1

    def key_columns(self, puzzles: PuzzleSet, width: float) -> int:
        return 1 if width < 150 else 2

    def question_blocks(self, puzzle: Puzzle) -> tuple:
        tiles = sort_tiles(parse_tiles(puzzle.question["hand"]))
        return (TileRow((tiles,), tile_width=9.5),)

    def answer_blocks(self, puzzle: Puzzle) -> tuple:
        table = puzzle.answer["table"]
        best = table[0]
        state = "ready" if best["shanten"] == 0 else "one tile from ready"
        waits = "waits" if best["shanten"] == 0 else "helped by"
        rows = []
        for row in table:
            tiles = tuple(Tile(t) for t in row["tiles"])
            rows.append((TileRow(((Tile(row["discard"]),),), tile_width=4.4),
                         TileRow((tiles,), tile_width=4.4, note=" ".join(row["tiles"])),
                         str(row["count"])))
        return (
            Paragraph(f"Discard {best['discard']}: the hand is {state}; {best['count']} tiles "
                      f"{'win' if best['shanten'] == 0 else 'help'}.", size=8.5, font="bold"),
            Table(("discard", waits, "tiles"), tuple(rows), widths=(1.7, 6, 1.0), size=8),
        )


__all__ = ["DiscardKind", "DiscardParams"]
