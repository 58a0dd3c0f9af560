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

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from generator.engine.log import Tiles, event
from generator.errors import IllegalActionError
from generator.games.oneplayer.options import OnePlayerOptions
from generator.tiles import Tile, format_tiles, sort_tiles

GAME = "oneplayer"
LINE_LENGTH = 14
VERTICAL_LINES = 9
HAND = 8
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
    """The points of a line: its best grouping, or 200 for a special full line if more."""
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


class OnePlayerBoard:
    """The state of a game, changed only by :meth:`apply`."""

    def __init__(self, options: OnePlayerOptions) -> None:
        self.options = options
        self.tileset = Counter(options.tileset())
        self.lines: dict[int, Line] = {0: Line(0)}
        self.hand: list[Tile] = []
        self.wall: list[Tile] = []
        self.turn = 0
        self.placed_this_turn = 0
        self.phase = "start"  # start, deal, turn, refill, over
        self.pending: list[int] = []  # lines that just became full, to be scored
        self.total = 0

    @property
    def horizontal(self) -> Line:
        return self.lines[0]

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def minimum_this_turn(self) -> int:
        return 2 if self.turn == 1 else 1

    def can_start(self, anchor: int, direction: str) -> bool:
        if not self.horizontal.full or len(self.lines) > VERTICAL_LINES:
            return False
        if not 0 <= anchor < LINE_LENGTH or direction not in ("up", "down"):
            return False
        return all(not (ln.anchor == anchor and ln.direction == direction)
                   for ln in self.lines.values())

    def open_lines(self) -> list[Line]:
        return [ln for ln in self.lines.values() if not ln.full]

    def unseen(self) -> Counter:
        """Tiles not yet on the board or in the hand (the wall, as the player sees it)."""
        seen = Counter(self.hand)
        for ln in self.lines.values():
            seen.update(ln.tiles if ln.number == 0 else ln.tiles[1:])
        return self.tileset - seen

    # -- events ----------------------------------------------------------------------

    def _fail(self, message: str) -> None:
        raise IllegalActionError(message)

    def apply(self, ev) -> None:
        handler = getattr(self, f"_on_{ev.TYPE}", None)
        if handler is None:
            self._fail(f"{ev.TYPE} is not an event of Mah-Jongg One Player")
        handler(ev)

    def _on_wall(self, ev: Wall) -> None:
        if self.phase != "start":
            self._fail("the wall is built once, at the start")
        if Counter(ev.tiles) != self.tileset:
            self._fail(f"the wall must hold the {sum(self.tileset.values())} tiles of the set")
        self.wall = list(ev.tiles)
        self.phase = "refill"

    def _on_draw(self, ev: Draw) -> None:
        if self.phase != "refill":
            self._fail("tiles are drawn at the start and after each turn")
        want = min(HAND - len(self.hand), len(self.wall))
        if len(ev.tiles) != want:
            self._fail(f"draw {want} tiles to hold {HAND}, not {len(ev.tiles)}")
        if tuple(ev.tiles) != tuple(self.wall[:want]):
            self._fail("the tiles drawn must be the next ones of the wall")
        del self.wall[:want]
        self.hand.extend(ev.tiles)
        self.phase = "turn"
        self.turn += 1
        self.placed_this_turn = 0

    def _on_start(self, ev: Start) -> None:
        if self.phase != "turn":
            self._fail("lines are started during a turn")
        if not self.horizontal.full:
            self._fail("vertical lines start only when the horizontal line is complete")
        if ev.line != len(self.lines) or ev.line > VERTICAL_LINES:
            self._fail(f"the next vertical line is line {len(self.lines)}")
        if not self.can_start(ev.anchor, ev.direction):
            self._fail(f"tile {ev.anchor + 1} of the horizontal line cannot start another "
                       f"line going {ev.direction}")
        anchor_tile = self.horizontal.tiles[ev.anchor]
        self.lines[ev.line] = Line(ev.line, ev.anchor, ev.direction, [anchor_tile])

    def _on_place(self, ev: Place) -> None:
        if self.phase != "turn":
            self._fail("tiles are placed during a turn")
        if ev.tile not in self.hand:
            self._fail(f"{ev.tile} is not in the hand")
        line = self.lines.get(ev.line)
        if line is None:
            self._fail(f"line {ev.line} has not been started")
        if ev.line != 0 and not self.horizontal.full:
            self._fail("the horizontal line must be completed first")
        if line.full:
            self._fail(f"line {ev.line} is already full")
        self.hand.remove(ev.tile)
        line.tiles.append(ev.tile)
        self.placed_this_turn += 1
        if line.full:
            self.pending.append(line.number)

    def _on_line(self, ev: LineDone) -> None:
        if not self.pending or self.pending[0] != ev.line:
            self._fail(f"line {ev.line} is not waiting to be scored")
        line = self.lines[ev.line]
        score = score_line(line.tiles, self.options.flowers)
        if ev.points != score.points:
            self._fail(f"line {ev.line} scores {score.points}, not {ev.points}")
        self.pending.pop(0)
        line.scored = True
        self.total += score.points
        if all(ln.scored for ln in self.lines.values()) and len(self.lines) == 1 + VERTICAL_LINES:
            self.phase = "over"

    def _on_end_turn(self, ev: EndTurn) -> None:
        if self.phase != "turn":
            self._fail("no turn is under way")
        if self.pending:
            self._fail(f"line {self.pending[0]} must be scored first")
        need = self.minimum_this_turn()
        if self.placed_this_turn < need:
            self._fail(f"turn {self.turn} must place at least {need} tile{'s' * (need > 1)}")
        self.phase = "refill"

    def score_pending(self) -> LineDone:
        line = self.lines[self.pending[0]]
        score = score_line(line.tiles, self.options.flowers)
        return LineDone(line.number, score.points, score.explain())

    def result(self) -> dict:
        if self.phase != "over":
            done = sum(ln.scored for ln in self.lines.values())
            self._fail(f"the game is not over: {done} of 10 lines are complete")
        return {"total": self.total,
                "lines": [score_line(self.lines[i].tiles, self.options.flowers).points
                          for i in range(1 + VERTICAL_LINES)]}


def describe_tiles(tiles: Iterable[Tile]) -> str:
    return format_tiles(sort_tiles(tiles))
