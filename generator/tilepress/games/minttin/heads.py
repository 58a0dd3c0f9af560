"""Mint Tin Mahjong: the planner's best target alone, as (need, points, faces), for the
call decision and the joker swaps (:mod:`tilepress.games.minttin.targets` ranks every
target).

With kernels, a hand's best target is fitted in one compiled call
(:func:`kernels.best_head`), a bound at a time, and a call decision's rankings (the
hand's, then each call's) in one more (:func:`kernels.call_keys`); otherwise it is read
off the ranking's first key, alike.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from tilepress import compiled
from tilepress.games.minttin import kernels
from tilepress.games.minttin.targets import (
    _INDEX_MASK,
    FITTING,
    TARGETS,
    Counts,
    Fixed,
    _need_points,
    _table_ranking,
    evaluate,
)

Head = tuple[int, int, tuple[int, ...]]
"""The best target's need, points and faces."""
NO_HEAD: Head = (99, 0, ())
"""The head of a hand no target takes."""
CallHeads = tuple[Head, Callable[[int, int], Head]]
"""The hand's head before a call, and what gives it after calling with ``k`` identical
cards and ``j`` jokers."""


def exposed_bits(fixed: Fixed) -> tuple[int, int]:
    """The exposed blocks as :func:`fitting.expose` reads them: each face's block size,
    then its jokers, 3 bits a face."""
    sizes = jokers = 0
    for f, size, held_jokers in fixed:
        sizes |= size << 3 * f
        jokers |= held_jokers << 3 * f
    return sizes, jokers


def _head_of(key: int) -> Head:
    """The head of a ranking's first sort key (-1: no target)."""
    if key < 0:
        return NO_HEAD
    need, minus_points = _need_points(key)
    return need, -minus_points, TARGETS[key & _INDEX_MASK][0]


def evaluate_head(counts: Counts, fixed: Fixed = ()) -> Head:
    """The best target's (need, points, faces), as :func:`evaluate` gives them, without
    making its assignment."""
    if compiled.enabled():
        return _head_of(kernels.best_head(counts, *exposed_bits(fixed), *FITTING))
    ranking = _table_ranking(counts, fixed)
    if ranking is None or not ranking.keys:
        return evaluate(counts, fixed)[:3]
    return _head_of(ranking.keys[0])


def call_heads(counts: Counts, fixed: Fixed, code: int, same: int, jokers: int,
               pairs: bool) -> CallHeads | None:
    """The head of the hand (:func:`evaluate_head`) before a call of a card of ``code``
    (a face not exposed), and what gives the head once it is called with ``k`` identical
    cards and ``j`` jokers (``k`` up to ``same``, ``j`` up to ``jokers``, 2 to 4 cards,
    or 1 when ``pairs``); None when the hand's best target lacks ``code`` (with kernels,
    also when no such call needs fewer cards than the hand: none brings it closer)."""
    if compiled.enabled():
        out = np.empty(kernels.CALL_OUT, dtype=np.int64)
        if kernels.call_keys(counts, *exposed_bits(fixed), code, same, jokers, pairs,
                             *FITTING, out) < 2:
            return None
        keys = out.tolist()
        return _head_of(keys[0]), lambda k, j: _head_of(keys[1 + kernels.CALL_STRIDE * k + j])
    before = evaluate_head(counts, fixed)
    if code not in before[2]:
        return None
    with_card = list(counts)
    with_card[code] += 1
    counted = tuple(with_card)
    return before, lambda k, j: evaluate_head(counted, (*fixed, (code, k + j + 1, j)))


__all__ = ["NO_HEAD", "CallHeads", "Head", "call_heads", "evaluate_head", "exposed_bits"]
