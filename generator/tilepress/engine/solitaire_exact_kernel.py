"""The kernels of the exact search (:mod:`.solitaire_exact`, where its reductions are
argued): compiled by numba on first use; with compilation off (``TILEPRESS_NO_JIT=1``)
the same source runs as plain Python, slowly, looking at the same positions.

The stack lives in fixed arrays, one row a level (a tile's code, a face's tiles in place,
the moves made to get there and those still to try), and the memo of failed positions in
an open-addressed table of removed-tile masks (64 tiles a word), grown by the caller.
tests/solitaire_oracle.py keeps a plain search over Python sets and lists, which the
tests check it against position for position."""

from __future__ import annotations

import numpy as np

from tilepress.compiled import kernel
from tilepress.engine.solitaire_kernel import END, GONE
from tilepress.engine.solitaire_kernel import HALF_GONE as HALF
from tilepress.engine.solitaire_stubborn import STUBBORN

# the scalars of a search, in one int64 array
DEPTH, PENDING, NODES, RESTARTS, RESTART_AT, RNG, STATUS, BEST, STORED, NEEDS_ROOM = range(10)
SCALARS = 10
RUNNING, WON, DEAD = 0, 1, 2

PAIR_CHECK = 12
"""The most tiles of a face (besides a move's two) whose pairing is checked: beyond, a
move is never taken for doomed (sound: it only prunes less), since the check's worst case
grows fast with the tiles."""
MIX1 = -4658895280553007687
MIX2 = -7723592293110705685
"""splitmix64's multipliers, as signed 64-bit numbers (products wrap)."""
MODULUS = 2147483647
"""The Park-Miller generator's modulus: the noise after a restart (plain and compiled
give the same numbers)."""


def noise_seed(restarts: int) -> int:
    """The noise generator's state after the ``restarts``-th restart."""
    return restarts * 7919 % (MODULUS - 1) + 1


NOISE_SEED = kernel(noise_seed)


def luby(i: int) -> int:
    """The ``i``-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ..."""
    while True:
        k = 0
        while (1 << k) <= i:
            k += 1
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


LUBY = kernel(luby)


def _free(c: int) -> bool:
    return c < 16 and (c < 4 or c & 3 == 0)


FREE = kernel(_free)


def _take(code: np.ndarray, mask: np.ndarray, out: np.ndarray, k: int, start: np.ndarray,
          target: np.ndarray, delta: np.ndarray) -> None:
    """Remove the ``k`` tiles of ``out``: their codes go to GONE, their bits into
    ``mask``, and the tiles they touch lose their touches."""
    for i in range(k):
        x = out[i]
        code[x] = GONE
        mask[x >> 6] |= np.int64(1) << (x & 63)
    for i in range(k):
        x = out[i]
        for q in range(start[x], start[x + 1]):
            code[target[q]] -= delta[q]


TAKE = kernel(_take)


def _inert(code: np.ndarray, t: int, start: np.ndarray, target: np.ndarray) -> bool:
    """Whether tile ``t`` touches no tile in place."""
    for q in range(start[t], start[t + 1]):  # noqa: SIM110 - numba has no all() of a generator
        if code[target[q]] <= HALF:
            return False
    return True


INERT = kernel(_inert)


def _by_face(code: np.ndarray, group_of: np.ndarray, count: np.ndarray, buf: np.ndarray,
             order: np.ndarray) -> int:
    """The free tiles by face (``buf[g, :count[g]]``, in order), the faces in order of
    their first free tile (``order``); the number of faces."""
    count[:] = 0
    nf = 0
    for t in range(code.shape[0]):
        if FREE(code[t]):
            g = group_of[t]
            if count[g] == 0:
                order[nf] = g
                nf += 1
            buf[g, count[g]] = t
            count[g] += 1
    return nf


BY_FACE = kernel(_by_face)


