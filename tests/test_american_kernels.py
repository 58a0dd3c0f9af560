"""American Mah Jongg's compiled loops (tilepress.compiled) against their plain Python and
the numpy path: the same rows, keys (bit for bit), tiles missing and readings chosen on
random positions, and the same logs with kernels off (``TILEPRESS_NO_JIT=1``)."""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from test_american_incremental import (
    CARD,
    SET,
    TABLE,
    random_exposures,
    random_sight,
    removal_faces,
)

from tilepress import compiled
from tilepress.games.american import planning
from tilepress.games.american.card import (
    Exposure,
    allowed_rows,
    can_complete,
    counts_of,
    example,
    exposed_faces,
    face_of,
    needs,
)
from tilepress.games.american.dead import judge
from tilepress.games.american.faces import COPY_COUNTS
from tilepress.games.american.lacks import _NOTHING as NOTHING
from tilepress.games.american.lacks import TOP, faces_of, group_faces, one_away
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

ROOT = Path(__file__).resolve().parent.parent


def crowded_sight(rng: random.Random):
    """A random sight, now and then with every tile of some faces in sight (the nearest
    readings, or all, out of reach)."""
    sight = random_sight(rng, tiles=rng.choice((13, 14)))
    if rng.random() < 0.4:
        unseen = sight.unseen.copy()
        unseen[np.array([rng.random() < 0.3 for _ in unseen])] = 0
        sight = planning.Sight(sight.counts, sight.exposures, unseen)
    return sight


def numpy_plan(monkeypatch: pytest.MonkeyPatch, *args, **kw):
    with monkeypatch.context() as m:
        m.setattr(compiled, "enabled", lambda: False)
        return plan(*args, **kw)


