"""A partial-order reduction for the solitaire solver's exact search
(:mod:`.solitaire_exact`): of a position's moves it keeps those of a *stubborn set*
(Valmari), which is enough to find a win whenever there is one.

A move takes a pair of free tiles of one face. A removal never blocks a tile, so a move
stays legal until one of its own tiles goes, and two moves with no tile in common can be
swapped. The set ``T`` of moves is built from a free tile ``a`` with a move on offer, by
closing a set ``R`` of tiles (every move that takes a tile of ``R`` is in ``T``) and a set
``F`` of blocked tiles waiting to be freed:

- ``a`` is in ``R``;
- for a tile ``x`` of ``R`` and a tile ``p`` of its face that can pair with it (neither
  lies on the other): when ``x`` is blocked, ``x`` is in ``F``; else when ``p`` is
  blocked, ``p`` is in ``F`` (the move ``{x, p}`` is disabled: it needs ``p`` freed);
- for a tile ``y`` of ``F``: when tiles lie on ``y`` (or on those, and so on), one of
  them is in ``R`` (it must go before ``y`` is free); else one tile on its left and one
  on its right are in ``R`` (one side must clear before ``y`` is free).

Sound (the moves of ``T`` that are legal now keep every win). Take a win from here. It
takes ``a`` with some move, which is in ``T``; let ``t`` be the first move of ``T`` in the
win. If ``t`` were blocked now, a tile of it would be in ``F``, and a move taking one of
that tile's enablers (all in ``T``) would have to come first: so ``t`` is legal now. The
moves before it take none of its tiles (they are still there when it goes), so it can go
first: the win stays legal, with the same tiles gone at the end. So the search needs only
the legal moves of ``T`` to find a win, and when all of them fail the position is dead.

The search also keeps only the first two of a face's inert tiles
(:class:`.solitaire_exact.ExactSearch`); a swap of two inert tiles maps the game onto
itself, so ``R`` counts as holding all of a face's inert tiles when it holds one.
Moves that are never legal (a tile lying on its partner) are left out of ``T``: they are
in no game. A stubborn set is only a search's choice of moves, so the memo of failed
positions stays sound: a position fails only when every kept move failed, which the
argument above makes a proof. The free tiles with a move on offer are tried as ``a`` in
the order of the moves (the first ``tries`` of them), and the one whose set keeps the
fewest moves wins (the first such; a set of one move ends the trying); which enabler a closure
takes (one already in ``R``, else a free tile with the fewest partners) only changes the
set's size.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tilepress.compiled import kernel


def _stubborn(code: np.ndarray, moves: np.ndarray, group_of: np.ndarray,
              pstart: np.ndarray, plist: np.ndarray, ostart: np.ndarray,
              olist: np.ndarray, lstart: np.ndarray, llist: np.ndarray,
              rstart: np.ndarray, rlist: np.ndarray, tstart: np.ndarray,
              tlist: np.ndarray, kept: np.ndarray, tries: int) -> int:
    """Mark in ``kept`` the ``moves`` (pairs of free tiles, one a row) of the smallest
    stubborn set found, grown from up to ``tries`` tiles (see the module's docstring); the
    number kept. ``code`` holds the
    tiles' codes (:mod:`.solitaire_play`); ``p``, ``o``, ``l``, ``r`` and ``t`` are flat
    lists (``start[x]:start[x + 1]``) of each tile's possible partners, the tiles that must
    go before it is free, its left and right neighbours, and the tiles its removal
    touches."""
    n = code.shape[0]
    k = moves.shape[0]
    half = 1 << 39
    seed_of = np.full(n, -1, np.int64)
    seeds = np.empty(2 * k, np.int64)
    ns = 0
    for i in range(k):
        for e in range(2):
            x = moves[i, e]
            if seed_of[x] < 0:
                seed_of[x] = ns
                seeds[ns] = x
                ns += 1
    inert = np.zeros(n, np.bool_)
    for s in range(ns):
        x = seeds[s]
        inert[x] = True
        for q in range(tstart[x], tstart[x + 1]):
            if code[tlist[q]] < half:
                inert[x] = False
    in_r = np.zeros(n, np.int64)  # the seed (+1) whose R holds the tile
    in_f = np.zeros(n, np.int64)  # the seed (+1) that last put the tile in F
    hit = np.zeros(group_of.max() + 1, np.int64)  # the seed (+1) holding a face's inert tile
    mine = np.empty(k, np.int64)
    best = -1
    rem = np.empty(n, np.int64)
    fre = np.empty(n, np.int64)
    for s in range(min(ns, tries)):
        mark = s + 1
        in_r[seeds[s]] = mark
        rem[0] = seeds[s]
        nr = 1
        nf = 0
        while nr or nf:
            if nr:
                nr -= 1
                x = rem[nr]
                c = code[x]
                x_free = c < 16 and (c < 4 or c & 3 == 0)
                for q in range(pstart[x], pstart[x + 1]):
                    p = plist[q]
                    c = code[p]
                    if c >= half:
                        continue
                    y = x
                    if x_free:
                        if c < 16 and (c < 4 or c & 3 == 0):
                            continue
                        y = p
                    if in_f[y] != s + 1:
                        in_f[y] = s + 1
                        fre[nf] = y
                        nf += 1
                    if not x_free:
                        break
                continue
            nf -= 1
            y = fre[nf]
            # side 0: what must go before y is free; then 1: its left, 2: its right
            for side in range(3):
                if side == 0:
                    lo, hi, lst = ostart[y], ostart[y + 1], olist
                elif side == 1:
                    lo, hi, lst = lstart[y], lstart[y + 1], llist
                else:
                    lo, hi, lst = rstart[y], rstart[y + 1], rlist
                pick = -1
                cost = n
                there = False
                for q in range(lo, hi):
                    x = lst[q]
                    c = code[x]
                    if c >= half:
                        continue
                    there = True
                    if in_r[x] == mark:
                        pick = -2
                        break
                    if c < 16 and (c < 4 or c & 3 == 0):
                        m = 0
                        for w in range(pstart[x], pstart[x + 1]):
                            if code[plist[w]] < half:
                                m += 1
                        if m < cost:
                            cost = m
                            pick = x
                    elif pick == -1 and cost == n:
                        pick = x
                if side == 0 and not there:
                    continue  # nothing on it: both sides are blocked
                if pick >= 0:
                    in_r[pick] = mark
                    rem[nr] = pick
                    nr += 1
                if side == 0:
                    break
        # the moves this seed's set keeps; the smallest set wins (the first such)
        for t in range(ns):
            x = seeds[t]
            if inert[x] and in_r[x] == mark:
                hit[group_of[x]] = mark
        m = 0
        for j in range(k):
            mine[j] = 0
            for e in range(2):
                x = moves[j, e]
                if in_r[x] == mark or (inert[x] and hit[group_of[x]] == mark):
                    mine[j] = 1
            m += mine[j]
        if best < 0 or m < best:
            best = m
            kept[:k] = mine[:k]
            if m == 1:
                break  # a seed's own move is always kept: none can keep fewer
    return best


STUBBORN = kernel(_stubborn)


def flat(lists: Sequence[Sequence[int]]) -> tuple[np.ndarray, np.ndarray]:
    """Lists of tiles as one flat array and where each list starts."""
    start = np.zeros(len(lists) + 1, np.int64)
    start[1:] = np.cumsum([len(e) for e in lists])
    return start, np.array([x for e in lists for x in e], np.int64)
