"""Dragon Castle played with a mahjong set, for 2 to 4 players.

The central castle is a height map (:mod:`generator.layouts.castle`) with the tiles face
up. On a turn a player either summons the Elder Dragon (+2, once the castle is down to
its ground floor) or takes an open tile from the top floor and then exactly one of: a
second identical open tile from any floor, a shrine from the pool, or discarding the
tile for +1. Kept tiles are built into the player's own castle on a 6x6 board: on a
face-down tile, or on the ground next to (diagonally or orthogonally) a tile already
there. Then every group of orthogonally connected face-up tiles of one type (coins,
strings, myriads, winds, dragons) that is large enough is flipped face down and scores;
shrines from the reserve may go on tiles flipped this turn. Rulings: docs/rulings.md.

Rows, columns and floors count from 1 in logs and on paper.
"""

from __future__ import annotations

from collections import Counter

from generator.engine.log import Tiles, event
from generator.engine.solitaire import Board, board_for
from generator.errors import IllegalActionError, RequestError
from generator.games.castle.options import CastleOptions
from generator.layouts.castle import Castle, cell_of, parse_castle
from generator.tiles import Tile

GAME = "castle"
SIZE = 6
"""A personal castle stays on a 6x6 board."""
SUMMON_POINTS = 2
DISCARD_POINTS = 1
GROUP_POINTS = {4: 2, 5: 3, 6: 5, 7: 6, 8: 8}
DRAGON_BONUS = 1

KINDS = ("coins", "strings", "myriads", "winds", "dragons", "flowers", "seasons")
_SUIT_KIND = {"p": "coins", "s": "strings", "m": "myriads"}


def kind_of(tile: Tile) -> str:
    """The type that consolidates together: coins (dots), strings (bamboo), myriads
    (characters), winds, dragons; flowers and seasons, if a custom set has them."""
    if tile.is_number:
        return _SUIT_KIND[tile.suit]
    if tile.is_wind:
        return "winds"
    if tile.is_dragon:
        return "dragons"
    if tile.is_flower:
        return "flowers"
    if tile.is_season:
        return "seasons"
    raise RequestError(f"{tile} has no place in Dragon Castle")


def group_points(size: int, kind: str, smallest: int = 4) -> int:
    """Points for consolidating ``size`` tiles of ``kind`` (0 below ``smallest``)."""
    if size < smallest:
        return 0
    points = size if size > 8 else GROUP_POINTS[size]
    return points + (DRAGON_BONUS if kind == "dragons" else 0)


def shrines_allowed(kind: str) -> int:
    """Shrines a consolidated group can take: one on a suit, two on honors."""
    return 1 if kind in ("coins", "strings", "myriads") else 2


def shrine_points(floor: int) -> int:
    return min(floor, 3)


# ---------------------------------------------------------------------------
# Events
# ---------------------------------------------------------------------------

Cell = tuple[int, int]
Place = tuple[int, int, int]


@event(GAME, "setup")
class Setup:
    castle: str
    """The central castle as a height map."""
    tiles: Tiles
    """The tiles in the castle, bottom floor first, then row by row, left to right."""


@event(GAME, "take")
class Take:
    player: int
    at: Place
    """(row, column, floor) in the central castle."""
    tile: Tile
    reason: str = ""


@event(GAME, "take-second")
class TakeSecond:
    player: int
    at: Place
    tile: Tile
    reason: str = ""


@event(GAME, "take-shrine")
class TakeShrine:
    player: int
    reason: str = ""


@event(GAME, "discard")
class Discard:
    player: int
    tile: Tile
    reason: str = ""


@event(GAME, "summon")
class Summon:
    player: int
    reason: str = ""


@event(GAME, "build")
class Build:
    player: int
    tile: Tile
    at: Cell
    """(row, column) on the player's 6x6 board."""
    reason: str = ""


@event(GAME, "no-room")
class NoRoom:
    """A kept tile with nowhere legal to go goes back to the box, without points."""

    player: int
    tile: Tile


@event(GAME, "consolidate")
class Consolidate:
    player: int
    kind: str
    cells: tuple[Cell, ...]
    points: int


