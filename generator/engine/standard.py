"""The standard mahjong hand: sets and a pair, seven pairs, thirteen orphans.

A *complete* hand of 3k+2 tiles is k sets (runs of three in a suit, or three of a
kind) plus one pair; 14 tiles may also be seven different pairs, or one of each
terminal and honor plus a second copy of one of them (thirteen orphans). A hand of
3k+1 tiles is *ready* when some tile completes it; those tiles are its *waits*. A tile
of which the hand holds all four copies is never a wait.

*Shanten* counts tile exchanges: a ready hand is 0, a complete hand is -1, and every
other hand is the least number of tiles to swap before it is ready. tilepress computes
it exactly, so that a plan needing a fifth copy of a tile never counts: the shanten of
a hand H is ``min |W - H| - 1`` over the complete hands W of the right size.

Declared kans are set aside: pass only the concealed tiles, and give the kans as
``kans=`` so that their tiles are counted as seen.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from generator.errors import HandError, NotationError
from generator.tiles import (
    STANDARD_TILES,
    Tile,
    check_copies,
    format_tiles,
    parse_tiles,
    sort_tiles,
)

__all__ = [
    "DiscardOption",
    "Group",
    "Hand",
    "HandAnalysis",
    "Reading",
    "Wait",
    "analyze",
    "decompositions",
    "discard_table",
    "improving_tiles",
    "is_complete",
    "readings",
    "shanten",
    "shanten_by_form",
    "waits",
]

STANDARD = "standard"
SEVEN_PAIRS = "seven pairs"
THIRTEEN_ORPHANS = "thirteen orphans"
FORMS = (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS)

_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_SUIT_OF_GROUP = "mpsz"
_orphan_counts = operator.itemgetter(*_ORPHANS)


# ---------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Group:
    """A group of tiles in a hand: a set, a pair, or a waiting shape.

    ``shape`` is one of ``run``, ``triplet``, ``kan``, ``pair``, ``orphans`` for complete
    groups and ``single``, ``two-sided``, ``closed``, ``edge`` for the waiting shape of a
    reading (see :func:`readings`).
    """

    shape: str
    tiles: tuple[Tile, ...]

    def __str__(self) -> str:
        return format_tiles(self.tiles)


@dataclass(frozen=True, slots=True)
class Decomposition:
    """A complete hand split into its groups (``form`` is one of :data:`FORMS`)."""

    form: str
    groups: tuple[Group, ...]

    def __str__(self) -> str:
        return " ".join(str(g) for g in self.groups)


@dataclass(frozen=True, slots=True)
class Reading:
    """A ready hand read as complete groups plus one waiting shape.

    ``waits`` are the tiles that complete the waiting shape (``shape``), which is the last
    group of ``groups``. A hand may have several readings; together they show every wait.
    """

    groups: tuple[Group, ...]
    waits: tuple[Tile, ...]

    @property
    def shape(self) -> str:
        return self.groups[-1].shape

    def __str__(self) -> str:
        return " ".join(str(g) for g in self.groups)


@dataclass(frozen=True, slots=True)
class Wait:
    """A tile that completes a ready hand, with how many of it are unseen."""

    tile: Tile
    left: int
    decomposition: Decomposition
    """One way the hand wins on this tile (complete groups, winning tile included)."""


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One row of a wait calculator's discard table for a 14-tile hand."""

    discard: Tile
    shanten: int
    tiles: tuple[tuple[Tile, int], ...]
    """Waits (shanten 0) or improving tiles, each with the number still unseen."""

    @property
    def total(self) -> int:
        return sum(n for _, n in self.tiles)


