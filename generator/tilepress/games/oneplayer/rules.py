"""Mah-Jongg One Player: ten lines of fourteen tiles.

The player holds eight tiles and places them on lines: at least two on the first turn,
at least one on every later turn, then draws back up to eight. The horizontal line
(line 0) is filled first; then nine vertical lines (1-9), each started from a tile of
the horizontal line -- its *anchor*, which is the first of the vertical line's fourteen
tiles. An anchor may start two vertical lines only if one runs up and the other down
(the anchor is the end of one and the start of the other). Tiles within a line may be
rearranged, so only which tiles a line holds matters. A finished line scores its best
grouping into pairs, pungs and kongs of matching tiles (10/20/40 points, doubled for
honors and bonus tiles), or 200 if it is a special line and that is more. The game ends
when all ten lines are full.

Matching (see docs/rulings.md): identical tiles match; with ``flowers="pairs"`` any
flower matches any flower and any season any season; ``"one-kind"`` makes all eight
bonus tiles match; ``"none"`` plays with the 136 tiles only.
"""

from __future__ import annotations

import copy
import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

from tilepress.engine.log import Event, Tiles, event
from tilepress.engine.rules import Phase as BasePhase
from tilepress.engine.rules import Rules, checks, handles
from tilepress.errors import IllegalActionError
from tilepress.games.oneplayer.options import OnePlayerOptions
from tilepress.tiles import Tile

GAME = "oneplayer"
LINE_LENGTH = 14
VERTICAL_LINES = 9
HAND = 8
DIRECTIONS = ("up", "down")
SPECIAL_POINTS = 200
COMMON_POINTS = {2: 10, 3: 20, 4: 40}


# ---------------------------------------------------------------------------
# Scoring a line
# ---------------------------------------------------------------------------


@lru_cache(maxsize=1024)
def match_key(tile: Tile, flowers: str = "pairs") -> str:
    """Tiles with the same key match each other."""
    if tile.is_bonus:
        if flowers == "one-kind":
            return "bonus"
        return "flower" if tile.is_flower else "season"
    return str(Tile.from_kind(tile.kind))


def _doubled(key: str) -> bool:
    return key in ("flower", "season", "bonus") or key.endswith("z")


