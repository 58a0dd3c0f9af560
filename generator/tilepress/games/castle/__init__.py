"""Dragon Castle, played with a mahjong set, for 2 to 4 players.

The tiles stand face up in a central castle of several floors. On a turn you take an open
tile from the top floor and then a second identical open tile, or a shrine, or discard the
tile for a point; or, once the castle is down to its ground floor, you summon the Elder
Dragon. Kept tiles are built into your own castle on a 6x6 board, and every group of four
or more connected tiles of one type flips face down and scores; shrines on flipped tiles
score by their floor. Rulings: docs/rulings.md.
"""

from tilepress.engine.game import FigureEntry, Game, PrintableEntry, PuzzleEntry
from tilepress.games.castle.options import (
    BoardOptions,
    CastleFigure,
    CastleOptions,
    CastleParams,
    CastlePlay,
    SetupOptions,
)
from tilepress.games.castle.tokens import ShrineOptions
from tilepress.params import PrintOptions

GAME = Game(
    name="castle",
    title="Dragon Castle",
    players="2-4",
    package=__name__,
    about=__doc__ or "",
    options=CastleOptions,
    play_options=CastlePlay,
    seats=lambda options, play: options.players,
    play_example="tilepress play castle --players 3 --seed 2 -o out/castle-game.pdf",
    puzzles=(
        PuzzleEntry("castle", "CastleKind", CastleParams,
                    "Dragon Castles that double as solitaires: a castle for a tile set and "
                    "player count, dealt so that it comes apart in identical free pairs, "
                    "proved by the solver.",
                    "tilepress puzzle castle --players 3 --symmetric --seed 4 -o out/castle.pdf",
                    count=1),
    ),
    printables=(
        PrintableEntry("setup", "setup_diagram", "The suggested castles, floor by floor.",
                       options=SetupOptions),
        PrintableEntry("board", "castle_board", "A 6x6 castle board with cells the size of "
                       "your tiles (--tile-size WxH).", options=BoardOptions),
        PrintableEntry("pad", "score_pad", "A score pad with both tie-breaks.", PrintOptions),
        PrintableEntry("card", "turn_card", "The turn in five steps, two to a sheet.",
                       PrintOptions),
        PrintableEntry("shrines", "shrine_tokens", "The 12 shrines as double-sided paper "
                       "tokens.", options=ShrineOptions),
    ),
    figures=(
        FigureEntry("castle", "castle_figure", CastleFigure,
                    "A Dragon Castle, empty or dealt: isometric, as a height map, floor by "
                    "floor, or from above, rows and columns numbered.",
                    "tilepress draw castle towers --view floors --dealt --open -o towers.svg"),
    ),
)
