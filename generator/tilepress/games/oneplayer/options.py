"""The options of Mah-Jongg One Player: the rules, and which bot plays."""

from __future__ import annotations

from dataclasses import dataclass

from tilepress.errors import RequestError
from tilepress.params import option
from tilepress.tiles import BONUS_TILES, STANDARD_TILES, Tile


@dataclass(frozen=True)
class OnePlayerOptions:
    flowers: str = option("pairs", choices=("pairs", "one-kind", "none"),
                          help="pairs (flowers match flowers, seasons seasons), one-kind, or "
                          "none (play without the bonus tiles).",
                          rule="flowers and seasons: in the standard game any flower "
                          "matches any flower and any season any season; a table may let "
                          "all eight match one another, or play without them (136 "
                          "tiles).")

    def __post_init__(self) -> None:
        if self.flowers not in ("pairs", "one-kind", "none"):
            raise RequestError(f"flowers must be pairs, one-kind or none, not {self.flowers!r}")

    def tileset(self) -> tuple[Tile, ...]:
        tiles = [t for t in STANDARD_TILES for _ in range(4)]
        if self.flowers != "none":
            tiles += list(BONUS_TILES)
        return tuple(tiles)


@dataclass(frozen=True)
class OnePlayerPlay:
    bots: str = option("planner", flags=("--bots", "--bot"), help="The bot: planner or greedy.")


@dataclass(frozen=True)
class LineFigure:
    tiles: str = option("", argument=True, help="The fourteen tiles of a full line, in MPSZ "
                        "(1f-8f for flowers and seasons).")
    flowers: str = option("pairs", choices=("pairs", "one-kind", "none"),
                          help="How bonus tiles match: pairs, one-kind or none.")
    tile_width: float = option(10.0, low=4, high=60, help="Width of a tile in mm.")


@dataclass(frozen=True)
class BoardFigure:
    game: int = option(1, low=1, high=2**31, help="Which game the planner plays (its number, "
                       "from 1).")
    turns: int = option(0, low=0, high=1000,
                        help="Draw the board after this many turns (0: at the end).")
    flowers: str = option("pairs", choices=("pairs", "one-kind", "none"),
                          help="How bonus tiles match: pairs, one-kind or none.")
    width: float = option(150.0, low=20, high=1000, help="Width of the board in mm.")
