"""The Mint Tin planner's compiled kernels (minttin/kernels.py, minttin/fitting.py) against
their plain Python functions and the numpy paths they stand in for; and whole logs alike
with kernels on and off."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import numpy as np
import pytest

from tilepress import compiled
from tilepress.games.minttin import discards, fitting, kernels, targets
from tilepress.games.minttin.hand import deck


def random_state(rng: random.Random) -> tuple[tuple[int, ...], int, tuple[int, int]]:
    """Counts of 13 or 14 cards (a face at most 4, jokers at most 4), an exposed face or
    -1, and the table's state (exposed size, its cards held)."""
    counts = [0] * 13
    for c in rng.sample(deck(4), rng.choice((13, 14))):
        counts[c.code] += 1
    held = [f for f in range(12) if counts[f]]
    if not held or rng.random() < 0.4:
        return tuple(counts), -1, (0, 0)
    f = rng.choice(held)
    size = rng.choice((2, 3, 4, 5))
    counts[f] = min(counts[f], size)
    return tuple(counts), f, (size, counts[f])


def packed(state: tuple[int, int]) -> np.ndarray:
    return targets._packed(*targets._tables(state))


def capped_and_exposed(counts, fixed) -> tuple[list[int], list[int]]:
    """A hand's counts capped at what its exposed sets hold naturally, and the sizes
    exposed per face (the fitting kernels' inputs)."""
    capped, exposed = list(counts), [0] * 13
    for f, size, jokers in fixed:
        exposed[f] = size
        capped[f] = min(capped[f], size - jokers)
    return capped, exposed


def test_the_kernel_gives_its_python_functions_results() -> None:
    rng = random.Random(16)
    seen = set()
    for _ in range(400):
        counts, f, state = random_state(rng)
        table = packed(state)
        plain, fast = np.zeros(12, dtype=np.int64), np.zeros(12, dtype=np.int64)
        n = kernels.best_keys.python(counts, f, targets._ROWS, table, plain)
        assert kernels.best_keys(counts, f, targets._ROWS, table, fast) == n
        assert fast[:n].tolist() == plain[:n].tolist()
        assert fast[6 : 6 + n].tolist() == plain[6 : 6 + n].tolist()
        seen.add(n)
    assert 6 in seen


@pytest.mark.parametrize("fixed_share", [0.0, 0.6])
def test_the_kernel_and_the_numpy_path_rank_alike(
    monkeypatch: pytest.MonkeyPatch, fixed_share: float
) -> None:
    rng = random.Random(7)
    compared = 0
    for _ in range(300):
        counts = [0] * 13
        for c in rng.sample(deck(4), rng.choice((13, 14))):
            counts[c.code] += 1
        fixed: tuple[tuple[int, int, int], ...] = ()
        held = [f for f in range(12) if counts[f]]
        if rng.random() < fixed_share:
            f = rng.choice(held)
            size = rng.choice((2, 3, 4, 5))
            fixed = ((f, size, rng.randint(0, min(counts[12], size - 2))),)
        rankings = []
        for on in (True, False):
            monkeypatch.setattr(compiled, "enabled", lambda on=on: on)
            ranking = targets._table_ranking.__wrapped__(tuple(counts), fixed)
            rankings.append(None if ranking is None else (ranking.keys, ranking.best(6)))
        assert rankings[0] == rankings[1]
        compared += rankings[0] is not None
    assert compared > 200


def random_exposed(rng: random.Random) -> tuple[tuple[int, ...], tuple[tuple[int, int, int], ...]]:
    """Counts of 13 or 14 cards from a deck with four jokers, and no exposure or one of a
    face held (its size and jokers)."""
    counts = [0] * 13
    for c in rng.sample(deck(4), rng.choice((13, 14))):
        counts[c.code] += 1
    held = [f for f in range(12) if counts[f]]
    if rng.random() < 0.4:
        return tuple(counts), ()
    f = rng.choice(held)
    size = rng.choice((2, 3, 4, 5))
    return tuple(counts), ((f, size, rng.randint(0, min(counts[12], size - 2))),)


def random_discard(rng: random.Random):
    """A hand as the planner weighs its discard: counts, no exposure or one, the cards
    held (the counts less the exposure's), and the solo danger by code or None."""
    counts, fixed = random_exposed(rng)
    held = list(counts)
    if fixed:
        (f, size, jokers), = fixed
        held[f] = max(0, held[f] - (size - jokers))
        held[12] = max(0, held[12] - jokers)
    danger = None
    if rng.random() < 0.5:
        danger = (*(rng.choice((0.0, 0.0, 1.5)) for _ in range(12)), 0.0)
    return counts, fixed, tuple(held), danger


