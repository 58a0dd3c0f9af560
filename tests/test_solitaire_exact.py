"""The solitaire solver's exact search over real positions (:mod:`.solitaire_exact`),
checked against the independent exhaustive search of ``bruteforce``."""

from __future__ import annotations

import random
from functools import cache

import bruteforce
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_solitaire import SMALL, _brute

from tilepress.engine import solitaire as rules
from tilepress.engine.solitaire_exact import DEAD, WON, ExactSearch
from tilepress.engine.solitaire_play import Table, geometry
from tilepress.layouts import Layout, block, builtin, row, tile
from tilepress.tiles import Tile

WIDER = [*SMALL, Layout.of("test", [*block(0, 0, 2, 0, 1), *row(0, 2, 0, 2),
                                    *row(1, 0.5, 0.5, 1.5), *tile(2, 1, 0.5)]),
         Layout.of("rows", [*row(0, 0, 0, 5), *row(0, 1, 0, 5)])]


def _table(deal: rules.Deal) -> Table:
    n = len(deal.tiles)
    return Table(geometry(deal.layout), deal.groups, (1 << n) - 1)


def _exact(deal: rules.Deal, chunk: int = 10**9) -> ExactSearch:
    search = ExactSearch(_table(deal))
    while search.status is None:
        assert search.run(chunk) <= chunk
    return search


@settings(max_examples=250, deadline=None)
@given(st.sampled_from(range(len(WIDER))), st.integers(0, 10**9), st.integers(1, 4),
       st.integers(1, 3), st.sampled_from([1, 3, 2000]))
def test_the_exact_search_agrees_with_an_exhaustive_search(which: int, seed: int, faces: int,
                                                           copies: int, restart: int) -> None:
    # faces of two to six copies, shuffled on small layouts; searched in short chunks,
    # restarting every few positions or not
    from tilepress.engine import solitaire_exact

    layout = WIDER[which]
    rng = random.Random(seed)
    pool = [Tile(f"{k}p") for k in range(1, faces + 1)]
    tiles = [t for t in pool for _ in range(2 * copies)] * len(layout)
    tiles = tiles[: len(layout)]
    if len(tiles) % 2 or any(tiles.count(t) % 2 for t in set(tiles)):
        return
    rng.shuffle(tiles)
    deal = rules.Deal(layout, tuple(tiles))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solitaire_exact, "RESTART_NODES", restart)
        search = _exact(deal, chunk=rng.randint(1, 5))  # resumed between chunks
    assert search.status in (WON, DEAD)
    assert (search.status == WON) == _brute(deal)
    if search.status == WON:
        assert rules.replay_solution(deal, search.solution) == []


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 14), st.integers(0, 10**9), st.floats(0, 1))
def test_pairable_agrees_with_listing_every_pairing(m: int, seed: int, share: float) -> None:
    # a face's tiles split into pairs with no tile on its partner exactly when one of
    # its pairings (listed by matchings, up to 8 tiles) has none; odd counts never split
    import numpy as np

    from tilepress.engine.solitaire_exact_kernel import PAIRABLE
    from tilepress.engine.solitaire_play import matchings

    rng = random.Random(seed)
    n = 20
    apart = np.ones((n, n), np.bool_)
    for a in range(n):
        for c in range(a + 1, n):
            if rng.random() < share:
                apart[a, c] = apart[c, a] = False
    tiles = np.array(rng.sample(range(n), m), np.int64)
    got = PAIRABLE(tiles, m, apart, np.zeros(16, np.bool_))
    if m % 2:
        assert not got
    elif m <= 8:
        assert got == any(all(apart[a, c] for a, c in pairs)
                          for pairs in matchings(tuple(tiles.tolist())))


def test_it_proves_dead_a_deal_whose_relaxed_play_goes_out() -> None:
    # the relaxed play lets the 1p face go freely once two are free together, so it
    # clears the board; the real game cannot (checked by the exhaustive search)
    layout = SMALL[0]
    deal = rules.Deal(layout, tuple(Tile(t) for t in (
        "3p", "1p", "3p", "1p", "2p", "2p", "2p", "2p", "1p", "1p")))
    table = _table(deal)
    assert table.play([-1] * len(layout)) == 0
    assert not _brute(deal)
    assert _exact(deal).status == DEAD
    result = rules.solve(deal)
    assert result.status == rules.UNSOLVABLE


def test_a_removed_tile_is_never_taken_for_one_in_place() -> None:
    # a removed tile's code drops below GONE when a neighbour goes later: counting it
    # among its face's remaining tiles once made the search skip every move of the face
    # and call this winnable deal dead
    deal = rules.Deal(WIDER[-1], tuple(Tile(f"{k}p") for k in "221221211211"))
    assert _brute(deal)
    search = _exact(deal)
    assert search.status == WON
    assert rules.replay_solution(deal, search.solution) == []


