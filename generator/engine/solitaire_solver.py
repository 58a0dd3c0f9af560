"""The mahjong solitaire solver: a solution that replays, a proof of none, or "undecided".

The search follows the observation of Pedro Gimeno (and the pruning ideas of Michiel de
Bondt, "Solving Mahjong Solitaire boards with peeking", 2012): once it is fixed which
copies of each face are paired, the order of the moves no longer matters, because a
removal never blocks a tile. So the search branches only on pairings -- which tile goes
with which -- and plays every move whose pairing is settled at once. A face whose
pairing is still open is played *relaxed*: its first two free tiles go together and then
each other tile as soon as it is free, which is never harder than the real game, so a
relaxed play that sticks proves that no pairing of the open faces can win.

Three tools, cheapest first: the relaxed play (many dead deals stick at once); random
playouts guided by how much each tile holds up, which find most solutions; and a
complete search. The search completes every open face with its preferred pairing (the
one the best playout used, else the copies removed closest in time); when that fails it
finds a smallest set of faces to blame (QuickXplain) and branches only on those, one
tile's partner at a time, so that a face of six or eight copies (layouts of more than
one set) never lists its 15 or 105 pairings at once. Every branch is disjoint and the
branches together cover every pairing, so a rejected position is truly dead. Nothing is
remembered between branches: they never meet the same position twice.

The budget counts simulated plays, never seconds, so a verdict is the same on every
machine; a search that runs out answers "undecided", never a wrong verdict.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from generator.engine.solitaire import (
    SOLVED,
    UNDECIDED,
    UNSOLVABLE,
    Deal,
    board_for,
    replay_solution,
)
from generator.layouts import Layout

GONE, BLOCKED, FREE = 0, 1, 2


@dataclass(frozen=True)
class SolveResult:
    status: str
    solution: tuple[tuple[int, int], ...] = ()
    work: int = 0
    """Simulated plays spent (the budget is counted in these, so that a verdict does not
    depend on the speed of the machine)."""


class _OutOfBudget(Exception):
    pass


class _Restart(Exception):
    pass


@dataclass(frozen=True)
class Geometry:
    """Neighbour lists and blocker counts of a layout, for fast simulated play."""

    over_count: tuple[int, ...]
    left_count: tuple[int, ...]
    right_count: tuple[int, ...]
    under: tuple[tuple[int, ...], ...]
    """For each tile, the tiles it lies over."""
    right_of: tuple[tuple[int, ...], ...]
    """For each tile, the tiles it is the left neighbour of."""
    left_of: tuple[tuple[int, ...], ...]
    weight: tuple[float, ...]
    """How much a tile holds up: the tiles under it (at any depth) and beside it."""


@lru_cache(maxsize=64)
def geometry(layout: Layout) -> Geometry:
    board = board_for(layout)
    n = len(layout)
    under: list[list[int]] = [[] for _ in range(n)]
    right_of: list[list[int]] = [[] for _ in range(n)]
    left_of: list[list[int]] = [[] for _ in range(n)]
    for j in range(n):
        for t in _bits(board.over[j]):
            under[t].append(j)
        for t in _bits(board.left[j]):
            right_of[t].append(j)
        for t in _bits(board.right[j]):
            left_of[t].append(j)
    held = [0] * n  # tiles that must wait for this one (it lies on them, at any depth)
    for j in range(n):
        for t in _bits(board.below[j]):
            held[t] += 1
    weight = tuple(held[t] + 0.5 * (len(right_of[t]) + len(left_of[t])) for t in range(n))
    return Geometry(
        tuple(bin(m).count("1") for m in board.over),
        tuple(bin(m).count("1") for m in board.left),
        tuple(bin(m).count("1") for m in board.right),
        tuple(map(tuple, under)), tuple(map(tuple, right_of)), tuple(map(tuple, left_of)),
        weight,
    )


def uncover(geo: Geometry, x: int, over: list[int], left: list[int], right: list[int],
            state: list[int], freed: list[int]) -> None:
    """Take tile ``x`` away: update the blocker counts of the tiles it touched, and append
    to ``freed`` those that become free (marking them FREE in ``state``)."""
    state[x] = GONE
    for j in geo.under[x]:
        over[j] -= 1
        if not over[j] and state[j] == BLOCKED and (not left[j] or not right[j]):
            state[j] = FREE
            freed.append(j)
    for j in geo.right_of[x]:
        left[j] -= 1
        if not left[j] and state[j] == BLOCKED and not over[j]:
            state[j] = FREE
            freed.append(j)
    for j in geo.left_of[x]:
        right[j] -= 1
        if not right[j] and state[j] == BLOCKED and not over[j]:
            state[j] = FREE
            freed.append(j)


@lru_cache(maxsize=4096)
def _matchings(items: tuple[int, ...]) -> list[tuple[tuple[int, int], ...]]:
    """Every way to split an even number of tiles into pairs."""
    if not items:
        return [()]
    first, out = items[0], []
    for k in range(1, len(items)):
        rest = (*items[1:k], *items[k + 1 :])
        out.extend(((first, items[k]), *m) for m in _matchings(rest))
    return out


class Solver:
    """Solves one position of a deal (see the module's docstring for how)."""

    def __init__(self, deal: Deal, remaining: int | None = None, *,
                 budget: int = 25_000) -> None:
        n = len(deal.tiles)
        self.n = n
        self.remaining = (1 << n) - 1 if remaining is None else remaining
        self.budget = budget
        self.stop_at = budget
        self.work = 0
        board = board_for(deal.layout)
        self.below = board.below
        self.geometry = geo = geometry(deal.layout)
        over, left, right = list(geo.over_count), list(geo.left_count), list(geo.right_count)
        state = [BLOCKED] * n
        for t in range(n):
            if not self.remaining >> t & 1:
                uncover(geo, t, over, left, right, state, [])
        for t in range(n):
            if state[t] == BLOCKED and not over[t] and (not left[t] or not right[t]):
                state[t] = FREE
        self.counts0 = (over, left, right)
        self.state0 = state
        self.initial_free = [t for t in range(n) if state[t] == FREE]
        self.count0 = n - state.count(GONE)
        ids: dict[int, int] = {}
        members: list[list[int]] = []
        groups = deal.groups
        for t in range(n):
            if state[t] != GONE:
                g = ids.setdefault(groups[t], len(ids))
                if g == len(members):
                    members.append([])
                members[g].append(t)
        self.members = members
        self.group_of = [-1] * n
        for g, ms in enumerate(members):
            for t in ms:
                self.group_of[t] = g
        self.impossible = any(len(ms) % 2 for ms in members) or any(
            len(ms) <= 8 and not any(self._valid(m) for m in _matchings(tuple(ms)))
            for ms in members)

    def _valid(self, pairs: Sequence[tuple[int, int]]) -> bool:
        below = self.below
        return all(not (below[a] >> b & 1 or below[b] >> a & 1) for a, b in pairs)

    def _spend(self) -> None:
        self.work += 1
        if self.work > self.stop_at:
            raise _OutOfBudget if self.work > self.budget else _Restart

    # -- simulated play --------------------------------------------------------------

    def play(self, partner: Sequence[int], record: list | None = None,
             times: list | None = None) -> int:
        """Play greedily with the pairs in ``partner`` (-1: open, played relaxed); return
        the number of tiles left. With every tile paired the play is exact, and ``record``
        receives the moves; ``times`` receives the order in which tiles went."""
        self._spend()
        geo = self.geometry
        over, left, right = self.counts0[0][:], self.counts0[1][:], self.counts0[2][:]
        state = self.state0[:]
        opened = [False] * len(self.members)
        group_of, members = self.group_of, self.members
        stack = self.initial_free[:]
        tiles_left = self.count0
        clock = 0
        while stack:
            t = stack.pop()
            if state[t] != FREE:
                continue
            p = partner[t]
            if p >= 0:
                if state[p] != FREE:
                    continue
                out: Sequence[int] = (t, p)
                if record is not None:
                    record.append((t, p))
            else:
                g = group_of[t]
                if opened[g]:
                    out = (t,)
                else:
                    out = [x for x in members[g] if state[x] == FREE and partner[x] < 0]
                    if len(out) < 2:
                        continue
                    opened[g] = True
            for x in out:
                if times is not None:
                    times[x] = clock
                    clock += 1
                tiles_left -= 1
                uncover(geo, x, over, left, right, state, stack)
        return tiles_left

    def playout(self, rng: random.Random, penalty: dict, noise: float) -> tuple[list, list]:
        """One quick game: a face whose tiles are all free goes at once; otherwise the pair
        that holds up the most (with some noise) goes, avoiding pairs in ``penalty`` and
        pairs that leave a face's last two tiles one on the other. Returns the moves and
        the faces left stranded."""
        self._spend()
        geo = self.geometry
        weight, below = geo.weight, self.below
        over, left, right = self.counts0[0][:], self.counts0[1][:], self.counts0[2][:]
        state = self.state0[:]
        group_of, members = self.group_of, self.members
        free_in: list[list[int]] = [[] for _ in members]
        left_in = [len(ms) for ms in members]
        for t in self.initial_free:
            free_in[group_of[t]].append(t)
        moves: list[tuple[int, int]] = []
        freed: list[int] = []
        remaining = self.count0
        while remaining:
            best = None
            for g, fs in enumerate(free_in):
                k = len(fs)
                if k < 2:
                    continue
                if k == left_in[g]:  # every copy left is free: safe to take them all
                    best = (0.0, fs[0], fs[1])
                    break
                last_two = left_in[g] == 4
                for i in range(k):
                    a = fs[i]
                    for c in fs[i + 1:]:
                        if last_two:
                            r = [x for x in members[g] if state[x] and x != a and x != c]
                            if below[r[0]] >> r[1] & 1 or below[r[1]] >> r[0] & 1:
                                continue
                        score = (weight[a] + weight[c] + rng.random() * noise
                                 - penalty.get((a, c) if a < c else (c, a), 0))
                        if best is None or score > best[0]:
                            best = (score, a, c)
            if best is None:
                break
            _, a, c = best
            moves.append((a, c))
            remaining -= 2
            for x in (a, c):
                g = group_of[x]
                free_in[g].remove(x)
                left_in[g] -= 1
                uncover(geo, x, over, left, right, state, freed)
            for j in freed:
                free_in[group_of[j]].append(j)
            freed.clear()
        stranded = [g for g in range(len(members)) if left_in[g]]
        return moves, stranded

    # -- the complete search -----------------------------------------------------------

    def _search(self, hint: Sequence[tuple[int, int]],
                rng: random.Random | None = None) -> list[int] | None:
        """Complete search over pairings; the pairings of the best playout come first
        (``rng`` shakes the order of the faces). Returns a full ``partner`` list that
        wins, or None when none does."""
        n, members = self.n, self.members
        clock = [10**6] * n
        self.play([-1] * n, times=clock)
        hinted = {(min(a, c), max(a, c)) for a, c in hint}
        below = self.below
        completions: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}
        options_of: dict[tuple[int, ...], list[tuple[tuple[int, int], ...]]] = {}

        def cost(a: int, c: int) -> tuple[int, int]:
            return ((min(a, c), max(a, c)) not in hinted, abs(clock[a] - clock[c]))

        def valid_options(tiles: tuple[int, ...]) -> list[tuple[tuple[int, int], ...]] | None:
            """The pairings of a face's open tiles that keep every tile off its partner
            (None: too many to list)."""
            if len(tiles) > 8:
                return None
            if tiles not in options_of:
                options_of[tiles] = [m for m in _matchings(tiles) if self._valid(m)]
            return options_of[tiles]

        def complete(tiles: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
            """The preferred pairing of a face's open tiles."""
            if tiles not in completions:
                options = valid_options(tiles)
                if options is not None:
                    options = options or [_matchings(tiles)[0]]
                    completions[tiles] = min(options, key=lambda m: tuple(
                        map(sum, zip(*(cost(a, c) for a, c in m), strict=True))))
                else:  # greedy: the closest pairs first
                    pairs = sorted(((a, c) for i, a in enumerate(tiles) for c in tiles[i + 1:]),
                                   key=lambda p: cost(*p))
                    used: set[int] = set()
                    chosen = []
                    for a, c in pairs:
                        if a not in used and c not in used:
                            used |= {a, c}
                            chosen.append((a, c))
                    completions[tiles] = tuple(chosen)
            return completions[tiles]

        def open_tiles(partner: list[int], g: int) -> tuple[int, ...]:
            return tuple(t for t in members[g] if partner[t] < 0)

        def with_faces(partner: list[int], faces: Sequence[int]) -> list[int]:
            out = partner[:]
            for g in faces:
                for a, c in complete(open_tiles(partner, g)):
                    out[a], out[c] = c, a
            return out

        def blame(partner: list[int], background: list[int], delta: list[int],
                  cands: list[int]) -> list[int]:
            """A smallest part of ``cands`` that fails with ``background`` (QuickXplain)."""
            if delta and self.play(with_faces(partner, background)):
                return []
            if len(cands) == 1:
                return list(cands)
            half = len(cands) // 2
            first, second = cands[:half], cands[half:]
            x2 = blame(partner, background + first, first, second)
            x1 = blame(partner, background + x2, x2, first)
            return x1 + x2

        def deviations(partner: list[int], g: int) -> list[list[tuple[int, int]]]:
            """Partial pairings of face ``g`` that differ from its preferred one: together
            they cover every other pairing, and no two overlap."""
            tiles = sorted(open_tiles(partner, g), key=lambda t: clock[t])
            mate = {}
            for a, c in complete(tuple(sorted(tiles))):
                mate[a], mate[c] = c, a
            out, fixed = [], []
            while len(tiles) > 2:
                u = tiles[0]
                for q in sorted(tiles[1:], key=lambda q: cost(u, q)):
                    if q != mate[u] and not (below[u] >> q & 1 or below[q] >> u & 1):
                        out.append([*fixed, (u, q)])
                fixed.append((u, mate[u]))
                tiles = [t for t in tiles if t != u and t != mate[u]]
            return out

        shake = 0 if rng is None else len(members) / 4
        order = sorted(range(len(members)), key=lambda g: -max(clock[t] for t in members[g])
                       + (rng.random() * shake if rng else 0))

        def sure(partner: list[int], start: int) -> list[int] | None:
            """A winning completion of ``partner``, whose faces ``order[:start]`` are
            settled. The order is shared: each conflict moves the faces it blames to the
            front of its part, so that later branches look at them first."""
            for g in order[start:]:
                tiles = open_tiles(partner, g)
                options = valid_options(tiles) if tiles else None
                if options is not None and len(options) < 2:
                    if not options:
                        return None
                    for a, c in options[0]:  # the only way left: settled at once
                        partner[a], partner[c] = c, a
            if self.play(partner):
                return None
            rest = order[start:]
            full = with_faces(partner, rest)
            if not self.play(full):
                return full
            lo, hi = 0, len(rest)  # rest[:hi] completed fails, rest[:lo] passes
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if self.play(with_faces(partner, rest[:mid])):
                    hi = mid
                else:
                    lo = mid
            blamed = set(blame(partner, [], [], rest[:hi]))
            culprits = [g for g in rest[:hi] if g in blamed]
            order[start:start + hi] = culprits + [g for g in rest[:hi] if g not in blamed]
            # every completion but "all preferred" for the culprits: branch on the last
            # culprit that differs from its preferred pairing
            for i in range(len(culprits) - 1, -1, -1):
                base = with_faces(partner, culprits[:i])
                for pairs in deviations(base, culprits[i]):
                    trial = base[:]
                    for a, c in pairs:
                        trial[a], trial[c] = c, a
                    still_open = open_tiles(trial, culprits[i])
                    found = sure(trial, start + i + (not still_open))
                    if found is not None:
                        return found
            return None

        return sure([-1] * n, 0)

    def solve(self, *, playouts: int = 12, seed: int = 0) -> SolveResult:
        """Relaxed play, then ``playouts`` playouts, then the search; a search that runs
        long starts again with a fresh hint and twice the allowance (restarts cut the long
        tails of a search that began with a poor preference)."""
        if not self.count0:
            return SolveResult(SOLVED)
        if self.impossible:
            return SolveResult(UNSOLVABLE, work=self.work)
        try:
            if self.play([-1] * self.n):
                return SolveResult(UNSOLVABLE, work=self.work)
            rng = random.Random(seed)
            penalty: dict[tuple[int, int], int] = {}
            hint = self._playouts(playouts, rng, penalty)
            allowance = 2 * self.count0
            while True:
                if isinstance(hint, tuple):
                    return SolveResult(SOLVED, hint, self.work)
                self.stop_at = min(self.budget, self.work + allowance)
                try:
                    partner = self._search(hint, rng if allowance > 2 * self.count0 else None)
                    break
                except _Restart:
                    allowance *= 2
                    self.stop_at = self.budget
                    hint = self._playouts(4, rng, penalty)
            self.stop_at = self.budget
            if partner is None:
                return SolveResult(UNSOLVABLE, work=self.work)
            moves: list[tuple[int, int]] = []
            if self.play(partner, record=moves):  # pragma: no cover - a search bug
                return SolveResult(UNDECIDED, work=self.work)
            return SolveResult(SOLVED, tuple(moves), self.work)
        except _OutOfBudget:
            return SolveResult(UNDECIDED, work=self.work)

    def _playouts(self, count: int, rng: random.Random,
                  penalty: dict) -> tuple[tuple[int, int], ...] | list[tuple[int, int]]:
        """A winning game as a tuple, else the moves of the longest playout (a list)."""
        best: list[tuple[int, int]] = []
        for k in range(count):
            moves, stranded = self.playout(rng, penalty, 1.0 + k / 2)
            if 2 * len(moves) == self.count0:
                return tuple(moves)
            if len(moves) > len(best):
                best = moves
            stranded_set = set(stranded)
            for a, c in moves:  # a pair that left its face stranded
                if self.group_of[a] in stranded_set:
                    key = (min(a, c), max(a, c))
                    penalty[key] = penalty.get(key, 0) + 2
        return best

def solve(deal: Deal, *, budget: int = 25_000, remaining: int | None = None) -> SolveResult:
    """Solve a deal (or a position of it): a replayed solution, a proof that none exists,
    or "undecided" when ``budget`` simulated plays were not enough."""
    result = Solver(deal, remaining, budget=budget).solve()
    if result.status == SOLVED and remaining is None and replay_solution(deal, result.solution):
        return SolveResult(UNDECIDED, work=result.work)  # pragma: no cover - never wrong
    return result



# ---------------------------------------------------------------------------
# How a reader experiences a deal
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Experience:
    """What a reader meets on the way through a deal along its solution."""

    traps: int
    """Matching free pairs that, taken, leave a position that can no longer be won
    (each counted once, when it first becomes available)."""
    early_traps: int
    """Traps that appear in the first third of the game."""
    choices: float
    """Average number of matching free pairs to choose from at each step."""
    unknown: int = 0
    """Moves the solver could not settle within its budget (not counted as traps)."""


def available_moves(deal: Deal, remaining: int) -> list[tuple[int, int]]:
    """Every pair of matching free tiles in a position."""
    board = board_for(deal.layout)
    groups = deal.groups
    by_group: dict[int, list[int]] = {}
    for t in board.free_tiles(remaining):
        by_group.setdefault(groups[t], []).append(t)
    return [(fs[i], fs[k]) for fs in by_group.values() for i in range(len(fs))
            for k in range(i + 1, len(fs))]


def position_status(deal: Deal, remaining: int, *, budget: int = 600) -> str:
    """Whether a position can still be won: solved, unsolvable or undecided."""
    solver = Solver(deal, remaining, budget=budget)
    return solver.solve(playouts=2).status


def experience(deal: Deal, solution: Sequence[tuple[int, int]], *,
               budget: int = 600, total: int | None = None) -> Experience:
    """Walk the solution and look at every other move on offer along the way; each
    position gets ``budget`` simulated plays, and once ``total`` are spent the moves
    still to judge count as unsettled (so that grading a big board stays quick)."""
    spent = 0
    remaining = (1 << len(deal.tiles)) - 1
    seen: set[tuple[int, int]] = set()
    traps = early = unknown = 0
    offered = 0
    third = max(1, len(solution) // 3)
    for step, move in enumerate(solution):
        moves = available_moves(deal, remaining)
        offered += len(moves)
        for a, c in moves:
            key = (min(a, c), max(a, c))
            if key in seen:
                continue
            seen.add(key)
            if key == (min(move), max(move)):
                continue
            if total is not None and spent >= total:
                unknown += 1
                continue
            solver = Solver(deal, remaining & ~(1 << a | 1 << c), budget=budget)
            status = solver.solve(playouts=2).status
            spent += solver.work
            if status == UNSOLVABLE:
                traps += 1
                early += step < third
            elif status == UNDECIDED:
                unknown += 1
        remaining &= ~(1 << move[0] | 1 << move[1])
    return Experience(traps, early, offered / max(1, len(solution)), unknown)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


__all__ = ["SOLVED", "UNDECIDED", "UNSOLVABLE", "Experience", "Geometry", "SolveResult", "Solver",
           "available_moves", "experience", "geometry", "position_status", "solve", "uncover"]
