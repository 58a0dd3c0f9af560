"""The mahjong solitaire solver: a solution that replays, a proof of none, or "undecided".

The search follows the observation of Pedro Gimeno (and the pruning ideas of Michiel de
Bondt, "Solving Mahjong Solitaire boards with peeking", 2012): once it is fixed which
copies of each face are paired, the order of the moves no longer matters, because a
removal never blocks a tile. So the solver looks for a *pairing* -- which tile goes with
which -- and a play of it (:mod:`.solitaire_play`) settles whether it wins. A face whose
pairing is still open is played *relaxed*, which is never harder than the real game: a
relaxed play that sticks proves that no pairing of the open faces can win.

Six tools, cheapest first:

1. the relaxed play of the whole deal (many dead deals stick at once);
2. a few quick playouts (safe moves at once, else the pair that holds up the most),
   compiled; with a budget of at least :data:`QUICK_FROM`, :data:`QUICK` more with ever
   more noise (most deals are won here, in a millisecond or two);
3. a complete search over pairings (:class:`.solitaire_pairing.PairingSearch`):
   every open face takes its preferred pairing; when that fails, a smallest set of faces
   to blame is found (QuickXplain) and the search branches only on those, one tile's
   partner at a time, so that a face of six or eight copies never lists its 15 or 105
   pairings at once. The branches are disjoint and together cover every pairing, so a
   search that ends without a win is a proof;
4. taking turns with the search, a local search (:class:`Repair`) that re-pairs the
   faces a failed play left stranded; it finds many winning pairings the complete
   search would reach late, and proves nothing. Past :data:`RESTART` plays it starts
   again from fresh playouts with a new random stream, on a Luby schedule, and each of
   its turns begins with a few playouts; the complete search never restarts, so what
   it has ruled out stays ruled out;
5. past :data:`EXACT_AFTER` plays, a turn after each of the local search's, longer than
   the other two searches' turns together: an exact search over the real positions
   (:class:`.solitaire_exact.ExactSearch`), which proves dead some deals whose relaxed
   plays never stick, and finds many wins on big boards;
6. once, at the exact search's first turn, when OR-Tools is installed: the deal as a
   constraint model (:mod:`.solitaire_cpsat`), given :data:`MODEL_SHARE` of the budget
   in CP-SAT's deterministic time, which settles many deals of big boards the others
   leave open.

The budget counts simulated plays, never seconds, so a verdict is the same on every
machine; a search that runs out answers "undecided", never a wrong verdict.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from tilepress.engine import solitaire_cpsat
from tilepress.engine.solitaire import (
    SOLVED,
    UNDECIDED,
    UNSOLVABLE,
    Deal,
    board_for,
    replay_solution,
)
from tilepress.engine.solitaire_exact import WON, ExactSearch, luby
from tilepress.engine.solitaire_exact_kernel import UNPAIRABLE
from tilepress.engine.solitaire_pairing import PairingSearch
from tilepress.engine.solitaire_play import (
    GONE,
    Table,
    geometry,
    is_pair,
    partner_list,
    seeded,
    stream,
    streamed,
)
from tilepress.engine.solitaire_repair import Repair


@dataclass(frozen=True)
class SolveResult:
    status: str
    solution: tuple[tuple[int, int], ...] = ()
    work: int = 0
    """Simulated plays spent (the budget is counted in these, so that a verdict does not
    depend on the speed of the machine)."""


class _OutOfBudget(Exception):
    pass


class _Found(Exception):
    def __init__(self, partner: list[int] | None) -> None:
        super().__init__()
        self.partner = partner


PLAYOUT_COST = 4
"""A playout scores the pairs on offer at every risky step: it counts as four plays."""
TURN = 100
"""Plays the complete search and the local search take in turn."""
RESTART = 4000
"""Plays (on 144 tiles; scaled with the board) after which the local search starts
again from fresh playouts with a new random stream, and then again after each span of a
doubling (Luby) schedule: 1, 1, 2, 1, 1, 2, 4, ... times this. Above every budget the
puzzles use, so that their deals and solutions stay the same."""
BUDGET = 100_000
"""The default budget. Past :data:`EXACT_AFTER` the constraint model and the exact search
settle most Turtle deals the other searches leave open: of random deals 0-1999, the nine
open at 25,000 plays were all decided by 49,000 plays and 2 s of CPU with OR-Tools
installed (six of them without)."""
EXACT_AFTER = 25_000
"""Plays after which the exact search takes turns too: the default budget once, so that
every verdict within it (puzzles, the Turtle benchmark) stayed as it was."""
EXACT_TURN = 2500
"""Positions the exact search looks at in each of its turns: 500 plays, against the 200
of the complete and local searches' turns, for on big boards it settles more."""
EXACT_PER_PLAY = 5
"""Positions of the exact search that count as one play (compiled, a position costs
about a fifth of a play's time on a big board)."""
MODEL = True
"""Whether the solver hands open deals to the constraint model when OR-Tools is installed
(a switch for the tests and the benchmarks)."""
MODEL_SHARE = 0.25
"""The share of the budget the constraint model may use (of what is left, at most)."""
MODEL_PLAYS = 80_000
"""Plays a unit of CP-SAT's deterministic time counts as (both cost about 4 s of CPU)."""
QUICK = 200
"""Playouts more, when the budget is at least :data:`QUICK_FROM`, after the opening's
twelve fail and before the searches: the opening's schedule goes on (ever more noise:
late games are close to random ones), with a random stream and a copy of the penalties
of their own, so that a deal they do not win is searched exactly as without them. Most
deals the searches would take tens of milliseconds for are won here in one or two."""
QUICK_FROM = 4000
"""The smallest budget that plays :data:`QUICK` (above every budget the puzzles use, so
that their deals, solutions and grades stay the same)."""
QUICK_STREAM = 1 << 48
"""Added to the solver's seed for the random stream of :data:`QUICK`."""
TURN_PLAYOUTS = 5
"""From the first restart on, playouts played at each turn of the local search (with the
restart's random stream, learning from the earlier ones' penalties): the best seeds the
next restart."""


