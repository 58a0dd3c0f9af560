"""Bots for American Mah Jongg.

:class:`Planner` aims at the hands on the card it is nearest to (fewest tiles missing,
then the highest value). In the Charleston it passes the tiles those hands need least
(never jokers), blind when giving up its own tiles would cost it, and stops the
Charleston once it is close. In play it declares Mah Jongg as soon as it can, calls a
discard when an exposure brings an open target closer, redeems a joker when the tile
it gives is worth less than the joker, and discards what its targets need least,
avoiding tiles that fit the exposures of a player who has exposed twice or more. Every
choice says why. :class:`RandomBot` passes and discards at random and declares Mah
Jongg when it can.

Both choose with one method, ``choose(game, legal, rng)``: the rules list the legal
actions and check the choice; a bot fills in the free parameters (which tiles to pass or
show) and its reason.
"""

from __future__ import annotations

import random
from dataclasses import replace
from operator import itemgetter

import numpy as np

from tilepress.engine.log import Event
from tilepress.games.american.card import (
    FACES,
    JOKER,
    Exposure,
    allowed_rows,
    counts_of,
    exposed_faces,
    face_of,
    needs,
)
from tilepress.games.american.events import (
    EXPOSE,
    MAHJONG,
    PASS,
    Answer,
    Call,
    Courtesy,
    Discard,
    MahJong,
    Pass,
    Redeem,
    Stop,
)
from tilepress.games.american.lacks import group_faces
from tilepress.games.american.planning import (
    SLACK,
    Plan,
    Sight,
    add_risk,
    best,
    plan,
    sight_of,
)
from tilepress.games.american.rules import CLAIMS, AmericanGame, Phase
from tilepress.tiles import ALL_TILES, Tile

JOKER_TILE = Tile("1j")
_NO_TILES = np.zeros(FACES, dtype=np.int16)
_NO_DANGER = np.zeros(FACES)
_NO_DANGER.setflags(write=False)
EPSILON = 1e-9
RISK_WEIGHT = 0.15
"""How much the planner gives up to keep a tile an opponent's exposures want."""


def sight(game: AmericanGame, p: int) -> Sight:
    """What ``p`` can see: the own hand and exposures, every discard, the others'
    exposures."""
    return sight_of(game.hands[p], game.exposures(p), game.seen())


