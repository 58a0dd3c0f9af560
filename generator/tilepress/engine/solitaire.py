"""Mahjong solitaire: the free-tile rule, deals, and replaying a solution.

A tile is free when no tile on a higher layer overlaps it and its left or its right side
is clear (no tile on its layer touches that side). A move removes two free tiles that
match: identical tiles, any flower with any flower, any season with any season (with
``bonus=False`` the bonus tiles are left out of deals). The deal is won when every
tile is gone.

The solver lives in :mod:`.solitaire_solver` and what a reader meets along a solution in
:mod:`.solitaire_experience`; their names (``solve``, ``SolveResult``, ``experience``, ...)
can be reached from here too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from tilepress.errors import RequestError
from tilepress.layouts import Layout, Position
from tilepress.tiles import ALL_TILES, STANDARD_TILES, Tile

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


class _Groups(dict[Tile, int]):
    """:func:`match_group` of each tile met so far."""

    def __missing__(self, tile: Tile) -> int:
        group = self[tile] = match_group(tile)
        return group


_GROUPS = _Groups()


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

    @cached_property
    def groups(self) -> tuple[int, ...]:
        """Each tile's matching group (:func:`match_group`)."""
        return tuple(map(_GROUPS.__getitem__, self.tiles))


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
    """A winnable deal and its solution: first a removal order of the empty positions
    (two free positions at a time, see :func:`removal_order`), then matching pairs of
    tiles dealt onto it in reverse, the last pair removed first, so that the order is a
    solution by construction.

    ``supply`` gives the tiles as consecutive matching pairs (default: from standard
    sets, see :func:`tile_supply`)."""
    n = len(layout)
    if n % 2:
        raise RequestError(f"layout {layout.name!r} has {n} positions: an odd count cannot "
                           "be cleared")
    order = removal_order(layout, rng, attempts=attempts)
    tiles: list[Tile | None] = [None] * n
    tiles_in = list(supply) if supply is not None else tile_supply(n, rng, bonus=bonus)
    pairs = [(tiles_in[2 * k], tiles_in[2 * k + 1]) for k in range(n // 2)]
    rng.shuffle(pairs)
    for (a, b), (ta, tb) in zip(reversed(order), pairs, strict=True):
        tiles[a], tiles[b] = ta, tb
    return Deal(layout, tuple(t for t in tiles if t is not None)), order


def removal_order(layout: Layout, rng: random.Random, *,
                  attempts: int = 200) -> list[tuple[int, int]]:
    """Pairs of positions that clear the empty layout, each pair free when it goes.

    Each attempt takes, at every step, the free position that holds up the most tiles
    (with some noise) and a partner among the other free ones; it fails only when a
    single tile is free with others left (the last tiles of a stack). A failed attempt
    starts again with more noise. Raises :class:`RequestError`, saying what was tried,
    when ``attempts`` all fail."""
    from tilepress.engine.solitaire_play import FREE_CODES, GONE, geometry

    geo = geometry(layout)
    n = len(layout)
    weight, touch = geo.weight, geo.touch
    stuck_at: list[int] = []
    for attempt in range(attempts):
        noise = 1.0 + attempt
        code = list(geo.code)
        free = [t for t in range(n) if code[t] in FREE_CODES]
        order: list[tuple[int, int]] = []
        while len(free) >= 2:
            ranked = sorted(free, key=lambda t: -weight[t] - rng.random() * noise)
            a, b = ranked[0], ranked[1 + int(rng.random() * rng.random() * (len(ranked) - 1))]
            order.append((a, b))
            free = [t for t in free if t != a and t != b]
            for x in (a, b):
                code[x] = GONE
                for j, d in touch[x]:
                    was_free = code[j] in FREE_CODES
                    code[j] -= d
                    if not was_free and code[j] in FREE_CODES:
                        free.append(j)
        if 2 * len(order) == n:
            return order
        stuck_at.append(n - 2 * len(order))
    raise RequestError(f"layout {layout.name!r}: no order clears it two free tiles at a "
                       f"time in {attempts} tries (each stuck with at least "
                       f"{min(stuck_at)} tiles left and only one free); it may admit no "
                       "winnable deal")



# ---------------------------------------------------------------------------
# Replaying a solution
# ---------------------------------------------------------------------------


def replay_solution(deal: Deal, solution: Sequence[Sequence[int]]) -> list[str]:
    """Apply the moves of ``solution`` by the rules; the faults found (empty if it wins)."""
    board = board_for(deal.layout)
    n = len(deal.tiles)
    groups = deal.groups
    over, left, right = board.over, board.left, board.right
    remaining = (1 << n) - 1
    for step, move in enumerate(solution, start=1):
        if not isinstance(move, (list, tuple)) or len(move) != 2 or \
                type(move[0]) is not int or type(move[1]) is not int:
            return [f"move {step}: a move is a pair of positions [i, j], not {move!r:.40}"]
        a, b = move
        if not (0 <= a < n and 0 <= b < n) or a == b:
            return [f"move {step}: positions {a} and {b} are not two positions of the layout"]
        for i in (a, b):
            if not remaining >> i & 1:
                return [f"move {step}: the tile at {i} was already removed"]
            if over[i] & remaining or (left[i] & remaining and right[i] & remaining):
                return [f"move {step}: the tile at {i} ({deal.tiles[i]}) is not free"]
        if groups[a] != groups[b]:
            return [f"move {step}: {deal.tiles[a]} and {deal.tiles[b]} do not match"]
        remaining &= ~(1 << a | 1 << b)
    if remaining:
        return [f"{bin(remaining).count('1')} tiles are left after the last move"]
    return []


_SOLVER_NAMES = {"SolveResult": "solitaire_solver", "Solver": "solitaire_solver",
                 "solve": "solitaire_solver", "Experience": "solitaire_experience",
                 "available_moves": "solitaire_experience",
                 "position_status": "solitaire_experience", "experience": "solitaire_experience"}


def __getattr__(name: str):
    """The solver's names, also reachable from here (they live in ``solitaire_solver`` and
    ``solitaire_experience``)."""
    if name in _SOLVER_NAMES:  # imported here, on first use: the solver is heavy
        if _SOLVER_NAMES[name] == "solitaire_solver":
            from tilepress.engine import solitaire_solver as module
        else:
            from tilepress.engine import solitaire_experience as module
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["SOLVED", "UNDECIDED", "UNSOLVABLE", "Board", "Deal", "Position", "board_for",
           "deal_backwards", "deal_random", "match_group", "pair_supply", "replay_solution",
           "tile_supply"]
