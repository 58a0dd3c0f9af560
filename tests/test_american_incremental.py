"""American Mah Jongg's kept and looked-up work against a from-scratch computation: the
tiles each reading lacks (look-up tables), the rows exposures allow (group counts), the
planner's weighing (the kernel's one pass over the faces), the risk of a discard, the
dead-hand witnesses, and the planner's quick answer to a discard -- each on random
positions, and whole games against the rules' earlier dead-hand search. The from-scratch
computations here are the oracle of the kernels (test_american_kernels.py too)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tilepress.engine.rules import play_out
from tilepress.games.american import cards_file, planning
from tilepress.games.american import runner as game
from tilepress.games.american.bots import Planner
from tilepress.games.american.card import (
    COPIES,
    FACES,
    JOKER,
    Exposure,
    allowed_rows,
    american_set,
    counts_of,
    exposed_faces,
    face_of,
    needs,
)
from tilepress.games.american.dead import (
    completable,
    dead_reason,
    judge,
    still_alive,
    used_faces,
)
from tilepress.games.american.events import EXPOSE, MAHJONG, Dead, Phase
from tilepress.games.american.lacks import TOP
from tilepress.games.american.planning import Plan, Sight, best, plan, risk, sight_of
from tilepress.games.american.rules import AmericanGame, AmericanOptions

CARD = cards_file.practice_card()
TABLE = CARD.table
SET = list(american_set())
KINDS = list(TABLE.kinds.columns)

# -- the computations as they were, from scratch -------------------------------------------


def needs_direct(counts, exposed=None):
    c = counts[:JOKER]
    P, Q = TABLE.P[:, :JOKER], TABLE.Q[:, :JOKER]
    if exposed is not None and exposed.any():
        Q = np.maximum(Q - exposed[None, :JOKER], 0)
    short_natural = np.maximum(P - c, 0).sum(axis=1)
    short_joker = np.maximum(Q - np.maximum(c - P, 0), 0).sum(axis=1)
    return short_natural + np.maximum(short_joker - int(counts[JOKER]), 0)


def can_complete(table, counts, unseen, exposed=None, rows=None):
    """Which requirements (of ``rows``, indices, if given) a hand of ``counts`` (jokers
    at ``counts[JOKER]``) with the exposures ``exposed`` could still complete if only the
    ``unseen`` tiles (jokers included) can still come to it: enough natural tiles for the
    singles, pairs and years, and enough natural tiles or jokers for the pungs, kongs and
    quints."""
    c, u = counts[:JOKER], unseen[:JOKER]
    P, Q = table.P[:, :JOKER], table.Q[:, :JOKER]
    if rows is not None:
        P, Q = P[rows], Q[rows]
    if exposed is not None and exposed.any():
        Q = np.maximum(Q - exposed[None, :JOKER], 0)
    short_natural = np.maximum(P - c, 0)
    ok = (short_natural <= u).all(axis=1)
    short_joker = np.maximum(Q - np.maximum(c - P, 0), 0)
    from_naturals = np.minimum(short_joker, np.maximum(u - short_natural, 0))
    rest = (short_joker - from_naturals).sum(axis=1)
    return ok & (rest <= int(counts[JOKER]) + int(unseen[JOKER]))


def allowed_direct(exposures):
    if not exposures:
        return np.ones(len(TABLE.requirements), dtype=bool)
    rows = np.zeros(len(TABLE.requirements), dtype=bool)
    for i in np.nonzero(~TABLE.concealed)[0]:
        groups = [(f, s) for f, s, j in TABLE.requirements[i].groups if j]
        for e in exposures:
            if (e.face, e.size) not in groups:
                break
            groups.remove((e.face, e.size))
        else:
            rows[i] = True
    return rows


def weigh_direct(rows, sight, hands):
    """The planner's weighing of ``hands`` on the card's ``rows``, reading by reading."""
    P, Q = TABLE.P[rows, :JOKER], TABLE.Q[rows, :JOKER]
    faces = np.nonzero((P > 0).any(axis=0) | (Q > 0).any(axis=0))[0]
    P, Q = P[:, faces], np.maximum(Q[:, faces] - sight.exposed[faces], 0)
    unseen, jokers = sight.unseen[faces], int(sight.unseen[JOKER])
    c = hands[:, None, faces]
    short_natural = np.maximum(P - c, 0)
    spare = np.maximum(c - P, 0)
    short_joker = np.maximum(Q - spare, 0)
    naturals = short_natural.sum(axis=2)
    rest = np.maximum(short_joker.sum(axis=2) - hands[:, None, JOKER], 0)
    need = naturals + rest
    free = np.maximum(unseen - short_natural, 0)
    callable_ = 1 + (planning.CALLED - 1) * (spare + hands[:, None, JOKER, None] >= 2)
    helpers = ((short_natural > 0) * unseen).sum(axis=2) + (
        ((short_joker > 0) * free * callable_).sum(axis=2) + jokers) * (rest > 0)
    reachable = (short_natural <= unseen).all(axis=2) & (
        rest <= np.minimum(short_joker, free).sum(axis=2) + jokers) & (
        (helpers > 0) | (need == 0))
    cost = need * planning.HARMONIC[np.minimum(need, 15)] / np.maximum(helpers, 1e-9)
    key = (planning.NATURAL * naturals + rest + planning.SCARCITY * cost
           - planning.VALUE_WEIGHT * TABLE.values[rows])
    return need, np.where(reachable, key, planning.UNREACHABLE)


def plan_direct(sight, hands=None, slack=planning.SLACK):
    """(kept rows, best, others) as the planner chose them before anything was kept."""
    k = 0 if hands is None else len(hands)
    allowed = allowed_direct(sight.exposures)
    if not allowed.any():
        nothing = (planning.UNREACHABLE, 99, -1)
        return np.zeros(0, dtype=np.intp), nothing, [nothing] * k
    need = needs_direct(sight.counts, sight.exposed)
    batch = sight.counts[None, :] if hands is None else np.vstack([sight.counts[None, :],
                                                                    hands])
    nearest = int(need[allowed].min())
    for widen in (slack, 99):
        near = np.nonzero(allowed & (need <= nearest + widen))[0]
        missing, key = weigh_direct(near, sight, batch)
        ok = key[0] < planning.UNREACHABLE
        if ok.any():
            break
    else:
        ok = np.ones(len(near), dtype=bool)
    keep = ok & (missing[0] <= int(missing[0][ok].min()) + slack)
    i = np.where(keep[None, :], key, np.inf).argmin(axis=1)
    found = [(float(key[j, i[j]]), int(missing[j, i[j]]), int(near[i[j]]))
             for j in range(len(batch))]
    return near[keep], found[0], found[1:]


def risk_direct(exposures, unseen):
    out = np.zeros(len(COPIES))
    if not exposures:
        return out
    exposed = exposed_faces(exposures)
    allowed = np.nonzero(allowed_direct(exposures))[0]
    rows = allowed[can_complete(TABLE, np.zeros(FACES, dtype=np.int16), unseen, exposed,
                                allowed)]
    if not len(rows):
        return out
    return (np.maximum(TABLE.Q[rows] - exposed[None, :], 0) > 0).mean(axis=0) * (
        int(exposed.sum()) / 14)


# -- random positions ------------------------------------------------------------------


def random_exposures(rng: random.Random, most: int = 3) -> tuple[Exposure, ...]:
    """Exposures of groups the card has (now and then one it has not)."""
    out = []
    for _ in range(rng.randint(0, most)):
        face, size = rng.choice(KINDS) if rng.random() < 0.9 else (
            rng.randrange(JOKER), rng.choice((3, 4, 5)))
        out.append(Exposure(face, size, rng.randint(0, 1)))
    return tuple(out)


def random_sight(rng: random.Random, tiles: int = 14) -> Sight:
    """A hand, exposures that a rows allows (mostly), and some tiles in sight."""
    exposures = random_exposures(rng)
    if rng.random() < 0.6:
        exposures = tuple(e for e in exposures if e.size >= 3)
        rows = allowed_rows(CARD, exposures)
        if not rows.any():
            exposures = ()
    left = list(SET)
    rng.shuffle(left)
    hand = left[:max(tiles - 3 * len(exposures), 1)]
    in_sight = counts_of(left[20:20 + rng.randint(0, 60)])
    return sight_of(hand, exposures, in_sight)


def removal_faces(rng: random.Random, counts: np.ndarray) -> list[int]:
    held = np.flatnonzero(counts).tolist()
    return rng.sample(held, min(len(held), rng.randint(1, 14)))


def removals(rng: random.Random, counts: np.ndarray, faces: list[int] | None = None
             ) -> np.ndarray:
    """The hand less a tile of each of ``faces`` (random faces held if not given)."""
    if faces is None:
        faces = removal_faces(rng, counts)
    batch = np.repeat(counts[None, :], len(faces), axis=0)
    for k, f in enumerate(faces):
        batch[k, f] -= 1
    return batch


# -- the tests ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_lacks_by_look_up_equal_the_direct_count(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(400):
        counts = counts_of(rng.sample(SET, rng.randint(0, 14)))
        if rng.random() < 0.05:
            counts[rng.randrange(JOKER)] = rng.randint(TOP, TOP + 5)  # more than any reading
        exposed = exposed_faces(random_exposures(rng)) if rng.random() < 0.5 else None
        got = needs(TABLE, counts, exposed)
        assert np.array_equal(got, needs_direct(counts, exposed))
        assert not got.flags.writeable  # shared: nobody may change it


def test_allowed_rows_by_group_counts_equal_the_greedy_match() -> None:
    rng = random.Random(7)
    hits = 0
    for _ in range(1500):
        exposures = random_exposures(rng, most=4)
        got = allowed_rows(CARD, exposures)
        assert np.array_equal(got, allowed_direct(exposures))
        hits += bool(exposures) and got.any()
    assert hits > 200  # the test reached exposures that allow something


def best_direct(rows, sight, counts):
    """(key, tiles missing, row) of the first best of ``rows`` for ``counts``."""
    need, key = weigh_direct(rows, sight, counts[None, :])
    i = int(np.argmin(key[0]))
    return float(key[0, i]), int(need[0, i]), int(rows[i])


@pytest.mark.parametrize("seed", range(3))
def test_the_weighing_of_rows_equals_the_reading_by_reading_computation(seed: int) -> None:
    """planning.best on rows given (the kernel's weighing of a plan's rows): the key of
    the first best reading, bit for bit, its tiles missing and its row."""
    rng = random.Random(100 + seed)
    for _ in range(150):
        sight = random_sight(rng)
        rows = np.array(sorted(rng.sample(range(len(TABLE.requirements)), rng.randint(1, 60))))
        kept = Plan(rows, (planning.UNREACHABLE, 99, -1), [], sight, TABLE)
        for counts in removals(rng, sight.counts):
            assert best(kept, counts) == best_direct(rows, sight, counts)


@pytest.mark.parametrize("seed", range(3))
def test_plan_equals_the_plan_from_scratch(seed: int) -> None:
    rng = random.Random(200 + seed)
    for _ in range(120):
        sight = random_sight(rng, tiles=rng.choice((13, 14)))
        faces = removal_faces(rng, sight.counts) if rng.random() < 0.8 else []
        got = plan(CARD, sight, removed=faces)
        rows, first, others = plan_direct(sight, removals(rng, sight.counts, faces)
                                          if faces else None)
        assert np.array_equal(got.rows, rows)
        assert (got.best, got.others) == (first, others)


def test_risk_equals_the_risk_from_scratch() -> None:
    rng = random.Random(5)
    seen_any = 0
    for _ in range(600):
        exposures = tuple(e for e in random_exposures(rng) if e.size >= 3)
        left = list(SET)
        rng.shuffle(left)
        unseen = np.maximum(np.array(COPIES) - counts_of(left[:rng.randint(0, 130)]), 0)
        got = risk(CARD, exposures, unseen.astype(np.int16))
        assert np.array_equal(got, risk_direct(exposures, unseen.astype(np.int16)))
        seen_any += bool(got.any())
    assert seen_any > 50


def test_dead_hand_witnesses_agree_with_can_complete() -> None:
    rng = random.Random(11)
    dead = 0
    for _ in range(600):
        exposures = tuple(e for e in random_exposures(rng) if e.size >= 3)
        seen = counts_of(rng.sample(SET, rng.randint(0, 120)))
        reason, witnesses = judge(CARD, exposures, seen)
        assert reason == dead_reason(CARD, exposures, seen)
        if not exposures or reason:
            dead += bool(reason)
            assert witnesses == ()
            continue
        unseen = (np.array(COPIES) - seen).tolist()
        assert all(completable(w, unseen) for w in witnesses)
        # more tiles in sight: the witnesses answer as the full count does
        later = seen + counts_of(rng.sample(SET, rng.randint(0, 60)))
        later = np.minimum(later, np.array(COPIES)).astype(np.int16)
        rows = np.nonzero(allowed_rows(CARD, exposures))[0]
        alive = can_complete(TABLE, np.zeros(FACES, dtype=np.int16),
                             np.array(COPIES, dtype=np.int16) - later,
                             exposed_faces(exposures), rows).any()
        assert (still_alive(witnesses, (np.array(COPIES) - later).tolist()) is not None) \
            == alive
    assert dead > 20


class FromScratchGame(AmericanGame):
    """The game as the rules found dead hands before they kept witnesses: every hand
    judged from scratch unless the discard's face is none its hands use."""

    def _find_dead(self, tile=None) -> None:
        seen = self.seen()
        found = {v.player for v in self.verdicts if isinstance(v, Dead)}
        for q in range(4):
            if not self.exposed[q] or self.dead[q] or q in found:
                continue
            exposures = self.exposures(q)
            known, faces, _ = self._alive[q]
            if tile is not None and known == exposures and face_of(tile) not in faces:
                continue
            reason = dead_reason(CARD, exposures, seen)
            if reason:
                self.verdicts.append(Dead(q, reason))
            else:
                rows = allowed_direct(exposures)
                used = (TABLE.P[rows] > 0) | (TABLE.Q[rows] > 0)
                self._alive[q] = (exposures, frozenset(np.flatnonzero(used.any(axis=0)).tolist())
                                  | {JOKER}, ())