@event(GAME, "shrine")
class Shrine:
    player: int
    at: Cell
    points: int
    reason: str = ""


@event(GAME, "end-turn")
class EndTurn:
    player: int


# ---------------------------------------------------------------------------
# A player's castle
# ---------------------------------------------------------------------------

_NEIGHBOURS = tuple(tuple(r2 * SIZE + c2 for r2 in range(r - 1, r + 2) for c2 in range(c - 1, c + 2)
                          if (r2, c2) != (r, c) and 0 <= r2 < SIZE and 0 <= c2 < SIZE)
                    for r in range(SIZE) for c in range(SIZE))
ORTHOGONAL = tuple(tuple(r2 * SIZE + c2 for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1),
                                                        (r, c + 1))
                          if 0 <= r2 < SIZE and 0 <= c2 < SIZE)
                    for r in range(SIZE) for c in range(SIZE))


def cell_index(at: Cell) -> int:
    r, c = at
    if not (1 <= r <= SIZE and 1 <= c <= SIZE):
        raise IllegalActionError(f"row {r}, column {c} is off the {SIZE}x{SIZE} board")
    return (r - 1) * SIZE + (c - 1)


def cell_at(i: int) -> Cell:
    return (i // SIZE + 1, i % SIZE + 1)


class PlayerCastle:
    """Stacks on a 6x6 board: the tiles bottom first, whether the top one is face up,
    and whether a shrine crowns the stack."""

    __slots__ = ("built", "reserve", "score", "shrine", "stacks", "up")

    def __init__(self) -> None:
        self.stacks: list[list[Tile]] = [[] for _ in range(SIZE * SIZE)]
        self.up = [False] * (SIZE * SIZE)
        self.shrine = [False] * (SIZE * SIZE)
        self.reserve = 0
        self.score = 0
        self.built = 0
        """Tiles in the castle."""

    def is_empty(self) -> bool:
        return not self.built

    def copy(self) -> PlayerCastle:
        other = PlayerCastle()
        other.stacks = [list(s) for s in self.stacks]
        other.up = list(self.up)
        other.shrine = list(self.shrine)
        other.reserve, other.score, other.built = self.reserve, self.score, self.built
        return other

    def add(self, i: int, tile: Tile) -> None:
        """Put ``tile`` face up on stack ``i`` (legality is the caller's business)."""
        self.stacks[i].append(tile)
        self.up[i] = True
        self.built += 1

    def remove(self, i: int, was_up: bool) -> None:
        """Undo :meth:`add` (for bots trying placements)."""
        self.stacks[i].pop()
        self.up[i] = was_up
        self.built -= 1

    def can_build(self, i: int) -> bool:
        stack = self.stacks[i]
        if stack:
            return not self.up[i] and not self.shrine[i]
        if not self.built:
            return True
        stacks = self.stacks
        for j in _NEIGHBOURS[i]:  # noqa: SIM110 - a plain loop: this is the bots' hot path
            if stacks[j]:
                return True
        return False

    def buildable(self) -> list[int]:
        if not self.built:
            return list(range(SIZE * SIZE))
        can = self.can_build
        return [i for i in range(SIZE * SIZE) if can(i)]

    def top_kind(self, i: int) -> str | None:
        """The type of a face-up top tile (None for empty, face-down or shrine)."""
        return kind_of(self.stacks[i][-1]) if self.up[i] else None

    def groups(self) -> list[tuple[str, list[int]]]:
        """Every group of orthogonally connected face-up tiles of one type."""
        seen = [False] * (SIZE * SIZE)
        out = []
        for i in range(SIZE * SIZE):
            if seen[i] or not self.up[i]:
                continue
            kind = self.top_kind(i)
            seen[i] = True
            members, todo = [i], [i]
            while todo:
                j = todo.pop()
                for n in ORTHOGONAL[j]:
                    if not seen[n] and self.up[n] and self.top_kind(n) == kind:
                        seen[n] = True
                        members.append(n)
                        todo.append(n)
            out.append((kind, sorted(members)))
        return out

    def face_down_tops(self) -> int:
        """Stacks topped by a face-down tile (the first tie-break)."""
        return sum(1 for i, s in enumerate(self.stacks) if s and not self.up[i]
                   and not self.shrine[i])

    def shrines(self) -> int:
        return sum(self.shrine)



# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------


class CastleGame:
    """The state of a game; :meth:`apply` checks an event by the rules, then plays it."""

    def __init__(self, options: CastleOptions) -> None:
        self.options = options
        self.players = [PlayerCastle() for _ in range(options.players)]
        self.pool = options.shrine_pool
        self.current = 0
        self.phase = "setup"
        self.summons = 0
        self.ending = False
        self.over = False
        self.turn = 0
        self.castle: Castle | None = None
        self.tiles: tuple[Tile, ...] = ()
        self.pending: list[Tile] = []
        """Tiles taken this turn that still have to be built."""
        self.taken: Tile | None = None
        self.flipped: list[tuple[str, list[int], int]] = []
        """Groups consolidated this turn: kind, cells, shrines still allowed."""
        self._to_flip: list[tuple[str, list[int]]] = []

    # -- the central castle ---------------------------------------------------

    def _setup(self, ev: Setup) -> None:
        if self.phase != "setup":
            raise IllegalActionError("the castle is already set up")
        castle = parse_castle(ev.castle, name="central castle", source="setup.castle")
        if len(ev.tiles) != len(castle):
            raise IllegalActionError(f"{len(ev.tiles)} tiles for a castle of {len(castle)}")
        supply = Counter(t.kind for t in self.options.set_of_tiles().tiles)
        extra = Counter(t.kind for t in ev.tiles) - supply
        if extra:
            tile = Tile.from_kind(next(iter(extra)))
            raise IllegalActionError(f"the castle holds more {tile} than the "
                                     f"{self.options.tileset} set has")
        self.castle = castle
        self.layout = castle.layout()
        self.board: Board = board_for(self.layout)
        self.tiles = ev.tiles
        self.index = {cell_of(p): i for i, p in enumerate(self.layout.positions)}
        self.floor_of = [p.z + 1 for p in self.layout.positions]
        self.remaining = (1 << len(self.tiles)) - 1
        self.copies: dict[int, list[int]] = {}
        for i, t in enumerate(self.tiles):
            self.copies.setdefault(t.kind, []).append(i)
        self.on_floor = Counter(self.floor_of)
        self.phase = "take"

    def place_of(self, i: int) -> Place:
        return cell_of(self.layout.positions[i])

    @property
    def top_floor(self) -> int:
        """The highest floor that still has tiles (0 when the castle is gone)."""
        return max((f for f, n in self.on_floor.items() if n), default=0)

    def is_open(self, i: int) -> bool:
        return bool(self.remaining >> i & 1) and self.board.is_free(self.remaining, i)

    def open_tiles(self) -> list[int]:
        return self.board.free_tiles(self.remaining)

    def takeable(self) -> list[int]:
        """Open tiles on the top floor."""
        top = self.top_floor
        return [i for i in self.open_tiles() if self.floor_of[i] == top]

    def twins(self, first: int) -> list[int]:
        """Open tiles identical to ``first`` once it is gone, on any floor."""
        rest = self.remaining & ~(1 << first)
        free = self.board.is_free
        return [i for i in self.copies[self.tiles[first].kind]
                if rest >> i & 1 and free(rest, i)]

    def can_summon(self) -> bool:
        return self.top_floor <= 1

    def _remove(self, i: int) -> None:
        self.remaining &= ~(1 << i)
        self.on_floor[self.floor_of[i]] -= 1

    def _central(self, at: Place, tile: Tile) -> int:
        i = self.index.get(tuple(at))  # type: ignore[arg-type]
        if i is None or not self.remaining >> i & 1:
            raise IllegalActionError(f"no tile at row {at[0]}, column {at[1]}, floor {at[2]} "
                                     "of the central castle")
        if self.tiles[i] != tile:
            raise IllegalActionError(f"the tile at row {at[0]}, column {at[1]}, floor {at[2]} "
                                     f"is {self.tiles[i]}, not {tile}")
        if not self.board.is_free(self.remaining, i):
            raise IllegalActionError(f"{tile} at row {at[0]}, column {at[1]}, floor {at[2]} "
                                     "is not open (covered, or blocked on both sides)")
        return i

    # -- applying events --------------------------------------------------------

    def _expect(self, phase: str, player: int, what: str) -> None:
        if self.over:
            raise IllegalActionError(f"{what} after the game is over")
        if self.phase != phase:
            raise IllegalActionError(f"{what} now: the turn is at its {self.phase} step")
        if player != self.current:
            raise IllegalActionError(f"{what} by player {player + 1}: it is player "
                                     f"{self.current + 1}'s turn")

    def apply(self, ev) -> None:
        if isinstance(ev, Setup):
            self._setup(ev)
        elif self.phase == "setup":
            raise IllegalActionError("the log must start with the castle's setup")
        elif isinstance(ev, Take):
            self._expect("take", ev.player, "taking a tile")
            top = self.top_floor
            i = self._central(ev.at, ev.tile)
            if self.floor_of[i] != top:
                raise IllegalActionError(f"{ev.tile} is on floor {self.floor_of[i]}; tiles are "
                                         f"taken from the top floor, now floor {top}")
            self._remove(i)
            self.taken = ev.tile
            self.phase = "second"
        elif isinstance(ev, Summon):
            self._expect("take", ev.player, "summoning the Elder Dragon")
            if not self.can_summon():
                raise IllegalActionError(f"the Elder Dragon comes only once the castle is down "
                                         f"to its ground floor (it still has floor "
                                         f"{self.top_floor})")
            self.players[ev.player].score += SUMMON_POINTS
            self.summons += 1
            if self.summons >= len(self.players):
                self.ending = True
            self.phase = "shrines"
        elif isinstance(ev, TakeSecond):
            self._expect("second", ev.player, "taking a second tile")
            assert self.taken is not None
            if ev.tile.kind != self.taken.kind:
                raise IllegalActionError(f"the second tile must be identical to {self.taken}, "
                                         f"not {ev.tile}")
            self._remove(self._central(ev.at, ev.tile))
            self.pending = [self.taken, ev.tile]
            self.phase = "build"
        elif isinstance(ev, TakeShrine):
            self._expect("second", ev.player, "taking a shrine")
            if self.pool <= 0:
                raise IllegalActionError("the shrine pool is empty")
            self.pool -= 1
            self.players[ev.player].reserve += 1
            assert self.taken is not None
            self.pending = [self.taken]
            self.phase = "build"
        elif isinstance(ev, Discard):
            self._expect("second", ev.player, "discarding")
            if ev.tile != self.taken:
                raise IllegalActionError(f"only the tile just taken ({self.taken}) can be "
                                         f"discarded, not {ev.tile}")
            self.players[ev.player].score += DISCARD_POINTS
            self.pending = []
            self._after_build()
        elif isinstance(ev, Build):
            self._expect("build", ev.player, "building")
            self._check_pending(ev.tile)
            me = self.players[ev.player]
            i = cell_index(ev.at)
            if not me.can_build(i):
                why = ("a shrine stands there" if me.shrine[i] else "its top tile is face up"
                       if me.up[i] else "it touches none of your tiles")
                raise IllegalActionError(f"{ev.tile} cannot go on row {ev.at[0]}, column "
                                         f"{ev.at[1]}: {why}")
            self.pending.remove(ev.tile)
            me.add(i, ev.tile)
            if not self.pending:
                self._after_build()
        elif isinstance(ev, NoRoom):
            self._expect("build", ev.player, "returning a tile")
            self._check_pending(ev.tile)
            if self.players[ev.player].buildable():
                raise IllegalActionError(f"{ev.tile} has a place to go, so it must be built")
            self.pending.remove(ev.tile)
            if not self.pending:
                self._after_build()
        elif isinstance(ev, Consolidate):
            self._expect("flip", ev.player, "consolidating")
            kind, cells = self._to_flip[0]
            want = tuple(cell_at(i) for i in cells)
            points = group_points(len(cells), kind, self.options.group)
            if (ev.kind, tuple(map(tuple, ev.cells)), ev.points) != (kind, want, points):
                raise IllegalActionError(f"the next group to flip is {len(cells)} {kind} at "
                                         f"{_cells_text(want)} for {points} points")
            self._to_flip.pop(0)
            me = self.players[ev.player]
            for i in cells:
                me.up[i] = False
            me.score += points
            self.flipped.append((kind, cells, shrines_allowed(kind)))
            if not self._to_flip:
                self.phase = "shrines"
        elif isinstance(ev, Shrine):
            self._expect("shrines", ev.player, "building a shrine")
            me = self.players[ev.player]
            i = cell_index(ev.at)
            if me.reserve <= 0:
                raise IllegalActionError("no shrine in the reserve")
            k = next((k for k, (_, cells, _) in enumerate(self.flipped) if i in cells), None)
            if k is None or me.shrine[i]:
                raise IllegalActionError(f"a shrine goes on a tile flipped this turn without a "
                                         f"shrine; row {ev.at[0]}, column {ev.at[1]} is not one")
            kind, cells, left = self.flipped[k]
            if left <= 0:
                raise IllegalActionError(f"that group of {kind} already has all the shrines "
                                         "it may take")
            points = shrine_points(len(me.stacks[i]))
            if ev.points != points:
                raise IllegalActionError(f"a shrine on floor {len(me.stacks[i])} scores "
                                         f"{points}, not {ev.points}")
            self.flipped[k] = (kind, cells, left - 1)
            me.shrine[i] = True
            me.reserve -= 1
            me.score += points
        elif isinstance(ev, EndTurn):
            self._expect("shrines", ev.player, "ending the turn")
            self._end_turn()
        else:
            raise IllegalActionError(f"{type(ev).__name__} is not a Dragon Castle event")

    def _check_pending(self, tile: Tile) -> None:
        if tile not in self.pending:
            raise IllegalActionError(f"{tile} is not among the tiles taken this turn "
                                     f"({' '.join(map(str, self.pending)) or 'none left'})")

    def _after_build(self) -> None:
        me = self.players[self.current]
        self._to_flip = [(k, cells) for k, cells in me.groups()
                         if len(cells) >= self.options.group]
        self.phase = "flip" if self._to_flip else "shrines"

    def pending_consolidation(self) -> Consolidate:
        kind, cells = self._to_flip[0]
        return Consolidate(self.current, kind, tuple(cell_at(i) for i in cells),
                           group_points(len(cells), kind, self.options.group))

    def shrine_spots(self) -> list[int]:
        """Cells where a shrine may go now."""
        me = self.players[self.current]
        if self.phase != "shrines" or me.reserve <= 0:
            return []
        return [i for _, cells, left in self.flipped if left > 0 for i in cells
                if not me.shrine[i]]

    def _end_turn(self) -> None:
        self.flipped = []
        self.taken = None
        self.turn += 1
        if self.ending and self.current == len(self.players) - 1:
            self.over = True
            self.phase = "over"
            return
        self.current = (self.current + 1) % len(self.players)
        self.phase = "take"

    # -- the end ------------------------------------------------------------------

    def standings(self) -> list[tuple[int, int, int, int]]:
        """(player, points, face-down stacks, shrines), best first."""
        rows = [(p, c.score, c.face_down_tops(), c.shrines()) for p, c in enumerate(self.players)]
        return sorted(rows, key=lambda r: (-r[1], -r[2], -r[3], r[0]))

    def result(self) -> dict:
        rows = self.standings()
        best = rows[0][1:]
        winners = [p + 1 for p, *rest in rows if tuple(rest) == best]
        return {"scores": [c.score for c in self.players],
                "face_down_stacks": [c.face_down_tops() for c in self.players],
                "shrines": [c.shrines() for c in self.players],
                "winners": winners, "turns": self.turn,
                "castle_left": bin(self.remaining).count("1") if self.tiles else 0}


def _cells_text(cells) -> str:
    return ", ".join(f"({r},{c})" for r, c in cells)


__all__ = ["GAME", "KINDS", "Build", "CastleGame", "CastleOptions", "Consolidate", "Discard",
           "EndTurn", "NoRoom", "PlayerCastle", "Setup", "Shrine", "Summon", "Take",
           "TakeSecond", "TakeShrine", "cell_at", "cell_index",
           "group_points", "kind_of", "shrine_points", "shrines_allowed"]
