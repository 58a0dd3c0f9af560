"""The options of Dragon Castle: the rules, the bots, and the castle puzzles."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.errors import RequestError
from generator.params import option
from generator.puzzles.base import DIFFICULTIES

if TYPE_CHECKING:
    from generator.layouts.castle import Castle, TileSet

SHRINES_PER_PLAYER = 3


def default_castle_tiles(set_size: int, players: int) -> int:
    """Tiles in a generated castle: the whole set for four players, seven eighths for
    three, three quarters for two (whole faces of four; see docs/rulings.md)."""
    share = {4: 1.0, 3: 0.875, 2: 0.75}[players]
    return max(4, int(set_size * share) // 4 * 4)


def _tile_set(text: str) -> TileSet:
    from generator.layouts.castle import tile_set

    return tile_set(text)


def _castle(name: str) -> Castle:
    from generator.layouts.files import find_castle

    return find_castle(name)


@dataclass(frozen=True)
class CastleOptions:
    players: int = option(4, choices=(2, 3, 4), help="Players, 2 to 4.")
    layout: str = option("towers", help="The central castle: octagon, quarters, towers, "
                         "generate, or a .castle file.")
    tileset: str = option("recommended", help="recommended, all, or a custom tile string.")
    shrines: int = option(0, help="Shrines in the pool (0: three per player).")
    group: int = option(4, choices=(4, 5), help="Smallest group that flips: 4, or 5 for the "
                        "text's literal 'more than 4'.")

    def __post_init__(self) -> None:
        if self.players not in (2, 3, 4):
            raise RequestError(f"Dragon Castle is for 2 to 4 players, not {self.players}")
        if self.shrines < 0:
            raise RequestError(f"shrines must be 0 or more, not {self.shrines}")
        _tile_set(self.tileset)  # fail at once on a bad set

    @property
    def shrine_pool(self) -> int:
        return self.shrines or SHRINES_PER_PLAYER * self.players

    def set_of_tiles(self) -> TileSet:
        return _tile_set(self.tileset)

    def castle(self) -> Castle:
        return _castle(self.layout)


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
    tiles: int = option(0, help="Exact tiles in a generated castle (0: by the player count).")
    floors: int = option(3, choices=(1, 2, 3, 4), help="Most floors of a generated castle.")
    symmetric: bool = option(False, flags=("--symmetric/--any-shape",),
                             help="Mirror a generated castle left to right.")
    difficulty: str = option("any", choices=(*DIFFICULTIES, "any"), flags=("--difficulty", "-d"),
                             help="easy, medium, hard, expert or any.")

    def __post_init__(self) -> None:
        _tile_set(self.tileset)
        if self.layout != "generate":
            _castle(self.layout)
        if self.tiles < 0:
            raise RequestError(f"tiles must be 0 or more, not {self.tiles}")

    def tile_count(self) -> int:
        if self.layout != "generate":
            return len(_castle(self.layout))
        return self.tiles or default_castle_tiles(len(_tile_set(self.tileset)), self.players)


SUGGESTED = "suggested"


@dataclass(frozen=True)
class SetupOptions:
    layout: str = option(SUGGESTED, help="suggested (the three castles the rules suggest), "
                         "or one castle: built in (octagon, quarters, towers) or a .castle "
                         "file.")