class CheckedPlanner(Planner):
    """A planner that checks its quick answer to each discard against the full one."""

    checked = 0

    def claim(self, game, p, tile):
        answer = super().claim(game, p, tile)
        full = (MAHJONG if game.mahjong_with(p, tile) else
                EXPOSE if self._expose(game, p, tile) is not None else None)
        assert answer == full
        # the faces remembered for the seat are those of its hand and exposures now
        assert self.claimable(game, p) == game.waits(p) | self._exposable(
            game, counts_of(game.hands[p]), game.exposures(p))
        CheckedPlanner.checked += 1
        return answer


@pytest.mark.parametrize("seed", range(3))
def test_games_play_the_same_as_with_everything_from_scratch(seed: int) -> None:
    options = AmericanOptions()
    logs = []
    for cls, bot in ((AmericanGame, CheckedPlanner), (FromScratchGame, Planner)):
        state = cls(options, CARD)
        rng = random.Random(f"tilepress:american:{seed}")
        events = play_out(state, [bot() for _ in range(4)], rng, game.chance_event)
        logs.append(([ev for ev in events], state.result()))
    assert logs[0] == logs[1]
    assert CheckedPlanner.checked > 50
    assert state.phase == Phase.OVER


class SeenCheckingPlanner(Planner):
    """A planner that checks the rules' kept count of the tiles in sight, and the
    exposures they remember, at each move."""

    checked = 0

    def choose(self, game, legal, rng):
        tiles = [t for _, t in game.discards]
        tiles += [t for groups in game.exposed for g in groups for t in g]
        assert np.array_equal(game.seen(), counts_of(tiles))
        for q in range(4):
            assert game.exposures(q) == tuple(
                Exposure(face_of(next(t for t in g if not t.is_joker)), len(g),
                         sum(t.is_joker for t in g)) for g in game.exposed[q])
        SeenCheckingPlanner.checked += 1
        return super().choose(game, legal, rng)


