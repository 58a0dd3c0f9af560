"""One suit mahjong, for two players.

The 36 tiles of one suit; each player holds 4, 7, 10 or 13 (with 13, seven different
pairs also win). On a turn you win on your opponent's last discard (ron), or draw; you may
set four of a kind aside as a kan and draw again; you win on the tile you drew (tsumo) or
discard one. A winner names every tile that would have finished the hand, and naming
scores. When a player must draw from an empty wall, both show their hands and name their
waits. Rulings: docs/rulings.md.
"""

from tilepress.engine.game import Game, PrintableEntry
from tilepress.games.onesuit.options import OneSuitOptions, OneSuitPlay
from tilepress.params import PrintOptions

GAME = Game(
    name="onesuit",
    title="One suit mahjong",
    players="2",
    package=__name__,
    about=__doc__ or "",
    options=OneSuitOptions,
    play_options=OneSuitPlay,
    seats=lambda options, play: 2,
    bot_args=("slip",),
    play_example="tilepress play onesuit --tiles 7 --seed 3 -o out/onesuit.pdf",
    printables=(
        PrintableEntry("card", "wait_shapes_card", "A reference card of wait shapes.",
                       PrintOptions),
        PrintableEntry("sheet", "score_sheet", "A two-player score sheet, hand by hand.",
                       PrintOptions),
    ),
)
