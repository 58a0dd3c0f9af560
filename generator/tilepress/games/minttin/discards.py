"""Mint Tin Mahjong: what throwing away each card costs the planner's best targets
(:mod:`tilepress.games.minttin.targets`), and the order of its discards.

:func:`discard_costs` says, for each card held, the best target the hand keeps once a
card of it is thrown away; :func:`discard_order` orders the discards by that cost, the
solo danger, a joker's bonus, points and code, through :func:`kernels.discard_order`
when the kernels run and the tables take the hand.
"""

from __future__ import annotations

from functools import lru_cache

from tilepress import compiled
from tilepress.games.minttin import kernels
from tilepress.games.minttin.targets import (
    FITTING,
    JOKER,
    TARGETS,
    Counts,
    Fixed,
    Ranked,
    _need_points,
    _table_ranking,
    rank_targets,
)


@lru_cache(maxsize=1024)
def discard_costs(counts: Counts, fixed: Fixed = ()
                  ) -> tuple[Ranked, dict[int, tuple[int, int, tuple[int, ...]]]]:
    """The best target (:func:`evaluate`) and, for each card code held, the best
    (need, -points, faces) of the best targets (:func:`rank_targets`) once a card of it
    is thrown away: a card is lost to a target when its face is in it and every copy
    held is used (no more than an exposed block's natural cards count), a joker when the
    gaps take all the jokers. The first target wins a tie."""
    ranking = _table_ranking(counts, fixed)
    if ranking is None:
        targets = rank_targets(counts, fixed)
    else:  # only the targets better than the first with a card lost (below) are made
        keys = ranking.keys
        if not keys:
            targets = ((99, 0, (), ()),)
        else:
            need, minus_points = _need_points(keys[0])
            limit = (need + 1, minus_points)
            wanted = 1
            while wanted < len(keys) and _need_points(keys[wanted]) < limit:
                wanted += 1
            targets = ranking.best(wanted)
    caps = {f: size - jokers for f, size, jokers in fixed}
    jokers = counts[JOKER]
    # the targets are in order of (need, -points): a card costs the first target that
    # does not lose it nothing, and every target before it one card, the first least;
    # once a target is no better than the first with a card lost, none after it is
    first_need, first_points, first_faces, _ = targets[0]
    lost_all = (first_need + 1, -first_points, first_faces)
    limit = lost_all[:2]
    costs: dict[int, tuple[int, int, tuple[int, ...]]] = {}
    pending = [code for code in range(13) if counts[code]]
    for i, (need, points, faces, assigned) in enumerate(targets):
        if i and (need, -points) >= limit:
            break
        kept = (need, -points, faces)
        lost = {f for f, size in assigned
                if counts[f] <= (caps.get(f, size) if caps else size)}
        if jokers and JOKER in pending:
            gaps = 0
            for f, size in assigned:
                if size > 2:
                    cap = caps.get(f, size) if caps else size
                    gaps += size - (counts[f] if counts[f] < cap else cap)
            if gaps >= jokers:
                lost.add(JOKER)
        still = []
        for code in pending:
            if code in lost:
                still.append(code)
            else:
                costs[code] = kept
        pending = still
        if not pending:
            break
    for code in pending:
        costs[code] = lost_all
    return targets[0], costs



Discard = tuple[int, int, tuple[int, ...], tuple[int, ...]]
"""The planner's discard: (code, need once it is thrown, the faces of the target that
need is of, the codes of the next three discards in order)."""
NO_DANGER = (0.0,) * (JOKER + 1)
"""The kernel's danger when there is none."""


def discard_order(counts: Counts, fixed: Fixed, held: Counts,
                  danger: tuple[float, ...] | None = None) -> Discard:
    """The discard of a card held (``held``: the hand's counts) that costs the best
    targets least (:func:`discard_costs`): by need once it is thrown, plus ``danger``
    (by code), less 0.4 for a joker that costs the best target nothing; then by points,
    most first; then by code. Ranked and weighed in one call of
    :func:`kernels.ranked_discards` when the kernels run and the tables take the hand,
    else from :func:`discard_costs`, alike."""
    if compiled.enabled() and len(fixed) <= 1:
        f, size, cap = -1, 0, 0
        if fixed:
            (f, size, jokers), = fixed
            cap = size - jokers
        found = kernels.ranked_discards(counts, f, size, cap, *FITTING, held,
                                        danger or NO_DANGER)
        if found[0] >= 0:  # (codes held, code, need, target, the next three codes)
            return found[1], found[2], TARGETS[found[3]][0], found[4:3 + min(found[0], 4)]
    best, costs = discard_costs(counts, fixed)
    options = []
    for code, n in enumerate(held):
        if n:
            need, minus_points, _ = costs[code]
            score = need + (danger[code] if danger else 0.0)
            if code == JOKER and need == best[0]:
                score -= kernels.JOKER_BONUS
            options.append((score, minus_points, code))  # the codes differ
    options.sort()
    code = options[0][2]
    need, _, faces = costs[code]
    return code, need, faces, tuple(o[2] for o in options[1:4])


__all__ = ["Discard", "discard_costs", "discard_order"]
