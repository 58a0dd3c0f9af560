"""Bots for Dragon Castle.

:class:`Planner` plans a whole turn at once. Every way to take (each open top-floor
tile with its twin, with a shrine, or discarded, or summoning the Elder Dragon) is
scored by where its tiles would go: a placement scores the points it consolidates now
(with the shrines it can crown), or, below the size that flips, how much it grows a
group of its type that can still grow; minus what it blocks of other groups. The best
total wins and the turn's events carry its one-line reason. Shrines go on the highest
tile flipped, but one that would score only 1 waits in the reserve until the castle is
down to its ground floor. :class:`RandomBot` takes any legal choice at random, step by
step.

The planner weighs cells on a :class:`.survey.Survey` of its castle, made once a turn
(and kept over a turn that leaves the castle as it was), and plays without asking the
rules for the list of legal actions: the rules check each event as it is applied.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from tilepress.engine.log import Event
from tilepress.games.castle.board import (
    FACE_KINDS,
    SUMMON_POINTS,
    PlayerCastle,
    cell_at,
    kind_of,
    shrine_points,
)
from tilepress.games.castle.rules import (
    Build,
    CastleGame,
    Discard,
    EndTurn,
    Phase,
    Shrine,
    Summon,
    Take,
    TakeSecond,
    TakeShrine,
)
from tilepress.games.castle.survey import Survey
from tilepress.tiles import Tile

_Placement = tuple[Tile, int, str]
"""A tile, the cell it is planned for, and why."""
_TWIN, _SHRINE, _DISCARD, _SUMMON = range(4)
"""The second action of a way to play the turn (the summons has none)."""


@dataclass
class _Cache:
    """What a turn's planning works out once: the castle surveyed, and each type's best
    cell and best pair of cells (the faces of a type build alike). The words that say
    why are made only for the way chosen (:meth:`Planner._said`)."""

    castle: PlayerCastle
    version: int
    """The castle surveyed and its :attr:`PlayerCastle.version` when the cache was
    last used: as long as both hold, with the same reserve, the cache holds."""
    survey: Survey
    smallest: int
    """The smallest group that flips."""
    shrines: int
    """Shrines in the player's reserve."""
    single: dict[str, tuple[float, int, bool]] = field(default_factory=dict)
    """Each type's best cell: worth, cell (-1: none), whether it flips a group."""
    pairs: dict[str, tuple[float, int, int, bool]] = field(default_factory=dict)
    """Each type's best pair: worth, the first cell and the second (-1: none), and
    whether the survey with the first built was made (:meth:`Survey.best_after`)."""

    @classmethod
    def of(cls, game: CastleGame, me: PlayerCastle) -> _Cache:
        return cls(me, me.version, Survey(me), game.options.group, me.reserve)

    def holds(self, game: CastleGame, me: PlayerCastle) -> bool:
        """Whether this cache is still that of ``me`` in ``game``."""
        return (self.castle is me and self.version == me.version
                and self.shrines == me.reserve and self.smallest == game.options.group)


