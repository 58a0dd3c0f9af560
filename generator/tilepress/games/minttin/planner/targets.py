"""Mint Tin Mahjong: the planner's targets and how far a hand is from each.

A *target* is a set of numbers, the dragons that join it and the patterns its blocks
may take. :func:`rank_targets` ranks the targets for a hand (card counts, with the
exposed blocks): by how many cards the hand still lacks (``need``; jokers fill any gap
but a pair, an exposure's jokers stay in it), then by what the target would score. The
faces are fitted to a pattern's block sizes most cards first, largest block first (an
exposed face keeps its own block's size). Ties go to the target with more cards of its
faces held (a lower bound on its need: 14, less the jokers and those cards), then to
the first of :data:`TARGETS`.

The fitting is done by the kernels of :mod:`tilepress.games.minttin.planner.fitting`, the one
implementation of it: this module holds the targets and their patterns as those kernels
read them (:data:`FITTING`) and reads their sort keys back. What a discard costs these
targets is in :mod:`tilepress.games.minttin.planner.discards`, the best target alone in
:mod:`tilepress.games.minttin.planner.heads`.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from tilepress.games.minttin.hand import PATTERNS, SETS, SPECIAL_POINTS, suit_of_number
from tilepress.games.minttin.planner import fitting

_SUITS = ("S", "M", "F")
JOKER = fitting.JOKER
"""The joker's index in a hand's counts."""
NO_TARGET = fitting.NO_TARGET
"""The need of a hand no target takes."""

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
assert len(TARGETS) < 1 << fitting.ORDER_BITS
_PATTERNS = {len(faces): patterns for faces, _, patterns in TARGETS}


def _fitting_arrays() -> tuple[np.ndarray, ...]:
    """The targets and their patterns as the kernels read them (:data:`FITTING`)."""
    n_targets, most = len(TARGETS), fitting.MOST_FACES
    rows = np.full((n_targets, fitting.FIRST_FACE + most), -1, dtype=np.int64)
    members = np.zeros((JOKER + 1, n_targets), dtype=np.int64)
    for k, (faces, special, _) in enumerate(TARGETS):
        rows[k, :fitting.FIRST_FACE] = len(faces), k - (special << fitting.LOW_BITS)
        rows[k, fitting.FIRST_FACE:fitting.FIRST_FACE + len(faces)] = faces
        members[list(faces), k] = 1
    sizes = np.zeros((most + 1, max(map(len, _PATTERNS.values())), most), dtype=np.int64)
    points = np.zeros(sizes.shape[:2], dtype=np.int64)
    places = np.zeros(most + 1, dtype=np.int64)
    for n, patterns in _PATTERNS.items():
        places[n] = len(patterns)
        for place, (block_sizes, scored) in enumerate(patterns):
            sizes[n, place, :n] = block_sizes
            points[n, place] = scored
    return rows, members, sizes, points, places


FITTING = _fitting_arrays()
"""What the kernels that fit targets read beside the hand (``targets`` to ``places``):
a row per target (its faces, its key before the fit: its index less its special points,
then its faces), its faces by code (``members[code, k]``), and by faces and pattern's
place the block sizes (largest first), the points and how many patterns there are."""


def need_points(key: int) -> tuple[int, int]:
    """(need, -points) of a target from a kernel's sort key."""
    hi = (key + fitting.CARRY) >> fitting.LOW_BITS
    return hi >> fitting.POINT_BITS, (hi & 63) - 32


def target_of(key: int) -> int:
    """The index in :data:`TARGETS` of the target of a kernel's sort key."""
    return key & (1 << fitting.ORDER_BITS) - 1


@lru_cache(maxsize=1024)
def rank_targets(counts: Counts, fixed: Fixed = (), keep: int = fitting.KEEP
                 ) -> tuple[Ranked, ...]:
    """The ``keep`` best targets for these cards, best first, each (need, points, faces,
    assignment): ``need`` is how many cards are missing, ``fixed`` the exposed blocks.
    A hand that fits no target gives ``((99, 0, (), ()),)``. ``keep`` is at most 6.
    Every target is fitted by :func:`fitting.fitted_keys`."""
    exposed = [0] * (JOKER + 1)
    capped = list(counts)
    for f, size, jokers in fixed:  # cards of an exposed face beyond its block are of no use
        exposed[f] = size
        capped[f] = min(capped[f], size - jokers)
    out = np.empty((fitting.KEEP, 1 + 2 * fitting.MOST_FACES), dtype=np.int64)
    n = fitting.fitted_keys(tuple(capped), tuple(exposed), len(fixed), *FITTING, out)
    if not n:
        return ((NO_TARGET, 0, (), ()),)
    ranked = []
    at = 1 + fitting.MOST_FACES
    for row in out[:min(n, keep)].tolist():
        faces = TARGETS[target_of(row[0])][0]
        need, minus_points = need_points(row[0])
        ranked.append((need, -minus_points, faces,
                       tuple(zip(row[1:1 + len(faces)], row[at:at + len(faces)], strict=True))))
    return tuple(ranked)


def evaluate(counts: Counts, fixed: Fixed = ()) -> Ranked:
    """The best target: (need, points, faces, assignment)."""
    return rank_targets(counts, fixed, 1)[0]


__all__ = ["FITTING", "JOKER", "NO_TARGET", "TARGETS", "Counts", "Fixed", "Ranked", "evaluate",
           "need_points", "rank_targets", "target_of"]
