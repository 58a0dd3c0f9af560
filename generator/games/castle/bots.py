"""Bots for Dragon Castle.

:class:`Planner` plans a whole turn at once. Every way to take (each open top-floor
tile with its twin, with a shrine, or discarded, or summoning the Elder Dragon) is
scored by where its tiles would go: a placement scores the points it consolidates now
(with the shrines it can crown), or, below the size that flips, how much it grows a
group of its type that can still grow; minus what it blocks of other groups. The best
total wins and the turn's events carry its one-line reason. Shrines go on the highest
tile flipped, but one that would score only 1 waits in the reserve until the castle is
down to its ground floor. :class:`RandomBot` takes
any legal choice at random, step by step.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from generator.engine.log import Event
from generator.games.castle.board import (
    _NEIGHBOURS as NEIGHBOURS,
)
from generator.games.castle.board import (
    CELLS,
    ORTHOGONAL,
    SUMMON_POINTS,
    PlayerCastle,
    cell_at,
    group_points,
    kind_of,
    shrine_points,
    shrines_allowed,
)
from generator.games.castle.rules import (
    Build,
    CastleGame,
    EndTurn,
    Phase,
    Shrine,
    Summon,
    Take,
    TakeSecond,
    TakeShrine,
)
from generator.tiles import Tile

GROWTH = (0.0, 0.35, 0.9, 1.5, 2.2, 2.9, 3.6, 4.3)
"""What a group below the flipping size is worth by its size (it may grow into points)."""
_TOP = len(GROWTH) - 1

_Placement = tuple[Tile, int, str]
"""A tile, the cell it is planned for, and why."""
_TWIN, _SHRINE, _DISCARD, _SUMMON = range(4)
"""The second action of a way to play the turn (the summons has none)."""


class _Survey:
    """A castle as it stands before a placement, shared by every placement tried: its
    face-up groups, the cells that can take a tile, and for each such cell its height,
    the groups beside it and whether it has room to grow a group."""

    __slots__ = ("cells", "gkind", "gsize", "gtallest", "height", "label", "lone", "near",
                 "roomy")

    def __init__(self, me: PlayerCastle) -> None:
        stacks = me.stacks
        label = [-1] * CELLS
        self.gsize: list[int] = []
        self.gkind: list[str] = []
        self.gtallest: list[int] = []
        for g, (kind, cells) in enumerate(me.groups()):
            for i in cells:
                label[i] = g
            self.gsize.append(len(cells))
            self.gkind.append(kind)
            self.gtallest.append(max(len(stacks[i]) for i in cells))
        self.label = label
        self.cells = me.buildable()
        self.height = [len(s) for s in stacks]
        open_cells = [False] * CELLS
        for i in self.cells:
            open_cells[i] = True
        self.near: list[list[int]] = [[] for _ in range(CELLS)]
        """The group beside each cell on each side (one touching two sides, twice)."""
        self.roomy = [False] * CELLS
        self.lone = [0.0] * CELLS
        """The worth of a tile on a cell with no group beside it, whatever its type."""
        for i in self.cells:
            near = self.near[i]
            for n in ORTHOGONAL[i]:
                g = label[n]
                if g >= 0:
                    near.append(g)
                elif open_cells[n] or not stacks[n]:
                    self.roomy[i] = True
            if not near:
                self.lone[i] = self._grow(i, 1, 0, 0)

    def with_tile(self, me: PlayerCastle, kind: str, c: int) -> _Survey | None:
        """The survey of ``me`` once a tile of ``kind`` is built on buildable cell ``c``
        (``me`` as it was when surveyed), the same as surveying it anew but updated for
        the one tile; None when that is not worth it (the tile joins two groups, or is
        the castle's first)."""
        height = self.height[c]
        merged, size, tallest, _ = self.merge(kind, c)
        if len(merged) > 1 or not me.built:
            return None
        new = _Survey.__new__(_Survey)
        gsize, gkind, gtallest = list(self.gsize), list(self.gkind), list(self.gtallest)
        if merged:
            g = merged[0]
            gsize[g], gtallest[g] = size, tallest
        else:
            g = len(gsize)
            gsize.append(size)
            gkind.append(kind)
            gtallest.append(tallest)
        new.gsize, new.gkind, new.gtallest = gsize, gkind, gtallest
        label = list(self.label)
        label[c] = g
        new.label = label
        new.height = heights = list(self.height)
        heights[c] = height + 1
        cells = [i for i in self.cells if i != c]
        open_cells = [False] * CELLS
        for i in cells:
            open_cells[i] = True
        redo = [n for n in ORTHOGONAL[c] if open_cells[n]]
        stacks = me.stacks
        if not height:  # an empty cell built on: the empty cells around it open
            added = [j for j in NEIGHBOURS[c] if not stacks[j] and not open_cells[j]]
            if added:
                for j in added:
                    open_cells[j] = True
                cells = sorted(cells + added)
                redo += added
        new.cells = cells
        new.near = near = list(self.near)
        new.roomy = roomy = list(self.roomy)
        new.lone = lone = list(self.lone)
        for i in redo:
            around: list[int] = []
            room = False
            for n in ORTHOGONAL[i]:
                gn = label[n]
                if gn >= 0:
                    around.append(gn)
                elif open_cells[n] or not stacks[n]:  # c itself is labelled
                    room = True
            near[i], roomy[i] = around, room
            lone[i] = 0.0 if around else new._grow(i, 1, 0, 0)
        return new

    def merge(self, kind: str, i: int) -> tuple[list[int], int, int, int]:
        """A tile of ``kind`` built on ``i``: the groups of its type it joins, the size
        of the group it makes and its tallest stack, and the tiles of other types'
        groups beside it (a group touching two sides counts twice)."""
        gsize, gkind = self.gsize, self.gkind
        merged: list[int] = []
        size = 1
        blocked = 0
        tallest = self.height[i] + 1
        for g in self.near[i]:
            if gkind[g] == kind:
                if g not in merged:
                    merged.append(g)
                    size += gsize[g]
                    tallest = max(tallest, self.gtallest[g])
            else:
                blocked += gsize[g]
        return merged, size, tallest, blocked

    def _grow(self, i: int, size: int, lost: float, blocked: int) -> float:
        """The worth of a group of ``size`` made on cell ``i`` that flips not yet, from
        groups worth ``lost``, beside ``blocked`` tiles of other types."""
        height = self.height[i]
        value = GROWTH[min(size, _TOP)] - lost
        if not self.roomy[i]:
            value *= 0.3
        value += 0.15 * height - 0.2 * blocked - (0.1 if not height else 0.0)
        return value

    def words(self, kind: str, i: int, smallest: int, shrines: int) -> str:
        """Why a tile of ``kind`` goes on cell ``i``, in a line."""
        merged, size, tallest, _ = self.merge(kind, i)
        if size >= smallest:
            words = f"{size} {kind} flip for {group_points(size, kind, smallest)}"
            if min(shrines, shrines_allowed(kind)) and tallest > 1:  # floor 1 may wait
                words += f", a shrine on floor {tallest}"
            return words
        height = self.height[i]
        grown = f"grows {kind} to {size}" if merged else f"starts a group of {kind}"
        return grown + (f" on floor {height + 1}" if height else "")

    def best(self, kind: str, smallest: int, shrines: int) -> tuple[float, int, str, bool]:
        """The best cell for a tile of ``kind``: its worth, the cell (-1: none), why,
        and whether it flips a group. A cell's worth is the points the tile flips now
        (with the shrines it can crown), or how much it grows a group that can still
        grow, less what it blocks (:meth:`merge` and :meth:`_grow`, inlined: this is the
        planner's hot path)."""
        best_value, best_cell, best_flips = -99.0, -1, False
        near, lone, height, roomy = self.near, self.lone, self.height, self.roomy
        gsize, gkind, gtallest = self.gsize, self.gkind, self.gtallest
        crowns = min(shrines, shrines_allowed(kind))
        for i in self.cells:
            around = near[i]
            if not around:
                value, flips = lone[i], False
            else:
                merged: list[int] = []
                size = 1
                blocked = 0
                tallest = height[i] + 1
                for g in around:
                    if gkind[g] == kind:
                        if g not in merged:
                            merged.append(g)
                            size += gsize[g]
                            tallest = max(tallest, gtallest[g])
                    else:
                        blocked += gsize[g]
                if size >= smallest:
                    value = (group_points(size, kind, smallest) + crowns * shrine_points(tallest)
                             + 0.15 * height[i])
                    flips = True
                else:
                    lost = 0
                    for g in merged:
                        lost += GROWTH[min(gsize[g], _TOP)]
                    h = height[i]
                    value = GROWTH[min(size, _TOP)] - lost
                    if not roomy[i]:
                        value *= 0.3
                    value += 0.15 * h - 0.2 * blocked - (0.1 if not h else 0.0)
                    flips = False
            if value > best_value:
                best_value, best_cell, best_flips = value, i, flips
        if best_cell < 0:
            return best_value, best_cell, "", best_flips
        return best_value, best_cell, self.words(kind, best_cell, smallest, shrines), best_flips


@dataclass
class _Cache:
    """What a turn's planning works out once: the castle surveyed, and each type's best
    cell and best pair of cells (the faces of a type build alike)."""

    survey: _Survey
    single: dict[str, tuple[float, int, str, bool]] = field(default_factory=dict)
    pairs: dict[str, tuple[float, list[tuple[int, str]]]] = field(default_factory=dict)


class Planner:
    """Plans the whole turn at its take step, then plays the plan step by step."""

    name = "planner"

    def __init__(self) -> None:
        self._plan: list[_Placement] = []
        self._next: Event | None = None
        self._after: tuple[CastleGame, int, int] | None = None
        """The position the planned second action is for: the game, turn and tiles left."""

    # -- a whole turn ----------------------------------------------------------

    def choose(self, game: CastleGame, legal: list[Event], rng: random.Random) -> Event:
        phase = game.phase
        if phase is Phase.TAKE:
            return self._take(game, legal, rng)
        if phase is Phase.SECOND:
            return self._second(game, legal, rng)
        if phase is Phase.BUILD:
            return self._build(game)
        return self._shrine(game)

    def _take(self, game: CastleGame, legal: list[Event], rng: random.Random) -> Event:
        """The take step, planned with its second action (or the summons) and the
        placements they lead to. Every way is weighed first; only the best one's
        events, reason and placements are made."""
        p = game.current
        me = game.players[p]
        options: list[tuple[float, int, int]] = []
        """(worth, the tile taken or -1 for the summons, the second action), in the
        order the rules list the takes."""
        cache = _Cache(_Survey(me))
        shrine = game.pool > 0
        leading = False
        if game.can_summon():
            leading = me.score >= max(c.score for c in game.players)
            options.append((SUMMON_POINTS + (1.5 if leading else -0.5), -1, _SUMMON))
        tiles = game.tiles
        weighed: dict[tuple[int, bool], list[tuple[float, int]]] = {}
        """The worths by face and whether a twin is left: they depend on nothing else."""
        for i in game.takeable():
            tile = tiles[i]
            key = (tile.kind, game.has_twin_after(i))
            worths = weighed.get(key)
            if worths is None:
                worths = weighed[key] = self._worths(game, me, tile, key[1], shrine, cache)
            options += [(value, i, second) for value, second in worths]
        _, i, second = max(options, key=lambda o: o[0] + rng.random() * 1e-6)
        if second == _SUMMON:
            self._next, self._plan, self._after = None, [], None
            why = "the castle is down to its ground floor and " + (
                "it leads: summon to hasten the end" if leading else "+2 beats every take")
            return Summon(p, why)
        tile = tiles[i]
        first = Take(p, game.places[i], tile)
        seconds = game.after_taking(first)
        why, plan = self._said(tile, second, cache)
        self._next = seconds[0] if second == _TWIN else seconds[-2 if second == _SHRINE else -1]
        self._plan = plan
        self._after = (game, game.turn, game.remaining & ~(1 << i))
        return replace(first, reason=why)

    def _worths(self, game: CastleGame, me: PlayerCastle, tile: Tile, twin: bool,
                shrine: bool, cache: _Cache) -> list[tuple[float, int]]:
        """Each second action after taking ``tile`` (taking its ``twin``, a ``shrine``,
        when the rules allow them; discarding) with its worth, in the rules' order."""
        smallest = game.options.group
        kind = kind_of(tile)
        single = cache.single.get(kind)
        if single is None:
            single = cache.single[kind] = cache.survey.best(kind, smallest, me.reserve)
        out: list[tuple[float, int]] = []
        if twin:
            pair = cache.pairs.get(kind)
            if pair is None:
                pair = cache.pairs[kind] = self._pair_value(me, tile, smallest, single,
                                                            cache.survey)
            out.append((pair[0] + 0.3, _TWIN))
        if single[1] >= 0 and shrine:
            out.append((single[0] + max(0.0, 1.6 - 0.5 * me.reserve), _SHRINE))
        out.append((1.0, _DISCARD))
        return out

    @staticmethod
    def _said(tile: Tile, second: int, cache: _Cache) -> tuple[str, list[_Placement]]:
        """The take's reason and the placements for a second action that
        :meth:`_worths` weighed."""
        kind = kind_of(tile)
        if second == _TWIN:
            plan = [(tile, cell, words) for cell, words in cache.pairs[kind][1]]
            return f"takes {tile} and its twin" + (f": {plan[-1][2]}" if plan else ""), plan
        if second == _SHRINE:
            _, cell1, words1, _ = cache.single[kind]
            return words1, [(tile, cell1, words1)]
        return "nothing builds better: discard it for 1", []

    def _second(self, game: CastleGame, legal: list[Event], rng: random.Random) -> Event:
        planned, self._next = self._next, None
        after, self._after = self._after, None
        if planned is not None and after is not None and after[0] is game and \
                after[1:] == (game.turn, game.remaining):
            return planned  # the take planned: its second action is one the rules listed
        # the take was not planned here: weigh the second actions for the tile taken
        assert game.taken is not None
        me = game.players[game.current]
        cache = _Cache(_Survey(me))
        twin = isinstance(legal[0], TakeSecond)
        shrine = len(legal) > 1 and isinstance(legal[-2], TakeShrine)
        options = self._worths(game, me, game.taken, twin, shrine, cache)
        _, second = max(options, key=lambda o: o[0] + rng.random() * 1e-6)
        self._plan = self._said(game.taken, second, cache)[1]
        return legal[0] if second == _TWIN else legal[-2 if second == _SHRINE else -1]

    def _pair_value(self, me: PlayerCastle, tile: Tile, smallest: int,
                    first: tuple[float, int, str, bool], survey: _Survey,
                    ) -> tuple[float, list[tuple[int, str]]]:
        """The worth of building ``tile`` and its twin, and their cells with why."""
        kind = kind_of(tile)
        v1, cell1, words1, flips1 = first
        if cell1 < 0:
            return -99.0, []
        # build the first, then look for the second's place; undo
        after = survey.with_tile(me, kind, cell1)
        if after is None:
            was_up = me.is_up(cell1)
            me.add(cell1, tile)
            after = _Survey(me)
            me.remove(cell1, was_up)
        v2, cell2, words2, _ = after.best(kind, smallest, me.reserve)
        if cell2 < 0:
            return v1, [(cell1, words1)]
        # flipping comes after both are built, so the second placement's outcome is the
        # pair's; a first placement that would flip alone is not counted twice
        value = max(v1, v2) if flips1 else v1 + v2
        return value, [(cell1, "the first of the two"), (cell2, words2)]

    def _build(self, game: CastleGame) -> Event:
        """The next tile taken, on its planned cell if it can still go there, else on
        the best cell now. (A bot is asked to build only when some cell can take it.)"""
        p = game.current
        me = game.players[p]
        tile = game.pending[0]
        while self._plan:
            planned, cell, words = self._plan.pop(0)
            if planned.kind == tile.kind and me.can_build(cell):
                return Build(p, tile, cell_at(cell), words)
        _, cell, words, _ = _Survey(me).best(kind_of(tile), game.options.group, me.reserve)
        return Build(p, tile, cell_at(cell), words)

    def _shrine(self, game: CastleGame) -> Event:
        """A shrine on the highest tile that can take one (the first such cell). The
        turn ends when none can, or when the best would score 1 while the castle still
        has upper floors: a shrine kept in the reserve can crown a group on a higher
        floor later (only at the end, when summons are allowed, does every shrine go
        where it can)."""
        p = game.current
        spots = game.shrine_spots()
        if not spots:
            return EndTurn(p)
        stacks = game.players[p].stacks
        best = max(spots, key=lambda i: (len(stacks[i]), -i))
        floor = len(stacks[best])
        if shrine_points(floor) == 1 and not game.can_summon():
            return EndTurn(p, "keeps its shrine for a higher floor: one on floor 1 scores 1")
        return Shrine(p, cell_at(best), shrine_points(floor),
                      f"on floor {floor}, the highest flipped tile")


class RandomBot:
    """Any legal action at random, step by step."""

    name = "random"

    def choose(self, game: CastleGame, legal: list[Event], rng: random.Random) -> Event:
        if len(legal) == 1:
            return legal[0]
        action = rng.choice(legal)
        if isinstance(action, _SAYS_WHY):
            return replace(action, reason="at random")
        return action


_SAYS_WHY = (Take, Summon, Build, Shrine)
"""The random bot's events that carry its reason, "at random"."""


BOTS = {"planner": Planner, "random": RandomBot}

__all__ = ["BOTS", "Planner", "RandomBot"]