class Planner:
    """Plans the whole turn at its take step, then plays the plan step by step."""

    name = "planner"

    def __init__(self) -> None:
        self._plan: list[_Placement] = []
        self._next: Event | None = None
        self._after: tuple[CastleGame, int, int] | None = None
        """The position the planned second action is for: the game, turn and tiles left."""
        self._cache: _Cache | None = None
        """The last turn's planning: a castle unchanged since (a tile discarded, the
        Elder Dragon summoned) is worth the same."""

    # -- a whole turn ----------------------------------------------------------

    def choose(self, game: CastleGame, legal: list[Event], rng: random.Random) -> Event:
        phase = game.phase
        if phase is Phase.TAKE:
            return self._take(game, rng)
        if phase is Phase.SECOND:
            return self._second(game, legal, rng)
        if phase is Phase.BUILD:
            return self._build(game)
        return self._shrine(game)

    def _take(self, game: CastleGame, rng: random.Random) -> Event:
        """The take step, planned with its second action (or the summons) and the
        placements they lead to. Every way is weighed first, in the order the rules list
        the takes (the tiny random tie-break draws in that order); only the best one's
        events, reason and placements are made."""
        p = game.current
        me = game.players[p]
        cache = self._cache
        if cache is None or not cache.holds(game, me):
            cache = self._cache = _Cache.of(game, me)
        shrine = game.pool > 0
        rand = rng.random
        best, i, second = -1e300, -1, _DISCARD
        """The best way so far: its worth with the tie-break, the tile, the second action."""
        leading = False
        if game.can_summon():
            leading = me.score >= max(c.score for c in game.players)
            best, second = SUMMON_POINTS + (1.5 if leading else -0.5) + rand() * 1e-6, _SUMMON
        tiles, faces = game.tiles, game.faces
        weighed: dict[tuple[str, bool], list[tuple[float, int]]] = {}
        """The worths by type and whether a twin is left: they depend on nothing else."""
        for j, twin in game.takes_with_twins():
            key = (FACE_KINDS[faces[j]] or kind_of(tiles[j]), twin)
            worths = weighed.get(key)
            if worths is None:
                worths = weighed[key] = self._worths(me, tiles[j], key[0], twin, shrine, cache)
            for value, way in worths:
                value += rand() * 1e-6
                if value > best:
                    best, i, second = value, j, way
        cache.version = me.version  # trying placements changed it and changed it back
        if second == _SUMMON:
            self._next, self._plan, self._after = None, [], None
            why = "the castle is down to its ground floor and " + (
                "it leads: summon to hasten the end" if leading else "+2 beats every take")
            return Summon(p, why)
        tile = tiles[i]
        why, self._plan = self._said(me, tile, second, cache)
        cache.version = me.version
        if second == _TWIN:  # the first twin the rules list (the first of game.twins_after(i))
            twins = game.twins_after(i)
            j = (twins & -twins).bit_length() - 1
            self._next = TakeSecond(p, game.places[j], tiles[j])
        else:
            self._next = TakeShrine(p) if second == _SHRINE else Discard(p, tile)
        self._after = (game, game.turn, game.remaining & ~(1 << i))
        return Take(p, game.places[i], tile, why)

    def _worths(self, me: PlayerCastle, tile: Tile, kind: str, twin: bool, shrine: bool,
                cache: _Cache) -> list[tuple[float, int]]:
        """Each second action after taking ``tile`` of ``kind`` (taking its ``twin``, a
        ``shrine``, when the rules allow them; discarding) with its worth, in the rules'
        order."""
        single = cache.single.get(kind)
        if single is None:
            single = cache.single[kind] = cache.survey.best(kind, cache.smallest,
                                                            cache.shrines)
        out: list[tuple[float, int]] = []
        if twin:
            pair = cache.pairs.get(kind)
            if pair is None:
                pair = cache.pairs[kind] = self._pair_value(me, tile, kind, single, cache)
            out.append((pair[0] + 0.3, _TWIN))
        if single[1] >= 0 and shrine:
            out.append((single[0] + max(0.0, 1.6 - 0.5 * me.reserve), _SHRINE))
        out.append((1.0, _DISCARD))
        return out

    @staticmethod
    def _said(me: PlayerCastle, tile: Tile, second: int, cache: _Cache,
              ) -> tuple[str, list[_Placement]]:
        """The take's reason and the placements for a second action that
        :meth:`_worths` weighed for ``me``."""
        kind = kind_of(tile)
        smallest, shrines = cache.smallest, cache.shrines
        if second == _TWIN:
            _, cell1, cell2, made = cache.pairs[kind]
            if cell1 < 0:
                plan = []
            elif cell2 < 0:
                plan = [(tile, cell1, cache.survey.words(kind, cell1, smallest, shrines))]
            else:
                if made:
                    after = _with_tile(me, tile, cell1)
                    words = after.words(kind, cell2, smallest, shrines)
                else:
                    words = cache.survey.words_after(kind, cell1, cell2, smallest, shrines)
                plan = [(tile, cell1, "the first of the two"), (tile, cell2, words)]
            return f"takes {tile} and its twin" + (f": {plan[-1][2]}" if plan else ""), plan
        if second == _SHRINE:
            cell1 = cache.single[kind][1]
            words1 = cache.survey.words(kind, cell1, smallest, shrines)
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
        cache = _Cache.of(game, me)
        twin = isinstance(legal[0], TakeSecond)
        shrine = len(legal) > 1 and isinstance(legal[-2], TakeShrine)
        options = self._worths(me, game.taken, kind_of(game.taken), twin, shrine, cache)
        _, second = max(options, key=lambda o: o[0] + rng.random() * 1e-6)
        self._plan = self._said(me, game.taken, second, cache)[1]
        return legal[0] if second == _TWIN else legal[-2 if second == _SHRINE else -1]

    @staticmethod
    def _pair_value(me: PlayerCastle, tile: Tile, kind: str, first: tuple[float, int, bool],
                    cache: _Cache) -> tuple[float, int, int, bool]:
        """The worth of building ``tile`` (of ``kind``) and its twin, and their cells:
        the first on the best cell for one, the second on the best cell once the first
        is built."""
        v1, cell1, flips1 = first
        if cell1 < 0:
            return -99.0, -1, -1, False
        second = cache.survey.best_after(me.built, kind, cell1, cache.smallest, cache.shrines)
        made = second is None
        if second is None:
            second = _with_tile(me, tile, cell1).best(
                kind, cache.smallest, cache.shrines)
        v2, cell2, _ = second
        if cell2 < 0:
            return v1, cell1, -1, made
        # flipping comes after both are built, so the second placement's outcome is the
        # pair's; a first placement that would flip alone is not counted twice
        value = max(v1, v2) if flips1 else v1 + v2
        return value, cell1, cell2, made

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
        survey = Survey(me)
        kind, smallest = kind_of(tile), game.options.group
        _, cell, _ = survey.best(kind, smallest, me.reserve)
        words = survey.words(kind, cell, smallest, me.reserve) if cell >= 0 else ""
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


def _with_tile(me: PlayerCastle, tile: Tile, cell: int) -> Survey:
    """The survey of ``me`` with ``tile`` built on ``cell`` (built, and taken off again)."""
    was_up = me.is_up(cell)
    me.add(cell, tile)
    after = Survey(me)
    me.remove(cell, was_up)
    return after


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
