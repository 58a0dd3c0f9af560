"""Mint Tin Mahjong: the planner's decisions as compiled kernels
(:mod:`tilepress.compiled`): the ranking of targets by the tables, the discard order, and
the best target alone (of a hand, and of each call the hold decision weighs), built on
the fitting of :mod:`tilepress.games.minttin.fitting`; used by
:mod:`tilepress.games.minttin.targets`, :mod:`tilepress.games.minttin.discards` and
:mod:`tilepress.games.minttin.heads` when kernels are enabled; their Python paths give
the same results otherwise."""

from __future__ import annotations

import numpy as np

from tilepress.compiled import kernel
from tilepress.games.minttin.fitting import (
    CARRY,
    FIRST_FACE,
    JOKER,
    KEEP,
    LOW_BITS,
    MOST_FACES,
    ORDER_BITS,
    PLACE_BITS,
    POINT_BITS,
    expose,
    kept,
    lowest_keys,
)

EXCLUDED = 1 << 30
"""Added to the sort key of a target that lacks the exposed face."""
DIGIT = 5
"""The base of a face's digit in a table's index (0-4 cards)."""
ORDER = JOKER + 1
"""Where :func:`discard_order` writes the codes held, best discard first."""
SCRATCH = ORDER + JOKER + 1
"""Where :func:`discard_order` keeps its work in ``out``: a target's order of faces, then
its block sizes in that order."""
OUT = SCRATCH + 2 * MOST_FACES
"""The size of :func:`discard_order`'s ``out``."""
JOKER_BONUS = 0.4
"""Taken off a joker's discard score when the best target is kept without it."""
SHUT = 0x7FFF
"""The packed table entry of a target no pattern takes."""


@kernel
def best_keys(
    counts: tuple[int, ...],
    f: int,
    targets: np.ndarray,
    packed: np.ndarray,
    out: np.ndarray,
) -> int:
    """The ``KEEP`` lowest sort keys of the targets, lowest first, in ``out[:KEEP]``,
    and the place of each one's best pattern in ``out[KEEP:]``; returns how many (a
    target lacking face ``f``, or one no pattern takes, is left out).

    ``counts``: the hand's 13 counts, a tuple (an exposed face's capped to its block); ``f``: the
    exposed face or -1; ``targets``: a row per target, (faces, its part of a table,
    its key without the table's value, then its faces); ``packed``: the table of the
    exposed block (see ``targets._build_table``), each entry a target's (need << 6 | 32
    - points) << PLACE_BITS | its pattern's place, or :data:`SHUT`: one small read per
    target. Keys differ in their low bits (the target's index), so the order has no
    ties."""
    count = np.array(counts)  # numba reads a tuple by a variable index slowly
    n_out = 0
    for k in range(targets.shape[0]):
        n = targets[k, 0]
        index = targets[k, 1]
        key = targets[k, 2]
        weight = 1
        shut = f >= 0
        for i in range(n):
            face = targets[k, FIRST_FACE + i]
            c = count[face]
            key -= c << ORDER_BITS
            if face == f:
                shut = False
            else:
                index += weight * c
            weight *= DIGIT
        index += weight * count[JOKER]
        entry = int(packed[index])
        if entry == SHUT:
            shut = True
        else:
            key += entry >> PLACE_BITS << LOW_BITS
        if shut:
            key += EXCLUDED
        n_out = kept(out, n_out, KEEP, key, entry)
    while n_out and out[n_out - 1] >= EXCLUDED >> 1:
        n_out -= 1
    return n_out


