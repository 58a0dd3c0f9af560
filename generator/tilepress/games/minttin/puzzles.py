"""Mint Tin Mahjong puzzles: complete the hand, and the best discard.

Complete the hand (``minttin``): 13 cards; which cards make a winning hand, and for how
many points? The answer follows the puzzle-file contract: ``answer.completions`` maps
each completing card to its best score.

Best discard (``minttin-discard``): 14 cards that do not win; which discard leaves the
most completing cards still unseen (four of each card, minus those in the hand; the
jokers left), ties broken by the best points? Every puzzle has one best discard.

Grading (docs/grading.md). Complete the hand: ``score = completions + (patterns - 1) +
2 * wrap + joker`` -- every completing card must be found, each further pattern among
the winning readings is another way to look, a set that wraps around (9 to 1) is easy to
miss, and so is the joker as a completion; 0-2 easy, 3-4 medium, 5-6 hard, 7 and more
expert. Best discard: ``score = (discards that keep the hand ready - 2) + (2 if the
runner-up leaves as many cards, 1 if within 2) + (1 if the best discard has four or more
completing cards)``; 0 easy, 1 medium, 2 hard, 3 and more expert.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from typing import Any

from tilepress.documents.model import Paragraph, Table
from tilepress.errors import FileFormatError, RequestError
from tilepress.games.minttin import hand as rules
from tilepress.games.minttin.cards import JOKER, Card, count_cards, format_cards, parse_cards
from tilepress.games.minttin.options import MintTinParams
from tilepress.games.minttin.pictures import cards_figure
from tilepress.jsontext import MISSING, first_difference, shown
from tilepress.puzzles.base import (
    Candidate,
    Grade,
    Keep,
    Puzzle,
    PuzzleKind,
    PuzzleSet,
    read_field,
)


def _hand(question: Mapping[str, Any], where: str, size: int) -> tuple[Card, ...]:
    cards = read_field(question, "hand", where, parse_cards, "a string of cards")
    if len(cards) != size:
        raise FileFormatError(f"{where}: question.hand has {len(cards)} cards, not {size}")
    counts = count_cards(cards)
    if max(counts[:-1]) > rules.COPIES or counts[-1] > 4:
        raise FileFormatError(f"{where}: question.hand holds more copies of a card than the "
                              "deck has")
    return cards


def _band(score: int) -> str:
    return "easy" if score <= 2 else "medium" if score <= 4 else "hard" if score <= 6 else "expert"


def _features(hand: tuple[Card, ...], completions: Mapping[Card, int]) -> dict[str, int]:
    patterns = set()
    wrap = joker = 0
    for card in completions:
        found = rules.arrangements([*list(hand), card])
        for a in found:
            if a.score >= 1 and a.pattern is not None:
                patterns.add(str(a.pattern))
                numbers = a.numbers
                if any(b < a_ for a_, b in itertools.pairwise(numbers)):
                    wrap = 1
        joker |= card == JOKER
    return {"completions": len(completions), "patterns": len(patterns), "wrap": wrap,
            "joker": int(joker)}


class CompleteKind(PuzzleKind):
    name = "minttin"
    question_keys = frozenset({"hand"})
    title = "Mint Tin Mahjong: complete the hand"
    params_type = MintTinParams
    instructions = "minttin.txt.j2"
    answer_label = "Completes:"
    key_note = "minttin-key.txt.j2"

    def check_request(self, params: MintTinParams, count: int) -> None:
        pass  # every difficulty is reachable (tests measure it)

    def generate(self, params: MintTinParams, rng: random.Random, keep: Keep | None = None
                 ) -> Candidate | None:
        full = list(rules.random_winning_hand(rng, max_jokers=params.jokers))
        full.pop(rng.randrange(len(full)))
        hand = tuple(sorted(full))
        question = {"hand": format_cards(hand)}
        if keep is not None and not keep(question["hand"]):
            return None
        answer = self.solve(question)
        if not answer["completions"]:
            return None
        grade = self.grade(question, answer)
        return Candidate(question, answer, grade, question["hand"])

    def validate(self, question: Mapping[str, Any], where: str) -> None:
        _hand(question, where, 13)

    def solve(self, question: Mapping[str, Any]) -> dict[str, Any]:
        hand = _hand(question, "question", 13)
        ways = rules.completions(hand)
        return {"completions": {str(c): p for c, p in sorted(ways.items())}}

    def grade(self, question: Mapping[str, Any], answer: Mapping[str, Any]) -> Grade:
        hand = _hand(question, "question", 13)
        ways = {Card(c): p for c, p in answer["completions"].items()}
        f = _features(hand, ways)
        score = f["completions"] + max(f["patterns"] - 1, 0) + 2 * f["wrap"] + f["joker"]
        return Grade(_band(score), score, f)

    def differences(self, stored: Mapping[str, Any], solved: Mapping[str, Any], *,
                    skip: tuple[str, ...] = ()) -> list[str]:
        """Each completing card in a player's words; then every other field, exactly."""
        have, want = stored.get("completions"), solved["completions"]
        problems = []
        if not isinstance(have, dict):
            problems.append("answer.completions must map each completing card to its points")
        else:
            for card in sorted(set(have) | set(want)):
                if first_difference(have.get(card, MISSING), want.get(card, MISSING)):
                    problems.append(f"card {card}: the key says "
                                    f"{shown(have.get(card, 'no win'))}, the engine finds "
                                    f"{want.get(card, 'no win')}")
        skipped = ("completions",) if problems else ()
        return problems + super().differences(stored, solved, skip=(*skip, *skipped))

    def key_columns(self, puzzles: PuzzleSet, width: float) -> int:
        return 2 if width >= 150 else 1

    def question_blocks(self, puzzle: Puzzle) -> tuple:
        hand = sorted(_hand(puzzle.question, puzzle.id, 13))
        return (cards_figure(_runs(hand), card_w=8.5),)

    def answer_blocks(self, puzzle: Puzzle) -> tuple:
        hand = _hand(puzzle.question, puzzle.id, 13)
        rows = []
        for card, points in sorted(puzzle.answer["completions"].items(),
                                   key=lambda kv: (-kv[1], kv[0])):
            top = rules.best([*list(hand), Card(card)])
            assert top is not None
            rows.append((card, str(points), top.describe().split(";")[0]))
        return (Table(("card", "points", "best reading"), tuple(rows), widths=(1.2, 1.6, 8),
                      size=7.5),)


