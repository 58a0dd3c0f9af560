"""A solitaire position as a constraint model, for OR-Tools' CP-SAT solver (the ``solver``
extra: ``pip install 'tilepress[solver]'``); the solver of :mod:`.solitaire_solver` hands
it the deals its own searches leave open.

Once it is fixed which tiles pair, the order of the moves hardly matters: a removal never
blocks a tile, so a pairing wins exactly when its pairs can be put in an order where each
pair's two tiles are free when the pair goes. That is a small scheduling problem, and a
position can be won exactly when there are

- a partner for each tile in place: a tile of its face, neither lying on the other; and
- a step for each tile, the same as its partner's, later than the step of every tile
  lying on it, and later than the steps of all its left neighbours or of all its right
  neighbours (a tile with no neighbour on a side has no such condition).

Pairs may share a step: tiles bound by a condition have different steps, so any order of
the pairs of one step keeps every condition. The model is exact, not a relaxation: a
schedule it finds is a win (and the solver replays it), and a model it proves infeasible
is a proof that the position is dead.

CP-SAT runs on one thread with a limit in its *deterministic time* (a count of its work,
not of seconds), so that a verdict, like the rest of the solver's, does not depend on the
machine; the same version of OR-Tools gives the same answer everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib.util import find_spec

from tilepress.engine.solitaire import Board
from tilepress.engine.solitaire_play import tiles_in

WON, DEAD = "won", "dead"
"""What :func:`decide` settles (otherwise it answers None)."""


@cache
def available() -> bool:
    """Whether OR-Tools is installed (found, not imported: importing it takes most of a
    second, paid only by a solve that reaches the model)."""
    return find_spec("ortools") is not None


@dataclass(frozen=True)
class Verdict:
    """What :func:`decide` found."""

    status: str | None
    """:data:`WON`, :data:`DEAD`, or None when the limit came first."""
    pairs: tuple[tuple[int, int], ...]
    """For a win, its pairs in an order that plays."""
    spent: float
    """The deterministic time used."""


def decide(board: Board, groups: Sequence[int], remaining: int, limit: float) -> Verdict:
    """Win or prove dead the position ``remaining`` (bit masks over ``board``'s positions;
    ``groups[t]`` is tile ``t``'s face), within ``limit`` of deterministic time."""
    from ortools.sat.python import cp_model

    tiles = tiles_in(remaining)
    steps = len(tiles) // 2
    model = cp_model.CpModel()
    step = {t: model.new_int_var(0, max(steps - 1, 0), f"s{t}") for t in tiles}
    faces: dict[int, list[int]] = {}
    for t in tiles:
        faces.setdefault(groups[t], []).append(t)
    pairs: dict[tuple[int, int], cp_model.IntVar] = {}
    partners: dict[int, list] = {t: [] for t in tiles}
    above: dict[int, int] = {}  # the tiles in place lying on each, at any depth
    for t in sorted(tiles, key=lambda t: -board.layout.positions[t].z):
        above[t] = board.over[t] & remaining
        for j in tiles_in(above[t]):
            above[t] |= above[j]
    for members in faces.values():
        for k, a in enumerate(members):
            for c in members[k + 1:]:
                if above[a] >> c & 1 or above[c] >> a & 1:
                    continue  # one lies on the other: never free together
                together = pairs[a, c] = model.new_bool_var(f"p{a}_{c}")
                model.add(step[a] == step[c]).only_enforce_if(together)
                partners[a].append(together)
                partners[c].append(together)
    for t in tiles:
        model.add_exactly_one(partners[t])
        for j in tiles_in(board.over[t] & remaining):
            model.add(step[j] < step[t])
        left, right = tiles_in(board.left[t] & remaining), tiles_in(board.right[t] & remaining)
        if left and right:
            by_left = model.new_bool_var(f"l{t}")
            for j in left:
                model.add(step[j] < step[t]).only_enforce_if(by_left)
            for j in right:
                model.add(step[j] < step[t]).only_enforce_if(by_left.Not())
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_deterministic_time = limit
    status = solver.solve(model)
    spent = solver.deterministic_time
    if status == cp_model.INFEASIBLE:
        return Verdict(DEAD, (), spent)
    if status not in (cp_model.FEASIBLE, cp_model.OPTIMAL):
        return Verdict(None, (), spent)
    chosen = sorted((solver.value(step[a]), a, c) for (a, c), v in pairs.items()
                    if solver.boolean_value(v))
    return Verdict(WON, tuple((a, c) for _, a, c in chosen), spent)


__all__ = ["DEAD", "WON", "Verdict", "available", "decide"]
