"""How the American planner weighs a hand: tile counting over the whole card.

A player knows the own hand, every exposure and every discard; every other tile is
*unseen* (in the wall or in another hand). For each reading of each hand on the card the
planner asks how many tiles are missing and how many unseen tiles could still fill them:
singles, pairs and year tiles only from natural tiles, pungs, kongs and quints also
from unseen jokers -- and, where two or more of the group are held, from a discard
called. A reading that the unseen tiles cannot finish is out. Its *cost* is the time to
collect the missing tiles, drawing among the unseen ones, with ``n`` missing and ``a``
unseen tiles that would help: ``n * H(n) / a`` (``H`` the harmonic number: each tile
found leaves fewer to look for). A hand's *key* is its cost less a little for its value.

The same count tells what each opponent's exposures still want (:func:`risk`): the
faces that would complete a pung, kong or quint in a hand those exposures allow and the
unseen tiles can still finish -- the only discards they may call.

The counting is done by the kernels of :mod:`~tilepress.games.american.weighing`
(:func:`~tilepress.games.american.weighing.choose` and
:func:`~tilepress.games.american.weighing.add_share`), the one implementation of it; this
module gives them the card's arrays and reads their answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from tilepress.games.american.card import (
    COPIES,
    JOKER,
    Card,
    Exposure,
    Table,
    allowed_rows,
    counts_of,
    exposed_faces,
)
from tilepress.games.american.faces import COPY_COUNTS
from tilepress.games.american.weighing import add_share, choose

HARMONIC = np.array([sum(1 / k for k in range(1, n + 1)) for n in range(16)])
VALUE_WEIGHT = 0.004
"""How much a point of hand value is worth against a tile missing."""
SCARCITY = 1.0
"""How much the cost of finding the missing tiles weighs against a tile missing."""
NATURAL = 1.5
"""A missing single, pair or year tile against a missing tile of a pung, kong or quint
(which a joker or a called discard may also fill)."""
CALLED = 2.0
"""How much more often a tile turns up for a group that a discard may complete."""
SLACK = 2
"""Readings weighed in full: those at most this many tiles further than the nearest."""
UNREACHABLE = 1e6


_NOT_EXPOSED = np.zeros(len(COPIES), dtype=np.int16)


class Sight:
    """What one player knows of the tiles (not to be changed once made: a plain class,
    lighter to make than a frozen dataclass, for a sight is made at every turn)."""

    __slots__ = {
        "counts": "The player's hand, by face (jokers at JOKER).",
        "exposed": "The tiles of the exposures by face (:func:`exposed_faces`).",
        "exposures": "The player's exposures.",
        "unseen": "Tiles of each face the player cannot see: in the wall or in other hands.",
    }
    counts: np.ndarray
    exposures: tuple[Exposure, ...]
    unseen: np.ndarray
    exposed: np.ndarray

    def __init__(self, counts: np.ndarray, exposures: tuple[Exposure, ...],
                 unseen: np.ndarray) -> None:
        self.counts = counts
        self.exposures = exposures
        self.unseen = unseen
        self.exposed = _exposed_of(exposures) if exposures else _NOT_EXPOSED

    def __repr__(self) -> str:
        return (f"Sight(counts={self.counts!r}, exposures={self.exposures!r}, "
                f"unseen={self.unseen!r})")

    def without(self, counts: np.ndarray) -> Sight:
        """The same sight with another hand (a tile passed, discarded or exposed)."""
        return Sight(counts, self.exposures, self.unseen)


_EXPOSED: dict[int, tuple[tuple[Exposure, ...], np.ndarray]] = {}
"""The tiles of the exposures by face, for the exposures (a tuple the rules keep while a
player's exposures stand) :class:`Sight` was given lately, by identity."""


def _exposed_of(exposures: tuple[Exposure, ...]) -> np.ndarray:
    """:func:`exposed_faces`, remembered (shared: not to be changed)."""
    known = _EXPOSED.get(id(exposures))
    if known is not None and known[0] is exposures:
        return known[1]
    if len(_EXPOSED) >= 64:
        _EXPOSED.clear()
    found = exposed_faces(exposures)
    _EXPOSED[id(exposures)] = (exposures, found)
    return found


def sight_of(hand, exposures: tuple[Exposure, ...], in_sight=None) -> Sight:
    """A player's sight: ``hand`` (tiles), own ``exposures``, and ``in_sight`` (a count
    of every tile in sight on the table: discards and all exposures, the player's own
    included; none if not given)."""
    counts = counts_of(hand)
    if in_sight is None:
        in_sight = exposed_tiles(exposures)
    return Sight(counts, exposures, np.maximum(COPY_COUNTS - counts - in_sight, 0))


def exposed_tiles(exposures: tuple[Exposure, ...]) -> np.ndarray:
    """The tiles of the exposures as they lie: naturals by face, jokers as jokers."""
    out = np.zeros(len(COPIES), dtype=np.int16)
    for e in exposures:
        out[e.face] += e.size - e.jokers
        out[JOKER] += e.jokers
    return out


_NO_ROWS = np.zeros(0, dtype=np.int64)
_NO_ALLOWED = np.zeros(0, dtype=bool)


class Plan:
    """The readings worth weighing for one sight, and the best of them for the sight's
    hand and for the other hands asked about (not to be changed once made; a plain
    class, lighter to make than a frozen dataclass)."""

    __slots__ = {
        "best": "(key, tiles missing, card row) of the best reading for the hand as it is.",
        "others": "The same for each of the other hands :func:`plan` was given.",
        "rows": "Indices into the card's table of the readings kept.",
        "sight": "The sight weighed.",
        "table": "The card's table.",
    }
    rows: np.ndarray
    best: tuple[float, int, int]
    others: list[tuple[float, int, int]]
    sight: Sight
    table: Table

    def __init__(self, rows: np.ndarray, best: tuple[float, int, int],
                 others: list[tuple[float, int, int]], sight: Sight, table: Table) -> None:
        self.rows = rows
        self.best = best
        self.others = others
        self.sight = sight
        self.table = table

    def __repr__(self) -> str:
        return f"Plan(rows={self.rows!r}, best={self.best!r}, others={self.others!r})"


def plan(card: Card, sight: Sight, slack: int = SLACK, removed: Sequence[int] = ()) -> Plan:
    """The readings the exposures allow and the unseen tiles can still finish, at most
    ``slack`` tiles further than the nearest (all the allowed ones if none can), with
    the best for the sight's hand and for the hand less a tile of each face of
    ``removed`` among them (the kernel :func:`~tilepress.games.american.weighing.choose`,
    which also works out the tiles each reading lacks)."""
    allowed = allowed_rows(card, sight.exposures)
    if sight.exposures and not np.count_nonzero(allowed):
        nothing = (UNREACHABLE, 99, -1)
        return Plan(_NO_ROWS, nothing, [nothing] * len(removed), sight, card.table)
    found = _choose(card.table, sight, np.array(removed, dtype=np.int64), allowed=allowed,
                    slack=slack)
    return Plan(found[0], found[1], list(found[2:]), sight, card.table)


def _choose(table: Table, sight: Sight, removed: np.ndarray, rows: np.ndarray | None = None,
            allowed: np.ndarray = _NO_ALLOWED, slack: int = SLACK,
            counts: np.ndarray | None = None) -> tuple:
    """The weighing (the kernel :func:`~tilepress.games.american.weighing.choose`) of
    ``counts`` (the sight's hand if not given) and the hand less each of ``removed``:
    among ``rows`` if given, else the rows :func:`plan` keeps; (rows, then (key, tiles
    missing, row) for each hand)."""
    k = len(removed) + 1
    keys = np.empty(k)
    tables = table.memo.get("choose")
    if tables is None:  # the card's arrays the loop reads, in its order
        lacks = table.lacks
        tables = table.memo["choose"] = (*lacks.sparse, lacks.base_natural, lacks.base_joker,
                                         lacks.delta, lacks.P, lacks.Q, table.values)
    found = np.empty(2 * k + (len(table.values) if rows is None else len(rows)),
                     dtype=np.int64)
    n = choose(rows is not None, _NO_ROWS if rows is None else rows, allowed,
                          slack, *tables, sight.exposed, sight.unseen,
                          sight.counts if counts is None else counts, removed, _SEARCH,
                          _WEIGHTS, keys, found)
    ints = found[:2 * k].tolist()
    return found[2 * k:2 * k + n], *zip(keys.tolist(), ints[:k], ints[k:], strict=True)


_SEARCH = np.arange(64) * HARMONIC[np.minimum(np.arange(64), 15)]
"""``n * H(n)``, the time to find ``n`` missing tiles (a reading has 14 tiles)."""
_WEIGHTS = np.array([NATURAL, SCARCITY, VALUE_WEIGHT, CALLED - 1, UNREACHABLE])
"""The constants of the weighing, as the kernel reads them."""


def best(plan: Plan, counts: np.ndarray) -> tuple[float, int, int]:
    """(key, tiles missing, card row) of the best reading of the plan for ``counts``."""
    if not len(plan.rows):
        return UNREACHABLE, 99, -1
    return _choose(plan.table, plan.sight, _NO_ROWS, plan.rows, counts=counts)[1]


def risk(card: Card, exposures: tuple[Exposure, ...], unseen: np.ndarray) -> np.ndarray:
    """For a player with these exposures (and a hand among the ``unseen`` tiles): the
    share of the hands still open to them that a discard of each face would help with a
    pung, kong or quint, weighted by how much of the hand is exposed."""
    out = np.zeros(len(COPIES))
    if exposures:
        add_risk(card, exposures, unseen, out)  # 0.0 + x is x: the risk's own bits
    return out


def add_risk(card: Card, exposures: tuple[Exposure, ...], unseen: np.ndarray,
             out: np.ndarray) -> bool:
    """Add :func:`risk` into ``out`` (the same float operations as adding its array);
    False when it adds nothing (no hand is open to the exposures)."""
    opened = _opened(card, exposures)
    if not len(opened.P):
        return False
    add_share(opened.P, opened.Q, opened.groups, opened.faces, unseen, opened.share,
                         out)
    return True


def _opened(card: Card, exposures: tuple[Exposure, ...]) -> _Opened:
    """What :func:`risk` keeps for these exposures (remembered)."""
    memo = card.table.memo.get("risk")
    if memo is None:
        memo = card.table.memo["risk"] = {}
        card.table.memo["risk by id"] = {}
    # the same tuple of exposures comes back while a player's exposures stand
    by_id = card.table.memo["risk by id"]
    last = by_id.get(id(exposures))
    if last is not None and last[0] is exposures:
        return last[1]
    key = tuple(sorted((e.face, e.size) for e in exposures))
    opened = memo.get(key)
    if opened is None:
        if len(memo) > 512:
            memo.clear()
        opened = memo[key] = _Opened.of(card, exposures)
    if len(by_id) > 512:  # (new tuples come with each call, and the faces stay)
        by_id.clear()
    by_id[id(exposures)] = (exposures, opened)
    return opened


@dataclass(frozen=True)
class _Opened:
    """What :func:`risk` keeps for one set of exposures: the rows they allow, on the
    faces those use (``P``, and ``Q`` without the exposures), each row's open pungs,
    kongs and quints by face, and the share of the hand exposed (what the kernel
    :func:`~tilepress.games.american.weighing.add_share` reads)."""

    faces: np.ndarray
    P: np.ndarray
    Q: np.ndarray
    groups: np.ndarray
    share: float

    @staticmethod
    def of(card: Card, exposures: tuple[Exposure, ...]) -> _Opened:
        table = card.table
        exposed = exposed_faces(exposures)
        rows = np.nonzero(allowed_rows(card, exposures))[0]
        P, Q = table.P[rows, :JOKER], np.maximum(table.Q[rows, :JOKER] - exposed[:JOKER], 0)
        faces = np.flatnonzero((P > 0).any(axis=0) | (table.Q[rows, :JOKER] > 0).any(axis=0))
        groups = np.maximum(table.Q[rows] - exposed[None, :], 0) > 0
        return _Opened(faces, np.ascontiguousarray(P[:, faces]),
                       np.ascontiguousarray(Q[:, faces]), groups, int(exposed.sum()) / 14)


__all__ = ["Plan", "Sight", "add_risk", "best", "exposed_tiles", "plan", "risk", "sight_of"]
