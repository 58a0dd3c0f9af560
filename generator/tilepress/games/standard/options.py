"""The options of the puzzles on the standard hand: find the wait, which discard."""

from __future__ import annotations

from dataclasses import dataclass

from tilepress.params import option
from tilepress.puzzles.base import DIFFICULTIES, MAX_COUNT

SIZES = (4, 7, 10, 13)
DIFFICULTY = option("medium", choices=(*DIFFICULTIES, "any"), flags=("--difficulty", "-d"),
                    help="easy, medium, hard, expert or any.")
SUITS = option("one", choices=("one", "mixed"), help="one (a single suit, as in One suit "
               "mahjong) or mixed (all suits and honors).")
SUIT = option("any", choices=("m", "p", "s", "any"), help="Suit of one-suit hands: m, p, s "
              "or any.")


@dataclass(frozen=True)
class WaitsParams:
    tiles: int = option(13, choices=SIZES, help="Hand size: 4, 7, 10 or 13.")
    suits: str = SUITS
    difficulty: str = DIFFICULTY
    waits: int = option(0, low=0, high=13, help="Exactly this many waits (0: any).")
    decoys: int = option(0, low=0, high=MAX_COUNT,
                         help="How many 'not ready' hands (answer: no wait) to mix in.")
    suit: str = SUIT


@dataclass(frozen=True)
class DiscardParams:
    tiles: int = option(13, choices=SIZES, help="Hand size after the discard: 4, 7, 10 or 13.")
    suits: str = SUITS
    difficulty: str = DIFFICULTY
    suit: str = SUIT


@dataclass(frozen=True)
class HandFigure:
    hand: str = option("", argument=True, help="Tiles in MPSZ notation, groups set apart "
                       "by spaces, exposed sets in brackets: '123m 456p [777s] 11z'.")
    highlight: str = option("", help="A tile to outline, such as 1z (the tile just drawn, "
                            "the winning tile).")
    tile_width: float = option(12.0, low=4, high=60, help="Width of a tile in mm.")


@dataclass(frozen=True)
class WaitsFigure:
    hand: str = option("", argument=True, help="A ready hand in MPSZ notation, groups set "
                       "apart by spaces, exposed sets in brackets: '1112345678999m'.")
    tile_width: float = option(12.0, low=4, high=60, help="Width of a tile in mm.")