def test_the_discard_order_kernel_gives_its_python_functions_results() -> None:
    rng = random.Random(23)
    weighed = 0
    for _ in range(400):
        counts, fixed, held, danger = random_discard(rng)
        f, size, cap = -1, 0, 0
        capped = list(counts)
        if fixed:
            (f, size, jokers), = fixed
            cap = size - jokers
            capped[f] = min(capped[f], cap)
        table = packed((size, capped[f]) if fixed else (0, 0))
        ranked = np.zeros(12, dtype=np.int64)
        n = kernels.best_keys.python(tuple(capped), f, targets._ROWS, table, ranked)
        if not n or not any(held):
            continue
        found = []
        for run in (kernels.discard_order.python, kernels.discard_order):
            out = np.full(kernels.OUT, -7, dtype=np.int64)
            held_codes = run(counts, f, size, cap, ranked, n, targets._ROWS,
                             targets._PATTERN_SIZES, held, danger or discards.NO_DANGER, out)
            found.append(out[:kernels.ORDER + held_codes].tolist())
        assert found[0] == found[1]
        weighed += 1
    assert weighed > 300


def test_the_ranked_discards_kernel_gives_its_python_functions_results(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """kernels.ranked_discards, compiled and plain: the ranking of lowest_keys, then the
    order of discard_order, in one call; its discard (code, need, target, the next
    codes) is the one discards.discard_order finds without kernels."""
    rng = random.Random(37)
    compared = 0
    for _ in range(400):
        counts, fixed, held, danger = random_discard(rng)
        if not any(held):
            continue
        f, size, cap = -1, 0, 0
        if fixed:
            (f, size, jokers), = fixed
            cap = size - jokers
        found = [run(counts, f, size, cap, *targets.FITTING, held, danger or discards.NO_DANGER)
                 for run in (kernels.ranked_discards.python, kernels.ranked_discards)]
        assert found[0] == found[1], (counts, fixed, held, danger)
        n, code, need, k, *after = found[0]
        if n < 0:
            continue
        assert n == sum(1 for c in held if c) and all(c < 0 for c in after[n - 1:])
        targets._table_ranking.cache_clear()
        with monkeypatch.context() as patched:  # the kernels were made above, before this
            patched.setattr(compiled, "enabled", lambda: False)
            assert discards.discard_order(counts, fixed, held, danger) == (
                code, need, targets.TARGETS[k][0], tuple(after[:min(n, 4) - 1]))
        compared += 1
    targets._table_ranking.cache_clear()
    assert compared > 250


def test_the_lowest_keys_are_the_tables_and_the_fitted_keys() -> None:
    """fitting.lowest_keys, compiled and plain, at every keep: the first keys (and
    places) of best_keys from the tables, for hands with no exposure or one; the first
    keys of fitted_keys for any hand."""
    rng = random.Random(47)
    seen = set()
    tables = targets.FITTING
    for i in range(400):
        counts, fixed = random_exposed(rng) if i % 2 else random_level_hand(rng)
        capped, exposed = capped_and_exposed(counts, fixed)
        fitted = np.zeros((fitting.KEEP, 1 + 2 * fitting.MOST_FACES), dtype=np.int64)
        n_fitted = fitting.fitted_keys(tuple(capped), tuple(exposed), len(fixed), *tables,
                                       fitted)
        by_table = np.zeros(2 * fitting.KEEP, dtype=np.int64)
        hand = targets.table_hand(counts, fixed)
        if hand is not None:
            n_table = kernels.best_keys(hand[0], hand[2], targets._ROWS,
                                        targets.packed_table(hand[3]), by_table)
            assert n_table == n_fitted
        for keep in (1, 3, fitting.KEEP):
            found = []
            for run in (fitting.lowest_keys.python, fitting.lowest_keys):
                out = np.full(2 * fitting.KEEP, -7, dtype=np.int64)
                scratch = np.empty((6, len(targets.TARGETS)), dtype=np.int64)
                n = run(np.array(capped), np.array(exposed), len(fixed), keep, 99, *tables,
                        scratch, out)
                found.append((n, out[:n].tolist(), out[fitting.KEEP:fitting.KEEP + n].tolist()))
            assert found[0] == found[1], (counts, fixed, keep)
            n, keys, places = found[0]
            assert n == min(keep, n_fitted)
            assert keys == fitted[:n, 0].tolist(), (counts, fixed, keep)
            if hand is not None:
                assert keys == by_table[:n].tolist()
                assert places == by_table[fitting.KEEP:fitting.KEEP + n].tolist()
        seen.add((min(len(fixed), 2), min(n_fitted, 1)))
    assert {(0, 1), (1, 1), (2, 1), (2, 0)} <= seen


def need_of(key: int) -> int:
    """A sort key's need."""
    return (key + fitting.CARRY) >> fitting.LOW_BITS >> fitting.POINT_BITS


def test_the_lowest_keys_within_a_need_are_the_fitted_keys() -> None:
    """fitting.lowest_keys with a small ``within``, compiled and plain: the keys that need
    at most the first's need + within (and their places) are the exact ranking's, those
    after them need more; and it stops short of the exact ranking on some hands."""
    rng = random.Random(53)
    tables = targets.FITTING
    shorter = 0
    for i in range(400):
        counts, fixed = random_exposed(rng) if i % 2 else random_level_hand(rng)
        capped, exposed = capped_and_exposed(counts, fixed)
        found = {}
        for within in (0, 1, 2, 99):
            for run in (fitting.lowest_keys.python, fitting.lowest_keys):
                out = np.full(2 * fitting.KEEP, -7, dtype=np.int64)
                scratch = np.empty((6, len(targets.TARGETS)), dtype=np.int64)
                n = run(np.array(capped), np.array(exposed), len(fixed), fitting.KEEP, within,
                        *tables, scratch, out)
                got = (n, out[:n].tolist(), out[fitting.KEEP:fitting.KEEP + n].tolist())
                assert found.setdefault(within, got) == got, (counts, fixed, within)
        n, keys, places = found[99]
        if not n:
            assert all(found[w][0] == 0 for w in found)
            continue
        for within in (0, 1, 2):
            _, some, their_places = found[within]
            sure = sum(1 for key in keys if need_of(key) <= need_of(keys[0]) + within)
            assert some[:sure] == keys[:sure], (counts, fixed, within)
            assert their_places[:sure] == places[:sure]
            assert all(need_of(key) > need_of(keys[0]) + within for key in some[sure:])
            shorter += some != keys
    assert shorter > 50


def test_a_hand_of_dragons_is_discarded_alike_with_kernels_on_and_off(
        monkeypatch: pytest.MonkeyPatch) -> None:
    counts = (0,) * 9 + (4, 4, 4, 2)  # dragons and jokers only
    found = []
    for on in (True, False):
        monkeypatch.setattr(compiled, "enabled", lambda on=on: on)
        found.append(discards.discard_order(counts, (), counts, None))
    assert found[0] == found[1]


def test_a_discard_with_more_jokers_than_the_tables_hold_is_alike_with_kernels_on_and_off(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The discard kernel also takes hands of five jokers or more (the tables do not)."""
    rng = random.Random(53)
    compared = 0
    while compared < 60:
        counts, fixed = random_level_hand(rng)
        if len(fixed) > 1 or counts[12] <= 4:
            continue
        held = list(counts)
        for f, size, jokers in fixed:
            held[f] -= min(held[f], size - jokers)
            held[12] -= jokers
        found = []
        for on in (True, False):
            monkeypatch.setattr(compiled, "enabled", lambda on=on: on)
            found.append(discards.discard_order(counts, fixed, tuple(held), None))
        assert found[0] == found[1], (counts, fixed)
        compared += 1


def test_a_card_beyond_an_exposed_blocks_own_is_discarded_alike_with_kernels_on_and_off(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A pung of 1s exposed with a joker, and a third 1 held: the 1 held cannot stand in
    for the exposure's joker, so the hand is as far off with kernels as without."""
    counts = (3, 1, 1, 2, 2, 2, 1, 0, 0, 1, 0, 0, 1)  # 1 [1 1 J] 2 3 44 55 66 7 SD
    fixed = ((0, 3, 1),)
    held = (1, 1, 1, 2, 2, 2, 1, 0, 0, 1, 0, 0, 0)
    found = []
    for on in (True, False):
        monkeypatch.setattr(compiled, "enabled", lambda on=on: on)
        found.append(discards.discard_order(counts, fixed, held, None))
    assert found[0] == found[1]
    assert found[1][1] == discards.discard_costs.__wrapped__(counts, fixed)[1][found[1][0]][0]


def test_a_kernel_calling_kernels_is_compiled_with_theirs() -> None:
    """A kernel sees the kernels it calls compiled, those of its own module and those it
    imports from another (kernels.py calls fitting.py's)."""
    if not compiled.enabled():
        pytest.skip("kernels run as plain Python")
    made, files = compiled._calling_compiled(kernels.ranked_discards.python)
    assert made.__globals__["lowest_keys"] is fitting.lowest_keys.compiled()
    assert made.__globals__["expose"] is fitting.expose.compiled()
    assert compiled._calling_compiled(fitting.lowest_keys.python)[0].__globals__["fit"] \
        is fitting.fit.compiled()
    assert made.__globals__["discard_order"] is kernels.discard_order.compiled()
    assert compiled._calling_compiled(kernels.discard_order.python)[0] \
        is kernels.discard_order.python
    # the cache of a kernel that compiles in fitting.py's goes stale with that file too
    assert files == {kernels.__file__, fitting.__file__}


def test_the_discard_is_alike_with_kernels_on_and_off(monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    """discards.discard_order through the kernel and through discard_costs; and that
    order is the one of the costs (a joker's bonus, the danger, points, code)."""
    rng = random.Random(29)
    by_kernel = 0
    for _ in range(400):
        counts, fixed, held, danger = random_discard(rng)
        if not any(held):
            continue
        found = []
        for on in (True, False):
            monkeypatch.setattr(compiled, "enabled", lambda on=on: on)
            targets._table_ranking.cache_clear()
            by_kernel += on and targets.table_hand(counts, fixed) is not None
            found.append(discards.discard_order(counts, fixed, held, danger))
        assert found[0] == found[1], (counts, fixed, held, danger)
        best, costs = discards.discard_costs.__wrapped__(counts, fixed)
        code, need, faces, _ = found[0]
        assert (need, faces) == (costs[code][0], costs[code][2])
        scores = {c: (costs[c][0] + (danger[c] if danger else 0.0)
                      - (0.4 if c == 12 and costs[c][0] == best[0] else 0.0), costs[c][1])
                  for c in range(13) if held[c]}
        assert min(scores.values()) == scores[code]
    targets._table_ranking.cache_clear()
    try:
        import numba  # noqa: F401
    except ImportError:
        return
    assert by_kernel > 250


def random_level_hand(rng: random.Random
                      ) -> tuple[tuple[int, ...], tuple[tuple[int, int, int], ...]]:
    """Counts of 13 or 14 cards from a deck with four or eight jokers, and up to three
    exposures of faces held (their sizes and jokers): mostly hands the tables do not
    take."""
    counts = [0] * 13
    for c in rng.sample(deck(rng.choice((4, 8))), rng.choice((13, 14))):
        counts[c.code] += 1
    held = [f for f in range(12) if counts[f]]
    fixed = []
    spare = counts[12]
    for f in rng.sample(held, k=min(len(held), rng.choice((0, 1, 2, 2, 3, 3)))):
        size = rng.choice((2, 3, 4, 5))
        jokers = 0 if size == 2 else rng.randint(0, min(spare, size - 2))
        spare -= jokers
        fixed.append((f, size, jokers))
    return tuple(counts), tuple(fixed)


def test_the_fitted_keys_kernel_gives_its_python_functions_results() -> None:
    rng = random.Random(41)
    seen = set()
    for _ in range(500):
        counts, fixed = random_level_hand(rng)
        capped, exposed = capped_and_exposed(counts, fixed)
        found = []
        for run in (fitting.fitted_keys.python, fitting.fitted_keys):
            out = np.full((fitting.KEEP, 1 + 2 * fitting.MOST_FACES), -7, dtype=np.int64)
            n = run(tuple(capped), tuple(exposed), len(fixed), *targets.FITTING, out)
            found.append((n, out[:n].tolist()))
        assert found[0] == found[1], (counts, fixed)
        seen.add((min(len(fixed), 2), found[0][0]))
    assert {(2, 6), (2, 0), (0, 6), (1, 6)} <= seen


def test_the_level_search_is_alike_with_kernels_on_and_off(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """targets._rank_by_levels through fitting.fitted_keys and through the plain level
    search, at every keep."""
    rng = random.Random(43)
    for _ in range(300):
        counts, fixed = random_level_hand(rng)
        for keep in (1, 2, 6):
            found = []
            for on in (True, False):
                monkeypatch.setattr(compiled, "enabled", lambda on=on: on)
                found.append(targets._rank_by_levels(counts, fixed, keep))
            assert found[0] == found[1], (counts, fixed, keep)


def _log_hashes(jit: bool) -> str:
    """The hashes of a few logs of each game, played in a fresh process."""
    code = (
        "import hashlib\n"
        "from tilepress.games.minttin.options import MintTinOptions\n"
        "from tilepress.games.minttin.runner import play\n"
        "from tilepress import compiled\n"
        "out = [str(compiled.enabled())]\n"
        "for solo in (False, True):\n"
        "    d = hashlib.sha256()\n"
        "    for seed in range(6):\n"
        "        d.update(play(MintTinOptions(), seed, solo=solo).to_jsonl().encode())\n"
        "    out.append(d.hexdigest()[:16])\n"
        "print(' '.join(out))\n"
    )
    env = {**os.environ, "TILEPRESS_NO_JIT": "0" if jit else "1"}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_logs_are_the_same_with_kernels_on_and_off() -> None:
    on, off = _log_hashes(True).split(), _log_hashes(False).split()
    try:
        import numba  # noqa: F401
    except ImportError:
        assert on[0] == "False"
    else:
        assert on[0] == "True"
    assert off[0] == "False"
    assert on[1:] == off[1:]
