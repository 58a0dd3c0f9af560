"""How a standard hand splits into groups: complete hands and their decompositions, the
waits of a hand read from the tables, the winning hand each wait shows (worked out only
when read), and the readings of a ready hand as complete groups plus a waiting shape.
Hands here are 34 counts (bytes or a list), kinds 0-8 m, 9-17 p, 18-26 s, 27-33 z."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache, lru_cache
from operator import attrgetter
from typing import Any

from tilepress.engine.standard_classes import group_states, winning_kinds
from tilepress.engine.standard_tables import ORPHANS as _ORPHANS
from tilepress.engine.standard_tables import counts_of_codes
from tilepress.engine.standard_values import (
    FORMS,
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_ORPHANS,
    Decomposition,
    Group,
    Reading,
)
from tilepress.tiles import STANDARD_TILES, Tile, sort_tiles


def _is_standard_complete(counts: Sequence[int]) -> bool:
    return group_states(counts if type(counts) is bytes else bytes(counts)) == 1


def _is_seven_pairs(counts: Sequence[int]) -> bool:
    return sum(counts) == 14 and all(c in (0, 2) for c in counts)


def _is_thirteen_orphans(counts: Sequence[int]) -> bool:
    if sum(counts) != 14 or any(counts[k] == 0 for k in _ORPHANS):
        return False
    return sum(counts[k] for k in _ORPHANS) == 14


def complete_counts(counts: Sequence[int]) -> bool:
    return (
        _is_standard_complete(counts) or _is_seven_pairs(counts) or _is_thirteen_orphans(counts)
    )


_Split = tuple[tuple[str, int], ...]


@lru_cache(maxsize=65536)
def _suit_splits(counts: tuple[int, ...], need_pair: bool) -> tuple[_Split, ...]:
    """Every way to split one suit's counts into sets (and a pair if ``need_pair``);
    each way is a sorted tuple of (shape, rank index) with shape run/triplet/pair."""
    first = next((i for i, c in enumerate(counts) if c), None)
    if first is None:
        return ((),) if not need_pair else ()
    found: set[tuple[tuple[str, int], ...]] = set()
    c = list(counts)
    options: list[tuple[str, tuple[int, ...], bool]] = []
    if c[first] >= 3:
        options.append(("triplet", (first, first, first), need_pair))
    if first <= 6 and c[first + 1] and c[first + 2]:
        options.append(("run", (first, first + 1, first + 2), need_pair))
    if need_pair and c[first] >= 2:
        options.append(("pair", (first, first), False))
    for shape, ranks, still_need in options:
        rest = c[:]
        for r in ranks:
            rest[r] -= 1
        for tail in _suit_splits(tuple(rest), still_need):
            found.add(tuple(sorted(((shape, first), *tail))))
    return tuple(sorted(found))


def _standard_splits(counts: Sequence[int]) -> list[list[tuple[str, int]]]:
    """Splits of a complete standard hand as (shape, kind) lists."""
    per_group: list[list[tuple[bool, tuple[tuple[str, int], ...]]]] = []
    for g, start in enumerate((0, 9, 18)):
        suit = tuple(counts[start : start + 9])
        options = []
        for need_pair in (False, True):
            for split in _suit_splits(suit, need_pair):
                options.append((need_pair, tuple((s, r + 9 * g) for s, r in split)))
        per_group.append(options)
    honors: list[tuple[str, int]] = []
    honor_pairs = 0
    for kind in range(27, 34):
        if counts[kind] == 3:
            honors.append(("triplet", kind))
        elif counts[kind] == 2:
            honors.append(("pair", kind))
            honor_pairs += 1
        elif counts[kind]:
            return []
    result = []
    for combo in itertools.product(*per_group):
        if sum(p for p, _ in combo) + honor_pairs != 1:
            continue
        result.append([g for _, split in combo for g in split] + honors)
    return result


_SHAPE_SPAN = {"run": (0, 1, 2), "triplet": (0, 0, 0), "pair": (0, 0)}


@cache
def _group(shape: str, kind: int) -> Group:
    return Group(shape, tuple(STANDARD_TILES[kind + d] for d in _SHAPE_SPAN[shape]))


def decompose_counts(counts: Sequence[int]) -> list[Decomposition]:
    return list(_decompositions_of(counts if type(counts) is bytes else bytes(counts)))


@lru_cache(maxsize=4096)
def _decompositions_of(counts: bytes) -> tuple[Decomposition, ...]:
    result = []
    for split in _standard_splits(counts):
        ordered = sorted(split, key=lambda g: (g[0] == "pair", g[1], g[0]))
        result.append(Decomposition(STANDARD, tuple(_group(s, k) for s, k in ordered)))
    if _is_seven_pairs(counts):
        pairs = tuple(_group("pair", k) for k in range(34) if counts[k])
        result.append(Decomposition(SEVEN_PAIRS, pairs))
    if _is_thirteen_orphans(counts):
        tiles = tuple(STANDARD_TILES[k] for k in _ORPHANS for _ in range(counts[k]))
        result.append(Decomposition(THIRTEEN_ORPHANS, (Group("orphans", tiles),)))
    return tuple(result)

@lru_cache(maxsize=8192)
def _best_of(h: bytes, kind: int) -> Decomposition:
    """The decomposition a wait shows: standard form first, the most triplets the hand
    already holds kept whole, then the first in notation order."""
    counts = list(h)
    counts[kind] += 1
    options = decompose_counts(counts)
    counts[kind] -= 1
    triplets = [k for k in range(34) if counts[k] >= 3]

    def key(d: Decomposition) -> tuple:
        kept = sum(
            1 for k in triplets for g in d.groups if g.shape == "triplet" and g.tiles[0].kind == k
        )
        return (FORMS.index(d.form), -kept, str(d))

    return min(options, key=key)


def best_decomposition(counts: Sequence[int], kind: int) -> Decomposition:
    return _best_of(bytes(counts), kind)

class Wait:
    """A tile that completes a ready hand, with how many of it are unseen, and one way
    the hand wins on it: an immutable value (``Wait(tile, left, decomposition)``). The
    waits :func:`standard.waits` makes find their decomposition when it is first read,
    from the hand they keep (so that a wait list costs little more than its tiles)."""

    __slots__ = ("_decomposition", "_left", "_source", "_tile")
    __match_args__ = ("tile", "left", "decomposition")

    tile: Tile = property(attrgetter("_tile"),  # type: ignore[assignment]
                          doc="The winning tile.")
    left: int = property(attrgetter("_left"),  # type: ignore[assignment]
                         doc="Copies of it not in the hand, its kans or the visible tiles.")

    def __init__(self, tile: Tile, left: int, decomposition: Decomposition) -> None:
        self._tile = tile
        self._left = left
        self._decomposition = decomposition

    @property
    def decomposition(self) -> Decomposition:
        """One way the hand wins on this tile (complete groups, winning tile included)."""
        try:
            return self._decomposition
        except AttributeError:
            source = self._source  # the hand's 34 counts, or its four groups' codes
            counts = counts_of_codes(source) if type(source) is tuple else source
            self._decomposition = _best_of(counts, self._tile.kind)
            return self._decomposition

    def _key(self) -> tuple[Tile, int, Decomposition]:
        return (self._tile, self._left, self.decomposition)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Wait:
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Wait(tile={self._tile!r}, left={self._left!r}, "
                f"decomposition={self.decomposition!r})")

    def __reduce__(self) -> tuple[type, tuple[Tile, int, Decomposition]]:
        return (Wait, self._key())


def new_waits(counts: bytes, kinds: Sequence[int], seen: Sequence[int] | None = None
              ) -> tuple[Wait, ...]:
    """The waits on ``kinds`` of a hand of 34 ``counts`` (bytes), each with 4 less the
    copies ``seen`` (by default those in the hand); their winning hands are worked out
    only when first read."""
    seen = counts if seen is None else seen
    found = []
    for kind in kinds:
        wait = _NEW(Wait)
        wait._tile = STANDARD_TILES[kind]
        wait._left = 4 - seen[kind]
        wait._source = counts
        found.append(wait)
    return tuple(found)


#: For each kind: its tile, its group (m, p, s, z) and its digit's weight in the group's
#: code.
_CODE_DIGIT = tuple((STANDARD_TILES[k], min(k // 9, 3), 5 ** (8 - k % 9) if k < 27
                     else 5 ** (33 - k)) for k in range(34))


def code_waits(codes: tuple[int, int, int, int], kinds: Sequence[int], *,
               _digits: tuple[tuple[Tile, int, int], ...] = _CODE_DIGIT,
               _new: Any = object.__new__,
               _wait: type[Wait] = Wait) -> tuple[Wait, ...]:
    """:func:`new_waits` of a hand given as its four groups' base-5 codes (the copies of
    a kind in the hand are a digit of its group's code). (The keywords bind what it
    reads as locals: it runs for nearly every hand read.)"""
    found = []
    for kind in kinds:
        tile, g, weight = _digits[kind]
        wait = _new(_wait)
        wait._tile = tile
        wait._left = 4 - codes[g] // weight % 5
        wait._source = codes
        found.append(wait)
    return tuple(found)


_NEW = object.__new__


def _shape_waits(tiles: tuple[Tile, ...]) -> tuple[str, tuple[int, ...]]:
    if len(tiles) == 1:
        return "single", (tiles[0].kind,)
    a, b = sorted(t.kind for t in tiles)
    if a == b:
        return "pair", (a,)
    number = a % 9
    if b == a + 2:
        return "closed", (a + 1,)
    if number == 0:
        return "edge", (b + 1,)
    if number == 7:
        return "edge", (a - 1,)
    return "two-sided", (a - 1, b + 1)

@lru_cache(maxsize=4096)
def readings_of(h: bytes) -> tuple[Reading, ...]:
    counts = list(h)
    valid = set(winning_kinds(counts))
    found: dict[tuple, Reading] = {}
    for kind in sorted(valid):
        counts[kind] += 1
        options = decompose_counts(counts)
        counts[kind] -= 1
        for dec in options:
            if dec.form == THIRTEEN_ORPHANS:
                tiles = tuple(t for t in dec.groups[0].tiles)
                rest = list(tiles)
                rest.remove(STANDARD_TILES[kind])
                shape_waits = tuple(k for k in valid if k in _ORPHANS)
                found[("orphans", tuple(rest))] = Reading(
                    (Group("thirteen orphans", tuple(rest)),),
                    tuple(STANDARD_TILES[k] for k in shape_waits),
                )
                continue
            for index, group in enumerate(dec.groups):
                if STANDARD_TILES[kind] not in group.tiles:
                    continue
                partial = list(group.tiles)
                partial.remove(STANDARD_TILES[kind])
                shape, shape_kinds = _shape_waits(tuple(partial))
                others = [g for i, g in enumerate(dec.groups) if i != index]
                if shape == "pair":
                    # the other pair of a dual-pung wait is a waiting shape too
                    pairs = [g for g in others if g.shape == "pair"]
                    if not pairs:
                        continue
                    shape = "dual pung"
                    shape_kinds = (kind, pairs[0].tiles[0].kind)
                    others = [g for g in others if g is not pairs[0]]
                    partial = sorted([*partial, *pairs[0].tiles])
                wait_kinds = tuple(sorted(k for k in shape_kinds if k in valid))
                groups = (*sorted(others, key=_group_key), Group(shape, tuple(sort_tiles(partial))))
                key = tuple((g.shape, g.tiles) for g in groups)
                found.setdefault(key, Reading(groups, tuple(STANDARD_TILES[k] for k in wait_kinds)))
    return tuple(sorted(found.values(), key=lambda r: (len(r.waits) * -1, str(r))))


def _group_key(g: Group) -> tuple:
    return (g.shape == "pair", g.tiles[0].kind, g.shape)


__all__ = [
    "Wait",
    "best_decomposition",
    "code_waits",
    "complete_counts",
    "decompose_counts",
    "new_waits",
    "readings_of",
    "winning_kinds",
]
