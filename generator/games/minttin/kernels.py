"""Mint Tin Mahjong: the planner's hottest loop as a compiled kernel
(:mod:`generator.compiled`), used by :mod:`generator.games.minttin.targets` when
kernels are enabled; its numpy path gives the same results otherwise."""

from __future__ import annotations

import numpy as np

from generator.compiled import kernel

KEEP = 6
"""The most targets a ranking keeps."""
EXCLUDED = 1 << 30
"""Added to the sort key of a target that lacks the exposed face."""
JOKER = 12
"""The joker's index in a hand's counts."""
DIGIT = 5
"""The base of a face's digit in a table's index (0-4 cards)."""
ORDER_BITS = 8
"""Low bits of a sort key that hold the target's index."""
FIRST_FACE = 3
"""Columns of a target's row (see :func:`best_keys`) before its faces."""


@kernel
def best_keys(
    counts: tuple[int, ...],
    f: int,
    targets: np.ndarray,
    table: np.ndarray,
    choice: np.ndarray,
    out: np.ndarray,
) -> int:
    """The ``KEEP`` lowest sort keys of the targets, lowest first, in ``out[:KEEP]``,
    and the place of each one's best pattern in ``out[KEEP:]``; returns how many (a
    target lacking face ``f``, or one no pattern takes, is left out).

    ``counts``: the hand's 13 counts, a tuple (an exposed face's capped to its block); ``f``: the
    exposed face or -1; ``targets``: a row per target, (faces, its part of a table,
    its key without the table's value, then its faces); ``table`` and ``choice``: the
    table of the exposed block (see ``targets._build_table``). Keys differ in their
    low bits (the target's index), so the order has no ties."""
    n_out = 0
    for k in range(targets.shape[0]):
        n = targets[k, 0]
        index = targets[k, 1]
        key = targets[k, 2]
        weight = 1
        shut = f >= 0
        for i in range(n):
            face = targets[k, FIRST_FACE + i]
            c = counts[face]
            key -= c << ORDER_BITS
            if face == f:
                shut = False
            else:
                index += weight * c
            weight *= DIGIT
        index += weight * counts[JOKER]
        key += table[index]
        if shut:
            key += EXCLUDED
        if n_out == KEEP and key >= out[KEEP - 1]:
            continue
        j = n_out if n_out < KEEP else KEEP - 1
        while j > 0 and out[j - 1] > key:
            out[j] = out[j - 1]
            out[KEEP + j] = out[KEEP + j - 1]
            j -= 1
        out[j] = key
        out[KEEP + j] = choice[index]
        if n_out < KEEP:
            n_out += 1
    while n_out and out[n_out - 1] >= EXCLUDED >> 1:
        n_out -= 1
    return n_out


__all__ = ["EXCLUDED", "KEEP", "best_keys"]
