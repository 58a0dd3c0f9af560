"""Small, slow, obviously-correct implementations that the engines are checked against.

Nothing here is shared with ``generator/``: complete hands are found by plain recursion,
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


def solitaire_winnable(over, left, right, groups) -> bool:
    """Whether a small solitaire deal can be cleared: every order of moves is tried.

    ``over``/``left``/``right`` are, for each position, the sets of positions lying on it
    and touching its sides; ``groups`` says which tiles match."""
    n = len(groups)

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

    return win(frozenset(range(n)))
