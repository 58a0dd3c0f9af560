"""American Mah Jongg's kernels (american/weighing.py), compiled, against their own
Python source as it runs with compilation off, and both against the from-scratch
computations of test_american_incremental.py: the same rows, keys (bit for bit), tiles
missing and readings chosen, on random positions."""

from __future__ import annotations

import random

import numpy as np
import pytest
from test_american_incremental import (  # tests/, on the path (conftest.py)
    CARD,
    SET,
    TABLE,
    best_direct,
    can_complete,
    needs_direct,
    plan_direct,
    random_exposures,
    random_sight,
    removal_faces,
    removals,
    risk_direct,
)

from tilepress import compiled
from tilepress.games.american import planning
from tilepress.games.american.card import (
    JOKER,
    Exposure,
    allowed_rows,
    counts_of,
    example,
    exposed_faces,
    face_of,
    needs,
)
from tilepress.games.american.dead import judge
from tilepress.games.american.faces import COPY_COUNTS
from tilepress.games.american.lacks import (
    NOTHING_EXPOSED,
    TOP,
    faces_of,
    group_faces,
    one_away,
)
from tilepress.games.american.planning import best, plan
from tilepress.games.american.weighing import (
    Sparse,
    add_share,
    choose,
    lacks,
    open_rows,
    short_faces,
)
from tilepress.games.american.weighing import group_faces as group_faces_loop


def crowded_sight(rng: random.Random):
    """A random sight, now and then with every tile of some faces in sight (the nearest
    readings, or all, out of reach)."""
    sight = random_sight(rng, tiles=rng.choice((13, 14)))
    if rng.random() < 0.4:
        unseen = sight.unseen.copy()
        unseen[np.array([rng.random() < 0.3 for _ in unseen])] = 0
        sight = planning.Sight(sight.counts, sight.exposures, unseen)
    return sight


@pytest.mark.parametrize("seed", range(3))
def test_plan_is_the_plan_from_scratch(seed: int) -> None:
    """plan (the kernel choose, which works out the lacks itself) at every slack, on
    crowded sights: the rows kept, the best reading of the hand and of each hand less a
    tile, and best() of another hand on the rows kept."""
    rng = random.Random(300 + seed)
    widened = unreachable = 0
    for _ in range(250):
        sight = crowded_sight(rng)
        faces = removal_faces(rng, sight.counts) if rng.random() < 0.8 else []
        slack = rng.choice((planning.SLACK, 0, 1))
        got = plan(CARD, sight, slack, faces)
        rows, first, others = plan_direct(sight, removals(rng, sight.counts, faces)
                                          if faces else None, slack)
        assert np.array_equal(got.rows, rows)
        assert (got.best, got.others) == (first, others)  # floats bit for bit
        if len(got.rows):
            counts = sight.counts.copy()
            counts[rng.randrange(JOKER + 1)] += 1
            assert best(got, counts) == best_direct(rows, sight, counts)
            need = needs(TABLE, sight.counts, sight.exposed)
            allowed = planning.allowed_rows(CARD, sight.exposures)
            widened += int(need[got.rows].max()) > int(need[allowed].min()) + slack
        unreachable += got.best[0] == planning.UNREACHABLE
    assert widened > 3 and unreachable > 3  # the rarer branches were reached


def _arguments(rng: random.Random, fixed: bool) -> tuple:
    sight = crowded_sight(rng)
    faces = np.array(removal_faces(rng, sight.counts), dtype=np.int64)
    rows = np.array(sorted(rng.sample(range(len(TABLE.P)), rng.randint(1, 40))), dtype=np.int64)
    allowed = planning.allowed_rows(CARD, sight.exposures)
    if not allowed.any():
        allowed = np.ones(len(TABLE.P), dtype=bool)
    lt = TABLE.lacks
    return (
        fixed,
        rows,
        allowed,
        rng.choice((0, 1, 2)),
        *lt.sparse,
        lt.base_natural,
        lt.base_joker,
        lt.delta,
        lt.P,
        lt.Q,
        TABLE.values,
        sight.exposed,
        sight.unseen,
        sight.counts,
        faces,
        planning._SEARCH,
        planning._WEIGHTS,
    )


