"""American Mah Jongg's print-and-play kit: 152 paper tiles, the practice card, tile stands, the
Charleston aid, a payments sheet and puzzles."""

from __future__ import annotations

from tilepress.documents.kits import CARD, KitOptions, Plan, Printable, Puzzles
from tilepress.draw.canvas import Paper


def plan(paper: Paper, options: KitOptions) -> Plan:
    return Plan(
        tiles="american", tiles_about="152 paper tiles: a full set with eight jokers",
        printables=(
            Printable("card", "card-of-hands", "The practice card of hands, one per player"),
            Printable("stand", "tile-stands", "Tile stands to fold: two side by side make a rack",
                      CARD, options={"tile_size": "{tile_w}x{tile_h}"}),
            Printable("charleston", "charleston", "The Charleston, one for each player"),
            Printable("sheet", "payments-sheet", "Payments score sheet"),
        ),
        puzzles=(Puzzles("american", 3, "Which hands, what to pass"),),
        note="The card of hands is an original practice card. For league play, use the "
             "National Mah Jongg League's card of the year, which is sold by the League.")
