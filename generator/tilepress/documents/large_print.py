"""Large print: a document's words at 14 pt or more and its tiles half as large again,
laid out again from its blocks (never a page scaled up).

:func:`enlarge` rewrites the blocks a document is made of: paragraphs, lists, tables and
headings take at least :data:`~.print_options.LARGE_TYPE`, rows of tiles grow by
:data:`~.print_options.LARGE_TILES`, a grid of puzzles keeps half as many columns, and
the pages flow again. A figure's own drawing keeps its size (a figure drawn for large
print is drawn so by its maker); its caption is enlarged.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from tilepress.documents.blocks import HEADING_SIZES
from tilepress.documents.model import (
    Beside,
    Block,
    Box,
    Bullets,
    Contents,
    Document,
    Figure,
    Grid,
    Heading,
    Paragraph,
    PlayerAid,
    Table,
    TileRow,
    TitlePage,
)
from tilepress.documents.print_options import LARGE_TILES, LARGE_TYPE, large
from tilepress.draw.canvas import Paper

HEADING_STEP = {1: 8.0, 2: 4.0, 3: 2.0}
"""Large-print headings stand this much above the body's 14 pt."""


def enlarge(block: Block) -> Block:
    """One block in large print (see the module's docstring)."""
    if isinstance(block, Heading):
        normal = HEADING_SIZES.get(block.level, 11.0)
        return replace(block, size=max(normal, LARGE_TYPE + HEADING_STEP.get(block.level, 2.0)))
    if isinstance(block, Paragraph | Bullets):
        return replace(block, size=max(block.size, LARGE_TYPE))
    if isinstance(block, Table):
        rows = tuple(tuple(enlarge(c) if isinstance(c, TileRow) else c for c in row)
                     for row in block.rows)
        return replace(block, size=max(block.size, LARGE_TYPE), rows=rows)
    if isinstance(block, TileRow):
        grow = max(1.0, LARGE_TYPE / block.label_size) if block.label else 1.0
        return replace(block, tile_width=block.tile_width * LARGE_TILES, wrap=True,
                       label_size=max(block.label_size, LARGE_TYPE),
                       label_width=block.label_width * grow)
    if isinstance(block, TitlePage):
        return replace(block, line_size=max(block.line_size, LARGE_TYPE))
    if isinstance(block, Contents):
        return replace(block, size=max(block.size, LARGE_TYPE))
    if isinstance(block, Figure):
        return replace(block, caption_size=max(block.caption_size, LARGE_TYPE))
    if isinstance(block, Box):
        return replace(block, body=tuple(enlarge(b) for b in block.body),
                       size=max(block.size, LARGE_TYPE))
    if isinstance(block, Grid):
        return replace(block, cells=tuple(enlarge(c) for c in block.cells),
                       columns=max(1, block.columns // 2))
    return block


def enlarge_blocks(blocks: tuple[Block, ...]) -> tuple[Block, ...]:
    """Every block in large print; words :class:`~.model.Beside` a figure go below it
    again (at 14 pt, a column beside a figure would hold a word or two a line)."""
    return tuple(enlarge(b) for block in blocks
                 for b in ((block.figure, *block.blocks) if isinstance(block, Beside)
                           else (block,)))


def enlarge_document(document: Document | PlayerAid) -> Document:
    """A document in large print; a player aid (half a sheet, two to a sheet) becomes one
    whole page, since its half page no longer holds it."""
    if isinstance(document, PlayerAid):
        inner = document.document
        document = replace(inner, paper=document.sheet, margin=15.0)
    return replace(document, blocks=enlarge_blocks(document.blocks),
                   furniture_size=max(document.furniture_size, LARGE_TYPE))


def large_print_aware(function: Callable[[Paper, Any], Any]) -> Callable[[Paper, Any], Any]:
    """A printable ``(paper, options) -> printed`` whose document (or player aid) is laid
    out again in large print when its options ask for it."""

    @functools.wraps(function)
    def printable(paper: Paper, options: Any = None) -> Any:
        printed = function(paper, options)
        if large(options) and isinstance(printed, Document | PlayerAid):
            return fewer_rows(enlarge_document(printed), _pages(printed))
        return printed

    return printable


def _pages(printed: Document | PlayerAid) -> int:
    from tilepress.documents.layout import page_fills

    return len(page_fills(printed.document if isinstance(printed, PlayerAid) else printed))


def fewer_rows(document: Document, pages: int) -> Document:
    """A sheet to write on, in large print, on as many pages as in normal print: the
    rows of its writing tables (blank rows of a set height, numbered 1, 2, 3, ...) go
    from the end, down to half of them, until it fits. Tables whose rows name what to
    write (a score pad's sources, the ten lines of a game) keep every row."""
    from tilepress.documents.layout import page_fills

    def writing(block: Block) -> bool:
        return (isinstance(block, Table) and block.row_height > 0 and len(block.rows) > 4
                and all(isinstance(r[0], str) and r[0].isdigit()
                        and not any(c for c in r[1:]) for r in block.rows))

    blocks = list(document.blocks)
    fixed = [k for k, b in enumerate(blocks) if isinstance(b, Table) and b.row_height > 10.0
             and not writing(b)]  # rows that name what to write: a little lower, all kept
    while fixed and len(page_fills(replace(document, blocks=tuple(blocks)))) > pages:
        for k in fixed:
            table = blocks[k]
            assert isinstance(table, Table)
            blocks[k] = replace(table, row_height=max(10.0, table.row_height - 0.5))
        if all(blocks[k].row_height <= 10.0 for k in fixed):  # type: ignore[union-attr]
            break
    tables = [k for k, b in enumerate(blocks) if writing(b)]
    least = {k: len(blocks[k].rows) // 2 for k in tables}  # type: ignore[union-attr]
    while tables and len(page_fills(replace(document, blocks=tuple(blocks)))) > pages:
        k = max(tables, key=lambda k: len(blocks[k].rows))  # type: ignore[union-attr]
        table = blocks[k]
        assert isinstance(table, Table)
        if len(table.rows) <= least[k]:
            break
        blocks[k] = replace(table, rows=table.rows[:-1])
    return replace(document, blocks=tuple(blocks))


__all__ = ["enlarge", "enlarge_blocks", "enlarge_document", "fewer_rows", "large_print_aware"]