def _settle(code: np.ndarray, rest: np.ndarray, left: int, mask: np.ndarray,
            taken: np.ndarray, nt: int, start: np.ndarray, target: np.ndarray,
            delta: np.ndarray, group_of: np.ndarray, count: np.ndarray, buf: np.ndarray,
            order: np.ndarray, out: np.ndarray, ntaken: np.ndarray) -> int:
    """The safe moves (:meth:`.ExactSearch.settle`) of a position: the tiles left; the
    moves are added to ``taken`` (``ntaken[0]`` tiles then)."""
    while left:
        moved = False
        nf = BY_FACE(code, group_of, count, buf, order)
        for f in range(nf):
            g = order[f]
            c = count[g]
            waiting = rest[g] - c
            if c - waiting < 2:
                continue
            k = 0
            if waiting:
                ninert = 0
                for i in range(c):
                    if INERT(code, buf[g, i], start, target):
                        ninert += 1
                if ninert < waiting:
                    continue
                kept = 0
                for i in range(c):
                    t = buf[g, i]
                    if kept < waiting and INERT(code, t, start, target):
                        kept += 1
                        continue
                    out[k] = t
                    k += 1
            else:
                for i in range(c):
                    out[k] = buf[g, i]
                    k += 1
            TAKE(code, mask, out, k, start, target, delta)
            for i in range(k):
                taken[nt + i] = out[i]
            nt += k
            left -= k
            rest[g] -= k
            moved = True
        if not moved:
            break
    ntaken[0] = nt
    return left


SETTLE = kernel(_settle)


def _pairable(tiles: np.ndarray, m: int, apart: np.ndarray, used: np.ndarray) -> bool:
    """Whether the ``m`` ``tiles`` split into pairs with no tile lying on its partner
    (``apart``): depth first, the first tile left with each of its possible partners in
    turn (``used``: scratch of at least ``m`` flags)."""
    if m % 2:
        return False
    if m == 0:
        return True
    half = m // 2
    first = np.empty(half, np.int64)
    tried = np.empty(half, np.int64)
    for i in range(m):
        used[i] = False
    level = 0
    first[0] = 0
    tried[0] = 0
    used[0] = True
    while True:
        i = first[level]
        found = -1
        for j in range(tried[level] + 1, m):
            if not used[j] and apart[tiles[i], tiles[j]]:
                found = j
                break
        if found < 0:  # no partner left for it: back to the level below
            used[i] = False
            level -= 1
            if level < 0:
                return False
            used[tried[level]] = False
            continue
        tried[level] = found
        used[found] = True
        if level + 1 == half:
            return True
        k = i + 1
        while used[k]:
            k += 1
        level += 1
        first[level] = k
        tried[level] = k
        used[k] = True


PAIRABLE = kernel(_pairable)


def _unpairable(mstart: np.ndarray, mlist: np.ndarray, apart: np.ndarray, most: int) -> bool:
    """Whether a face (``mlist[mstart[g]:mstart[g + 1]]``) cannot be split into pairs
    with no tile lying on its partner: an odd face, or one of at most ``most`` tiles
    whose every pairing stacks two."""
    good = np.zeros(1 << most, np.bool_)
    for g in range(mstart.shape[0] - 1):
        m = mstart[g + 1] - mstart[g]
        if m % 2:
            return True
        if m <= most and not PAIRABLE(mlist[mstart[g]:mstart[g + 1]], m, apart, good):
            return True
    return False


UNPAIRABLE = kernel(_unpairable)


def _hash(words: np.ndarray, cap: int) -> int:
    """A slot for a mask: each word mixed in by splitmix64's finalizer (with arithmetic
    shifts), so that masks differing in a few bits land far apart."""
    h = 0
    for w in range(words.shape[0]):
        z = h ^ words[w]
        z = (z ^ (z >> 30)) * MIX1
        z = (z ^ (z >> 27)) * MIX2
        h = z ^ (z >> 31)
    return h & (cap - 1)


HASH = kernel(_hash)


