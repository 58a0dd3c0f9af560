"""The solitaire solver's exact search over real positions (see :mod:`.solitaire_solver`):
a depth-first search over the positions of the real game, which finds wins and, when it
runs out of positions, proves the deal dead.

A position is the set of tiles removed (a Python int, one bit a tile); the search keeps
an explicit stack, so that it can stop after any number of positions and go on later
where it stopped (it takes turns with the solver's other searches, and the positions it
looks at are counted in the solver's budget: five a play). A tile is *inert* when it is
free and touches no tile in place: its presence changes no other tile's freedom, now or
later.

Reductions, each sound (it never drops the last position that could still win):

- *safe moves*: the free tiles of a face go at once, all but as many inert ones as the
  face has tiles not free (all of them when every tile left is free). Sound: take a win
  from here; pair each inert tile kept with one of the face's other tiles when that one
  goes in the win, drop the win's other moves of the face. Every move stays legal: more
  tiles are gone at each step (a removal never blocks a tile), the inert tiles kept
  block nothing and stay free, and nothing lies under or on them.
- *interchangeable tiles*: of a face's inert tiles, moves use only the first two (the
  first with any other tile, the pair of the first two). Sound: swapping two inert tiles
  of a face maps the game from here onto itself.
- *memo*: a position (after its safe moves) whose every continuation failed is
  remembered and not searched again. Sound: whether a position can be won depends only
  on the tiles in place.
- *relaxed play*: a position whose relaxed play (:class:`.solitaire_play.Table`: a face
  goes freely once two of its tiles are free together) sticks is dead. Sound: the
  relaxed play is never harder than the real game.
- *doomed moves*: a move after which its face's remaining tiles cannot be split into
  pairs with no tile lying on its partner (say its last two, one on the other) is not
  tried. Sound: such a pair is never free together. The deal itself was checked so by
  the solver. (A face with more than :data:`.solitaire_exact_kernel.PAIR_CHECK` other
  tiles in place is not checked.)
- *stubborn sets*: of a position's moves only those of a stubborn set are tried
  (:mod:`.solitaire_stubborn`, where it is argued sound): a win, when there is one,
  starts with one of them. The set is grown from the first tile of the best move alone
  (:data:`SEEDS`): growing one from every free tile and keeping the smallest cuts a few
  more positions but costs more than they do.

Moves are tried as the quick playouts choose theirs: the pair holding up the most first
(:attr:`.solitaire_play.Geometry.weight`); restarts (:data:`RESTART_NODES`) add noise.
With numba the whole search runs compiled (:mod:`.solitaire_exact_kernel`), about ten
times faster, looking at the same positions in the same order.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tilepress.compiled import enabled
from tilepress.engine import solitaire_exact_kernel as fast
from tilepress.engine.solitaire_exact_kernel import luby
from tilepress.engine.solitaire_kernel import END, GONE, Compiled
from tilepress.engine.solitaire_play import (
    FREE_CODES,
    LEFT,
    OVER,
    RIGHT,
    Table,
    end_from,
    matchings,
    partner_list,
)
from tilepress.engine.solitaire_stubborn import STUBBORN, flat

RESTART_NODES = 2000
"""Positions after which the search starts again from the root, and then again after
each span of the Luby schedule (1, 1, 2, 1, 1, 2, 4, ... times this); from the first
restart on, a little noise (up to one tile held up) breaks the ties of the move order.
The failed positions stay remembered, so the schedule's growing spans end in a proof
when there is one."""
NOISE = 1.0
"""From the first restart on, the most a move's score (tiles it holds up) is shaken by."""
REDUCE = True
"""Whether a position's moves are cut to a stubborn set (:mod:`.solitaire_stubborn`)."""
SEEDS = 1
"""The most tiles a stubborn set is grown from, the tiles of the best moves first (the
smallest set found is kept). On the big boards of the benchmark one is fastest: with
every tile a position's kept moves are a little fewer, but each costs about twice as
much."""
WON = "won"
DEAD = "dead"


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


