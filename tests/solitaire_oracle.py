"""Plain-Python twins of the solitaire solver's kernels, kept only as test oracles: the
relaxed play's end over lists (:func:`end_from`, for :data:`.solitaire_kernel.END`) and
the exact search over Python sets and lists (:class:`PlainExactSearch`, for
:class:`.solitaire_exact.ExactSearch`, whose search is the kernel
:data:`.solitaire_exact_kernel.RUN`). Production code never imports this."""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from tilepress.engine import solitaire_exact as exact
from tilepress.engine import solitaire_exact_kernel as fast
from tilepress.engine.solitaire_exact import DEAD, WON
from tilepress.engine.solitaire_exact_kernel import luby
from tilepress.engine.solitaire_kernel import GONE
from tilepress.engine.solitaire_play import (
    FREE_CODES,
    LEFT,
    OVER,
    RIGHT,
    Table,
    matchings,
    partner_list,
)
from tilepress.engine.solitaire_stubborn import STUBBORN, flat


def end_from(code0: Sequence[int], free0: Sequence[int], count0: int, partner: Sequence[int],
             touch: Sequence[Sequence[tuple[int, int]]], group_of: Sequence[int],
             faces: int) -> tuple[int, list[int]]:
    """Where the play of ``partner`` ends (:data:`.solitaire_kernel.END`), as a plain
    loop over lists: the tiles left and every tile's code. From any position: its codes
    ``code0``, the tiles free in it ``free0``, and ``count0`` tiles in place."""
    code = list(code0)
    free = FREE_CODES
    waiting: list = [None] * faces
    stack = list(free0)
    pop, push = stack.pop, stack.append
    left = count0
    while stack:
        t = pop()
        if code[t] not in free:
            continue
        p = partner[t]
        if p >= 0:
            if code[p] not in free:
                continue
            code[t] = code[p] = GONE
            left -= 2
            for j, d in touch[t]:
                c = code[j] - d
                code[j] = c
                if c in free and c + d not in free:
                    push(j)
            for j, d in touch[p]:
                c = code[j] - d
                code[j] = c
                if c in free and c + d not in free:
                    push(j)
            continue
        g = group_of[t]
        w = waiting[g]
        if w is None:
            waiting[g] = t
            continue
        if w is not True:
            if w == t:
                continue
            waiting[g] = True
            code[w] = GONE
            left -= 1
            for j, d in touch[w]:
                c = code[j] - d
                code[j] = c
                if c in free and c + d not in free:
                    push(j)
        code[t] = GONE
        left -= 1
        for j, d in touch[t]:
            c = code[j] - d
            code[j] = c
            if c in free and c + d not in free:
                push(j)
    return left, code


class _Frame:
    """A position on the search's stack and the moves still to try from it."""

    __slots__ = ("code", "free", "left", "mask", "moves", "next", "rest", "taken")

    def __init__(self, code: list[int], free: list[int], rest: list[int], left: int,
                 mask: int, taken: list[tuple[int, int]]) -> None:
        self.code = code
        self.free = free
        """The tiles in place and free."""
        self.rest = rest
        """Tiles in place per face."""
        self.left = left
        self.mask = mask
        """The tiles removed, one bit each."""
        self.taken = taken
        """The moves that led here from the position below on the stack."""
        self.moves: list[tuple[int, int]] = []
        self.next = 0


