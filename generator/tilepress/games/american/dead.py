"""Dead hands: exposures that can no longer make a hand on the card, judged as every
player can, from the exposures and the tiles in sight.

:func:`dead_reason` judges from scratch. :func:`judge` does the same and also returns
*witnesses*: the readings the exposures allow that could still be completed, each as the
few (face, natural tiles, joker-able tiles) it still wants. While one witness can still
be completed the hand is alive, whatever happened to the others, so the rules look at
the witnesses first (:func:`still_alive`) and judge afresh only when none is left.
"""

from __future__ import annotations

import numpy as np

from tilepress.games.american import weighing
from tilepress.games.american.card import Card, Exposure, allowed_rows, exposed_faces
from tilepress.games.american.faces import COPY_COUNTS, JOKER

Witness = tuple[tuple[int, int, int], ...]
"""A reading still open: (face, natural tiles, joker-able tiles) of each face it uses,
the exposures' own tiles taken off."""


def dead_reason(card: Card, exposures: tuple[Exposure, ...], seen) -> str:
    """Why exposures make a hand dead ('' if they do not), judged as every player can:
    from the exposures and the tiles in sight (``seen``: a count of each face, jokers
    included; the set has 8 flowers and 8 jokers, 4 of every other face)."""
    return judge(card, exposures, seen)[0]


def judge(card: Card, exposures: tuple[Exposure, ...], seen
          ) -> tuple[str, tuple[Witness, ...]]:
    """:func:`dead_reason`, and the witnesses of a hand found alive."""
    if not exposures:
        return "", ()
    table = card.table
    rows = allowed_rows(card, exposures)
    if not np.count_nonzero(rows):
        concealed_fit = any(
            all(any(f == e.face and s == e.size and j for f, s, j in r.groups)
                for e in exposures) for r, c in zip(table.requirements, table.concealed,
                                                   strict=True) if c)
        if concealed_fit:
            return "the exposures reveal a concealed hand", ()
        return "the exposures match no hand on the card", ()
    unseen = COPY_COUNTS - np.asarray(seen, dtype=np.int16)
    exposed = exposed_faces(exposures)
    open_rows = weighing.open_rows(rows, *table.lacks.sparse, exposed, unseen)
    if len(open_rows):
        return "", _witnesses(card, exposed, open_rows)
    return "the exposures can no longer be completed: the tiles they need are gone", ()


def used_faces(card: Card, exposures: tuple[Exposure, ...]) -> frozenset[int]:
    """The faces the hands these exposures allow use, and the joker (remembered by the
    faces and sizes exposed, as the hands allowed are)."""
    memo = card.table.memo.setdefault("used faces", {})
    key = tuple(sorted((e.face, e.size) for e in exposures))
    found = memo.get(key)
    if found is None:
        rows = allowed_rows(card, exposures)
        used = (card.table.P[rows] > 0) | (card.table.Q[rows] > 0)
        found = memo[key] = frozenset(np.nonzero(used.any(axis=0))[0].tolist()) | {JOKER}
    return found


def _witnesses(card: Card, exposed: np.ndarray, rows: np.ndarray) -> tuple[Witness, ...]:
    memo = card.table.memo.setdefault("witnesses", {})
    key = exposed.tobytes()
    known = memo.get(key)
    if known is None:
        if len(memo) > 256:
            memo.clear()
        known = memo[key] = {}
    out = []
    for i in rows.tolist():
        w = known.get(i)
        if w is None:
            P = card.table.P[i, :JOKER]
            Q = np.maximum(card.table.Q[i, :JOKER] - exposed[:JOKER], 0)
            w = known[i] = tuple((f, int(P[f]), int(Q[f]))
                                 for f in np.flatnonzero((P > 0) | (Q > 0)).tolist())
        out.append(w)
    return tuple(out)


def completable(witness: Witness, unseen: list[int]) -> bool:
    """Whether the ``unseen`` tiles (by face, jokers at JOKER) can still finish the
    reading: every natural tile, and the rest of each group from naturals or jokers (as
    the kernel :func:`~tilepress.games.american.weighing.open_rows` counts)."""
    rest = 0
    for f, natural, jokers in witness:
        u = unseen[f]
        if natural > u:
            return False
        if jokers > u - natural:
            rest += jokers - (u - natural)
    return rest <= unseen[JOKER]


def still_alive(witnesses: tuple[Witness, ...], unseen: list[int]
                ) -> tuple[Witness, ...] | None:
    """The witnesses from the first one the ``unseen`` tiles can still finish, or None
    when none can (the hand must then be judged afresh)."""
    for k, w in enumerate(witnesses):
        if completable(w, unseen):
            return witnesses[k:]
    return None


__all__ = ["Witness", "completable", "dead_reason", "judge", "still_alive", "used_faces"]
