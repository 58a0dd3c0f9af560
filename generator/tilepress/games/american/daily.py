"""The American which-hands quiz on the daily sheet: since no card lies beside the
sheet, it prints the card's hands it asks about."""

from __future__ import annotations

from typing import Any

from tilepress.documents.daily_blocks import INDENT, MIN_TILE, SMALL, Look, Presenters, hand_rows
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


def hands_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    letters = {m.hand.id: _letter(k) for k, m in enumerate(american_choices(puzzle))}
    near = puzzle.answer.get("nearest", [])
    lines = [f"{letters[n['hand']]}, {n['reading']}: {n['value']} points, {n['need']} tile"
             f"{'s' * (n['need'] != 1)} away" for n in near]
    return (Paragraph("Nearest: " + "; ".join(lines) + ".", size=SMALL, color=INK),
            TileRow((parse_tiles(str(puzzle.answer.get("pass", ""))),), tile_width=MIN_TILE,
                    label="Pass first", label_width=20.0))


PRESENTERS = {"american": Presenters(hands_question, hands_answer, "Hands:")}
