"""Mah-Jongg One Player: ten lines of fourteen tiles, for one player.

You hold eight tiles and place them on lines: at least two on the first turn and at least
one on every later turn, then draw back up to eight. The horizontal line is filled first;
then nine vertical lines, each starting from a tile of the horizontal line. A full line
scores its pairs, pungs and kongs (doubled for honors and bonus tiles), or 200 for a
special line. The game ends when all ten lines are full. Rulings: docs/rulings.md.
"""

from tilepress.engine.game import FigureEntry, Game, PrintableEntry
from tilepress.games.oneplayer.options import (
    BoardFigure,
    LineFigure,
    OnePlayerOptions,
    OnePlayerPlay,
)
from tilepress.params import PrintOptions

GAME = Game(
    name="oneplayer",
    title="Mah-Jongg One Player",
    players="1",
    package=__name__,
    about=__doc__ or "",
    options=OnePlayerOptions,
    play_options=OnePlayerPlay,
    seats=lambda options, play: 1,
    play_example="tilepress play oneplayer --seed 5 -o out/oneplayer.pdf",
    printables=(
        PrintableEntry("sheet", "score_sheet", "A score sheet for the ten lines.",
                       PrintOptions),
    ),
    figures=(
        FigureEntry("line", "line_figure", LineFigure,
                    "A full line of fourteen tiles, matching tiles side by side (Mah-Jongg One "
                    "Player); --facts prints what it scores.",
                    "tilepress draw line 11335577991357p -o line.svg"),
        FigureEntry("board", "board_figure_of", BoardFigure,
                    "A Mah-Jongg One Player board from a game played by the planner.",
                    "tilepress draw board --game 5 --turns 12 -o board.svg"),
    ),
)
