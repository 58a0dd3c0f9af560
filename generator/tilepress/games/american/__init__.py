"""American Mah Jongg, for four players.

152 tiles: three suits, winds, dragons, eight flowers and eight jokers. Hands come from a
card of hands; tilepress ships an original practice card and reads your own. After the
deal come the Charleston (passes of three tiles right, across and left, a second round
the players may stop, and a courtesy pass), then turns: draw or call a discard, discard.
Jokers stand in for tiles in pungs, kongs and quints, and an exposed joker can be
redeemed with the tile it stands for. Mah Jongg ends the game, and the others pay.
Rulings: docs/rulings.md.
"""

from tilepress.documents.print_options import StandOptions
from tilepress.engine.game import FigureEntry, Game, PrintableEntry, PuzzleEntry
from tilepress.games.american.options import (
    AmericanOptions,
    AmericanParams,
    AmericanPlay,
    CardHandFigure,
)
from tilepress.params import PrintOptions

GAME = Game(
    name="american",
    title="American Mah Jongg",
    players="4",
    package=__name__,
    about=__doc__ or "",
    options=AmericanOptions,
    play_options=AmericanPlay,
    seats=lambda options, play: 4,
    play_example="tilepress play american --seed 5 -o out/american-game.pdf",
    puzzles=(
        PuzzleEntry("american", "AmericanKind", AmericanParams,
                    "American Mah Jongg quizzes: 13 tiles after the deal; which hands are "
                    "closest, and what do you pass first?",
                    "tilepress puzzle american --count 8 --difficulty hard -o out/american.pdf"),
    ),
    printables=(
        PrintableEntry("card", "practice_card_sheet", "The practice card of hands.",
                       PrintOptions),
        PrintableEntry("sheet", "payments_sheet", "A payments score sheet.", PrintOptions),
        PrintableEntry("charleston", "charleston_card", "The Charleston on one page.",
                       PrintOptions),
        PrintableEntry("stand", "tile_stand", "Tile stands to fold from card stock, one for "
                       "each player: what holds your paper tiles in place of a rack.",
                       StandOptions),
    ),
    figures=(
        FigureEntry("card-hand", "card_hand_figure", CardHandFigure,
                    "One hand of a card of hands as the card prints it, with its value, and "
                    "a player's tiles that make it (American Mah Jongg).",
                    "tilepress draw card-hand '2468 #1' --tiles 222m4444m666m8888m "
                    "-o card-hand.svg"),
    ),
)
