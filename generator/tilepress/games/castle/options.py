"""The options of Dragon Castle: the rules, the bots, the castle puzzles and the printables.

Options name a castle (built in, ``generate`` or a ``.castle`` file); they never read
one. The runner, the puzzle kind and the printables load it
(:func:`tilepress.layouts.files.find_castle`), so the rules receive a castle as data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tilepress.errors import RequestError
from tilepress.params import large_print_option, option
from tilepress.puzzles.base import DIFFICULTIES

if TYPE_CHECKING:
    from tilepress.layouts.castle import TileSet

SHRINES_PER_PLAYER = 3
MAX_SHRINES = 144
"""At most one shrine for every tile of a whole set."""
MAX_TILES = 144
"""The largest set: 144 tiles."""


def default_castle_tiles(set_size: int, players: int) -> int:
    """Tiles in a generated castle: the whole set for four players, seven eighths for
    three, three quarters for two (whole faces of four; see docs/rulings.md)."""
    share = {4: 1.0, 3: 0.875, 2: 0.75}[players]
    return max(4, int(set_size * share) // 4 * 4)


def _tile_set(text: str) -> TileSet:
    from tilepress.layouts.castle import tile_set

    return tile_set(text)


@dataclass(frozen=True)
class CastleOptions:
    players: int = option(4, choices=(2, 3, 4), help="Players, 2 to 4.",
                         rule="players: two, three or four; the standard game is for "
                         "four.")
    layout: str = option("towers", help="The central castle: one of the three the rules "
                         "suggest (octagon, quarters, towers), a new one shaped for the set "
                         "and the players (generate), or one of your own drawn as a height "
                         "map (a .castle file).",
                         rule="the castle: the standard game builds the towers; a table may "
                         "build the octagon or the quarters instead, or a new castle shaped "
                         "for its set and the number of players.")
    tileset: str = option("recommended", help="The tiles: recommended (1 to 7 of each suit, "
                          "winds and dragons: 112), all (every suit tile, winds and dragons: "
                          "136), or a set of your own written as a tile string.",
                          rule="the tiles: the standard game plays 112 tiles (1 to 7 of each "
                          "suit, the winds and the dragons); a table may play all 136 "
                          "(every suit tile, the winds and the dragons).")
    shrines: int = option(0, low=0, high=MAX_SHRINES,
                          help="Shrines in the pool (0: three per player); at most "
                          f"{MAX_SHRINES}, one for every tile of a whole set.",
                          rule="the shrines: the standard pool holds three shrines for each "
                          "player; a table may agree on more or fewer.")
    group: int = option(4, choices=(4, 5), help="The smallest group that flips: 4, or 5 for "
                        "the text's literal 'more than 4'.",
                        rule="the smallest group that flips: in the standard game a group "
                        "of four or more identical tiles flips; a table may flip only "
                        "groups of five or more, as the rules' words 'more than 4' say.")

    def __post_init__(self) -> None:
        if self.players not in (2, 3, 4):
            raise RequestError(f"Dragon Castle is for 2 to 4 players, not {self.players}")
        if not 0 <= self.shrines <= MAX_SHRINES:
            raise RequestError(f"shrines must be from 0 to {MAX_SHRINES}, not {self.shrines}")
        _tile_set(self.tileset)  # fail at once on a bad set

    @property
    def shrine_pool(self) -> int:
        return self.shrines or SHRINES_PER_PLAYER * self.players

    def set_of_tiles(self) -> TileSet:
        return _tile_set(self.tileset)


@dataclass(frozen=True)
class CastlePlay:
    bots: str = option("planner", help="planner or random, one for all or one per player, "
                       "comma-separated.")


@dataclass(frozen=True)
class CastleParams:
    layout: str = option("generate", help="generate (a new castle), a built-in castle "
                         "(octagon, quarters, towers) or a .castle height-map file.")
    tileset: str = option("recommended", help="recommended (pips 1-7, winds, dragons: 112), "
                          "all (136), or a custom tile string such as "
                          "123456m123456p123456s1234567zx4.")
    players: int = option(4, choices=(2, 3, 4), help="Players, 2 to 4: sets the size of a "
                          "generated castle.")
    tiles: int = option(0, low=0, high=MAX_TILES,
                        help="Exact tiles in a generated castle (0: by the player count).")
    floors: int = option(3, choices=(1, 2, 3, 4), help="Most floors of a generated castle.")
    symmetric: bool = option(False, flags=("--symmetric/--any-shape",),
                             help="Mirror a generated castle left to right.")
    difficulty: str = option("any", choices=(*DIFFICULTIES, "any"), flags=("--difficulty", "-d"),
                             help="easy, medium, hard, expert or any.")

    def __post_init__(self) -> None:
        _tile_set(self.tileset)
        if not 0 <= self.tiles <= MAX_TILES:
            raise RequestError(f"tiles must be from 0 to {MAX_TILES}, not {self.tiles}")

    def generated_tiles(self) -> int:
        """Tiles in a generated castle: as asked, or by the player count."""
        return self.tiles or default_castle_tiles(len(_tile_set(self.tileset)), self.players)


SUGGESTED = "suggested"


@dataclass(frozen=True)
class SetupOptions:
    layout: str = option(SUGGESTED, help="suggested (the three castles the rules suggest), "
                         "or one castle: built in (octagon, quarters, towers) or a .castle "
                         "file.")
    large_print: bool = large_print_option()


TILE_SIZE = (26.0, 34.7)
"""The board's cells (mm) unless told: a common tile, 26 mm wide and 34.7 mm tall."""


