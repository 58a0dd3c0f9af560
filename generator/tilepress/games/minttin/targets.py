"""Mint Tin Mahjong: the planner's targets and how far a hand is from each.

A *target* is a set of numbers, the dragons that join it and the patterns its blocks
may take. :func:`rank_targets` ranks the targets for a hand (card counts, with the
exposed blocks): by how many cards the hand still lacks (``need``; jokers fill any gap
but a pair, an exposure's jokers stay in it), then by what the target would score. The
faces are fitted to a pattern's block sizes most cards first, largest block first (an
exposed face keeps its own block's size). A fit depends only on the jokers and the
cards of the target's faces, so for a hand with no exposure or one every target's need
and points are read from a numpy table (one per exposed block) and the targets sorted
once; other hands are fitted target by target in a compiled loop when the kernels run
(:mod:`tilepress.games.minttin.fitting`), else in order of a lower bound on their need
(14, less the jokers and the cards of their faces held), so most are never fitted.
Ties keep the order of that bound, then of :data:`TARGETS`. What a discard costs these
targets is in :mod:`tilepress.games.minttin.discards`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from operator import itemgetter

import numpy as np

from tilepress import compiled
from tilepress.games.minttin import fitting, kernels
from tilepress.games.minttin.hand import PATTERNS, SETS, SPECIAL_POINTS, suit_of_number

_SUITS = ("S", "M", "F")
JOKER = fitting.JOKER
"""The joker's index in a hand's counts."""

Fixed = tuple[tuple[int, int, int], ...]
"""Exposed blocks as (face, size, jokers)."""
Counts = tuple[int, ...]
"""How many of each card (index = card code; 12 is the joker) a hand holds, exposures
included."""
Ranked = tuple[int, int, tuple[int, ...], tuple[tuple[int, int], ...]]
"""A ranked target: (need, points, faces, assignment of a block size to each face)."""
PatternSizes = tuple[tuple[tuple[int, ...], int], ...]
"""A target's patterns: the block sizes, largest first, and the points they score."""


def _targets() -> list[tuple[tuple[int, ...], int, PatternSizes]]:
    """Every (faces, special points, patterns) a hand can aim at."""
    out = []
    by_blocks: dict[int, list] = {}
    for p in PATTERNS:
        points = (1 if 4 in (p.small, p.large) else 0) + (p.large_count if p.large == 5 else 0)
        by_blocks.setdefault(p.blocks, []).append((tuple(sorted(p.sizes, reverse=True)),
                                                   points))
    for _, ordered in SETS.values():
        suits = sorted({suit_of_number(n) for n in ordered}, key=_SUITS.index)
        for mask in range(1 << len(suits)):
            dragons = [s for k, s in enumerate(suits) if mask >> k & 1]
            faces = tuple(n - 1 for n in ordered) + tuple(9 + _SUITS.index(d) for d in dragons)
            patterns = by_blocks.get(len(faces))
            if not patterns:
                continue
            special = 0
            if len(suits) == 1 and dragons == suits:
                special = SPECIAL_POINTS["one suit"]
            elif len(faces) == 6 and len(ordered) == 3 and len(suits) == 3:
                special = SPECIAL_POINTS["three suits"]
            out.append((faces, special, tuple(patterns)))
    return out


TARGETS = _targets()
_FACES = np.zeros((len(TARGETS), 13), dtype=np.int64)
"""One row per target: 1 for each of its faces."""
for _k, (_faces, _, _) in enumerate(TARGETS):
    _FACES[_k, list(_faces)] = 1
