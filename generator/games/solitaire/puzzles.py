"""Mahjong solitaire puzzles: clear the layout in matching free pairs.

Every puzzle is a deal proven winnable: its solution is in the key and replays by the
rules. Difficulty is how the deal feels to a reader walking its solution (see
docs/grading.md): every matching free pair on offer along the way is tried, and those
that would leave a position that can no longer be won are *traps*.

``score = traps + early traps`` (a trap in the first third of the game counts twice):
0-1 easy, 2-4 medium, 5-8 hard, 9 and more expert.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from generator.documents.model import Paragraph
from generator.engine import solitaire as rules
from generator.errors import FileFormatError, RequestError, TilepressError
from generator.games.solitaire.options import SolitaireParams
from generator.games.solitaire.pictures import layers_figure
from generator.layouts import Layout, Position, find_layout
from generator.puzzles.base import Candidate, Grade, Puzzle, PuzzleKind, PuzzleSet
from generator.tiles import format_tiles, parse_tiles

GRADE_BUDGET = 1500


def band(score: int) -> str:
    return "easy" if score <= 1 else "medium" if score <= 4 else "hard" if score <= 8 else "expert"


def deal_of(question: Mapping[str, Any], where: str) -> rules.Deal:
    raw = question.get("positions")
    if not isinstance(raw, list) or not raw:
        raise FileFormatError(f"{where}: question.positions must be a list of [x, y, z]")
    positions = []
    for k, p in enumerate(raw):
        if (not isinstance(p, list) or len(p) != 3
                or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in p)):
            raise FileFormatError(f"{where}: question.positions[{k}] must be [x, y, z] in "
                                  "half-tile units")
        positions.append(Position(p[2], p[1], p[0]))
    if len(set(positions)) != len(positions):
        raise FileFormatError(f"{where}: question.positions lists a position twice")
    layout = Layout(str(question.get("layout", "layout")), tuple(positions))
    text = question.get("tiles")
    if not isinstance(text, str):
        raise FileFormatError(f"{where}: question.tiles must be a tile string")
    try:
        tiles = parse_tiles(text)
    except TilepressError as exc:
        raise FileFormatError(f"{where}: question.tiles: {exc}") from None
    if len(tiles) != len(positions):
        raise FileFormatError(f"{where}: {len(tiles)} tiles for {len(positions)} positions")
    return rules.Deal(layout, tiles)


def question_of(deal: rules.Deal) -> dict[str, Any]:
    return {"layout": deal.layout.name,
            "positions": [p.as_list() for p in deal.layout.positions],
            "tiles": format_tiles(deal.tiles)}


class SolitaireKind(PuzzleKind):
    name = "solitaire"
    title = "Mahjong solitaire"
    params_type = SolitaireParams
    instructions = "solitaire.txt.j2"
    answer_label = ""
    misses_in_a_row = 40  # each attempt deals, solves and grades a whole layout

    def check_request(self, params: SolitaireParams, count: int) -> None:
        layout = find_layout(params.layout)
        if len(layout) % 2:
            raise RequestError(f"layout {layout.name!r} has {len(layout)} positions; an odd "
                               "count can never be cleared")

    def generate(self, params: SolitaireParams, rng: random.Random) -> Candidate | None:
        layout = find_layout(params.layout)
        hard = params.difficulty in ("hard", "expert")
        if hard or rng.random() < 0.3:
            deal = rules.deal_random(layout, rng, bonus=params.bonus)
        else:
            deal, _ = rules.deal_backwards(layout, rng, bonus=params.bonus)
        question = question_of(deal)
        answer = self._solve_deal(deal)
        if answer is None:
            return None
        grade = self.grade(question, answer)
        if params.difficulty not in ("any", grade.difficulty):
            return None
        return Candidate(question, answer, grade, (question["tiles"],))

    def _solve_deal(self, deal: rules.Deal) -> dict[str, Any] | None:
        result = rules.solve(deal)
        if result.status != rules.SOLVED:
            return None
        return {"solution": [list(m) for m in result.solution]}

    def validate(self, question: Mapping[str, Any], where: str) -> None:
        deal_of(question, where)

    def solve(self, question: Mapping[str, Any]) -> dict[str, Any]:
        deal = deal_of(question, "question")
        answer = self._solve_deal(deal)
        if answer is None:
            raise RequestError("the solver finds no solution for this deal")
        return answer

    def grade(self, question: Mapping[str, Any], answer: Mapping[str, Any]) -> Grade:
        deal = deal_of(question, "question")
        solution = [tuple(m) for m in answer["solution"]]
        seen = rules.experience(deal, solution, budget=GRADE_BUDGET)
        score = seen.traps + seen.early_traps
        return Grade(band(score), score, {"traps": seen.traps, "early_traps": seen.early_traps,
                                          "choices": round(seen.choices, 1),
                                          "unsettled": seen.unknown})

    def check(self, puzzle: Puzzle, solved: Mapping[str, Any]) -> list[str]:
        """Replay the stored solution by the rules (any winning order is right)."""
        deal = deal_of(puzzle.question, puzzle.id)
        solution = puzzle.answer.get("solution")
        if not isinstance(solution, list):
            return ["answer.solution must be a list of [i, j] moves"]
        faults = rules.replay_solution(deal, solution)
        return [f"the solution does not replay: {faults[0]}"] if faults else []

    def columns(self, puzzles: PuzzleSet, width: float) -> int:
        return 1

    def key_columns(self, puzzles: PuzzleSet, width: float) -> int:
        return 1

    def writing_lines(self, puzzle: Puzzle) -> int:
        return 0

    def question_blocks(self, puzzle: Puzzle) -> tuple:
        deal = deal_of(puzzle.question, puzzle.id)
        return (layers_figure(deal.layout, deal.tiles, width=174, max_height=185),)

    def answer_blocks(self, puzzle: Puzzle) -> tuple:
        deal = deal_of(puzzle.question, puzzle.id)
        numbers = [0] * len(deal.tiles)
        for k, (a, b) in enumerate(puzzle.answer["solution"], start=1):
            numbers[a] = numbers[b] = k
        g = puzzle.grade
        return (Paragraph(f"Remove the pairs in the order of their numbers. Traps on the way: "
                          f"{g.get('traps', '?')} ({g.get('early_traps', '?')} early).",
                          size=8.5),
                layers_figure(deal.layout, deal.tiles, width=174, numbers=numbers,
                              max_height=200))


__all__ = ["SolitaireKind", "SolitaireParams"]
