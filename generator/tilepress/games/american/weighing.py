"""The American planner's and rules' hot loops, as kernels (:mod:`tilepress.compiled`):
the weighing (:func:`choose`: the choice of readings and the best of them for each hand,
over the card's rows face by face), the tiles each reading lacks, the risk of a discard,
the faces a hand waits on or may expose, and the readings exposures can still make. They
are the one implementation of these counts: :mod:`~tilepress.games.american.planning`,
:mod:`~tilepress.games.american.lacks` and :mod:`~tilepress.games.american.dead` give
them the card's arrays and read their answers. Compiled or run as plain Python, they do
the same sums in whole numbers and the same float operations in the same order, so every
key is the same float, bit for bit, and every tie goes to the same (first) reading.

A row's faces are only those its hand uses: the other faces add nothing to any sum
(no tile short, none spare but those held, and an unseen count never below zero).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from tilepress.compiled import kernel
from tilepress.games.american.faces import JOKER

TOP = 14
"""Counts from here on lack nothing of a face (a reading has at most 14 tiles)."""
_NONE = 1 << 30
"""More tiles missing than any reading can have."""


class Sparse(NamedTuple):
    """A card's table row by row, on the faces each row uses: row ``r`` is entries
    ``starts[r]`` to ``starts[r + 1]`` of ``faces``, ``P`` and ``Q``."""

    starts: np.ndarray
    faces: np.ndarray
    P: np.ndarray
    Q: np.ndarray

    @staticmethod
    def of(P: np.ndarray, Q: np.ndarray) -> Sparse:
        used = (P[:, :JOKER] > 0) | (Q[:, :JOKER] > 0)
        rows, faces = np.nonzero(used)  # row by row, faces ascending
        starts = np.zeros(len(P) + 1, dtype=np.int64)
        np.cumsum(used.sum(axis=1), out=starts[1:])
        return Sparse(
            starts,
            faces.astype(np.int64),
            P[rows, faces].astype(np.int64),
            Q[rows, faces].astype(np.int64),
        )


@kernel
def lacks(
    counts: np.ndarray,
    exposed: np.ndarray,
    base_natural: np.ndarray,
    base_joker: np.ndarray,
    delta: np.ndarray,
    P: np.ndarray,
    Q: np.ndarray,
    out: np.ndarray,
) -> None:
    """Into ``out``: the tiles each row lacks for a hand of ``counts`` with the
    exposures' tiles ``exposed`` by face, from the tables of
    :class:`~tilepress.games.american.lacks.LackTables`: the empty hand's lacks, the
    change each face held makes, and an exposed face's own column worked out."""
    rows = len(base_natural)
    change = np.zeros(2 * rows, dtype=np.int16)  # each within -28..0: short, and fast
    for f in range(JOKER):
        if counts[f] > 0:
            d = delta[f * (TOP + 1) + min(counts[f], TOP)]
            for i in range(2 * rows):
                change[i] += d[i]
    for f in range(JOKER):
        e = exposed[f]
        if e > 0:
            c = counts[f]
            for r in range(rows):
                spare = max(c - P[r, f], 0)
                q = Q[r, f]
                change[rows + r] += max(max(q - e, 0) - spare, 0) - max(q - spare, 0)
    jokers = counts[JOKER]
    for r in range(rows):
        joker = base_joker[r] + change[rows + r]
        out[r] = base_natural[r] + change[r] + max(joker - jokers, 0)


