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
from collections.abc import Mapping, Sequence
from typing import Any

from tilepress.documents.model import Paragraph
from tilepress.engine import solitaire as rules
from tilepress.errors import FileFormatError, RequestError
from tilepress.games.solitaire.options import SolitaireParams
from tilepress.games.solitaire.pictures import layers_figure
from tilepress.layouts import Layout, Position
from tilepress.layouts.files import find_layout
from tilepress.puzzles.base import (
    Candidate,
    Grade,
    Keep,
    Puzzle,
    PuzzleKind,
    PuzzleSet,
    read_field,
)
from tilepress.tiles import STANDARD_TILES, Tile, format_tiles, parse_tiles

TRIES = 24
"""Deals dealt and graded for one puzzle, at most, before the nearest difficulty is taken.
On the Turtle about one deal in eight grades hard (docs/grading.md), so 24 deals find a
hard one for nine puzzles in ten, after eight deals (two seconds) on average."""
GIVE_UP = 8
"""Deals after which a layout none of whose deals came within two points of the asked
band is taken not to reach it: the nearest is taken at once."""
BANDS = {"easy": (0, 1), "medium": (2, 4), "hard": (5, 8), "expert": (9, 10**9)}


def _budgets(n: int) -> tuple[int, int, int]:
    """Simulated plays for (proving a random deal, judging one move, grading a deal):
    a big board's plays cost more, so it gets fewer."""
    scale = 144 / max(n, 144)
    return int(3000 * scale), int(800 * scale), int(12_000 * scale ** 2)


def distance(score: int, difficulty: str) -> int:
    """How far a score lies from a difficulty's band (0 inside it)."""
    low, high = BANDS[difficulty]
    return max(low - score, score - high, 0)


def nearest_note(puzzles: PuzzleSet, difficulty: str) -> str | None:
    """One line for puzzles that took the nearest difficulty instead of the one asked."""
    other = sorted({p.difficulty for p in puzzles.puzzles} - {difficulty})
    if difficulty == "any" or not other:
        return None
    missed = sum(p.difficulty != difficulty for p in puzzles.puzzles)
    return (f"note: no {difficulty} deal on this layout in up to {TRIES} deals a puzzle; took "
            f"the nearest ({', '.join(other)}) for {missed} of {len(puzzles.puzzles)}")


VARIANTS = 24_000
"""Face exchanges :func:`kept_variant` tries at most: a caller that keeps one identity in
366 (a day of a year) misses with all of them about once in 10^28."""


def relabelled(tiles: Sequence[Tile], faces: Sequence[Sequence[Tile]],
               rng: random.Random) -> tuple[Tile, ...]:
    """``tiles`` with the faces of each group of ``faces`` exchanged among themselves (a
    permutation ``rng`` chooses); other tiles (flowers, seasons) as they are. A deal so
    changed is the same puzzle in its shape, its matching pairs and its solutions."""
    mapping: dict[Tile, Tile] = {}
    for group in faces:
        shuffled = list(group)
        rng.shuffle(shuffled)
        mapping.update(zip(group, shuffled, strict=True))
    return tuple(mapping.get(t, t) for t in tiles)


def kept_variant(kind: PuzzleKind, found: Candidate | None,
                 faces: Sequence[Sequence[Tile]], rng: random.Random, keep: Keep,
                 ) -> Candidate | None:
    """``found`` if ``keep`` takes its identity, else the first of its face exchanges
    (:func:`relabelled`) that ``keep`` takes, graded again; None if none is taken. A
    caller that keeps one identity in N (a daily sheet's day) pays for N cheap
    exchanges instead of N deals solved and graded."""
    if found is None or keep(found.identity):
        return found
    tiles = parse_tiles(str(found.question["tiles"]))
    for _ in range(VARIANTS):
        text = format_tiles(relabelled(tiles, faces, rng))
        identity = (*found.identity[:-1], text)  # the tiles are the identity's last part
        if keep(identity):
            question = {**found.question, "tiles": text}
            return Candidate(question, found.answer, kind.grade(question, found.answer),
                             identity)
    return None


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
    tiles = read_field(question, "tiles", where, parse_tiles, "a tile string")
    if len(tiles) != len(positions):
        raise FileFormatError(f"{where}: {len(tiles)} tiles for {len(positions)} positions")
    return rules.Deal(layout, tiles)