class PlainExactSearch:
    """The exact search over Python sets and lists (as :class:`.ExactSearch` runs it in
    its kernels): the same positions in the same order."""

    def __init__(self, table: Table) -> None:
        geo = table.geo
        self.table = table
        self.touch = geo.touch
        self.below = geo.below
        self.weight = geo.weight
        self.members = table.members
        self.group_of = table.group_of
        self.n = table.n
        self.failed: set[int] = set()
        self.pairable_of: dict[tuple[int, ...], bool] = {}
        self.nodes = 0
        self.best = table.count0
        """The fewest tiles left in a position looked at."""
        self.status: str | None = None
        self.solution: list[tuple[int, int]] = []
        self.stack: list[_Frame] = []
        self.open = [-1] * self.n
        """Nothing paired: the relaxed play."""
        self.no_partner = np.full(self.n, -1, np.int64)
        self.scratch = np.empty(self.n, np.int64)
        gone = (1 << self.n) - 1
        for t in range(self.n):
            if table.code0[t] != GONE:
                gone &= ~(1 << t)
        self.root = self.settle(_Frame(table.code0[:], table.free0[:],
                                       [len(ms) for ms in self.members], table.count0,
                                       gone, []))
        self.reduce = exact.REDUCE
        self.lists = self.stubborn_lists()
        self.pending: _Frame | None = self.fresh_root()
        """A position made but not yet looked at (the root at first)."""
        self.restarts = 0
        self.restart_at = exact.RESTART_NODES
        self.noise_state = fast.noise_seed(0)

    def fresh_root(self) -> _Frame:
        """A copy of the root position, to search from (again)."""
        r = self.root
        return _Frame(r.code[:], r.free[:], r.rest[:], r.left, r.mask, r.taken[:])

    def pairing(self) -> list[int]:
        """The win's pairs as a ``partner`` list (every tile paired)."""
        return partner_list(self.n, self.solution)

    # -- the search ----------------------------------------------------------------------

    def run(self, positions: int) -> int:
        """Look at up to ``positions`` positions; the number looked at. Sets
        :attr:`status` when the search ends."""
        done = 0
        stack = self.stack
        while self.status is None and done < positions:
            if self.nodes == self.restart_at:
                self.restarts += 1
                self.restart_at = self.nodes + exact.RESTART_NODES * luby(self.restarts + 1)
                self.noise_state = fast.noise_seed(self.restarts)
                stack.clear()
                self.pending = self.fresh_root()
            frame = self.pending
            if frame is not None:
                self.pending = None
                done += 1
                self.look(frame)
                continue
            if not stack:
                self.status = DEAD
                break
            top = stack[-1]
            if top.next == len(top.moves):
                stack.pop()
                self.failed.add(top.mask)
                continue
            move = top.moves[top.next]
            top.next += 1
            child = self.child(top, move)
            if child is not None:
                self.pending = child
        return done

    def child(self, parent: _Frame, move: tuple[int, int]) -> _Frame | None:
        """The position after ``move`` and the safe moves that follow; None when it is
        known to fail."""
        code, free, rest = parent.code[:], parent.free[:], parent.rest[:]
        a, c = move
        free.remove(a)
        free.remove(c)
        self.take(code, move, free)
        rest[self.group_of[a]] -= 2
        frame = self.settle(_Frame(code, free, rest, parent.left - 2,
                                   parent.mask | 1 << a | 1 << c, [move]))
        return None if frame.mask in self.failed else frame

    def settle(self, frame: _Frame) -> _Frame:
        """Play the safe moves of ``frame`` until there are none: the free tiles of a
        face go but as many *waiters* as it has tiles not free, waiters being free
        tiles that touch no tile in place (with none not free, the whole face goes)."""
        rest, free, code = frame.rest, frame.free, frame.code
        while frame.left:
            moved = False
            for g, tiles in self.free_by_face(free).items():
                waiting = rest[g] - len(tiles)
                if len(tiles) - waiting < 2:
                    continue
                out = tiles
                if waiting:
                    inert = [t for t in tiles if self.inert(code, t)]
                    if len(inert) < waiting:
                        continue
                    out = [t for t in tiles if t not in inert[:waiting]]
                for x in out:
                    free.remove(x)
                    frame.mask |= 1 << x
                self.take(code, out, free)
                frame.taken.extend((out[i], out[i + 1]) for i in range(0, len(out), 2))
                frame.left -= len(out)
                rest[g] -= len(out)
                moved = True
            if not moved:
                break
        return frame

    def look(self, frame: _Frame) -> None:
        """Check a new position: a win ends the search, a dead one is remembered, else
        it goes on the stack with its moves, the most promising last (tried first)."""
        self.nodes += 1
        if frame.left < self.best:
            self.best = frame.left
        if not frame.left:
            self.status = WON
            self.solution = [m for f in self.stack for m in f.taken] + frame.taken
            return
        codes = np.array(frame.code, np.int64)
        if self.relaxed_left(frame.code, frame.free, frame.left, codes):
            self.failed.add(frame.mask)
            return
        frame.moves = self.moves(frame, codes)
        self.stack.append(frame)

    def moves(self, frame: _Frame, codes: np.ndarray | None = None) -> list[tuple[int, int]]:
        """The pairs of free tiles worth trying, the pair holding up the most first;
        none that leaves its face's remaining tiles unpairable, and of the face's free
        tiles that touch no tile in place (interchangeable) only the first two."""
        weight, code, half = self.weight, frame.code, GONE >> 1
        scored = []
        for g, tiles in self.free_by_face(frame.free).items():
            if len(tiles) < 2:
                continue
            others = None
            if 2 < frame.rest[g] <= fast.PAIR_CHECK + 2:
                others = [t for t in self.members[g] if code[t] < half]
            rank = {}
            for t in tiles:
                if self.inert(code, t):
                    rank[t] = len(rank)
            for i, a in enumerate(tiles):
                for c in tiles[i + 1:]:
                    ra, rc = rank.get(a, 0), rank.get(c, 0)
                    if ra + rc > 1 or (ra + rc == 1 and (a not in rank or c not in rank)):
                        continue
                    if others is not None and not self.pairable(
                            tuple(t for t in others if t != a and t != c)):
                        continue
                    scored.append((-(weight[a] + weight[c])
                                   - (exact.NOISE * self.noise() if self.restarts else 0), a, c))
        scored.sort()
        out = [(a, c) for _, a, c in scored]
        if self.reduce and len(out) > 1:
            kept = np.empty(len(out), np.int64)
            STUBBORN.python(np.array(code, np.int64) if codes is None else codes,
                     np.array(out, np.int64), self.lists[0],
                     *self.lists[1:], kept, exact.SEEDS)
            out = [m for m, k in zip(out, kept, strict=True) if k]
        return out

    def noise(self) -> float:
        """The next number of the restart's noise, in [0, 1) (Park and Miller's
        generator, so that the compiled search draws the same)."""
        self.noise_state = self.noise_state * 48271 % fast.MODULUS
        return self.noise_state / fast.MODULUS

    def failed_masks(self) -> set[int]:
        """The positions known to fail (tiles removed, as bits)."""
        return self.failed

    def stubborn_lists(self) -> tuple[np.ndarray, ...]:
        """The arrays the stubborn sets are built from (:mod:`.solitaire_stubborn`):
        the faces, and for each tile its possible partners (tiles of its face, neither
        lying on the other), the tiles that must go before it is free, its left and right
        neighbours, and the tiles its removal touches. On a root where a tile in place
        lies on one removed (no game gets there), "must go before" shrinks to the tiles
        that lie on it."""
        n, below, members, group_of = self.n, self.below, self.members, self.group_of
        near: dict[int, list[list[int]]] = {d: [[] for _ in range(n)]
                                             for d in (OVER, LEFT, RIGHT)}
        for x in range(n):
            for j, d in self.touch[x]:
                near[d][j].append(x)
        before = [[x for x in range(n) if below[y] >> x & 1] for y in range(n)]
        place = self.table.code0
        if any(place[x] < GONE >> 1 for y in range(n) if place[y] >= GONE >> 1
               for x in near[OVER][y]):
            before = near[OVER]
        partners = [[p for p in (members[group_of[x]] if group_of[x] >= 0 else ())
                     if p != x and x not in before[p] and p not in before[x]]
                    for x in range(n)]
        return (np.array(group_of, np.int64), *flat(partners), *flat(before),
                *flat(near[LEFT]), *flat(near[RIGHT]),
                *flat([[j for j, _ in self.touch[x]] for x in range(n)]))

    def free_by_face(self, free: list[int]) -> dict[int, list[int]]:
        """The free tiles by face, each face's in order, the faces in order of their
        first free tile."""
        by_face: dict[int, list[int]] = {}
        group_of = self.group_of
        for t in sorted(free):
            by_face.setdefault(group_of[t], []).append(t)
        return by_face

    def inert(self, code: list[int], t: int) -> bool:
        """Whether tile ``t`` touches no tile in place (removed tiles' codes are
        :data:`GONE` or a little less, above half of it)."""
        half = GONE >> 1
        return all(code[j] > half for j, _ in self.touch[t])

    def pairable(self, tiles: tuple[int, ...]) -> bool:
        """Whether ``tiles`` split into pairs with no tile lying on its partner."""
        got = self.pairable_of.get(tiles)
        if got is None:
            below = self.below
            got = any(not any(below[a] >> c & 1 or below[c] >> a & 1 for a, c in m)
                      for m in matchings(tiles))
            self.pairable_of[tiles] = got
        return got

    def take(self, code: list[int], tiles: Sequence[int], free: list[int]) -> None:
        """Remove ``tiles`` from ``code``; the tiles this frees join ``free``."""
        touch, ok = self.touch, FREE_CODES
        for x in tiles:
            code[x] = GONE
        for x in tiles:
            for j, d in touch[x]:
                c = code[j] - d
                code[j] = c
                if c in ok and c + d not in ok:
                    free.append(j)

    # -- the relaxed play ----------------------------------------------------------------

    def relaxed_left(self, code: list[int], free: list[int], left: int,
                     codes: np.ndarray) -> int:
        """Tiles left by the relaxed play of a position."""
        return end_from(code, free, left, self.open, self.touch, self.group_of,
                        len(self.members))[0]