@kernel
def choose(
    fixed: bool,
    rows: np.ndarray,
    allowed: np.ndarray,
    slack: int,
    starts: np.ndarray,
    faces: np.ndarray,
    P: np.ndarray,
    Q: np.ndarray,
    base_natural: np.ndarray,
    base_joker: np.ndarray,
    delta: np.ndarray,
    dense_P: np.ndarray,
    dense_Q: np.ndarray,
    values: np.ndarray,
    exposed: np.ndarray,
    unseen: np.ndarray,
    counts: np.ndarray,
    removed: np.ndarray,
    search: np.ndarray,
    weights: np.ndarray,
    keys: np.ndarray,
    found: np.ndarray,
) -> int:
    """For the hand of ``counts`` and each hand less a tile of a face of ``removed``
    (``hands``): the key of its best reading among the rows kept, into ``keys``; then
    into ``found``, whole numbers, the tiles missing of each of those readings, their
    rows, and the rows kept; how many rows are kept. (The caller gives the arrays: each
    array numba returns costs about a microsecond.) With
    ``fixed`` the rows kept are ``rows``; otherwise they are chosen as
    :func:`~tilepress.games.american.planning.plan` chooses them, from the tiles each
    row lacks for ``hands[0]`` (:func:`lacks`, from the ``base_natural`` to ``dense_Q``
    tables of :class:`~tilepress.games.american.lacks.LackTables`, worked out here: one
    call and no look-up for a hand seen once) on the ``allowed`` rows: the nearest within
    ``slack`` (all allowed rows if none of those can be finished), those the unseen
    tiles can finish, at most ``slack`` tiles further than the nearest of them.
    ``weights``: NATURAL, SCARCITY, VALUE_WEIGHT, CALLED - 1, UNREACHABLE."""
    natural_w, scarcity, value_w, called_w, unreachable = (
        weights[0],
        weights[1],
        weights[2],
        weights[3],
        weights[4],
    )
    unseen_jokers = unseen[JOKER]
    hands = np.empty((len(removed) + 1, len(counts)), dtype=np.int64)
    for j in range(len(hands)):
        hands[j] = counts
        if j:
            hands[j, removed[j - 1]] -= 1

    def terms(e: int, held: int, jokers: int) -> tuple[int, int, int, int, int, int, int]:
        """Entry ``e``'s part of the seven sums, with ``held`` tiles of its face."""
        f = faces[e]
        q = max(Q[e] - exposed[f], 0)
        u = unseen[f]
        d = P[e] - held
        short_natural = max(d, 0)
        spare = short_natural - d
        short_joker = max(q - spare, 0)
        left = u - short_natural
        free = max(left, 0)
        opened = free if short_joker > 0 else 0
        return (
            short_natural,
            short_joker,
            opened,
            opened if spare + jokers >= 2 else 0,
            u if short_natural > 0 else 0,
            1 if left < 0 else 0,
            min(short_joker, free),
        )

    def sums(r: int, j: int) -> tuple[int, int, int, int, int, int, int]:
        """The seven sums of row ``r`` for hand ``j``."""
        jokers = hands[j, JOKER]
        s0 = s1 = s2 = s3 = s4 = s5 = s6 = 0
        for e in range(starts[r], starts[r + 1]):
            t = terms(e, hands[j, faces[e]], jokers)
            s0 += t[0]
            s1 += t[1]
            s2 += t[2]
            s3 += t[3]
            s4 += t[4]
            s5 += t[5]
            s6 += t[6]
        return s0, s1, s2, s3, s4, s5, s6

    def score(
        r: int, t: tuple[int, int, int, int, int, int, int], jokers: int
    ) -> tuple[int, float]:
        """(tiles missing, key) of row ``r`` from its seven sums ``t``."""
        naturals, joker_short, opened, called, natural_help, short, fillable = t
        rest = max(joker_short - jokers, 0)
        missing = naturals + rest
        helpers = natural_help + (opened + called_w * called + unseen_jokers) * (
            1.0 if rest > 0 else 0.0
        )
        if short != 0 or rest > fillable + unseen_jokers or (helpers <= 0 and missing != 0):
            return missing, unreachable
        cost = search[missing] / max(helpers, 1e-9)
        return missing, natural_w * naturals + rest + scarcity * cost - value_w * values[r]

    kept_rows = rows
    missing0 = np.empty(0, dtype=np.int64)
    key0 = np.empty(0, dtype=np.float64)
    sums0 = np.empty((0, 7), dtype=np.int64)
    if not fixed:
        need = np.empty(len(allowed), dtype=np.int64)
        lacks(counts, exposed, base_natural, base_joker, delta, dense_P, dense_Q, need)
        nearest = _NONE
        for r in range(len(need)):
            if allowed[r] and need[r] < nearest:
                nearest = need[r]
        near = np.empty(len(need), dtype=np.int64)
        missing0 = np.empty(len(need), dtype=np.int64)
        key0 = np.empty(len(need), dtype=np.float64)
        sums0 = np.empty((len(need), 7), dtype=np.int64)
        n = 0
        fewest = _NONE
        for stage in range(2):
            # the nearest readings; further ones only if none of those can be made
            widen = slack if stage == 0 else 99
            n = 0
            for r in range(len(need)):
                if allowed[r] and need[r] <= nearest + widen:
                    t = sums(r, 0)
                    m, key = score(r, t, hands[0, JOKER])
                    near[n], missing0[n], key0[n] = r, m, key
                    for x in range(7):
                        sums0[n, x] = t[x]
                    n += 1
                    if key < unreachable and m < fewest:
                        fewest = m
            if fewest < _NONE:
                break
        reachable = fewest < _NONE
        if not reachable:  # none can be made: all are kept in the running
            for i in range(n):
                fewest = min(fewest, missing0[i])
        kept = 0
        for i in range(n):
            if (key0[i] < unreachable or not reachable) and missing0[i] <= fewest + slack:
                near[kept], missing0[kept], key0[kept] = near[i], missing0[i], key0[i]
                for x in range(7):
                    sums0[kept, x] = sums0[i, x]
                kept += 1
        kept_rows = near[:kept].copy()
    k = len(hands)
    found[2 * k : 2 * k + len(kept_rows)] = kept_rows  # after missing, row of each hand
    for j in range(k):
        keys[j] = np.inf
        found[k + j] = -1
        jokers = hands[j, JOKER]
        # a hand less a tile of a face but the joker: the first hand's sums, with that
        # face's part changed (the same whole numbers)
        g = removed[j - 1] if j and not fixed else JOKER
        for i in range(len(kept_rows)):
            r = kept_rows[i]
            if j == 0 and not fixed:
                m, key = missing0[i], key0[i]
            else:
                if g != JOKER:
                    at = starts[r]  # the entry of face g, if the row uses it
                    while at < starts[r + 1] and faces[at] != g:
                        at += 1
                    if at == starts[r + 1]:  # the same sums as the first hand's
                        if key0[i] < keys[j]:
                            keys[j], found[j], found[k + j] = key0[i], missing0[i], r
                        continue
                    # a row has one entry of a face
                    a = terms(at, hands[0, g], jokers)
                    b = terms(at, hands[j, g], jokers)
                    t = (
                        sums0[i, 0] - a[0] + b[0],
                        sums0[i, 1] - a[1] + b[1],
                        sums0[i, 2] - a[2] + b[2],
                        sums0[i, 3] - a[3] + b[3],
                        sums0[i, 4] - a[4] + b[4],
                        sums0[i, 5] - a[5] + b[5],
                        sums0[i, 6] - a[6] + b[6],
                    )
                else:
                    t = sums(r, j)
                m, key = score(r, t, jokers)
            if key < keys[j]:  # the first of equals, as numpy's argmin
                keys[j], found[j], found[k + j] = key, m, r
    return len(kept_rows)


