"""A player's own castle in Dragon Castle: stacks on a 6x6 board, where a tile may be
built, the groups that flip, and the points of the game's scoring tables.

Cells are numbered 0-35 row by row inside the engine; logs and paper count rows and
columns from 1 (:func:`cell_at`, :func:`cell_index`).
"""

from __future__ import annotations

from tilepress.errors import IllegalActionError, RequestError
from tilepress.tiles import ALL_KINDS, Tile

SIZE = 6
"""A personal castle stays on a 6x6 board."""
CELLS = SIZE * SIZE
SUMMON_POINTS = 2
DISCARD_POINTS = 1
GROUP_POINTS = {4: 2, 5: 3, 6: 5, 7: 6, 8: 8}
DRAGON_BONUS = 1

KINDS = ("coins", "strings", "myriads", "winds", "dragons", "flowers", "seasons")
_SUIT_KIND = {"p": "coins", "s": "strings", "m": "myriads"}
KIND_WORDS = {"coins": "dots", "strings": "bamboo", "myriads": "characters"}
"""The rules' names for the suits, as players of mahjong say them (what pages print)."""

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


FACE_KINDS = tuple(_kind_of(Tile.from_kind(k)) for k in range(ALL_KINDS))
"""The type of each face (:attr:`Tile.kind`), None for a face no set of the game has."""


def kind_of(tile: Tile) -> str:
    """The type that consolidates together: coins (dots), strings (bamboo), myriads
    (characters), winds, dragons; flowers and seasons, if a custom set has them."""
    kind = FACE_KINDS[tile.kind]
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


_BYTE_BITS = tuple(tuple(tuple(8 * k + j for j in range(8) if byte >> j & 1) for byte in range(256))
                   for k in range(18))
"""The indices set in each byte of a mask of up to 144 bits, by the byte's place."""


def bits(mask: int) -> list[int]:
    """The indices set in ``mask`` (a mask of tiles or cells), lowest first."""
    out: list[int] = []
    k = 0
    while mask:
        byte = mask & 255
        if byte:
            if k < 18:
                out += _BYTE_BITS[k][byte]
            else:  # beyond any castle: bit by bit
                out += [8 * k + j for j in range(8) if byte >> j & 1]
        mask >>= 8
        k += 1
    return out


FULL = (1 << CELLS) - 1
"""Every cell of the board, as a bit mask (cell ``i`` is bit ``i``)."""
NEIGHBOUR_MASK = tuple(sum(1 << j for j in _NEIGHBOURS[i]) for i in range(CELLS))
"""The cells around each cell, diagonals included."""
ORTHOGONAL_MASK = tuple(sum(1 << j for j in ORTHOGONAL[i]) for i in range(CELLS))
_NOT_FIRST_COLUMN = sum(1 << i for i in range(CELLS) if i % SIZE)
_NOT_LAST_COLUMN = sum(1 << i for i in range(CELLS) if i % SIZE != SIZE - 1)


def _touching(occupied: int) -> int:
    """The cells around the ``occupied`` ones."""
    out = 0
    for i in bits(occupied):
        out |= NEIGHBOUR_MASK[i]
    return out


