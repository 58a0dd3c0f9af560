"""Simulated play for the solitaire solver: blocker counts, greedy plays of a pairing,
quick playouts and a local search over pairings.

Every tile carries one small number, its *code*: the tiles lying on it (any depth of
overlap) times 16, plus those touching its left side times 4, plus those touching its
right side (at most three a side, so two bits each). Removing a tile subtracts a fixed
amount from the code of each tile it touched, and a tile is free exactly when its code
is one of :data:`FREE_CODES`. A removed tile gets the code :data:`GONE`, which is never
free. A play copies one list and walks the tiles once; nothing else is rebuilt.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

import numpy as np

from tilepress.engine.solitaire import board_for
from tilepress.engine.solitaire_kernel import GONE, PLAYOUTS, SEED, Arrays
from tilepress.layouts import Layout

FREE_CODES = frozenset({0, 1, 2, 3, 4, 8, 12})
"""Codes of a free tile: nothing on it, and a side (left or right) clear."""
OVER, LEFT, RIGHT = 16, 4, 1
"""What a tile's removal subtracts from the code of a tile it lies on, of the tile to
its right (whose left side it touched), of the tile to its left."""


@dataclass(frozen=True)
class Geometry:
    """What a layout's plays need, built once per layout."""

    code: tuple[int, ...]
    """Each tile's code with every tile in place."""
    touch: tuple[tuple[tuple[int, int], ...], ...]
    """For each tile, the tiles its removal touches and what it subtracts from each:
    first those it lies on, then those right of it, then those left of it."""
    below: tuple[int, ...]
    """Bit masks: the tiles that must go before each one is free (what lies on it, at
    any depth). Two tiles one of which lies on the other can never be a pair."""
    weight: tuple[float, ...]
    """How much a tile holds up: the tiles under it (at any depth) and half those
    beside it."""
    start: np.ndarray = field(compare=False, repr=False)
    target: np.ndarray = field(compare=False, repr=False)
    delta: np.ndarray = field(compare=False, repr=False)
    """:attr:`touch` as flat arrays for the kernels: ``start[t]:start[t + 1]`` are tile
    ``t``'s entries of ``target`` (the tile touched) and ``delta`` (what it subtracts)."""
    weights: np.ndarray = field(compare=False, repr=False)
    """:attr:`weight` as an array."""
    apart: np.ndarray = field(compare=False, repr=False)
    """Whether two tiles can ever be free together (neither lies over the other)."""


@lru_cache(maxsize=64)
def geometry(layout: Layout) -> Geometry:
    board = board_for(layout)
    n = len(layout)
    touch: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    sides = [0] * n
    for step, masks in ((OVER, board.over), (LEFT, board.left), (RIGHT, board.right)):
        for j in range(n):
            for t in tiles_in(masks[j]):
                touch[t].append((j, step))
                if step != OVER:
                    sides[t] += 1
    for t in range(n):  # the tiles under it first, as the removal order expects
        touch[t].sort(key=lambda e: (e[1] != OVER, e[1] != LEFT))
    held = [0] * n
    for j in range(n):
        for t in tiles_in(board.below[j]):
            held[t] += 1
    code = tuple(OVER * _count(board.over[t]) + LEFT * _count(board.left[t])
                 + RIGHT * _count(board.right[t]) for t in range(n))
    weight = tuple(held[t] + 0.5 * sides[t] for t in range(n))
    start = np.zeros(n + 1, np.int64)
    start[1:] = np.cumsum([len(e) for e in touch])
    flat = [pair for entries in touch for pair in entries]
    apart = np.ones((n, n), np.bool_)
    for a in range(n):
        for c in tiles_in(board.below[a]):
            apart[a, c] = apart[c, a] = False
    return Geometry(code, tuple(map(tuple, touch)), board.below, weight, start,
                    np.array([j for j, _ in flat], np.int64),
                    np.array([d for _, d in flat], np.int64), np.array(weight, np.float64),
                    apart)


def codes_after(geo: Geometry, remaining: int) -> list[int]:
    """The codes of a position: the tiles not in ``remaining`` taken away."""
    code = list(geo.code)
    touch = geo.touch
    gone = tiles_in(((1 << len(code)) - 1) & ~remaining)
    for t in gone:
        for j, d in touch[t]:
            code[j] -= d
    for t in gone:
        code[t] = GONE
    return code


def partner_list(n: int, pairs: Sequence[tuple[int, int]]) -> list[int]:
    """Each of ``n`` tiles' partner in ``pairs`` (-1 for a tile in none)."""
    partner = [-1] * n
    for a, c in pairs:
        partner[a], partner[c] = c, a
    return partner


def is_pair(geo: Geometry, a: int, c: int) -> bool:
    """Whether two tiles can ever be free together (neither lies over the other)."""
    below = geo.below
    return not (below[a] >> c & 1 or below[c] >> a & 1)


