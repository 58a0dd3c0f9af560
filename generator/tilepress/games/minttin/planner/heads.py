"""Mint Tin Mahjong: the planner's best target alone, as (need, points, faces), for the
call decision and the joker swaps (:mod:`tilepress.games.minttin.planner.targets` ranks every
target).

A hand's best target is fitted in one call of the kernel :func:`kernels.best_head`, a
bound at a time, and a call decision's (the hand's, then each call's) in one more
(:func:`kernels.call_keys`).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from tilepress.games.minttin.planner import kernels
from tilepress.games.minttin.planner.targets import (
    FITTING,
    NO_TARGET,
    TARGETS,
    Counts,
    Fixed,
    need_points,
    target_of,
)

Head = tuple[int, int, tuple[int, ...]]
"""The best target's need, points and faces."""
NO_HEAD: Head = (NO_TARGET, 0, ())
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
    need, minus_points = need_points(key)
    return need, -minus_points, TARGETS[target_of(key)][0]


def evaluate_head(counts: Counts, fixed: Fixed = ()) -> Head:
    """The best target's (need, points, faces), as :func:`targets.evaluate` gives them,
    without making its assignment."""
    return _head_of(int(kernels.best_head(counts, *exposed_bits(fixed), *FITTING)))


def call_heads(counts: Counts, fixed: Fixed, code: int, same: int, jokers: int,
               pairs: bool) -> CallHeads | None:
    """The head of the hand (:func:`evaluate_head`) before a call of a card of ``code``
    (a face not exposed), and what gives the head once it is called with ``k`` identical
    cards and ``j`` jokers (``k`` up to ``same``, ``j`` up to ``jokers``, 2 to 4 cards,
    or 1 when ``pairs``); None when the hand's best target lacks ``code``, or when no
    such call needs fewer cards than the hand (none brings it closer)."""
    out = np.empty(kernels.CALL_OUT, dtype=np.int64)
    if kernels.call_keys(counts, *exposed_bits(fixed), code, same, jokers, pairs, *FITTING,
                         out) < 2:
        return None
    keys = out.tolist()
    return _head_of(keys[0]), lambda k, j: _head_of(keys[1 + kernels.CALL_STRIDE * k + j])


__all__ = ["NO_HEAD", "CallHeads", "Head", "call_heads", "evaluate_head", "exposed_bits"]