@lru_cache(maxsize=64)
def _best_split(count: int) -> tuple[tuple[int, ...], int]:
    """Best split of ``count`` matching tiles into groups of 2-4 (common points)."""
    best: tuple[tuple[int, ...], int] = ((), 0)
    for k in range(count // 2 + 1):
        for sizes in itertools.combinations_with_replacement((2, 3, 4), k):
            if sum(sizes) <= count:
                points = sum(COMMON_POINTS[s] for s in sizes)
                if points > best[1]:
                    best = (tuple(sorted(sizes, reverse=True)), points)
    return best


@lru_cache(maxsize=4096)
def score_line_count(count: int, key: str) -> int:
    """Grouping points of ``count`` matching tiles of ``key`` in one line."""
    return _best_split(count)[1] * (2 if _doubled(key) else 1)


@dataclass(frozen=True)
class LineScore:
    points: int
    groups: tuple[tuple[str, int, int], ...]
    """(matching key, group size, points) for each pair, pung or kong."""
    special: str = ""

    def explain(self) -> str:
        names = {2: "pair", 3: "pung", 4: "kong"}
        parts = [f"{names[n]} of {k} {p}" for k, n, p in self.groups]
        grouping = sum(p for _, _, p in self.groups)
        text = ", ".join(parts) if parts else "no matching tiles"
        if self.special:
            text = f"{self.special}: {SPECIAL_POINTS}" + (
                f" (its groups would make {grouping})" if grouping else "")
        return text


def specials(tiles: Sequence[Tile], flowers: str = "pairs") -> list[str]:
    """The special lines (worth 200) that a full line of 14 tiles makes."""
    found = []
    numbers = [t for t in tiles if t.is_number]
    all_numbers = len(numbers) == len(tiles)
    if all_numbers and all(t.number % 2 == 1 for t in tiles):
        found.append("all odd")
    if all_numbers and all(t.number % 2 == 0 for t in tiles):
        found.append("all even")
    if all_numbers and all(t.number in (1, 9) for t in tiles):
        found.append("all terminals")
    if all(t.is_honor or t.is_bonus for t in tiles):
        found.append("all honors and flowers")
    if all_numbers and len({t.suit for t in tiles}) == 1:
        found.append("all one suit")
    if all_numbers and len({t.number for t in tiles}) <= 2:
        found.append("two numbers only")
    counts = Counter(match_key(t, flowers) for t in tiles)
    if len(tiles) == LINE_LENGTH and all(c % 2 == 0 for c in counts.values()):
        found.append("seven pairs")
    if sum(c // 4 for c in counts.values()) >= 3:
        found.append("three kongs")
    return found


def score_line(
    tiles: Sequence[Tile], flowers: str = "pairs", *, complete: bool = True
) -> LineScore:
    """The points of a line: its best grouping, or 200 for a special full line if more
    (remembered for the last lines scored: a game asks again for each line it ends)."""
    return _score_line(tuple(tiles), flowers, complete)


@lru_cache(maxsize=256)
def _score_line(tiles: tuple[Tile, ...], flowers: str, complete: bool) -> LineScore:
    counts = Counter(match_key(t, flowers) for t in tiles)
    groups = []
    for key in sorted(counts):
        sizes, _ = _best_split(counts[key])
        for s in sizes:
            groups.append((key, s, COMMON_POINTS[s] * (2 if _doubled(key) else 1)))
    grouping = sum(p for _, _, p in groups)
    found = specials(tiles, flowers) if complete and len(tiles) == LINE_LENGTH else []
    if found and grouping < SPECIAL_POINTS:
        return LineScore(SPECIAL_POINTS, tuple(groups), ", ".join(found))
    return LineScore(grouping, tuple(groups))


# ---------------------------------------------------------------------------
# Events
# ---------------------------------------------------------------------------


@event(GAME, "wall")
class Wall:
    tiles: Tiles
    """Every tile in the order it will be drawn."""


@event(GAME, "draw")
class Draw:
    tiles: Tiles


@event(GAME, "start")
class Start:
    line: int
    anchor: int
    direction: str
    reason: str = ""


@event(GAME, "place")
class Place:
    line: int
    tile: Tile
    reason: str = ""


@event(GAME, "end_turn")
class EndTurn:
    pass


@event(GAME, "line")
class LineDone:
    line: int
    points: int
    detail: str = ""


# ---------------------------------------------------------------------------
# The board
# ---------------------------------------------------------------------------


@cache
def _placements_of(tile: Tile) -> tuple[Place, ...]:
    """``tile`` placed on each line, 0-9: the legal actions reuse these events (they are
    frozen), which makes them quicker to list."""
    return tuple(Place(n, tile) for n in range(1 + VERTICAL_LINES))


_line_start = cache(Start)


@dataclass
class Line:
    number: int
    anchor: int | None = None  # None for the horizontal line
    direction: str = ""
    tiles: list[Tile] = field(default_factory=list)
    scored: bool = False

    @property
    def full(self) -> bool:
        return len(self.tiles) == LINE_LENGTH

    @property
    def room(self) -> int:
        return LINE_LENGTH - len(self.tiles)


class Phase(BasePhase):
    """What the game waits for."""

    START = "the wall, shuffled"
    REFILL = "tiles drawn back up to eight"
    TURN = "a tile placed, a line started or the end of the turn"
    SCORING = "the score of the line just filled"
    OVER = "nothing: the game is over"


class OnePlayerBoard(Rules):
    """The state of a game, changed only by :meth:`apply`.

    The wall is the chance event; the draw back up to eight and the score of a full line
    are the rules' own (:meth:`forced`); in a turn the player places tiles, starts
    vertical lines, and ends the turn once the minimum is placed (the rules end it when
    nothing is left to do).
    """

    title = "Mah-Jongg One Player"
    CHANCE = frozenset({Phase.START})

    def __init__(self, options: OnePlayerOptions) -> None:
        self.options = options
        self.tileset = Counter(options.tileset())
        self.lines: dict[int, Line] = {0: Line(0)}
        self.hand: list[Tile] = []
        self.wall: list[Tile] = []
        self.turn = 0
        self.placed_this_turn = 0
        self.phase = Phase.START
        self.pending: list[int] = []  # the line that just became full, to be scored
        self.total = 0
        self._free: tuple[int, list[tuple[int, str]]] = (-1, [])  # free_ends, by lines

    def __deepcopy__(self, _memo: dict) -> OnePlayerBoard:
        """A copy to try moves on: tiles and options never change, so only the lists,
        the hand and the wall are copied."""
        twin = copy.copy(self)
        twin.lines = {n: Line(n, ln.anchor, ln.direction, list(ln.tiles), ln.scored)
                      for n, ln in self.lines.items()}
        twin.hand, twin.wall, twin.pending = list(self.hand), list(self.wall), list(self.pending)
        return twin

    # -- queries ---------------------------------------------------------------------

    @property
    def horizontal(self) -> Line:
        return self.lines[0]

    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def to_move(self) -> int | None:
        return 0 if self.phase == Phase.TURN and not self._turn_must_end() else None

    def _turn_must_end(self) -> bool:
        """Nothing is left to do in the turn: the hand is placed (which meets the
        minimum) and no line can start."""
        return self.phase == Phase.TURN and not self.hand and not self.free_ends()

    def minimum_this_turn(self) -> int:
        return 2 if self.turn == 1 else 1

    def free_ends(self) -> list[tuple[int, str]]:
        """(anchor, direction) of every vertical line that may start now, by anchor (0-13
        along the horizontal line), "up" before "down": once the horizontal line is full,
        each of its tiles starts at most one line each way, nine lines in all."""
        if not self.horizontal.full or len(self.lines) > VERTICAL_LINES:
            return []
        # lines are only ever added, so their number tells whether the ends have changed
        if self._free[0] != len(self.lines):
            taken = {(ln.anchor, ln.direction) for ln in self.lines.values()}
            self._free = (len(self.lines), [(a, d) for a in range(LINE_LENGTH)
                                            for d in DIRECTIONS if (a, d) not in taken])
        return list(self._free[1])

    def open_lines(self) -> list[Line]:
        return [ln for ln in self.lines.values() if not ln.full]

    def unseen(self) -> Counter:
        """Tiles not yet on the board or in the hand: the set less what the player has
        seen, which is exactly what is left in the wall (counted from it, the quickest)."""
        return Counter(self.wall)

    def score_pending(self) -> LineDone:
        """The score of the line waiting to be scored."""
        line = self.lines[self.pending[0]]
        score = score_line(line.tiles, self.options.flowers)
        return LineDone(line.number, score.points, score.explain())

    # -- what the rules decide, and what the player may do --------------------------------

    def forced(self) -> Event | None:
        """The draw back up to eight (while the wall lasts), the score of a full line, and
        the end of a turn with nothing left to do."""
        if self._turn_must_end():
            return EndTurn()
        if self.phase == Phase.REFILL:
            return Draw(tuple(self.wall[: min(HAND - len(self.hand), len(self.wall))]))
        if self.phase == Phase.SCORING:
            return self.score_pending()
        return None

    def legal_actions(self) -> list[Event]:
        """In a turn: each tile of the hand (one of each face) onto each line that takes a
        tile now; each vertical line that may start now (anchor and direction); and the
        end of the turn once its minimum is placed."""
        if self.to_move is None:
            return []
        rows = [_placements_of(t) for t in sorted(set(self.hand))]
        actions: list[Event] = [row[n] for n in self.lines if self._line_closed(n) is None
                                for row in rows]
        actions += self.starts()
        if self._short_of_minimum() is None:
            actions.append(EndTurn())
        return actions

    def starts(self) -> list[Start]:
        """The vertical lines that may start now: by anchor, "up" before "down"."""
        return [_line_start(len(self.lines), a, d) for a, d in self.free_ends()]

    # -- checks: what each shared fact forbids, as a message (None: allowed) ---------------

    def _line_closed(self, number: int) -> str | None:
        line = self.lines.get(number)
        if line is None:  # vertical lines start once the horizontal line is full
            return f"line {number} has not been started"
        if line.full:
            return f"line {number} is already full"
        return None

    def _cannot_start(self, number: int, anchor: int, direction: str) -> str | None:
        if not self.horizontal.full:
            return "vertical lines start only when the horizontal line is complete"
        if number != len(self.lines) or number > VERTICAL_LINES:
            return f"the next vertical line is line {len(self.lines)}"
        if (anchor, direction) not in self.free_ends():
            return (f"tile {anchor + 1} of the horizontal line cannot start another line "
                    f"going {direction}")
        return None

    def _short_of_minimum(self) -> str | None:
        need = self.minimum_this_turn()
        if self.placed_this_turn < need:
            return f"turn {self.turn} must place at least {need} tile{'s' * (need > 1)}"
        return None

    @staticmethod
    def _refuse(why: str | None) -> None:
        if why is not None:
            raise IllegalActionError(why)

    @checks(Wall)
    def _check_wall(self, ev: Wall) -> None:
        self.expect(Phase.START, None, "building the wall")
        if Counter(ev.tiles) != self.tileset:
            raise IllegalActionError(f"the wall must hold the {sum(self.tileset.values())} "
                                     "tiles of the set")

    @checks(Draw, LineDone)
    def _check_by_the_rules(self, ev: Event) -> None:
        raise IllegalActionError(
            "tiles are drawn only at the start and after each turn" if isinstance(ev, Draw)
            else "a line is scored only when it becomes full")

    @checks(Start)
    def _check_start(self, ev: Start) -> None:
        self.expect(Phase.TURN, None, "starting a line")
        self._refuse(self._cannot_start(ev.line, ev.anchor, ev.direction))

    @checks(Place)
    def _check_place(self, ev: Place) -> None:
        self.expect(Phase.TURN, None, "placing a tile")
        if ev.tile not in self.hand:
            raise IllegalActionError(f"{ev.tile} is not in the hand")
        self._refuse(self._line_closed(ev.line))

    @checks(EndTurn)
    def _check_end_turn(self, ev: EndTurn) -> None:
        self.expect(Phase.TURN, None, "ending the turn")
        self._refuse(self._short_of_minimum())

    # -- what events do ------------------------------------------------------------------

    @handles(Wall)
    def _wall(self, ev: Wall) -> None:
        self.wall = list(ev.tiles)
        self.phase = Phase.REFILL

    @handles(Draw)
    def _draw(self, ev: Draw) -> None:
        del self.wall[: len(ev.tiles)]
        self.hand.extend(ev.tiles)
        self.phase = Phase.TURN
        self.turn += 1
        self.placed_this_turn = 0

    @handles(Start)
    def _start(self, ev: Start) -> None:
        anchor_tile = self.horizontal.tiles[ev.anchor]
        self.lines[ev.line] = Line(ev.line, ev.anchor, ev.direction, [anchor_tile])

    @handles(Place)
    def _place(self, ev: Place) -> None:
        line = self.lines[ev.line]
        self.hand.remove(ev.tile)
        line.tiles.append(ev.tile)
        self.placed_this_turn += 1
        if line.full:
            self.pending.append(line.number)
            self.phase = Phase.SCORING

    @handles(LineDone)
    def _line_done(self, ev: LineDone) -> None:
        self.pending.pop(0)
        self.lines[ev.line].scored = True
        self.total += ev.points
        done = len(self.lines) == 1 + VERTICAL_LINES and all(
            ln.scored for ln in self.lines.values())
        self.phase = Phase.OVER if done else Phase.TURN

    @handles(EndTurn)
    def _end_turn(self, ev: EndTurn) -> None:
        self.phase = Phase.REFILL

    def result(self) -> dict:
        if not self.over:
            done = sum(ln.scored for ln in self.lines.values())
            raise IllegalActionError(f"the game is not over: {done} of 10 lines are complete")
        return {"total": self.total,
                "lines": [score_line(self.lines[i].tiles, self.options.flowers).points
                          for i in range(1 + VERTICAL_LINES)]}