@dataclass(frozen=True)
class BoardOptions:
    """The castle board's cells."""

    tile_size: str = option(f"{TILE_SIZE[0]:g}x{TILE_SIZE[1]:g}",
                            help="Your tiles' width and height in mm, as WxH (W,H works "
                            "too): the board's cells fit them (26x34.7 unless told).")
    shrines: bool = option(True, flags=("--shrines/--no-shrines",),
                           help="Print three shrines for the pool below the board, to cut "
                           "out, where the page has room for them (the default).")
    large_print: bool = large_print_option()

    def cell(self) -> tuple[float, float]:
        parts = self.tile_size.replace(" ", "").lower().replace("x", ",").split(",")
        try:
            w, h = (float(p) for p in parts)
        except ValueError:
            raise RequestError(f"tile-size must be a width and a height in mm, as 26x34.7, "
                               f"not {self.tile_size!r}") from None
        if not (8 <= w <= 60 and 8 <= h <= 80):
            raise RequestError(f"tile-size {w:g} x {h:g} mm is not a mahjong tile: give "
                               "8-60 mm wide, 8-80 mm tall")
        return w, h


VIEWS = ("isometric", "heights", "floors", "above")


@dataclass(frozen=True)
class CastleFigure:
    """``tilepress draw castle``: a castle, empty or dealt, in one of four views."""

    castle: str = option("towers", argument=True, help="A built-in castle (octagon, quarters, "
                         "towers) or a .castle height-map file.")
    view: str = option("isometric", choices=VIEWS,
                       help="isometric (a picture of the floors), heights (a digit per "
                       "stack), floors (each floor apart, for building it) or above (the "
                       "dealt castle seen from above: each stack's top tile and height).")
    dealt: bool = option(False, help="Deal tiles onto it (floors view; the above view is "
                         "always dealt).")
    deal: int = option(1, low=0, high=2**31, help="With --dealt, which deal (its number).")
    tileset: str = option("recommended", help="The set the deal comes from: recommended, "
                          "all, or a custom tile string.")
    open: bool = option(False, help="Outline the tiles that can be taken at the start "
                        "(floors and above views).")
    tile_width: float = option(9.0, low=7, high=40, help="Width of a tile (or a stack) in mm.")
    width: float = option(180.0, low=40, high=1000, help="Widest the figure may be, in mm "
                          "(floors view: floors side by side while they fit; isometric view: "
                          "drawn smaller to fit).")

    def __post_init__(self) -> None:
        if self.view not in VIEWS:
            raise RequestError(f"view must be one of {', '.join(VIEWS)}, not {self.view!r}")
        _tile_set(self.tileset)