def test_the_solver_takes_the_exact_search_only_past_exact_after(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # a deal left undecided within EXACT_AFTER plays: no exact search within them (so
    # puzzles stay as they were), one past them; the default budget decides it
    from tilepress.engine import solitaire_solver

    made = []
    real = solitaire_solver.ExactSearch
    monkeypatch.setattr(solitaire_solver, "ExactSearch",
                        lambda table: made.append(1) or real(table))
    deal = rules.deal_random(builtin("turtle"), random.Random(724))
    budget = solitaire_solver.EXACT_AFTER
    assert solitaire_solver.Solver(deal, budget=budget).solve().status == rules.UNDECIDED
    assert not made
    quick = solitaire_solver.QUICK * solitaire_solver.PLAYOUT_COST  # counted apart
    solitaire_solver.Solver(deal, budget=budget + quick + 1000).solve()
    assert made
    assert solitaire_solver.Solver(deal).solve().status == rules.SOLVED


def muted_solve(deal: rules.Deal, seed: int, budget: int, **constants):
    """A solve whose complete and local searches only spend plays, with turns, restarts
    and the exact search's turns from the first plays (and the solver's ``constants``
    set): the solver and its result."""
    from tilepress.engine import solitaire_solver

    def idle(self, *args):
        while True:
            self.solver.spend()

    with pytest.MonkeyPatch.context() as patch:
        for name, value in {"RESTART": 1, "TURN": 1, "TURN_PLAYOUTS": 0, "EXACT_AFTER": 0,
                            "QUICK": 0, **constants}.items():
            patch.setattr(solitaire_solver, name, value)
        patch.setattr(solitaire_solver.PairingSearch, "run", lambda self: idle(self))
        patch.setattr(solitaire_solver.Repair, "run",
                      lambda self, until: (self.solver.spend(until - self.solver.work)
                                           if until > self.solver.work else None))
        solver = solitaire_solver.Solver(deal, seed=seed, budget=budget)
        return solver, solver.solve(playouts=0)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(range(len(WIDER))), st.integers(0, 10**9))
def test_the_solver_ends_with_the_exact_search_s_verdict(which: int, seed: int) -> None:
    # the other searches muted (they only spend plays): the exact search's proof ends
    # the solve as unsolvable, its win as a solution that replays

    layout = WIDER[which]
    rng = random.Random(seed)
    tiles = [Tile("1p")] * 4 + [Tile(f"{k}s") for k in (1, 2, 3) for _ in range(4)]
    tiles = (tiles * 2)[: len(layout)]
    if any(tiles.count(t) % 2 for t in set(tiles)):
        return
    rng.shuffle(tiles)
    deal = rules.Deal(layout, tuple(tiles))

    solver, result = muted_solve(deal, seed, 10**6, EXACT_TURN=2, MODEL=False)
    assert result.status != rules.UNDECIDED
    assert (result.status == rules.SOLVED) == _brute(deal)
    if result.status == rules.SOLVED:
        assert rules.replay_solution(deal, result.solution) == []
    # (unless the first relaxed play, or the faces' own shapes, already proved it dead)
    assert solver.found_by == "exact" or (result.status == rules.UNSOLVABLE
                                          and result.work <= 1)


def test_the_search_looks_at_the_positions_of_the_plain_oracle() -> None:
    # the search runs in its kernels; the plain search over Python sets and lists kept in
    # tests/solitaire_oracle.py must look at the same positions, in the same order, past
    # restarts (with their noise) and memo growth
    from solitaire_oracle import PlainExactSearch

    from tilepress.compiled import enabled

    if not enabled():  # the kernels as plain Python take minutes here
        pytest.skip("compilation is off (TILEPRESS_NO_JIT): test_solitaire_pinned covers it")
    deals = [rules.deal_random(builtin(name), random.Random(s))
             for name, s in (("turtle", 1), ("turtle", 9), ("pyramid", 1), ("fortress", 2))]
    # and two faces of 72 tiles each (too many to check a face's pairing)
    tiles = [Tile(f"{k % 2 + 1}p") for k in range(144)]
    random.Random(3).shuffle(tiles)
    deals.append(rules.Deal(builtin("turtle"), tuple(tiles)))

    def trace(search_type) -> list:
        out = []
        for deal in deals:
            search = search_type(_table(deal))
            for chunk in (1, 700, 3000, 2300):
                search.run(chunk)
            out.append((search.status, search.nodes, search.best, search.restarts,
                        sorted(search.failed_masks()), search.solution))
        return out

    fast = trace(ExactSearch)
    assert sum(len(t[4]) for t in fast) > 4096  # the memo grew past its first table
    plain = trace(PlainExactSearch)
    assert plain == fast
    assert {t[0] for t in plain} >= {WON} and max(t[3] for t in plain) >= 1