def replay_faults(deal: rules.Deal, solution: Any) -> list[str]:
    """What is wrong with a stored solution: its form, or a move the rules refuse
    (empty when it clears the deal)."""
    if not isinstance(solution, list) or not all(
            isinstance(m, list) and len(m) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in m)
            for m in solution):
        return ["answer.solution must be a list of [i, j] moves"]
    return rules.replay_solution(deal, solution)


def question_of(deal: rules.Deal) -> dict[str, Any]:
    return {"layout": deal.layout.name,
            "positions": [p.as_list() for p in deal.layout.positions],
            "tiles": format_tiles(deal.tiles)}


class SolitaireKind(PuzzleKind):
    name = "solitaire"
    title = "Mahjong solitaire"
    params_type = SolitaireParams
    question_keys = frozenset({"layout", "positions", "tiles"})
    instructions = "solitaire.txt.j2"
    answer_label = ""
    misses_in_a_row = 40  # each attempt deals, solves and grades a whole layout
    takes_nearest = True
    grade_follows_answer = True  # the traps along the key's order of removal

    def notes(self, puzzles: PuzzleSet, params: SolitaireParams) -> list[str]:
        note = nearest_note(puzzles, params.difficulty)
        return [note] if note else []

    def check_request(self, params: SolitaireParams, count: int) -> None:
        layout = find_layout(params.layout_name)
        if len(layout) % 2:
            raise RequestError(f"layout {layout.name!r} has {len(layout)} positions; an odd "
                               "count can never be cleared")

    def generate(self, params: SolitaireParams, rng: random.Random, keep: Keep | None = None
                 ) -> Candidate | None:
        """Up to :data:`TRIES` winnable deals, graded; the first of the asked difficulty,
        else the one nearest to it (a layout may not reach every difficulty). With
        ``keep``, that deal or one with its faces exchanged (:func:`kept_variant`)."""
        found = self._generate(params, rng)
        if keep is None:
            return found
        return kept_variant(self, found, (STANDARD_TILES,), rng, keep)

    def _generate(self, params: SolitaireParams, rng: random.Random) -> Candidate:
        layout = find_layout(params.layout_name)
        budgets = _budgets(len(layout))
        nearest: tuple[int, Candidate] | None = None
        for k in range(TRIES):
            deal, solution = self._deal(layout, params, rng, k, budgets[0])
            if solution is None:
                continue
            question = question_of(deal)
            answer = {"solution": [list(m) for m in solution]}
            grade = self._grade(deal, solution, budgets)
            found = Candidate(question, answer, grade, (question["tiles"],))
            if params.difficulty in ("any", grade.difficulty):
                return found
            miss = distance(grade.score, params.difficulty)
            if nearest is None or miss < nearest[0]:
                nearest = (miss, found)
            if k + 1 >= GIVE_UP and nearest[0] > 2:  # far from the band every time
                break
        if nearest is None:
            raise RequestError(f"layout {layout.name!r}: the solver proved none of {TRIES} "
                               "deals (random, and built on removal orders) within its budget")
        return nearest[1]

    def _deal(self, layout: Layout, params: SolitaireParams, rng: random.Random, k: int,
              budget: int) -> tuple[rules.Deal, list[tuple[int, int]] | None]:
        """A random deal (the harder puzzles) or a deal built on a removal order (always
        winnable), taking turns, random deals first for hard and expert; with the
        solution the solver finds, which ``verify`` finds again; failing that, a built
        deal keeps its removal order and a random deal gets None."""
        random_first = params.difficulty in ("hard", "expert", "any")
        built = None
        if (k % 2 == 0) == random_first:
            deal = rules.deal_random(layout, rng, bonus=params.bonus)
        else:
            deal, built = rules.deal_backwards(layout, rng, bonus=params.bonus)
        result = rules.solve(deal, budget=budget)
        if result.status == rules.SOLVED:
            return deal, [tuple(m) for m in result.solution]
        return deal, built  # the removal order still wins (verify's solver may not find it)

    def _solve_deal(self, deal: rules.Deal) -> dict[str, Any] | None:
        result = rules.solve(deal, budget=_budgets(len(deal.tiles))[0])
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

    def solve_given(self, question: Mapping[str, Any], *,
                    budget: int | None = None) -> dict[str, Any]:
        """A user's deal: checked against the tile sets that could make it, and solved
        with ``budget`` plays (:data:`deals.BUDGET` unless given); no solution raises
        the reason: a proof, or "undecided" with what was tried."""
        from tilepress.games.solitaire import deals

        deal = deal_of(question, "question")
        deals.check_tile_set(deal.tiles, "question: question.tiles")
        verdict = deals.solve_deal(deal, budget=deals.BUDGET if budget is None else budget)
        return deals.solution_answer(verdict)

    def grade(self, question: Mapping[str, Any], answer: Mapping[str, Any]) -> Grade:
        deal = deal_of(question, "question")
        solution = [tuple(m) for m in answer["solution"]]
        return self._grade(deal, solution, _budgets(len(deal.tiles)))

    def _grade(self, deal: rules.Deal, solution: list, budgets: tuple[int, int, int]) -> Grade:
        seen = rules.experience(deal, solution, budget=budgets[1], total=budgets[2])
        score = seen.traps + seen.early_traps
        return Grade(band(score), score, {"traps": seen.traps, "early_traps": seen.early_traps,
                                          "choices": round(seen.choices, 1),
                                          "unsettled": seen.unknown})

    def reference(self, puzzle: Puzzle) -> dict[str, Any]:
        """The stored solution, once it replays by the rules: a solution is its own
        certificate, so ``verify`` grades along it and needs no solver to find one
        again (a built deal keeps its removal order when the solver's budget runs out).
        Only a stored solution that does not replay sends ``verify`` to the solver, for
        a solution to grade (:meth:`check` reports the fault)."""
        deal = deal_of(puzzle.question, "question")
        stored = puzzle.answer.get("solution")
        faults = replay_faults(deal, stored)
        if not faults:
            return {"solution": [list(m) for m in stored]}
        answer = self._solve_deal(deal)
        if answer is None:
            raise RequestError(f"the stored solution does not replay ({faults[0]}), and the "
                               "solver finds none within its budget to grade")
        return answer

    def check(self, puzzle: Puzzle, solved: Mapping[str, Any]) -> list[str]:
        """Replay the stored solution by the rules (any winning order is right)."""
        deal = deal_of(puzzle.question, puzzle.id)
        faults = replay_faults(deal, puzzle.answer.get("solution"))
        return [f"the solution does not replay: {faults[0]}"] if faults else []

    def key_columns(self, puzzles: PuzzleSet, width: float) -> int:
        return 1

    def writing_lines(self, puzzle: Puzzle) -> int:
        return 0

    def question_blocks(self, puzzle: Puzzle) -> tuple:
        deal = deal_of(puzzle.question, puzzle.id)
        return (layers_figure(deal.layout, deal.tiles, width=174, max_height=185),)

    def answer_blocks(self, puzzle: Puzzle) -> tuple:
        deal = deal_of(puzzle.question, puzzle.id)
        numbers = removal_numbers(puzzle.answer["solution"], len(deal.tiles))
        g = puzzle.grade
        return (Paragraph("Remove the pairs in the order of their numbers. "
                          + traps_sentence(g, "a free pair that, once taken, leaves the "
                                                "layout impossible to clear"),
                          size=8.5),
                layers_figure(deal.layout, deal.tiles, width=174, numbers=numbers,
                              max_height=KEY_HEIGHT))



