"""The Mint Tin planner written plainly, as the test oracle of its kernels
(minttin/fitting.py, minttin/kernels.py): every target fitted, sorted once; each card's
cost to the best targets; and the discard those costs choose."""

from __future__ import annotations

from tilepress.games.minttin.planner.targets import TARGETS

JOKER = 12
NO_TARGET = (99, 0, (), ())
"""The ranking of a hand no target takes."""


def reference_fit(counts, faces, patterns, exposed):
    """The best (need, -points, assignment) of a target's patterns, written plainly:
    exposed faces first with their own sizes, the others most cards first (in the
    target's order on a tie) taking the pattern's sizes left, largest first."""
    jokers = counts[JOKER]
    order = sorted(faces, key=lambda f: (f not in exposed, -counts[f]))
    best = None
    for sizes, points in patterns:
        left = list(sizes)
        if any(exposed[f] not in left or left.remove(exposed[f]) for f in order
               if f in exposed):
            continue
        free = iter(left)
        assigned = [(f, exposed[f] if f in exposed else next(free)) for f in order]
        pairs = sum(2 - min(counts[f], 2) for f, size in assigned if size == 2)
        gaps = sum(size - min(counts[f], size) for f, size in assigned if size > 2)
        need = pairs + max(0, gaps - jokers)
        if best is None or (need, -points) < best[:2]:
            best = (need, -points, tuple(assigned))
    return best


def reference_ranking(counts, fixed=(), keep=6):
    """Every target that takes the exposures, fitted, sorted by need, then points, then
    the bound (14 less the jokers and the cards of its faces), then its place."""
    caps = {f: size - jokers for f, size, jokers in fixed}
    counts = tuple(min(c, caps.get(i, c)) for i, c in enumerate(counts))
    exposed = {f: size for f, size, _ in fixed}
    rows = []
    for k, (faces, special, patterns) in enumerate(TARGETS):
        if not set(exposed) <= set(faces):
            continue
        fit = reference_fit(counts, faces, patterns, exposed)
        if fit is None:
            continue
        need, minus_points, assigned = fit
        bound = 14 - counts[JOKER] - sum(counts[f] for f in faces)
        rows.append(((need, minus_points - special, bound, k),
                     (need, special - minus_points, faces, assigned)))
    rows.sort()
    return tuple(row for _, row in rows[:keep]) or (NO_TARGET,)


def reference_cost(counts, fixed, code, ranking=None):
    """(need, -points, faces) after throwing away a card of ``code``: the least over the
    best targets of the need plus one when that target loses the card (the first target
    wins a tie); a card is lost to every target when no target takes the hand."""
    caps = {f: size - jokers for f, size, jokers in fixed}
    best = None
    for need, points, faces, assigned in ranking or reference_ranking(counts, fixed):
        if not faces:
            lost = True
        elif code == JOKER:
            gaps = sum(size - min(counts[f], caps.get(f, size)) for f, size in assigned
                       if size > 2)
            lost = gaps >= counts[JOKER]
        else:
            lost = any(f == code and counts[f] <= caps.get(f, size) for f, size in assigned)
        if best is None or (need + lost, -points) < best[:2]:
            best = (need + lost, -points, faces)
    return best


def reference_discard(counts, fixed, held, danger=None):
    """The planner's discard (code, need once thrown, the faces of that need's target,
    the next three codes): the cards held by their cost's need plus the danger, less 0.4
    for a joker that costs the best target nothing, then by points, then by code."""
    ranking = reference_ranking(counts, fixed)
    options = []
    for code in range(JOKER + 1):
        if held[code]:
            need, minus_points, faces = reference_cost(counts, fixed, code, ranking)
            score = need + (danger[code] if danger else 0.0)
            if code == JOKER and need == ranking[0][0]:
                score -= 0.4
            options.append((score, minus_points, code, need, faces))
    options.sort()
    _, _, code, need, faces = options[0]
    return code, need, faces, tuple(o[2] for o in options[1:4])
