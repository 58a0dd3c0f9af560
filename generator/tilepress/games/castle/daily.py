"""A castle that comes apart on the daily sheet: floor by floor, and as a picture where
there is room."""

from __future__ import annotations

from typing import Any

from tilepress.documents.daily_blocks import (
    INDENT,
    KEY_TILE,
    MIN_TILE,
    SMALL,
    Beside,
    Look,
    Presenters,
)
from tilepress.documents.layout import MUTED
from tilepress.documents.model import Block, Paragraph
from tilepress.games.castle.pictures import floors_figure, isometric_figure
from tilepress.games.solitaire.puzzles import dead_ends_sentence, deal_of
from tilepress.layouts.castle import Castle, cell_of, parse_castle
from tilepress.puzzles.base import Puzzle


def _castle_parts(puzzle: Puzzle) -> tuple[Castle, dict[Any, Any]]:
    castle = parse_castle(str(puzzle.question["castle"]), name="castle", source=puzzle.id)
    deal = deal_of(puzzle.question, puzzle.id)
    tiles = {cell_of(p): t for p, t in zip(deal.layout.positions, deal.tiles, strict=True)}
    return castle, tiles


FLOOR_GAP = 6.0
"""The gap between floors side by side, as :func:`floors_figure` draws them."""


def _least(castle: Castle, tile: float) -> float:
    """The width of the floors side by side with tiles ``tile`` mm wide: drawn wider than
    a column, a castle's box goes across the page instead."""
    floors = len(castle.floors)
    return floors * castle.width * tile + FLOOR_GAP * (floors - 1)


def castle_question(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    """The castle floor by floor and, where there is room beside it, as a picture. Where
    a column cannot hold the floors side by side with tiles 8 mm wide, they are drawn
    wider than the column, which sends the box across the page."""
    castle, tiles = _castle_parts(puzzle)
    floors = floors_figure(castle, width=max(width - INDENT, _least(castle, MIN_TILE)),
                           tiles=tiles, largest=look.tile)
    room = width - INDENT - floors.width - 8.0
    if room < 40.0:
        return (floors,)
    picture = isometric_figure(castle, width=room)
    if picture.height > floors.height:
        picture = isometric_figure(castle, width=room * floors.height / picture.height)
    return (Beside((floors, picture)),)


def castle_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    castle, tiles = _castle_parts(puzzle)
    deal = deal_of(puzzle.question, puzzle.id)
    numbers = {}
    for k, (a, b) in enumerate(puzzle.answer["solution"], start=1):
        numbers[cell_of(deal.layout.positions[a])] = k
        numbers[cell_of(deal.layout.positions[b])] = k
    return (floors_figure(castle, width=max(width - INDENT, _least(castle, KEY_TILE)),
                          tiles=tiles, numbers=numbers, largest=KEY_TILE),
            Paragraph("Take the pairs in the order of their numbers. "
                      + dead_ends_sentence(puzzle.grade.get("traps", 0)),
                      size=SMALL, color=MUTED))


PRESENTERS = {"castle": Presenters(castle_question, castle_answer, "")}
