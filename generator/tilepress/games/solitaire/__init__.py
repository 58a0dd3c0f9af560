"""Mahjong solitaire, for one player.

The tiles are dealt face up onto a layout of several layers. A tile is free when nothing
lies on it and its left or right side is clear. Remove two free matching tiles at a time
(identical tiles; any flower with any flower, any season with any season); you win when
every tile is gone. tilepress prints deals a solver has proven winnable, every layer
drawn, with a numbered solution. Rulings: docs/rulings.md.
"""

from tilepress.engine.game import FigureEntry, Game, PrintableEntry, PuzzleEntry
from tilepress.games.solitaire.options import (
    BuildPlanOptions,
    FreeFigure,
    SolitaireFigure,
    SolitaireParams,
)

GAME = Game(
    name="solitaire",
    title="Mahjong solitaire",
    players="1",
    package=__name__,
    about=__doc__ or "",
    puzzles=(
        PuzzleEntry("solitaire", "SolitaireKind", SolitaireParams,
                    "Mahjong solitaire deals proven winnable, every layer drawn, with a "
                    "numbered key.",
                    "tilepress puzzle solitaire --layout turtle --difficulty hard --seed 3 "
                    "-o out/s.pdf", count=1),
    ),
    printables=(
        PrintableEntry("plan", "build_plans", "Build plans: every layer of a layout on a "
                       "numbered grid, the layer beneath drawn faintly, to lay it out with "
                       "real or paper tiles.", BuildPlanOptions),
    ),
    figures=(
        FigureEntry("layout", "layout_figure", SolitaireFigure,
                    "A solitaire layout, empty or dealt, every layer drawn.",
                    "tilepress draw layout pyramid --free -o pyramid.svg"),
        FigureEntry("free-tiles", "free_figure", FreeFigure,
                    "Which tiles are free: a few tiles as they lie, the free ones outlined.",
                    "tilepress draw free-tiles -o free.svg"),
    ),
)
