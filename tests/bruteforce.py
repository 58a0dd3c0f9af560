"""Small, slow, obviously-correct implementations that the engines are checked against.

Nothing here is shared with ``generator/tilepress/``: complete hands are found by plain recursion,
and shanten by a breadth-first search over tile exchanges.
"""

from __future__ import annotations

import itertools
from collections import deque
from functools import cache


@cache
def splits_into_sets(counts: tuple[int, ...]) -> bool:
    """Whether one suit's counts split into runs and triplets."""
    if not any(counts):
        return True
    i = next(k for k, c in enumerate(counts) if c)
    c = list(counts)
    if c[i] >= 3:
        c[i] -= 3
        if splits_into_sets(tuple(c)):
            return True
        c[i] += 3
    if i + 2 < len(c) and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        if splits_into_sets(tuple(c)):
            return True
    return False


def one_suit_complete(counts: tuple[int, ...]) -> bool:
    """A one-suit hand of 3k+2 tiles: sets and a pair, or seven different pairs."""
    if sum(counts) % 3 != 2 or max(counts) > 4:
        return False
    for i, c in enumerate(counts):
        if c >= 2:
            rest = list(counts)
            rest[i] -= 2
            if splits_into_sets(tuple(rest)):
                return True
    return sum(counts) == 14 and all(c in (0, 2) for c in counts)


def one_suit_waits(counts: tuple[int, ...]) -> list[int]:
    """Ranks (0-8) that complete a one-suit hand of 3k+1 tiles."""
    result = []
    for r in range(9):
        if counts[r] < 4:
            c = list(counts)
            c[r] += 1
            if one_suit_complete(tuple(c)):
                result.append(r)
    return result


def one_suit_hands(size: int) -> list[tuple[int, ...]]:
    """Every one-suit hand of ``size`` tiles as counts per rank."""
    return [v for v in itertools.product(range(5), repeat=9) if sum(v) == size]


def one_suit_shanten(size: int) -> dict[tuple[int, ...], int]:
    """Exact shanten of every one-suit hand of 3k+1 tiles: the least number of tile
    exchanges (within the suit) after which the hand has a wait."""
    hands = one_suit_hands(size)
    dist: dict[tuple[int, ...], int] = {}
    queue: deque[tuple[int, ...]] = deque()
    for h in hands:
        if one_suit_waits(h):
            dist[h] = 0
            queue.append(h)
    while queue:
        h = queue.popleft()
        for out in range(9):
            if not h[out]:
                continue
            for into in range(9):
                if into == out or h[into] == 4:
                    continue
                c = list(h)
                c[out] -= 1
                c[into] += 1
                t = tuple(c)
                if t not in dist:
                    dist[t] = dist[h] + 1
                    queue.append(t)
    return dist


def complete_any(counts: list[int]) -> bool:
    """A hand over the 34 standard kinds: sets and a pair, seven pairs, thirteen orphans."""
    n = sum(counts)
    if n % 3 != 2 or max(counts) > 4:
        return False
    for i, c in enumerate(counts):
        if c >= 2:
            rest = list(counts)
            rest[i] -= 2
            if all(splits_into_sets(tuple(rest[s : s + 9])) for s in (0, 9, 18)) and all(
                rest[k] in (0, 3) for k in range(27, 34)
            ):
                return True
    if n == 14 and all(c in (0, 2) for c in counts):
        return True
    orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
    return n == 14 and all(counts[k] for k in orphans) and sum(counts[k] for k in orphans) == 14


def waits_any(counts: list[int]) -> list[int]:
    """The kinds (0-33, ascending) whose fifth copy is not needed and that make the hand
    of 34 counts complete by :func:`complete_any`."""
    found = []
    for k in range(34):
        if counts[k] < 4:
            counts[k] += 1
            if complete_any(counts):
                found.append(k)
            counts[k] -= 1
    return found


