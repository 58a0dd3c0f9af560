"""Dragon Castle played with a mahjong set, for 2 to 4 players: the rules engine.

The central castle is a height map (:mod:`tilepress.layouts.castle`) with the tiles face
up; dealing it is the game's one chance event (:class:`Setup`, supplied by the runner).
On a turn a player either summons the Elder Dragon (+2, once the castle is down to its
ground floor) or takes an open tile from the top floor and then exactly one of: a
second identical open tile from any floor, a shrine from the pool, or discarding the
tile for +1. Kept tiles are built into the player's own castle (:mod:`.board`); a tile
with nowhere to go goes back to the box (the rules' own :class:`NoRoom`). Then every
large enough group of orthogonally connected face-up tiles of one type flips face down
and scores (the rules' own :class:`Consolidate`), and the player may build shrines from
the reserve on the tiles just flipped before ending the turn. Rulings: docs/rulings.md.

Rows, columns and floors count from 1 in logs and on paper.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from tilepress.engine.log import Event
from tilepress.engine.rules import Phase as BasePhase
from tilepress.engine.rules import Rules, checks, handles
from tilepress.errors import IllegalActionError
from tilepress.games.castle.board import (
    DISCARD_POINTS,
    DRAGON_BONUS,
    GROUP_POINTS,
    KINDS,
    ORTHOGONAL,
    SIZE,
    SUMMON_POINTS,
    PlayerCastle,
    bits,
    cell_at,
    cell_index,
    group_points,
    kind_of,
    shrine_points,
    shrines_allowed,
)
from tilepress.games.castle.central import geometry
from tilepress.games.castle.events import (
    GAME,
    Build,
    Consolidate,
    Discard,
    EndTurn,
    NoRoom,
    Place,
    Setup,
    Shrine,
    Summon,
    Take,
    TakeSecond,
    TakeShrine,
    reasonless,
)
from tilepress.games.castle.options import CastleOptions
from tilepress.layouts.castle import Castle
from tilepress.tiles import Tile


class Phase(BasePhase):
    """What the game waits for."""

    SETUP = "the central castle's setup"
    TAKE = "a tile taken from the top floor, or the Elder Dragon summoned"
    SECOND = "a second identical tile, a shrine from the pool, or the tile discarded"
    BUILD = "the tiles taken to be built into the castle"
    FLIP = "the large groups to flip face down"
    SHRINES = "shrines on the tiles just flipped, or the end of the turn"
    OVER = "nothing: the game is over"


ONE_BASED_IN_V1 = ("winners",)
"""Result fields that logs of format 1 counted from 1 (see :mod:`tilepress.engine.log`)."""
_SHARED = frozenset({"options", "geometry", "castle", "layout", "tiles", "faces",
                     "index", "places", "floor_of", "copies"})
"""What a copy of a game shares with it: the dealt castle and events, never changed."""


class CastleGame(Rules):
    """The state of a game; :meth:`apply` checks an event by the rules, then plays it."""

    title = "Dragon Castle"
    CHANCE = frozenset({Phase.SETUP})

    def __init__(self, options: CastleOptions, dealt: Setup | None = None) -> None:
        self.options = options
        self.dealt = dealt
        """The setup the options and seed of a log's header give (the game's one chance
        event, worked out by the runner): a replayed log's setup must be this one."""
        self.players = [PlayerCastle() for _ in range(options.players)]
        self.pool = options.shrine_pool
        self.current = 0
        self.phase = Phase.SETUP
        self.summons = 0
        self.ending = False
        self.turn = 0
        self.castle: Castle | None = None
        self.tiles: tuple[Tile, ...] = ()
        self.faces: tuple[int, ...] = ()
        """The face (:attr:`Tile.kind`) of each tile of the central castle."""
        self.remaining = 0
        """The tiles left in the central castle (a bit mask)."""
        self.open = 0
        """The open tiles among them: nothing on them, a side clear (a bit mask)."""
        self.top = 0
        """The highest floor that still has tiles (0 when the castle is gone)."""
        self.pending: list[Tile] = []
        """Tiles taken this turn that still have to be built."""
        self.taken: Tile | None = None
        self.flipped: list[tuple[str, list[int], int]] = []
        """Groups consolidated this turn: kind, cells, shrines still allowed."""
        self._to_flip: list[tuple[str, list[int]]] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> CastleGame:
        other = object.__new__(CastleGame)
        for name, value in vars(self).items():
            if name == "players":
                value = [me.copy() for me in value]
            elif name not in _SHARED:
                value = copy.deepcopy(value, memo)
            setattr(other, name, value)
        return other

    # -- the central castle ---------------------------------------------------

    def place_of(self, i: int) -> Place:
        return self.places[i]

    def tops(self) -> dict[tuple[int, int], tuple[Tile, int]]:
        """Each stack of the central castle seen from above: its top tile and height."""
        tops: dict[tuple[int, int], tuple[Tile, int]] = {}
        for i, (r, c, f) in enumerate(self.places):
            if self.remaining >> i & 1 and f >= tops.get((r, c), (None, 0))[1]:
                tops[(r, c)] = (self.tiles[i], f)
        return tops

    @property
    def top_floor(self) -> int:
        """The highest floor that still has tiles (0 when the castle is gone)."""
        return self.top

    def open_tiles(self) -> list[int]:
        return bits(self.open)

    def takeable(self) -> list[int]:
        """Open tiles on the top floor."""
        return bits(self.open & self.geometry.floor_mask[self.top])

    def twins_after(self, i: int) -> int:
        """The open tiles identical to open tile ``i`` once it is taken (a bit mask)."""
        copies = self.copies[self.tiles[i].kind] & ~(1 << i)
        if not copies & self.remaining & ~self.open:  # taking i opens none of them
            return copies & self.open
        return copies & self.geometry.open_after(self.remaining, self.open, i)

    def takes_with_twins(self) -> list[tuple[int, bool]]:
        """Each open tile of the top floor, in order, and whether an open tile identical
        to it is left once it is taken (:meth:`has_twin_after`)."""
        shape = self.geometry
        remaining, open_ = self.remaining, self.open
        faces, copies, opens = self.faces, self.copies, shape.opens
        out = []
        for i in bits(open_ & shape.floor_mask[self.top]):
            twins = copies[faces[i]] & ~(1 << i)
            if twins & open_:
                out.append((i, True))
            elif not twins & remaining & opens[i]:
                out.append((i, False))
            else:
                out.append((i, bool(twins & shape.open_after(remaining, open_, i))))
        return out

    def has_twin_after(self, i: int) -> bool:
        """Whether an open tile identical to open tile ``i`` is left once it is taken:
        ``bool(twins_after(i))``, without working out what it opens unless need be."""
        copies = self.copies[self.tiles[i].kind] & ~(1 << i)
        if copies & self.open:
            return True
        shape = self.geometry
        if not copies & self.remaining & shape.opens[i]:
            return False
        return bool(copies & shape.open_after(self.remaining, self.open, i))

    def can_summon(self) -> bool:
        return self.top <= 1

    def _central(self, at: Place, tile: Tile) -> int:
        """The index of ``tile`` at ``at``, which must be an open tile of the castle."""
        i = self.index.get(tuple(at))  # type: ignore[arg-type]
        if i is None or not self.remaining >> i & 1:
            raise IllegalActionError(f"no tile at row {at[0]}, column {at[1]}, floor {at[2]} "
                                     "of the central castle")
        if self.tiles[i] != tile:
            raise IllegalActionError(f"the tile at row {at[0]}, column {at[1]}, floor {at[2]} "
                                     f"is {self.tiles[i]}, not {tile}")
        if not self.open >> i & 1:
            raise IllegalActionError(f"{tile} at row {at[0]}, column {at[1]}, floor {at[2]} "
                                     "is not open (covered, or blocked on both sides)")
        return i

    # -- whose move, and what it may be -----------------------------------------

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def to_move(self) -> int | None:
        phase = self.phase
        if phase is Phase.TAKE or phase is Phase.SECOND or phase is Phase.SHRINES:
            return self.current
        if phase is Phase.BUILD and self.players[self.current].has_room():
            return self.current
        return None

    def forced(self) -> Event | None:
        """The rules' own events: a group flipping, and a tile sent back to the box when
        no cell of the castle can take it."""
        phase = self.phase
        if phase is Phase.FLIP:
            kind, cells = self._to_flip[0]
            return Consolidate(self.current, kind, tuple(cell_at(i) for i in cells),
                               group_points(len(cells), kind, self.options.group))
        if phase is Phase.BUILD and not self.players[self.current].has_room():
            return NoRoom(self.current, self.pending[0])
        return None

    def legal_actions(self) -> list[Event]:
        """Taking: summoning (when allowed) and every open top-floor tile. Then: each
        open twin, a shrine (while the pool lasts), discarding. Building: each tile
        still to build on each cell that can take it. Then: a shrine on each tile that
        can take one, and ending the turn."""
        p = self.to_move
        if p is None:
            return []
        phase = self.phase
        if phase is Phase.TAKE:
            places, tiles = self.places, self.tiles
            actions: list[Event] = [reasonless(Summon, p)] if self.can_summon() else []
            actions += [reasonless(Take, p, places[i], tiles[i]) for i in self.takeable()]
            return actions
        if phase is Phase.SECOND:
            assert self.taken is not None
            return self._seconds(p, self.taken, self.copies[self.taken.kind] & self.open)
        if phase is Phase.BUILD:
            cells = self.players[p].buildable()
            return [reasonless(Build, p, tile, cell_at(i)) for tile in dict.fromkeys(self.pending)
                    for i in cells]
        me = self.players[p]
        return [*(Shrine(p, cell_at(i), shrine_points(len(me.stacks[i])))
                  for i in self.shrine_spots()), reasonless(EndTurn, p)]

    def _seconds(self, p: int, tile: Tile, twins: int) -> list[Event]:
        """The second actions after taking ``tile``, with the open ``twins`` (a mask)."""
        places, tiles = self.places, self.tiles
        actions: list[Event] = [reasonless(TakeSecond, p, places[j], tiles[j])
                                for j in bits(twins)]
        if self.pool > 0:
            actions.append(reasonless(TakeShrine, p))
        actions.append(reasonless(Discard, p, tile))
        return actions

    def shrine_spots(self) -> list[int]:
        """Cells where a shrine may go now."""
        if self.phase is not Phase.SHRINES:
            return []
        return [i for _, cells, _ in self.flipped for i in cells
                if self._shrine_refusal(i) is None]

    def _shrine_refusal(self, i: int) -> str | None:
        """Why no shrine may go on cell ``i`` now (None: one may)."""
        me = self.players[self.current]
        if me.reserve <= 0:
            return "no shrine in the reserve"
        k = next((k for k, (_, cells, _) in enumerate(self.flipped) if i in cells), None)
        if k is None or me.has_shrine(i):
            r, c = cell_at(i)
            return (f"a shrine goes on a tile flipped this turn without a shrine; row {r}, "
                    f"column {c} is not one")
        kind, _, left = self.flipped[k]
        if left <= 0:
            return f"that group of {kind} already has all the shrines it may take"
        return None

    # -- checks ---------------------------------------------------------------------

    @checks(Setup)
    def _check_setup(self, ev: Setup) -> None:
        self.expect(Phase.SETUP, None, "setting up the castle")
        castle = geometry(ev.castle).castle
        if len(ev.tiles) != len(castle):
            raise IllegalActionError(f"{len(ev.tiles)} tiles for a castle of {len(castle)}")
        supply = Counter(t.kind for t in self.options.set_of_tiles().tiles)
        extra = Counter(t.kind for t in ev.tiles) - supply
        if extra:
            tile = Tile.from_kind(next(iter(extra)))
            raise IllegalActionError(f"the castle holds more {tile} than the "
                                     f"{self.options.tileset} set has")
        if self.dealt is not None and ev.castle != self.dealt.castle:
            named = ("the castle its seed generates" if self.options.layout == "generate"
                     else f"the castle {self.options.layout!r}")
            raise IllegalActionError(f"the castle is not {named}, as the header says")
        if self.dealt is not None and tuple(ev.tiles) != tuple(self.dealt.tiles):
            raise IllegalActionError(f"the tiles are not the deal of the header's seed from "
                                     f"the {self.options.tileset!r} set it names")

    @checks(Take)
    def _check_take(self, ev: Take) -> None:
        self.expect(Phase.TAKE, ev.player, "taking a tile")
        top = self.top_floor
        i = self._central(ev.at, ev.tile)
        if self.floor_of[i] != top:
            raise IllegalActionError(f"{ev.tile} is on floor {self.floor_of[i]}; tiles are "
                                     f"taken from the top floor, now floor {top}")

    @checks(Summon)
    def _check_summon(self, ev: Summon) -> None:
        self.expect(Phase.TAKE, ev.player, "summoning the Elder Dragon")
        if not self.can_summon():
            raise IllegalActionError(f"the Elder Dragon comes only once the castle is down "
                                     f"to its ground floor (it still has floor "
                                     f"{self.top_floor})")

    @checks(TakeSecond)
    def _check_second(self, ev: TakeSecond) -> None:
        self.expect(Phase.SECOND, ev.player, "taking a second tile")
        assert self.taken is not None
        if ev.tile.kind != self.taken.kind:
            raise IllegalActionError(f"the second tile must be identical to {self.taken}, "
                                     f"not {ev.tile}")
        self._central(ev.at, ev.tile)

    @checks(TakeShrine)
    def _check_take_shrine(self, ev: TakeShrine) -> None:
        self.expect(Phase.SECOND, ev.player, "taking a shrine")
        if self.pool <= 0:
            raise IllegalActionError("the shrine pool is empty")

    @checks(Discard)
    def _check_discard(self, ev: Discard) -> None:
        self.expect(Phase.SECOND, ev.player, "discarding")
        if ev.tile != self.taken:
            raise IllegalActionError(f"only the tile just taken ({self.taken}) can be "
                                     f"discarded, not {ev.tile}")

    def _check_pending(self, tile: Tile) -> None:
        if tile not in self.pending:
            raise IllegalActionError(f"{tile} is not among the tiles taken this turn "
                                     f"({' '.join(map(str, self.pending)) or 'none left'})")

    @checks(Build)
    def _check_build(self, ev: Build) -> None:
        self.expect(Phase.BUILD, ev.player, "building")
        self._check_pending(ev.tile)
        me = self.players[ev.player]
        i = cell_index(ev.at)
        if not me.can_build(i):
            raise IllegalActionError(f"{ev.tile} cannot go on row {ev.at[0]}, column "
                                     f"{ev.at[1]}: {me.why_not(i)}")

    @checks(NoRoom)
    def _check_no_room(self, ev: NoRoom) -> None:
        # reached only when the rules do not send a tile back themselves
        self.expect(Phase.BUILD, ev.player, "sending a tile back to the box")
        self._check_pending(ev.tile)
        raise IllegalActionError(f"{ev.tile} has a place to go, so it must be built")

    @checks(Consolidate)
    def _check_consolidate(self, ev: Consolidate) -> None:
        # reached only when no group is waiting to flip
        self.expect(Phase.FLIP, ev.player, "consolidating")

    @checks(Shrine)
    def _check_shrine(self, ev: Shrine) -> None:
        self.expect(Phase.SHRINES, ev.player, "building a shrine")
        i = cell_index(ev.at)
        refusal = self._shrine_refusal(i)
        if refusal is not None:
            raise IllegalActionError(refusal)
        floor = len(self.players[ev.player].stacks[i])
        if ev.points != shrine_points(floor):
            raise IllegalActionError(f"a shrine on floor {floor} scores "
                                     f"{shrine_points(floor)}, not {ev.points}")

    @checks(EndTurn)
    def _check_end_turn(self, ev: EndTurn) -> None:
        self.expect(Phase.SHRINES, ev.player, "ending the turn")

    # -- what events do ---------------------------------------------------------------

    @handles(Setup)
    def _setup(self, ev: Setup) -> None:
        shape = self.geometry = geometry(ev.castle)
        self.castle = shape.castle
        self.layout = shape.layout
        self.tiles = ev.tiles
        self.faces = tuple(t.kind for t in ev.tiles)
        self.index = shape.index
        self.floor_of = shape.floor_of
        self.places = shape.places
        self.remaining = (1 << len(self.tiles)) - 1
        self.open = shape.open_tiles(self.remaining)
        self.top = shape.floors
        self.copies: dict[int, int] = {}
        """The tiles of each face (a bit mask)."""
        copies = self.copies
        for i, face in enumerate(self.faces):
            copies[face] = copies.get(face, 0) | 1 << i
        self.phase = Phase.TAKE

    def _remove(self, i: int) -> None:
        """Take open tile ``i`` from the central castle."""
        shape = self.geometry
        self.open = shape.open_after(self.remaining, self.open, i)
        self.remaining &= ~(1 << i)
        self.top = shape.top_floor(self.remaining, self.top)

    @handles(Take)
    def _take(self, ev: Take) -> None:
        self._remove(self.index[tuple(ev.at)])  # type: ignore[index]
        self.taken = ev.tile
        self.phase = Phase.SECOND

    @handles(Summon)
    def _summon(self, ev: Summon) -> None:
        self.players[ev.player].score += SUMMON_POINTS
        self.summons += 1
        if self.summons >= len(self.players):
            self.ending = True
        self.phase = Phase.SHRINES

    @handles(TakeSecond)
    def _second(self, ev: TakeSecond) -> None:
        self._remove(self.index[tuple(ev.at)])  # type: ignore[index]
        assert self.taken is not None
        self.pending = [self.taken, ev.tile]
        self.phase = Phase.BUILD

    @handles(TakeShrine)
    def _take_shrine(self, ev: TakeShrine) -> None:
        self.pool -= 1
        self.players[ev.player].reserve += 1
        assert self.taken is not None
        self.pending = [self.taken]
        self.phase = Phase.BUILD

    @handles(Discard)
    def _discard(self, ev: Discard) -> None:
        self.players[ev.player].score += DISCARD_POINTS
        self.pending = []
        self._after_build()

    @handles(Build)
    def _build(self, ev: Build) -> None:
        self.pending.remove(ev.tile)
        self.players[ev.player].add(cell_index(ev.at), ev.tile)
        if not self.pending:
            self._after_build()

    @handles(NoRoom)
    def _no_room(self, ev: NoRoom) -> None:
        self.pending.remove(ev.tile)
        if not self.pending:
            self._after_build()

    def _after_build(self) -> None:
        me = self.players[self.current]
        smallest = self.options.group
        self._to_flip = [(k, bits(group)) for k, group in me.group_masks()
                         if group.bit_count() >= smallest]
        self.phase = Phase.FLIP if self._to_flip else Phase.SHRINES

    @handles(Consolidate)
    def _consolidate(self, ev: Consolidate) -> None:
        kind, cells = self._to_flip.pop(0)
        me = self.players[ev.player]
        for i in cells:
            me.flip(i)
        me.score += ev.points
        self.flipped.append((kind, cells, shrines_allowed(kind)))
        if not self._to_flip:
            self.phase = Phase.SHRINES

    @handles(Shrine)
    def _shrine(self, ev: Shrine) -> None:
        me = self.players[ev.player]
        i = cell_index(ev.at)
        k = next(k for k, (_, cells, _) in enumerate(self.flipped) if i in cells)
        kind, cells, left = self.flipped[k]
        self.flipped[k] = (kind, cells, left - 1)
        me.crown(i)
        me.reserve -= 1
        me.score += ev.points

    @handles(EndTurn)
    def _end_turn(self, ev: EndTurn) -> None:
        self.flipped = []
        self.taken = None
        self.turn += 1
        if self.ending and self.current == len(self.players) - 1:
            self.phase = Phase.OVER
            return
        self.current = (self.current + 1) % len(self.players)
        self.phase = Phase.TAKE

    # -- the end ------------------------------------------------------------------

    def standings(self) -> list[tuple[int, int, int, int]]:
        """(player, points, face-down stacks, shrines), best first."""
        rows = [(p, c.score, c.face_down_tops(), c.shrines()) for p, c in enumerate(self.players)]
        return sorted(rows, key=lambda r: (-r[1], -r[2], -r[3], r[0]))

    def result(self) -> dict:
        rows = self.standings()
        best = rows[0][1:]
        winners = [p for p, *rest in rows if tuple(rest) == best]
        return {"scores": [c.score for c in self.players],
                "face_down_stacks": [c.face_down_tops() for c in self.players],
                "shrines": [c.shrines() for c in self.players],
                "winners": winners, "turns": self.turn,
                "castle_left": bin(self.remaining).count("1") if self.tiles else 0}


__all__ = ["DISCARD_POINTS", "DRAGON_BONUS", "GAME", "GROUP_POINTS", "KINDS", "ORTHOGONAL",
           "SIZE", "SUMMON_POINTS", "Build", "CastleGame", "CastleOptions", "Consolidate",
           "Discard", "EndTurn", "NoRoom", "Phase", "PlayerCastle", "Setup", "Shrine", "Summon",
           "Take", "TakeSecond", "TakeShrine", "cell_at", "cell_index", "group_points",
           "kind_of", "shrine_points", "shrines_allowed"]