class Planner:
    name = "planner"

    def __init__(self) -> None:
        self._claimable: list[tuple] = [(None, [], (), frozenset())] * 4
        """For each seat: the card, hand and exposures :meth:`claimable` last answered
        for, and its answer."""
        self._weighed: dict[tuple, tuple[Plan, list]] = {}
        """Recent answers of :meth:`_weigh_removals`: the vote's for the courtesy pass,
        the call's for the discard after it."""
        self._exposure: tuple[tuple, tuple | None] = ((), None)
        """The last answer of :meth:`exposure`: asked again when the call is made."""

    def choose(self, game: AmericanGame, legal: list[Event], rng: random.Random) -> Event:
        p = game.to_move
        assert p is not None
        phase = game.phase
        if phase == CLAIMS:  # the most frequent, first
            assert game.last is not None
            return _ANSWERS[p, self.claim(game, p, game.last[1]) or PASS]
        if phase == Phase.PASS:
            return self.charleston(game, p)
        if phase == Phase.VOTE:
            return self.stop(game, p)
        if phase == Phase.COURTESY:
            return self.courtesy(game, p)
        if phase == Phase.CALL:
            if p in game.calling(MAHJONG):
                return mahjong_call(game, p)
            assert game.last is not None
            found = self.exposure(game, p, game.last[1])
            assert found is not None
            use, why = found
            return Call(p, game.last[1], use, why)
        return self.turn(game, p)

    # -- weighing tiles ------------------------------------------------------------------

    def _need(self, game: AmericanGame, s: Sight) -> np.ndarray:
        """The tiles each reading of the card lacks (remembered by the card's look-up
        tables: they depend on the hand and the exposures alone)."""
        return needs(game.card.table, s.counts, s.exposed)

    def _weigh_removals(self, game: AmericanGame, s: Sight, tiles: list[Tile],
                        remember: bool = True
                        ) -> tuple[Plan, list[tuple[float, int, int, Tile]]]:
        """The plan of a sight, and for each distinct tile of ``tiles``: (key, tiles
        missing, row) of the best reading without it, best first. Remembered, unless
        not to be asked again (``remember`` False: the answer is the same either way)."""
        # by name: the sort by key below keeps that order between equal keys
        candidates = sorted(set(tiles), key=_BY_NAME.__getitem__)
        if not remember:
            return self._weigh(game, s, candidates)
        key = (id(game.card), s.counts.tobytes(), s.exposures, s.unseen.tobytes(),
               tuple(candidates))
        found = self._weighed.get(key)
        if found is None:
            if len(self._weighed) > 16:
                self._weighed.clear()
            found = self._weighed[key] = self._weigh(game, s, candidates)
        return found[0], list(found[1])

    def _weigh(self, game: AmericanGame, s: Sight, candidates: list[Tile]
               ) -> tuple[Plan, list[tuple[float, int, int, Tile]]]:
        """:meth:`_weigh_removals` of distinct tiles in name order."""
        pl = plan(game.card, s, removed=[_FACE[t] for t in candidates])
        out = [(*found, t) for found, t in zip(pl.others, candidates, strict=True)]
        out.sort(key=itemgetter(0))  # best first; equal keys by name
        return pl, out

    def _name(self, game: AmericanGame, row: int, need: int) -> str:
        if row < 0:
            return "no hand left on the card"
        return f"{game.card.table.requirements[row].hand.id}, {need} away"

    # -- the Charleston -----------------------------------------------------------------

    def charleston(self, game: AmericanGame, p: int) -> Pass:
        """The tiles its nearest hands need least (never a joker); on a pass that may be
        blind, only those that cost nothing, and the rest passed on unseen."""
        s = sight_of(game.hands[p], ())
        pl, options = self._weigh_removals(game, s, [t for t in game.hands[p]
                                                     if not t.is_joker])
        before, need, row = pl.best
        count = game.pass_size(p)
        chosen = [t for *_, t in options[:count]]
        if game.blind_allowed():
            free = [t for key, *_, t in options[:count] if key <= before + EPSILON]
            if len(free) < count:
                blind = count - len(free)
                return Pass(p, tuple(free), blind,
                            f"{blind} passed on blind: its own tiles are needed for "
                            f"{self._name(game, row, need)}")
        return Pass(p, tuple(chosen), 0, f"keeps what {self._name(game, row, need)} needs")

    def stop(self, game: AmericanGame, p: int) -> Stop:
        s = sight_of(game.hands[p], ())
        # weighed as the courtesy pass will weigh it (the best is the same either way)
        _, need, row = self._weigh_removals(game, s, [t for t in game.hands[p]
                                                      if not t.is_joker])[0].best
        if need <= 4:
            return Stop(p, True, f"{self._name(game, row, need)}: no more passing")
        return Stop(p, False, f"{need} tiles away: another Charleston may help")

    def courtesy(self, game: AmericanGame, p: int) -> Courtesy:
        s = sight_of(game.hands[p], ())
        pl, options = self._weigh_removals(game, s, [t for t in game.hands[p]
                                                     if not t.is_joker])
        spare = sum(1 for key, *_ in options if key <= pl.best[0] + EPSILON)
        return Courtesy(p, min(spare, 3))

    # -- play ----------------------------------------------------------------------------

    def turn(self, game: AmericanGame, p: int) -> Event:
        """After drawing or calling: Mah Jongg, a joker redemption, or a discard."""
        made = game.mahjong_hands(p)
        if made:
            return MahJong(p, made[0], "the hand is complete")
        s = sight(game, p)
        # a hand just drawn was never weighed (after a call, the call weighed it)
        pl, options = self._weigh_removals(game, s, game.hands[p], game.drawn is None)
        redeem = self._redeem(game, p, pl)
        if redeem is not None:
            return redeem
        risk = self.danger(game, p, s)
        if risk is _NO_DANGER:  # no risk: the first of the options (by key, then name)
            _, need, row, tile = options[0]
            danger = None
        else:
            danger = risk.tolist()
            _, need, row, tile = _least_risky(options, danger)
        why = f"keeps {self._name(game, row, need)}" if need else "the hand stays ready"
        if danger is not None and options[0][3] != tile and (
                danger[face_of(options[0][3])] > danger[face_of(tile)]):
            why += f"; holds {options[0][3]}, which an opponent's exposures want"
        return Discard(p, tile, why)

    def danger(self, game: AmericanGame, p: int, s: Sight) -> np.ndarray:
        """For each face, how much the live opponents' exposures want it (summed in seat
        order; perhaps a shared array: read-only)."""
        total = None
        added = False
        for q in range(4):
            if q != p and not game.dead[q] and game.exposed[q]:
                if total is None:
                    total = np.zeros(FACES)
                added |= add_risk(game.card, game.exposures(q), s.unseen, total)
        return total if added else _NO_DANGER

    def _redeem(self, game: AmericanGame, p: int, pl: Plan) -> Redeem | None:
        hand = game.hands[p]
        for owner, face in self._jokered(game):
            natural = next((t for t in hand if _FACE[t] == face), None)
            if natural is None:
                continue
            counts = pl.sight.counts.copy()  # the hand's
            counts[face] -= 1
            counts[JOKER] += 1
            if best(pl, counts)[0] <= pl.best[0] + EPSILON:
                return Redeem(p, owner, natural, f"a joker for its {natural}: jokers "
                              "fit more groups")
        return None

    def _jokered(self, game: AmericanGame) -> list[tuple[int, int]]:
        """(owner, face) of each exposure holding a joker, in seat and table order."""
        return [(owner, e.face) for owner in range(4) if game.exposed[owner]
                for e in game.exposures(owner) if e.jokers]

    def claim(self, game: AmericanGame, p: int, tile: Tile) -> str | None:
        """The answer to the last discard: 'mahjong', 'expose' or None."""
        if _FACE[tile] not in self.claimable(game, p):
            return None
        if game.mahjong_with(p, tile):
            return MAHJONG
        return EXPOSE if self.exposure(game, p, tile) is not None else None

    def claimable(self, game: AmericanGame, p: int) -> frozenset[int]:
        """The faces of the discards ``p`` might call as the hand and exposures stand:
        those the hand may wait on for Mah Jongg, and those of which it holds a tile
        (and a second or a joker) for a pung, kong or quint of its nearest readings
        (what :meth:`exposure` looks at first). Remembered for each seat while its hand
        and exposures stay the same (compared, not hashed)."""
        hand = game.hands[p]
        exposures = game.exposures(p)
        card, held, shown, found = self._claimable[p]
        if card is game.card and held == hand and shown == exposures:  # (lists compared)
            return found
        found = game.waits(p) | self._exposable(game, counts_of(hand), exposures)
        self._claimable[p] = (game.card, list(hand), exposures, found)
        return found

    def _exposable(self, game: AmericanGame, counts: np.ndarray,
                   exposures: tuple[Exposure, ...]) -> frozenset[int]:
        """The faces :meth:`exposure` does not turn down before weighing the hand."""
        allowed = allowed_rows(game.card, exposures)
        if not np.count_nonzero(allowed):  # (ndarray.any is slower, in Python)
            return frozenset()
        table = game.card.table
        need = needs(table, counts, exposed_faces(exposures))
        return group_faces(table.lacks, need, allowed, counts, SLACK)

    def exposure(self, game: AmericanGame, p: int, tile: Tile) -> tuple | None:
        """The tiles to expose with ``tile`` when the hand is then nearer its best
        hand (after the discard that follows) than without the call."""
        key = (id(game.card), p, tile, tuple(game.hands[p]),
               tuple(tuple(g) for g in game.exposed[p]), game.seen().tobytes())
        if self._exposure[0] != key:
            self._exposure = (key, self._expose(game, p, tile))
        return self._exposure[1]

    def _expose(self, game: AmericanGame, p: int, tile: Tile) -> tuple | None:
        face = _FACE[tile]
        hand = game.hands[p]
        naturals = [t for t in hand if _FACE[t] == face]
        jokers = [t for t in hand if t.is_joker]
        if not naturals or len(naturals) + len(jokers) < 2:
            return None
        # only a tile of a pung, kong or quint of the nearest readings is worth a look
        exposures = game.exposures(p)
        need = self._need(game, Sight(counts_of(hand), exposures, _NO_TILES))
        allowed = allowed_rows(game.card, exposures)
        if not np.count_nonzero(allowed):
            return None
        near = allowed & (need <= int(need[allowed].min()) + SLACK)
        table = game.card.table
        if not np.count_nonzero(table.Q[near, face]):
            return None
        s = sight(game, p)
        pl = plan(game.card, s)
        # the sizes of the face's groups (jokers allowed) in the readings kept
        kinds = table.kinds
        sizes = sorted(size for size, column in kinds.of_face(face)
                       if np.count_nonzero(kinds.counts[pl.rows, column]))
        before, was, _ = pl.best
        found = None
        for size in sizes:
            use = (naturals + jokers)[:size - 1]
            if len(use) < size - 1:
                break
            exposure = Exposure(face, size, sum(1 for t in use if t.is_joker))
            after = Sight(s.counts - counts_of(use), (*s.exposures, exposure), s.unseen)
            _, options = self._weigh_removals(game, after, _rest(hand, use))
            if options and options[0][0] < before - EPSILON and (
                    found is None or options[0][0] < found[0]):
                found = (options[0][0], tuple(use), options[0][1], options[0][2])
        if found is None:
            return None
        _, use, need_after, row_after = found
        return use, (f"{tile} exposes a group of {self._name(game, row_after, need_after)} "
                     f"(was {was} away)")


