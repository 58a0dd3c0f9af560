"""The loops of the solver's simulated plays (:class:`.solitaire_play.Table`), as kernels:
compiled by numba on first use; with compilation off (``TILEPRESS_NO_JIT=1``) the same
source runs as plain Python, slowly, with the same results (see :mod:`tilepress.compiled`).

A position is a tile's *code* each (:mod:`.solitaire_play`), the layout's touches as one
flat list (``start[t]:start[t + 1]`` are tile ``t``'s entries of ``target`` and
``delta``) and a fixed stack. :data:`PLAY` plays a pairing in the solver's order and
records it; :data:`END` finds only where that play ends, faster: it removes a pair at
once and looks at a tile only when it turns free. A play's end does not depend on its
order (a removal never blocks a tile), so both end with the same tiles in place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from tilepress.compiled import kernel

GONE = 1 << 40
"""The code of a removed tile (never free; later touches take a little off it)."""
HALF_GONE = GONE >> 1
"""Below it, the code of a tile still in place."""


def _play(
    code0: np.ndarray,
    free0: np.ndarray,
    start: np.ndarray,
    target: np.ndarray,
    delta: np.ndarray,
    group_of: np.ndarray,
    faces: int,
    count0: int,
    partner: np.ndarray,
    code: np.ndarray,
    clock: np.ndarray,
    record: np.ndarray,
) -> int:
    """Play ``partner`` greedily (see :meth:`.solitaire_play.Table.play`), leaving the
    codes in ``code``; the number of tiles left. ``clock[t]`` gets the order in which tile
    ``t`` went (-1 if it stays), ``record[0]`` the number of pairs removed (the pairs of
    ``partner``, not the relaxed ones) and ``record[1:]`` those pairs' tiles, in order.
    A tile is pushed each time a removal leaves it free; the relaxed tiles of a face go
    as the first two free together, then each other one as soon as it is free."""
    code[:] = code0
    clock[:] = -1
    waiting = np.full(faces, -1, np.int64)  # -1: none free yet, -2: the face is going
    stack = np.empty(free0.shape[0] + target.shape[0] + 1, np.int64)
    sp = free0.shape[0]
    stack[:sp] = free0
    out = np.empty(2, np.int64)
    left = count0
    pairs = 0
    while sp:
        sp -= 1
        t = stack[sp]
        c = code[t]
        if not (c < 16 and (c < 4 or c & 3 == 0)):
            continue
        p = partner[t]
        k = 0
        if p >= 0:
            c = code[p]
            if not (c < 16 and (c < 4 or c & 3 == 0)):
                continue
            out[0] = t
            out[1] = p
            k = 2
            record[1 + 2 * pairs] = t
            record[2 + 2 * pairs] = p
            pairs += 1
        else:
            g = group_of[t]
            w = waiting[g]
            if w == -1:
                waiting[g] = t
                continue
            if w == -2:
                out[0] = t
                k = 1
            elif w == t:
                continue
            else:
                out[0] = w
                out[1] = t
                k = 2
                waiting[g] = -2
        for i in range(k):
            x = out[i]
            code[x] = GONE
            clock[x] = count0 - left
            left -= 1
            for q in range(start[x], start[x + 1]):
                j = target[q]
                c = code[j] - delta[q]
                code[j] = c
                if c < 16 and (c < 4 or c & 3 == 0):
                    stack[sp] = j
                    sp += 1
    record[0] = pairs
    return left


PLAY = kernel(_play)


def _end(
    code0: np.ndarray,
    free0: np.ndarray,
    start: np.ndarray,
    target: np.ndarray,
    delta: np.ndarray,
    group_of: np.ndarray,
    faces: int,
    count0: int,
    partner: np.ndarray,
    code: np.ndarray,
) -> int:
    """Where the play of ``partner`` ends (as :data:`PLAY`'s, in another order), leaving
    the codes in ``code``; the number of tiles left. A code is free when below 16 with a
    side clear."""
    code[:] = code0
    waiting = np.full(faces, -1, np.int64)  # -1: none free yet, -2: the face is going
    stack = np.empty(free0.shape[0] + code0.shape[0], np.int64)
    sp = free0.shape[0]
    stack[:sp] = free0
    left = count0
    while sp:
        sp -= 1
        t = stack[sp]
        c = code[t]
        if not (c < 16 and (c < 4 or c & 3 == 0)):
            continue
        p = partner[t]
        if p >= 0:
            c = code[p]
            if not (c < 16 and (c < 4 or c & 3 == 0)):
                continue
        else:
            g = group_of[t]
            w = waiting[g]
            if w == -1:
                waiting[g] = t
                continue
            if w == t:
                continue
            p = w if w >= 0 else -1
            waiting[g] = -2
        for x in (t, p):
            if x < 0:
                continue
            code[x] = GONE
            left -= 1
            for k in range(start[x], start[x + 1]):
                j = target[k]
                d = delta[k]
                c = code[j] - d
                code[j] = c
                if c < 16 and (c < 4 or c & 3 == 0):
                    c += d
                    if not (c < 16 and (c < 4 or c & 3 == 0)):
                        sp += 1
                        stack[sp - 1] = j
    return left


END = kernel(_end)


@dataclass
class Arrays:
    """A position's arrays for the kernels."""

    code0: np.ndarray
    free0: np.ndarray
    start: np.ndarray
    target: np.ndarray
    delta: np.ndarray
    group_of: np.ndarray
    faces: int
    count0: int

    @classmethod
    def build(
        cls,
        code0: Sequence[int],
        free0: Sequence[int],
        touch: Sequence[Sequence[tuple[int, int]]],
        group_of: Sequence[int],
        faces: int,
        count0: int,
    ) -> Arrays:
        """The arrays of a position: its codes, the tiles free in it, the layout's
        touches (for each tile, the tiles its removal touches and by how much) and each
        tile's face."""
        start = np.zeros(len(touch) + 1, np.int64)
        start[1:] = np.cumsum([len(e) for e in touch])
        flat = [pair for entries in touch for pair in entries]
        return cls(
            np.array(code0, np.int64),
            np.array(free0, np.int64),
            start,
            np.array([j for j, _ in flat], np.int64),
            np.array([d for _, d in flat], np.int64),
            np.array(group_of, np.int64),
            faces,
            count0,
        )

    def end(self, partner: Sequence[int]) -> tuple[int, np.ndarray]:
        """Where the play of ``partner`` ends: tiles left and every tile's code."""
        code = np.empty_like(self.code0)
        left = END(self.code0, self.free0, self.start, self.target, self.delta,
                   self.group_of, self.faces, self.count0, np.asarray(partner, np.int64), code)
        return int(left), code

    def stranded(self, partner: Sequence[int]) -> tuple[int, list[int]]:
        """The tiles left by the play of ``partner``: their number and the list."""
        left, code = self.end(partner)
        return left, np.flatnonzero(code < HALF_GONE).tolist()

    def play(self, partner: Sequence[int]) -> tuple[int, np.ndarray, list[tuple[int, int]]]:
        """The play of ``partner`` in order: tiles left, when each tile went (-1: it
        stays) and the pairs of ``partner`` removed, in order."""
        n = self.code0.shape[0]
        code = np.empty_like(self.code0)
        clock = np.empty(n, np.int64)
        record = np.empty(n + 1, np.int64)
        left = PLAY(self.code0, self.free0, self.start, self.target, self.delta,
                    self.group_of, self.faces, self.count0, np.asarray(partner, np.int64),
                    code, clock, record)
        flat = record[1:1 + 2 * record[0]].tolist()
        return int(left), clock, list(zip(flat[::2], flat[1::2], strict=True))


__all__ = ["END", "GONE", "HALF_GONE", "PLAY", "Arrays"]