@kernel
def discard_order(
    counts: tuple[int, ...],
    f: int,
    size: int,
    cap: int,
    ranked: np.ndarray,
    n_ranked: int,
    targets: np.ndarray,
    sizes: np.ndarray,
    held: tuple[int, ...],
    danger: tuple[float, ...],
    out: np.ndarray,
) -> int:
    """The planner's discards in order, as ``targets.discard_costs`` and its scores weigh
    them; returns how many codes are held.

    ``out[code]``, for each code of ``counts``: the first of the best targets that keeps
    the hand's need once a card of it is thrown away (an index into ``ranked``), or -1
    when none does (the first target, a card short, is what is left). A card is lost to
    a target when its face is in it and every copy held is used (no more than ``cap``
    for the exposed face ``f``, of a block of ``size``), a joker when the gaps take all
    the jokers. Only targets better than the first with a card lost are weighed.
    ``out[ORDER:]``: the codes held (``held``), by score (need, plus ``danger``, less
    :data:`JOKER_BONUS` for a joker that costs the first target nothing), then points
    (most first), then code.

    ``counts``: the 13 counts, not capped; ``ranked``: :func:`best_keys`'s ``out``, with
    ``n_ranked`` (at least 1) keys; ``targets``: the rows of :func:`best_keys`;
    ``sizes[n, place]``: the block sizes of the pattern at ``place`` of targets of ``n``
    faces, largest first. A target's faces take them most cards first (in order on a
    tie), the exposed face first with its own ``size``."""
    count = np.array(counts)  # numba reads a tuple by a variable index slowly
    holding = np.array(held)
    risk = np.array(danger)
    hi = (ranked[0] + CARRY) >> LOW_BITS
    first_need, first_minus = hi >> POINT_BITS, (hi & 63) - 32
    wanted = 1
    while wanted < n_ranked:
        hi = (ranked[wanted] + CARRY) >> LOW_BITS
        need, minus = hi >> POINT_BITS, (hi & 63) - 32
        if need > first_need + 1 or (need == first_need + 1 and minus >= first_minus):
            break
        wanted += 1
    for code in range(JOKER + 1):
        out[code] = -1
    jokers = count[JOKER]
    order = SCRATCH
    taken = SCRATCH + MOST_FACES
    for i in range(wanted):
        k = ranked[i] & ((1 << ORDER_BITS) - 1)
        n = targets[k, 0]
        place = ranked[KEEP + i]
        m = 0
        if f >= 0:  # the exposed face first, with its own size
            for j in range(n):
                if targets[k, FIRST_FACE + j] == f:
                    out[order] = j
            out[taken] = size
            m = 1
            t = 1
            removed = False
            for j in range(n):
                s = sizes[n, place, j]
                if s == size and not removed:
                    removed = True
                else:
                    out[taken + t] = s
                    t += 1
        else:
            for j in range(n):
                out[taken + j] = sizes[n, place, j]
        first = m
        for j in range(n):  # the others, most cards first (stable)
            face = targets[k, FIRST_FACE + j]
            if face == f:
                continue
            c = count[face]
            at = m
            while at > first and count[targets[k, FIRST_FACE + out[order + at - 1]]] < c:
                out[order + at] = out[order + at - 1]
                at -= 1
            out[order + at] = j
            m += 1
        lost = 0
        gaps = 0
        for j in range(n):
            face = targets[k, FIRST_FACE + out[order + j]]
            s = out[taken + j]
            c = count[face]
            most = cap if face == f else s
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
    and exposures (see :func:`fitting.expose`), or -1 when no target takes the hand; the key
    :func:`best_keys` and :func:`fitting.fitted_keys` put first."""
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
    f: int,
    size: int,
    cap: int,
    targets: np.ndarray,
    members: np.ndarray,
    sizes: np.ndarray,
    points: np.ndarray,
    places: np.ndarray,
    held: tuple[int, ...],
    danger: tuple[float, ...],
) -> tuple[int, int, int, int, int, int, int]:
    """The planner's discard in one call: the best targets (:func:`fitting.lowest_keys`
    of the counts, the exposed face ``f``'s capped to ``cap``: up to ``KEEP``, sure up
    to the first's need + 1, all that :func:`discard_order` weighs), then
    :func:`discard_order` of them. Returns (how many codes are held, the code to
    discard, the need once it is thrown, the index of the target that need is of, the
    next three codes in order, -1 past the last), or -1 first when no target takes the
    hand."""
    out = np.empty(OUT + 2 * KEEP, dtype=np.int64)
    exposed = 0 if f < 0 else size << 3 * f
    jokers = 0 if f < 0 else size - cap << 3 * f
    count, exposure, n_exposed, scratch = expose(counts, exposed, jokers, targets)
    ranked = out[OUT:]
    n = lowest_keys(count, exposure, n_exposed, KEEP, 1, targets, members, sizes, points,
                    places, scratch, ranked)
    if n == 0:
        return -1, -1, 0, 0, -1, -1, -1
    n_held = discard_order(counts, f, size, cap, ranked, n, targets, sizes, held, danger, out)
    code = out[ORDER]
    keeper = out[code]
    key = ranked[max(keeper, 0)]
    need = ((key + CARRY) >> LOW_BITS >> POINT_BITS) + (keeper < 0)
    second = out[ORDER + 1] if n_held > 1 else -1
    third = out[ORDER + 2] if n_held > 2 else -1
    fourth = out[ORDER + 3] if n_held > 3 else -1
    return n_held, code, need, key & (1 << ORDER_BITS) - 1, second, third, fourth


__all__ = ["CALL_OUT", "CALL_STRIDE", "DIGIT", "EXCLUDED", "JOKER_BONUS", "OUT", "SHUT",
           "best_head", "best_keys", "call_keys", "discard_order", "ranked_discards"]
