"""Mint Tin Mahjong: targets fitted to a hand, as kernels (:mod:`tilepress.compiled`): a
target's best pattern for the hand, the cards of each target's faces, and the lowest sort
keys of the targets, fitted one by one or a bound at a time. They are the one
implementation of the fitting: :mod:`tilepress.games.minttin.planner.targets` ranks a hand's
targets with :func:`fitted_keys`, and :mod:`tilepress.games.minttin.planner.kernels` builds the
planner's decisions on :func:`lowest_keys`."""

from __future__ import annotations

import numpy as np

from tilepress.compiled import kernel

KEEP = 6
"""The most targets a ranking keeps."""
JOKER = 12
"""The joker's index in a hand's counts."""
ORDER_BITS = 8
"""Low bits of a sort key that hold the target's index."""
FIRST_FACE = 2
"""Columns of a target's row before its faces: how many faces it has, and its key before
the fit (its index less its special points, see ``targets.FITTING``)."""
CARRY, LOW_BITS, POINT_BITS = 1 << 12, 13, 6
"""How a sort key holds a target's need and points (see ``targets.need_points``)."""
MOST_FACES = 6
"""The most faces a target has."""
NO_TARGET = 99
"""The need of a hand no target takes."""
PLACE_BITS = 2
"""Low bits of a fit (see :func:`fit`) that hold the pattern's place."""


@kernel
def kept(out: np.ndarray, n_out: int, keep: int, key: int, entry: int) -> int:
    """Keeps ``key`` among the ``keep`` lowest in ``out[:keep]`` (``n_out`` so far, lowest
    first), with its pattern's place (``entry``'s low bits) in ``out[KEEP:]``; returns how
    many are kept."""
    if n_out == keep and key >= out[keep - 1]:
        return n_out
    j = n_out if n_out < keep else keep - 1
    while j > 0 and out[j - 1] > key:
        out[j] = out[j - 1]
        out[KEEP + j] = out[KEEP + j - 1]
        j -= 1
    out[j] = key
    out[KEEP + j] = entry & (1 << PLACE_BITS) - 1
    return n_out + 1 if n_out < keep else n_out


@kernel
def fit(
    k: int,
    count: np.ndarray,
    exposure: np.ndarray,
    found: int,
    targets: np.ndarray,
    sizes: np.ndarray,
    points: np.ndarray,
    places: np.ndarray,
    order: np.ndarray,
    taken: np.ndarray,
    free: np.ndarray,
) -> int:
    """Target ``k``'s fit (see :func:`fitted_keys`): returns its ((need << POINT_BITS | 32
    - points) << PLACE_BITS | the pattern's place), or -1 when no pattern takes its
    ``found`` exposed faces.
    ``order[:n]``: its faces' places in the order they take their block sizes;
    ``taken[:n]``: those sizes; ``free``: scratch. ``count``: capped, as
    :func:`fitted_keys` reads it; ``exposure``: each code's exposed block size, or 0."""
    n = targets[k, 0]
    jokers = count[JOKER]
    for i in range(n):  # exposed faces first, each part most cards first (stable)
        face = targets[k, FIRST_FACE + i]
        c = count[face]
        rest = exposure[face] == 0
        at = i
        while at > 0:
            before = targets[k, FIRST_FACE + order[at - 1]]
            before_rest = exposure[before] == 0
            if (before_rest == rest and count[before] >= c) or before_rest < rest:
                break
            order[at] = order[at - 1]
            at -= 1
        order[at] = i
    best_need = -1
    best_points = 0
    best_place = 0
    for place in range(places[n]):
        for j in range(n):
            free[j] = sizes[n, place, j]
        need = 0
        gaps = 0
        placed = True
        for j in range(found):  # the exposed faces take their own sizes
            face = targets[k, FIRST_FACE + order[j]]
            s = exposure[face]
            hit = 0
            while hit < n and free[hit] != s:
                hit += 1
            if hit == n:
                placed = False
                break
            free[hit] = 0
            c = min(count[face], s)
            if s == 2:
                need += 2 - c
            else:
                gaps += s - c
        if not placed:
            continue
        t = 0
        for j in range(found, n):  # the others take the sizes left, largest first
            while free[t] == 0:
                t += 1
            s = free[t]
            t += 1
            c = min(count[targets[k, FIRST_FACE + order[j]]], s)
            if s == 2:
                need += 2 - c
            else:
                gaps += s - c
        if gaps >= jokers:
            need += gaps - jokers
        if best_need < 0 or need < best_need or (need == best_need
                                                  and points[n, place] > best_points):
            best_need = need
            best_points = points[n, place]
            best_place = place
            t = 0
            for j in range(found, n):
                while free[t] == 0:
                    t += 1
                taken[j] = free[t]
                t += 1
    if best_need < 0:
        return -1
    for j in range(found):
        taken[j] = exposure[targets[k, FIRST_FACE + order[j]]]
    return (best_need << POINT_BITS | 32 - best_points) << PLACE_BITS | best_place