"""Read at every answer (a member of an enum is slow to look up on its class)."""
_ANSWERS = {(p, call): Answer(p, call) for p in range(4) for call in (PASS, MAHJONG, EXPOSE)}
"""Every answer to a discard, made once (events are values: one serves every game)."""

_BY_NAME = {t: k for k, t in enumerate(sorted(
    (*ALL_TILES, *(Tile(f"0{suit}") for suit in "mps")), key=lambda t: (t.is_joker, str(t))))}
"""Every tile's place in the order of (is_joker, name): the tie-break between tiles that
weigh the same."""


_FACE = {t: face_of(t) for t in _BY_NAME}
"""Each tile's face."""


def _least_risky(options: list[tuple[float, int, int, Tile]], danger: list[float]
                 ) -> tuple[float, int, int, Tile]:
    """The option of the least key plus risk, then the first by name: the options come
    by key, and a risk is never below zero, so none after a key above the best can
    beat it."""
    best = options[0]
    least = best[0] + RISK_WEIGHT * danger[_FACE[best[3]]]
    for c in options[1:]:
        if c[0] > least:
            break
        v = c[0] + RISK_WEIGHT * danger[_FACE[c[3]]]
        if v < least or (v == least and _BY_NAME[c[3]] < _BY_NAME[best[3]]):
            best, least = c, v
    return best


