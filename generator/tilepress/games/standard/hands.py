"""Random hands for the puzzles on the standard hand, and what makes two the same.

Two hands pose the same puzzle when one is the other with the suits relabelled, any
suit read backwards (rank r <-> 10 - r), or the winds or the dragons relabelled;
:func:`identity` gives all of them one key.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tilepress.tiles import STANDARD_TILES, Tile

SUIT_OFFSETS = {"m": 0, "p": 9, "s": 18}


def one_suit_hand(rng: random.Random, size: int, suit: str) -> list[int]:
    """Counts (34) of ``size`` tiles drawn from the 36 tiles of one suit."""
    wall = [r for r in range(9) for _ in range(4)]
    counts = [0] * 34
    for r in rng.sample(wall, size):
        counts[SUIT_OFFSETS[suit] + r] += 1
    return counts


def one_suit_ranks(size: int) -> tuple[tuple[int, ...], ...]:
    """Every hand of ``size`` tiles of one suit as counts of its nine ranks (at most four
    of each), a hand and its mirror image once (the one that is not larger), in
    increasing order."""
    out: list[tuple[int, ...]] = []

    def extend(prefix: list[int], left: int) -> None:
        slots = 9 - len(prefix)
        if slots == 0:
            if left == 0 and prefix[::-1] >= prefix:
                out.append(tuple(prefix))
            return
        for count in range(max(0, left - 4 * (slots - 1)), min(4, left) + 1):
            prefix.append(count)
            extend(prefix, left - count)
            prefix.pop()

    extend([], size)
    return tuple(out)


def _add_group(counts: list[int], kinds: Sequence[int]) -> bool:
    for k in kinds:
        counts[k] += 1
    if any(counts[k] > 4 for k in kinds):
        for k in kinds:
            counts[k] -= 1
        return False
    return True


def _random_group(rng: random.Random, main: int, *, pair: bool, honors: bool) -> list[int]:
    """A run, triplet or pair, in the main suit most of the time."""
    roll = rng.random()
    if honors and roll < 0.12:
        kind = 27 + rng.randrange(7)
        return [kind] * (2 if pair else 3)
    suit = main if roll < 0.68 else rng.choice([0, 1, 2])
    base = 9 * suit
    if pair:
        return [base + rng.randrange(9)] * 2
    if rng.random() < 0.62:
        start = base + rng.randrange(7)
        return [start, start + 1, start + 2]
    return [base + rng.randrange(9)] * 3


def complete_hand(rng: random.Random, sets: int, *, honors: bool = True) -> list[int] | None:
    """Counts of a random complete hand of ``sets`` sets and a pair (None on a clash)."""
    counts = [0] * 34
    main = rng.randrange(3)
    for i in range(sets + 1):
        for _ in range(20):
            if _add_group(counts, _random_group(rng, main, pair=i == sets, honors=honors)):
                break
        else:
            return None
    return counts


def seven_pairs_hand(rng: random.Random) -> list[int]:
    counts = [0] * 34
    for kind in rng.sample(range(34), 7):
        counts[kind] = 2
    return counts


def remove_random(rng: random.Random, counts: list[int]) -> list[int]:
    kinds = [k for k, c in enumerate(counts) for _ in range(c)]
    out = list(counts)
    out[rng.choice(kinds)] -= 1
    return out


def swap_related(rng: random.Random, counts: list[int], n: int) -> list[int] | None:
    """Take ``n`` random tiles out and put in ``n`` tiles close to ones left in the hand
    (the same kind, or a number one or two away in the same suit), so that the hand
    keeps several plausible shapes."""
    out = list(counts)
    for _ in range(n):
        out = remove_random(rng, out)
    for _ in range(n):
        held = [k for k, c in enumerate(out) if c]
        anchor = rng.choice(held)
        if anchor >= 27:
            options = [anchor]
        else:
            base = anchor - anchor % 9
            options = [k for k in range(anchor - 2, anchor + 3) if base <= k < base + 9]
        choices = [k for k in options if out[k] < 4]
        if not choices:
            return None
        out[rng.choice(choices)] += 1
    return out if out != counts else None


def suits_used(counts: Sequence[int]) -> int:
    """How many of the four groups (three suits, honors) the hand uses."""
    groups = (range(0, 9), range(9, 18), range(18, 27), range(27, 34))
    return sum(1 for g in groups if any(counts[k] for k in g))


def tiles_of(counts: Sequence[int]) -> tuple[Tile, ...]:
    return tuple(STANDARD_TILES[k] for k, c in enumerate(counts) for _ in range(c))


def counts_of(tiles: Sequence[Tile]) -> list[int]:
    counts = [0] * 34
    for t in tiles:
        counts[t.kind] += 1
    return counts


def identity(counts: Sequence[int]) -> tuple:
    """The same key for a hand, its mirror images and its suit, wind or dragon swaps."""
    suits = []
    for base in (0, 9, 18):
        c = tuple(counts[base : base + 9])
        suits.append(min(c, c[::-1]))
    winds = tuple(sorted(counts[27:31]))
    dragons = tuple(sorted(counts[31:34]))
    return (tuple(sorted(suits)), winds, dragons)
