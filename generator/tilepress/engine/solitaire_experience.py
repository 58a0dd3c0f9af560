"""How a reader experiences a solitaire deal along its solution: the traps on offer (a
matching free pair that, taken, leaves a position no longer won), how early they come and
how many moves there are to choose from -- each settled by the solver of
:mod:`.solitaire_solver` within a budget of simulated plays."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tilepress.engine.solitaire import UNDECIDED, UNSOLVABLE, Deal, board_for
from tilepress.engine.solitaire_solver import Solver


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
    return Solver(deal, remaining, budget=budget).solve(playouts=2).status


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


__all__ = ["Experience", "available_moves", "experience", "position_status"]
