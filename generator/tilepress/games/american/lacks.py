"""The tiles each reading of a card lacks, by table look-up.

:func:`~tilepress.games.american.card.needs` asks, for every reading (row) of the card,
how many tiles a hand lacks: the natural tiles short of its singles, pairs and years
(``P``), and the tiles short of its pungs, kongs and quints (``Q``, less the spare
natural tiles of the face) beyond the hand's jokers. Both are sums over the faces of a
term that depends on the face's count alone, so :class:`LackTables` keeps, for every
face and count, each row's change from the empty hand: a hand's lacks are then the
empty hand's plus one gathered sum over the faces it holds. An exposure changes the
pung, kong or quint term of its own face only; those few columns are worked out
directly. The results are the same integers as the direct computation. The sums are the
kernel :func:`~tilepress.games.american.weighing.lacks`'s, as are the faces a hand
waits on or may expose (:func:`one_away`, :func:`group_faces`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from tilepress.games.american import weighing
from tilepress.games.american.faces import FACES, JOKER
from tilepress.games.american.weighing import TOP, Sparse

MEMO = 2048
"""Hands whose lacks a table remembers."""


NOTHING_EXPOSED = np.zeros(FACES, dtype=np.int16)
"""No tiles exposed, as the kernels read the exposures."""


@dataclass(frozen=True)
class LackTables:
    """For a card's ``P`` and ``Q`` (rows x faces): for a hand with ``v`` tiles of face
    ``f``, each row's change against the empty hand of the natural tiles short (first
    ``rows`` entries) and of the joker-able tiles short (the rest)."""

    rows: int
    P: np.ndarray
    """P without the joker column."""
    Q: np.ndarray
    base_natural: np.ndarray
    """Natural tiles each row lacks from the empty hand."""
    base_joker: np.ndarray
    delta: np.ndarray
    """Row ``face * (TOP + 1) + count``: the change for that many tiles of the face."""
    sparse: Sparse
    """P and Q on the faces each row uses, for the kernels."""
    memo: dict = field(default_factory=dict, compare=False)
    """Lacks of the hands asked about lately (read-only arrays), by counts and exposures:
    the rules and every planner ask about the same hands."""

    @staticmethod
    def of(P: np.ndarray, Q: np.ndarray) -> LackTables:
        P, Q = P[:, :JOKER].astype(np.int16), Q[:, :JOKER].astype(np.int16)
        v = np.arange(TOP + 1, dtype=np.int16)[None, :, None]
        p, q = P.T[:, None, :], Q.T[:, None, :]  # face x 1 x rows
        natural = np.maximum(p - v, 0) - p
        joker = np.maximum(q - np.maximum(v - p, 0), 0) - q
        # no reading wants more than 14 tiles of a face: every change fits a byte
        delta = np.concatenate([natural, joker], axis=2).astype(np.int8)
        return LackTables(len(P), P, Q, P.sum(axis=1), Q.sum(axis=1),
                          delta.reshape(-1, delta.shape[2]), Sparse.of(P, Q))

    def lacks(self, counts: np.ndarray, exposed: np.ndarray | None = None) -> np.ndarray:
        """Tiles each row lacks for a hand of ``counts`` (jokers at ``counts[JOKER]``)
        with exposures ``exposed`` (by face): the same as ``card.needs``. The array is
        shared: read-only."""
        key = (counts.dtype.char, counts.tobytes(),
               None if exposed is None else (exposed.dtype.char, exposed.tobytes()))
        found = self.memo.get(key)
        if found is None:
            if len(self.memo) >= MEMO:
                self.memo.clear()
            found = self.memo[key] = self._lacks(counts, exposed)
            found.setflags(write=False)
        return found

    def _lacks(self, counts: np.ndarray, exposed: np.ndarray | None) -> np.ndarray:
        out = np.empty(self.rows, dtype=np.int64)
        weighing.lacks(counts, NOTHING_EXPOSED if exposed is None else exposed,
                                  self.base_natural, self.base_joker, self.delta, self.P,
                                  self.Q, out)
        return out


_FACE_SETS: dict[int, frozenset[int]] = {}


def faces_of(bits: int) -> frozenset[int]:
    """The faces whose bits are set (face ``f`` is ``1 << f``), remembered."""
    found = _FACE_SETS.get(bits)
    if found is None:
        if len(_FACE_SETS) >= MEMO:
            _FACE_SETS.clear()
        found = _FACE_SETS[bits] = frozenset(f for f in range(FACES) if bits >> f & 1)
    return found


def one_away(tables: LackTables, need: np.ndarray, allowed: np.ndarray, counts: np.ndarray,
             exposed: np.ndarray) -> frozenset[int]:
    """The faces but the joker that the ``allowed`` rows lacking one tile (``need``, for
    a hand of ``counts`` with the exposures ``exposed``) are short of: the faces a
    discard may complete the hand with (and perhaps a few more)."""
    return faces_of(weighing.short_faces(need, allowed, *tables.sparse, counts,
                                                   exposed))


def group_faces(tables: LackTables, need: np.ndarray, allowed: np.ndarray,
                counts: np.ndarray, slack: int) -> frozenset[int]:
    """The faces but the joker of a pung, kong or quint of the ``allowed`` rows at most
    ``slack`` tiles further than the nearest (``need``) of which ``counts`` holds one,
    and another or a joker. Some row must be allowed."""
    starts, faces, _, Q = tables.sparse
    return faces_of(weighing.group_faces(need, allowed, slack, starts, faces, Q,
                                                   counts))


@dataclass(frozen=True)
class GroupKinds:
    """How many pungs, kongs and quints of each face and size every row has: the rows a
    set of exposures allows are the open ones with a group for each exposure."""

    open_rows: np.ndarray
    columns: dict[tuple[int, int], int]
    """(face, size) -> column of ``counts``."""
    counts: np.ndarray
    by_face: dict[int, list[tuple[int, int]]] = field(default_factory=dict, compare=False)
    """The answers of :meth:`of_face` given."""

    def of_face(self, face: int) -> list[tuple[int, int]]:
        """(size, column) of each kind of group of ``face``, in column order."""
        found = self.by_face.get(face)
        if found is None:
            found = self.by_face[face] = [(size, column) for (f, size), column
                                          in self.columns.items() if f == face]
        return found

    @staticmethod
    def of(groups: Sequence[Sequence[tuple[int, int, bool]]], concealed: np.ndarray
           ) -> GroupKinds:
        """From each row's (face, size, jokers allowed) groups and the concealed rows."""
        columns: dict[tuple[int, int], int] = {}
        for row in groups:
            for f, size, jokers in row:
                if jokers:
                    columns.setdefault((f, size), len(columns))
        counts = np.zeros((len(groups), len(columns)), dtype=np.int16)
        for i, row in enumerate(groups):
            for f, size, jokers in row:
                if jokers:
                    counts[i, columns[f, size]] += 1
        return GroupKinds(~np.asarray(concealed, dtype=bool), columns, counts)

    def allowed(self, exposed: Sequence[tuple[int, int]]) -> np.ndarray:
        """The rows that allow exposures of these (face, size)."""
        if not exposed:
            return np.ones(len(self.open_rows), dtype=bool)
        ok = self.open_rows.copy()
        for kind, n in Counter(exposed).items():
            column = self.columns.get(kind)
            if column is None:
                return np.zeros(len(self.open_rows), dtype=bool)
            ok &= self.counts[:, column] >= n
        return ok


__all__ = ["MEMO", "NOTHING_EXPOSED", "TOP", "GroupKinds", "LackTables", "faces_of", "group_faces",
           "one_away"]