@dataclass(frozen=True)
class Hand:
    """Concealed tiles plus declared kans, written ``"1233445m [7777p]"``."""

    tiles: tuple[Tile, ...]
    kans: tuple[tuple[Tile, ...], ...] = ()

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read a hand; declared kans go in square brackets after the concealed tiles."""
        if not isinstance(text, str):
            raise NotationError(f"expected a hand string, got {type(text).__name__}")
        concealed, kans = _split_brackets(text)
        tiles = parse_tiles(concealed)
        kan_groups = []
        for offset, body in kans:
            group = parse_tiles(body)
            if len(group) != 4 or len({t.kind for t in group}) != 1:
                raise HandError(
                    f"bad kan [{body}] at position {offset}: a kan is four copies of one tile"
                )
            kan_groups.append(group)
        hand = cls(tiles, tuple(kan_groups))
        hand.check()
        return hand

    def check(self) -> None:
        """Raise :class:`HandError` for a hand no real set could hold."""
        for tile in self.all_tiles:
            if tile.kind >= 34:
                raise HandError(f"{tile} ({tile.name}) has no place in a sets-and-a-pair hand")
        check_copies(self.all_tiles)

    @property
    def all_tiles(self) -> tuple[Tile, ...]:
        return self.tiles + tuple(t for kan in self.kans for t in kan)

    def __str__(self) -> str:
        text = format_tiles(self.tiles)
        return " ".join([text, *(f"[{format_tiles(k)}]" for k in self.kans)]).strip()


def _split_brackets(text: str) -> tuple[str, list[tuple[int, str]]]:
    concealed: list[str] = []
    kans: list[tuple[int, str]] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char == "[":
            end = text.find("]", i)
            if end < 0:
                raise NotationError(f"bad hand {text!r}: '[' at position {i + 1} is never closed")
            kans.append((i + 1, text[i + 1 : end]))
            concealed.append(" ")
            i = end + 1
        elif char == "]":
            raise NotationError(f"bad hand {text!r}: ']' at position {i + 1} has no '['")
        else:
            concealed.append(char)
            i += 1
    return "".join(concealed), kans


# ---------------------------------------------------------------------------
# Counting helpers
# ---------------------------------------------------------------------------


def _as_hand(hand: Hand | str | Iterable[Tile]) -> Hand:
    if isinstance(hand, Hand):
        return hand
    if isinstance(hand, str):
        return Hand.parse(hand)
    result = Hand(tuple(hand))
    result.check()
    return result


def _counts(tiles: Iterable[Tile]) -> list[int]:
    counts = [0] * 34
    for tile in tiles:
        counts[tile.kind] += 1
    return counts


def _check_size(n: int, *, complete: bool | None = None) -> int:
    """The number of sets k for a hand of ``n`` concealed tiles (3k+1 or 3k+2)."""
    if n % 3 == 0 or n > 14:
        sizes = "1, 4, 7, 10 or 13 tiles (or one more, 14 at most)"
        raise HandError(f"a hand of {n} tiles cannot be played; a hand has {sizes}")
    if complete is True and n % 3 != 2:
        raise HandError(f"a complete hand has 2, 5, 8, 11 or 14 tiles, not {n}")
    if complete is False and n % 3 != 1:
        raise HandError(f"a hand waiting for one tile has 1, 4, 7, 10 or 13 tiles, not {n}")
    return n // 3


# ---------------------------------------------------------------------------
# Complete hands: lookup tables of one suit, keyed by the suit's counts as bytes
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _SuitTables:
    only_sets: frozenset[bytes]
    """Counts of one suit that split into sets only (the empty suit included)."""
    with_pair: frozenset[bytes]
    """Counts of one suit that split into sets and one pair."""
    waits: dict[bytes, tuple[tuple[int, ...], tuple[int, ...]]]
    """Counts one tile short of either: the ranks that complete them, as
    (ranks giving sets and a pair, ranks giving sets only)."""


@lru_cache(maxsize=1)
def _suit_tables() -> _SuitTables:
    sets = [tuple(1 if r in (s, s + 1, s + 2) else 0 for r in range(9)) for s in range(7)]
    sets += [tuple(3 if r == s else 0 for r in range(9)) for s in range(9)]
    only_sets: set[bytes] = set()
    for j in range(5):
        for combo in itertools.combinations_with_replacement(sets, j):
            counts = [sum(col) for col in zip(*combo, strict=False)] if combo else [0] * 9
            if max(counts) <= 4:
                only_sets.add(bytes(counts))
    with_pair: set[bytes] = set()
    for key in only_sets:
        for r in range(9):
            if key[r] <= 2:
                counts = bytearray(key)
                counts[r] += 2
                with_pair.add(bytes(counts))
    found: dict[bytes, tuple[set[int], set[int]]] = {}
    for which, table in enumerate((with_pair, only_sets)):
        for key in table:
            for r in range(9):
                if key[r]:
                    counts = bytearray(key)
                    counts[r] -= 1
                    found.setdefault(bytes(counts), (set(), set()))[which].add(r)
    waits = {k: (tuple(sorted(a)), tuple(sorted(b))) for k, (a, b) in found.items()}
    return _SuitTables(frozenset(only_sets), frozenset(with_pair), waits)


_NO_WAITS: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())


def _honor_state(counts: Sequence[int]) -> int:
    """0: honors split into triplets; 1: triplets and one pair; 2: neither."""
    pairs = 0
    for kind in range(27, 34):
        c = counts[kind]
        if c == 2:
            pairs += 1
        elif c and c != 3:
            return 2
    return pairs if pairs <= 1 else 2


def _suit_state(tables: _SuitTables, key: bytes) -> int:
    if key in tables.only_sets:
        return 0
    return 1 if key in tables.with_pair else 2


def _is_standard_complete(counts: Sequence[int]) -> bool:
    tables = _suit_tables()
    heads = 0
    for start in (0, 9, 18):
        state = _suit_state(tables, bytes(counts[start : start + 9]))
        if state == 2:
            return False
        heads += state
    state = _honor_state(counts)
    return state != 2 and heads + state == 1


def _is_seven_pairs(counts: Sequence[int]) -> bool:
    return sum(counts) == 14 and all(c in (0, 2) for c in counts)


def _is_thirteen_orphans(counts: Sequence[int]) -> bool:
    if sum(counts) != 14 or any(counts[k] == 0 for k in _ORPHANS):
        return False
    return sum(counts[k] for k in _ORPHANS) == 14


def _complete_counts(counts: Sequence[int]) -> bool:
    return (
        _is_standard_complete(counts) or _is_seven_pairs(counts) or _is_thirteen_orphans(counts)
    )


def is_complete(hand: Hand | str | Iterable[Tile]) -> bool:
    """Whether the concealed tiles form a complete hand (any of the three forms)."""
    h = _as_hand(hand)
    _check_size(len(h.tiles), complete=True)
    return _complete_counts(_counts(h.tiles))


def winning_kinds(counts: list[int]) -> list[int]:
    """Kinds that complete a hand of 3k+1 tiles given as 34 counts (the fast path of
    :func:`waits`).

    Split the hand into four groups (three suits and the honors) and look at each
    group's size modulo 3. The winning tile goes into one group; afterwards every group
    of size 3n must split into sets and exactly one group of size 3n+2 into sets and the
    pair. So either one group has size 3n+1 (it takes the tile and the pair, the others
    are sets), or two groups have size 3n+2 (one takes the tile and becomes sets, the
    other holds the pair)."""
    tables = _TABLES[0] if _TABLES else _load_tables()
    total = sum(counts)
    for g in (0, 1, 2):
        key = bytes(counts[9 * g : 9 * g + 9])
        if sum(key) == total:  # one suit only: a table lookup (and seven pairs)
            found = [9 * g + r for r in tables.waits.get(key, _NO_WAITS)[0]]
            if total == 13 and counts.count(1) == 1 and counts.count(2) == 6:
                found = sorted({*found, counts.index(1)})
            return found
        if sum(key):
            break
    keys = (bytes(counts[0:9]), bytes(counts[9:18]), bytes(counts[18:27]))
    sizes = [sum(keys[0]), sum(keys[1]), sum(keys[2]), sum(counts[27:34])]
    residues = [n % 3 for n in sizes]
    result: list[int] = []
    # (group taking the tile, does it take the pair too)
    if residues.count(1) == 1 and residues.count(2) == 0:
        plans = [(residues.index(1), True)]
    elif residues.count(1) == 0 and residues.count(2) == 2:
        plans = [(g, False) for g in range(4) if residues[g] == 2]
    else:
        plans = []
    for g, takes_pair in plans:
        if not all(
            _group_state(tables, keys, counts, o) == (1 if residues[o] == 2 else 0)
            for o in range(4) if o != g
        ):
            continue
        if g < 3:
            ranks = tables.waits.get(keys[g], _NO_WAITS)[0 if takes_pair else 1]
            result.extend(9 * g + r for r in ranks)
        else:
            for kind in range(27, 34):
                if counts[kind] in (1, 2):
                    counts[kind] += 1
                    state = _honor_state(counts)
                    counts[kind] -= 1
                    if state == (1 if takes_pair else 0):
                        result.append(kind)
    if total == 13 and counts.count(1) + counts.count(2) >= 7:
        extra = _seven_pairs_wait(counts) + _orphans_waits(counts)
        if extra:
            result = sorted(set(result).union(extra))
    return result


def _group_state(tables: _SuitTables, keys: tuple[bytes, ...], counts: Sequence[int],
                 group: int) -> int:
    """0: the group splits into sets, 1: into sets and a pair, 2: neither."""
    if group == 3:
        return _honor_state(counts) if any(counts[27:34]) else 0
    return _suit_state(tables, keys[group])


_TABLES: list[_SuitTables] = []


def _load_tables() -> _SuitTables:
    _TABLES.append(_suit_tables())
    return _TABLES[0]


def _seven_pairs_wait(counts: list[int]) -> list[int]:
    if counts.count(1) == 1 and counts.count(2) == 6:
        return [counts.index(1)]
    return []


def _orphans_waits(counts: Sequence[int]) -> list[int]:
    if sum(_orphan_counts(counts)) != 13 or max(_orphan_counts(counts)) > 2:
        return []
    missing = [k for k in _ORPHANS if counts[k] == 0]
    if not missing:
        return list(_ORPHANS)
    return missing if len(missing) == 1 else []


# ---------------------------------------------------------------------------
# Decompositions
# ---------------------------------------------------------------------------


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


def _group(shape: str, kind: int) -> Group:
    return Group(shape, tuple(STANDARD_TILES[kind + d] for d in _SHAPE_SPAN[shape]))


def _decompose_counts(counts: Sequence[int]) -> list[Decomposition]:
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
    return result


def decompositions(hand: Hand | str | Iterable[Tile]) -> list[Decomposition]:
    """Every way to read a complete hand as groups (empty if it is not complete)."""
    h = _as_hand(hand)
    _check_size(len(h.tiles), complete=True)
    return _decompose_counts(_counts(h.tiles))


# ---------------------------------------------------------------------------
# Shanten, exactly (no plan may need a fifth copy of a tile)
# ---------------------------------------------------------------------------

_INF = 99
#: Least tiles to add for (no pair, one pair), indexed by the number of sets.
Costs = tuple[tuple[int, int], ...]


def _dp_moves(width: int) -> dict[tuple[int, int, bool], tuple]:
    """Moves of the shanten DP at one rank, for each state (a, b, last rank?).

    a and b are the runs started two ranks and one rank before; a move starts 0-2 runs
    (three identical runs hold the same tiles as three triplets), makes 0-1 triplet and
    0-1 pair, and says how cost slots (sets j, pairs p) shift."""
    moves: dict[tuple[int, int, bool], tuple] = {}
    for a in range(3):
        for b in range(3):
            for last in (False, True):
                options = []
                for trip in (0, 1):
                    for pair in (0, 1):
                        for start in (0,) if last else (0, 1, 2):
                            used = a + b + 3 * trip + 2 * pair + start
                            if used > 4:
                                continue
                            added = trip + start
                            shift = tuple(
                                (j * 2 + p, (j + added) * 2 + p + pair)
                                for j in range(width - added)
                                for p in range(2 - pair)
                            )
                            options.append((used, b, start, shift))
                moves[(a, b, last)] = tuple(options)
    return moves


_MOVES = {width: _dp_moves(width) for width in range(1, 6)}
_EMPTY_COST = {width: (0,) + (_INF,) * (2 * width - 1) for width in range(1, 6)}


@lru_cache(maxsize=1 << 16)
def _suit_tail(counts: tuple[int, ...], a: int, b: int, width: int) -> tuple[int, ...]:
    """Least tiles to add to the ranks ``counts`` (the tail of a suit) so that they hold
    j sets and p pairs, as a flat tuple indexed j*2+p, given runs a and b still open."""
    if not counts:
        return _EMPTY_COST[width]
    held = counts[0]
    rest = counts[1:]
    result = [_INF] * (2 * width)
    for used, next_a, next_b, shift in _MOVES[width][(a, b, len(counts) <= 2)]:
        extra = used - held if used > held else 0
        child = _suit_tail(rest, next_a, next_b, width)
        for src, dst in shift:
            value = child[src] + extra
            if value < result[dst]:
                result[dst] = value
    return tuple(result)


@lru_cache(maxsize=1 << 16)
def _suit_costs(counts: tuple[int, ...], max_sets: int) -> Costs:
    """For one suit, the least number of tiles to add so that the suit holds j sets:
    result[j] = (cost with no pair, cost with one pair), j = 0..max_sets."""
    flat = _suit_tail(counts, 0, 0, max_sets + 1)
    return tuple((flat[j * 2], flat[j * 2 + 1]) for j in range(max_sets + 1))


@lru_cache(maxsize=1 << 14)
def _honor_costs(honors: tuple[int, ...], max_sets: int) -> Costs:
    """Like :func:`_suit_costs` for the seven honors (triplets and pairs only)."""
    width = max_sets + 1
    best = [[_INF, _INF] for _ in range(width)]
    best[0][0] = 0
    for held in honors:
        new = [row[:] for row in best]
        add_set, add_pair = max(0, 3 - held), max(0, 2 - held)
        for j in range(width):
            for p in range(2):
                value = best[j][p]
                if value >= _INF:
                    continue
                if j + 1 < width and value + add_set < new[j + 1][p]:
                    new[j + 1][p] = value + add_set
                if p == 0 and value + add_pair < new[j][1]:
                    new[j][1] = value + add_pair
        best = new
    return tuple((row[0], row[1]) for row in best)


_NOTHING = {k: ((0, _INF),) + ((_INF, _INF),) * k for k in range(5)}


@lru_cache(maxsize=1 << 14)
def _combine(a: Costs, b: Costs) -> Costs:
    """Costs of two groups together: j sets and p pairs split between them."""
    width = len(a)
    out = []
    for j in range(width):
        no_pair = with_pair = _INF
        for i in range(j + 1):
            a0, a1 = a[i]
            b0, b1 = b[j - i]
            if a0 + b0 < no_pair:
                no_pair = a0 + b0
            if a0 + b1 < with_pair:
                with_pair = a0 + b1
            if a1 + b0 < with_pair:
                with_pair = a1 + b0
        out.append((min(no_pair, _INF), min(with_pair, _INF)))
    return tuple(out)


def _standard_deficit(counts: Sequence[int], sets: int, suits: str) -> int:
    """Least tiles to add so that some k-set-and-a-pair hand over ``suits`` contains
    the hand's tiles (tiles beyond it are thrown away)."""
    tables = []
    for g, letter in enumerate(_SUIT_OF_GROUP):
        if letter not in suits:  # its tiles can only be thrown away
            tables.append(_NOTHING[sets])
        elif g < 3:
            tables.append(_suit_costs(tuple(counts[9 * g : 9 * g + 9]), sets))
        else:
            tables.append(_honor_costs(tuple(counts[27:34]), sets))
    numbers = _combine(_combine(tables[0], tables[1]), tables[2])
    honors = tables[3]
    return min(
        min(numbers[j][0] + honors[sets - j][1], numbers[j][1] + honors[sets - j][0])
        for j in range(sets + 1)
    )


