"""The Mint Tin planner's kernels (minttin/kernels.py, minttin/fitting.py), compiled,
against their own Python source as it runs with compilation off; the plain reference
they are checked against is minttin_reference.py (test_minttin_planner.py)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tilepress import compiled
from tilepress.games.minttin.hand import deck
from tilepress.games.minttin.planner import discards, fitting, heads, kernels, targets


def capped_and_exposed(counts, fixed) -> tuple[list[int], list[int]]:
    """A hand's counts capped at what its exposed sets hold naturally, and the sizes
    exposed per face (the fitting kernels' inputs)."""
    capped, exposed = list(counts), [0] * 13
    for f, size, jokers in fixed:
        exposed[f] = size
        capped[f] = min(capped[f], size - jokers)
    return capped, exposed


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


def ranked(counts, fixed) -> tuple[np.ndarray, int]:
    """The ranking :func:`kernels.ranked_discards` weighs: lowest_keys within a need."""
    count, exposure, n_exposed, scratch = fitting.expose(counts, *heads.exposed_bits(fixed),
                                                         targets.FITTING[0])
    out = np.zeros(2 * fitting.KEEP, dtype=np.int64)
    n = fitting.lowest_keys(count, exposure, n_exposed, fitting.KEEP, 1, *targets.FITTING,
                            scratch, out)
    return out, n


def test_the_discard_order_kernel_gives_its_python_functions_results() -> None:
    rng = random.Random(23)
    weighed = set()
    for i in range(400):
        counts, fixed, held, danger = random_discard(rng) if i % 2 else \
            random_level_discard(rng)
        if not any(held):
            continue
        ranking, n = ranked(counts, fixed)
        found = []
        for run in (kernels.discard_order.python, kernels.discard_order):
            out = np.full(kernels.OUT, -7, dtype=np.int64)
            held_codes = run(counts, *heads.exposed_bits(fixed), ranking, n,
                             *targets.FITTING[:1], *targets.FITTING[2:], held,
                             danger or discards.NO_DANGER, out)
            found.append(out[:kernels.ORDER + held_codes].tolist())
        assert found[0] == found[1], (counts, fixed, held, danger)
        weighed.add((min(len(fixed), 2), n > 0))
    assert weighed == {(0, True), (1, True), (2, True), (2, False)}


def random_level_discard(rng: random.Random):
    """As :func:`random_discard`, with up to three exposures and eight jokers."""
    counts, fixed = random_level_hand(rng)
    held = list(counts)
    for f, size, jokers in fixed:
        held[f] -= min(held[f], size - jokers)
        held[12] -= min(held[12], jokers)
    danger = None
    if rng.random() < 0.5:
        danger = (*(rng.choice((0.0, 0.0, 1.5)) for _ in range(12)), 0.0)
    return counts, fixed, tuple(held), danger


def test_the_ranked_discards_kernel_gives_its_python_functions_results() -> None:
    """kernels.ranked_discards, compiled and plain: the ranking of lowest_keys, then the
    order of discard_order, in one call; discards.discard_order reads it."""
    rng = random.Random(37)
    compared = 0
    for i in range(400):
        counts, fixed, held, danger = random_discard(rng) if i % 2 else \
            random_level_discard(rng)
        if not any(held):
            continue
        found = [tuple(map(int, run(counts, *heads.exposed_bits(fixed), *targets.FITTING, held,
                                    danger or discards.NO_DANGER)))
                 for run in (kernels.ranked_discards.python, kernels.ranked_discards)]
        assert found[0] == found[1], (counts, fixed, held, danger)
        n, code, need, k, *after = found[0]
        assert n == sum(1 for c in held if c) and all(c < 0 for c in after[n - 1:])
        assert discards.discard_order(counts, fixed, held, danger) == (
            code, need, targets.TARGETS[k][0] if k >= 0 else (), tuple(after[:min(n, 4) - 1]))
        compared += 1
    assert compared > 350


def test_the_lowest_keys_are_the_fitted_keys() -> None:
    """fitting.lowest_keys, compiled and plain, at every keep: the first keys of
    fitted_keys, and the places of their patterns, for any hand."""
    rng = random.Random(47)
    seen = set()
    tables = targets.FITTING
    for i in range(400):
        counts, fixed = random_exposed(rng) if i % 2 else random_level_hand(rng)
        capped, exposed = capped_and_exposed(counts, fixed)
        fitted = np.zeros((fitting.KEEP, 1 + 2 * fitting.MOST_FACES), dtype=np.int64)
        n_fitted = fitting.fitted_keys(tuple(capped), tuple(exposed), len(fixed), *tables,
                                       fitted)
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
            for key, place in zip(keys, places, strict=True):  # the fit's own place
                k = targets.target_of(key)
                found_faces = int(sum(exposed[f] > 0 for f in targets.TARGETS[k][0]))
                value = fitting.fit(k, np.array(capped), np.array(exposed), found_faces,
                                    tables[0], *tables[2:], *np.zeros((3, 6), dtype=np.int64))
                assert value & (1 << fitting.PLACE_BITS) - 1 == place
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
    assert compiled._calling_compiled(kernels.discard_order.python)[0].__globals__["fit"] \
        is fitting.fit.compiled()
    # the cache of a kernel that compiles in fitting.py's goes stale with that file too
    assert files == {kernels.__file__, fitting.__file__}


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
