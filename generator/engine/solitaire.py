"""Mahjong solitaire: the free-tile rule, deals, and a solver that never guesses.

A tile is free when no tile on a higher layer overlaps it and its left or its right side
is clear (no tile on its layer touches that side). A move removes two free tiles that
match: identical tiles, any flower with any flower, any season with any season (with
``bonus=False`` the bonus tiles are left out of deals). The deal is won when every
tile is gone.

The solver follows the observation of Pedro Gimeno (and the pruning ideas of Michiel de
Bondt, "Solving Mahjong Solitaire boards with peeking", 2012): once it is fixed which
copies of each face are paired, the order of the moves no longer matters, because a
removal never blocks a tile. So the search branches only on pairings -- which tile goes
with which -- and plays every move whose pairing is settled, or that is safe whatever
the pairing (a face whose remaining tiles are all free), at once. Pairings in which one
tile lies (however indirectly) under its partner are never tried. Failed positions are
remembered. A search that runs out of its node budget answers "undecided", never a
wrong verdict; a "solved" answer comes with a solution that is replayed before it is
returned.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from generator.errors import RequestError
from generator.layouts import Layout, Position
from generator.tiles import ALL_TILES, STANDARD_TILES, Tile

SOLVED = "solved"
UNSOLVABLE = "unsolvable"
UNDECIDED = "undecided"

FLOWERS = 34
SEASONS = 35


def match_group(tile: Tile) -> int:
    """Tiles with the same group match: the kind, or all flowers, or all seasons."""
    if tile.is_flower:
        return FLOWERS
    if tile.is_season:
        return SEASONS
    return tile.kind


@dataclass(frozen=True)
class Board:
    """The geometry of a layout as bit masks over position indices."""

    layout: Layout
    over: tuple[int, ...]
    """Tiles on a higher layer overlapping each position."""
    left: tuple[int, ...]
    right: tuple[int, ...]
    below: tuple[int, ...]
    """Tiles that must go before each position can be free: what lies on it, on what
    lies on it, and so on."""

    def is_free(self, remaining: int, i: int) -> bool:
        if self.over[i] & remaining:
            return False
        return not (self.left[i] & remaining) or not (self.right[i] & remaining)

    def free_tiles(self, remaining: int) -> list[int]:
        over, left, right = self.over, self.left, self.right
        out = []
        rest = remaining
        while rest:
            low = rest & -rest
            i = low.bit_length() - 1
            rest ^= low
            if not over[i] & remaining and (not left[i] & remaining or not right[i] & remaining):
                out.append(i)
        return out


@lru_cache(maxsize=64)
def board_for(layout: Layout) -> Board:
    pos = layout.positions
    n = len(pos)
    over = [0] * n
    left = [0] * n
    right = [0] * n
    for i, a in enumerate(pos):
        for j, b in enumerate(pos):
            if i == j:
                continue
            if b.z > a.z and abs(a.x - b.x) < 2 and abs(a.y - b.y) < 2:
                over[i] |= 1 << j
            elif b.z == a.z and abs(a.y - b.y) < 2:
                if b.x + 2 == a.x:
                    left[i] |= 1 << j
                elif a.x + 2 == b.x:
                    right[i] |= 1 << j
    # what must be removed first: the closure of "lies over"
    below = list(over)
    order = sorted(range(n), key=lambda i: -pos[i].z)
    for i in order:  # top layers first, so the tiles above are already closed
        mask = over[i]
        rest = over[i]
        while rest:
            low = rest & -rest
            j = low.bit_length() - 1
            rest ^= low
            mask |= below[j]
        below[i] = mask
    return Board(layout, tuple(over), tuple(left), tuple(right), tuple(below))


# ---------------------------------------------------------------------------
# Deals
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    layout: Layout
    tiles: tuple[Tile, ...]

    def __post_init__(self) -> None:
        if len(self.tiles) != len(self.layout.positions):
            raise RequestError(f"a deal for {len(self.layout)} positions needs as many tiles, "
                               f"not {len(self.tiles)}")

    @property
    def groups(self) -> tuple[int, ...]:
        return tuple(match_group(t) for t in self.tiles)


def tile_supply(n: int, rng: random.Random, *, bonus: bool = True) -> list[Tile]:
    """``n`` tiles in matching pairs, as even a spread of faces as the count allows,
    taken from as many 144-tile sets as needed (documented in docs/rulings.md)."""
    if n % 2:
        raise RequestError(f"{n} positions cannot all be paired: a layout needs an even count")
    faces: list[list[Tile]] = [[t] * 4 for t in STANDARD_TILES]
    if bonus:
        faces += [list(ALL_TILES[34:38]), list(ALL_TILES[38:42])]
    pairs: list[tuple[Tile, Tile]] = []
    while len(pairs) * 2 < n:
        batch = []
        for group in faces:
            shuffled = list(group)
            rng.shuffle(shuffled)
            batch.append((shuffled[0], shuffled[1]))
            batch.append((shuffled[2], shuffled[3]))
        # whole faces first (both pairs of a face), in random order
        order = list(range(len(faces)))
        rng.shuffle(order)
        for g in order:
            pairs.extend([batch[2 * g], batch[2 * g + 1]])
    pairs = pairs[: n // 2]
    return [t for pair in pairs for t in pair]


def pair_supply(tiles: Sequence[Tile], n: int, rng: random.Random) -> list[Tile]:
    """``n`` tiles of a given set as consecutive identical pairs, whole faces first (so
    that what stays in the box is whole faces where the count allows)."""
    if n % 2:
        raise RequestError(f"{n} tiles cannot all be paired: the count must be even")
    by_kind: dict[int, list[Tile]] = {}
    for t in tiles:
        by_kind.setdefault(match_group(t), []).append(t)
    faces = [group for _, group in sorted(by_kind.items())]
    rng.shuffle(faces)
    faces.sort(key=lambda g: -(len(g) // 2))  # stable: the shuffle decides among equals
    pairs: list[Tile] = []
    for group in faces:
        group = list(group)
        rng.shuffle(group)
        for k in range(len(group) // 2):
            if len(pairs) < n:
                pairs += group[2 * k: 2 * k + 2]
    if len(pairs) < n:
        raise RequestError(f"the set has only {len(pairs) // 2} matching pairs, not the "
                           f"{n // 2} that {n} tiles need")
    return pairs


def deal_random(layout: Layout, rng: random.Random, *, bonus: bool = True) -> Deal:
    """Tiles shuffled onto the positions: often winnable, never promised."""
    tiles = tile_supply(len(layout), rng, bonus=bonus)
    rng.shuffle(tiles)
    return Deal(layout, tuple(tiles))


def deal_backwards(layout: Layout, rng: random.Random, *, bonus: bool = True,
                   attempts: int = 200, supply: Sequence[Tile] | None = None,
                   ) -> tuple[Deal, list[tuple[int, int]]]:
    """A deal built in reverse from the empty table, two positions at a time, each pair
    free when it is placed: the reverse of the building order is a solution.

    ``supply`` gives the tiles as consecutive matching pairs (default: from standard
    sets, see :func:`tile_supply`)."""
    board = board_for(layout)
    n = len(layout)
    if n % 2:
        raise RequestError(f"layout {layout.name!r} has {n} positions: an odd count cannot "
                           "be cleared")
    positions = layout.positions
    support = [0] * n
    for i, a in enumerate(positions):
        for j, b in enumerate(positions):
            if b.z < a.z and abs(a.x - b.x) < 2 and abs(a.y - b.y) < 2:
                support[i] |= 1 << j
    neighbours = [_bits(board.left[i] | board.right[i]) for i in range(n)]
    side_mask = [board.left[i] | board.right[i] for i in range(n)]
    # rows: positions linked side by side; tiles placed in a row must stay one connected
    # piece, or the gap between two pieces could never be filled
    row_of = [-1] * n
    rows: list[int] = []
    for start in range(n):
        if row_of[start] < 0:
            mask, todo = 0, [start]
            row_of[start] = len(rows)
            while todo:
                t = todo.pop()
                mask |= 1 << t
                for u in neighbours[t]:
                    if row_of[u] < 0:
                        row_of[u] = len(rows)
                        todo.append(u)
            rows.append(mask)

    def stays_connected(a: int, b: int, placed: int) -> bool:
        """Whether placing a and b keeps each row's placed tiles in one piece (given that
        they are in one piece now)."""
        for x, y in ((a, b), (b, a)):
            row = rows[row_of[x]]
            existing = placed & row
            if existing:
                if not side_mask[x] & existing and not (side_mask[x] >> y & 1
                                                         and side_mask[y] & existing):
                    return False
            elif row >> y & 1 and not side_mask[x] >> y & 1:
                return False
        return True

    def walled_in(placed: int, around: Sequence[int]) -> bool:
        """Whether some empty position beside these now has tiles on both sides (it could
        then never be placed: it would never be free)."""
        for t in around:
            for u in neighbours[t]:
                if not placed >> u & 1 and board.left[u] & placed and board.right[u] & placed:
                    return True
        return False

    full = (1 << n) - 1
    over, left, right = board.over, board.left, board.right
    row_masks = [rows[row_of[i]] for i in range(n)]
    opening = board.free_tiles(full)  # free on the full table: any of them can go first
    for _ in range(attempts):
        # keep two pairs of these for the very end, so that the build never ends on two
        # tiles that cannot be free together
        reserved = rng.sample(opening, min(4, len(opening) - len(opening) % 2))
        reserve_mask = sum(1 << i for i in reserved)
        placed = 0
        order: list[tuple[int, int]] = []
        backups = 0
        while placed | reserve_mask != full:
            # positions that could take a tile now: resting on placed tiles, nothing on
            # them yet, and touching the tiles already in their row (if any)
            alone = [i for i in range(n) if not (placed | reserve_mask) >> i & 1
                     and not support[i] & ~placed and not over[i] & placed
                     and (not left[i] & placed or not right[i] & placed)
                     and (not row_masks[i] & placed or side_mask[i] & placed)]
            # upper tiles as soon as they can go, so that a stack is never finished at the
            # very end (its top tile would have no partner left but the tile under it)
            alone.sort(key=lambda i: -positions[i].z + rng.random() * 2.5)
            found = None
            for k, a in enumerate(alone):
                for b in alone[k + 1 :]:
                    if support[b] >> a & 1 or support[a] >> b & 1:
                        continue
                    after = placed | 1 << a | 1 << b
                    if (board.is_free(after, a) and board.is_free(after, b)
                            and stays_connected(a, b, placed)
                            and not walled_in(after, (a, b))):
                        found = (a, b)
                        break
                if found:
                    break
            if found is None:
                if backups > 20 or not order:
                    break
                backups += 1
                for _undo in range(min(len(order), 3)):  # back up a little and retry
                    x, y = order.pop()
                    placed &= ~(1 << x | 1 << y)
                continue
            placed |= 1 << found[0] | 1 << found[1]
            order.append(found)
        if placed | reserve_mask == full:
            order += [(reserved[k], reserved[k + 1]) for k in range(0, len(reserved), 2)]
            tiles: list[Tile | None] = [None] * n
            tiles_in = list(supply) if supply is not None else tile_supply(n, rng, bonus=bonus)
            pairs = [(tiles_in[2 * k], tiles_in[2 * k + 1]) for k in range(n // 2)]
            rng.shuffle(pairs)
            for (a, b), (ta, tb) in zip(order, pairs, strict=True):
                tiles[a], tiles[b] = ta, tb
            deal = Deal(layout, tuple(t for t in tiles if t is not None))
            solution = list(reversed(order))
            return deal, solution
    raise RequestError(f"could not build a winnable deal for layout {layout.name!r} in "
                       f"{attempts} attempts; it may admit none")


# ---------------------------------------------------------------------------
# Replaying a solution
# ---------------------------------------------------------------------------


def replay_solution(deal: Deal, solution: Sequence[Sequence[int]]) -> list[str]:
    """Apply the moves of ``solution`` by the rules; the faults found (empty if it wins)."""
    board = board_for(deal.layout)
    n = len(deal.tiles)
    groups = deal.groups
    remaining = (1 << n) - 1
    for step, move in enumerate(solution, start=1):
        if len(move) != 2:
            return [f"move {step}: a move removes two tiles, not {len(move)}"]
        a, b = move
        if not (0 <= a < n and 0 <= b < n) or a == b:
            return [f"move {step}: positions {a} and {b} are not two positions of the layout"]
        for i in (a, b):
            if not remaining >> i & 1:
                return [f"move {step}: the tile at {i} was already removed"]
            if not board.is_free(remaining, i):
                return [f"move {step}: the tile at {i} ({deal.tiles[i]}) is not free"]
        if groups[a] != groups[b]:
            return [f"move {step}: {deal.tiles[a]} and {deal.tiles[b]} do not match"]
        remaining &= ~(1 << a | 1 << b)
    if remaining:
        return [f"{bin(remaining).count('1')} tiles are left after the last move"]
    return []


# ---------------------------------------------------------------------------
# The solver
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SolveResult:
    status: str
    solution: tuple[tuple[int, int], ...] = ()
    work: int = 0
    """Simulated plays spent (the budget is counted in these, so that a verdict does not
    depend on the speed of the machine)."""


class _OutOfBudget(Exception):
    pass


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


@dataclass(frozen=True)
class _Geometry:
    """Neighbour lists and blocker counts of a layout, for fast simulated play."""

    over_count: tuple[int, ...]
    left_count: tuple[int, ...]
    right_count: tuple[int, ...]
    under: tuple[tuple[int, ...], ...]
    """For each tile, the tiles it lies over."""
    right_of: tuple[tuple[int, ...], ...]
    """For each tile, the tiles it is the left neighbour of."""
    left_of: tuple[tuple[int, ...], ...]
    touching: tuple[tuple[int, ...], ...]


@lru_cache(maxsize=64)
def _geometry(layout: Layout) -> _Geometry:
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
    return _Geometry(
        tuple(bin(m).count("1") for m in board.over),
        tuple(bin(m).count("1") for m in board.left),
        tuple(bin(m).count("1") for m in board.right),
        tuple(map(tuple, under)), tuple(map(tuple, right_of)), tuple(map(tuple, left_of)),
        tuple(tuple(sorted({*under[t], *right_of[t], *left_of[t]})) for t in range(n)),
    )


class Solver:
    """Solves one position of a deal.

    Three tools, cheapest first: a *relaxed play* that proves many positions dead at
    once (a face whose pairing is not decided yet gives up its first two free tiles
    together and then each other tile as soon as it is free, which is never harder than
    the real game); *playouts* guided by mobility that learn which pairs to avoid; and a
    complete search over pairings that, when the relaxed play fails, finds a smallest
    set of decisions to blame and branches only on those (after de Bondt). The search is
    complete, so a position it rejects is truly dead.
    """

    def __init__(self, deal: Deal, remaining: int | None = None, *, budget: int = 25_000) -> None:
        self.deal = deal
        n = len(deal.tiles)
        self.n = n
        self.remaining = (1 << n) - 1 if remaining is None else remaining
        self.budget = budget
        self.work = 0
        board = board_for(deal.layout)
        self.board = board
        self.geometry = geo = _geometry(deal.layout)
        groups = deal.groups
        alive = [bool(self.remaining >> t & 1) for t in range(n)]
        self.alive0 = alive
        # blocker counts with the removed tiles already gone
        over, left, right = list(geo.over_count), list(geo.left_count), list(geo.right_count)
        for t in range(n):
            if not alive[t]:
                for j in geo.under[t]:
                    over[j] -= 1
                for j in geo.right_of[t]:
                    left[j] -= 1
                for j in geo.left_of[t]:
                    right[j] -= 1
        self.counts0 = (over, left, right)
        self.initial_free = [t for t in range(n)
                             if alive[t] and not over[t] and (not left[t] or not right[t])]
        self.state0 = [0 if not alive[t] else 1 for t in range(n)]
        for t in self.initial_free:
            self.state0[t] = 2
        self.count0 = sum(alive)
        ids: dict[int, int] = {}
        members: list[list[int]] = []
        for t in range(n):
            if alive[t]:
                g = ids.setdefault(groups[t], len(ids))
                if g == len(members):
                    members.append([])
                members[g].append(t)
        self.members = members
        self.group_of = [-1] * n
        for g, ms in enumerate(members):
            for t in ms:
                self.group_of[t] = g
        below = board.below
        self.options = []
        self.impossible = any(len(ms) % 2 for ms in members)
        # faces of more than eight tiles (three sets or more) have too many pairings to
        # list: only playouts can settle such deals, and "unsolvable" is never claimed
        self.too_many = any(len(ms) > 8 for ms in members)
        for ms in members:
            if len(ms) > 8:
                self.options.append([])
                continue
            options = [m for m in _matchings(tuple(ms))
                       if all(not (below[a] >> b & 1 or below[b] >> a & 1) for a, b in m)]
            if not options:
                self.impossible = True
            self.options.append(options)

    # -- simulated play --------------------------------------------------------------

    def play(self, choice: Sequence[int | None], record: list | None = None,
             times: list | None = None) -> int:
        """Play greedily with the pairings in ``choice`` (None: undecided, played relaxed);
        return the number of tiles left. With every face decided the play is exact, and
        ``record`` receives the moves."""
        self.work += 1
        if self.work > self.budget:
            raise _OutOfBudget
        geo = self.geometry
        over, left, right = self.counts0[0][:], self.counts0[1][:], self.counts0[2][:]
        state = self.state0[:]  # 0 gone, 1 blocked, 2 free
        partner = [-1] * self.n
        options = self.options
        for g, c in enumerate(choice):
            if c is not None:
                for a, b in options[g][c]:
                    partner[a] = b
                    partner[b] = a
        opened = [False] * len(self.members)
        group_of, members = self.group_of, self.members
        under, right_of, left_of = geo.under, geo.right_of, geo.left_of
        stack = self.initial_free[:]
        tiles_left = self.count0
        clock = 0
        while stack:
            t = stack.pop()
            if not state[t]:
                continue
            p = partner[t]
            if p >= 0:
                if state[p] != 2:
                    continue
                out: Sequence[int] = (t, p)
                if record is not None:
                    record.append((t, p))
            else:
                g = group_of[t]
                if opened[g]:
                    out = (t,)
                else:
                    out = [x for x in members[g] if state[x] == 2]
                    if len(out) < 2:
                        continue
                    opened[g] = True
            for x in out:
                if times is not None:
                    times[x] = clock
                    clock += 1
                state[x] = 0
                tiles_left -= 1
                for j in under[x]:
                    over[j] -= 1
                    if not over[j] and state[j] == 1 and (not left[j] or not right[j]):
                        state[j] = 2
                        stack.append(j)
                for j in right_of[x]:
                    left[j] -= 1
                    if not left[j] and state[j] == 1 and not over[j]:
                        state[j] = 2
                        stack.append(j)
                for j in left_of[x]:
                    right[j] -= 1
                    if not right[j] and state[j] == 1 and not over[j]:
                        state[j] = 2
                        stack.append(j)
        return tiles_left

    # -- playouts --------------------------------------------------------------------

    def playout(self, rng: random.Random, penalty: dict, noise: float) -> tuple[list, list]:
        """One guided game; returns (moves, faces left stranded). Moves that keep the most
        matches available are preferred; pairs in ``penalty`` are avoided."""
        geo = self.geometry
        self.work += 1
        if self.work > self.budget:
            raise _OutOfBudget
        over, left, right = (list(c) for c in self.counts0)
        alive = list(self.alive0)
        free = [False] * self.n
        group_of, members = self.group_of, self.members
        below = self.board.below
        free_in: dict[int, list[int]] = {}
        left_in = [len(ms) for ms in members]
        for t in self.initial_free:
            free[t] = True
            free_in.setdefault(group_of[t], []).append(t)
        moves: list[tuple[int, int]] = []

        def remove(x: int) -> None:
            alive[x] = False
            free_in[group_of[x]].remove(x)
            left_in[group_of[x]] -= 1
            for j in geo.under[x]:
                over[j] -= 1
                if not over[j] and alive[j] and not free[j] and (not left[j] or not right[j]):
                    free[j] = True
                    free_in.setdefault(group_of[j], []).append(j)
            for j in geo.right_of[x]:
                left[j] -= 1
                if not left[j] and alive[j] and not free[j] and not over[j]:
                    free[j] = True
                    free_in.setdefault(group_of[j], []).append(j)
            for j in geo.left_of[x]:
                right[j] -= 1
                if not right[j] and alive[j] and not free[j] and not over[j]:
                    free[j] = True
                    free_in.setdefault(group_of[j], []).append(j)

        def freed_by(a: int, c: int) -> int:
            """How many new matches removing a and c opens up."""
            gained = 0
            seen = set()
            for x in (a, c):
                for j in geo.touching[x]:
                    if j in seen or not alive[j] or free[j] or j in (a, c):
                        continue
                    seen.add(j)
                    o = over[j] - sum(1 for y in (a, c) if j in geo.under[y])
                    lft = left[j] - sum(1 for y in (a, c) if j in geo.right_of[y])
                    rgt = right[j] - sum(1 for y in (a, c) if j in geo.left_of[y])
                    if not o and (not lft or not rgt):
                        gained += 1 + len(free_in.get(group_of[j], ()))
            return gained

        remaining = sum(alive)
        while remaining:
            forced = next((fs for g, fs in free_in.items() if fs and len(fs) == left_in[g]), None)
            if forced:
                tiles = list(forced)
                for k in range(0, len(tiles), 2):
                    moves.append((tiles[k], tiles[k + 1]))
                    remove(tiles[k])
                    remove(tiles[k + 1])
                remaining -= len(tiles)
                continue
            best = None
            for g, fs in free_in.items():
                if len(fs) < 2:
                    continue
                live = [x for x in members[g] if alive[x]]
                for i in range(len(fs)):
                    for k in range(i + 1, len(fs)):
                        a, c = fs[i], fs[k]
                        rest = [x for x in live if x != a and x != c]
                        if len(rest) == 2 and (below[rest[0]] >> rest[1] & 1
                                               or below[rest[1]] >> rest[0] & 1):
                            continue  # the two left behind could never pair
                        score = (freed_by(a, c) - 0.5 * (len(fs) - 2)
                                 - penalty.get((min(a, c), max(a, c)), 0)
                                 + rng.random() * noise)
                        if best is None or score > best[0]:
                            best = (score, a, c)
            if best is None:
                break
            _, a, c = best
            moves.append((a, c))
            remove(a)
            remove(c)
            remaining -= 2
        stranded = [g for g in range(len(members)) if 0 < left_in[g] < len(members[g])]
        return moves, stranded

    # -- the complete search -----------------------------------------------------------

    def _search(self, hint: Sequence[tuple[int, int]]) -> list[int | None] | None:
        """Complete search over pairings; the pairings of the best playout come first."""
        members, options = self.members, self.options
        choice: list[int | None] = [0 if len(o) == 1 else None for o in options]
        if self.play(choice):
            return None
        clock = [10**6] * self.n
        self.play(choice, times=clock)
        hinted: dict[int, int] = {}
        for a, c in hint:
            hinted[a], hinted[c] = c, a
        order = [g for g in range(len(members)) if choice[g] is None]

        def rank(g: int, k: int) -> tuple[int, int]:
            pairs = options[g][k]
            return (-sum(1 for a, c in pairs if hinted.get(a) == c),
                    sum(abs(clock[a] - clock[c]) for a, c in pairs))

        pref = {g: sorted(range(len(options[g])), key=lambda k: rank(g, k)) for g in order}
        order.sort(key=lambda g: -max(clock[t] for t in members[g]))

        def fails(decided: Sequence[int], undecided: Sequence[int]) -> bool:
            for g in decided:
                choice[g] = pref[g][0]
            for g in undecided:
                choice[g] = None
            return self.play(choice) > 0

        def blame(background: list[int], delta: list[int], cands: list[int]) -> list[int]:
            """A smallest part of ``cands`` that fails with ``background`` (QuickXplain)."""
            if delta and fails(background, cands):
                return []
            if len(cands) == 1:
                return list(cands)
            half = len(cands) // 2
            first, second = cands[:half], cands[half:]
            x2 = blame(background + first, first, second)
            x1 = blame(background + x2, x2, first)
            return x1 + x2

        def sure(start: int) -> bool:
            rest = order[start:]
            for g in rest:
                choice[g] = None
            if self.play(choice):
                return False
            for g in rest:
                choice[g] = pref[g][0]
            if not self.play(choice):
                return True
            lo, hi = 0, len(rest)  # rest[:hi] decided fails, rest[:lo] passes
            while hi - lo > 1:
                mid = (lo + hi) // 2
                for j, g in enumerate(rest):
                    choice[g] = pref[g][0] if j < mid else None
                if self.play(choice):
                    hi = mid
                else:
                    lo = mid
            cands = rest[:hi]
            for g in rest:
                choice[g] = None
            culprits = set(blame([], [], cands))
            required = [g for g in cands if g in culprits]
            movers = [g for g in cands if g not in culprits]  # decided later
            order[start : start + hi] = required + movers
            for g in order[start:]:
                choice[g] = None
            for g in required:
                choice[g] = pref[g][0]
            # every assignment but "all preferred" for the culprits: branch on the last
            # culprit that differs from its preferred pairing
            for i in range(len(required) - 1, -1, -1):
                g = required[i]
                for alt in pref[g][1:]:
                    choice[g] = alt
                    if sure(start + i + 1):
                        return True
                    for h in order[start + i + 1 :]:
                        choice[h] = None
                    for h in required[:i]:
                        choice[h] = pref[h][0]
                choice[g] = None
            return False

        return choice if sure(0) else None

    def solve(self, *, playouts: int = 12, seed: int = 0) -> SolveResult:
        if not self.remaining:
            return SolveResult(SOLVED)
        if self.impossible:
            return SolveResult(UNSOLVABLE, work=self.work)
        try:
            if self.play([0 if len(o) == 1 else None for o in self.options]):
                return SolveResult(UNSOLVABLE, work=self.work)
            rng = random.Random(seed)
            penalty: dict[tuple[int, int], int] = {}
            best: list[tuple[int, int]] = []
            for k in range(playouts):
                moves, stranded = self.playout(rng, penalty, 0.5 if k < 4 else 1.5)
                if 2 * len(moves) == bin(self.remaining).count("1"):
                    return SolveResult(SOLVED, tuple(moves), self.work)
                if len(moves) > len(best):
                    best = moves
                stranded_set = set(stranded)
                for a, c in moves:  # a pair that left its face's last two stranded
                    if self.group_of[a] in stranded_set:
                        key = (min(a, c), max(a, c))
                        penalty[key] = penalty.get(key, 0) + 2
            if self.too_many:
                return SolveResult(UNDECIDED, work=self.work)
            choice = self._search(best)
            if choice is None:
                return SolveResult(UNSOLVABLE, work=self.work)
            moves = []
            assert self.play(choice, record=moves) == 0
            return SolveResult(SOLVED, tuple(moves), self.work)
        except _OutOfBudget:
            return SolveResult(UNDECIDED, work=self.work)


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
               budget: int = 600) -> Experience:
    """Walk the solution and look at every other move on offer along the way."""
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
            status = position_status(deal, remaining & ~(1 << a | 1 << c), budget=budget)
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


def solve(deal: Deal, *, budget: int = 25_000, remaining: int | None = None) -> SolveResult:
    """Solve a deal (or a position of it): a replayed solution, a proof that none exists,
    or "undecided" when ``budget`` simulated plays were not enough."""
    result = Solver(deal, remaining, budget=budget).solve()
    if result.status == SOLVED and remaining is None:
        faults = replay_solution(deal, result.solution)
        if faults:  # pragma: no cover - would be a solver bug; never print a wrong answer
            raise AssertionError(f"solver produced a bad solution: {faults[0]}")
    return result


__all__ = ["Board", "Deal", "Position", "SolveResult", "Solver", "board_for", "deal_backwards",
           "deal_random", "match_group", "pair_supply", "replay_solution", "solve", "tile_supply"]
