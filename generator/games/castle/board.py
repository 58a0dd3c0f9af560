"""A player's own castle in Dragon Castle: stacks on a 6x6 board, where a tile may be
built, the groups that flip, and the points of the game's scoring tables.

Cells are numbered 0-35 row by row inside the engine; logs and paper count rows and
columns from 1 (:func:`cell_at`, :func:`cell_index`).
"""

from __future__ import annotations

from generator.errors import IllegalActionError, RequestError
from generator.tiles import ALL_KINDS, Tile

SIZE = 6
"""A personal castle stays on a 6x6 board."""
CELLS = SIZE * SIZE
SUMMON_POINTS = 2
DISCARD_POINTS = 1
GROUP_POINTS = {4: 2, 5: 3, 6: 5, 7: 6, 8: 8}
DRAGON_BONUS = 1

KINDS = ("coins", "strings", "myriads", "winds", "dragons", "flowers", "seasons")
_SUIT_KIND = {"p": "coins", "s": "strings", "m": "myriads"}

Cell = tuple[int, int]


def _kind_of(tile: Tile) -> str | None:
    if tile.is_number:
        return _SUIT_KIND[tile.suit]
    if tile.is_wind:
        return "winds"
    if tile.is_dragon:
        return "dragons"
    if tile.is_flower:
        return "flowers"
    if tile.is_season:
        return "seasons"
    return None


_KIND_BY_FACE = tuple(_kind_of(Tile.from_kind(k)) for k in range(ALL_KINDS))


def kind_of(tile: Tile) -> str:
    """The type that consolidates together: coins (dots), strings (bamboo), myriads
    (characters), winds, dragons; flowers and seasons, if a custom set has them."""
    kind = _KIND_BY_FACE[tile.kind]
    if kind is None:
        raise RequestError(f"{tile} has no place in Dragon Castle")
    return kind


def group_points(size: int, kind: str, smallest: int = 4) -> int:
    """Points for consolidating ``size`` tiles of ``kind`` (0 below ``smallest``)."""
    if size < smallest:
        return 0
    points = size if size > 8 else GROUP_POINTS[size]
    return points + (DRAGON_BONUS if kind == "dragons" else 0)


def shrines_allowed(kind: str) -> int:
    """Shrines a consolidated group can take: one on a suit, two on honors."""
    return 1 if kind in ("coins", "strings", "myriads") else 2


def shrine_points(floor: int) -> int:
    return min(floor, 3)


_NEIGHBOURS = tuple(tuple(r2 * SIZE + c2 for r2 in range(r - 1, r + 2) for c2 in range(c - 1, c + 2)
                          if (r2, c2) != (r, c) and 0 <= r2 < SIZE and 0 <= c2 < SIZE)
                    for r in range(SIZE) for c in range(SIZE))
ORTHOGONAL = tuple(tuple(r2 * SIZE + c2 for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1),
                                                        (r, c + 1))
                          if 0 <= r2 < SIZE and 0 <= c2 < SIZE)
                    for r in range(SIZE) for c in range(SIZE))
