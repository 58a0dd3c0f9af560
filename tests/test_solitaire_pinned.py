"""The solitaire solver's verdicts on fixed deals, pinned: the same with its kernels
compiled and with compilation off (``TILEPRESS_NO_JIT=1``, where the kernels' own Python
source runs), and the same as before any change to the solver's code.

Each verdict is the status, a hash of the solution, the plays spent and what settled it;
the exact search's also the positions it looked at. The deals are small, so that the
plain run takes a few seconds."""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tilepress.engine import solitaire as rules
from tilepress.layouts import Layout, block, builtin, row, tile
from tilepress.tiles import Tile

PINNED = "47de994d227e1b92ec1306b02ac1569c1a3c26f5b1f26d947cb3bc39c424c9a9"
"""The sha256 of :func:`verdicts`, as the solver gave it before its kernels became its
only code (and before the quick playouts, which these budgets do not reach)."""
PINNED_QUICK = "e2f307c9510fd64d56be38da40bb8e72cba1b8b6aefe8871b0652697ed5429be"
"""The sha256 of :func:`quick_verdicts`."""

WIDE = Layout.of("wide", [*block(0, 0, 2, 0, 1), *row(0, 2, 0, 2), *row(1, 0.5, 0.5, 1.5),
                          *tile(2, 1, 0.5)])
ROWS = Layout.of("rows", [*row(0, 0, 0, 5), *row(0, 1, 0, 5)])


def _short(solution) -> str:
    return hashlib.sha256(repr([tuple(m) for m in solution]).encode()).hexdigest()[:16]


def _few_faces(layout: Layout, seed: int, faces: int) -> rules.Deal:
    tiles = [Tile(f"{k % faces + 1}p") for k in range(len(layout))]
    random.Random(seed).shuffle(tiles)
    return rules.Deal(layout, tuple(tiles))


@contextmanager
def _patched(module, **values) -> Iterator[None]:
    old = {name: getattr(module, name) for name in values}
    for name, value in values.items():
        setattr(module, name, value)
    try:
        yield
    finally:
        for name, value in old.items():
            setattr(module, name, value)


def verdicts() -> list[tuple]:
    """The verdicts pinned (see the module's docstring)."""
    from tilepress.engine import solitaire_exact, solitaire_solver
    from tilepress.engine.solitaire_exact import ExactSearch
    from tilepress.engine.solitaire_play import Table, geometry
    from tilepress.engine.solitaire_solver import Solver

    out: list[tuple] = []
    # the whole solver: playouts, the complete and local searches
    for name, seeds, budget in (("mini", range(6), 3000), ("cross", range(3), 3000),
                                ("turtle", (0, 4, 13), 1200)):
        for s in seeds:
            deal = rules.deal_random(builtin(name), random.Random(s))
            solver = Solver(deal, budget=budget, seed=s)
            got = solver.solve()
            out.append((name, s, got.status, _short(got.solution), got.work, solver.found_by))
    # a position's status and a solution's traps (the puzzles' grading)
    deal, order = rules.deal_backwards(builtin("mini"), random.Random(5))
    seen = rules.experience(deal, order, budget=200, total=3000)
    out.append(("experience", seen.traps, seen.early_traps, round(seen.choices, 6), seen.unknown))
    # the solver's turns, restarts and exact search from the first plays on
    with _patched(solitaire_solver, RESTART=40, TURN=5, EXACT_AFTER=0, EXACT_TURN=30,
                  MODEL=False):
        for name, s in (("mini", 6), ("mini", 97), ("mini", 146), ("cross", 4),
                        ("cross", 34), ("cross", 154)):
            deal = rules.deal_random(builtin(name), random.Random(s))
            solver = Solver(deal, budget=3000, seed=s)
            got = solver.solve(playouts=0)
            out.append((name, s, got.status, _short(got.solution), got.work, solver.found_by))
    # the exact search alone, run to its end in chunks, restarting every few positions
    with _patched(solitaire_exact, RESTART_NODES=40):
        for layout, seed, faces in ((WIDE, 1, 2), (WIDE, 7, 3), (ROWS, 2, 2), (ROWS, 11, 3),
                                    (builtin("mini"), 3, 4), (builtin("mini"), 8, 6),
                                    (builtin("mini"), 4, 3), (builtin("mini"), 9, 5)):
            deal = _few_faces(layout, seed, faces)
            n = len(deal.tiles)
            search = ExactSearch(Table(geometry(deal.layout), deal.groups, (1 << n) - 1))
            while search.status is None:
                search.run(37)
            out.append((layout.name, seed, search.status, _short(search.solution),
                        search.nodes, search.best, search.restarts,
                        len(search.failed_masks())))
    return out


def quick_verdicts() -> list[tuple]:
    """Deals won by the quick playouts (a budget of at least ``QUICK_FROM``), the
    constraint model left out (OR-Tools is optional)."""
    from tilepress.engine import solitaire_solver
    from tilepress.engine.solitaire_solver import QUICK_FROM, Solver

    out: list[tuple] = []
    with _patched(solitaire_solver, MODEL=False):
        for name, s in (("turtle", 1), ("turtle", 16), ("fortress", 31), ("fortress", 33)):
            deal = rules.deal_random(builtin(name), random.Random(s))
            solver = Solver(deal, budget=QUICK_FROM, seed=s)
            got = solver.solve()
            out.append((name, s, got.status, _short(got.solution), got.work, solver.found_by,
                        solver.exact_work))
    return out


def digest() -> str:
    return hashlib.sha256(repr(verdicts()).encode()).hexdigest()


def quick_digest() -> str:
    return hashlib.sha256(repr(quick_verdicts()).encode()).hexdigest()


def test_the_pinned_verdicts_compiled() -> None:
    assert digest() == PINNED
    assert quick_digest() == PINNED_QUICK


def test_the_pinned_verdicts_with_compilation_off() -> None:
    import tilepress

    here = Path(__file__).parent
    package = Path(tilepress.__file__).parents[1]  # the tree under test, not another one
    env = {**os.environ, "TILEPRESS_NO_JIT": "1",
           "PYTHONPATH": os.pathsep.join([str(package), str(here)])}
    run = subprocess.run([sys.executable, "-c", "import test_solitaire_pinned as t; "
                          "print(t.digest(), t.quick_digest())"], cwd=here, env=env,
                         capture_output=True, text=True, check=True, timeout=120)
    assert run.stdout.split() == [PINNED, PINNED_QUICK]


if __name__ == "__main__":
    for v in verdicts() + quick_verdicts():
        print(v)
    print(digest(), quick_digest())
