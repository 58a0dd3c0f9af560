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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from tilepress import compiled
from tilepress.games.american.card import (
    COPIES,
    JOKER,
    Card,
    Exposure,
    Table,
    allowed_rows,
    counts_of,
    exposed_faces,
    needs,
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


class Readings(NamedTuple):
    """Some readings of a card, on the faces they use, as one player sees them: what
    :func:`weigh` reads."""

    faces: np.ndarray
    P: np.ndarray
    Q: np.ndarray
    """The pungs, kongs and quints still open (without the player's exposures)."""
    values: np.ndarray
    unseen: np.ndarray
    """Unseen tiles of each of ``faces``."""
    jokers: int
    """Unseen jokers."""


_STATIC_KEEP = 512
"""Row sets whose faces and vectors :func:`readings` remembers, per table."""


def readings(table: Table, rows: np.ndarray, sight: Sight) -> Readings:
    memo = table.memo.setdefault("readings", {})
    key = rows.tobytes()
    static = memo.get(key)
    if static is None:
        if len(memo) >= _STATIC_KEEP:
            memo.clear()
        P, Q = table.P[rows, :JOKER], table.Q[rows, :JOKER]
        faces = np.flatnonzero((P > 0).any(axis=0) | (Q > 0).any(axis=0))
        static = memo[key] = (faces, P[:, faces], Q[:, faces], table.values[rows])
    faces, P, Q, values = static
    if sight.exposures:
        Q = np.maximum(Q - sight.exposed[faces], 0)
    return Readings(faces, P, Q, values, sight.unseen[faces], int(sight.unseen[JOKER]))


def _keep(r: Readings, keep: np.ndarray) -> Readings:
    return r._replace(P=r.P[keep], Q=r.Q[keep], values=r.values[keep])


_NO_ROWS = np.zeros(0, dtype=np.int64)
_ONE = np.eye(len(COPIES), dtype=np.int16)
"""One tile of each face."""
_NO_ALLOWED = np.zeros(0, dtype=bool)


class Plan:
    """The readings worth weighing for one sight, and the best of them for the sight's
    hand and for the other hands asked about (not to be changed once made; a plain
    class, lighter to make than a frozen dataclass)."""

    __slots__ = {
        "best": "(key, tiles missing, card row) of the best reading for the hand as it is.",
        "kept": "The readings kept, once at hand.",
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
    kept: Readings | None

    def __init__(self, rows: np.ndarray, best: tuple[float, int, int],
                 others: list[tuple[float, int, int]], sight: Sight, table: Table,
                 kept: Readings | None = None) -> None:
        self.rows = rows
        self.best = best
        self.others = others
        self.sight = sight
        self.table = table
        self.kept = kept

    def __repr__(self) -> str:
        return f"Plan(rows={self.rows!r}, best={self.best!r}, others={self.others!r})"

    @property
    def readings(self) -> Readings:
        """The readings kept (worked out once)."""
        if self.kept is None:
            self.kept = readings(self.table, self.rows, self.sight)
        return self.kept


def plan(card: Card, sight: Sight, need: np.ndarray | None = None, slack: int = SLACK,
         removed: Sequence[int] = ()) -> Plan:
    """The readings the exposures allow and the unseen tiles can still finish, at most
    ``slack`` tiles further than the nearest (all the allowed ones if none can), with
    the best for the sight's hand and for the hand less a tile of each face of
    ``removed`` among them. ``need`` is what
    :func:`~tilepress.games.american.card.needs` gives for the hand, if known (for the
    numpy path: the compiled loop works it out)."""
    table = card.table
    k = len(removed)
    allowed = allowed_rows(card, sight.exposures)
    if sight.exposures and not np.count_nonzero(allowed):
        nothing = (UNREACHABLE, 99, -1)
        return Plan(_NO_ROWS, nothing, [nothing] * k, sight, table)
    if compiled.enabled():  # the loop works out the lacks itself
        found = _choose(table, sight, np.array(removed, dtype=np.int64), allowed=allowed,
                        slack=slack)
        return Plan(found[0], found[1], list(found[2:]), sight, table)
    if need is None:
        need = needs(table, sight.counts, sight.exposed)
    batch = sight.counts[None, :]
    if k:
        batch = np.concatenate((batch, sight.counts - _ONE[list(removed)]))
    if sight.exposures:
        need = np.where(allowed, need, _FAR)
    nearest = int(need.min())
    # weigh the nearest readings; further ones only if none of those can be made; when
    # there are many, the other hands only on those kept for the sight's own hand
    for widen in (slack, 99):
        near = np.flatnonzero(need <= nearest + widen)
        r = readings(table, near, sight)
        first = len(batch) > 1 and (widen > slack or len(near) > TWO_STAGE)
        missing, key = weigh(r, batch[:1] if first else batch)
        ok = key[0] < UNREACHABLE
        if ok.any():
            break
    else:
        ok = np.ones(len(near), dtype=bool)
    keep = ok & (missing[0] <= int(missing[0][ok].min()) + slack)
    if first:
        near, r = near[keep], _keep(r, keep)
        keep = np.ones(len(near), dtype=bool)
        missing, key = weigh(r, batch)
    i = np.where(keep[None, :], key, np.inf).argmin(axis=1)
    j = np.arange(len(batch))
    found = list(zip(key[j, i].tolist(), missing[j, i].tolist(), near[i].tolist(),
                     strict=True))
    return Plan(near[keep], found[0], found[1:], sight, table, _keep(r, keep))


def _choose(table: Table, sight: Sight, removed: np.ndarray, rows: np.ndarray | None = None,
            allowed: np.ndarray = _NO_ALLOWED, slack: int = SLACK,
            counts: np.ndarray | None = None) -> tuple:
    """The compiled weighing (:func:`~tilepress.games.american.weighing.choose`) of
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
    n = choose.compiled()(rows is not None, _NO_ROWS if rows is None else rows, allowed,
                          slack, *tables, sight.exposed, sight.unseen,
                          sight.counts if counts is None else counts, removed, _SEARCH,
                          _WEIGHTS, keys, found)
    ints = found[:2 * k].tolist()
    return found[2 * k:2 * k + n], *zip(keys.tolist(), ints[:k], ints[k:], strict=True)


TWO_STAGE = 96
"""Readings from which :func:`plan` weighs the sight's own hand first (the other hands
then only on the readings kept): the same answer, less work."""
_FAR = 1 << 20
"""Tiles missing, for the rows the exposures do not allow."""


def weigh(r: Readings, hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each hand (``hands`` is k x FACES) and each reading: the tiles missing and the
    key (UNREACHABLE when the unseen tiles cannot finish it)."""
    jokers = hands[:, JOKER, None]
    # every term is summed over the faces: faces first, the terms side by side
    P, Q, u = r.P.T[:, None, :], r.Q.T[:, None, :], r.unseen[:, None, None]
    d = P - hands[:, r.faces].T[:, :, None]
    terms = np.empty((_TERMS, *d.shape), dtype=np.int16)
    short_natural = np.maximum(d, 0, out=terms[0])
    spare = short_natural - d
    short_joker = np.maximum(Q - spare, 0, out=terms[1])
    left = u - short_natural
    free = np.maximum(left, 0)
    open_free = np.multiply(short_joker > 0, free, out=terms[2])
    # those a discard may complete count CALLED times (whole numbers: the sums agree)
    np.multiply(open_free, spare + jokers[None] >= 2, out=terms[3])
    np.multiply(short_natural > 0, u, out=terms[4])
    np.less(left, 0, out=terms[5])
    np.minimum(short_joker, free, out=terms[6])
    naturals, joker_short, opened, called, natural_help, short, fillable = terms.sum(
        axis=1, dtype=np.int16)
    rest = np.maximum(joker_short - jokers, 0)
    need = naturals + rest
    helpers = natural_help + (opened + (CALLED - 1) * called + r.jokers) * (rest > 0)
    reachable = (short == 0) & (rest <= fillable + r.jokers) & ((helpers > 0) | (need == 0))
    cost = _SEARCH[need] / np.maximum(helpers, 1e-9)
    key = NATURAL * naturals + rest + SCARCITY * cost - VALUE_WEIGHT * r.values
    return need, np.where(reachable, key, UNREACHABLE)


_TERMS = 7
"""The sums over the faces :func:`weigh` reads."""
_SEARCH = np.arange(64) * HARMONIC[np.minimum(np.arange(64), 15)]
"""``n * H(n)``, the time to find ``n`` missing tiles (a reading has 14 tiles)."""
_WEIGHTS = np.array([NATURAL, SCARCITY, VALUE_WEIGHT, CALLED - 1, UNREACHABLE])
"""The constants of :func:`weigh`, for the compiled loop."""


def best(plan: Plan, counts: np.ndarray) -> tuple[float, int, int]:
    """(key, tiles missing, card row) of the best reading of the plan for ``counts``."""
    if not len(plan.rows):
        return UNREACHABLE, 99, -1
    if compiled.enabled():
        return _choose(plan.table, plan.sight, _NO_ROWS, plan.rows, counts=counts)[1]
    need, key = weigh(plan.readings, counts[None, :])
    i = int(np.argmin(key[0]))
    return float(key[0, i]), int(need[0, i]), int(plan.rows[i])


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
    if compiled.enabled():
        add_share.compiled()(opened.P, opened.Q, opened.groups, opened.faces, unseen,
                             opened.share, out)
    else:
        out += opened.answer(unseen)
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
    kongs and quints by face, the share of the hand exposed, and answers given."""

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

    def answer(self, unseen: np.ndarray) -> np.ndarray:
        """:func:`risk` for the ``unseen`` tiles (by face, the jokers at JOKER)."""
        if compiled.enabled():
            out = np.zeros(len(COPIES))  # 0.0 + x is x: the same bits as the numpy path
            add_share(self.P, self.Q, self.groups, self.faces, unseen, self.share, out)
            return out
        u, jokers = unseen[self.faces], int(unseen[JOKER])
        # can_complete from no tiles: the naturals there, and the rest from jokers
        ok = (u >= self.P).all(axis=1) & (np.maximum(
            self.Q - np.maximum(u - self.P, 0), 0).sum(axis=1) <= jokers)
        if not ok.any():
            return np.zeros(len(COPIES))
        return self.groups[ok].mean(axis=0) * self.share


__all__ = ["Plan", "Readings", "Sight", "add_risk", "best", "exposed_tiles", "plan", "readings",
           "risk", "sight_of", "weigh"]
