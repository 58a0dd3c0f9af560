"""Puzzle pages and answer keys, for any puzzle kind, as document blocks."""

from __future__ import annotations

from dataclasses import dataclass

from tilepress.documents.markup import template_blocks
from tilepress.documents.model import (
    Block,
    Box,
    Document,
    Grid,
    Heading,
    PageBreak,
    Paragraph,
    Section,
    TileRow,
)
from tilepress.draw.canvas import Paper
from tilepress.params import params_dict, parse_params
from tilepress.puzzles.base import PuzzleKind, PuzzleSet
from tilepress.tiles import parse_tiles


@dataclass(frozen=True)
class PuzzleSection:
    """A titled set of puzzles, numbered from ``first`` in the book."""

    title: str
    kind: PuzzleKind
    puzzles: PuzzleSet
    first: int = 1


def frame_width(paper: Paper, margin: float = 15.0) -> float:
    return paper.width - 2 * margin


def question_blocks(section: PuzzleSection, width: float) -> list[Block]:
    kind, puzzles = section.kind, section.puzzles
    values = {k.replace("-", "_"): v for k, v in params_dict(_params(section)).items()}
    cells = tuple(
        Box(kind.question_blocks(p), number=str(section.first + i), badge=p.difficulty,
            lines=kind.writing_lines(p), line_label=kind.answer_label,
            line_labels=kind.line_labels(p))
        for i, p in enumerate(puzzles.puzzles)
    )
    return [
        Section(section.title),
        Heading(section.title),
        *template_blocks(f"puzzles/{kind.instructions}", **values),
        Grid(cells, columns=kind.columns(puzzles, width)),
    ]


def answer_blocks(section: PuzzleSection, width: float, *, heading_level: int = 2) -> list[Block]:
    kind, puzzles = section.kind, section.puzzles
    cells = tuple(
        Box(kind.answer_blocks(p), number=str(section.first + i),
            title=kind.answer_title(p), badge=p.difficulty)
        for i, p in enumerate(puzzles.puzzles)
    )
    return [Heading(section.title, level=heading_level),
            Grid(cells, columns=kind.key_columns(puzzles, width), gap=3.0)]


def _params(section: PuzzleSection):
    kind = section.kind
    return parse_params(kind.params_type, section.puzzles.generator.get("params", {}),
                        where=section.title)


def sheet(section: PuzzleSection, paper: Paper, *, subtitle: str = "") -> Document:
    """One set of puzzles with its answer key after a page break."""
    width = frame_width(paper)
    kind = section.kind
    note = template_blocks(f"puzzles/{kind.key_note}", size=9.0) if kind.key_note else ()
    blocks: list[Block] = [*question_blocks(section, width), PageBreak(), Section("Answers"),
                           Heading("Answers"), *note, *answer_blocks(section, width)]
    return Document(section.title, paper, tuple(blocks), subtitle=subtitle)


def tile_chart(suits: str = "mpsz") -> list[Block]:
    """Rows of tiles with their notation, one row per suit."""
    rows = {"m": ("123456789m", "m  characters"), "p": ("123456789p", "p  dots"),
            "s": ("123456789s", "s  bamboo"), "z": ("1234567z", "z  honors"),
            "f": ("12345678f", "f  flowers, seasons")}
    blocks: list[Block] = []
    for letter in suits:
        text, label = rows[letter]
        blocks.append(TileRow((parse_tiles(text),), tile_width=8.5, label=label,
                              label_width=34.0))
    blocks.append(Paragraph("Red fives are written 0m, 0p and 0s; a joker is 1j.", size=8.5,
                            color="#6b6862"))
    return blocks