@kernel
def tally(count: np.ndarray, exposure: np.ndarray, n_exposed: int, members: np.ndarray,
          out: np.ndarray) -> int:
    """For each target, the cards of its faces held (``out[0]``; -1 for a target lacking
    one of the ``n_exposed`` exposed faces, which is left out) and its exposed faces
    (``out[1]``); returns the most cards held. ``members[code, k]``: 1 when target ``k``
    has face ``code``, else 0 (a row a code, so that the sums run over whole rows)."""
    held, found = out[0], out[1]
    held[:] = 0
    found[:] = 0
    for code in range(JOKER):
        c = count[code]
        if c:
            row = members[code]
            for k in range(members.shape[1]):
                held[k] += row[k] * c
        if exposure[code]:
            row = members[code]
            for k in range(members.shape[1]):
                found[k] += row[k]
    most = -1
    for k in range(members.shape[1]):
        if found[k] < n_exposed:
            held[k] = -1
        elif held[k] > most:
            most = held[k]
    return most


@kernel
def fitted_keys(
    counts: tuple[int, ...],
    exposed: tuple[int, ...],
    n_exposed: int,
    targets: np.ndarray,
    members: np.ndarray,
    sizes: np.ndarray,
    points: np.ndarray,
    places: np.ndarray,
    out: np.ndarray,
) -> int:
    """The ``KEEP`` lowest sort keys of the targets, fitting each one, lowest first, in
    ``out[:, 0]``; returns how many. The keys pack what ``targets.rank_targets``
    sorts by: need, then points (less the special points), then the bound, then the
    index. ``out[i, 1:]``: the faces of the target of key ``i`` in the order they take
    their block sizes, then those sizes (``MOST_FACES`` columns each).

    ``counts``: the 13 counts, an exposed face's capped to its block's natural cards;
    ``exposed``: each code's exposed block size, or 0; ``n_exposed``: how many faces are
    exposed (a target lacking one is left out); ``targets``: a row per target (see
    :data:`FIRST_FACE`); ``sizes[n, place]``, ``points[n, place]`` and
    ``places[n]``: the patterns of targets of ``n`` faces (block sizes, largest first). A
    target's exposed faces keep their own sizes, the others take the sizes left, most
    cards first (in order on a tie); the first pattern with the fewest cards lacking,
    then the most points, is its fit, and a target no pattern takes is left out."""
    count = np.array(counts)  # numba reads a tuple by a variable index slowly
    exposure = np.array(exposed)
    orders = np.empty((targets.shape[0], MOST_FACES), dtype=np.int64)
    taken_sizes = np.empty((targets.shape[0], MOST_FACES), dtype=np.int64)
    free = np.empty(MOST_FACES, dtype=np.int64)
    tallies = np.empty((2, targets.shape[0]), dtype=np.int64)
    tally(count, exposure, n_exposed, members, tallies)
    n_out = 0
    for k in range(targets.shape[0]):
        held = tallies[0, k]
        if held < 0:
            continue
        value = fit(k, count, exposure, tallies[1, k], targets, sizes, points, places,
                    orders[k], taken_sizes[k], free)
        if value < 0:
            continue
        key = (value >> PLACE_BITS << LOW_BITS) + targets[k, 1] - (held << ORDER_BITS)
        if n_out == KEEP and key >= out[KEEP - 1, 0]:
            continue
        j = n_out if n_out < KEEP else KEEP - 1
        while j > 0 and out[j - 1, 0] > key:
            out[j, 0] = out[j - 1, 0]
            j -= 1
        out[j, 0] = key
        if n_out < KEEP:
            n_out += 1
    for i in range(n_out):
        k = out[i, 0] & ((1 << ORDER_BITS) - 1)
        for j in range(targets[k, 0]):
            out[i, 1 + j] = targets[k, FIRST_FACE + orders[k, j]]
            out[i, 1 + MOST_FACES + j] = taken_sizes[k, j]
    return n_out