def _rest(hand: list[Tile], used: list[Tile]) -> list[Tile]:
    rest = list(hand)
    for t in used:
        rest.remove(t)
    return rest


def mahjong_call(game: AmericanGame, p: int) -> Call:
    """Taking the discard called for Mah Jongg, showing the whole group it completes in
    the hand to be declared (like tiles and jokers); a call in error shows a like tile,
    if held."""
    assert game.last is not None
    tile = game.last[1]
    groups = game.called_groups(p, tile)
    shown = next(iter(groups.values()), None)
    if shown is None:
        shown = tuple(t for t in game.hands[p] if face_of(t) == face_of(tile))[:1]
    return Call(p, tile, shown, "completes the hand: Mah Jongg")


class RandomBot:
    """Passes and discards at random (never a joker in a pass), never stops the
    Charleston, offers no courtesy tiles, never exposes, and calls and declares Mah Jongg
    whenever it can."""

    name = "random"

    def choose(self, game: AmericanGame, legal: list[Event], rng: random.Random) -> Event:
        p = game.to_move
        assert p is not None
        if game.phase == Phase.PASS:
            choices = [t for t in game.hands[p] if not t.is_joker]
            return Pass(p, tuple(rng.sample(choices, game.pass_size(p))), 0, "at random")
        if game.phase == Phase.VOTE:
            return Stop(p, False, "")
        if game.phase == Phase.COURTESY:
            return Courtesy(p, 0)
        if game.phase == Phase.CLAIMS:
            assert game.last is not None
            return Answer(p, MAHJONG if game.mahjong_with(p, game.last[1]) else PASS)
        if game.phase == Phase.CALL:
            return mahjong_call(game, p)
        made = game.mahjong_hands(p)
        if made:
            return MahJong(p, made[0], "the hand is complete")
        # any tile held, each copy as likely: one of the legal discards
        tile = rng.choice(game.hands[p])
        return next(replace(ev, reason="at random") for ev in legal
                    if isinstance(ev, Discard) and ev.tile == tile)


BOTS = {"planner": Planner, "random": RandomBot}

__all__ = ["BOTS", "Planner", "RandomBot", "mahjong_call", "sight"]
