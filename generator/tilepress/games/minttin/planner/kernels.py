"""Mint Tin Mahjong: the planner's decisions as kernels (:mod:`tilepress.compiled`),
built on the fitting of :mod:`tilepress.games.minttin.planner.fitting`: the discard order, and
the best target alone (of a hand, and of each call the hold decision weighs). They are
the one implementation of these decisions: :mod:`tilepress.games.minttin.planner.discards` and
:mod:`tilepress.games.minttin.planner.heads` call them and read their answers."""

from __future__ import annotations

import numpy as np

from tilepress.compiled import kernel
from tilepress.games.minttin.planner.fitting import (
    CARRY,
    FIRST_FACE,
    JOKER,
    KEEP,
    LOW_BITS,
    NO_TARGET,
    ORDER_BITS,
    POINT_BITS,
    expose,
    fit,
    lowest_keys,
)

ORDER = JOKER + 1
"""Where :func:`discard_order` writes the codes held, best discard first."""
OUT = ORDER + JOKER + 1
"""The size of :func:`discard_order`'s ``out``."""
JOKER_BONUS = 0.4
"""Taken off a joker's discard score when the best target is kept without it."""


@kernel
def discard_order(
    counts: tuple[int, ...],
    exposed: int,
    exposed_jokers: int,
    ranked: np.ndarray,
    n_ranked: int,
    targets: np.ndarray,
    sizes: np.ndarray,
    points: np.ndarray,
    places: np.ndarray,
    held: tuple[int, ...],
    danger: tuple[float, ...],
    out: np.ndarray,
) -> int:
    """The planner's discards in order; returns how many codes are held.

    ``out[code]``, for each code of ``counts``: the first of the best targets that keeps
    the hand's need once a card of it is thrown away (an index into ``ranked``), or -1
    when none does (the first target, a card short, is what is left; with no target,
    ``NO_TARGET + 1`` cards short). A card is lost to a target when its face is in it and
    every copy held is used (no more than an exposed block's natural cards), a joker when
    the gaps take all the jokers. Only targets better than the first with a card lost are
    weighed. ``out[ORDER:]``: the codes held (``held``), by score (need, plus
    ``danger``, less :data:`JOKER_BONUS` for a joker that costs the first target
    nothing), then points (most first), then code.

    ``counts``: the 13 counts, exposures included, not capped; ``exposed`` and
    ``exposed_jokers``: the exposures (see :func:`fitting.expose`); ``ranked``: the
    sort keys and places of :func:`fitting.lowest_keys`, ``n_ranked`` of them (sure up to
    the first's need + 1); ``targets`` to ``places``: as :func:`fitting.lowest_keys`
    reads them. A target's faces take their block sizes as :func:`fitting.fit` gives
    them."""
    count, exposure, n_exposed, scratch = expose(counts, exposed, exposed_jokers, targets)
    holding = np.array(held)  # numba reads a tuple by a variable index slowly
    risk = np.array(danger)
    first_need, first_minus = NO_TARGET, 0
    if n_ranked:
        hi = (ranked[0] + CARRY) >> LOW_BITS
        first_need, first_minus = hi >> POINT_BITS, (hi & 63) - 32
    wanted = min(n_ranked, 1)
    while wanted < n_ranked:
        hi = (ranked[wanted] + CARRY) >> LOW_BITS
        need, minus = hi >> POINT_BITS, (hi & 63) - 32
        if need > first_need + 1 or (need == first_need + 1 and minus >= first_minus):
            break
        wanted += 1
    for code in range(JOKER + 1):
        out[code] = -1
    jokers = count[JOKER]
    order, taken, free = scratch[2], scratch[3], scratch[4]
    for i in range(wanted):
        k = ranked[i] & ((1 << ORDER_BITS) - 1)
        fit(k, count, exposure, n_exposed, targets, sizes, points, places, order, taken, free)
        lost = 0
        gaps = 0
        for j in range(targets[k, 0]):
            face = targets[k, FIRST_FACE + order[j]]
            s = taken[j]
            c = counts[face]
            most = s
            if exposure[face]:
                most = exposure[face] - (exposed_jokers >> 3 * face & 7)
            if c <= most:
                lost |= 1 << face
            if s > 2:
                gaps += s - (c if c < most else most)
        if jokers and gaps >= jokers:
            lost |= 1 << JOKER
        for code in range(JOKER + 1):
            if count[code] and out[code] < 0 and not lost >> code & 1:
                out[code] = i
    scores = np.empty(JOKER + 1, dtype=np.float64)
    minuses = np.empty(JOKER + 1, dtype=np.int64)
    n_held = 0
    for code in range(JOKER + 1):
        if not holding[code]:
            continue
        i = out[code]
        if i < 0:
            need, minus = first_need + 1, first_minus
        else:
            hi = (ranked[i] + CARRY) >> LOW_BITS
            need, minus = hi >> POINT_BITS, (hi & 63) - 32
        score = need + risk[code]
        if code == JOKER and need == first_need:
            score -= JOKER_BONUS
        at = n_held  # after every code before it that scores as well
        while at > 0 and (score < scores[at - 1] or (score == scores[at - 1]
                                                     and minus < minuses[at - 1])):
            scores[at] = scores[at - 1]
            minuses[at] = minuses[at - 1]
            out[ORDER + at] = out[ORDER + at - 1]
            at -= 1
        scores[at] = score
        minuses[at] = minus
        out[ORDER + at] = code
        n_held += 1
    return n_held