class Solver:
    """Solves one position of a deal (see the module's docstring for how)."""

    def __init__(self, deal: Deal, remaining: int | None = None, *,
                 budget: int = BUDGET, seed: int = 0) -> None:
        n = len(deal.tiles)
        self.n = n
        self.deal = deal
        self.geo = geometry(deal.layout)
        self.remaining = (1 << n) - 1 if remaining is None else remaining
        self.table = Table(self.geo, deal.groups, self.remaining)
        self.members = self.table.members
        self.group_of = self.table.group_of
        self.budget = budget
        self.work = 0
        self.exact_work = 0
        """Plays of the quick playouts, the exact search and the model, kept apart: the
        other searches' schedules (turns, restarts) run on :attr:`work` alone, so they go
        as without them."""
        self.mt = seeded(seed)
        """The opening playouts' random stream: ``random.Random(seed)``'s, as the kernels
        draw from it; :attr:`rng` goes on from where they left it."""
        self.rng: random.Random | None = None
        self.repair: Repair | None = None
        self.search: PairingSearch | None = None
        self.exact: ExactSearch | None = None
        self.modelled = not (MODEL and solitaire_cpsat.available())
        self.found_by = "search"
        """What settled it: "playout", "search", "repair", "exact" or "model"."""
        self.turn_at = 0
        self.seed = seed
        self.restarts = 0
        self.restart_at = 0
        self.restart_unit = RESTART * max(n, 144) // 144
        self.penalty = np.zeros((n, n), np.float64)
        """What the playouts take off a pair's score (the smaller tile first): 2 each
        time a game that stuck had played it and left its face stranded."""
        self.turn_rng: random.Random | None = None
        """The random stream of the local search's restarts (from the first restart on)."""
        self.playout_k = 0
        self.longest: list[tuple[int, int]] = []
        self.impossible = self.unpairable()

    def unpairable(self) -> bool:
        """Whether a face cannot be split into pairs with no tile lying on its partner:
        an odd face, or one of at most eight tiles whose every pairing stacks two."""
        a = self.table.arrays
        return bool(UNPAIRABLE(a.mstart, a.mlist, a.apart, 8))

    def valid(self, pairs: Sequence[tuple[int, int]]) -> bool:
        """Whether no pair lies one tile on the other."""
        geo = self.geo
        return all(is_pair(geo, a, c) for a, c in pairs)

    def spend(self, plays: int = 1) -> None:
        """Count simulated plays; past the budget the solve ends "undecided". Every
        :data:`TURN` plays of the complete search, the local search takes a turn."""
        self.work += plays
        if self.work + self.exact_work > self.budget:
            raise _OutOfBudget
        if self.repair is not None and self.work >= self.turn_at:
            repair, self.repair = self.repair, None  # no turns inside a turn
            if self.work >= self.restart_at:
                repair = self.restarted()
            elif self.restarts:
                self.playouts()
            found = repair.run(self.work + TURN)
            if found is None and self.restarts and self.work > EXACT_AFTER:
                if not self.modelled:
                    self.model_turn()
                self.exact_turn()
            self.repair, self.turn_at = repair, self.work + TURN
            if self.search is not None:
                self.search.adopt(repair.best[1])
            if found is not None:
                raise _Found(found)

    def model_turn(self) -> None:
        """The constraint model's only turn, with its share of the budget; its win or its
        proof ends the solve (as :class:`_Found`, with no pairing for a proof)."""
        self.modelled = True
        left = self.budget - self.work - self.exact_work
        limit = min(MODEL_SHARE * self.budget, left) / MODEL_PLAYS
        verdict = solitaire_cpsat.decide(board_for(self.deal.layout), self.deal.groups,
                                         self.remaining, limit)
        self.exact_work += max(1, round(verdict.spent * MODEL_PLAYS))
        if verdict.status is not None:
            self.found_by = "model"
            won = verdict.status == solitaire_cpsat.WON
            raise _Found(partner_list(self.n, verdict.pairs) if won else None)

    def exact_turn(self) -> None:
        """A turn of the exact search (made at the first one); its win or its proof
        ends the solve (as :class:`_Found`, with no pairing for a proof)."""
        exact = self.exact = self.exact or ExactSearch(self.table)
        left = self.budget - self.work - self.exact_work
        looked = exact.run(min(EXACT_TURN, left * EXACT_PER_PLAY))
        self.exact_work += -(-looked // EXACT_PER_PLAY)
        if exact.status is not None:
            self.found_by = "exact"
            raise _Found(exact.pairing() if exact.status == WON else None)

    def affordable(self, playouts: int) -> int:
        """How many of ``playouts`` playouts the budget still pays for."""
        left = self.budget - self.work - self.exact_work
        return max(0, min(playouts, left // PLAYOUT_COST))

    def playouts(self) -> None:
        """:data:`TURN_PLAYOUTS` playouts with the restart's random stream; a win ends
        the solve (as :class:`_Found`), the longest game is kept to seed a restart."""
        count = self.affordable(TURN_PLAYOUTS)
        noises = [1.0 + (self.playout_k + 1 + k) % 12 / 2 for k in range(count)]
        assert self.turn_rng is not None
        mt = stream(self.turn_rng)
        won, moves = self.table.playouts(mt, noises, self.penalty)
        streamed(self.turn_rng, mt)
        played = count if won < 0 else won + 1
        self.work += PLAYOUT_COST * played  # inside a turn: only counted
        self.playout_k += played
        if won >= 0:
            self.found_by = "playout"
            raise _Found(partner_list(self.n, moves))
        if len(moves) > len(self.longest):
            self.longest = moves
        if count < TURN_PLAYOUTS:
            self.spend(PLAYOUT_COST)  # past the budget

    def restarted(self) -> Repair:
        """A new local search, with a new random stream, from the longest playout since
        the last restart (its pairs completed as the complete search prefers); the next
        restart comes after the next span of the Luby schedule."""
        self.restarts += 1
        self.restart_at = self.work + self.restart_unit * luby(self.restarts + 1)
        self.turn_rng = random.Random(self.seed * 1_000_003 + self.restarts)
        self.playouts()
        best, self.longest = self.longest, []
        assert self.search is not None
        return Repair(self, self.search.preferred_full(best), self.turn_rng)

    def quick(self, opened: int) -> list[tuple[int, int]] | None:
        """The :data:`QUICK` playouts after ``opened`` opening ones (with their own
        stream and penalties, counted apart): a win's moves, or None."""
        left = self.budget - self.work - self.exact_work
        count = max(0, min(QUICK, left // PLAYOUT_COST))
        noises = [1.0 + k / 2 for k in range(opened, opened + count)]
        won, moves = self.table.playouts(seeded(self.seed + QUICK_STREAM), noises,
                                         self.penalty.copy())
        self.exact_work += PLAYOUT_COST * (count if won < 0 else won + 1)
        return moves if won >= 0 else None

    def play(self, partner: Sequence[int], clock: list[int] | None = None,
             record: list[tuple[int, int]] | None = None) -> int:
        """A counted play (see :meth:`Table.play`): the number of tiles left."""
        self.spend()
        return self.table.play(partner, clock, record)

    def stranded(self, partner: Sequence[int]) -> tuple[int, list[int]]:
        """A counted play: the number of tiles left, and those tiles."""
        self.spend()
        return self.table.stranded(partner)

    def solve(self, *, playouts: int = 12) -> SolveResult:
        """The relaxed play, then ``playouts`` playouts, then the complete search taking
        turns with the local search."""
        if not self.table.count0:
            return SolveResult(SOLVED)
        if self.impossible:
            return SolveResult(UNSOLVABLE)
        try:
            if self.play([-1] * self.n):
                return SolveResult(UNSOLVABLE, work=self.work)
            count = self.affordable(playouts)
            won, best = self.table.playouts(self.mt, [1.0 + k / 2 for k in range(count)],
                                            self.penalty)
            self.work += PLAYOUT_COST * (count if won < 0 else won + 1)
            if won >= 0:
                self.found_by = "playout"
                return SolveResult(SOLVED, tuple(best), self.work)
            if count < playouts:
                self.spend(PLAYOUT_COST)  # past the budget
            if self.budget >= QUICK_FROM:
                won_quick = self.quick(count)
                if won_quick is not None:
                    self.found_by = "playout"
                    return SolveResult(SOLVED, tuple(won_quick), self.work + self.exact_work)
            self.rng = random.Random(0)
            streamed(self.rng, self.mt)
            clock = [-1] * self.n
            self.table.play([-1] * self.n, clock)  # the relaxed play again, for its clock
            search = self.search = PairingSearch(self, best, clock)
            self.repair = Repair(self, search.preferred_full(best), self.rng)
            self.turn_at = self.work + TURN
            self.restart_at = self.work + self.restart_unit
            partner = search.run()
        except _Found as found:
            partner = found.partner
            if self.found_by == "search":
                self.found_by = "repair"
        except _OutOfBudget:
            return SolveResult(UNDECIDED, work=self.work + self.exact_work)
        finally:
            self.repair = self.search = self.exact = None
        work = self.work + self.exact_work
        if partner is None:
            return SolveResult(UNSOLVABLE, work=work)
        moves: list[tuple[int, int]] = []
        if self.table.play(partner, record=moves):  # pragma: no cover - a search bug
            return SolveResult(UNDECIDED, work=work)
        return SolveResult(SOLVED, tuple(moves), work)


def solve(deal: Deal, *, budget: int = BUDGET, remaining: int | None = None) -> SolveResult:
    """Solve a deal (or a position of it): a replayed solution, a proof that none exists,
    or "undecided" when ``budget`` simulated plays were not enough. A position
    (``remaining``, a bit mask of the tiles in place) must be one that play can reach: no
    tile in place lies on a removed tile."""
    result = Solver(deal, remaining, budget=budget).solve()
    if result.status == SOLVED and remaining is None and replay_solution(deal, result.solution):
        return SolveResult(UNDECIDED, work=result.work)  # pragma: no cover - never wrong
    return result


__all__ = ["BUDGET", "GONE", "SOLVED", "UNDECIDED", "UNSOLVABLE", "PairingSearch", "Repair",
           "SolveResult", "Solver", "solve"]
