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


def _seed(mt: np.ndarray, key: np.ndarray) -> None:
    """Seed ``mt`` as Python's ``random.seed`` seeds its Mersenne Twister from a whole
    number, given as ``key``: its 32-bit words, lowest first (``[0]`` for 0)."""
    mt[0] = 19650218
    for i in range(1, 624):
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & 0xFFFFFFFF
    i = 1
    j = 0
    for _ in range(max(624, key.shape[0])):
        mixed = ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525) & 0xFFFFFFFF
        mt[i] = ((mt[i] ^ mixed) + key[j] + j) & 0xFFFFFFFF
        i += 1
        j += 1
        if i >= 624:
            mt[0] = mt[623]
            i = 1
        if j >= key.shape[0]:
            j = 0
    for _ in range(623):
        mixed = ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941) & 0xFFFFFFFF
        mt[i] = ((mt[i] ^ mixed) - i) & 0xFFFFFFFF
        i += 1
        if i >= 624:
            mt[0] = mt[623]
            i = 1
    mt[0] = 0x80000000
    mt[624] = 624


SEED = kernel(_seed)


def _twist(mt: np.ndarray) -> None:
    """The Mersenne Twister's next 624 words (``mt[624]`` is the index)."""
    for k in range(624):
        y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7FFFFFFF)
        v = mt[(k + 397) % 624] ^ (y >> 1)
        if y & 1:
            v ^= 0x9908B0DF
        mt[k] = v
    mt[624] = 0


TWIST = kernel(_twist)


def _word(mt: np.ndarray) -> int:
    """The Mersenne Twister's next 32-bit word."""
    if mt[624] >= 624:
        TWIST(mt)
    y = mt[mt[624]]
    mt[624] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    return y ^ (y >> 18)


WORD = kernel(_word)


def _random(mt: np.ndarray) -> float:
    """A float in [0, 1), as Python's ``random.random()`` draws it from the same state:
    ``mt`` is :meth:`random.Random.getstate`'s 624 words and index (see :class:`Stream`)."""
    a = WORD(mt) >> 5
    b = WORD(mt) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


RANDOM = kernel(_random)


def _take(code: np.ndarray, tiles: np.ndarray, k: int, start: np.ndarray,
          target: np.ndarray, delta: np.ndarray, stack: np.ndarray, sp: int) -> int:
    """Remove the first ``k`` of ``tiles`` one by one; every tile a removal leaves free
    is pushed (again if it was free before); the new stack height."""
    for i in range(k):
        x = tiles[i]
        code[x] = GONE
        for q in range(start[x], start[x + 1]):
            j = target[q]
            c = code[j] - delta[q]
            code[j] = c
            if c < 16 and (c < 4 or c & 3 == 0):
                stack[sp] = j
                sp += 1
    return sp


TAKE = kernel(_take)


def _risky(code: np.ndarray, waiting: np.ndarray, wcount: np.ndarray, rest: np.ndarray,
           mstart: np.ndarray, mlist: np.ndarray, weight: np.ndarray, apart: np.ndarray,
           noise: float, penalty: np.ndarray, mt: np.ndarray, pair: np.ndarray,
           others: np.ndarray) -> int:
    """A playout's risky move, when no face can go whole: of the free pairs (``waiting``,
    by face), the best-scored goes to ``pair``; its face, or -1 when there is none. A
    pair scores the tiles it holds up (``weight``), plus ``noise`` times a draw of ``mt``,
    less its ``penalty``; on a face of four tiles left, a pair whose going leaves the
    other two one on the other (not ``apart``) is never taken, and draws nothing."""
    faces = mstart.shape[0] - 1
    best = -1e18
    pg = -1
    for g in range(faces):
        k = wcount[g]
        if k < 2:
            continue
        check = rest[g] == 4
        no = 0
        if check:  # the face's tiles in place that are not free, in order
            for q in range(mstart[g], mstart[g + 1]):
                x = mlist[q]
                if code[x] == GONE:
                    continue
                inw = False
                for e in range(k):
                    if waiting[g, e] == x:
                        inw = True
                        break
                if not inw:
                    others[no] = x
                    no += 1
        for i in range(k):
            a = waiting[g, i]
            for j in range(i + 1, k):
                b = waiting[g, j]
                if check:  # the last two must not lie one on the other
                    r0 = others[0] if no > 0 else -1
                    r1 = others[1] if no > 1 else -1
                    for e in range(k):
                        x = waiting[g, e]
                        if r1 >= 0:
                            break
                        if x in (a, b):
                            continue
                        if r0 < 0:
                            r0 = x
                        else:
                            r1 = x
                    if not apart[r0, r1]:
                        continue
                lo = a if a < b else b
                hi = b if a < b else a
                score = weight[a] + weight[b] + RANDOM(mt) * noise - penalty[lo, hi]
                if score > best:
                    best = score
                    pg = g
                    pair[0] = a
                    pair[1] = b
    return pg


RISKY = kernel(_risky)


