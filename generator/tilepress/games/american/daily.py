"""The American which-hands quiz on the daily sheet: since no card lies beside the
sheet, it prints the card's hands it asks about."""

from __future__ import annotations

from typing import Any

from tilepress.documents.daily_blocks import (
    INDENT,
    MIN_TILE,
    SMALL,
    Look,
    Presenters,
    hand_rows,
    listed,
)
from tilepress.documents.layout import INK
from tilepress.documents.model import Block, Paragraph, TileRow
from tilepress.games.american import card as rules
from tilepress.games.american.pictures import card_lines_figure
from tilepress.games.american.puzzles import card_of, hand_of
from tilepress.puzzles.base import Puzzle
from tilepress.tiles import parse_tiles

CHOICES = 4
"""Card hands offered by the daily American puzzle: the nearest and the next farther."""


def american_choices(puzzle: Puzzle) -> list[Any]:
    """The card's hands the daily sheet prints for the puzzle, in the card's order, each
    in the way to make it that is nearest: the answer's nearest hands, and then hands at
    least two tiles farther than the nearest (the nearest of those), so the sheet holds
    what it asks about and one answer is right."""
    card, hand = card_of(puzzle.question), hand_of(puzzle)
    named = [n["hand"] for n in puzzle.answer["nearest"]]
    best = int(puzzle.answer["nearest"][0]["need"])
    near = rules.nearest(card, hand, count=len(card.hands))
    shown = [m for m in near if m.hand.id in named]
    shown += [m for m in near if m.need >= best + 2][:max(CHOICES - len(shown), 0)]
    order = {h.id: k for k, h in enumerate(card.hands)}
    return sorted(shown, key=lambda m: order[m.hand.id])


def _letter(k: int) -> str:
    return "ABCDEFGH"[k]


def hands_question(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    lines = [(_letter(k), m.hand, m.requirement.variant)
             for k, m in enumerate(american_choices(puzzle))]
    return (*hand_rows(parse_tiles(str(puzzle.question["hand"])), width, look),
            card_lines_figure(lines, width=width - INDENT, size=look.text))


COLOUR_NAMES = {"a": "blue", "b": "red", "c": "green"}
"""The colours the card's lines print the suit letters in (as on the front)."""


def reading_words(requirement: rules.Requirement) -> str:
    """How a hand is made, in words: which suit each colour of its line stands for, and
    the number x stands for: "in Craks (blue) and Bams (red), x being 4"."""
    suits = [f"{rules.SUIT_NAMES[suit]} ({COLOUR_NAMES.get(letter, letter)})"
             for letter, suit in requirement.suits]
    parts = [f"in {listed(suits)}"] if suits else []
    if requirement.base:
        parts.append(f"x being {requirement.base}")
    return ", ".join(parts)


def _nearest(puzzle: Puzzle) -> list[tuple[str, Any, int]]:
    """(letter, card hand matched, tiles away) of each hand the answer names."""
    choices = american_choices(puzzle)
    letters = {m.hand.id: (_letter(k), m) for k, m in enumerate(choices)}
    return [(*letters[n["hand"]], int(n["need"])) for n in puzzle.answer.get("nearest", [])]


def hands_words(puzzle: Puzzle) -> str:
    near = _nearest(puzzle)
    away = near[0][2]
    names = listed([f"{letter} ({m.hand.id})" for letter, m, _ in near])
    passed = parse_tiles(str(puzzle.answer.get("pass", "")))
    return (f"Nearest, {away} tile{'s' * (away != 1)} away: {names}. Pass "
            f"{listed([t.name for t in passed])}.")


def hands_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    lines = []
    for letter, m, need in _nearest(puzzle):
        how = reading_words(m.requirement)
        lines.append(f"{letter}, {m.hand.id}{f' {how}' if how else ''}: {need} tile"
                     f"{'s' * (need != 1)} away, worth {m.hand.value} points")
    return (Paragraph("Nearest: " + "; ".join(lines) + ".", size=SMALL, color=INK),
            TileRow((parse_tiles(str(puzzle.answer.get("pass", ""))),), tile_width=MIN_TILE,
                    label="Pass first", label_width=20.0))


PRESENTERS = {"american": Presenters(hands_question, hands_answer, "Hands:",
                                     words=hands_words)}
