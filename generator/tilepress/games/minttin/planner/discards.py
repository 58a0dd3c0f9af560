"""Mint Tin Mahjong: the planner's discard, by what throwing away each card costs its best
targets (:mod:`tilepress.games.minttin.planner.targets`).

:func:`discard_order` orders the cards held by the best target the hand keeps once a
card of each is thrown away, the solo danger, a joker's bonus, points and code, in one
call of the kernel :func:`kernels.ranked_discards`.
"""

from __future__ import annotations

from tilepress.games.minttin.planner import kernels
from tilepress.games.minttin.planner.heads import exposed_bits
from tilepress.games.minttin.planner.targets import FITTING, JOKER, TARGETS, Counts, Fixed

Discard = tuple[int, int, tuple[int, ...], tuple[int, ...]]
"""The planner's discard: (code, need once it is thrown, the faces of the target that
need is of, the codes of the next three discards in order)."""
NO_DANGER = (0.0,) * (JOKER + 1)
"""The kernel's danger when there is none."""


def discard_order(counts: Counts, fixed: Fixed, held: Counts,
                  danger: tuple[float, ...] | None = None) -> Discard:
    """The discard of a card held (``held``: the hand's counts, a card at least) that
    costs the best targets least: the best (need, -points) of the best targets once a
    card of it is thrown away (a card is lost to a target when its face is in it and
    every copy held is used, no more than an exposed block's natural cards counting; a
    joker when the gaps take all the jokers; the first target, a card short, when every
    target loses it), plus ``danger`` (by code), less 0.4 for a joker that costs the
    best target nothing; then by points, most first; then by code. ``counts``: the
    hand's cards and its exposures', ``fixed`` its exposed blocks."""
    found = kernels.ranked_discards(counts, *exposed_bits(fixed), *FITTING, held,
                                    danger or NO_DANGER)
    n, code, need, target, *after = map(int, found)  # numpy's integers as plain Python
    if not n:
        raise ValueError("a discard needs a card held")
    faces = TARGETS[target][0] if target >= 0 else ()
    return code, need, faces, tuple(after[:min(n, 4) - 1])


__all__ = ["NO_DANGER", "Discard", "discard_order"]