def _seven_pairs_deficit(counts: Sequence[int], suits: str) -> int:
    allowed = [c for g, letter in enumerate(_SUIT_OF_GROUP) if letter in suits
               for c in counts[9 * g : 9 * g + (9 if g < 3 else 7)]]
    if len(allowed) < 7:
        return _INF
    pairs = sum(1 for c in allowed if c >= 2)
    singles = allowed.count(1)
    need = max(0, 7 - pairs)
    from_singles = min(need, singles)
    return from_singles + 2 * (need - from_singles)


def _orphans_deficit(counts: Sequence[int], suits: str) -> int:
    if any(letter not in suits for letter in _SUIT_OF_GROUP):
        return _INF
    missing = sum(1 for k in _ORPHANS if counts[k] == 0)
    return missing + (0 if any(counts[k] >= 2 for k in _ORPHANS) else 1)


def _shanten_counts(counts: Sequence[int], *, suits: str = "mpsz") -> dict[str, int]:
    n = sum(counts)
    sets = _check_size(n)
    result = {STANDARD: _standard_deficit(counts, sets, suits) - 1}
    if n >= 13:
        result[SEVEN_PAIRS] = _seven_pairs_deficit(counts, suits) - 1
        result[THIRTEEN_ORPHANS] = _orphans_deficit(counts, suits) - 1
    return {form: value for form, value in result.items() if value < _INF - 1}


