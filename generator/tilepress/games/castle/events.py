"""The events of Dragon Castle: what a log holds, one dataclass per kind of move.

Places in the central castle are (row, column, floor), cells of a player's castle
(row, column), counting from 1 as logs and paper do.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from tilepress.engine.log import Tiles, event
from tilepress.games.castle.board import Cell
from tilepress.tiles import Tile

GAME = "castle"


Place = tuple[int, int, int]


@event(GAME, "setup")
class Setup:
    castle: str
    """The central castle as a height map."""
    tiles: Tiles
    """The tiles in the castle, bottom floor first, then row by row, left to right."""


@event(GAME, "take")
class Take:
    player: int
    at: Place
    """(row, column, floor) in the central castle."""
    tile: Tile
    reason: str = ""


@event(GAME, "take-second")
class TakeSecond:
    player: int
    at: Place
    tile: Tile
    reason: str = ""


@event(GAME, "take-shrine")
class TakeShrine:
    player: int
    reason: str = ""


@event(GAME, "discard")
class Discard:
    player: int
    tile: Tile
    reason: str = ""


@event(GAME, "summon")
class Summon:
    player: int
    reason: str = ""


@event(GAME, "build")
class Build:
    player: int
    tile: Tile
    at: Cell
    """(row, column) on the player's 6x6 board."""
    reason: str = ""


@event(GAME, "no-room")
class NoRoom:
    """A kept tile with nowhere legal to go goes back to the box, without points."""

    player: int
    tile: Tile


@event(GAME, "consolidate")
class Consolidate:
    player: int
    kind: str
    cells: tuple[Cell, ...]
    points: int


@event(GAME, "shrine")
class Shrine:
    player: int
    at: Cell
    points: int
    reason: str = ""


@event(GAME, "end-turn")
class EndTurn:
    player: int
    reason: str = ""


@lru_cache(maxsize=1 << 14)
def reasonless(kind: type, *fields: Any) -> Any:
    """An event without a reason, made once: events are immutable, and the same few
    are listed turn after turn."""
    return kind(*fields)


__all__ = ["GAME", "Build", "Consolidate", "Discard", "EndTurn", "NoRoom", "Place", "Setup",
           "Shrine", "Summon", "Take", "TakeSecond", "TakeShrine", "reasonless"]