class ExactSearch:
    """Depth-first search over the real positions of ``table`` (see the module's
    docstring). :meth:`run` looks at positions until it finds a win (:attr:`status`
    :data:`WON`, the moves in :attr:`solution`), runs out of positions (:data:`DEAD`: a
    proof), or has looked at as many as it was given (None: call again)."""

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
        self.compiled: Compiled | None = None
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
        self.reduce = REDUCE
        self.lists = self.stubborn_lists()
        self.pending: _Frame | None = self.fresh_root()
        """A position made but not yet looked at (the root at first)."""
        self.restarts = 0
        self.restart_at = RESTART_NODES
        self.noise_state = fast.noise_seed(0)
        self.fast: _Arrays | None = _Arrays(self) if enabled() else None

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
        if self.fast is not None:
            return self.fast.run(self, positions)
        done = 0
        stack = self.stack
        while self.status is None and done < positions:
            if self.nodes == self.restart_at:
                self.restarts += 1
                self.restart_at = self.nodes + RESTART_NODES * luby(self.restarts + 1)
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
                                   - (NOISE * self.noise() if self.restarts else 0), a, c))
        scored.sort()
        out = [(a, c) for _, a, c in scored]
        if self.reduce and len(out) > 1:
            kept = np.empty(len(out), np.int64)
            STUBBORN(np.array(code, np.int64) if codes is None else codes,
                     np.array(out, np.int64), self.lists[0],
                     *self.lists[1:], kept, SEEDS)
            out = [m for m, k in zip(out, kept, strict=True) if k]
        return out

    def noise(self) -> float:
        """The next number of the restart's noise, in [0, 1) (Park and Miller's
        generator, so that the compiled search draws the same)."""
        self.noise_state = self.noise_state * 48271 % fast.MODULUS
        return self.noise_state / fast.MODULUS

    def failed_masks(self) -> set[int]:
        """The positions known to fail (tiles removed, as bits)."""
        return self.failed if self.fast is None else self.fast.failed()

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
        """Tiles left by the relaxed play of a position (as :meth:`Table.end` with
        nothing paired), compiled when the table's play is (``codes``: ``code`` as an
        array)."""
        fast = self.compiled or self.table.fast()
        if fast is not None:
            self.compiled = fast
            return int(END(codes, np.array(free, np.int64), fast.start,
                           fast.target, fast.delta, fast.group_of, fast.faces, left,
                           self.no_partner, self.scratch))
        return end_from(code, free, left, self.open, self.touch, self.group_of,
                        len(self.members))[0]