class PlainPlayouts:
    """The quick playouts over Python lists and a ``random.Random`` (as the kernel
    :data:`.solitaire_kernel.PLAYOUT` plays them, drawing the same numbers): a
    :class:`.Table`'s position, with the penalties kept in a dict."""

    def __init__(self, table: Table) -> None:
        self.geo, self.members, self.group_of = table.geo, table.members, table.group_of
        self.code0, self.free0, self.count0 = table.code0, table.free0, table.count0

    def playout(self, rng: random.Random, noise: float,
                penalty: dict[tuple[int, int], float]) -> tuple[int, list[tuple[int, int]]]:
        """One quick game: a face whose remaining tiles are all free goes at once (that is
        always safe); when none does, the free pair holding up the most goes (with
        ``noise``, less its ``penalty``), never one that leaves a face's last two tiles
        one on the other. Returns the tiles left and the moves; a game that sticks adds
        to the penalty of its pairs whose face it left stranded."""
        code = self.code0[:]
        group_of, free = self.group_of, FREE_CODES
        waiting: list[list[int]] = [[] for _ in self.members]
        rest = [len(m) for m in self.members]
        stack = self.free0[:]
        left = self.count0
        moves: list[tuple[int, int]] = []
        while True:
            while stack:
                t = stack.pop()
                if code[t] not in free or t in waiting[group_of[t]]:
                    continue
                g = group_of[t]
                waiting[g].append(t)
                if len(waiting[g]) == rest[g]:  # every tile left is free
                    w = waiting[g]
                    moves.extend((w[i], w[i + 1]) for i in range(0, len(w), 2))
                    left -= len(w)
                    rest[g] = 0
                    waiting[g] = []
                    self._take(code, w, stack)
            if not left:
                return 0, moves
            pick = self._risky_move(code, waiting, rest, rng, noise, penalty)
            if pick is None:
                for a, c in moves:
                    if rest[group_of[a]]:
                        key = (a, c) if a < c else (c, a)
                        penalty[key] = penalty.get(key, 0) + 2
                return left, moves
            g, a, c = pick
            moves.append((a, c))
            waiting[g].remove(a)
            waiting[g].remove(c)
            rest[g] -= 2
            left -= 2
            self._take(code, (a, c), stack)

    def _take(self, code: list[int], tiles: Sequence[int], stack: list[int]) -> None:
        touch, free = self.geo.touch, FREE_CODES
        for x in tiles:
            code[x] = GONE
            for j, d in touch[x]:
                c = code[j] - d
                code[j] = c
                if c in free:
                    stack.append(j)

    def _risky_move(self, code: list[int], waiting: list[list[int]], rest: list[int],
                    rng: random.Random, noise: float,
                    penalty: dict[tuple[int, int], float]) -> tuple[int, int, int] | None:
        weight, below = self.geo.weight, self.geo.below
        best, pick = -1e18, None
        for g, w in enumerate(waiting):
            k = len(w)
            if k < 2:
                continue
            others = ([x for x in self.members[g] if code[x] != GONE and x not in w]
                      if rest[g] == 4 else None)
            for i in range(k):
                a = w[i]
                for c in w[i + 1:]:
                    if others is not None:  # the last two must not lie one on the other
                        r = others + [x for x in w if x != a and x != c]
                        if below[r[0]] >> r[1] & 1 or below[r[1]] >> r[0] & 1:
                            continue
                    score = (weight[a] + weight[c] + rng.random() * noise
                             - penalty.get((a, c) if a < c else (c, a), 0))
                    if score > best:
                        best, pick = score, (g, a, c)
        return pick