_ORDER_BITS = fitting.ORDER_BITS
assert len(TARGETS) < 1 << _ORDER_BITS
_MEMBERS = np.ascontiguousarray(_FACES.T)
"""One row per card code: 1 for each target with that face (for the kernels)."""
_INDEX = np.arange(len(TARGETS), dtype=np.int64)
_INDEX_MASK = (1 << _ORDER_BITS) - 1
_KEYS = -(_FACES << _ORDER_BITS)
"""By the cards of each face, the sort key: a target with more cards of its faces held
has a lower bound on its need (14, less the jokers and those cards)."""
_EXCLUDED = kernels.EXCLUDED
"""A table's value (and a shut target's addition) for a target that cannot be fitted."""
_SHUT_KEYS = [np.where(_FACES[:, f] == 0, _EXCLUDED, 0) for f in range(13)]
"""Added to the sort key of a target that lacks an exposed face (it cannot be fitted)."""

# A fit: (need, -points, the block sizes the faces take, largest first) or None when no
# pattern takes the exposed blocks. It depends only on the jokers and the cards of the
# target's faces, largest first (with an exposed face's block size, exposed first), so
# it is kept by those (_SHARED). Patterns depend only on how many faces a target has.
# What a target's loop reads is kept by the jokers and the cards (and exposed sizes) of
# its faces in the target's order, a few thousand keys (_FITS): the need, -points, the
# order (by position) in which a target's faces take the block sizes, and those sizes.
# Fits hold only numbers, so the garbage collector need not walk them.
_Fit = tuple[int, int, tuple[int, ...]] | None
_Placed = tuple[int, int, tuple[int, ...], tuple[int, ...]] | None
_SHARED: dict[tuple, _Fit] = {}
_FITS: dict[int, dict[tuple, _Placed]] = {}
_FITS_LIMIT = 200_000
_UNKNOWN = (-1, 0, ())
_ORDERS: dict[tuple[int, ...], Callable[[tuple[int, ...]], tuple[int, ...]]] = {}
"""What reads a target's faces in a fit's order, by that order (a few hundred)."""

_LOOKUP = [(itemgetter(*faces), special, patterns) for faces, special, patterns in TARGETS]
"""Per target: what reads the counts of its faces (a target has at least three), its
special points and its patterns."""


def _fit_exposed(pairs: tuple[tuple[int, int], ...], jokers: int,
                 patterns: PatternSizes) -> _Fit:
    """The best pattern for (exposed block size or 0, cards held) of each face, largest
    first: each exposed face keeps its size; the others, most cards first, take the
    pattern's sizes left, largest first (the sizes returned); the first of the patterns
    with the fewest cards lacking, then the most points."""
    fixed = [(size, c) for size, c in pairs if size]
    rest = [c for size, c in pairs if not size]
    base_need = base_gaps = 0
    for size, held in fixed:
        c = held if held < size else size
        if size == 2:
            base_need += 2 - c
        else:
            base_gaps += size - c
    best = None
    for sizes, points in patterns:
        free = list(sizes)
        for size, _ in fixed:
            if size not in free:
                break
            free.remove(size)
        else:
            need, gaps = base_need, base_gaps
            for c, size in zip(rest, free, strict=True):
                if size == 2:
                    need += 2 - (c if c < 2 else 2)
                else:
                    gaps += size - (c if c < size else size)
            if gaps >= jokers:
                need += gaps - jokers
            if best is None or (need, -points) < best[:2]:
                best = (need, -points, tuple(free))
    return best


def _placed(held: tuple[int, ...], exposed: tuple[int, ...] | None, jokers: int,
            patterns: PatternSizes) -> _Placed:
    """The fit of faces holding ``held`` cards (``exposed``: each one's exposed block
    size or 0; None without exposures), with the size each position takes: the exposed
    faces first with their own sizes, then the others, most cards first (in order on a
    tie)."""
    n = len(held)
    if exposed is None:
        order = sorted(range(n), key=held.__getitem__, reverse=True)  # stable
        ordered = (jokers, *map(held.__getitem__, order))
        fit = _SHARED.get(ordered)
        if fit is None:
            fit = _fit_exposed(tuple((0, c) for c in ordered[1:]), jokers, patterns)
            if len(_SHARED) < _FITS_LIMIT:
                _SHARED[ordered] = fit
        assert fit is not None
        return fit[0], fit[1], tuple(order), fit[2]
    by_held = sorted(range(n), key=held.__getitem__, reverse=True)  # stable
    fixed = [exposed[i] for i in by_held if exposed[i]]
    order = [i for i in by_held if exposed[i]] + [i for i in by_held if not exposed[i]]
    pairs = tuple(zip(map(exposed.__getitem__, order), map(held.__getitem__, order),
                      strict=True))
    fit = _SHARED.get((jokers, pairs), _UNKNOWN)
    if fit is _UNKNOWN:
        fit = _fit_exposed(pairs, jokers, patterns)
        if len(_SHARED) < _FITS_LIMIT:
            _SHARED[jokers, pairs] = fit
    if fit is None:
        return None
    return fit[0], fit[1], tuple(order), (*fixed, *fit[2])