@pytest.mark.parametrize("seed", range(3))
def test_plan_compiled_equals_the_numpy_plan(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    if not compiled.enabled():  # without numba: the kernels' own Python (choose's calls lacks)
        monkeypatch.setattr(choose, "_compiled", choose.python)
        monkeypatch.setattr(lacks, "_compiled", lacks.python)
    monkeypatch.setattr(compiled, "enabled", lambda: True)
    rng = random.Random(300 + seed)
    widened = unreachable = 0
    for _ in range(250):
        sight = crowded_sight(rng)
        faces = removal_faces(rng, sight.counts) if rng.random() < 0.8 else []
        need = needs(TABLE, sight.counts, sight.exposed)
        slack = rng.choice((planning.SLACK, 0, 1))
        got = plan(CARD, sight, need, slack, faces)
        want = numpy_plan(monkeypatch, CARD, sight, need, slack, faces)
        assert np.array_equal(got.rows, want.rows)
        assert (got.best, got.others) == (want.best, want.others)  # floats bit for bit
        if len(got.rows):
            counts = sight.counts.copy()
            counts[rng.randrange(planning.JOKER + 1)] += 1
            assert best(got, counts) == best(want, counts)
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
def test_lacks_compiled_equal_the_look_up(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(40 + seed)
    tables = TABLE.lacks
    for _ in range(300):
        counts = counts_of(rng.sample(SET, rng.randint(0, 14)))
        if rng.random() < 0.05:
            counts[rng.randrange(planning.JOKER)] = rng.randint(TOP, TOP + 5)
        exposed = exposed_faces(random_exposures(rng)) if rng.random() < 0.5 else None
        got = tables._lacks(counts, exposed) if compiled.enabled() else None
        shown = NOTHING if exposed is None else exposed
        plain = np.full(tables.rows, -99, dtype=np.int64)
        lacks.python(counts, shown, tables.base_natural, tables.base_joker, tables.delta,
                     tables.P, tables.Q, plain)
        assert np.array_equal(plain, want := numpy_lacks(monkeypatch, counts, exposed))
        assert got is None or (got.dtype == want.dtype and np.array_equal(got, want))


def test_risk_compiled_equals_the_numpy_risk(monkeypatch: pytest.MonkeyPatch) -> None:
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
        with monkeypatch.context() as m:
            m.setattr(compiled, "enabled", lambda: False)
            want = opened.answer(unseen)
        if compiled.enabled():
            got = opened.answer(unseen)
            assert got.dtype == want.dtype and np.array_equal(got, want)  # bit for bit
        some += bool(want.any())
        plain = np.zeros(len(want))
        count = add_share.python(opened.P, opened.Q, opened.groups, opened.faces, unseen,
                                 opened.share, plain)
        assert np.array_equal(plain, want) and count >= bool(want.any())
    assert some > 30


def test_added_risks_equal_the_sum_of_the_risks(monkeypatch: pytest.MonkeyPatch) -> None:
    """A turn's danger: each opponent's risk added into one array, compiled and by numpy,
    bit for bit as the sum of :func:`planning.risk` in seat order; and the loop's Python."""
    if not compiled.enabled():  # without numba: the loop's own Python
        monkeypatch.setattr(add_share, "_compiled", add_share.python)
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
        for on in (True, False):
            got = np.zeros(len(COPY_COUNTS))
            with monkeypatch.context() as m:
                m.setattr(compiled, "enabled", lambda on=on: on)
                added = [planning.add_risk(CARD, x, unseen, got) for x in opponents]
            assert np.array_equal(got, want)  # bit for bit
            assert added == [bool(len(planning._opened(CARD, x).P)) for x in opponents]
        for x in opponents:
            opened = planning._opened(CARD, x)
            plain = np.zeros(len(COPY_COUNTS))
            add_share.python(opened.P, opened.Q, opened.groups, opened.faces, unseen,
                             opened.share, plain)
            assert np.array_equal(plain, planning.risk(CARD, x, unseen))
        some += bool(want.any())
    assert some > 30


def test_open_rows_compiled_equal_can_complete(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dead-hand judge's loop (``weighing.open_rows``, compiled and its Python)
    against ``can_complete`` of no tiles, and judge's verdict and witnesses either way;
    on tiles in sight up to the whole set, and now and then more of a face than the set
    holds."""
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
        for loop in (open_rows.python, open_rows) if compiled.enabled() else (
                open_rows.python,):
            got = loop(rows, *TABLE.lacks.sparse, exposed, unseen)
            assert got.dtype == np.int64 and np.array_equal(got, want)
        with monkeypatch.context() as m:
            m.setattr(compiled, "enabled", lambda: False)
            verdict = judge(CARD, exposures, seen)
        assert judge(CARD, exposures, seen) == verdict
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


@pytest.mark.parametrize("seed", range(2))
def test_claim_faces_compiled_equal_numpy(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
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
        with monkeypatch.context() as m:
            m.setattr(compiled, "enabled", lambda: False)
            want = one_away(tables, *args[0]), group_faces(tables, *args[1])
        starts, faces, _, Q = tables.sparse
        plain = (
            faces_of(short_faces.python(need, allowed, *tables.sparse, *args[0][2:])),
            faces_of(group_faces_loop.python(*args[1][:2], slack, starts, faces, Q,
                                             sight.counts)),
        )
        assert plain == want
        if compiled.enabled():
            assert (one_away(tables, *args[0]), group_faces(tables, *args[1])) == want
        waits += bool(want[0]) and bool(sight.exposures)
        groups += bool(want[1])
    assert waits > 50 and groups > 100


def numpy_lacks(monkeypatch: pytest.MonkeyPatch, counts, exposed):
    with monkeypatch.context() as m:
        m.setattr(compiled, "enabled", lambda: False)
        return TABLE.lacks._lacks(counts, exposed)


def test_sparse_rows_hold_every_face_a_row_uses() -> None:
    sparse = Sparse.of(TABLE.P, TABLE.Q)
    for r in range(len(TABLE.P)):
        part = slice(sparse.starts[r], sparse.starts[r + 1])
        P, Q = np.zeros(planning.JOKER, int), np.zeros(planning.JOKER, int)
        P[sparse.faces[part]], Q[sparse.faces[part]] = sparse.P[part], sparse.Q[part]
        assert np.array_equal(P, TABLE.P[r, : planning.JOKER])
        assert np.array_equal(Q, TABLE.Q[r, : planning.JOKER])


_LOGS = """
import hashlib, sys
sys.path.insert(0, "benchmarks")
from stats import setup_of
from tilepress.batch import task_seed
from tilepress.publish.stats.records import prepared
game, options, play, _ = prepared(setup_of("american"))
digest = hashlib.sha256()
for i in range(4):
    digest.update(game.play(options, play, task_seed(1, i)).to_jsonl().encode())
print(digest.hexdigest())
"""


def test_games_are_the_same_with_kernels_off() -> None:
    def logs(no_jit: str) -> str:
        env = {**os.environ, "TILEPRESS_NO_JIT": no_jit, "PYTHONPATH": str(ROOT)}
        out = subprocess.run(
            [sys.executable, "-c", _LOGS],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        return out.stdout.strip()

    off = logs("1")
    assert len(off) == len(hashlib.sha256().hexdigest())
    assert logs("0") == off