KEY_HEIGHT = 212.0
"""An answer key's layout takes up to a page of its own (mm), so that big layouts keep
tiles large enough for the removal numbers to leave most of each face in view."""

def removal_numbers(solution: Sequence[Sequence[int]], tiles: int) -> list[int]:
    """Each position's pair number in a solution's removal order (from 1)."""
    numbers = [0] * tiles
    for k, (a, b) in enumerate(solution, start=1):
        numbers[a] = numbers[b] = k
    return numbers


def dead_ends_sentence(traps: Any) -> str:
    """How many pairs on the way of a solution lead to a dead end, in a sentence."""
    if not traps:
        return "No pair on the way leads to a dead end."
    return (f"{traps} pair{'s' * (traps != 1)} on the way lead{'s' * (traps == 1)} to a "
            "dead end.")


def traps_sentence(grade: Mapping[str, Any], trap: str) -> str:
    """The traps of a solution in a reader's words, with what a trap is (``trap``, such as
    "a free pair that, once taken, leaves the layout impossible to clear")."""
    traps, early = grade.get("traps"), grade.get("early_traps")
    if not isinstance(traps, int):
        return ""
    what = f"(a trap is {trap})"
    if traps == 0:
        return f"No traps on the way {what}."
    count = "One trap" if traps == 1 else f"{traps} traps"
    when = ("" if not early else ", in the first third of the game" if traps == 1
            else ", all in the first third of the game" if early == traps
            else f", {early} of them in the first third of the game")
    return f"{count} on the way{when} {what}."


__all__ = ["SolitaireKind", "SolitaireParams", "dead_ends_sentence", "removal_numbers",
           "traps_sentence"]
