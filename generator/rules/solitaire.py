"""Mahjong solitaire: the free-tile rule, deals, and replaying a solution.

A tile is free when no tile on a higher layer overlaps it and its left or its right side
is clear (no tile on its layer touches that side). A move removes two free tiles that
match: identical tiles, any flower with any flower, any season with any season (with
``bonus=False`` the bonus tiles are left out of deals). The deal is won when every
tile is gone.

The solver lives in :mod:`.solitaire_solver`; its names (``solve``, ``SolveResult``,
``experience``, ...) can be reached from here too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..errors import RequestError
from ..layouts import Layout, Position
from ..tiles import ALL_TILES, STANDARD_TILES, Tile

SOLVED = "solved"
UNSOLVABLE = "unsolvable"
UNDECIDED = "undecided"

FLOWERS = 34
SEASONS = 35


def match_group(tile: Tile) -> int:
    """Tiles with the same group match: the kind, or all flowers, or all seasons."""
    if tile.is_flower:
        return FLOWERS
    if tile.is_season:
        return SEASONS
    return tile.kind


@dataclass(frozen=True)
class Board:
    """The geometry of a layout as bit masks over position indices."""

    layout: Layout
    over: tuple[int, ...]
    """Tiles on a higher layer overlapping each position."""
    left: tuple[int, ...]
    right: tuple[int, ...]
    below: tuple[int, ...]
    """Tiles that must go before each position can be free: what lies on it, on what
    lies on it, and so on."""

    def is_free(self, remaining: int, i: int) -> bool:
        if self.over[i] & remaining:
            return False
        return not (self.left[i] & remaining) or not (self.right[i] & remaining)

    def free_tiles(self, remaining: int) -> list[int]:
        over, left, right = self.over, self.left, self.right
        out = []
        rest = remaining
        while rest:
            low = rest & -rest
            i = low.bit_length() - 1
            rest ^= low
            if not over[i] & remaining and (not left[i] & remaining or not right[i] & remaining):
                out.append(i)
        return out


@lru_cache(maxsize=64)
def board_for(layout: Layout) -> Board:
    pos = layout.positions
    n = len(pos)
    over = [0] * n
    left = [0] * n
    right = [0] * n
    for i, a in enumerate(pos):
        for j, b in enumerate(pos):
            if i == j:
                continue
            if b.z > a.z and abs(a.x - b.x) < 2 and abs(a.y - b.y) < 2:
                over[i] |= 1 << j
            elif b.z == a.z and abs(a.y - b.y) < 2:
                if b.x + 2 == a.x:
                    left[i] |= 1 << j
                elif a.x + 2 == b.x:
                    right[i] |= 1 << j
    # what must be removed first: the closure of "lies over"
    below = list(over)
    order = sorted(range(n), key=lambda i: -pos[i].z)
    for i in order:  # top layers first, so the tiles above are already closed
        mask = over[i]
        rest = over[i]
        while rest:
            low = rest & -rest
            j = low.bit_length() - 1
            rest ^= low
            mask |= below[j]
        below[i] = mask
    return Board(layout, tuple(over), tuple(left), tuple(right), tuple(below))


# ---------------------------------------------------------------------------
# Deals
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    layout: Layout
    tiles: tuple[Tile, ...]

    def __post_init__(self) -> None:
        if len(self.tiles) != len(self.layout.positions):
            raise RequestError(f"a deal for {len(self.layout)} positions needs as many tiles, "
                               f"not {len(self.tiles)}")

    @property
    def groups(self) -> tuple[int, ...]:
        return tuple(match_group(t) for t in self.tiles)


def tile_supply(n: int, rng: random.Random, *, bonus: bool = True) -> list[Tile]:
    """``n`` tiles in matching pairs, as even a spread of faces as the count allows,
    taken from as many 144-tile sets as needed (documented in docs/rulings.md)."""
    if n % 2:
        raise RequestError(f"{n} positions cannot all be paired: a layout needs an even count")
    faces: list[list[Tile]] = [[t] * 4 for t in STANDARD_TILES]
    if bonus:
        faces += [list(ALL_TILES[34:38]), list(ALL_TILES[38:42])]
    pairs: list[tuple[Tile, Tile]] = []
    while len(pairs) * 2 < n:
        batch = []
        for group in faces:
            shuffled = list(group)
            rng.shuffle(shuffled)
            batch.append((shuffled[0], shuffled[1]))
            batch.append((shuffled[2], shuffled[3]))
        # whole faces first (both pairs of a face), in random order
        order = list(range(len(faces)))
        rng.shuffle(order)
        for g in order:
            pairs.extend([batch[2 * g], batch[2 * g + 1]])
    pairs = pairs[: n // 2]
    return [t for pair in pairs for t in pair]


def pair_supply(tiles: Sequence[Tile], n: int, rng: random.Random) -> list[Tile]:
    """``n`` tiles of a given set as consecutive identical pairs, whole faces first (so
    that what stays in the box is whole faces where the count allows)."""
    if n % 2:
        raise RequestError(f"{n} tiles cannot all be paired: the count must be even")
    by_kind: dict[int, list[Tile]] = {}
    for t in tiles:
        by_kind.setdefault(match_group(t), []).append(t)
    faces = [group for _, group in sorted(by_kind.items())]
    rng.shuffle(faces)
    faces.sort(key=lambda g: -(len(g) // 2))  # stable: the shuffle decides among equals
    pairs: list[Tile] = []
    for group in faces:
        group = list(group)
        rng.shuffle(group)
        for k in range(len(group) // 2):
            if len(pairs) < n:
                pairs += group[2 * k: 2 * k + 2]
    if len(pairs) < n:
        raise RequestError(f"the set has only {len(pairs) // 2} matching pairs, not the "
                           f"{n // 2} that {n} tiles need")
    return pairs


def deal_random(layout: Layout, rng: random.Random, *, bonus: bool = True) -> Deal:
    """Tiles shuffled onto the positions: often winnable, never promised."""
    tiles = tile_supply(len(layout), rng, bonus=bonus)
    rng.shuffle(tiles)
    return Deal(layout, tuple(tiles))


def deal_backwards(layout: Layout, rng: random.Random, *, bonus: bool = True,
                   attempts: int = 200, supply: Sequence[Tile] | None = None,
                   ) -> tuple[Deal, list[tuple[int, int]]]:
    """A deal built in reverse from the empty table, two positions at a time, each pair
    free when it is placed: the reverse of the building order is a solution.

    ``supply`` gives the tiles as consecutive matching pairs (default: from standard
    sets, see :func:`tile_supply`)."""
    board = board_for(layout)
    n = len(layout)
    if n % 2:
        raise RequestError(f"layout {layout.name!r} has {n} positions: an odd count cannot "
                           "be cleared")
    positions = layout.positions
    support = [0] * n
    for i, a in enumerate(positions):
        for j, b in enumerate(positions):
            if b.z < a.z and abs(a.x - b.x) < 2 and abs(a.y - b.y) < 2:
                support[i] |= 1 << j
    neighbours = [_bits(board.left[i] | board.right[i]) for i in range(n)]
    side_mask = [board.left[i] | board.right[i] for i in range(n)]
    # rows: positions linked side by side; tiles placed in a row must stay one connected
    # piece, or the gap between two pieces could never be filled
    row_of = [-1] * n
    rows: list[int] = []
    for start in range(n):
        if row_of[start] < 0:
            mask, todo = 0, [start]
            row_of[start] = len(rows)
            while todo:
                t = todo.pop()
                mask |= 1 << t
                for u in neighbours[t]:
                    if row_of[u] < 0:
                        row_of[u] = len(rows)
                        todo.append(u)
            rows.append(mask)

    def stays_connected(a: int, b: int, placed: int) -> bool:
        """Whether placing a and b keeps each row's placed tiles in one piece (given that
        they are in one piece now)."""
        for x, y in ((a, b), (b, a)):
            row = rows[row_of[x]]
            existing = placed & row
            if existing:
                if not side_mask[x] & existing and not (side_mask[x] >> y & 1
                                                         and side_mask[y] & existing):
                    return False
            elif row >> y & 1 and not side_mask[x] >> y & 1:
                return False
        return True

    def walled_in(placed: int, around: Sequence[int]) -> bool:
        """Whether some empty position beside these now has tiles on both sides (it could
        then never be placed: it would never be free)."""
        for t in around:
            for u in neighbours[t]:
                if not placed >> u & 1 and board.left[u] & placed and board.right[u] & placed:
                    return True
        return False

    full = (1 << n) - 1
    over, left, right = board.over, board.left, board.right
    row_masks = [rows[row_of[i]] for i in range(n)]
    opening = board.free_tiles(full)  # free on the full table: any of them can go first
    for _ in range(attempts):
        # keep two pairs of these for the very end, so that the build never ends on two
        # tiles that cannot be free together
        reserved = rng.sample(opening, min(4, len(opening) - len(opening) % 2))
        reserve_mask = sum(1 << i for i in reserved)
        placed = 0
        order: list[tuple[int, int]] = []
        backups = 0
        while placed | reserve_mask != full:
            # positions that could take a tile now: resting on placed tiles, nothing on
            # them yet, and touching the tiles already in their row (if any)
            alone = [i for i in range(n) if not (placed | reserve_mask) >> i & 1
                     and not support[i] & ~placed and not over[i] & placed
                     and (not left[i] & placed or not right[i] & placed)
                     and (not row_masks[i] & placed or side_mask[i] & placed)]
            # upper tiles as soon as they can go, so that a stack is never finished at the
            # very end (its top tile would have no partner left but the tile under it)
            alone.sort(key=lambda i: -positions[i].z + rng.random() * 2.5)
            found = None
            for k, a in enumerate(alone):
                for b in alone[k + 1 :]:
                    if support[b] >> a & 1 or support[a] >> b & 1:
                        continue
                    after = placed | 1 << a | 1 << b
                    if (board.is_free(after, a) and board.is_free(after, b)
                            and stays_connected(a, b, placed)
                            and not walled_in(after, (a, b))):
                        found = (a, b)
                        break
                if found:
                    break
            if found is None:
                if backups > 20 or not order:
                    break
                backups += 1
                for _undo in range(min(len(order), 3)):  # back up a little and retry
                    x, y = order.pop()
                    placed &= ~(1 << x | 1 << y)
                continue
            placed |= 1 << found[0] | 1 << found[1]
            order.append(found)
        if placed | reserve_mask == full:
            order += [(reserved[k], reserved[k + 1]) for k in range(0, len(reserved), 2)]
            tiles: list[Tile | None] = [None] * n
            tiles_in = list(supply) if supply is not None else tile_supply(n, rng, bonus=bonus)
            pairs = [(tiles_in[2 * k], tiles_in[2 * k + 1]) for k in range(n // 2)]
            rng.shuffle(pairs)
            for (a, b), (ta, tb) in zip(order, pairs, strict=True):
                tiles[a], tiles[b] = ta, tb
            deal = Deal(layout, tuple(t for t in tiles if t is not None))
            solution = list(reversed(order))
            return deal, solution
    raise RequestError(f"could not build a winnable deal for layout {layout.name!r} in "
                       f"{attempts} attempts; it may admit none")


# ---------------------------------------------------------------------------
# Replaying a solution
# ---------------------------------------------------------------------------


def replay_solution(deal: Deal, solution: Sequence[Sequence[int]]) -> list[str]:
    """Apply the moves of ``solution`` by the rules; the faults found (empty if it wins)."""
    board = board_for(deal.layout)
    n = len(deal.tiles)
    groups = deal.groups
    remaining = (1 << n) - 1
    for step, move in enumerate(solution, start=1):
        if len(move) != 2:
            return [f"move {step}: a move removes two tiles, not {len(move)}"]
        a, b = move
        if not (0 <= a < n and 0 <= b < n) or a == b:
            return [f"move {step}: positions {a} and {b} are not two positions of the layout"]
        for i in (a, b):
            if not remaining >> i & 1:
                return [f"move {step}: the tile at {i} was already removed"]
            if not board.is_free(remaining, i):
                return [f"move {step}: the tile at {i} ({deal.tiles[i]}) is not free"]
        if groups[a] != groups[b]:
            return [f"move {step}: {deal.tiles[a]} and {deal.tiles[b]} do not match"]
        remaining &= ~(1 << a | 1 << b)
    if remaining:
        return [f"{bin(remaining).count('1')} tiles are left after the last move"]
    return []


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_SOLVER_NAMES = frozenset({"SolveResult", "Solver", "solve", "Experience", "available_moves",
                           "position_status", "experience"})


def __getattr__(name: str):
    """The solver's names, also reachable from here (they live in ``solitaire_solver``)."""
    if name in _SOLVER_NAMES:
        from . import solitaire_solver

        return getattr(solitaire_solver, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["SOLVED", "UNDECIDED", "UNSOLVABLE", "Board", "Deal", "Position", "board_for",
           "deal_backwards", "deal_random", "match_group", "pair_supply", "replay_solution",
           "tile_supply"]