def _slot(keys: np.ndarray, used: np.ndarray, words: np.ndarray) -> int:
    """The memo's slot of ``words``: where they are, or the empty one they would go to."""
    cap = used.shape[0]
    i = HASH(words, cap)
    nw = words.shape[0]
    while used[i]:
        same = True
        for w in range(nw):
            if keys[i, w] != words[w]:
                same = False
                break
        if same:
            return i
        i = (i + 1) & (cap - 1)
    return i


SLOT = kernel(_slot)


def _remember(keys: np.ndarray, used: np.ndarray, words: np.ndarray, st: np.ndarray) -> None:
    i = SLOT(keys, used, words)
    if not used[i]:
        used[i] = True
        keys[i, :] = words
        st[STORED] += 1


REMEMBER = kernel(_remember)


def _rehash(keys: np.ndarray, used: np.ndarray, new_keys: np.ndarray,
            new_used: np.ndarray) -> None:
    """Move the memo into a bigger table."""
    for i in range(used.shape[0]):
        if used[i]:
            j = SLOT(new_keys, new_used, keys[i])
            new_used[j] = True
            new_keys[j, :] = keys[i]


REHASH = kernel(_rehash)


def _moves(code: np.ndarray, rest: np.ndarray, moves: np.ndarray, st: np.ndarray,
           noise: float, reduce: bool, start: np.ndarray, target: np.ndarray,
           group_of: np.ndarray, mstart: np.ndarray, mlist: np.ndarray,
           weight: np.ndarray, apart: np.ndarray, count: np.ndarray, buf: np.ndarray,
           order: np.ndarray, rank: np.ndarray, others: np.ndarray, good: np.ndarray,
           score: np.ndarray, pairs: np.ndarray, kept: np.ndarray, stub: tuple,
           tries: int) -> int:
    """The moves worth trying (:meth:`.ExactSearch.moves`), the best first, into
    ``moves``; their number."""
    k = 0
    nf = BY_FACE(code, group_of, count, buf, order)
    for f in range(nf):
        g = order[f]
        c = count[g]
        if c < 2:
            continue
        r = 0
        for i in range(c):
            if INERT(code, buf[g, i], start, target):
                rank[i] = r
                r += 1
            else:
                rank[i] = -1
        check = 2 < rest[g] <= PAIR_CHECK + 2
        for i in range(c):
            a = buf[g, i]
            for j in range(i + 1, c):
                b = buf[g, j]
                s = max(rank[i], 0) + max(rank[j], 0)
                if s > 1 or (s == 1 and (rank[i] < 0 or rank[j] < 0)):
                    continue
                if check:
                    m = 0
                    for q in range(mstart[g], mstart[g + 1]):
                        t = mlist[q]
                        if code[t] < HALF and t != a and t != b:
                            others[m] = t
                            m += 1
                    if not PAIRABLE(others, m, apart, good):
                        continue
                v = -(weight[a] + weight[b])
                if st[RESTARTS]:
                    st[RNG] = st[RNG] * 48271 % MODULUS
                    v = v - noise * (st[RNG] / MODULUS)
                # insertion by (score, first tile, second tile)
                p = k
                while p > 0 and (score[p - 1] > v or (score[p - 1] == v and (
                        pairs[p - 1, 0] > a or (pairs[p - 1, 0] == a and pairs[p - 1, 1] > b)))):
                    score[p] = score[p - 1]
                    pairs[p, 0] = pairs[p - 1, 0]
                    pairs[p, 1] = pairs[p - 1, 1]
                    p -= 1
                score[p] = v
                pairs[p, 0] = a
                pairs[p, 1] = b
                k += 1
    if reduce and k > 1:
        STUBBORN(code, pairs[:k], stub[0], stub[1], stub[2], stub[3], stub[4], stub[5],
                 stub[6], stub[7], stub[8], stub[9], stub[10], kept[:k], tries)
        out = 0
        for i in range(k):
            if kept[i]:
                moves[out, 0] = pairs[i, 0]
                moves[out, 1] = pairs[i, 1]
                out += 1
        return out
    for i in range(k):
        moves[i, 0] = pairs[i, 0]
        moves[i, 1] = pairs[i, 1]
    return k