# Ranking by table: a target's (need, -points) depends only on the jokers and the cards
# of its faces (as a multiset: the fit sorts them), so it is read from a table indexed
# by the jokers and a base-5 digit per face, in the target's order (a face holds at most
# four cards), one table per exposed block (size, cards held) or none. The exposed face's
# digit is 0, and which face of those holding 0 it is does not change the fit. Entries
# are computed a table at a time, with numpy. The sort key of a target packs need, points, bound
# and index, so one sort gives the order of the bound-level search.
_MAX_JOKERS = 4
_DIGIT = kernels.DIGIT
_TABLE_SIZE = 0
_DIGITS = np.zeros((len(TARGETS), 13), dtype=np.int64)
"""Per target: a face's digit weight (5 ** place), the joker's (5 ** faces), to which
the target's part of a table is added (_OFFSETS)."""
_OFFSETS = np.zeros(len(TARGETS), dtype=np.int64)
_PART: dict[int, int] = {}
for _n in sorted({len(_faces) for _faces, _, _ in TARGETS}):
    _PART[_n] = _TABLE_SIZE
    _TABLE_SIZE += (_MAX_JOKERS + 1) * _DIGIT ** _n
for _k, (_faces, _, _) in enumerate(TARGETS):
    _DIGITS[_k, list(_faces)] = [_DIGIT ** i for i in range(len(_faces))]
    _DIGITS[_k, JOKER] = _DIGIT ** len(_faces)
    _OFFSETS[_k] = _PART[len(_faces)]
_PATTERNS = {len(faces): patterns for faces, _, patterns in TARGETS}
_POINT_BITS, _LOW_BITS = fitting.POINT_BITS, fitting.LOW_BITS
_BASE_KEYS = _INDEX - (np.array([special for _, special, _ in TARGETS],
                                dtype=np.int64) << _LOW_BITS)
_MATRIX = np.hstack([np.vstack([_DIGITS, _KEYS]),
                     np.concatenate([_OFFSETS, _BASE_KEYS])[:, None]]).astype(np.float64)
"""Times a hand's counts and a 1: each target's place in a table (with digits of the
counts), then its sort key without the table's value. Float: numpy multiplies those
faster, and every value is a small integer."""
_DIGIT_COLUMNS = [np.ascontiguousarray(_DIGITS[:, f]) for f in range(13)]
_TABLES: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = {}
"""By exposed block (size, cards held), (0, 0) for none: for each jokers and digits,
(need << 6 | 32 - points) << 13 of a target's best pattern, and that pattern's place
(the first best); built when first needed."""
_PACKED: dict[tuple[int, int], np.ndarray] = {}
"""By exposed block, the tables packed for :func:`kernels.best_keys`."""
_SIZES: dict[tuple[int, int, int], tuple[int, ...]] = {}
"""By (faces, pattern's place, exposed size or 0): the sizes the faces take, the
exposed face's first, the others' largest first."""
_BY_HELD: dict[tuple[int, ...], tuple[int, ...]] = {}
"""By the cards of a target's faces: their places, most cards first (in order on a
tie)."""
_CARRY = fitting.CARRY
"""Added to a sort key before its need and points are read: the bound and index below
them can be negative."""
_KEEP = fitting.KEEP
"""The most targets a ranking keeps."""
_ROWS = np.full((len(TARGETS), fitting.FIRST_FACE + 6), -1, dtype=np.int64)
"""The kernel's row per target: faces, its part of a table, its key without the
table's value (index less special points), then its faces."""
for _k, (_faces, _, _) in enumerate(TARGETS):
    _ROWS[_k, :fitting.FIRST_FACE] = len(_faces), _OFFSETS[_k], _BASE_KEYS[_k]
    _ROWS[_k, fitting.FIRST_FACE:fitting.FIRST_FACE + len(_faces)] = _faces
