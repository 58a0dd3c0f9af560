"""American Mah Jongg quizzes: thirteen tiles after the deal -- which hands on the card
are closest, and which three tiles to pass first in the Charleston?

The answer lists the nearest hands (fewest tiles still needed, then the highest value)
with the tiles each needs, and the pass that keeps them closest (never a joker).
Grading (docs/grading.md): a quiz is harder when several hands compete and when even the
best is far. ``score = min(best need - 5, 3) (not below 0) + (0 for one hand within a
tile of the best, 1 for two or three, 2 for four to six, 3 for more)``; 0-1 easy, 2-3
medium, 4 hard, 5 and more expert.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tilepress.documents.model import Table, TileRow
from tilepress.errors import FileFormatError, TilepressError
from tilepress.games.american import card as rules
from tilepress.games.american.cards_file import load_card, practice_card
from tilepress.games.american.options import AmericanParams
from tilepress.jsontext import MISSING, shown
from tilepress.puzzles.base import (
    Candidate,
    Grade,
    Keep,
    Puzzle,
    PuzzleKind,
    PuzzleSet,
    read_field,
)
from tilepress.tiles import Tile, format_tiles, parse_tiles, sort_tiles

SHOWN = 3


def card_of(question: Mapping[str, Any]) -> rules.Card:
    """The card a question is asked on: its own ``card_text``, else the practice card."""
    text = question.get("card_text")
    if isinstance(text, str):
        return rules.parse_card(text, source="question.card_text")
    return practice_card()


def _checked_tiles(text: str) -> tuple[Tile, ...]:
    tiles = parse_tiles(text)
    rules.check_tiles(tiles)
    return tiles


def _hand(question: Mapping[str, Any], where: str) -> tuple[Tile, ...]:
    tiles = read_field(question, "hand", where, _checked_tiles, "a tile string")
    if len(tiles) != 13:
        raise FileFormatError(f"{where}: question.hand has {len(tiles)} tiles, not 13")
    return tiles


def hand_of(puzzle: Puzzle) -> tuple[Tile, ...]:
    """The thirteen tiles of a puzzle's question, checked."""
    return _hand(puzzle.question, puzzle.id)


class AmericanKind(PuzzleKind):
    name = "american"
    question_keys = frozenset({"hand", "card_text"})
    title = "American Mah Jongg: which hand?"
    params_type = AmericanParams
    instructions = "american.txt.j2"
    answer_label = ""
    key_note = "american-key.txt.j2"

    def check_request(self, params: AmericanParams, count: int) -> None:
        """A card file that cannot be read fails here, before any puzzle is made."""
        load_card(params.card)

    def generate(self, params: AmericanParams, rng: random.Random, keep: Keep | None = None
                 ) -> Candidate | None:
        tiles = list(rules.american_set())
        rng.shuffle(tiles)
        hand = sort_tiles(tiles[:13])
        question: dict[str, Any] = {"hand": format_tiles(hand)}
        if keep is not None and not keep(question["hand"]):
            return None
        if params.card != "practice":
            question["card_text"] = load_card(params.card).to_text()
        answer = self.solve(question)
        if answer["nearest"][0]["need"] > 8:
            return None
        grade = self.grade(question, answer)
        return Candidate(question, answer, grade, question["hand"])

    def validate(self, question: Mapping[str, Any], where: str) -> None:
        _hand(question, where)
        try:
            card_of(question)
        except TilepressError as exc:
            raise FileFormatError(f"{where}: {exc}") from None

    def solve(self, question: Mapping[str, Any]) -> dict[str, Any]:
        card = card_of(question)
        hand = _hand(question, "question")
        near = rules.nearest(card, hand, count=8)
        best = near[0].need
        shown = [m for m in near if m.need <= best + 1][:SHOWN] or near[:1]
        return {"nearest": [{"hand": m.hand.id, "reading": m.requirement.describe(),
                             "need": m.need, "value": m.hand.value} for m in shown],
                "close": sum(1 for m in near if m.need <= best + 1),
                "pass": format_tiles(rules.best_pass(card, hand))}

    def grade(self, question: Mapping[str, Any], answer: Mapping[str, Any]) -> Grade:
        best = answer["nearest"][0]["need"]
        close = answer["close"]
        score = min(max(best - 5, 0), 3) + (0 if close == 1 else 1 if close <= 3 else
                                            2 if close <= 6 else 3)
        band = ("easy" if score <= 1 else "medium" if score <= 3 else "hard" if score == 4
                else "expert")
        return Grade(band, score, {"best_need": best, "close": close})

    def differences(self, stored: Mapping[str, Any], solved: Mapping[str, Any], *,
                    skip: tuple[str, ...] = ()) -> list[str]:
        """The nearest hands and the pass in a player's words; then every field of the
        answer (each hand's reading, need and value, and close), exactly."""
        problems = []
        skipped = list(skip)
        nearest = stored.get("nearest")
        want = [n["hand"] for n in solved["nearest"]]
        if not isinstance(nearest, list) or not all(isinstance(n, dict) for n in nearest):
            problems.append("answer.nearest must be a list of hands")
            skipped.append("nearest")
        elif [n.get("hand") for n in nearest] != want:
            problems.append(f"the key names {shown([n.get('hand') for n in nearest])}, the "
                            f"nearest hands are {shown(want)}")
            skipped.append("nearest")
        if stored.get("pass") != solved["pass"]:
            problems.append(f"the key passes {shown(stored.get('pass', MISSING))}, the engine "
                            f"passes {solved['pass']}")
            skipped.append("pass")
        return problems + super().differences(stored, solved, skip=tuple(skipped))

    def key_columns(self, puzzles: PuzzleSet, width: float) -> int:
        return 1

    def writing_lines(self, puzzle: Puzzle) -> int:
        return 3

    def line_labels(self, puzzle: Puzzle) -> tuple[str, ...]:
        return ("Nearest hands:", "", "Pass first:")

    def answer_title(self, puzzle: Puzzle) -> str:
        return ""  # the hand is drawn: American players do not write tiles as 5m 3p

    def question_blocks(self, puzzle: Puzzle) -> tuple:
        return (TileRow((sort_tiles(_hand(puzzle.question, puzzle.id)),), tile_width=9.0),)

    def answer_blocks(self, puzzle: Puzzle) -> tuple:
        hand = sort_tiles(_hand(puzzle.question, puzzle.id))
        rows = tuple((n["reading"], str(n["value"]), str(n["need"]))
                     for n in puzzle.answer["nearest"])
        passed = parse_tiles(puzzle.answer["pass"])
        return (TileRow((hand,), tile_width=7.0),
                Table(("nearest hand", "value", "tiles away"), rows, widths=(7, 1.4, 1.6),
                      size=8),
                TileRow((passed,), tile_width=6.5, label="Pass first:", label_width=22.0))


__all__ = ["AmericanKind", "AmericanParams", "card_of", "hand_of"]