def group_plans(ranks: int, runs: bool) -> dict[tuple[int, int], list[tuple[int, ...]]]:
    """Every plan of one group (``ranks`` kinds; runs of three if ``runs``): for j = 0..4
    sets and p = 0..1 pairs, the count vectors of j sets plus p pairs, no kind above 4."""
    shapes = [tuple(3 if i == r else 0 for i in range(ranks)) for r in range(ranks)]
    if runs:
        shapes += [tuple(1 if r <= i <= r + 2 else 0 for i in range(ranks))
                   for r in range(ranks - 2)]
    plans: dict[tuple[int, int], list[tuple[int, ...]]] = {}
    for j in range(5):
        held = set()
        for combo in itertools.combinations_with_replacement(shapes, j):
            counts = tuple(sum(col) for col in zip(*combo, strict=True)) if combo \
                else (0,) * ranks
            held.add(counts)
        with_pair = {tuple(c + 2 * (i == r) for i, c in enumerate(counts))
                     for counts in held for r in range(ranks)}
        plans[(j, 0)] = sorted(c for c in held if max(c) <= 4)
        plans[(j, 1)] = sorted(c for c in with_pair if max(c) <= 4)
    return plans


def plan_costs(patterns, ranks: int, runs: bool):
    """For each pattern (counts of one group), the least tiles to add so that it holds
    j sets and p pairs: min over the plans W of sum(max(0, W - pattern)). A numpy
    array (patterns, 10) indexed 2 * j + p."""
    import numpy as np

    plans = group_plans(ranks, runs)
    x = np.array(patterns, dtype=np.int16)[:, None, :]
    out = np.zeros((len(patterns), 10), dtype=np.int16)
    for (j, p), vectors in plans.items():
        w = np.array(vectors, dtype=np.int16)[None, :, :]
        out[:, 2 * j + p] = np.maximum(w - x, 0).sum(-1).min(1)
    return out


@cache
def complete_hands(sets: int):
    """Every complete standard hand of ``sets`` sets and a pair (sets <= 2), as a numpy
    array of counts over the 34 kinds, no kind above 4."""
    import numpy as np

    shapes = [tuple(3 * (i == k) for i in range(34)) for k in range(34)]
    shapes += [tuple(1 if k <= i <= k + 2 else 0 for i in range(34))
               for s in (0, 9, 18) for k in range(s, s + 7)]
    pairs = np.array([[2 * (i == k) for i in range(34)] for k in range(34)], dtype=np.int16)
    bodies = np.array([tuple(map(sum, zip(*c, strict=True))) if c else (0,) * 34
                       for c in itertools.combinations_with_replacement(shapes, sets)],
                      dtype=np.int16)
    hands = (bodies[:, None, :] + pairs[None, :, :]).reshape(-1, 34)
    return hands[hands.max(1) <= 4]


