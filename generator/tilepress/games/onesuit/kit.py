"""One suit mahjong's print-and-play kit: 36 paper tiles, the wait shapes, a score sheet
and find-the-wait puzzles."""

from __future__ import annotations

from tilepress.documents.kits import (
    CARD,
    ONE_SIDED,
    KitOptions,
    Part,
    Plan,
    Printable,
    Puzzles,
)
from tilepress.documents.tiles import tile_size, tile_stands
from tilepress.draw.canvas import Paper


def plan(paper: Paper, options: KitOptions) -> Plan:
    return Plan(
        tiles="onesuit", tiles_about="36 paper tiles: the characters, four of each number",
        tile_size="30x40.5",
        pieces=(Part("tile-stands", "Two tile stands to fold: your tiles stand on them", CARD,
                     ONE_SIDED, lambda: tile_stands(paper, *tile_size(options.tile_size),
                                                    count=2, title="One suit mahjong",
                                                    hand=8, large_print=options.large_print),
                     quick=True),),
        printables=(
            Printable("card", "wait-shapes", "Wait shapes: every wait of one suit, worked out"),
            Printable("sheet", "score-sheet", "Score sheet (print as many as you need)"),
        ),
        puzzles=(Puzzles("waits", 4, "Find the wait: 7 tiles", {"tiles": 7, "suit": "m"}),
                 Puzzles("waits", 2, "Find the wait: 10 tiles",
                         {"tiles": 10, "difficulty": "hard", "suit": "m"})))