def _runs(cards) -> list[list[Card]]:
    groups: list[list[Card]] = []
    for card in cards:
        if groups and groups[-1][-1] == card:
            groups[-1].append(card)
        else:
            groups.append([card])
    return groups


def discard_table(hand: tuple[Card, ...]) -> list[dict[str, Any]]:
    """Each discard that leaves a ready hand: the completing cards, how many of them are
    still unseen, and the best points; best first."""
    rows = []
    for card in sorted(set(hand)):
        rest = list(hand)
        rest.remove(card)
        ways = rules.completions(rest)
        if not ways:
            continue
        left_counts = count_cards(rest)
        left = sum((4 - left_counts[c.code]) for c in ways)
        rows.append({"discard": str(card), "completions": {str(c): p for c, p in
                                                           sorted(ways.items())},
                     "left": left, "points": max(ways.values())})
    return sorted(rows, key=lambda r: (-r["left"], -r["points"], r["discard"]))


class DiscardKind(PuzzleKind):
    name = "minttin-discard"
    question_keys = frozenset({"hand"})
    title = "Mint Tin Mahjong: the best discard"
    params_type = MintTinParams
    instructions = "minttin-discard.txt.j2"
    key_note = "minttin-key.txt.j2"
    misses_in_a_row = 12000  # expert discards are rare: about 1 hand in 600
    answer_label = "Discard:"

    def check_request(self, params: MintTinParams, count: int) -> None:
        pass

    def generate(self, params: MintTinParams, rng: random.Random, keep: Keep | None = None
                 ) -> Candidate | None:
        full = list(rules.random_winning_hand(rng, max_jokers=params.jokers))
        full.pop(rng.randrange(len(full)))
        extra = Card(rng.randrange(13))
        if count_cards(full)[extra.code] >= 4:
            return None
        hand = tuple(sorted([*full, extra]))
        question = {"hand": format_cards(hand)}
        if (keep is not None and not keep(question["hand"])) or \
                rules.wins(count_cards(hand)) >= 1:
            return None
        table = discard_table(hand)
        if len(table) < 2 or (table[0]["left"], table[0]["points"]) == \
                (table[1]["left"], table[1]["points"]):
            return None
        answer = {"discard": table[0]["discard"], "table": table}
        grade = self.grade(question, answer)
        return Candidate(question, answer, grade, question["hand"])

    def validate(self, question: Mapping[str, Any], where: str) -> None:
        _hand(question, where, 14)

    def solve(self, question: Mapping[str, Any]) -> dict[str, Any]:
        hand = _hand(question, "question", 14)
        if rules.wins(count_cards(hand)) >= 1:
            raise RequestError("this hand already wins: there is nothing to discard")
        table = discard_table(hand)
        if not table:
            raise RequestError("no discard leaves this hand ready, so it has no best discard "
                               "(Mint Tin has no seven pairs)")
        return {"discard": table[0]["discard"], "table": table}

    def grade(self, question: Mapping[str, Any], answer: Mapping[str, Any]) -> Grade:
        table = answer["table"]
        choices = len(table)
        margin = table[0]["left"] - table[1]["left"] if choices > 1 else 9
        kinds = len(table[0]["completions"])
        score = (choices - 2) + (2 if margin == 0 else 1 if margin <= 2 else 0) + \
            (1 if kinds >= 4 else 0)
        band = ("easy" if score <= 0 else "medium" if score == 1 else "hard" if score == 2
                else "expert")
        return Grade(band, score, {"choices": choices, "margin": margin,
                                           "completions": kinds})

    def check(self, puzzle: Puzzle, solved: Mapping[str, Any]) -> list[str]:
        table = solved["table"]
        if len(table) > 1 and (table[0]["left"], table[0]["points"]) == \
                (table[1]["left"], table[1]["points"]):
            return [f"discards {table[0]['discard']} and {table[1]['discard']} are equally "
                    "good; a puzzle has one best discard"]
        return super().check(puzzle, solved)

    def differences(self, stored: Mapping[str, Any], solved: Mapping[str, Any], *,
                    skip: tuple[str, ...] = ()) -> list[str]:
        """The discard in a player's words; then the whole table, exactly."""
        return self.differences_led_by(
            "discard", stored, solved, skip,
            lambda have, best: f"the key says discard {have}, the best discard is {best!r}")

    def key_columns(self, puzzles: PuzzleSet, width: float) -> int:
        return 1

    def question_blocks(self, puzzle: Puzzle) -> tuple:
        hand = sorted(_hand(puzzle.question, puzzle.id, 14))
        return (cards_figure(_runs(hand), card_w=8.5),)

    def answer_blocks(self, puzzle: Puzzle) -> tuple:
        table = puzzle.answer["table"]
        rows = tuple((r["discard"], " ".join(f"{c} ({p})" for c, p in r["completions"].items()),
                      str(r["left"])) for r in table)
        best = table[0]
        points = f"{best['points']} point{'s' * (best['points'] != 1)}"
        return (Paragraph(f"Discard {best['discard']}: {best['left']} unseen cards complete "
                          f"the hand, for up to {points}.", size=8.5,
                          font="bold"),
                Table(("discard", "completing cards (points)", "unseen"), rows,
                      widths=(1.4, 7, 1.2), size=7.5))


__all__ = ["CompleteKind", "DiscardKind", "MintTinParams", "discard_table"]
