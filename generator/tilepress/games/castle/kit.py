"""Dragon Castle's print-and-play kit: the recommended 112 paper tiles, a castle board for
each player whose cells fit them, the shrines (below each board when there is room, else
on a card-stock sheet of their own), the suggested castles, the turn card, a score pad
and a castle puzzle."""

from __future__ import annotations

from tilepress.documents.cards import CardSheetOptions
from tilepress.documents.kits import CARD, TWO_SIDED, KitOptions, Part, Plan, Printable, Puzzles
from tilepress.documents.tiles import tile_size
from tilepress.draw.canvas import Paper
from tilepress.games.castle.options import BoardOptions
from tilepress.games.castle.printables import shrines_fit
from tilepress.games.castle.tokens import shrine_tokens, token_size

CASTLE_SET = "1234567m1234567p1234567s1234567z x4"


def plan(paper: Paper, options: KitOptions) -> Plan:
    w, h = tile_size(options.tile_size)
    on_board = shrines_fit(paper, BoardOptions(tile_size=f"{w:g},{h:g}",
                                               large_print=options.large_print))
    pieces: tuple[Part, ...] = ()
    if not on_board:
        shrines = CardSheetOptions(card_size=token_size(w), duplex=options.duplex)
        pieces = (Part("shrines", "12 shrines: three for each player, up to four", CARD,
                       TWO_SIDED, lambda: shrine_tokens(paper, shrines), quick=True),)
    board = "Castle board, its cells the size of the tiles"
    if on_board:
        board += ", and three shrines to cut out for the pool"
    return Plan(
        tiles=CASTLE_SET,
        large_tiles=1.2,
        tiles_about="112 paper tiles: the recommended set (numbers 1 to 7, winds, dragons)",
        pieces=pieces,
        printables=(
            Printable("board", "board", board, how="one-sided, one for each player",
                      options={"tile_size": "{tile_w},{tile_h}"}),
            Printable("setup", "castle-setup", "The three suggested castles, floor by floor"),
            Printable("card", "turn-card", "Your turn in five steps, one for each player"),
            Printable("pad", "score-pad", "Score pad, two games a page"),
        ),
        puzzles=(Puzzles("castle", 1, "A castle that comes apart", {"players": 2}),))