@pytest.mark.skipif(not compiled.enabled(), reason="numba is not installed or is turned off")
@pytest.mark.parametrize("fixed", [False, True])
def test_choose_compiled_equals_its_python(fixed: bool) -> None:
    rng = random.Random(17 + fixed)
    for _ in range(60):
        args = _arguments(rng, fixed)
        k = len(args[17]) + 1  # the hands: as is, and less each of removed
        out = [(np.full(k, np.nan), np.full(2 * k + len(TABLE.P), -7, dtype=np.int64))
               for _ in range(2)]
        kept = choose(*args, *out[0]), choose.python(*args, *out[1])
        assert kept[0] == kept[1]
        for a, b in zip(*out, strict=True):  # keys bit for bit, then whole numbers
            assert np.array_equal(a[:2 * k + kept[0]], b[:2 * k + kept[0]])
        assert not np.isnan(out[0][0]).any()


@pytest.mark.parametrize("seed", range(2))
def test_lacks_compiled_and_plain_equal_the_direct_count(seed: int) -> None:
    rng = random.Random(40 + seed)
    tables = TABLE.lacks
    for _ in range(300):
        counts = counts_of(rng.sample(SET, rng.randint(0, 14)))
        if rng.random() < 0.05:
            counts[rng.randrange(JOKER)] = rng.randint(TOP, TOP + 5)
        exposed = exposed_faces(random_exposures(rng)) if rng.random() < 0.5 else None
        shown = NOTHING_EXPOSED if exposed is None else exposed
        want = needs_direct(counts, exposed)
        for run in (lacks.python, lacks):
            got = np.full(tables.rows, -99, dtype=np.int64)
            run(counts, shown, tables.base_natural, tables.base_joker, tables.delta, tables.P,
                tables.Q, got)
            assert np.array_equal(got, want)


def test_risk_compiled_and_plain_equals_the_risk_from_scratch() -> None:
    rng = random.Random(9)
    some = 0
    for _ in range(400):
        exposures = tuple(e for e in random_exposures(rng) if e.size >= 3)
        if not exposures:
            continue
        opened = planning._Opened.of(CARD, exposures)
        left = list(SET)
        rng.shuffle(left)
        unseen = np.maximum(COPY_COUNTS - counts_of(left[: rng.randint(0, 130)]), 0)
        want = risk_direct(exposures, unseen)
        for run in (add_share.python, add_share):
            got = np.zeros(len(want))
            count = run(opened.P, opened.Q, opened.groups, opened.faces, unseen, opened.share,
                        got)
            assert np.array_equal(got, want) and count >= bool(want.any())  # bit for bit
        some += bool(want.any())
    assert some > 30


def test_added_risks_equal_the_sum_of_the_risks() -> None:
    """A turn's danger: each opponent's risk added into one array, bit for bit as the
    sum of :func:`planning.risk` in seat order."""
    rng = random.Random(10)
    some = 0
    for _ in range(300):
        opponents = [tuple(e for e in random_exposures(rng) if e.size >= 3) for _ in range(2)]
        opponents = [x for x in opponents if x]
        left = list(SET)
        rng.shuffle(left)
        unseen = np.maximum(COPY_COUNTS - counts_of(left[: rng.randint(0, 130)]), 0)
        want = np.zeros(len(COPY_COUNTS))
        for x in opponents:
            want = want + planning.risk(CARD, x, unseen)
        got = np.zeros(len(COPY_COUNTS))
        added = [planning.add_risk(CARD, x, unseen, got) for x in opponents]
        assert np.array_equal(got, want)  # bit for bit
        assert added == [bool(allowed_rows(CARD, x).any()) for x in opponents]
        some += bool(want.any())
    assert some > 30


def test_open_rows_compiled_and_plain_equal_can_complete() -> None:
    """The dead-hand judge's loop (``weighing.open_rows``, compiled and its Python)
    against ``can_complete`` of no tiles, and judge's verdict; on tiles in sight up to
    the whole set, and now and then more of a face than the set holds."""
    rng = random.Random(12)
    found = dead = 0
    for _ in range(400):
        exposures = tuple(e for e in random_exposures(rng) if e.size >= 3)
        rows = allowed_rows(CARD, exposures)
        left = list(SET)
        rng.shuffle(left)
        seen = counts_of(left[: rng.randint(0, 152)])
        if rng.random() < 0.05:
            seen[rng.randrange(planning.JOKER)] += 5
        unseen = COPY_COUNTS - seen
        exposed = exposed_faces(exposures)
        allowed = np.nonzero(rows)[0]
        want = allowed[can_complete(TABLE, np.zeros_like(seen), unseen, exposed, allowed)]
        for loop in (open_rows.python, open_rows):
            got = loop(rows, *TABLE.lacks.sparse, exposed, unseen)
            assert got.dtype == np.int64 and np.array_equal(got, want)
        reason, witnesses = judge(CARD, exposures, seen)
        if exposures and rows.any():
            assert bool(reason) == (not len(want)) and len(witnesses) == len(want)
        found += len(want) > 0
        dead += bool(rows.any()) and not len(want)
    assert found > 50 and dead > 20