def _playout(code0: np.ndarray, free0: np.ndarray, count0: int, start: np.ndarray,
             target: np.ndarray, delta: np.ndarray, group_of: np.ndarray,
             mstart: np.ndarray, mlist: np.ndarray, weight: np.ndarray, apart: np.ndarray,
             noise: float, penalty: np.ndarray, mt: np.ndarray, moves: np.ndarray,
             code: np.ndarray, waiting: np.ndarray, wcount: np.ndarray, rest: np.ndarray,
             stack: np.ndarray, pair: np.ndarray, others: np.ndarray,
             info: np.ndarray) -> int:
    """One quick game (see :meth:`.solitaire_play.Table.playouts`): the tiles left; its
    moves go to ``moves`` (``info[0]`` of them). A face whose tiles left are all free
    goes at once; when none does, the free pair holding up the most goes (``weight``,
    with ``noise`` times a draw of ``mt`` added and ``penalty`` taken off), never one
    that leaves a face's last two tiles one on the other (not ``apart``). A game that
    sticks adds 2 to the ``penalty`` of its pairs whose face it left stranded."""
    faces = mstart.shape[0] - 1
    code[:] = code0
    for g in range(faces):
        wcount[g] = 0
        rest[g] = mstart[g + 1] - mstart[g]
    sp = free0.shape[0]
    stack[:sp] = free0
    left = count0
    nm = 0
    while True:
        while sp:
            sp -= 1
            t = stack[sp]
            c = code[t]
            if not (c < 16 and (c < 4 or c & 3 == 0)):
                continue
            g = group_of[t]
            seen = False
            for i in range(wcount[g]):
                if waiting[g, i] == t:
                    seen = True
                    break
            if seen:
                continue
            waiting[g, wcount[g]] = t
            wcount[g] += 1
            if wcount[g] == rest[g]:  # every tile left is free
                k = wcount[g]
                for i in range(0, k, 2):
                    moves[nm, 0] = waiting[g, i]
                    moves[nm, 1] = waiting[g, i + 1]
                    nm += 1
                left -= k
                rest[g] = 0
                wcount[g] = 0
                sp = TAKE(code, waiting[g], k, start, target, delta, stack, sp)
        if not left:
            info[0] = nm
            return 0
        pg = RISKY(code, waiting, wcount, rest, mstart, mlist, weight, apart, noise, penalty,
                   mt, pair, others)
        if pg < 0:
            for i in range(nm):
                a = moves[i, 0]
                b = moves[i, 1]
                if rest[group_of[a]]:
                    lo = a if a < b else b
                    hi = b if a < b else a
                    penalty[lo, hi] += 2
            info[0] = nm
            return left
        a = pair[0]
        b = pair[1]
        moves[nm, 0] = a
        moves[nm, 1] = b
        nm += 1
        for x in (a, b):  # out of the face's waiting tiles, keeping their order
            k = wcount[pg]
            for i in range(k):
                if waiting[pg, i] == x:
                    for e in range(i, k - 1):
                        waiting[pg, e] = waiting[pg, e + 1]
                    wcount[pg] = k - 1
                    break
        rest[pg] -= 2
        left -= 2
        sp = TAKE(code, pair, 2, start, target, delta, stack, sp)


PLAYOUT = kernel(_playout)


def _playouts(noises: np.ndarray, code0: np.ndarray, free0: np.ndarray, count0: int,
              start: np.ndarray, target: np.ndarray, delta: np.ndarray,
              group_of: np.ndarray, mstart: np.ndarray, mlist: np.ndarray,
              weight: np.ndarray, apart: np.ndarray, penalty: np.ndarray, mt: np.ndarray,
              best: np.ndarray, info: np.ndarray) -> int:
    """One :data:`PLAYOUT` for each of ``noises``, until one wins: its index, or -1.
    ``best`` gets the moves of the win, else of the first longest game (``info[0]`` of
    them)."""
    n = code0.shape[0]
    faces = mstart.shape[0] - 1
    most = 1
    for g in range(faces):
        most = max(most, mstart[g + 1] - mstart[g])
    moves = np.empty((n // 2 + 1, 2), np.int64)
    code = np.empty(n, np.int64)
    waiting = np.empty((max(faces, 1), most), np.int64)
    wcount = np.empty(max(faces, 1), np.int64)
    rest = np.empty(max(faces, 1), np.int64)
    stack = np.empty(free0.shape[0] + target.shape[0] + 1, np.int64)
    pair = np.empty(2, np.int64)
    others = np.empty(most, np.int64)
    one = np.zeros(1, np.int64)
    longest = -1
    for k in range(noises.shape[0]):
        left = PLAYOUT(code0, free0, count0, start, target, delta, group_of, mstart, mlist,
                       weight, apart, noises[k], penalty, mt, moves, code, waiting, wcount,
                       rest, stack, pair, others, one)
        if one[0] > longest or left == 0:
            longest = one[0]
            best[:longest] = moves[:longest]
            info[0] = longest
        if left == 0:
            return k
    return -1


PLAYOUTS = kernel(_playouts)


@dataclass
class Arrays:
    """A position's arrays for the kernels (see :class:`.solitaire_play.Table`)."""

    code0: np.ndarray
    free0: np.ndarray
    count0: int
    start: np.ndarray
    target: np.ndarray
    delta: np.ndarray
    group_of: np.ndarray
    faces: int
    mstart: np.ndarray
    """``mlist[mstart[g]:mstart[g + 1]]`` are face ``g``'s tiles in place."""
    mlist: np.ndarray
    weight: np.ndarray
    apart: np.ndarray

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
