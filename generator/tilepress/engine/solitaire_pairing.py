"""The solitaire solver's complete search over pairings (see :mod:`.solitaire_solver`):
every open face takes its preferred pairing; when the play of it fails, a smallest set of
faces to blame is found (QuickXplain) and the search branches only on those, one tile's
partner at a time. The branches are disjoint and together cover every pairing, so a search
that ends without a win is a proof."""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import TYPE_CHECKING

from tilepress.engine.solitaire_play import matchings, partner_list

if TYPE_CHECKING:  # pragma: no cover
    from tilepress.engine.solitaire_solver import Solver

PRUNE = True
"""Whether the complete search first drops the pairings that stick alone (see
:meth:`PairingSearch.prune`; a switch for the benchmarks)."""
Pairing = tuple[tuple[int, int], ...]
OFF_PHASE = 1 << 32
"""The cost of a pair not in the preferred ones, above any sum of time gaps."""


class PairingSearch:
    """The complete search over pairings (see the module's docstring).

    ``order`` lists the faces; at a node the faces ``order[:start]`` are settled. Each
    conflict moves the faces it blames to the front of the unsettled part, so that later
    branches look at them first."""

    def __init__(self, solver: Solver, hint: Sequence[tuple[int, int]],
                 clock: Sequence[int]) -> None:
        self.solver = solver
        self.members = solver.members
        self.below = solver.geo.below
        self.clock = clock
        self.phase = {(min(a, c), max(a, c)) for a, c in hint}
        """Pairs preferred before all others: those of the best playout, later those of
        the local search's best pairing (see :meth:`adopt`)."""
        self.pending: list[int] | None = None
        self.costs: dict[tuple[int, int], int] = {}
        """:meth:`cost` of the pairs asked so far (cleared when the preferences change)."""
        self.partners_of = [itemgetter(*ms) for ms in self.members]
        """For each face, its tiles' partners (as a tuple) in a ``partner`` list."""
        self.options_of: dict[tuple[int, ...], list[Pairing] | None] = {}
        self.completions: dict[tuple[int, ...], Pairing] = {}
        self.allowed: dict[int, set[frozenset[tuple[int, int]]]] = {}
        """For the faces :meth:`prune` narrowed, the pairings they may still take."""
        self.nogoods: list[tuple[int, tuple[tuple[int, int], ...]]] = []
        """Sets of pairs that no winning pairing holds (each as a bit mask over
        :attr:`bit`, and as its pairs)."""
        self.bit: list[dict[int, int]] = [{} for _ in range(solver.n)]
        """A bit for each pair of tiles of a face."""
        n = 0
        for ms in self.members:
            for i, a in enumerate(ms):
                for c in ms[i + 1:]:
                    self.bit[a][c] = self.bit[c][a] = 1 << n
                    n += 1
        self.order = sorted(range(len(self.members)),
                            key=lambda g: -max(clock[t] for t in self.members[g]))

    def run(self) -> list[int] | None:
        """A full winning ``partner`` list, or None when no pairing wins. On a deal with
        a face of more than four copies, :meth:`prune` goes first (on four copies it
        costs more plays than it saves)."""
        if PRUNE and any(len(ms) > 4 for ms in self.members) and not self.prune():
            return None
        return self.node([-1] * self.solver.n, 0)

    def preferred_full(self, hint: Sequence[tuple[int, int]]) -> list[int]:
        """Every face paired: the pairs of ``hint``, the rest as preferred."""
        return self.with_faces(partner_list(self.solver.n, hint), range(len(self.members)))

    # -- preferences -------------------------------------------------------------------

    def cost(self, a: int, c: int) -> int:
        """Pairs of the best playout first, then tiles that went close in time (a sum of
        costs compares as the pair of sums: the time gaps add up to less than
        :data:`OFF_PHASE`)."""
        key = (a, c) if a < c else (c, a)
        got = self.costs.get(key)
        if got is None:
            got = self.costs[key] = ((key in self.phase) ^ 1) * OFF_PHASE + abs(
                self.clock[a] - self.clock[c])
        return got

    def adopt(self, partner: Sequence[int]) -> None:
        """Prefer the pairs of ``partner`` from the next node on (a node keeps the
        preferences it started with, which its branches are built on)."""
        self.pending = list(partner)

    def _take_pending(self) -> None:
        if self.pending is not None:
            self.phase = {(a, c) for a, c in enumerate(self.pending) if a < c}
            self.pending = None
            self.completions.clear()
            self.costs.clear()

    def options(self, partner: Sequence[int], g: int) -> list[Pairing] | None:
        """The pairings of face ``g``'s open tiles that keep every tile off its partner
        and that :meth:`prune` left to the face (None: too many to list)."""
        key = (g, self.partners_of[g](partner))
        if key in self.options_of:
            return self.options_of[key]
        tiles = self.open_tiles(partner, g)
        found = None
        if len(tiles) <= 8:
            found = [m for m in matchings(tiles) if self.solver.valid(m)]
            allowed = self.allowed.get(g)
            if allowed is not None:
                fixed = self.fixed_pairs(partner, g)
                found = [m for m in found if fixed | frozenset(m) in allowed]
        self.options_of[key] = found
        return found

    def complete(self, partner: Sequence[int], g: int) -> Pairing:
        """The preferred pairing of face ``g``'s open tiles: the cheapest option, or the
        closest pairs first when there are too many to list."""
        key = (g, self.partners_of[g](partner))
        if key in self.completions:
            return self.completions[key]
        tiles = self.open_tiles(partner, g)
        options = self.options(partner, g)
        if options is not None:
            cost = self.cost
            chosen = min(options or [matchings(tiles)[0]],
                         key=lambda m: sum(cost(a, c) for a, c in m))
        else:
            pairs = sorted(((a, c) for i, a in enumerate(tiles) for c in tiles[i + 1:]),
                           key=lambda p: self.cost(*p))
            used: set[int] = set()
            chosen = ()
            for a, c in pairs:
                if a not in used and c not in used:
                    used |= {a, c}
                    chosen += ((a, c),)
        self.completions[key] = chosen
        return chosen

    def open_tiles(self, partner: Sequence[int], g: int) -> tuple[int, ...]:
        return tuple([t for t in self.members[g] if partner[t] < 0])

    def fixed_pairs(self, partner: Sequence[int], g: int) -> frozenset[tuple[int, int]]:
        return frozenset((t, partner[t]) for t in self.members[g] if t < partner[t])

    def with_faces(self, partner: list[int], faces: Sequence[int]) -> list[int]:
        """A copy of ``partner`` with the open tiles of ``faces`` paired as preferred."""
        out = partner[:]
        for g in faces:
            for a, c in self.complete(partner, g):
                out[a], out[c] = c, a
        return out

    def prune(self) -> bool:
        """Try every option of every face alone (the others relaxed, those with one
        option left paired), and drop the options whose play sticks: no winning pairing
        holds them. Repeated until nothing changes; False when a face keeps none."""
        root = [-1] * self.solver.n
        changed = True
        while changed:
            if not self.settle_forced(root, 0):
                return False
            changed = False
            for g in range(len(self.members)):
                options = self.options(root, g)
                if options is None or len(options) < 2:
                    continue
                keep = []
                for m in options:
                    trial = root[:]
                    for a, c in m:
                        trial[a], trial[c] = c, a
                    if not self.solver.play(trial):
                        keep.append(m)
                if len(keep) < len(options):
                    fixed = self.fixed_pairs(root, g)
                    self.allowed[g] = {fixed | frozenset(m) for m in keep}
                    self.options_of.clear()
                    self.completions.clear()
                    changed = True
                    if not keep:
                        return False
        return True

    # -- the search ----------------------------------------------------------------------

    def node(self, partner: list[int], start: int) -> list[int] | None:
        """A winning completion of ``partner``, whose faces ``order[:start]`` are
        settled; None when there is none."""
        self._take_pending()
        if (not self.settle_forced(partner, start) or self.known_dead(partner)
                or self.solver.play(partner)):
            return None
        culprits = self.culprits(partner, start)
        if culprits is None:
            return self.with_faces(partner, self.order[start:])
        preferred = [self.complete(partner, g) for g in culprits]
        # every pairing of the culprits but "all preferred": branch on the first culprit
        # that differs from its preferred pairing (the earlier ones take theirs)
        for i in range(len(culprits) - 1, -1, -1):
            base = partner[:]
            for pairs in preferred[:i]:
                for a, c in pairs:
                    base[a], base[c] = c, a
            for pairs in self.deviations(base, culprits[i], preferred[i]):
                trial = base[:]
                for a, c in pairs:
                    trial[a], trial[c] = c, a
                settled = not self.open_tiles(trial, culprits[i])
                found = self.node(trial, start + i + settled)
                if found is not None:
                    return found
        return None

    def culprits(self, partner: list[int], start: int) -> list[int] | None:
        """Unsettled faces whose preferred pairings fail together with ``partner``,
        moved to the front of the unsettled ones; None when every preferred pairing
        together wins. A failure remembered in :attr:`nogoods` answers without a play."""
        rest = self.order[start:]
        full = self.with_faces(partner, rest)
        known = self.explained(partner, full, rest)
        if known is not None:
            culprits = known
        else:
            left, stranded = self.solver.stranded(full)
            if not left:
                return None
            culprits = self.conflict(partner, rest, stranded)
            self.learn(partner, culprits, stranded)
        blamed = set(culprits)
        self.order[start:] = culprits + [g for g in rest if g not in blamed]
        return culprits

    def settle_forced(self, partner: list[int], start: int) -> bool:
        """Pair at once every unsettled face left with one valid pairing; False when a
        face has none."""
        for g in self.order[start:]:
            options = self.options(partner, g) if self.open_tiles(partner, g) else None
            if options is not None and len(options) < 2:
                if not options:
                    return False
                for a, c in options[0]:
                    partner[a], partner[c] = c, a
        return True

    def conflict(self, partner: list[int], rest: list[int], stranded: list[int]) -> list[int]:
        """A smallest set of the faces ``rest`` whose preferred pairings fail together
        with ``partner``."""
        return self.smallest(lambda faces: self.with_faces(partner, faces), rest, stranded)

    def smallest(self, build, cands: list[int], stranded: list[int]) -> list[int]:
        """A smallest part of ``cands`` whose pairs (``build(faces)`` pairs a set of
        faces) fail, given the tiles left ``stranded`` by failing with all of them.
        Only faces with a stranded tile can be to blame: a face that went entirely
        would go the same way relaxed (a play's end does not depend on its order), so
        the play sticks without its pairs too; that narrows them before QuickXplain."""
        group_of = self.solver.group_of
        while True:
            hit = {group_of[t] for t in stranded}
            kept = [g for g in cands if g in hit]
            if len(kept) == len(cands):
                break
            cands = kept
            left, stranded = self.solver.stranded(build(cands))
            if not left:  # pragma: no cover - it cannot win with fewer pairs fixed
                raise AssertionError("a relaxed play won where a stricter one stuck")
        return self.blame(build, [], [], cands)

    def learn(self, partner: list[int], culprits: list[int], stranded: list[int]) -> None:
        """Remember why the preferred pairings of ``culprits`` fail with ``partner``: a
        smallest set of settled faces whose pairs fail with them (QuickXplain), kept as
        a set of pairs that no winning pairing holds."""
        group_of = self.solver.group_of
        base = [-1] * self.solver.n
        for g in culprits:
            for a, c in self.complete(partner, g):
                base[a], base[c] = c, a
        settled = sorted({group_of[t] for t in range(self.solver.n) if partner[t] >= 0})

        def fix(faces: Sequence[int]) -> list[int]:
            out = base[:]
            for g in faces:
                for t in self.members[g]:
                    if partner[t] >= 0:
                        out[t] = partner[t]
            return out

        kept = fix(self.smallest(fix, settled, stranded))
        self.remember([(a, c) for a, c in enumerate(kept) if a < c])

    def remember(self, pairs: list[tuple[int, int]]) -> None:
        if pairs:
            bit = self.bit
            self.nogoods.append((sum(bit[a][c] for a, c in pairs), tuple(pairs)))

    def mask(self, partner: Sequence[int]) -> int:
        """The pairs of ``partner`` as a bit mask."""
        bit = self.bit
        return sum(bit[a][c] for a, c in enumerate(partner) if a < c)

    def known_dead(self, partner: Sequence[int]) -> bool:
        """Whether ``partner`` holds a remembered failure."""
        held = self.mask(partner)
        return any(mask & held == mask for mask, _ in self.nogoods)

    def explained(self, partner: Sequence[int], full: Sequence[int],
                  rest: list[int]) -> list[int] | None:
        """The fewest faces of ``rest`` whose preferred pairs, with ``partner``, hold a
        remembered failure; None when ``full`` holds none."""
        group_of = self.solver.group_of
        held = self.mask(full)
        best = None
        for mask, pairs in self.nogoods:
            if mask & held == mask:
                faces = {group_of[a] for a, c in pairs if partner[a] < 0}
                if best is None or len(faces) < len(best):
                    best = faces
        return None if best is None else [g for g in rest if g in best]

    def blame(self, build, background: list[int], delta: list[int],
              cands: list[int]) -> list[int]:
        """A smallest part of ``cands`` that fails with ``background`` (QuickXplain);
        ``build(faces)`` makes the pairing to play for a set of faces."""
        if not cands or (delta and self.solver.play(build(background))):
            return []
        if len(cands) == 1:
            return list(cands)
        half = len(cands) // 2
        first, second = cands[:half], cands[half:]
        x2 = self.blame(build, background + first, first, second)
        x1 = self.blame(build, background + x2, x2, first)
        return x1 + x2

    def deviations(self, partner: list[int], g: int,
                   preferred: Sequence[tuple[int, int]]) -> list[list[tuple[int, int]]]:
        """Partial pairings of face ``g`` that differ from its ``preferred`` one:
        together they cover every other pairing, and no two overlap."""
        clock, below = self.clock, self.below
        tiles = sorted(self.open_tiles(partner, g), key=lambda t: clock[t])
        mate = {}
        for a, c in preferred:
            mate[a], mate[c] = c, a
        out, fixed = [], []
        while len(tiles) > 2:
            u = tiles[0]
            for q in sorted(tiles[1:], key=lambda q: self.cost(u, q)):
                if q != mate[u] and not (below[u] >> q & 1 or below[q] >> u & 1):
                    out.append([*fixed, (u, q)])
            fixed.append((u, mate[u]))
            tiles = [t for t in tiles if t != u and t != mate[u]]
        return out


__all__ = ["OFF_PHASE", "PRUNE", "Pairing", "PairingSearch"]