@kernel
def lowest_keys(
    count: np.ndarray,
    exposure: np.ndarray,
    n_exposed: int,
    keep: int,
    within: int,
    targets: np.ndarray,
    members: np.ndarray,
    sizes: np.ndarray,
    points: np.ndarray,
    places: np.ndarray,
    scratch: np.ndarray,
    out: np.ndarray,
) -> int:
    """The ``keep`` (at most ``KEEP``) lowest sort keys of :func:`fitted_keys` and the
    places of their patterns (in ``out[:keep]`` and ``out[KEEP:]``); returns how many.
    The targets are fitted a bound at a time: most cards of their faces held first,
    until the last kept needs less than the next bound (14 less the jokers and those
    cards: no target fitted later can need less), or the first kept needs ``within``
    cards less: then only the keys that need at most the first's need + ``within`` are
    sure (those after them may be missing or wrong).
    ``count``, ``exposure``: as :func:`fit` reads them; ``scratch``: (6, targets) of
    work."""
    held, found = scratch[0], scratch[1]
    order, taken, free, richest = scratch[2], scratch[3], scratch[4], scratch[5]
    most = tally(count, exposure, n_exposed, members, scratch)
    for n in range(MOST_FACES + 1):  # by faces, the most points a pattern scores
        richest[n] = 0
        for place in range(places[n]):
            richest[n] = max(richest[n], points[n, place])
    n_out = 0
    top = 14 - count[JOKER]
    for h in range(most, -1, -1):
        bound = max(top - h, 0)
        if n_out == keep and (out[keep - 1] + CARRY) >> LOW_BITS >> POINT_BITS < bound:
            break
        if n_out and ((out[0] + CARRY) >> LOW_BITS >> POINT_BITS) + within < bound:
            break
        for k in range(targets.shape[0]):
            if held[k] != h:
                continue
            # the least key a target could have: this bound, the richest pattern
            least = ((bound << POINT_BITS | 32 - richest[targets[k, 0]]) << LOW_BITS) + \
                targets[k, 1] - (h << ORDER_BITS)
            if n_out == keep and least >= out[keep - 1]:
                continue
            value = fit(k, count, exposure, found[k], targets, sizes, points, places, order,
                        taken, free)
            if value < 0:
                continue
            key = (value >> PLACE_BITS << LOW_BITS) + targets[k, 1] - (h << ORDER_BITS)
            n_out = kept(out, n_out, keep, key, value)
    return n_out


@kernel
def expose(counts: tuple[int, ...], exposed: int, exposed_jokers: int, targets: np.ndarray
           ) -> tuple[np.ndarray, np.ndarray, int, np.ndarray]:
    """The counts and exposures as :func:`lowest_keys` reads them: (the counts, an exposed
    face's capped to its block's natural cards; each code's exposed block size or 0; how
    many are exposed; its scratch). ``exposed``: the block sizes, 3 bits a code
    (``exposed >> 3 * code & 7``), and ``exposed_jokers`` the jokers in them."""
    count = np.array(counts)  # numba reads a tuple by a variable index slowly
    exposure = np.empty(JOKER + 1, dtype=np.int64)
    n = 0
    for code in range(JOKER + 1):
        size = exposed >> 3 * code & 7
        exposure[code] = size
        if size:
            n += 1
            cap = size - (exposed_jokers >> 3 * code & 7)
            if count[code] > cap:
                count[code] = cap
    return count, exposure, n, np.empty((6, targets.shape[0]), dtype=np.int64)


__all__ = ["CARRY", "FIRST_FACE", "JOKER", "KEEP", "LOW_BITS", "MOST_FACES", "NO_TARGET",
           "ORDER_BITS", "PLACE_BITS", "POINT_BITS", "expose", "fit", "fitted_keys", "kept",
           "lowest_keys", "tally"]