def test_tiles_in_sight_and_exposures_kept_equal_a_fresh_count() -> None:
    for seed in range(3):
        state = AmericanGame(AmericanOptions(), CARD)
        rng = random.Random(f"tilepress:american:{seed}")
        play_out(state, [SeenCheckingPlanner() for _ in range(4)], rng, game.chance_event)
    assert SeenCheckingPlanner.checked > 200


def test_tie_break_order_is_the_order_of_joker_then_name() -> None:
    from tilepress.games.american.bots import _BY_NAME

    rng = random.Random(3)
    for _ in range(200):
        tiles = rng.sample(SET, 14)
        assert sorted(tiles, key=_BY_NAME.__getitem__) == sorted(
            tiles, key=lambda t: (t.is_joker, str(t)))


def test_weighed_removals_are_best_first_then_by_name() -> None:
    """The planner's tiles to let go: one per distinct tile, ordered by key and, between
    equal keys, by the (joker, name) order; the same when remembered."""
    from tilepress.games.american.bots import _BY_NAME

    rng = random.Random(5)
    planner = Planner()
    state = AmericanGame(AmericanOptions(), CARD)
    ties = 0
    for _ in range(150):
        tiles = rng.sample(SET, 14)
        sight = sight_of(tiles, ())
        _, options = planner._weigh_removals(state, sight, tiles)
        assert sorted({t for *_, t in options}, key=str) == sorted(set(tiles), key=str)
        assert options == sorted(options, key=lambda c: (c[0], _BY_NAME[c[3]]))
        assert planner._weigh_removals(state, sight, tiles)[1] == options
        assert planner._weigh_removals(state, sight, tiles, False)[1] == options  # unkept
        keys = [c[0] for c in options]
        ties += len(keys) - len(set(keys))
    assert ties > 20