def shanten_by_form(hand: Hand | str | Iterable[Tile], *, suits: str = "mpsz") -> dict[str, int]:
    """Shanten of each form the hand could still become (seven pairs and thirteen orphans
    only for 13 or 14 concealed tiles). ``suits`` limits the tiles a plan may bring in."""
    h = _as_hand(hand)
    return _shanten_counts(_counts(h.tiles), suits=suits)


def shanten(hand: Hand | str | Iterable[Tile], *, suits: str = "mpsz") -> int:
    """Tile exchanges to being ready: -1 complete, 0 ready, 1 one away, ..."""
    h = _as_hand(hand)
    _check_size(len(h.tiles))
    return _shanten_of(_counts(h.tiles), suits)


# ---------------------------------------------------------------------------
# Waits and readings
# ---------------------------------------------------------------------------


def _seen(h: Hand, visible: Iterable[Tile]) -> list[int]:
    seen = _counts(h.all_tiles)
    for tile in visible:
        if tile.kind >= 34:
            raise HandError(f"visible tile {tile} ({tile.name}) is not in the standard set")
        seen[tile.kind] += 1
        if seen[tile.kind] > 4:
            plain = STANDARD_TILES[tile.kind]
            raise HandError(
                f"the hand and the visible tiles hold {seen[tile.kind]} copies of {plain} "
                f"({plain.name}); a set has only 4"
            )
    return seen