class Table:
    """One position of a deal, ready for fast simulated plays.

    ``partner[t]`` pairs tile ``t`` with a tile of its face, or is -1: *open*. A play
    removes a paired tile with its partner as soon as both are free; the open tiles of a
    face go *relaxed*: the first two that are free together, then each other one as soon
    as it is free. That is never harder than the real game, so a relaxed play that
    sticks proves that no pairing of the open tiles wins; with every tile paired it is
    the real game, and the order does not matter (a removal never blocks a tile). The
    plays run in the kernels of :mod:`.solitaire_kernel`."""

    def __init__(self, geo: Geometry, groups: Sequence[int], remaining: int) -> None:
        n = len(groups)
        self.geo = geo
        self.n = n
        self.code0 = codes_after(geo, remaining)
        self.free0 = [t for t in range(n) if self.code0[t] in FREE_CODES]
        self.count0 = n - self.code0.count(GONE)
        ids: dict[int, int] = {}
        self.members: list[list[int]] = []
        self.group_of = [-1] * n
        for t in range(n):
            if self.code0[t] != GONE:
                g = ids.setdefault(groups[t], len(ids))
                if g == len(self.members):
                    self.members.append([])
                self.members[g].append(t)
                self.group_of[t] = g

    @cached_property
    def arrays(self) -> Arrays:
        """The position as the kernels' arrays."""
        geo = self.geo
        return Arrays(np.array(self.code0, np.int64), np.array(self.free0, np.int64),
                      self.count0, geo.start, geo.target, geo.delta,
                      np.array(self.group_of, np.int64), len(self.members),
                      np.cumsum([0] + [len(ms) for ms in self.members], dtype=np.int64),
                      np.array([t for ms in self.members for t in ms], np.int64),
                      geo.weights, geo.apart)

    def play(self, partner: Sequence[int], clock: list[int] | None = None,
             record: list[tuple[int, int]] | None = None) -> int:
        """Play ``partner`` greedily; the number of tiles left (0: a win). ``clock``
        receives the order in which tiles went; ``record`` the pairs removed (the moves
        of a win when every tile is paired)."""
        if clock is None and record is None:
            return self.arrays.end(partner)[0]
        left, order, pairs = self.arrays.play(partner)
        if clock is not None:
            for t in np.flatnonzero(order >= 0).tolist():
                clock[t] = int(order[t])
        if record is not None:
            record.extend(pairs)
        return left

    def end(self, partner: Sequence[int]) -> tuple[int, np.ndarray]:
        """Where :meth:`play` ends: the number of tiles left and every tile's code (a
        removed tile's is :data:`GONE` or a little less)."""
        return self.arrays.end(partner)

    def stranded(self, partner: Sequence[int]) -> tuple[int, list[int]]:
        """Play ``partner``; the tiles left and the list of those tiles."""
        return self.arrays.stranded(partner)

    def playouts(self, mt: np.ndarray, noises: Sequence[float], penalty: np.ndarray,
                 ) -> tuple[int, list[tuple[int, int]]]:
        """Quick games (:data:`.solitaire_kernel.PLAYOUT`), one for each of ``noises``,
        until one wins: a face whose remaining tiles are all free goes at once (that is
        always safe); when none does, the free pair holding up the most goes (with the
        game's noise, drawn from ``mt``, less its ``penalty``), never one that leaves a
        face's last two tiles one on the other. A game that sticks adds to the penalty
        (an n-by-n array, the smaller tile first) of its pairs whose face it left
        stranded. Returns the index of the game that won (-1: none) and its moves, or
        those of the first longest game. ``mt`` is a random stream (:func:`seeded`,
        :func:`stream`), drawn on."""
        a = self.arrays
        best = np.empty((self.n // 2 + 1, 2), np.int64)
        info = np.zeros(1, np.int64)
        won = PLAYOUTS(np.asarray(noises, np.float64), a.code0, a.free0, a.count0, a.start,
                       a.target, a.delta, a.group_of, a.mstart, a.mlist, a.weight, a.apart,
                       penalty, mt, best, info)
        flat = best[:info[0]].tolist()
        return int(won), [(x, y) for x, y in flat]


def seeded(seed: int) -> np.ndarray:
    """The state of ``random.Random(seed)`` as the kernels draw from it (see
    :func:`stream`), made without one."""
    n = abs(seed)
    key = [(n >> (32 * k)) & 0xFFFFFFFF for k in range(max(1, -(-n.bit_length() // 32)))]
    mt = np.empty(625, np.int64)
    SEED(mt, np.array(key, np.int64))
    return mt


def stream(rng: random.Random) -> np.ndarray:
    """``rng``'s state as the kernels draw from it (:data:`.solitaire_kernel.RANDOM`):
    the Mersenne Twister's 624 words and its index."""
    return np.array(rng.getstate()[1], np.int64)


def streamed(rng: random.Random, mt: np.ndarray) -> None:
    """Put the state a kernel drew ``mt`` to back into ``rng``."""
    version, _, gauss = rng.getstate()
    rng.setstate((version, tuple(mt.tolist()), gauss))


@lru_cache(maxsize=4096)
def matchings(items: tuple[int, ...]) -> list[tuple[tuple[int, int], ...]]:
    """Every way to split an even number of tiles into pairs."""
    if not items:
        return [()]
    first, out = items[0], []
    for k in range(1, len(items)):
        rest = (*items[1:k], *items[k + 1:])
        out.extend(((first, items[k]), *m) for m in matchings(rest))
    return out


def _count(mask: int) -> int:
    return bin(mask).count("1")


def tiles_in(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


__all__ = ["FREE_CODES", "GONE", "Geometry", "Table", "codes_after", "geometry", "is_pair",
           "matchings", "partner_list", "seeded", "stream", "streamed"]
