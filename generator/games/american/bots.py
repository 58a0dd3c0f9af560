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

import numpy as np

from generator.engine.log import Event
from generator.games.american.card import (
    JOKER,
    Exposure,
    allowed_rows,
    face_of,
    matches,
    needs,
    needs_batch,
)
from generator.games.american.events import (
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
from generator.games.american.rules import AmericanGame, Phase
from generator.tiles import Tile

JOKER_TILE = Tile("1j")


def _best(game: AmericanGame, p: int, counts, exposures=None) -> tuple[int, int, int]:
    """(tiles missing, -value, row) of the nearest requirement."""
    table = game.card.table
    rows = allowed_rows(game.card, game.exposures(p) if exposures is None else exposures)
    n = needs(table, counts).astype(np.int32)
    key = np.where(rows, n * 1000 - table.values, 1 << 30)
    i = int(np.argmin(key))
    return int(n[i]), -int(table.values[i]), i


class Planner:
    name = "planner"

    def choose(self, game: AmericanGame, legal: list[Event], rng: random.Random) -> Event:
        p = game.to_move
        assert p is not None
        if game.phase == Phase.PASS:
            return self.charleston(game, p)
        if game.phase == Phase.VOTE:
            return self.stop(game, p)
        if game.phase == Phase.COURTESY:
            return self.courtesy(game, p)
        if game.phase == Phase.CLAIMS:
            assert game.last is not None
            return Answer(p, self.claim(game, p, game.last[1]) or PASS)
        if game.phase == Phase.CALL:
            if p in game.calling(MAHJONG):
                return mahjong_call(game, p)
            assert game.last is not None
            found = self.exposure(game, p, game.last[1])
            assert found is not None
            use, why = found
            return Call(p, game.last[1], use, why)
        return self.turn(game, p, danger_for(game, p))

    def _removal_costs(self, game: AmericanGame, p: int, tiles: list[Tile], counts=None, *,
                       passable: bool = False) -> list[tuple[tuple[int, int], Tile]]:
        """For each distinct tile: (tiles missing, -value) of the nearest hand without it;
        ``counts`` are the player's tiles (``tiles`` and the exposures) if not the
        player's own."""
        candidates = [t for t in sorted(set(tiles)) if not (passable and t.is_joker)]
        if not candidates:
            return []
        if counts is None:
            counts = game.counts(p)
        batch = np.repeat(counts[None, :], len(candidates), axis=0)
        for k, tile in enumerate(candidates):
            batch[k, face_of(tile)] -= 1
        table = game.card.table
        rows = allowed_rows(game.card, game.exposures(p))
        # one tile less adds at most one tile to any hand's need, so only the hands at
        # most one worse than the best can be the best afterwards
        full = needs(table, counts)
        top = int(full[rows].min()) if rows.any() else 99
        sel = np.nonzero(rows & (full <= top + 1))[0]
        if not len(sel):
            return [((99, 0), t) for t in candidates]
        sub = type(table)(table.requirements, table.P[sel], table.Q[sel],
                          table.concealed[sel], table.values[sel])
        n = needs_batch(sub, batch).astype(np.int32)
        key = n * 1000 - sub.values[None, :]
        best = key.argmin(axis=1)
        out = [((int(n[k, best[k]]), -int(sub.values[best[k]])), tile)
               for k, tile in enumerate(candidates)]
        out.sort(key=lambda t: (t[0], t[1].is_joker, str(t[1])))
        return out

    def _target(self, game: AmericanGame, p: int) -> str:
        need, _, row = _best(game, p, game.counts(p))
        req = game.card.table.requirements[row]
        return f"{req.hand.id}, {need} away"

    # -- the Charleston -----------------------------------------------------------------

    def charleston(self, game: AmericanGame, p: int) -> Pass:
        hand = list(game.hands[p])
        count = game.pass_size(p)
        counts = game.counts(p)
        chosen: list[Tile] = []
        before = _best(game, p, counts)[0]
        for _ in range(count):
            costs = self._removal_costs(game, p, hand, counts, passable=True)
            if not costs:
                break
            tile = costs[0][1]
            chosen.append(tile)
            hand.remove(tile)
            counts[face_of(tile)] -= 1
        after = _best(game, p, counts)[0]
        received = [t for t in game.received[p] if not t.is_joker]
        if game.blind_allowed() and after > before and len(received) >= count:
            return Pass(p, tuple(received[:count]), count,
                        f"passes the {count} tiles just received unseen: its own are needed "
                        f"for {self._target(game, p)}")
        return Pass(p, tuple(chosen), 0, f"keeps what {self._target(game, p)} needs")

    def stop(self, game: AmericanGame, p: int) -> Stop:
        need = _best(game, p, game.counts(p))[0]
        if need <= 4:
            return Stop(p, True, f"{self._target(game, p)}: no more passing")
        return Stop(p, False, f"{need} tiles away: another Charleston may help")

    def courtesy(self, game: AmericanGame, p: int) -> Courtesy:
        before = _best(game, p, game.counts(p))[0]
        spare = sum(1 for cost, _ in self._removal_costs(game, p, game.hands[p],
                                                         passable=True) if cost[0] <= before)
        return Courtesy(p, min(spare, 3))

    # -- play ----------------------------------------------------------------------------

    def turn(self, game: AmericanGame, p: int, danger=None) -> Event:
        """After drawing or calling: Mah Jongg, a joker redemption, or a discard."""
        made = game.mahjong_hands(p)
        if made:
            return MahJong(p, made[0], "the hand is complete")
        redeem = self._redeem(game, p)
        if redeem is not None:
            return redeem
        costs = self._removal_costs(game, p, game.hands[p])
        danger = danger or (lambda t: 0)
        best = min(costs, key=lambda c: (c[0][0] + danger(c[1]), c[0][1], c[1].is_joker))
        (need, _), tile = best
        why = f"keeps {self._target(game, p)}" if need else "the hand stays ready"
        if danger(tile) == 0 and any(danger(t) for _, t in costs[:3]):
            why += "; safe against an opponent's exposures"
        return Discard(p, tile, why)

    def _redeem(self, game: AmericanGame, p: int) -> Redeem | None:
        hand = game.hands[p]
        for owner in range(4):
            for group in game.exposed[owner]:
                if JOKER_TILE not in group:
                    continue
                natural = next(t for t in group if not t.is_joker)
                if natural in hand:
                    counts = game.counts(p)
                    before = _best(game, p, counts)[0]
                    counts[face_of(natural)] -= 1
                    counts[JOKER] += 1
                    if _best(game, p, counts)[0] <= before:
                        return Redeem(p, owner, natural, f"a joker for its {natural}: jokers "
                                      "fit more groups")
        return None

    def claim(self, game: AmericanGame, p: int, tile: Tile) -> str | None:
        """The answer to the last discard: 'mahjong', 'expose' or None."""
        counts = game.counts(p)
        f = face_of(tile)
        if game.tile_count(p) == 13:
            counts[f] += 1
            table = game.card.table
            rows = allowed_rows(game.card, game.exposures(p))
            if ((needs(table, counts) == 0) & rows).any():
                hand = [*game.hands[p], tile]
                if matches(game.card, hand, game.exposures(p)):
                    return MAHJONG
            counts[f] -= 1
        option = self.exposure(game, p, tile)
        return EXPOSE if option is not None else None

    def exposure(self, game: AmericanGame, p: int, tile: Tile) -> tuple | None:
        """The tiles to expose with ``tile`` if that brings an open target closer."""
        hand = game.hands[p]
        naturals = [t for t in hand if t == tile]
        jokers = [t for t in hand if t.is_joker]
        if len(naturals) + len(jokers) < 2:
            return None
        counts = game.counts(p)
        before, _, row = _best(game, p, counts)
        req = game.card.table.requirements[row]
        if req.hand.concealed:
            return None
        f = face_of(tile)
        sizes = [size for face, size, jok in req.groups if face == f and jok]
        if not sizes:
            return None
        size = sizes[0]
        use = naturals[:size - 1]
        use += jokers[:size - 1 - len(use)]
        if len(use) != size - 1:
            return None
        exposures = (*game.exposures(p), Exposure(f, size, sum(1 for t in use if t.is_joker)))
        counts[f] += 1
        after = _best(game, p, counts, exposures)[0]
        if after < before:
            return tuple(use), f"{tile} exposes a group of {req.hand.id} ({before} away, then " \
                               f"{after})"
        return None


def mahjong_call(game: AmericanGame, p: int) -> Call:
    """Taking the discard called for Mah Jongg (a tile like it shown, if held)."""
    assert game.last is not None
    tile = game.last[1]
    same = tuple(t for t in game.hands[p] if t == tile)[:1]
    return Call(p, tile, same, "completes the hand: Mah Jongg")


def danger_for(game: AmericanGame, p: int):
    """Tiles that would likely feed a player with two or more exposures."""
    risky: set[int] = set()
    for q in range(4):
        if q == p or game.dead[q] or len(game.exposed[q]) < 2:
            continue
        rows = allowed_rows(game.card, game.exposures(q))
        table = game.card.table
        for i in np.nonzero(rows)[0][:40]:
            for face, _size, _j in table.requirements[i].groups:
                risky.add(face)

    def cost(tile: Tile) -> int:
        return 1 if face_of(tile) in risky else 0

    return cost


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
            return Answer(p, MAHJONG if game.tile_count(p) == 13 and matches(
                game.card, [*game.hands[p], game.last[1]], game.exposures(p)) else PASS)
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

__all__ = ["BOTS", "Planner", "RandomBot", "danger_for", "mahjong_call"]