@kernel
def add_share(
    P: np.ndarray,
    Q: np.ndarray,
    groups: np.ndarray,
    faces: np.ndarray,
    unseen: np.ndarray,
    share: float,
    out: np.ndarray,
) -> int:
    """For :func:`~tilepress.games.american.planning.risk`: how many of the rows (``P``
    and ``Q`` on ``faces``; ``unseen`` tiles by face, the jokers at JOKER) the unseen
    tiles alone can finish; and added into ``out``, for each face, the share of those
    with an open group of it (``groups``, rows x faces) times ``share`` (as numpy's
    ``held / count * share``: the same float operations)."""
    jokers = unseen[JOKER]
    held = np.zeros(groups.shape[1], dtype=np.int64)
    count = 0
    for r in range(len(P)):
        ok = True
        short = 0
        for i in range(len(faces)):
            u = unseen[faces[i]]
            if u < P[r, i]:
                ok = False
                break
            short += max(Q[r, i] - max(u - P[r, i], 0), 0)
        if ok and short <= jokers:
            count += 1
            for f in range(groups.shape[1]):
                held[f] += groups[r, f]
    if count:
        for f in range(groups.shape[1]):
            out[f] += held[f] / count * share
    return count


@kernel
def open_rows(
    allowed: np.ndarray,
    starts: np.ndarray,
    faces: np.ndarray,
    P: np.ndarray,
    Q: np.ndarray,
    exposed: np.ndarray,
    unseen: np.ndarray,
) -> np.ndarray:
    """The ``allowed`` rows that the ``unseen`` tiles alone can finish, the exposures'
    tiles (``exposed``, by face) filling their own groups: every natural tile, and the
    rest of each group from naturals or unseen jokers (for
    :func:`~tilepress.games.american.dead.judge`)."""
    for f in range(JOKER):
        if unseen[f] < 0:  # fewer than none: no row (as numpy finds, face by face)
            return np.empty(0, dtype=np.int64)
    out = np.empty(len(allowed), dtype=np.int64)
    n = 0
    for r in range(len(allowed)):
        if not allowed[r]:
            continue
        ok = True
        rest = 0
        for e in range(starts[r], starts[r + 1]):
            f = faces[e]
            free = unseen[f] - P[e]
            if free < 0:
                ok = False
                break
            rest += max(max(Q[e] - exposed[f], 0) - free, 0)
        if ok and rest <= unseen[JOKER]:
            out[n] = r
            n += 1
    return out[:n].copy()