_MADE: dict[tuple, Ranked] = {}
"""Targets made by :class:`_Ranking`, by (key, cards of its faces, pattern's place,
exposed face, exposed size): a few thousand."""


def _build_table(state: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """The tables for an exposed block (size, cards held), or (0, 0) for none: the
    values of :func:`_fit_exposed`, for every jokers and
    digits, and the pattern each takes."""
    table = np.empty(_TABLE_SIZE, dtype=np.int32)
    choice = np.zeros(_TABLE_SIZE, dtype=np.int8)
    size, held = state
    for n, start in _PART.items():
        digits = np.arange(_DIGIT ** n)[:, None] // _DIGIT ** np.arange(n) % _DIGIT
        ordered = -np.sort(-digits, axis=1)  # most cards first
        if size:  # the exposed face is one of those holding 0 (a target lacking one is
            ordered = ordered[:, :-1]  # shut out: any value does)
        part = np.full((_MAX_JOKERS + 1, len(digits)), _EXCLUDED, dtype=np.int64)
        chosen = np.zeros(part.shape, dtype=np.int64)
        for place, (sizes, points) in enumerate(_PATTERNS[n]):
            free = list(sizes)
            need = np.zeros(len(digits), dtype=np.int64)
            gaps = np.zeros(len(digits), dtype=np.int64)
            if size:
                if size not in free:
                    continue
                free.remove(size)
                if size == 2:
                    need += 2 - min(held, 2)
                else:
                    gaps += size - min(held, size)
            for i, block in enumerate(free):
                if block == 2:
                    need += 2 - np.minimum(ordered[:, i], 2)
                else:
                    gaps += block - np.minimum(ordered[:, i], block)
            for jokers in range(_MAX_JOKERS + 1):
                value = need + np.maximum(gaps - jokers, 0)
                value = (value << _POINT_BITS | 32 - points) << _LOW_BITS
                better = value < part[jokers]  # the first best pattern is kept
                part[jokers][better] = value[better]
                chosen[jokers][better] = place
        table[start:start + part.size] = part.ravel()
        choice[start:start + part.size] = chosen.ravel()
    return table, choice


def _tables(state: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """The tables of an exposed block (see :data:`_TABLES`), built when first asked for."""
    tables = _TABLES.get(state)
    if tables is None:
        tables = _TABLES[state] = _build_table(state)
    return tables


def _packed(table: np.ndarray, choice: np.ndarray) -> np.ndarray:
    """The tables as :func:`kernels.best_keys` reads them: one int16 per entry."""
    shut = table >= _EXCLUDED
    packed = (table >> _LOW_BITS << fitting.PLACE_BITS) | choice
    assert int(packed[~shut].max()) < kernels.SHUT and int(choice.max()) < 1 << fitting.PLACE_BITS
    packed[shut] = kernels.SHUT
    return packed.astype(np.int16)


class _Ranking:
    """The best targets of a hand, read from the tables: their sort keys, best first,
    the place of each one's best pattern, and each target (need, points, faces,
    assignment) made when first asked for."""

    __slots__ = ("_digits", "_f", "_made", "_places", "_size", "keys")

    def __init__(self, keys: list[int], places: list[int] | Callable[[int], int],
                 digits: Counts | list[int], f: int, size: int) -> None:
        self.keys, self._places = keys, places
        self._digits, self._f, self._size = digits, f, size
        self._made: list[Ranked] = []

    def best(self, keep: int) -> tuple[Ranked, ...]:
        """The ``keep`` best targets (fewer when fewer take the hand)."""
        made = self._made
        while len(made) < keep and len(made) < len(self.keys):
            made.append(self._make(len(made)))
        return tuple(made[:keep])

    def _make(self, at: int) -> Ranked:
        key = self.keys[at]
        k = key & _INDEX_MASK
        held = _LOOKUP[k][0](self._digits)
        places = self._places
        place = places[at] if isinstance(places, list) else places(k)
        made_key = (key, held, place, self._f, self._size)
        made = _MADE.get(made_key)
        if made is None:
            made = _made(key, held, place, self._f, self._size)
            if len(_MADE) < _FITS_LIMIT:
                _MADE[made_key] = made
        return made


def _made(key: int, held: tuple[int, ...], place: int, f: int, size: int) -> Ranked:
    """The target of sort ``key`` as (need, points, faces, assignment): its faces hold
    ``held`` cards, take the sizes of its pattern at ``place``, the exposed face ``f``
    (if any) its block of ``size``, the others largest first by cards held."""
    faces = TARGETS[key & _INDEX_MASK][0]
    by_held = _BY_HELD.get(held)
    if by_held is None:  # stable
        by_held = _BY_HELD[held] = tuple(sorted(range(len(held)), key=held.__getitem__,
                                                reverse=True))
    if f < 0:
        order = by_held
    else:
        at = faces.index(f)
        order = (at, *(i for i in by_held if i != at))
    sizes = _SIZES.get((len(held), place, size))
    if sizes is None:
        sizes = _sizes(len(held), place, size)
    getter = _ORDERS.get(order)
    if getter is None:
        getter = _ORDERS[order] = itemgetter(*order)
    need, minus_points = _need_points(key)
    return need, -minus_points, faces, tuple(zip(getter(faces), sizes, strict=True))


def _need_points(key: int) -> tuple[int, int]:
    """(need, -points) of a target from its sort key."""
    hi = (key + _CARRY) >> _LOW_BITS
    return hi >> _POINT_BITS, (hi & 63) - 32


TableHand = tuple[Counts, Counts | list[int], int, tuple[int, int]]
"""A hand as the tables read it: its counts (an exposed face's capped to its block's
natural cards), its digits (the exposed face's 0), the exposed face or -1, and the
table's exposed block (size, cards held) or (0, 0)."""


def table_hand(counts: Counts, fixed: Fixed) -> TableHand | None:
    """The hand as the tables read it, or None when they do not take it (two exposures
    or more, more than 4 jokers)."""
    if len(fixed) > 1 or counts[JOKER] > _MAX_JOKERS:
        return None
    digits: Counts | list[int] = counts
    state = (0, 0)
    f = -1
    if fixed:
        (f, size, jokers), = fixed
        capped = list(counts)
        if capped[f] > size - jokers:
            capped[f] = size - jokers
        counts = tuple(capped)
        state = (size, counts[f])
        capped[f] = 0
        digits = capped
    if max(digits[:JOKER]) >= _DIGIT:
        return None
    return counts, digits, f, state


def packed_table(state: tuple[int, int]) -> np.ndarray:
    """The packed table of an exposed block (:func:`_packed`), kept."""
    packed = _PACKED.get(state)
    if packed is None:
        packed = _PACKED[state] = _packed(*_tables(state))
    return packed


@lru_cache(maxsize=1024)  # a hand comes back within a turn, seldom later
def _table_ranking(counts: Counts, fixed: Fixed) -> _Ranking | None:
    """The hand's best targets from the tables (the 6 best at most), or None when the
    tables do not take it (:func:`table_hand`)."""
    hand = table_hand(counts, fixed)
    if hand is None:
        return None
    counts, digits, f, state = hand
    if compiled.enabled():
        out = np.empty(2 * _KEEP, dtype=np.int64)
        n = kernels.best_keys(counts, f, _ROWS, packed_table(state), out)
        found = out.tolist()
        return _Ranking(found[:n], found[_KEEP:_KEEP + n], digits, f, state[0])
    table, choice = _tables(state)
    both = (_MATRIX @ np.array((*counts, 1), dtype=np.float64)).astype(np.int64)
    index = both[:len(TARGETS)]
    if fixed and counts[f]:  # the exposed face's digit is 0
        index -= _DIGIT_COLUMNS[f] * counts[f]
    keys = both[len(TARGETS):]
    keys += table[index]
    if fixed:
        keys += _SHUT_KEYS[f]
    keys.sort()
    best = keys[:_KEEP].tolist()
    while best and best[-1] >= _EXCLUDED >> 1:
        best.pop()
    return _Ranking(best, lambda k: int(choice[index[k]]), digits, f, state[0])


@lru_cache(maxsize=1024)
def rank_targets(counts: Counts, fixed: Fixed = (), keep: int = _KEEP) -> tuple[Ranked, ...]:
    """The ``keep`` best targets for these cards, best first, each (need, points, faces,
    assignment): ``need`` is how many cards are missing, ``fixed`` the exposed blocks.
    Ties keep the order of the bound, then of :data:`TARGETS`; a hand that fits no
    target gives ``((99, 0, (), ()),)``. ``keep`` is at most 6.

    With no exposure or one, every target's need and points are read from a table and
    the targets sorted once; otherwise they are fitted a bound level at a time."""
    ranking = _table_ranking(counts, fixed)
    if ranking is None:
        return _rank_by_levels(counts, fixed, keep)
    return ranking.best(keep) or ((99, 0, (), ()),)


def _sizes(n: int, place: int, exposed: int) -> tuple[int, ...]:
    """The sizes the faces take (see :data:`_SIZES`), kept."""
    sizes = list(_PATTERNS[n][place][0])
    if exposed:
        sizes.remove(exposed)
        sizes.insert(0, exposed)
    out = _SIZES[n, place, exposed] = tuple(sizes)
    return out


def _rank_by_levels(counts: Counts, fixed: Fixed, keep: int) -> tuple[Ranked, ...]:
    """As :func:`rank_targets`, fitting targets a bound at a time: once ``keep`` of
    those fitted need less than the next bound, no target left can rank among them.
    With kernels, every target is fitted by :func:`fitting.fitted_keys`, alike."""
    exposed = [0] * 13
    if fixed:  # cards of an exposed face beyond its block are of no use
        capped = list(counts)
        for f, size, jokers in fixed:
            exposed[f] = size
            if capped[f] > size - jokers:
                capped[f] = size - jokers
        counts = tuple(capped)
    if compiled.enabled():
        out = np.empty((_KEEP, 1 + 2 * fitting.MOST_FACES), dtype=np.int64)
        n = fitting.fitted_keys(counts, tuple(exposed), len(fixed), _ROWS, _MEMBERS,
                                _PATTERN_SIZES,
                                _PATTERN_POINTS, _PLACES, out)
        if not n:
            return ((99, 0, (), ()),)
        ranked = []
        for row in out[:min(n, keep)].tolist():
            key, faces = row[0], TARGETS[row[0] & _INDEX_MASK][0]
            need, minus_points = _need_points(key)
            at = 1 + fitting.MOST_FACES
            ranked.append((need, -minus_points, faces,
                           tuple(zip(row[1:1 + len(faces)], row[at:at + len(faces)],
                                     strict=True))))
        return tuple(ranked)
    fitted = _level_search(counts, exposed, fixed, keep)
    if not fitted:
        return ((99, 0, (), ()),)
    ranked = []
    for need, minus_points, sort_key, fit in fitted:
        k = sort_key & _INDEX_MASK
        faces = TARGETS[k][0]
        order = _ORDERS.get(fit[2])
        if order is None:
            order = _ORDERS[fit[2]] = itemgetter(*fit[2])
        ranked.append((need, -minus_points, faces, tuple(zip(order(faces), fit[3], strict=True))))
    return tuple(ranked)


def _fit(k: int, counts: Counts, exposed: list[int], fixed: Fixed,
         fits: dict[tuple, _Placed]) -> tuple[int, _Placed]:
    """Target ``k``'s special points and its fit (:func:`_placed`), kept in ``fits``."""
    get, special, patterns = _LOOKUP[k]
    held = get(counts)
    room = len(fits) < _FITS_LIMIT
    if fixed:
        sizes = get(exposed)
        fit = fits.get((held, sizes), _UNKNOWN)
        if fit is _UNKNOWN:
            fit = _placed(held, sizes, counts[JOKER], patterns)
            if room:
                fits[held, sizes] = fit
    else:
        fit = fits.get(held)
        if fit is None:
            fit = _placed(held, None, counts[JOKER], patterns)
            if room:
                fits[held] = fit
    return special, fit


def _level_search(counts: Counts, exposed: list[int], fixed: Fixed, keep: int
                  ) -> list[tuple]:
    """The ``keep`` best targets of :func:`_rank_by_levels` as (need, -points, sort key,
    fit), fitted in order of their bound, without kernels."""
    fits = _FITS.get(counts[JOKER])
    if fits is None:
        fits = _FITS[counts[JOKER]] = {}
    sort_keys = _KEYS @ np.array(counts, dtype=np.int64)
    sort_keys += _INDEX
    for f, _, _ in fixed:
        sort_keys += _SHUT_KEYS[f]
    sort_keys.sort()
    top = 14 - counts[JOKER]
    fitted: list[tuple] = []
    needing = [0] * 16  # how many fitted targets need each number of cards (15: more)
    level = -1
    for sort_key in sort_keys.tolist():
        bound = top + (sort_key >> _ORDER_BITS)
        if bound != level:
            if bound > 14 or sum(needing[:bound]) >= keep:
                break
            level = bound
        special, fit = _fit(sort_key & _INDEX_MASK, counts, exposed, fixed, fits)
        if fit is None:
            continue
        need = fit[0]
        fitted.append((need, fit[1] - special, sort_key, fit))
        needing[need if need < 15 else 15] += 1
    fitted.sort()
    return fitted[:keep]


def evaluate(counts: Counts, fixed: Fixed = ()) -> Ranked:
    """The best target: (need, points, faces, assignment). Ranking only the best stops
    sooner, with the same answer: a target left untried has a bound, so a need, above
    the best one's need, and those tried are tried in the same order."""
    return rank_targets(counts, fixed, 1)[0]


_PATTERN_SIZES = np.zeros((fitting.MOST_FACES + 1, max(map(len, _PATTERNS.values())),
                           fitting.MOST_FACES), dtype=np.int64)
"""By faces and pattern's place, the block sizes, largest first (for the kernel)."""
for _n, _patterns in _PATTERNS.items():
    for _place, (_sizes_of, _) in enumerate(_patterns):
        _PATTERN_SIZES[_n, _place, :_n] = _sizes_of
_PATTERN_POINTS = np.zeros(_PATTERN_SIZES.shape[:2], dtype=np.int64)
"""By faces and pattern's place, the points the pattern scores (for the kernel)."""
_PLACES = np.zeros(fitting.MOST_FACES + 1, dtype=np.int64)
"""By faces, how many patterns there are."""
for _n, _patterns in _PATTERNS.items():
    _PLACES[_n] = len(_patterns)
    _PATTERN_POINTS[_n, :len(_patterns)] = [_points for _, _points in _patterns]
FITTING = (_ROWS, _MEMBERS, _PATTERN_SIZES, _PATTERN_POINTS, _PLACES)
"""What the kernels that fit targets read beside the hand (``targets`` to ``places``):
the targets' rows, their faces by code, and the patterns by faces."""


__all__ = ["FITTING", "TARGETS", "Counts", "Fixed", "Ranked", "evaluate", "rank_targets"]