_CELL_AT = tuple((i // SIZE + 1, i % SIZE + 1) for i in range(CELLS))


def cell_index(at: Cell) -> int:
    r, c = at
    if not (1 <= r <= SIZE and 1 <= c <= SIZE):
        raise IllegalActionError(f"row {r}, column {c} is off the {SIZE}x{SIZE} board")
    return (r - 1) * SIZE + (c - 1)


def cell_at(i: int) -> Cell:
    return _CELL_AT[i]


class PlayerCastle:
    """Stacks on a 6x6 board: the tiles bottom first, whether the top one is face up,
    and whether a shrine crowns the stack."""

    __slots__ = ("built", "reserve", "score", "shrine", "stacks", "up")

    def __init__(self) -> None:
        self.stacks: list[list[Tile]] = [[] for _ in range(CELLS)]
        self.up = [False] * CELLS
        self.shrine = [False] * CELLS
        self.reserve = 0
        self.score = 0
        self.built = 0
        """Tiles in the castle."""

    def copy(self) -> PlayerCastle:
        other = PlayerCastle()
        other.stacks = [list(s) for s in self.stacks]
        other.up = list(self.up)
        other.shrine = list(self.shrine)
        other.reserve, other.score, other.built = self.reserve, self.score, self.built
        return other

    def add(self, i: int, tile: Tile) -> None:
        """Put ``tile`` face up on stack ``i`` (legality is the caller's business)."""
        self.stacks[i].append(tile)
        self.up[i] = True
        self.built += 1

    def remove(self, i: int, was_up: bool) -> None:
        """Undo :meth:`add` (for bots trying placements)."""
        self.stacks[i].pop()
        self.up[i] = was_up
        self.built -= 1

    def can_build(self, i: int) -> bool:
        """Whether a tile may go on cell ``i``: on a face-down tile without a shrine, or
        on an empty cell touching the castle (anywhere, while the castle is empty)."""
        stack = self.stacks[i]
        if stack:
            return not self.up[i] and not self.shrine[i]
        if not self.built:
            return True
        stacks = self.stacks
        for j in _NEIGHBOURS[i]:  # noqa: SIM110 - a plain loop: this is the bots' hot path
            if stacks[j]:
                return True
        return False

    def why_not(self, i: int) -> str:
        """Why :meth:`can_build` refuses cell ``i``, in a player's words."""
        if self.shrine[i]:
            return "a shrine stands there"
        return "its top tile is face up" if self.up[i] else "it touches none of your tiles"

    def buildable(self) -> list[int]:
        """Every cell that :meth:`can_build` accepts, in order."""
        if not self.built:
            return list(range(CELLS))
        stacks, up, shrine = self.stacks, self.up, self.shrine
        out = []
        for i in range(CELLS):  # can_build, unrolled: this is the bots' hot path
            if stacks[i]:
                if not up[i] and not shrine[i]:
                    out.append(i)
                continue
            for j in _NEIGHBOURS[i]:
                if stacks[j]:
                    out.append(i)
                    break
        return out

    def has_room(self) -> bool:
        """Whether any cell can take a tile. An empty cell always touches the castle
        somewhere (the board is all one piece), so there is room unless every cell is
        built on and every top is face up or crowned."""
        if not all(self.stacks):
            return True
        return any(not up and not shrine for up, shrine in zip(self.up, self.shrine,
                                                               strict=True))

    def groups(self) -> list[tuple[str, list[int]]]:
        """Every group of orthogonally connected face-up tiles of one type."""
        kinds = [kind_of(s[-1]) if u else None for s, u in zip(self.stacks, self.up, strict=True)]
        seen = [False] * CELLS
        out = []
        for i in range(CELLS):
            kind = kinds[i]
            if seen[i] or kind is None:
                continue
            seen[i] = True
            members, todo = [i], [i]
            while todo:
                j = todo.pop()
                for n in ORTHOGONAL[j]:
                    if not seen[n] and kinds[n] == kind:
                        seen[n] = True
                        members.append(n)
                        todo.append(n)
            out.append((kind, sorted(members)))
        return out

    def face_down_tops(self) -> int:
        """Stacks topped by a face-down tile (the first tie-break)."""
        return sum(1 for i, s in enumerate(self.stacks) if s and not self.up[i]
                   and not self.shrine[i])

    def shrines(self) -> int:
        return sum(self.shrine)


__all__ = ["CELLS", "DISCARD_POINTS", "DRAGON_BONUS", "GROUP_POINTS", "KINDS", "ORTHOGONAL",
           "SIZE", "SUMMON_POINTS", "Cell", "PlayerCastle", "cell_at", "cell_index",
           "group_points", "kind_of", "shrine_points", "shrines_allowed"]