@kernel
def short_faces(
    need: np.ndarray,
    allowed: np.ndarray,
    starts: np.ndarray,
    faces: np.ndarray,
    P: np.ndarray,
    Q: np.ndarray,
    counts: np.ndarray,
    exposed: np.ndarray,
) -> int:
    """The faces that the allowed rows one tile away are short of: fewer natural tiles
    than ``P``, or fewer spare than ``Q`` less the exposures (for ``lacks.one_away``), as
    the bits of a number (face ``f`` is ``1 << f``)."""
    short = 0
    for r in range(len(need)):
        if allowed[r] and need[r] == 1:
            for e in range(starts[r], starts[r + 1]):
                f = faces[e]
                c = counts[f]
                if c < P[e] or max(c - P[e], 0) < Q[e] - exposed[f]:
                    short |= 1 << f
    return short


@kernel
def group_faces(
    need: np.ndarray,
    allowed: np.ndarray,
    slack: int,
    starts: np.ndarray,
    faces: np.ndarray,
    Q: np.ndarray,
    counts: np.ndarray,
) -> int:
    """The faces of a pung, kong or quint of the allowed rows at most ``slack`` tiles
    further than the nearest of which the hand holds one, and another or a joker (for
    ``lacks.group_faces``), as the bits of a number (face ``f`` is ``1 << f``)."""
    nearest = _NONE
    for r in range(len(need)):
        if allowed[r] and need[r] < nearest:
            nearest = need[r]
    wanted = 0
    for r in range(len(need)):
        if allowed[r] and need[r] <= nearest + slack:
            for e in range(starts[r], starts[r + 1]):
                f = faces[e]
                if Q[e] > 0 and counts[f] >= 1 and counts[f] + counts[JOKER] >= 2:
                    wanted |= 1 << f
    return wanted


__all__ = ["Sparse", "add_share", "choose", "group_faces", "lacks", "open_rows",
           "short_faces"]
