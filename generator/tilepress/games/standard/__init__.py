"""The standard mahjong hand: sets and a pair.

A complete hand of 3k+2 tiles is k sets (three in a row of one suit, or three alike)
and a pair; fourteen tiles may also be seven different pairs or thirteen orphans. A hand
of 3k+1 tiles is ready when some tile completes it, and those tiles are its waits. The
puzzles here are the ones every mahjong player meets: find the wait, and which discard.
The engine itself (waits, shanten, readings) is shared: :mod:`tilepress.engine.standard`.
"""

from tilepress.engine.game import FigureEntry, Game, PuzzleEntry
from tilepress.games.standard.options import DiscardParams, HandFigure, WaitsFigure, WaitsParams

GAME = Game(
    name="standard",
    title="The standard hand",
    players="-",
    package=__name__,
    about=__doc__ or "",
    puzzles=(
        PuzzleEntry("waits", "WaitsKind", WaitsParams,
                    "Find-the-wait puzzles: which tiles complete each hand?",
                    "tilepress puzzle waits --count 24 --difficulty hard --seed 7 "
                    "-o out/waits.pdf"),
        PuzzleEntry("discard", "DiscardKind", DiscardParams,
                    "Which-discard puzzles: which tile leaves the hand the most tiles to "
                    "win on?",
                    "tilepress puzzle discard --suits mixed --difficulty hard "
                    "-o out/discard.pdf"),
    ),
    figures=(
        FigureEntry("hand", "hand_figure", HandFigure,
                    "A hand with its exposed sets and a tile outlined.",
                    'tilepress draw hand "123m 456p [777s] 11z" --highlight 1z -o hand.svg'),
        FigureEntry("waits", "waits_figure", WaitsFigure,
                    "A ready hand and the tiles it waits on.",
                    "tilepress draw waits 1112345678999m -o nine-gates.pdf"),
    ),
)
