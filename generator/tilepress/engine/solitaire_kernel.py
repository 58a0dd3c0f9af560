"""The solver's hottest loop, :meth:`.solitaire_play.Table.end`, compiled by numba when
the fast extra is installed (see :mod:`tilepress.compiled`).

The loop is the same as the plain one, over numpy arrays: the layout's touches as one
flat list (``start[t]:start[t + 1]`` are tile ``t``'s entries of ``target`` and
``delta``), and a fixed stack (a tile is pushed once at the start when free, and at most
once more, when it turns free). Its end is the same tile for tile, so verdicts and
budgets, counted in plays, do not depend on whether it runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from tilepress.compiled import enabled, kernel

GONE = 1 << 40
"""The code of a removed tile (never free; later touches take a little off it)."""
HALF_GONE = GONE >> 1
"""Below it, the code of a tile still in place."""


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
    """Play ``partner`` as :meth:`Table.end` does, leaving the codes in ``code``; the
    number of tiles left. A code is free when below 16 with a side clear."""
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
class Compiled:
    """A position's arrays for the compiled loop."""

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
    ) -> Compiled | None:
        """The arrays, or None when numba is not there (the plain loop runs)."""
        if not enabled():
            return None
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
        left = END(
            self.code0,
            self.free0,
            self.start,
            self.target,
            self.delta,
            self.group_of,
            self.faces,
            self.count0,
            np.asarray(partner, np.int64),
            code,
        )
        return int(left), code

    def stranded(self, partner: Sequence[int]) -> tuple[int, list[int]]:
        """The tiles left by the play of ``partner``: their number and the list."""
        left, code = self.end(partner)
        return left, np.flatnonzero(code < HALF_GONE).tolist()


__all__ = ["END", "GONE", "HALF_GONE", "Compiled"]
