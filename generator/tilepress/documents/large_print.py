"""Large print: a document's words at 14 pt or more and its tiles half as large again,
laid out again from its blocks (never a page scaled up).

:func:`enlarge` rewrites the blocks a document is made of: paragraphs, lists, tables and
headings take at least :data:`~.print_options.LARGE_TYPE`, rows of tiles grow by
:data:`~.print_options.LARGE_TILES`, a grid of puzzles keeps half as many columns, and
the pages flow again. A figure's own drawing keeps its size (a figure drawn for large
print is drawn so by its maker); its caption is enlarged.
"""

from __future__ import annotations

from dataclasses import replace

from tilepress.documents.blocks import HEADING_SIZES
from tilepress.documents.model import (
    Block,
    Box,
    Bullets,
    Document,
    Figure,
    Grid,
    Heading,
    Paragraph,
    PlayerAid,
    Table,
    TileRow,
)
from tilepress.documents.print_options import LARGE_TILES, LARGE_TYPE

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
        return replace(block, size=max(block.size, LARGE_TYPE), rows=rows,
                       row_height=block.row_height * LARGE_TYPE / max(block.size, 1.0)
                       if block.row_height else 0.0)
    if isinstance(block, TileRow):
        return replace(block, tile_width=block.tile_width * LARGE_TILES, wrap=True)
    if isinstance(block, Figure):
        return replace(block, caption_size=max(block.caption_size, LARGE_TYPE))
    if isinstance(block, Box):
        return replace(block, body=tuple(enlarge(b) for b in block.body))
    if isinstance(block, Grid):
        return replace(block, cells=tuple(enlarge(c) for c in block.cells),
                       columns=max(1, block.columns // 2))
    return block


def enlarge_blocks(blocks: tuple[Block, ...]) -> tuple[Block, ...]:
    return tuple(enlarge(b) for b in blocks)


def enlarge_document(document: Document | PlayerAid) -> Document:
    """A document in large print; a player aid (half a sheet, two to a sheet) becomes one
    whole page, since its half page no longer holds it."""
    if isinstance(document, PlayerAid):
        inner = document.document
        document = replace(inner, paper=document.sheet, margin=15.0)
    return replace(document, blocks=enlarge_blocks(document.blocks))


__all__ = ["enlarge", "enlarge_blocks", "enlarge_document"]
