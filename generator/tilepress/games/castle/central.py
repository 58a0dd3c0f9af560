"""The central castle of Dragon Castle in play: its geometry, worked out once per castle,
and which tiles are open, kept up to date tile by tile as they are taken.

Tiles are numbered by their solitaire positions (:meth:`Castle.layout`); sets of them
are bit masks. A tile is open when nothing lies on it and its left or right side is
clear (:class:`tilepress.engine.solitaire.Board`). Taking a tile can only open others,
never close one, and only those it covers or flanks: :meth:`Geometry.open_after` looks
at those alone instead of the whole castle.
"""

from __future__ import annotations

from functools import lru_cache

from tilepress.engine.solitaire import Board, board_for
from tilepress.games.castle.board import bits
from tilepress.games.castle.events import Place
from tilepress.layouts import Layout
from tilepress.layouts.castle import Castle, cell_of, parse_castle


class Geometry:
    """A castle's tiles as places, floors and masks, shared by every game dealt on it."""

    __slots__ = ("board", "castle", "floor_mask", "floor_of", "floors", "frees", "index",
                 "layout", "opens", "places")

    def __init__(self, castle: Castle) -> None:
        self.castle = castle
        self.layout: Layout = castle.layout()
        self.board: Board = board_for(self.layout)
        positions = self.layout.positions
        self.places: tuple[Place, ...] = tuple(cell_of(p) for p in positions)
        self.index: dict[Place, int] = {place: i for i, place in enumerate(self.places)}
        self.floor_of: tuple[int, ...] = tuple(p.z + 1 for p in positions)
        self.floors = max(self.floor_of, default=0)
        """The highest floor."""
        masks = [0] * (self.floors + 1)
        for i, f in enumerate(self.floor_of):
            masks[f] |= 1 << i
        self.floor_mask: tuple[int, ...] = tuple(masks)
        """The tiles of each floor (index 0: none)."""
        board = self.board
        frees: list[list[int]] = [[] for _ in positions]
        for j in range(len(positions)):
            for i in bits(board.over[j] | board.left[j] | board.right[j]):
                frees[i].append(j)
        self.frees: tuple[tuple[int, ...], ...] = tuple(tuple(f) for f in frees)
        """For each tile, the tiles that taking it may open: those it lies on or flanks."""
        self.opens: tuple[int, ...] = tuple(sum(1 << j for j in f) for f in frees)
        """The same as bit masks."""

    def open_tiles(self, remaining: int) -> int:
        """The open tiles among ``remaining``, worked out from scratch."""
        mask = 0
        for i in self.board.free_tiles(remaining):
            mask |= 1 << i
        return mask

    def open_after(self, remaining: int, open_: int, i: int) -> int:
        """The open tiles once open tile ``i`` is taken, from ``open_``, those open
        among ``remaining`` (which holds ``i``)."""
        remaining &= ~(1 << i)
        open_ &= ~(1 << i)
        board = self.board
        over, left, right = board.over, board.left, board.right
        for j in self.frees[i]:
            if remaining >> j & 1 and not over[j] & remaining and (
                    not left[j] & remaining or not right[j] & remaining):
                open_ |= 1 << j
        return open_

    def top_floor(self, remaining: int, below: int) -> int:
        """The highest floor, at or below floor ``below``, that still has tiles among
        ``remaining`` (0 when none has)."""
        masks = self.floor_mask
        while below and not remaining & masks[below]:
            below -= 1
        return below


@lru_cache(maxsize=16)
def geometry(text: str) -> Geometry:
    """The geometry of the castle written as the height map ``text``."""
    return Geometry(parse_castle(text, name="central castle", source="setup.castle"))


__all__ = ["Geometry", "geometry"]