def _best_decomposition(counts: list[int], kind: int) -> Decomposition:
    counts[kind] += 1
    options = _decompose_counts(counts)
    counts[kind] -= 1
    triplets = [k for k in range(34) if counts[k] >= 3]

    def key(d: Decomposition) -> tuple:
        kept = sum(
            1 for k in triplets for g in d.groups if g.shape == "triplet" and g.tiles[0].kind == k
        )
        return (FORMS.index(d.form), -kept, str(d))

    return min(options, key=key)


def waits(
    hand: Hand | str | Iterable[Tile], *, visible: Iterable[Tile] = ()
) -> tuple[Wait, ...]:
    """The tiles that complete a hand of 1, 4, 7, 10 or 13 concealed tiles.

    ``left`` is 4 minus the copies in the hand, in its kans and among ``visible``."""
    h = _as_hand(hand)
    _check_size(len(h.tiles), complete=False)
    counts = _counts(h.tiles)
    seen = _seen(h, visible)
    return tuple(
        Wait(STANDARD_TILES[k], 4 - seen[k], _best_decomposition(counts, k))
        for k in winning_kinds(counts)
    )


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


def readings(hand: Hand | str | Iterable[Tile]) -> tuple[Reading, ...]:
    """Every way to read a ready hand as complete groups plus one waiting shape:
    a single tile, a pair beside another pair (dual pung), or two tiles of a run
    (two-sided, closed, edge). Seven pairs and thirteen orphans are readings too."""
    h = _as_hand(hand)
    _check_size(len(h.tiles), complete=False)
    counts = _counts(h.tiles)
    valid = set(winning_kinds(counts))
    found: dict[tuple, Reading] = {}
    for kind in sorted(valid):
        counts[kind] += 1
        options = _decompose_counts(counts)
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


