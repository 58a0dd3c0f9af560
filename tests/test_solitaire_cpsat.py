"""The solitaire constraint model (:mod:`.solitaire_cpsat`, OR-Tools' CP-SAT), checked
against the independent exhaustive search of ``bruteforce``: its wins replay and its
proofs are right, from whole deals and from positions late in big layouts."""

from __future__ import annotations

import random
from pathlib import Path

import bruteforce
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_solitaire_exact import WIDER, muted_solve, played_down

from tilepress.engine import solitaire as rules
from tilepress.engine.solitaire_cpsat import DEAD, WON, available, decide
from tilepress.layouts import builtin
from tilepress.tiles import Tile

pytestmark = pytest.mark.skipif(not available(), reason="OR-Tools (the solver extra) is absent")

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 50.0
"""Deterministic time for a small position: far more than any needs, so every answer is
a verdict."""


def _winnable(deal: rules.Deal, rem: int) -> bool:
    board = rules.board_for(deal.layout)

    def tiles(mask: int) -> set[int]:
        return {i for i in range(len(deal.tiles)) if mask >> i & 1}

    win = bruteforce.solitaire_win([tiles(m) for m in board.over],
                                   [tiles(m) for m in board.left],
                                   [tiles(m) for m in board.right], deal.groups)
    return win(frozenset(tiles(rem)))


def _replays(deal: rules.Deal, rem: int, pairs) -> bool:
    """Whether ``pairs``, in order, are legal moves that clear the position ``rem``
    (checked with the board's own free test, tile by tile)."""
    board, groups = rules.board_for(deal.layout), deal.groups
    for a, c in pairs:
        if not (rem >> a & 1 and rem >> c & 1) or a == c or groups[a] != groups[c]:
            return False
        if not (board.is_free(rem, a) and board.is_free(rem, c)):
            return False
        rem &= ~(1 << a) & ~(1 << c)
    return rem == 0


def _deal(layout, rng: random.Random, faces: int) -> rules.Deal | None:
    tiles = [Tile(f"{k % faces + 1}p") for k in range(len(layout))]
    if any(tiles.count(t) % 2 for t in set(tiles)):
        return None
    rng.shuffle(tiles)
    return rules.Deal(layout, tuple(tiles))


def _check(deal: rules.Deal, rem: int) -> str:
    verdict = decide(rules.board_for(deal.layout), deal.groups, rem, LIMIT)
    assert verdict.status in (WON, DEAD)
    assert (verdict.status == WON) == _winnable(deal, rem)
    if verdict.status == WON:
        assert _replays(deal, rem, verdict.pairs)
    return verdict.status


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(range(len(WIDER))), st.integers(0, 10**9), st.integers(1, 5))
def test_the_model_agrees_with_an_exhaustive_search(which: int, seed: int, faces: int) -> None:
    # whole deals of small layouts, faces of two to twelve copies
    deal = _deal(WIDER[which], random.Random(seed), faces)
    if deal is not None:
        _check(deal, (1 << len(deal.tiles)) - 1)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["turtle", "pyramid", "fortress"]), st.integers(0, 10**9),
       st.integers(2, 5), st.integers(8, 16))
def test_the_model_agrees_late_in_a_big_layout(name: str, seed: int, faces: int,
                                              left: int) -> None:
    # the last tiles of a big layout, played down at random: stacks, tiles blocked on
    # both sides, and (few faces) up to eight or more of a face
    played = played_down(builtin(name), random.Random(seed), faces, left)
    if played is not None:
        _check(*played)


def test_both_verdicts_occur_and_a_stack_is_dead() -> None:
    # a pair lying one on the other is dead; the same tiles side by side are won
    from tilepress.layouts import Layout, row, tile

    stacked = rules.Deal(Layout.of("stack", [*row(0, 0, 0, 1), *tile(1, 0, 0), *tile(2, 0, 0)]),
                         tuple(Tile(t) for t in ("1p", "2p", "2p", "1p")))
    assert _check(stacked, 0b1111) == DEAD
    flat = rules.Deal(Layout.of("flat", [*row(0, 0, 0, 3)]),
                      tuple(Tile(t) for t in ("1p", "2p", "2p", "1p")))
    assert _check(flat, 0b1111) == WON