class _Arrays:
    """The compiled search's state (:mod:`.solitaire_exact_kernel`): the stack as arrays,
    one row a level, and the memo as a table of masks."""

    def __init__(self, search: ExactSearch) -> None:
        n, members = search.n, search.members
        faces = max(len(members), 1)
        most = max((len(ms) for ms in members), default=2)
        levels = n // 2 + 2
        self.words = words = max(1, (n + 63) // 64)
        pairs = max(1, sum(len(ms) * (len(ms) - 1) // 2 for ms in members))
        start, target = flat([[j for j, _ in e] for e in search.touch])
        delta = np.array([d for e in search.touch for _, d in e], np.int64)
        below = search.below
        apart = np.ones((n, n), np.bool_)
        for a in range(n):
            for c in range(n):
                if below[a] >> c & 1:
                    apart[a, c] = apart[c, a] = False
        mstart = np.zeros(faces + 1, np.int64)
        mstart[1:len(members) + 1] = np.cumsum([len(ms) for ms in members])
        mstart[len(members) + 1:] = mstart[len(members)]
        self.static = (start, target, delta, np.array(search.group_of, np.int64),
                       mstart, np.array([t for ms in members for t in ms], np.int64),
                       np.array(search.weight, np.float64), apart, len(members))
        r = search.root
        self.root = (np.array(r.code, np.int64), np.array(r.rest + [0] * (faces - len(r.rest)),
                                                          np.int64),
                     r.left, self.bits(r.mask), np.array([t for m in r.taken for t in m],
                                                         np.int64))
        self.stub = search.lists
        self.scratch = (np.zeros(faces, np.int64), np.zeros((faces, most), np.int64),
                        np.zeros(faces, np.int64), np.zeros(n, np.int64),
                        np.zeros(2, np.int64), np.zeros(most, np.int64),
                        np.zeros(most, np.int64),
                        np.zeros(1 << min(most, fast.PAIR_CHECK), np.bool_),
                        np.zeros(pairs, np.float64), np.zeros((pairs, 2), np.int64),
                        np.zeros(pairs, np.int64), np.zeros(n, np.int64),
                        np.zeros(n, np.int64), np.full(n, -1, np.int64))
        self.code = np.zeros((levels, n), np.int64)
        self.rest = np.zeros((levels, faces), np.int64)
        self.left = np.zeros(levels, np.int64)
        self.mask = np.zeros((levels, words), np.int64)
        self.taken = np.zeros((levels, n), np.int64)
        self.ntaken = np.zeros(levels, np.int64)
        self.moves = np.zeros((levels, pairs, 2), np.int64)
        self.nmoves = np.zeros(levels, np.int64)
        self.next = np.zeros(levels, np.int64)
        self.keys = np.zeros((1 << 12, words), np.int64)
        self.used = np.zeros(1 << 12, np.bool_)
        st = self.st = np.zeros(fast.SCALARS, np.int64)
        st[fast.RESTART_AT] = RESTART_NODES
        st[fast.RNG] = fast.noise_seed(0)
        st[fast.BEST] = search.best
        # the root is the pending position at level 0
        self.code[0], self.rest[0], self.left[0], self.mask[0] = self.root[:4]
        self.ntaken[0] = len(self.root[4])
        self.taken[0, :len(self.root[4])] = self.root[4]
        st[fast.PENDING] = 1

    def bits(self, mask: int) -> np.ndarray:
        """A mask (a Python int) as words of 64 bits."""
        out = [(mask >> (64 * w)) & ((1 << 64) - 1) for w in range(self.words)]
        return np.array([x - (1 << 64) if x >> 63 else x for x in out], np.int64)

    def failed(self) -> set[int]:
        """The memo's masks as Python ints."""
        return {sum((int(w) & ((1 << 64) - 1)) << (64 * i) for i, w in enumerate(row))
                for row in self.keys[self.used]}

    def run(self, search: ExactSearch, positions: int) -> int:
        """Look at up to ``positions`` positions compiled, and bring ``search`` up to date."""
        st = self.st
        done = 0
        while True:
            done += fast.RUN(positions - done, st, self.code, self.rest, self.left, self.mask,
                             self.taken, self.ntaken, self.moves, self.nmoves, self.next,
                             self.keys, self.used, self.root, self.static, self.stub,
                             self.scratch, RESTART_NODES, NOISE, search.reduce, SEEDS)
            if not st[fast.NEEDS_ROOM]:
                break
            st[fast.NEEDS_ROOM] = 0
            keys = np.zeros((2 * len(self.used), self.words), np.int64)
            used = np.zeros(2 * len(self.used), np.bool_)
            fast.REHASH(self.keys, self.used, keys, used)
            self.keys, self.used = keys, used
        search.nodes, search.best = int(st[fast.NODES]), int(st[fast.BEST])
        search.restarts, search.restart_at = int(st[fast.RESTARTS]), int(st[fast.RESTART_AT])
        if st[fast.STATUS] == fast.WON:
            search.status = WON
            depth = int(st[fast.DEPTH])
            tiles = [int(t) for d in range(depth + 1)
                     for t in self.taken[d, :self.ntaken[d]]]
            search.solution = [(tiles[i], tiles[i + 1]) for i in range(0, len(tiles), 2)]
        elif st[fast.STATUS] == fast.DEAD:
            search.status = DEAD
        return done


__all__ = ["DEAD", "RESTART_NODES", "WON", "ExactSearch", "luby"]
