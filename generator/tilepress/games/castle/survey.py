"""The planner's survey of a player's castle in Dragon Castle: its face-up groups, the
cells that can take a tile, and what a tile of each type is worth on each of them.

A cell's worth for a tile is the points the tile flips now (with the shrines it can
crown), or, below the size that flips, how much it grows a group of its type that can
still grow, less what it blocks of other groups. A cell with no group beside it is
worth the same whatever the type (:attr:`Survey.lone_rank`), so :meth:`Survey.best` weighs
those once and each type only on the cells beside a group.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tilepress.games.castle.board import (
    CELLS,
    FULL,
    NEIGHBOUR_MASK,
    ORTHOGONAL,
    ORTHOGONAL_MASK,
    PlayerCastle,
    bits,
    group_points,
    shrine_points,
    shrines_allowed,
)

GROWTH = (0.0, 0.35, 0.9, 1.5, 2.2, 2.9, 3.6, 4.3)
"""What a group below the flipping size is worth by its size (it may grow into points)."""
_TOP = len(GROWTH) - 1
NO_CELL = (-99.0, -1)
"""The worth and cell :meth:`Survey.best` starts from: any real cell beats it."""


def grow_value(size: int, lost: float, blocked: int, height: int, roomy: bool) -> float:
    """The worth of a group of ``size`` made on a cell of ``height`` that flips not yet,
    from groups worth ``lost``, beside ``blocked`` tiles of other types; a cell without
    ``roomy`` space around it (an open or empty cell outside every group) grows little."""
    value = GROWTH[min(size, _TOP)] - lost
    if not roomy:
        value *= 0.3
    value += 0.15 * height - 0.2 * blocked - (0.1 if not height else 0.0)
    return value


_LONE = tuple(tuple(grow_value(1, 0, 0, height, roomy) for height in range(64))
              for roomy in (False, True))
"""The worth of a tile with no group beside it, by room around it and height."""


def lone_value(height: int, roomy: bool) -> float:
    """``grow_value(1, 0, 0, height, roomy)``, looked up."""
    return _LONE[roomy][height] if height < 64 else grow_value(1, 0, 0, height, roomy)


def _words(kind: str, joined: bool, size: int, tallest: int, height: int, smallest: int,
           shrines: int) -> str:
    """Why a tile of ``kind`` goes on a cell of ``height``, where it makes a group of
    ``size`` (``joined``: with tiles already there) whose tallest stack is ``tallest``."""
    if size >= smallest:
        words = f"{size} {kind} flip for {group_points(size, kind, smallest)}"
        if min(shrines, shrines_allowed(kind)) and tallest > 1:  # floor 1 may wait
            words += f", a shrine on floor {tallest}"
        return words
    grown = f"grows {kind} to {size}" if joined else f"starts a group of {kind}"
    return grown + (f" on floor {height + 1}" if height else "")


class Survey:
    """A castle as it stands before a placement, shared by every placement tried: its
    face-up groups (numbered in the order of :meth:`PlayerCastle.groups`), the cells
    that can take a tile, and for each such cell its height, the groups beside it and
    whether it has room to grow a group."""

    __slots__ = ("cells", "crowded", "gkind", "gsize", "gtallest", "height", "label",
                 "lone_rank", "near", "occupied", "open", "roomy", "up")

    def __init__(self, me: PlayerCastle) -> None:
        self.height = height = list(me.heights)
        label = [-1] * CELLS
        self.gsize: list[int] = []
        self.gkind: list[str] = []
        self.gtallest: list[int] = []
        for g, (kind, group) in enumerate(me.group_masks()):
            tallest = 0
            cells = bits(group)
            for i in cells:
                label[i] = g
                if height[i] > tallest:
                    tallest = height[i]
            self.gsize.append(len(cells))
            self.gkind.append(kind)
            self.gtallest.append(tallest)
        self.label = label
        self.open = me.buildable_mask()
        """The cells that can take a tile (a bit mask)."""
        self.cells = bits(self.open)
        self.up = me.up_mask
        """The cells in a group (a bit mask)."""
        self.occupied = me.occupied
        room = (self.open | (FULL & ~self.occupied)) & ~self.up
        self.near: list[tuple[int, ...]] = [()] * CELLS
        """The group beside each cell on each side (one touching two sides, twice)."""
        self.roomy = [False] * CELLS
        up = self.up
        self.crowded: list[int] = []
        """The cells beside a group, in order."""
        rank: list[tuple[float, int]] = []
        for i in self.cells:
            roomy = self.roomy[i] = bool(ORTHOGONAL_MASK[i] & room)
            if ORTHOGONAL_MASK[i] & up:
                self.near[i] = tuple(label[n] for n in ORTHOGONAL[i] if label[n] >= 0)
                self.crowded.append(i)
            else:
                h = height[i]
                value = _LONE[roomy][h] if h < 64 else lone_value(h, roomy)
                rank.append((-value, i))
        rank.sort()
        self.lone_rank = rank
        """The other cells by worth, best first (ties: the first cell first), as
        (-worth, cell)."""

    def merge(self, kind: str, i: int) -> tuple[list[int], int, int, int]:
        """A tile of ``kind`` built on ``i``: the groups of its type it joins, the size
        of the group it makes and its tallest stack, and the tiles of other types'
        groups beside it (a group touching two sides counts twice)."""
        gsize, gkind = self.gsize, self.gkind
        merged: list[int] = []
        size = 1
        blocked = 0
        tallest = self.height[i] + 1
        for g in self.near[i]:
            if gkind[g] == kind:
                if g not in merged:
                    merged.append(g)
                    size += gsize[g]
                    tallest = max(tallest, self.gtallest[g])
            else:
                blocked += gsize[g]
        return merged, size, tallest, blocked

    def words(self, kind: str, i: int, smallest: int, shrines: int) -> str:
        """Why a tile of ``kind`` goes on cell ``i``, in a line."""
        merged, size, tallest, _ = self.merge(kind, i)
        return _words(kind, bool(merged), size, tallest, self.height[i], smallest, shrines)

    def words_after(self, kind: str, c: int, i: int, smallest: int, shrines: int) -> str:
        """What :meth:`words` says of cell ``i`` on the survey of the castle with a tile
        of ``kind`` built on ``c``, where :meth:`best_after` gives its best cell (not
        None), without making that survey: cell ``i`` alone is looked at."""
        merged, size_c, tallest_c, _ = self.merge(kind, c)
        g = merged[0] if merged else len(self.gsize)
        label = self.label
        if ORTHOGONAL_MASK[c] >> i & 1 or not self.open >> i & 1:  # beside c, or opened
            around = [g if n == c else label[n] for n in ORTHOGONAL[i]
                      if n == c or label[n] >= 0]
        else:
            around = list(self.near[i])
        joined: list[int] = []
        size = 1
        tallest = self.height[i] + 1
        for h in around:
            if h == g:
                if h not in joined:
                    joined.append(h)
                    size += size_c
                    tallest = max(tallest, tallest_c)
            elif self.gkind[h] == kind and h not in joined:
                joined.append(h)
                size += self.gsize[h]
                tallest = max(tallest, self.gtallest[h])
        return _words(kind, bool(joined), size, tallest, self.height[i], smallest, shrines)

    def best(self, kind: str, smallest: int, shrines: int) -> tuple[float, int, bool]:
        """The best cell for a tile of ``kind``: its worth, the cell (-1: none) and
        whether it flips a group; the first cell of the highest worth (:meth:`merge`
        and :func:`grow_value`, inlined: this is the planner's hot path)."""
        best_value, best_cell = NO_CELL
        if self.lone_rank and -self.lone_rank[0][0] > best_value:
            best_value, best_cell = -self.lone_rank[0][0], self.lone_rank[0][1]
        near, roomy = self.near, self.roomy
        crowns = min(shrines, shrines_allowed(kind))
        return _best_grown(((i, near[i], roomy[i]) for i in self.crowded), kind, smallest,
                           crowns, self.height, self.gsize, self.gkind, self.gtallest,
                           best_value, best_cell)

    def best_after(self, built: int, kind: str, c: int, smallest: int, shrines: int,
                   ) -> tuple[float, int, bool] | None:
        """What :meth:`best` gives on the survey of the castle surveyed (with ``built``
        tiles) once a tile of ``kind`` is built on cell ``c``, without making that
        survey: the cells beside ``c`` and those it opens are looked at anew, the others
        as they were (with the group the tile joins or makes grown). None when that is
        not worth it (the tile joins two groups, or is the castle's first): survey the
        castle anew."""
        merged, size, tallest, _ = self.merge(kind, c)
        if len(merged) > 1 or not built:
            return None
        height = self.height
        bit = 1 << c
        up = self.up | bit
        opened = self.open & ~bit
        redo = ORTHOGONAL_MASK[c] & opened
        if not height[c]:  # an empty cell built on: the empty cells around it open
            added = NEIGHBOUR_MASK[c] & ~self.occupied & ~opened
            opened |= added
            redo |= added
        gsize, gkind, gtallest = list(self.gsize), self.gkind, list(self.gtallest)
        label = list(self.label)
        if merged:
            label[c] = g = merged[0]
            gsize[g], gtallest[g] = size, tallest
        else:
            label[c] = len(gsize)
            gsize.append(size)
            gkind = [*gkind, kind]
            gtallest.append(tallest)
        room = (opened | (FULL & ~self.occupied)) & ~up
        near, roomy = self.near, self.roomy
        best_value, best_cell = NO_CELL
        gone = redo | bit
        for value, i in self.lone_rank:  # the best of the cells that stay alone
            if not gone >> i & 1:
                if -value > best_value:
                    best_value, best_cell = -value, i
                break
        cells = [(i, near[i], roomy[i]) for i in self.crowded if not gone >> i & 1]
        for i in bits(redo):
            room_i = bool(ORTHOGONAL_MASK[i] & room)
            if ORTHOGONAL_MASK[i] & up:
                cells.append((i, [label[n] for n in ORTHOGONAL[i] if label[n] >= 0], room_i))
            else:
                value = lone_value(height[i], room_i)
                if value > best_value or (value == best_value and i < best_cell):
                    best_value, best_cell = value, i
        crowns = min(shrines, shrines_allowed(kind))
        return _best_grown(cells, kind, smallest, crowns, height, gsize, gkind, gtallest,
                           best_value, best_cell)


def _best_grown(cells: Iterable[tuple[int, Sequence[int], bool]], kind: str, smallest: int,
                crowns: int, height: Sequence[int], gsize: Sequence[int],
                gkind: Sequence[str], gtallest: Sequence[int], best_value: float,
                best_cell: int) -> tuple[float, int, bool]:
    """The best of ``cells`` (each with the groups around it and whether it has room)
    for a tile of ``kind``, against the best so far: its worth, the cell and whether it
    flips a group (:meth:`Survey.merge` and :func:`grow_value`, inlined: the planner's
    hot path)."""
    best_flips = False
    for i, around, roomy_i in cells:
        joined: list[int] = []
        size = 1
        blocked = 0
        tallest = height[i] + 1
        for g in around:
            if gkind[g] == kind:
                if g not in joined:
                    joined.append(g)
                    size += gsize[g]
                    if gtallest[g] > tallest:
                        tallest = gtallest[g]
            else:
                blocked += gsize[g]
        if size >= smallest:
            value = (group_points(size, kind, smallest) + crowns * shrine_points(tallest)
                     + 0.15 * height[i])
            flips = True
        else:
            lost = 0
            for g in joined:
                lost += GROWTH[min(gsize[g], _TOP)]
            h = height[i]
            value = GROWTH[min(size, _TOP)] - lost
            if not roomy_i:
                value *= 0.3
            value += 0.15 * h - 0.2 * blocked - (0.1 if not h else 0.0)
            flips = False
        if value > best_value or (value == best_value and i < best_cell):
            best_value, best_cell, best_flips = value, i, flips
    return best_value, best_cell, best_flips


__all__ = ["GROWTH", "NO_CELL", "Survey", "grow_value", "lone_value"]
