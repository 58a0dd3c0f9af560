"""The Mint Tin planner's best target alone (minttin/heads.py): the kernels (best_head,
call_keys), compiled, against their own Python source, and the heads they give against
the first target of the whole ranking (targets.rank_targets, itself checked against the
plain reference in test_minttin_planner.py)."""

from __future__ import annotations

import random

import numpy as np
from test_minttin_kernels import random_level_hand  # tests/, on the path (conftest.py)

from tilepress.games.minttin.planner import heads, kernels, targets

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


def test_the_head_is_the_rankings_first_target() -> None:
    """evaluate_head is evaluate's (need, points, faces), for hands of up to three
    exposures, and for hands no target takes."""
    rng = random.Random(67)
    for _ in range(400):
        counts, fixed = random_level_hand(rng)
        want = targets.rank_targets.__wrapped__(counts, fixed, 1)[0][:3]
        assert heads.evaluate_head(counts, fixed) == want, (counts, fixed)


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


def plain_head(counts, fixed) -> heads.Head:
    """The best target's (need, points, faces), from the whole ranking."""
    return targets.rank_targets.__wrapped__(counts, fixed, 1)[0][:3]


def test_a_calls_heads_are_the_rankings_heads() -> None:
    """call_heads: the head before the call, and the head after each call it weighs
    (every count of identical cards and jokers), as the whole ranking gives them; None
    when the best target lacks the card, or when no call needs fewer cards."""
    rng = random.Random(73)
    weighed = skipped = none_closer = 0
    for _ in range(600):
        counts, fixed, code, same, jokers, pairs = random_call(rng)
        calls = [(k, j) for k in range(same + 1) for j in range(jokers + 1)
                 if (1 if pairs else 2) <= k + j <= 4]
        made = heads.call_heads(counts, fixed, code, same, jokers, pairs)
        before = plain_head(counts, fixed)
        if code not in before[2]:
            assert made is None, (counts, fixed, code)
            skipped += 1
            continue
        with_card = list(counts)
        with_card[code] += 1
        after = [plain_head(tuple(with_card), (*fixed, (code, k + j + 1, j))) for k, j in calls]
        if not any(head[0] < before[0] for head in after):
            assert made is None, (counts, fixed, code, same, jokers, pairs)
            none_closer += 1
            continue
        assert made is not None, (counts, fixed, code, same, jokers, pairs)
        assert (made[0], [made[1](k, j) for k, j in calls]) == (before, after)
        weighed += 1
    assert weighed > 30 and skipped > 50 and none_closer > 30