@kernel
def best_head(
    counts: tuple[int, ...],
    exposed: int,
    exposed_jokers: int,
    targets: np.ndarray,
    members: np.ndarray,
    sizes: np.ndarray,
    points: np.ndarray,
    places: np.ndarray,
) -> int:
    """The first sort key of the ranking of these counts (the 13, exposures included)
    and exposures (see :func:`fitting.expose`), or -1 when no target takes the hand: the
    key :func:`fitting.fitted_keys` puts first."""
    count, exposure, n_exposed, scratch = expose(counts, exposed, exposed_jokers, targets)
    out = np.empty(2 * KEEP, dtype=np.int64)
    if not lowest_keys(count, exposure, n_exposed, 1, 0, targets, members, sizes, points,
                       places, scratch, out):
        return -1
    return out[0]


CALL_STRIDE = 5
""":func:`call_keys` writes the call with ``k`` cards and ``j`` jokers at ``1 +
CALL_STRIDE * k + j``."""
CALL_OUT = 1 + CALL_STRIDE * CALL_STRIDE
"""The size of :func:`call_keys`'s ``out``."""


@kernel
def call_keys(counts: tuple[int, ...], exposed: int, exposed_jokers: int, card: int, same: int,
              jokers: int, pairs: bool, targets: np.ndarray, members: np.ndarray,
              sizes: np.ndarray, points: np.ndarray, places: np.ndarray, out: np.ndarray
              ) -> int:
    """The hold decision's rankings in one call. ``out[0]``: :func:`best_head` of the
    hand; returns 0 when that target lacks face ``card`` (or none takes the hand). Else
    ``out[1 + CALL_STRIDE * k + j]`` is :func:`best_head` once ``card`` (not exposed) is
    called with ``k`` identical cards and ``j`` jokers, into an exposed block of ``k + j
    + 1``: for ``k`` up to ``same``, ``j`` up to ``jokers``, and 2 to 4 cards (or 1, a
    pair, when ``pairs``); returns 2 when one of those needs fewer cards than the hand,
    else 1."""
    count, exposure, n_exposed, scratch = expose(counts, exposed, exposed_jokers, targets)
    keys = np.empty(2 * KEEP, dtype=np.int64)
    out[0] = -1
    if not lowest_keys(count, exposure, n_exposed, 1, 0, targets, members, sizes, points,
                       places, scratch, keys):
        return 0
    out[0] = keys[0]
    k = keys[0] & ((1 << ORDER_BITS) - 1)
    holds = False
    for i in range(targets[k, 0]):
        if targets[k, FIRST_FACE + i] == card:
            holds = True
    if not holds:
        return 0
    held = count[card]
    need = (keys[0] + CARRY) >> LOW_BITS >> POINT_BITS
    closer = 1
    for k in range(same + 1):
        for j in range(jokers + 1):
            if k + j > 4 or k + j < (1 if pairs else 2):
                continue
            exposure[card] = k + j + 1
            count[card] = min(held + 1, k + 1)
            found = lowest_keys(count, exposure, n_exposed + 1, 1, 0, targets, members,
                                sizes, points, places, scratch, keys)
            out[1 + CALL_STRIDE * k + j] = keys[0] if found else -1
            if found and (keys[0] + CARRY) >> LOW_BITS >> POINT_BITS < need:
                closer = 2
    return closer


@kernel
def ranked_discards(
    counts: tuple[int, ...],
    exposed: int,
    exposed_jokers: int,
    targets: np.ndarray,
    members: np.ndarray,
    sizes: np.ndarray,
    points: np.ndarray,
    places: np.ndarray,
    held: tuple[int, ...],
    danger: tuple[float, ...],
) -> tuple[int, int, int, int, int, int, int]:
    """The planner's discard in one call: the best targets (:func:`fitting.lowest_keys`
    of the counts and exposures, as :func:`best_head` reads them: up to ``KEEP``, sure up
    to the first's need + 1, all that :func:`discard_order` weighs), then
    :func:`discard_order` of them. Returns (how many codes are held, the code to
    discard, the need once it is thrown, the index of the target that need is of or -1
    when no target takes the hand, the next three codes in order, -1 past the last)."""
    out = np.empty(OUT + 2 * KEEP, dtype=np.int64)
    count, exposure, n_exposed, scratch = expose(counts, exposed, exposed_jokers, targets)
    ranked = out[OUT:]
    n = lowest_keys(count, exposure, n_exposed, KEEP, 1, targets, members, sizes, points,
                    places, scratch, ranked)
    n_held = discard_order(counts, exposed, exposed_jokers, ranked, n, targets, sizes, points,
                           places, held, danger, out)
    if n_held == 0:
        return 0, -1, 0, -1, -1, -1, -1
    code = out[ORDER]
    keeper = out[code]
    if n == 0:
        need, target = NO_TARGET + 1, -1
    else:
        key = ranked[max(keeper, 0)]
        need = ((key + CARRY) >> LOW_BITS >> POINT_BITS) + (keeper < 0)
        target = key & (1 << ORDER_BITS) - 1
    second = out[ORDER + 1] if n_held > 1 else -1
    third = out[ORDER + 2] if n_held > 2 else -1
    fourth = out[ORDER + 3] if n_held > 3 else -1
    return n_held, code, need, target, second, third, fourth


__all__ = ["CALL_OUT", "CALL_STRIDE", "JOKER_BONUS", "ORDER", "OUT", "best_head",
           "call_keys", "discard_order", "ranked_discards"]
