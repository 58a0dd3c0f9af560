"""The solitaire solver's local search (see :mod:`.solitaire_solver`): it re-pairs the
faces a failed play left stranded, takes turns with the complete search and lends it its
best pairing. It finds wins and proves nothing."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tilepress.engine.solitaire_solver import Solver


class Repair:
    """Local search over full pairings: play, then re-pair two pairs of a face that the
    play left stranded, taking the first change that leaves fewer tiles (else the best
    one seen); now and then a random change, and a face just changed rests a few steps.
    Finds wins; proves nothing."""

    WALK = 0.2
    REST = 3

    def __init__(self, solver: Solver, partner: list[int], rng: random.Random) -> None:
        self.solver = solver
        self.partner = partner
        self.rng = rng
        self.step = 0
        self.resting: dict[int, int] = {}
        self.best = (solver.n + 1, partner[:])
        """The fewest tiles left by a pairing seen, and that pairing."""

    def run(self, until: int) -> list[int] | None:
        """Steps until ``until`` plays are spent in all; a winning pairing, or None."""
        solver, table = self.solver, self.solver.table
        while solver.work < until:
            solver.spend()
            left, stranded = table.stranded(self.partner)
            if not left:
                return self.partner
            if left < self.best[0]:
                self.best = (left, self.partner[:])
            changes = self.changes(stranded)
            if not changes:
                return None
            self.rng.shuffle(changes)
            choice = changes[0] if self.rng.random() < self.WALK else self.pick(changes, left)
            if isinstance(choice, list):
                return choice
            g, pairs = choice
            for a, c in pairs:
                self.partner[a], self.partner[c] = c, a
            self.resting[g] = self.step + self.REST
            self.step += 1
        return None

    def changes(self, stranded: list[int]) -> list[tuple[int, tuple]]:
        """Re-pairings of two pairs of a face, one of them with a stranded tile."""
        partner, solver = self.partner, self.solver
        out = []
        for g in sorted({solver.group_of[t] for t in stranded}):
            if self.resting.get(g, -1) >= self.step:
                continue
            pairs = sorted({(min(a, partner[a]), max(a, partner[a]))
                            for a in solver.members[g]})
            hit = set(stranded)
            for i, (a, b) in enumerate(pairs):
                for c, d in pairs[i + 1:]:
                    if not hit & {a, b, c, d}:
                        continue
                    for new in (((a, c), (b, d)), ((a, d), (b, c))):
                        if solver.valid(new):
                            out.append((g, new))
        return out

    def pick(self, changes: list, left: int) -> tuple | list[int]:
        """The first change that leaves fewer tiles, else the best; a winning pairing
        found on the way is returned as a list."""
        best, pick = None, changes[0]
        for g, pairs in changes:
            trial = self.partner[:]
            for a, c in pairs:
                trial[a], trial[c] = c, a
            now = self.solver.play(trial)
            if not now:
                return trial
            if best is None or now < best:
                best, pick = now, (g, pairs)
                if now < left:
                    break
        return pick