MOVES = kernel(_moves)


def _run(positions: int, st: np.ndarray, code: np.ndarray, rest: np.ndarray,
         left: np.ndarray, mask: np.ndarray, taken: np.ndarray, ntaken: np.ndarray,
         moves: np.ndarray, nmoves: np.ndarray, nxt: np.ndarray, keys: np.ndarray,
         used: np.ndarray, root: tuple, static: tuple, stub: tuple, scratch: tuple,
         restart_nodes: int, noise: float, reduce: bool, tries: int) -> int:
    """Look at up to ``positions`` positions (:meth:`.ExactSearch.run`); the number looked
    at. Stops early with ``st[NEEDS_ROOM]`` set when the memo is half full."""
    rcode, rrest, rleft, rmask, rtaken = root
    start, target, delta, group_of, mstart, mlist, weight, apart, faces = static
    (count, buf, order, out, one, rank, others, good, score, pairs, kept, endcode, freearr,
     nopartner) = scratch
    done = 0
    while st[STATUS] == RUNNING and done < positions:
        if 2 * st[STORED] >= used.shape[0]:
            st[NEEDS_ROOM] = 1
            break
        if st[NODES] == st[RESTART_AT]:
            st[RESTARTS] += 1
            st[RESTART_AT] = st[NODES] + restart_nodes * LUBY(st[RESTARTS] + 1)
            st[RNG] = NOISE_SEED(st[RESTARTS])
            st[DEPTH] = 0
            code[0, :] = rcode
            rest[0, :] = rrest
            left[0] = rleft
            mask[0, :] = rmask
            ntaken[0] = rtaken.shape[0]
            taken[0, :rtaken.shape[0]] = rtaken
            st[PENDING] = 1
        d = st[DEPTH]
        if st[PENDING]:
            st[PENDING] = 0
            done += 1
            st[NODES] += 1
            if left[d] < st[BEST]:
                st[BEST] = left[d]
            if left[d] == 0:
                st[STATUS] = WON
                break
            nfree = 0
            for t in range(code.shape[1]):
                if FREE(code[d, t]):
                    freearr[nfree] = t
                    nfree += 1
            if END(code[d], freearr[:nfree], start, target, delta, group_of, faces,
                   left[d], nopartner, endcode):
                REMEMBER(keys, used, mask[d], st)
                continue
            nmoves[d] = MOVES(code[d], rest[d], moves[d], st, noise, reduce, start, target,
                              group_of, mstart, mlist, weight, apart, count, buf, order,
                              rank, others, good, score, pairs, kept, stub, tries)
            nxt[d] = 0
            st[DEPTH] = d + 1
            continue
        if d == 0:
            st[STATUS] = DEAD
            break
        top = d - 1
        if nxt[top] == nmoves[top]:
            st[DEPTH] = top
            REMEMBER(keys, used, mask[top], st)
            continue
        a = moves[top, nxt[top], 0]
        b = moves[top, nxt[top], 1]
        nxt[top] += 1
        code[d, :] = code[top]
        rest[d, :] = rest[top]
        mask[d, :] = mask[top]
        one[0] = a
        one[1] = b
        TAKE(code[d], mask[d], one, 2, start, target, delta)
        rest[d, group_of[a]] -= 2
        taken[d, 0] = a
        taken[d, 1] = b
        left[d] = SETTLE(code[d], rest[d], left[top] - 2, mask[d], taken[d], 2, start,
                         target, delta, group_of, count, buf, order, out, ntaken[d:])
        i = SLOT(keys, used, mask[d])
        if not used[i]:
            st[PENDING] = 1
    return done


RUN = kernel(_run)


__all__ = ["DEAD", "MODULUS", "PAIR_CHECK", "RUN", "RUNNING", "SCALARS", "WON", "luby",
           "noise_seed"]