def _positions(deal: rules.Deal, limit: int, start: int) -> list[int]:
    """Up to ``limit`` positions (tiles in place, as bits) met by legal play from
    ``start``."""
    board = rules.board_for(deal.layout)
    groups = deal.groups
    seen, todo = set(), [start]
    while todo and len(seen) < limit:
        rem = todo.pop()
        if rem in seen:
            continue
        seen.add(rem)
        free = board.free_tiles(rem)
        todo += [rem & ~(1 << a) & ~(1 << c) for i, a in enumerate(free)
                 for c in free[i + 1:] if groups[a] == groups[c]]
    return sorted(seen)


def _winner(deal: rules.Deal):
    """Whether a position (tiles in place, as bits) of ``deal`` can be won, by the
    exhaustive search."""
    board = rules.board_for(deal.layout)
    n = len(deal.tiles)

    def bits(m: int) -> set[int]:
        return {i for i in range(n) if m >> i & 1}

    win = bruteforce.solitaire_win([bits(m) for m in board.over],
                                   [bits(m) for m in board.left],
                                   [bits(m) for m in board.right], deal.groups)
    return lambda rem: win(frozenset(bits(rem)))


ROWS = Layout.of("rows3", [*row(0, 0, 0, 4), *row(0, 1, 0, 4), *row(1, 0.5, 0.5, 2.5),
                          *tile(2, 1.5, 0.5)])


def _kept_moves_win(deal: rules.Deal, start: int, limit: int) -> None:
    """From every position met by legal play from ``start`` (tiles in place, as bits),
    a game playing only the moves kept can be won exactly when the exhaustive search
    wins it."""
    n = len(deal.tiles)
    search = ExactSearch(Table(geometry(deal.layout), deal.groups, start))
    winnable = _winner(deal)

    @cache
    def reduced(rem: int) -> bool:
        if not rem:
            return True
        everything = search.moves(rem, reduce=False)
        kept = search.moves(rem, reduce=True)
        assert set(kept) <= set(everything) and bool(kept) == bool(everything)
        return any(reduced(rem & ~(1 << a) & ~(1 << c)) for a, c in kept)

    for rem in _positions(deal, limit, start):
        assert reduced(rem) == winnable(rem), (rem, (1 << n) - 1)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(range(len(WIDER) + 1)), st.integers(0, 10**9),
       st.sampled_from([(2, 1), (3, 1), (2, 2), (1, 4), (3, 2), (4, 1)]))
def test_the_moves_a_stubborn_set_keeps_still_win(which: int, seed: int,
                                                  shape: tuple[int, int]) -> None:
    # small layouts, faces of up to eight copies
    layout = [*WIDER, ROWS][which]
    faces, copies = shape
    rng = random.Random(seed)
    tiles = [Tile(f"{k}p") for k in range(1, faces + 1) for _ in range(2 * copies)]
    tiles = (tiles * len(layout))[: len(layout)]
    if any(tiles.count(t) % 2 for t in set(tiles)):
        return
    rng.shuffle(tiles)
    deal = rules.Deal(layout, tuple(tiles))
    _kept_moves_win(deal, (1 << len(tiles)) - 1, 200)


def played_down(layout: Layout, rng: random.Random, faces: int,
                left: int) -> tuple[rules.Deal, int] | None:
    """A deal of ``faces`` faces shuffled on ``layout`` and played down at random by legal
    moves to ``left`` tiles (or until stuck): the deal and the tiles in place. None when
    the faces cannot all be paired."""
    tiles = [Tile(f"{k % faces + 1}p") for k in range(len(layout))]
    if any(tiles.count(t) % 2 for t in set(tiles)):
        return None
    rng.shuffle(tiles)
    deal = rules.Deal(layout, tuple(tiles))
    board, groups = rules.board_for(layout), deal.groups
    rem = (1 << len(tiles)) - 1
    while rem.bit_count() > left:
        free = board.free_tiles(rem)
        pairs = [(a, c) for i, a in enumerate(free) for c in free[i + 1:]
                 if groups[a] == groups[c]]
        if not pairs:
            break
        a, c = rng.choice(pairs)
        rem &= ~(1 << a) & ~(1 << c)
    return deal, rem


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["turtle", "pyramid", "fortress"]), st.integers(0, 10**9),
       st.integers(2, 4), st.integers(8, 16))
def test_the_moves_a_stubborn_set_keeps_still_win_late_in_a_game(
        name: str, seed: int, faces: int, left: int) -> None:
    # the last tiles of a big layout (played down at random, few faces, so that up to
    # eight or more of a face are left): stacks, and tiles blocked on both sides
    played = played_down(builtin(name), random.Random(seed), faces, left)
    if played is None:
        return
    deal, rem = played
    _kept_moves_win(deal, rem, 300)


def test_a_stubborn_set_prunes() -> None:
    # the reduction is on, and cuts moves at the start of a Turtle deal
    deal = rules.deal_random(builtin("turtle"), random.Random(3))
    search = ExactSearch(_table(deal))
    rem = (1 << len(deal.tiles)) - 1
    everything = search.moves(rem, reduce=False)
    kept = search.moves(rem, reduce=True)
    assert 0 < len(kept) < len(everything)
