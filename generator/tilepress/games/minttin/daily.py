"""Mint Tin puzzles on the daily sheet: complete the hand, and the best discard."""

from __future__ import annotations

from tilepress.documents.daily_blocks import INDENT, SMALL, TEXT, Look, Presenters, listed
from tilepress.documents.layout import MUTED
from tilepress.documents.model import Block, Paragraph
from tilepress.games.minttin.cards import Card, parse_cards
from tilepress.games.minttin.pictures import cards_figure
from tilepress.games.minttin.words import card_name
from tilepress.puzzles.base import Puzzle


def cards_question(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    """The hand's cards, like cards together, in as many rows as the width needs."""
    groups: list[list[Card]] = []
    for card in sorted(parse_cards(str(puzzle.question["hand"]))):
        if groups and groups[-1][-1] == card:
            groups[-1].append(card)
        else:
            groups.append([card])
    room = width - INDENT
    rows: list[list[list[Card]]] = [[]]
    for group in groups:
        trial = [*rows[-1], group]
        if rows[-1] and cards_figure(trial, card_w=look.card).width > room:
            rows.append([group])
        else:
            rows[-1] = trial
    return tuple(cards_figure(row, card_w=look.card) for row in rows)


def _points(points: int) -> str:
    return f"{points} point{'s' * (points != 1)}"


def completions_words(puzzle: Puzzle) -> str:
    """The completing cards by name, grouped by the points each scores."""
    ways = puzzle.answer.get("completions", {})
    by_points: dict[int, list[str]] = {}
    for code, points in sorted(ways.items(), key=lambda kv: (-kv[1], Card(kv[0]))):
        by_points.setdefault(points, []).append(card_name(Card(code)))
    parts = [f"{listed(names, 'or')} ({_points(points)}{' each' * (len(names) > 1)})"
             for points, names in by_points.items()]
    return (f"{len(ways)} card{'s' * (len(ways) != 1)} complete"
            f"{'s' * (len(ways) == 1)} the hand: {'; '.join(parts)}.")


def completions_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    ways = sorted(puzzle.answer.get("completions", {}).items(),
                  key=lambda kv: (-kv[1], Card(kv[0])))
    groups = [[Card(code)] for code, _ in ways]
    labels = [f"{points} pt{'s' * (points != 1)}" for _, points in ways]
    return (cards_figure(groups, card_w=8.5, labels=labels),
            Paragraph(completions_words(puzzle), size=SMALL, color=MUTED))


def discard_words(puzzle: Puzzle) -> str:
    table = puzzle.answer.get("table") or [{}]
    best = table[0]
    cards = listed([card_name(Card(c)) for c in best.get("completions", {})], "or")
    return (f"Discard {card_name(Card(str(puzzle.answer.get('discard'))))}: the hand is "
            f"then ready for {cards}, {best.get('left', 0)} cards unseen, worth up to "
            f"{_points(best.get('points', 0))}.")


def discard_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    return (Paragraph(discard_words(puzzle), size=TEXT),)


PRESENTERS = {
    "minttin": Presenters(cards_question, completions_answer, "Cards:",
                          words=completions_words),
    "minttin-discard": Presenters(cards_question, discard_answer, "Discard:",
                                  words=discard_words),
}
