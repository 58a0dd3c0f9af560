"""Bots for Dragon Castle.

:class:`Planner` plans a whole turn at once. Every way to take (each open top-floor
tile with its twin, with a shrine, or discarded, or summoning the Elder Dragon) is
scored by where its tiles would go: a placement scores the points it consolidates now
(with the shrines it can crown), or, below the size that flips, how much it grows a
group of its type that can still grow; minus what it blocks of other groups. The best
total wins and the turn's events carry its one-line reason. :class:`RandomBot` takes
any legal choice at random, step by step.
"""

from __future__ import annotations

import random

from generator.games.castle.rules import (
    ORTHOGONAL,
    SIZE,
    SUMMON_POINTS,
    Build,
    CastleGame,
    Discard,
    NoRoom,
    PlayerCastle,
    Shrine,
    Summon,
    Take,
    TakeSecond,
    TakeShrine,
    cell_at,
    group_points,
    kind_of,
    shrine_points,
    shrines_allowed,
)
from generator.tiles import Tile

GROWTH = (0.0, 0.35, 0.9, 1.5, 2.2, 2.9, 3.6, 4.3)
"""What a group below the flipping size is worth by its size (it may grow into points)."""


class _Groups:
    """Face-up groups of a castle, labelled cell by cell, for quick placement scores."""

    __slots__ = ("kind", "label", "size", "tallest")

    def __init__(self, me: PlayerCastle) -> None:
        self.label = [-1] * (SIZE * SIZE)
        self.size: list[int] = []
        self.kind: list[str] = []
        self.tallest: list[int] = []
        for g, (kind, cells) in enumerate(me.groups()):
            for i in cells:
                self.label[i] = g
            self.size.append(len(cells))
            self.kind.append(kind)
            self.tallest.append(max(len(me.stacks[i]) for i in cells))