def one_tile_away(rng: random.Random) -> planning.Sight:
    """A reading of the card but for one tile, now and then with a group exposed."""
    req = rng.choice(TABLE.requirements)
    tiles, exposures = list(example(req)), ()
    groups = [(f, size) for f, size, jokers in req.groups if jokers]
    if groups and not req.hand.concealed and rng.random() < 0.7:
        face, size = rng.choice(groups)
        use = [t for t in tiles if face_of(t) == face] + [t for t in tiles if t.is_joker]
        for t in use[:size]:
            tiles.remove(t)
        exposures = (Exposure(face, size, sum(t.is_joker for t in use[:size])),)
    del tiles[rng.randrange(len(tiles))]
    return planning.sight_of(tiles, exposures)


def one_away_direct(need, allowed, counts, exposed) -> frozenset[int]:
    """The faces the allowed rows one tile away are short of, from scratch."""
    rows = allowed & (need == 1)
    c = counts[:JOKER]
    P, Q = TABLE.P[rows, :JOKER], TABLE.Q[rows, :JOKER] - exposed[:JOKER]
    short = (c < P) | (np.maximum(c - P, 0) < Q)
    return frozenset(np.flatnonzero(short.any(axis=0)).tolist())


def group_faces_direct(need, allowed, counts, slack) -> frozenset[int]:
    """The faces of a group of the nearest allowed rows held once, and another or a
    joker, from scratch."""
    near = allowed & (need <= int(need[allowed].min()) + slack)
    c = counts[:JOKER]
    wanted = (TABLE.Q[near, :JOKER] > 0).any(axis=0) & (c >= 1) & (c + counts[JOKER] >= 2)
    return frozenset(np.flatnonzero(wanted).tolist())


@pytest.mark.parametrize("seed", range(2))
def test_claim_faces_compiled_and_plain_equal_the_faces_from_scratch(seed: int) -> None:
    rng = random.Random(60 + seed)
    tables = TABLE.lacks
    waits = groups = 0
    for _ in range(300):
        sight = random_sight(rng, tiles=rng.choice((13, 14)))
        if rng.random() < 0.4:  # a hand on the card, but for one tile
            sight = one_tile_away(rng)
        allowed = planning.allowed_rows(CARD, sight.exposures)
        if not allowed.any():
            continue
        need = needs(TABLE, sight.counts, sight.exposed)
        slack = rng.choice((0, 1, 2))
        args = (need, allowed, sight.counts, sight.exposed), (need, allowed, sight.counts, slack)
        want = one_away_direct(*args[0]), group_faces_direct(*args[1])
        starts, faces, _, Q = tables.sparse
        for loops in ((short_faces.python, group_faces_loop.python),
                      (short_faces, group_faces_loop)):
            assert (faces_of(loops[0](need, allowed, *tables.sparse, *args[0][2:])),
                    faces_of(loops[1](*args[1][:2], slack, starts, faces, Q, sight.counts))
                    ) == want
        assert (one_away(tables, *args[0]), group_faces(tables, *args[1])) == want
        waits += bool(want[0]) and bool(sight.exposures)
        groups += bool(want[1])
    assert waits > 50 and groups > 100


def test_sparse_rows_hold_every_face_a_row_uses() -> None:
    sparse = Sparse.of(TABLE.P, TABLE.Q)
    for r in range(len(TABLE.P)):
        part = slice(sparse.starts[r], sparse.starts[r + 1])
        P, Q = np.zeros(planning.JOKER, int), np.zeros(planning.JOKER, int)
        P[sparse.faces[part]], Q[sparse.faces[part]] = sparse.P[part], sparse.Q[part]
        assert np.array_equal(P, TABLE.P[r, : planning.JOKER])
        assert np.array_equal(Q, TABLE.Q[r, : planning.JOKER])