def test_the_limit_is_counted_and_keeps_the_answer_undecided() -> None:
    # a big deal with almost no time: no verdict, and the time used is reported
    deal = rules.deal_random(builtin("turtle"), random.Random(1))
    verdict = decide(rules.board_for(deal.layout), deal.groups, (1 << 144) - 1, 1e-6)
    assert verdict.status is None and verdict.pairs == ()
    assert verdict.spent >= 0


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(range(len(WIDER))), st.integers(0, 10**9))
def test_the_solver_ends_with_the_model_s_verdict(which: int, seed: int) -> None:
    # the other searches muted (they only spend plays) and the model's turn at once: its
    # proof ends the solve as unsolvable, its win as a solution that replays, and the
    # deterministic time it used is counted in the budget
    deal = _deal(WIDER[which], random.Random(seed), 3)
    if deal is None:
        return

    solver, result = muted_solve(deal, seed, 10**9, MODEL_PLAYS=10**9)
    assert (result.status == rules.SOLVED) == _winnable(deal, (1 << len(deal.tiles)) - 1)
    assert result.status != rules.UNDECIDED
    if solver.found_by != "model":  # the relaxed play of the deal stuck at once
        assert result.status == rules.UNSOLVABLE and result.work <= 1
        return
    assert result.work > solver.work  # the model's time (at least a play), at 10**9 a unit
    if result.status == rules.SOLVED:
        assert rules.replay_solution(deal, result.solution) == []


def test_a_budget_within_exact_after_never_reaches_the_model(monkeypatch) -> None:
    # puzzles solve within budgets below EXACT_AFTER: the model never changes their deals
    from tilepress.engine import solitaire_cpsat, solitaire_solver

    def refuse(*args):
        raise AssertionError("the model was asked")

    monkeypatch.setattr(solitaire_cpsat, "decide", refuse)
    deal = rules.deal_random(builtin("turtle"), random.Random(724))
    budget = solitaire_solver.EXACT_AFTER
    assert solitaire_solver.Solver(deal, budget=budget).solve().status == rules.UNDECIDED


def test_the_solver_settles_a_big_board_deal_through_the_model() -> None:
    # deal 3 of the designed brick wall (172 positions): the playouts, the pairing search
    # and the exact search leave it open within 200,000 plays; the model proves it dead
    from tilepress.engine.solitaire_solver import Solver
    from tilepress.layouts.files import load_layouts

    layout = load_layouts(ROOT / "puzzles" / "layouts" / "brick-wall.layout")[0]
    solver = Solver(rules.deal_random(layout, random.Random(3)), budget=200_000)
    assert solver.solve().status == rules.UNSOLVABLE
    assert solver.found_by == "model"


def test_a_short_solve_never_imports_or_tools() -> None:
    # importing CP-SAT takes most of a second: only a solve that reaches the model pays it
    import subprocess
    import sys

    code = ("import random, sys\n"
            "from tilepress.engine import solitaire\n"
            "from tilepress.layouts import builtin\n"
            "deal = solitaire.deal_random(builtin('turtle'), random.Random(5))\n"
            "assert solitaire.solve(deal).status == 'solved'\n"
            "assert not [m for m in sys.modules if m.startswith('ortools')]\n")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_a_pair_joined_only_through_a_removed_tile_can_go() -> None:
    # a half-step staircase (found by an independent check): b lies on a, c on b, but c
    # not on a; with b gone (a position no play reaches, but one the rules define) a and
    # c are both free and match. With b in place and a fourth tile matching it, dead.
    from tilepress.layouts import Layout, Position

    stair = rules.board_for(Layout.of("stair", [Position(0, 0, 0), Position(1, 0, 1),
                                                Position(2, 0, 2)]))
    assert not stair.over[0] >> 2 & 1 and stair.below[0] >> 2 & 1
    verdict = decide(stair, [0, 1, 0], 0b101, 5.0)
    assert verdict.status == WON and verdict.pairs == ((0, 2),)
    four = rules.board_for(Layout.of("stair4", [Position(0, 0, 0), Position(0, 0, 6),
                                                Position(1, 0, 1), Position(2, 0, 2)]))
    assert decide(four, [0, 1, 1, 0], 0b1111, 5.0).status == DEAD
