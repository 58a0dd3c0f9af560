"""The Mint Tin planner's best target alone (minttin/heads.py): the compiled kernels
(best_head, call_keys) against their plain Python functions, and the heads with kernels
on and off."""

from __future__ import annotations

import random

import numpy as np
import pytest
from test_minttin_kernels import random_level_hand  # tests/, on the path (conftest.py)

from tilepress import compiled
from tilepress.games.minttin import heads, kernels, targets

TABLES = targets.FITTING


def random_call(rng: random.Random) -> tuple[tuple[int, ...], tuple[tuple[int, int, int], ...],
                                              int, int, int, bool]:
    """A hand (with up to three exposures), a face it does not expose to call (one of its
    faces or another), the identical cards and jokers it could call with, and whether a
    pair may be called."""
    counts, fixed = random_level_hand(rng)
    exposed = {f for f, _, _ in fixed}
    free = [f for f in range(12) if f not in exposed and counts[f] < 4]
    held = [f for f in free if counts[f]]
    code = rng.choice(held if held and rng.random() < 0.8 else free)
    in_exposures = sum(j for _, _, j in fixed)
    return (counts, tuple(fixed), code, counts[code], counts[12] - in_exposures,
            rng.random() < 0.5)


def test_the_best_head_kernel_gives_its_python_functions_results() -> None:
    rng = random.Random(61)
    seen = set()
    for _ in range(400):
        counts, fixed = random_level_hand(rng)
        bits = heads.exposed_bits(fixed)
        key = kernels.best_head.python(counts, *bits, *TABLES)
        assert kernels.best_head(counts, *bits, *TABLES) == key, (counts, fixed)
        seen.add((min(len(fixed), 2), key >= 0))
    assert {(0, True), (1, True), (2, True), (2, False)} <= seen


def test_the_head_is_the_rankings_first_target(monkeypatch: pytest.MonkeyPatch) -> None:
    """evaluate_head, kernels on and off, is evaluate's (need, points, faces), for hands
    the tables take and those they do not, and for hands no target takes."""
    rng = random.Random(67)
    for _ in range(400):
        counts, fixed = random_level_hand(rng)
        want = targets.rank_targets.__wrapped__(counts, fixed, 1)[0][:3]
        for on in (True, False):
            monkeypatch.setattr(compiled, "enabled", lambda on=on: on)
            targets._table_ranking.cache_clear()
            assert heads.evaluate_head(counts, fixed) == want, (counts, fixed, on)


def test_the_call_keys_kernel_gives_its_python_functions_results() -> None:
    rng = random.Random(71)
    weighed = 0
    for _ in range(400):
        counts, fixed, code, same, jokers, pairs = random_call(rng)
        bits = heads.exposed_bits(fixed)
        found = []
        for run in (kernels.call_keys.python, kernels.call_keys):
            out = np.full(kernels.CALL_OUT, -7, dtype=np.int64)
            found.append((run(counts, *bits, code, same, jokers, pairs, *TABLES, out),
                          out.tolist()))
        assert found[0] == found[1], (counts, fixed, code)
        weighed += found[0][0]
    assert weighed > 50


def test_a_calls_heads_are_alike_with_kernels_on_and_off(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """call_heads, kernels on and off: the head before the call, and the head after each
    call it weighs (every count of identical cards and jokers); None alike when the best
    target lacks the card, and with kernels also when no call needs fewer cards."""
    rng = random.Random(73)
    weighed = skipped = none_closer = 0
    for _ in range(600):
        counts, fixed, code, same, jokers, pairs = random_call(rng)
        calls = [(k, j) for k in range(same + 1) for j in range(jokers + 1)
                 if (1 if pairs else 2) <= k + j <= 4]
        found = []
        for on in (True, False):
            monkeypatch.setattr(compiled, "enabled", lambda on=on: on)
            targets._table_ranking.cache_clear()
            made = heads.call_heads(counts, fixed, code, same, jokers, pairs)
            found.append(None if made is None else
                         (made[0], [made[1](k, j) for k, j in calls]))
        fast, plain = found
        if plain is None:
            assert fast is None, (counts, fixed, code)
            skipped += 1
            continue
        assert code in plain[0][2]
        closer = any(after[0] < plain[0][0] for after in plain[1])
        if fast is None:
            assert not closer, (counts, fixed, code, same, jokers, pairs)
            none_closer += 1
        else:
            assert fast == plain and closer, (counts, fixed, code, same, jokers, pairs)
            weighed += 1
    assert weighed > 30 and skipped > 50 and none_closer > 30