class PlayerCastle:
    """Stacks on a 6x6 board: the tiles bottom first, whether the top one is face up,
    and whether a shrine crowns the stack.

    The tiles change through :meth:`add` (and :meth:`remove`, its undo), the tops
    through :meth:`flip` and :meth:`crown`, so that what the rules and bots ask often
    (the cells that can take a tile, the groups) is kept as bit masks: ``occupied``,
    ``up_mask``, ``shrine_mask`` and ``touching`` (the cells around the occupied ones)
    are read-only."""

    __slots__ = ("_of_kind", "_top_kind", "built", "heights", "occupied", "reserve", "score",
                 "shrine_mask", "stacks", "touching", "up_mask", "version")

    def __init__(self) -> None:
        self.stacks: list[list[Tile]] = [[] for _ in range(CELLS)]
        self.heights = [0] * CELLS
        """The height of each stack (read-only)."""
        self.up_mask = 0
        """The stacks whose top tile is face up."""
        self.shrine_mask = 0
        """The stacks a shrine crowns."""
        self.occupied = 0
        """The cells with a stack."""
        self.touching = 0
        """The cells around the occupied ones (diagonals included)."""
        self._top_kind: list[str | None] = [None] * CELLS
        self._of_kind: dict[str, int] = dict.fromkeys(KINDS, 0)
        """The face-up tops of each type."""
        self.reserve = 0
        self.score = 0
        self.built = 0
        """Tiles in the castle."""
        self.version = 0
        """Counts the changes to the stacks and their tops, for those who keep what
        they worked out from them."""

    def copy(self) -> PlayerCastle:
        other = PlayerCastle.__new__(PlayerCastle)
        other.stacks = [list(s) for s in self.stacks]
        other.heights = list(self.heights)
        other.up_mask, other.shrine_mask = self.up_mask, self.shrine_mask
        other.occupied, other.touching = self.occupied, self.touching
        other._top_kind = list(self._top_kind)
        other._of_kind = dict(self._of_kind)
        other.reserve, other.score, other.built = self.reserve, self.score, self.built
        other.version = self.version
        return other

    @property
    def up(self) -> tuple[bool, ...]:
        """Whether each stack's top tile is face up."""
        return tuple(bool(self.up_mask >> i & 1) for i in range(CELLS))

    @property
    def shrine(self) -> tuple[bool, ...]:
        """Whether a shrine crowns each stack."""
        return tuple(bool(self.shrine_mask >> i & 1) for i in range(CELLS))

    def is_up(self, i: int) -> bool:
        return bool(self.up_mask >> i & 1)

    def has_shrine(self, i: int) -> bool:
        return bool(self.shrine_mask >> i & 1)

    def add(self, i: int, tile: Tile) -> None:
        """Put ``tile`` face up on stack ``i`` (legality is the caller's business)."""
        stack = self.stacks[i]
        bit = 1 << i
        if self.up_mask & bit:
            self._of_kind[self._top_kind[i]] &= ~bit  # type: ignore[index]
        elif not stack:
            self.occupied |= bit
            self.touching |= NEIGHBOUR_MASK[i]
        stack.append(tile)
        self.heights[i] += 1
        kind = self._top_kind[i] = kind_of(tile)
        self._of_kind[kind] |= bit
        self.up_mask |= bit
        self.built += 1
        self.version += 1

    def remove(self, i: int, was_up: bool) -> None:
        """Undo :meth:`add` (for bots trying placements)."""
        stack = self.stacks[i]
        bit = 1 << i
        self._of_kind[self._top_kind[i]] &= ~bit  # type: ignore[index]
        stack.pop()
        self.heights[i] -= 1
        self.built -= 1
        self.version += 1
        if not stack:
            self._top_kind[i] = None
            self.up_mask &= ~bit
            self.occupied &= ~bit
            self.touching = _touching(self.occupied)
            return
        kind = self._top_kind[i] = kind_of(stack[-1])
        if was_up:
            self.up_mask |= bit
            self._of_kind[kind] |= bit
        else:
            self.up_mask &= ~bit

    def flip(self, i: int) -> None:
        """Turn stack ``i``'s top tile face down."""
        bit = 1 << i
        if self.up_mask & bit:
            self.up_mask &= ~bit
            self._of_kind[self._top_kind[i]] &= ~bit  # type: ignore[index]
            self.version += 1

    def crown(self, i: int) -> None:
        """Put a shrine on stack ``i``."""
        self.shrine_mask |= 1 << i
        self.version += 1

    def can_build(self, i: int) -> bool:
        """Whether a tile may go on cell ``i``: on a face-down tile without a shrine, or
        on an empty cell touching the castle (anywhere, while the castle is empty)."""
        bit = 1 << i
        if self.occupied & bit:
            return not (self.up_mask | self.shrine_mask) & bit
        return not self.built or bool(self.touching & bit)

    def why_not(self, i: int) -> str:
        """Why :meth:`can_build` refuses cell ``i``, in a player's words."""
        if self.has_shrine(i):
            return "a shrine stands there"
        return "its top tile is face up" if self.is_up(i) else "it touches none of your tiles"

    def buildable_mask(self) -> int:
        """The cells that :meth:`can_build` accepts, as a bit mask."""
        if not self.built:
            return FULL
        occupied = self.occupied
        return (self.touching & ~occupied) | (occupied & ~self.up_mask & ~self.shrine_mask)

    def buildable(self) -> list[int]:
        """Every cell that :meth:`can_build` accepts, in order."""
        return bits(self.buildable_mask())

    def has_room(self) -> bool:
        """Whether any cell can take a tile. An empty cell always touches the castle
        somewhere (the board is all one piece), so there is room unless every cell is
        built on and every top is face up or crowned."""
        return self.occupied != FULL or bool(FULL & ~self.up_mask & ~self.shrine_mask)

    def groups(self) -> list[tuple[str, list[int]]]:
        """Every group of orthogonally connected face-up tiles of one type, in the order
        of their first cells."""
        return [(kind, bits(group)) for kind, group in self.group_masks()]

    def group_masks(self) -> list[tuple[str, int]]:
        """:meth:`groups`, each group's cells as a bit mask."""
        out = []
        rest = self.up_mask
        while rest:
            low = rest & -rest
            kind = self._top_kind[low.bit_length() - 1]
            assert kind is not None
            same = self._of_kind[kind]
            group = low
            while True:
                grown = (group | (group << 1 & _NOT_FIRST_COLUMN) | (group >> 1 & _NOT_LAST_COLUMN)
                         | group << SIZE | group >> SIZE) & same
                if grown == group:
                    break
                group = grown
            out.append((kind, group))
            rest &= ~group
        return out

    def face_down_tops(self) -> int:
        """Stacks topped by a face-down tile (the first tie-break)."""
        return (self.occupied & ~self.up_mask & ~self.shrine_mask).bit_count()

    def shrines(self) -> int:
        return self.shrine_mask.bit_count()


__all__ = ["CELLS", "DISCARD_POINTS", "DRAGON_BONUS", "FACE_KINDS", "FULL", "GROUP_POINTS", "KINDS",
           "NEIGHBOUR_MASK", "ORTHOGONAL", "ORTHOGONAL_MASK", "SIZE", "SUMMON_POINTS", "Cell",
           "PlayerCastle", "bits", "cell_at", "cell_index", "group_points", "kind_of",
           "shrine_points", "shrines_allowed"]