def test_used_faces_equal_the_faces_of_the_allowed_rows() -> None:
    rng = random.Random(8)
    for _ in range(300):
        exposures = random_exposures(rng, most=4)
        rows = allowed_direct(exposures)
        used = (TABLE.P[rows] > 0) | (TABLE.Q[rows] > 0)
        want = frozenset(np.flatnonzero(used.any(axis=0)).tolist()) | {JOKER}
        assert used_faces(CARD, exposures) == want
        assert used_faces(CARD, exposures[::-1]) == want  # remembered by faces and sizes


class RiskyPlanner(Planner):
    """A planner that always takes the general path of a discard: the risk of every face
    weighed, zero when no opponent has exposed (never the shared no-danger array)."""

    general = 0

    def danger(self, game, p, s):
        found = super().danger(game, p, s)
        RiskyPlanner.general += 1
        return found.copy()


@pytest.mark.parametrize("seed", range(2))
def test_a_discard_without_danger_is_the_first_option(seed: int) -> None:
    """With no danger a turn discards its best option without weighing risks: the same
    discard and reason as the general path gives."""
    logs = []
    for bot in (Planner, RiskyPlanner):
        state = AmericanGame(AmericanOptions(), CARD)
        rng = random.Random(f"tilepress:american:{seed}")
        logs.append(play_out(state, [bot() for _ in range(4)], rng, game.chance_event))
    assert logs[0] == logs[1] and RiskyPlanner.general > 20


def test_the_least_risky_option_is_the_least_of_key_plus_risk_then_name() -> None:
    from tilepress.games.american.bots import _BY_NAME, _FACE, RISK_WEIGHT, _least_risky

    rng = random.Random(6)
    early = 0
    for _ in range(2000):
        tiles = sorted(set(rng.sample(SET, 14)), key=_BY_NAME.__getitem__)
        # keys that tie with another key plus a risk, exactly
        keys = [rng.choice((0.0, 0.5, 1.0, float("inf"), RISK_WEIGHT * 2.0,
                            0.5 + RISK_WEIGHT * 2.0)) for _ in tiles]
        options = sorted(((k, 1, 2, t) for k, t in zip(keys, tiles, strict=True)),
                         key=lambda c: c[0])
        danger = [rng.choice((0.0, 0.0, 0.3, 2.0, 10.0)) for _ in range(FACES)]
        want = min((c[0] + RISK_WEIGHT * danger[_FACE[c[3]]], _BY_NAME[c[3]], c)
                   for c in options)[2]
        assert _least_risky(options, danger) == want
        early += want is not options[0]
    assert early > 200
