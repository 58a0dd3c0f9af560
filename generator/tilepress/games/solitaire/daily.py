"""A solitaire deal on the daily sheet: its layers side by side, numbered in the answers."""

from __future__ import annotations

from tilepress.documents.daily_blocks import INDENT, KEY_TILE, SMALL, Look, Presenters
from tilepress.documents.layout import MUTED
from tilepress.documents.model import Block, Paragraph
from tilepress.games.solitaire.pictures import layers_figure
from tilepress.games.solitaire.puzzles import dead_ends_sentence, deal_of, removal_numbers
from tilepress.puzzles.base import Puzzle


def layout_question(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    deal = deal_of(puzzle.question, puzzle.id)
    return (layers_figure(deal.layout, deal.tiles, width=width - INDENT,
                          tile_width=look.tile, max_height=0),)


def layout_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    deal = deal_of(puzzle.question, puzzle.id)
    numbers = removal_numbers(puzzle.answer["solution"], len(deal.tiles))
    return (layers_figure(deal.layout, deal.tiles, width=width - INDENT, tile_width=KEY_TILE,
                          numbers=numbers, max_height=0),
            Paragraph("Take the pairs in the order of their numbers. "
                      + dead_ends_sentence(puzzle.grade.get("traps", 0)),
                      size=SMALL, color=MUTED))


PRESENTERS = {"solitaire": Presenters(layout_question, layout_answer, "", wide=True)}