def small_shanten(counts: list[int]) -> int:
    """Shanten of a mixed hand of 4, 5, 7 or 8 tiles (one or two sets and a pair; the
    other forms need 14): the fewest tiles any complete hand of that size lacks, less one."""
    import numpy as np

    hands = complete_hands(sum(counts) // 3)
    return int(np.maximum(hands - np.array(counts, dtype=np.int16), 0).sum(1).min()) - 1


def solitaire_winnable(over, left, right, groups) -> bool:
    """Whether a small solitaire deal can be cleared: every order of moves is tried.

    ``over``/``left``/``right`` are, for each position, the sets of positions lying on it
    and touching its sides; ``groups`` says which tiles match."""
    return solitaire_win(over, left, right, groups)(frozenset(range(len(groups))))


def solitaire_win(over, left, right, groups):
    """Whether a position (the set of tiles in place) of a small solitaire deal can be
    cleared, as a function (remembering what it found; see :func:`solitaire_winnable`)."""

    def free(rem, i):
        if any(j in rem for j in over[i]):
            return False
        return not any(j in rem for j in left[i]) or not any(j in rem for j in right[i])

    @cache
    def win(rem: frozenset) -> bool:
        if not rem:
            return True
        f = [i for i in rem if free(rem, i)]
        for x in range(len(f)):
            for y in range(x + 1, len(f)):
                a, b = f[x], f[y]
                if groups[a] == groups[b] and win(rem - {a, b}):
                    return True
        return False

    return win


# -- Mint Tin Mahjong ------------------------------------------------------------------
# Cards as codes: 0-8 the numbers 1-9, 9-11 the dragons of Sword, Moon, Fire, 12 joker.

MT_CATEGORIES = ((1, 2, 3, 4, 5, 6, 7, 8, 9), (1, 3, 5, 7, 9), (2, 4, 6, 8))


def mint_tin_patterns() -> set[tuple[int, ...]]:
    """Sorted block sizes: 2-5 cards each, 14 in all, exactly two different sizes."""
    out = set()
    for n in range(2, 8):
        for sizes in itertools.combinations_with_replacement((2, 3, 4, 5), n):
            if sum(sizes) == 14 and len(set(sizes)) == 2:
                out.add(sizes)
    return out


def mint_tin_sets() -> set[frozenset[int]]:
    """Sets of numbers: a subset of a category, at least 3, consecutive around the
    circle -- found by testing every subset, not by sliding a window."""
    out = set()
    for seq in MT_CATEGORIES:
        n = len(seq)
        for k in range(3, n + 1):
            for subset in itertools.combinations(range(n), k):
                chosen = set(subset)
                # consecutive on a circle: exactly one gap in the circle of positions,
                # or no gap at all (the whole category)
                gaps = sum(1 for i in range(n) if i in chosen and (i + 1) % n not in chosen)
                if gaps == 1 or k == n:
                    out.add(frozenset(seq[i] for i in subset))
    return out


Reading = tuple[tuple[int, int, int], ...]
"""A way to read 14 cards as blocks: (face, size, jokers) for each block."""


@cache
def mint_tin_readings(max_jokers: int = 4) -> dict[tuple[int, ...], dict[Reading | None, int]]:
    """Every 14-card hand (counts of the 13 cards) that makes a valid shape, with every
    reading of it as blocks and that reading's score from its blocks and special hands
    (no round bonuses): built from the rules, pattern by pattern, set by set, joker by
    joker. The Epic Hand is read as ``None`` (it has no blocks)."""
    suit = {n: (n - 1) // 3 for n in range(1, 10)}
    out: dict[tuple[int, ...], dict[Reading | None, int]] = {}
    patterns = mint_tin_patterns()
    for numbers in mint_tin_sets():
        suits = sorted({suit[n] for n in numbers})
        for k in range(len(suits) + 1):
            for dragons in itertools.combinations(suits, k):
                faces = [n - 1 for n in sorted(numbers)] + [9 + d for d in dragons]
                for sizes in patterns:
                    if len(sizes) != len(faces):
                        continue
                    for order in set(itertools.permutations(sizes)):
                        points = (1 if 4 in order else 0) + order.count(5)
                        if len(suits) == 1 and list(dragons) == suits:
                            points += 2
                        elif len(faces) == 6 and len(numbers) == 3 and len(suits) == 3:
                            points += 3
                        # jokers per block: none in a pair, at least one natural card,
                        # no more than four natural cards of a face
                        ranges = [range(0, 1) if s == 2 else range(max(0, s - 4), s)
                                  for s in order]
                        for jokers in itertools.product(*ranges):
                            if sum(jokers) > max_jokers:
                                continue
                            counts = [0] * 13
                            for f, s, j in zip(faces, order, jokers, strict=True):
                                counts[f] = s - j
                            counts[12] = sum(jokers)
                            reading = tuple(sorted(zip(faces, order, jokers, strict=True)))
                            out.setdefault(tuple(counts), {})[reading] = points
    epic = tuple([1] * 12 + [2])
    out.setdefault(epic, {})[None] = 7
    return out


@cache
def mint_tin_winning_hands(max_jokers: int = 4) -> dict[tuple[int, ...], int]:
    """Every 14-card hand that makes a valid shape, with its best score (no exposures)."""
    return {counts: max(readings.values())
            for counts, readings in mint_tin_readings(max_jokers).items()}


def mint_tin_score_exposed(counts: tuple[int, ...],
                           exposed: tuple[tuple[int, int, int], ...]) -> int:
    """The best score of 14 cards (``counts`` include the exposed cards) when the blocks
    ``exposed`` -- (face, size, jokers) each -- are set: a reading counts only if each
    exposed block is one of its blocks exactly, jokers included. -1: no such reading."""
    best = -1
    for reading, points in mint_tin_readings().get(tuple(counts), {}).items():
        # the Epic Hand has no blocks, so nothing of it can be exposed
        fits = not exposed if reading is None else all(b in reading for b in exposed)
        if fits:
            best = max(best, points)
    return best