class Planner:
    name = "planner"

    def __init__(self) -> None:
        self._plan: list[tuple[Tile, int, str]] = []

    # -- scoring a placement ---------------------------------------------------

    def _place_value(self, me: PlayerCastle, groups: _Groups, kind: str, i: int,
                     smallest: int, shrines: int, open_cells: list[bool],
                     ) -> tuple[float, str, bool]:
        """The worth of building a tile of ``kind`` on cell ``i``, why, and whether it
        makes a group flip."""
        label, gsize, gkind = groups.label, groups.size, groups.kind
        merged: list[int] = []
        size = 1
        blocked = 0
        tallest = len(me.stacks[i]) + 1
        for n in ORTHOGONAL[i]:
            g = label[n]
            if g < 0:
                continue
            if gkind[g] == kind:
                if g not in merged:
                    merged.append(g)
                    size += gsize[g]
                    tallest = max(tallest, groups.tallest[g])
            else:
                blocked += gsize[g]
        height = len(me.stacks[i])
        if size >= smallest:
            points = group_points(size, kind, smallest)
            crowns = min(shrines, shrines_allowed(kind))
            value = points + crowns * shrine_points(tallest) + 0.15 * height
            words = f"{size} {kind} flip for {points}"
            if crowns:
                words += f", a shrine on floor {min(tallest, 3)}"
            return value, words, True
        top = len(GROWTH) - 1
        value = GROWTH[min(size, top)] - sum(GROWTH[min(gsize[g], top)] for g in merged)
        room = sum(1 for n in ORTHOGONAL[i] if label[n] < 0 and (open_cells[n]
                                                                 or not me.stacks[n]))
        if not room:
            value *= 0.3
        value += 0.15 * height - 0.2 * blocked - (0.1 if not height else 0.0)
        grown = f"grows {kind} to {size}" if merged else f"starts a group of {kind}"
        return value, grown + (f" on floor {height + 1}" if height else ""), False

    @staticmethod
    def _survey(me: PlayerCastle) -> tuple[_Groups, list[int], list[bool]]:
        """The groups and buildable cells of a castle, shared by every placement tried."""
        cells = me.buildable()
        open_cells = [False] * (SIZE * SIZE)
        for i in cells:
            open_cells[i] = True
        return _Groups(me), cells, open_cells

    def _best_cell(self, me: PlayerCastle, kind: str, smallest: int, shrines: int,
                   survey: tuple | None = None) -> tuple[float, int, str, bool]:
        groups, cells, open_cells = survey or self._survey(me)
        best = (-99.0, -1, "", False)
        for i in cells:
            value, words, flips = self._place_value(me, groups, kind, i, smallest, shrines,
                                                    open_cells)
            if value > best[0]:
                best = (value, i, words, flips)
        return best

    # -- a whole turn ----------------------------------------------------------

    def choose(self, game: CastleGame, rng: random.Random) -> list:
        """The take step and its second action (or the summons), planned with the
        placements they lead to."""
        p = game.current
        me = game.players[p]
        smallest = game.options.group
        options: list[tuple[float, list, list[tuple[Tile, int, str]]]] = []
        if game.can_summon():
            leading = me.score >= max(c.score for c in game.players)
            value = SUMMON_POINTS + (1.5 if leading else -0.5)
            why = "the castle is down to its ground floor and " + (
                "it leads: summon to hasten the end" if leading else "+2 beats every take")
            options.append((value, [Summon(p, why)], []))
        single: dict[str, tuple[float, int, str, bool]] = {}
        pairs: dict[int, tuple[float, list[tuple[Tile, int, str]]]] = {}
        shrine_worth = max(0.0, 1.6 - 0.5 * me.reserve) if game.pool else None
        survey = self._survey(me)
        for i in game.takeable():
            tile = game.tiles[i]
            kind = kind_of(tile)
            at = game.place_of(i)
            if kind not in single:
                single[kind] = self._best_cell(me, kind, smallest, me.reserve, survey)
            v1, cell1, words1, _ = single[kind]
            twins = game.twins(i)
            if twins:
                if tile.kind not in pairs:
                    pairs[tile.kind] = self._pair_value(me, tile, smallest, single[kind])
                value, plan = pairs[tile.kind]
                j = twins[0]
                why = f"takes {tile} and its twin: {plan[-1][2]}"
                options.append((value + 0.3, [Take(p, at, tile, why),
                                              TakeSecond(p, game.place_of(j), game.tiles[j])],
                                plan))
            if cell1 >= 0 and shrine_worth is not None:
                options.append((v1 + shrine_worth, [Take(p, at, tile, words1), TakeShrine(p)],
                                [(tile, cell1, words1)]))
            options.append((1.0, [Take(p, at, tile, "nothing builds better: discard it for 1"),
                                  Discard(p, tile)], []))
        if not options:  # pragma: no cover - the castle is empty, so summons are legal
            return [Summon(p, "the castle is empty")]
        best = max(options, key=lambda o: o[0] + rng.random() * 1e-6)
        self._plan = list(best[2])
        return best[1]

    def _pair_value(self, me: PlayerCastle, tile: Tile, smallest: int,
                    first: tuple[float, int, str, bool],
                    ) -> tuple[float, list[tuple[Tile, int, str]]]:
        kind = kind_of(tile)
        v1, cell1, words1, flips1 = first
        if cell1 < 0:
            return -99.0, []
        # build the first, then look for the second's place; undo
        was_up = me.up[cell1]
        me.add(cell1, tile)
        v2, cell2, words2, _ = self._best_cell(me, kind, smallest, me.reserve)
        me.remove(cell1, was_up)
        if cell2 < 0:
            return v1, [(tile, cell1, words1)]
        # flipping comes after both are built, so the second placement's outcome is the
        # pair's; a first placement that would flip alone is not counted twice
        value = max(v1, v2) if flips1 else v1 + v2
        return value, [(tile, cell1, "the first of the two"), (tile, cell2, words2)]

    def build(self, game: CastleGame, rng: random.Random):
        p = game.current
        me = game.players[p]
        tile = game.pending[0]
        while self._plan:
            planned, cell, words = self._plan.pop(0)
            if planned.kind == tile.kind and me.can_build(cell):
                return Build(p, tile, cell_at(cell), words)
        if not me.buildable():
            return NoRoom(p, tile)
        _, cell, words, _ = self._best_cell(me, kind_of(tile), game.options.group, me.reserve)
        return Build(p, tile, cell_at(cell), words)

    def shrine(self, game: CastleGame, rng: random.Random):
        spots = game.shrine_spots()
        if not spots:
            return None
        me = game.players[game.current]
        i = max(spots, key=lambda s: (len(me.stacks[s]), -s))
        floor = len(me.stacks[i])
        return Shrine(game.current, cell_at(i), shrine_points(floor),
                      f"on floor {floor}, the highest flipped tile")


class RandomBot:
    name = "random"

    def choose(self, game: CastleGame, rng: random.Random) -> list:
        p = game.current
        takes = game.takeable()
        if game.can_summon() and (not takes or rng.random() < 1 / (len(takes) + 1)):
            return [Summon(p, "at random")]
        i = rng.choice(takes)
        tile = game.tiles[i]
        take = Take(p, game.place_of(i), tile, "at random")
        seconds: list = [Discard(p, tile)]
        twins = game.twins(i)
        if twins:
            j = rng.choice(twins)
            seconds.append(TakeSecond(p, game.place_of(j), game.tiles[j]))
        if game.pool:
            seconds.append(TakeShrine(p))
        return [take, rng.choice(seconds)]

    def build(self, game: CastleGame, rng: random.Random):
        me = game.players[game.current]
        tile = game.pending[0]
        cells = me.buildable()
        if not cells:
            return NoRoom(game.current, tile)
        return Build(game.current, tile, cell_at(rng.choice(cells)), "at random")

    def shrine(self, game: CastleGame, rng: random.Random):
        spots = game.shrine_spots()
        if not spots or rng.random() < 0.5:
            return None
        me = game.players[game.current]
        i = rng.choice(spots)
        return Shrine(game.current, cell_at(i), shrine_points(len(me.stacks[i])), "at random")


BOTS = {"planner": Planner, "random": RandomBot}

__all__ = ["BOTS", "Planner", "RandomBot"]
