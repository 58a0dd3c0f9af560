"""The solitaire solver's exact search over real positions (see :mod:`.solitaire_solver`):
a depth-first search over the positions of the real game, which finds wins and, when it
runs out of positions, proves the deal dead.

A position is the set of tiles removed (one bit a tile); the search keeps an explicit
stack, so that it can stop after any number of positions and go on later where it
stopped (it takes turns with the solver's other searches, and the positions it
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
The search itself is the kernel :data:`.solitaire_exact_kernel.RUN`, over fixed arrays
(the stack one row a level, the memo an open-addressed table of masks); this module
builds them and reads the verdict back.
"""

from __future__ import annotations

import numpy as np

from tilepress.engine import solitaire_exact_kernel as fast
from tilepress.engine.solitaire_exact_kernel import luby
from tilepress.engine.solitaire_kernel import GONE
from tilepress.engine.solitaire_play import LEFT, OVER, RIGHT, Table, codes_after, partner_list
from tilepress.engine.solitaire_stubborn import flat

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
MEMO_SLOTS = 1 << 12
"""The memo's first size (it doubles when half full)."""
WON = "won"
DEAD = "dead"


class ExactSearch:
    """Depth-first search over the real positions of ``table`` (see the module's
    docstring). :meth:`run` looks at positions until it finds a win (:attr:`status`
    :data:`WON`, the moves in :attr:`solution`), runs out of positions (:data:`DEAD`: a
    proof), or has looked at as many as it was given (None: call again)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.n = n = table.n
        self.reduce = REDUCE
        self.nodes = 0
        self.best = table.count0
        """The fewest tiles left in a position looked at."""
        self.restarts = 0
        self.restart_at = RESTART_NODES
        self.status: str | None = None
        self.solution: list[tuple[int, int]] = []
        geo, members = table.geo, table.members
        faces = max(len(members), 1)
        most = max((len(ms) for ms in members), default=2)
        levels = n // 2 + 2
        self.words = words = max(1, (n + 63) // 64)
        pairs = max(1, sum(len(ms) * (len(ms) - 1) // 2 for ms in members))
        arrays = table.arrays
        start, target, delta = arrays.start, arrays.target, arrays.delta
        mstart = np.zeros(faces + 1, np.int64)
        mstart[1:len(members) + 1] = np.cumsum([len(ms) for ms in members])
        mstart[len(members) + 1:] = mstart[len(members)]
        self.static = (start, target, delta, arrays.group_of, mstart,
                       np.array([t for ms in members for t in ms], np.int64),
                       geo.weights, geo.apart, len(members))
        self.lists = self.stubborn_lists()
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
        self.moves_at = np.zeros((levels, pairs, 2), np.int64)
        self.nmoves = np.zeros(levels, np.int64)
        self.next = np.zeros(levels, np.int64)
        self.keys = np.zeros((MEMO_SLOTS, words), np.int64)
        self.used = np.zeros(MEMO_SLOTS, np.bool_)
        # the root, after its safe moves, is the pending position at level 0
        gone = sum(1 << t for t in range(n) if table.code0[t] == GONE)
        self.code[0] = arrays.code0
        self.rest[0, :len(members)] = [len(ms) for ms in members]
        self.mask[0] = self.bits(gone)
        count, buf, order, out = self.scratch[:4]
        self.left[0] = fast.SETTLE(self.code[0], self.rest[0], table.count0, self.mask[0],
                                   self.taken[0], 0, start, target, delta, arrays.group_of,
                                   count, buf, order, out, self.ntaken[0:1])
        self.root = (self.code[0].copy(), self.rest[0].copy(), int(self.left[0]),
                     self.mask[0].copy(), self.taken[0, :self.ntaken[0]].copy())
        st = self.st = np.zeros(fast.SCALARS, np.int64)
        st[fast.RESTART_AT] = RESTART_NODES
        st[fast.RNG] = fast.noise_seed(0)
        st[fast.BEST] = self.best
        st[fast.PENDING] = 1

    def pairing(self) -> list[int]:
        """The win's pairs as a ``partner`` list (every tile paired)."""
        return partner_list(self.n, self.solution)

    def bits(self, mask: int) -> np.ndarray:
        """A mask (a Python int) as words of 64 bits."""
        out = [(mask >> (64 * w)) & ((1 << 64) - 1) for w in range(self.words)]
        return np.array([x - (1 << 64) if x >> 63 else x for x in out], np.int64)

    def failed_masks(self) -> set[int]:
        """The positions known to fail (tiles removed, as bits)."""
        return {sum((int(w) & ((1 << 64) - 1)) << (64 * i) for i, w in enumerate(row))
                for row in self.keys[self.used]}

    def run(self, positions: int) -> int:
        """Look at up to ``positions`` positions; the number looked at. Sets
        :attr:`status` when the search ends."""
        st = self.st
        done = 0
        with np.errstate(over="ignore"):  # the memo's hash wraps (run as plain Python)
            while True:
                done += fast.RUN(positions - done, st, self.code, self.rest, self.left,
                                 self.mask, self.taken, self.ntaken, self.moves_at,
                                 self.nmoves, self.next, self.keys, self.used, self.root,
                                 self.static, self.lists, self.scratch, RESTART_NODES, NOISE,
                                 self.reduce, SEEDS)
                if not st[fast.NEEDS_ROOM]:
                    break
                st[fast.NEEDS_ROOM] = 0
                keys = np.zeros((2 * len(self.used), self.words), np.int64)
                used = np.zeros(2 * len(self.used), np.bool_)
                fast.REHASH(self.keys, self.used, keys, used)
                self.keys, self.used = keys, used
        self.nodes, self.best = int(st[fast.NODES]), int(st[fast.BEST])
        self.restarts, self.restart_at = int(st[fast.RESTARTS]), int(st[fast.RESTART_AT])
        if st[fast.STATUS] == fast.WON:
            self.status = WON
            depth = int(st[fast.DEPTH])
            tiles = [int(t) for d in range(depth + 1)
                     for t in self.taken[d, :self.ntaken[d]]]
            self.solution = [(tiles[i], tiles[i + 1]) for i in range(0, len(tiles), 2)]
        elif st[fast.STATUS] == fast.DEAD:
            self.status = DEAD
        return done

    def moves(self, remaining: int, *, reduce: bool | None = None) -> list[tuple[int, int]]:
        """The moves the search tries in a position (``remaining``: the tiles in place,
        as bits), the first first: the pairs of free tiles worth trying, cut to a stubborn
        set when ``reduce`` (default: :attr:`reduce`)."""
        code = np.array(codes_after(self.table.geo, remaining), np.int64)
        rest = np.zeros(self.rest.shape[1], np.int64)
        for g, ms in enumerate(self.table.members):
            rest[g] = sum(remaining >> t & 1 for t in ms)
        start, target, _, group_of, mstart, mlist, weight, apart, _ = self.static
        count, buf, order, _, _, rank, others, good, score, pairs, kept = self.scratch[:11]
        out = np.zeros_like(self.moves_at[0])
        k = fast.MOVES(code, rest, out, np.zeros(fast.SCALARS, np.int64), NOISE,
                       self.reduce if reduce is None else reduce, start, target, group_of,
                       mstart, mlist, weight, apart, count, buf, order, rank, others, good,
                       score, pairs, kept, self.lists, SEEDS)
        return [(a, c) for a, c in out[:k].tolist()]

    def stubborn_lists(self) -> tuple[np.ndarray, ...]:
        """The arrays the stubborn sets are built from (:mod:`.solitaire_stubborn`):
        the faces, and for each tile its possible partners (tiles of its face, neither
        lying on the other), the tiles that must go before it is free, its left and right
        neighbours, and the tiles its removal touches. On a root where a tile in place
        lies on one removed (no game gets there), "must go before" shrinks to the tiles
        that lie on it."""
        table = self.table
        n, below, touch = self.n, table.geo.below, table.geo.touch
        members, group_of = table.members, table.group_of
        near: dict[int, list[list[int]]] = {d: [[] for _ in range(n)]
                                             for d in (OVER, LEFT, RIGHT)}
        for x in range(n):
            for j, d in touch[x]:
                near[d][j].append(x)
        before = [[x for x in range(n) if below[y] >> x & 1] for y in range(n)]
        place = table.code0
        if any(place[x] < GONE >> 1 for y in range(n) if place[y] >= GONE >> 1
               for x in near[OVER][y]):
            before = near[OVER]
        partners = [[p for p in (members[group_of[x]] if group_of[x] >= 0 else ())
                     if p != x and x not in before[p] and p not in before[x]]
                    for x in range(n)]
        return (np.array(group_of, np.int64), *flat(partners), *flat(before),
                *flat(near[LEFT]), *flat(near[RIGHT]),
                *flat([[j for j, _ in touch[x]] for x in range(n)]))


__all__ = ["DEAD", "MEMO_SLOTS", "RESTART_NODES", "WON", "ExactSearch", "luby"]