def _ready(counts: list[int], suits: str) -> bool:
    """Whether a hand of 3k+1 tiles has a wait within ``suits``."""
    return any(_SUIT_OF_GROUP[min(k // 9, 3)] in suits for k in winning_kinds(counts))


def _ready_after_discard(counts: list[int], suits: str) -> bool:
    """Whether some discard leaves a hand of 3k+2 tiles ready."""
    for kind in range(34):
        if counts[kind]:
            counts[kind] -= 1
            ready = _ready(counts, suits)
            counts[kind] += 1
            if ready:
                return True
    return False


def _shanten_of(counts: list[int], suits: str) -> int:
    """Shanten, answered from the wait tables when the hand is ready or one away."""
    if sum(counts) % 3 == 1:
        if _ready(counts, suits):
            return 0
    elif _complete_counts(counts):
        return -1
    elif _ready_after_discard(counts, suits):
        return 0
    return min(_shanten_counts(counts, suits=suits).values())


def improving_tiles(
    hand: Hand | str | Iterable[Tile], *, visible: Iterable[Tile] = (), suits: str = "mpsz"
) -> tuple[tuple[Tile, int], ...]:
    """For a hand of 3k+1 tiles that is not ready, the tiles that lower its shanten,
    each with the number unseen; for a ready hand, its waits."""
    h = _as_hand(hand)
    _check_size(len(h.tiles), complete=False)
    counts = _counts(h.tiles)
    seen = _seen(h, visible)
    base = _shanten_of(counts, suits)
    result = []
    for kind in range(34):
        if counts[kind] == 4 or _SUIT_OF_GROUP[min(kind // 9, 3)] not in suits:
            continue
        counts[kind] += 1
        if base == 0:
            better = _complete_counts(counts)
        elif base == 1:
            better = _ready_after_discard(counts, suits)
        else:
            better = min(_shanten_counts(counts, suits=suits).values()) < base
        counts[kind] -= 1
        if better:
            result.append((STANDARD_TILES[kind], 4 - seen[kind]))
    return tuple(result)


def discard_table(
    hand: Hand | str | Iterable[Tile],
    *,
    visible: Iterable[Tile] = (),
    suits: str = "mpsz",
    keep_all: bool = False,
) -> tuple[DiscardOption, ...]:
    """For a hand of 3k+2 tiles: each discard that keeps the best shanten, with the
    tiles that improve what is left and their count, most tiles first (``keep_all``
    adds the discards that lose ground, after them)."""
    h = _as_hand(hand)
    _check_size(len(h.tiles), complete=True)
    options = []
    for tile in sort_tiles(set(h.tiles)):
        if tile.is_red and any(t.kind == tile.kind and not t.is_red for t in h.tiles):
            continue  # discarding the plain five leaves the same shape
        rest = list(h.tiles)
        rest.remove(tile)
        after = Hand(tuple(rest), h.kans)
        level = _shanten_of(_counts(rest), suits)
        tiles = improving_tiles(after, visible=(*visible, tile), suits=suits)
        options.append(DiscardOption(tile, level, tiles))
    best = min(o.shanten for o in options)
    options.sort(key=lambda o: (o.shanten, -o.total, -len(o.tiles), o.discard))
    if keep_all:
        return tuple(options)
    return tuple(o for o in options if o.shanten == best)


# ---------------------------------------------------------------------------
# The analysis a wait calculator shows
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class HandAnalysis:
    """Everything ``tilepress analyze waits`` prints about a hand."""

    hand: Hand
    shanten: int
    forms: dict[str, int]
    waits: tuple[Wait, ...] = ()
    improving: tuple[tuple[Tile, int], ...] = ()
    discards: tuple[DiscardOption, ...] = ()
    complete: tuple[Decomposition, ...] = field(default=())

    @property
    def is_ready(self) -> bool:
        return self.shanten == 0 and bool(self.waits)


def analyze(
    hand: Hand | str | Iterable[Tile], *, visible: Iterable[Tile] = (), suits: str = "mpsz"
) -> HandAnalysis:
    """Shanten, and waits or improving tiles (3k+1 tiles) or the discard table (3k+2)."""
    h = _as_hand(hand)
    visible = tuple(visible)
    counts = _counts(h.tiles)
    _seen(h, visible)
    forms = _shanten_counts(counts, suits=suits)
    level = min(forms.values())
    if len(h.tiles) % 3 == 1:
        found = waits(h, visible=visible) if level == 0 else ()
        improving = () if level == 0 else improving_tiles(h, visible=visible, suits=suits)
        return HandAnalysis(h, level, forms, waits=found, improving=improving)
    complete = tuple(_decompose_counts(counts)) if level == -1 else ()
    table = () if level == -1 else discard_table(h, visible=visible, suits=suits)
    return HandAnalysis(h, level, forms, discards=table, complete=complete)
