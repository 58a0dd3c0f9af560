"""Bots for Mah-Jongg One Player.

:class:`GreedyPlacer` places the fewest tiles it must, each where it raises the score of
a line the most right now. :class:`Planner` plays for special lines: it fills the
horizontal line quickly (keeping pairs together and an anchor of every kind), then gives
each kind of tile -- characters, dots, bamboo, honors with flowers -- vertical lines of
their own, two to a kind from one anchor (one line up, one down), which finish as
"all one suit" or "all honors" lines worth 200. Tiles with no such home wait in the hand
while they can and otherwise go to one dump line.

Both end a turn as soon as its minimum is placed and no line waits to be scored; the
planner thinks a whole turn ahead on a copy of the board, the greedy placer one move at
a time.
"""

from __future__ import annotations

import copy
import functools
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from tilepress.engine.log import Event
from tilepress.engine.rules import plain
from tilepress.errors import IllegalActionError
from tilepress.games.oneplayer.rules import (
    LINE_LENGTH,
    VERTICAL_LINES,
    EndTurn,
    Line,
    OnePlayerBoard,
    Phase,
    Place,
    Start,
    match_key,
    score_line_count,
)
from tilepress.tiles import Tile

KIND_NAMES = {"m": "characters", "p": "dots", "s": "bamboo", "h": "honors"}

Do = Callable[[Event], None]
"""Plays one move on the board a bot thinks on, and keeps it."""


@functools.cache
def kind_of(tile: Tile) -> str:
    """The suit of a number tile, "h" for an honor or bonus tile (looked up once per
    face: the bots ask it hundreds of thousands of times a game)."""
    return tile.suit if tile.is_number else "h"


def _listed(bot: str, move: Event, legal: list[Event]) -> Event:
    """``move``, which must be one of the ``legal`` actions (listed without reasons)."""
    if plain(move) not in legal:  # pragma: no cover - a bot's bug
        raise IllegalActionError(f"the {bot} bot chose {move}, which the rules do not "
                                 "allow now")
    return move


class GreedyPlacer:
    """Decides one move at a time: while the turn's minimum is not placed, the tile and
    line (an open line, or a new one from a face of anchor not tried yet) that gain the
    most points now; then it ends the turn."""

    name = "greedy"

    def choose(self, board: OnePlayerBoard, legal: list[Event], rng: random.Random) -> Event:
        if board.placed_this_turn >= board.minimum_this_turn():
            return _listed(self.name, EndTurn(), legal)
        return _listed(self.name, self._best_move(board), legal)

    def _best_move(self, board: OnePlayerBoard) -> Event:
        """The best placement, or the start of the new line it goes on (the placement
        follows as the next best move)."""
        flowers = board.options.flowers
        targets: list[tuple[Counter, int, Start | None]] = []
        if not board.horizontal.full:
            targets.append((_keys(board.horizontal.tiles, flowers), 0, None))
        else:
            for line in board.open_lines():
                targets.append((_keys(line.tiles, flowers), line.number, None))
            seen_anchor: set[Tile] = set()
            for start in board.starts():  # one new line for each face of anchor
                tile = board.horizontal.tiles[start.anchor]
                if tile not in seen_anchor:
                    seen_anchor.add(tile)
                    targets.append((_keys([tile], flowers), start.line, start))
        best: tuple | None = None
        for tile in sorted(set(board.hand)):
            key = match_key(tile, flowers)
            for counts, number, start in targets:
                gain = _gain(counts[key], key)
                rank = (gain, start is None, -number)
                if best is None or rank > best[0]:
                    best = (rank, tile, number, start)
        if best is None:  # pragma: no cover - the hand is never empty in a turn
            raise IllegalActionError(f"the {self.name} bot found no tile to place")
        (gain, _, _), tile, number, start = best
        if start is not None:
            return replace(start, reason="a new line")
        return Place(number, tile, f"+{gain} points now" if gain else "no line gains more")


def _keys(tiles, flowers: str) -> Counter:
    return Counter(match_key(t, flowers) for t in tiles)


def _gain(count: int, key: str) -> int:
    """Points gained by a line holding ``count`` tiles matching ``key`` when one more
    joins them."""
    before = score_line_count(count, key)
    return score_line_count(count + 1, key) - before


def _position(board: OnePlayerBoard) -> tuple:
    """Enough of a board to tell one moment of a game from another."""
    return (board.turn, board.placed_this_turn, len(board.lines), len(board.wall),
            tuple(board.hand))


def _supplies(board: OnePlayerBoard) -> Counter:
    """Tiles of each kind still to come or in hand."""
    supply: Counter = Counter()
    for t, n in board.unseen().items():
        supply[kind_of(t)] += n
    for t in board.hand:
        supply[kind_of(t)] += 1
    return supply


class Planner:
    """Plans a whole turn at its first decision: plays it out on a copy of the board,
    through the rules, then gives those moves one by one and ends the turn."""

    name = "planner"

    def __init__(self) -> None:
        self._plan: list[tuple[tuple, Event]] = []
        """The moves still to come this turn, each with the position it is played from."""

    def choose(self, board: OnePlayerBoard, legal: list[Event], rng: random.Random) -> Event:
        """The next move planned, or the end of the turn once its minimum is placed
        (after a full line is scored, the turn ends there)."""
        if self._plan and self._plan[0][0] == _position(board):
            move = self._plan.pop(0)[1]
        elif board.placed_this_turn >= board.minimum_this_turn():
            self._plan, move = [], EndTurn()
        else:
            self._plan = self._plan_turn(board)
            move = self._plan.pop(0)[1]
        # every planned move was played through the rules on a copy of this very
        # position, so it needs no second look in ``legal`` (the rules check it again as
        # it is played)
        return move

    def _plan_turn(self, board: OnePlayerBoard) -> list[tuple[tuple, Event]]:
        """The moves of :meth:`play_turn` tried on a copy of ``board``; then the end of
        the turn, if it may end there."""
        trial = copy.deepcopy(board)
        plan: list[tuple[tuple, Event]] = []

        def do(ev: Event) -> None:
            plan.append((_position(trial), ev))
            trial.apply(ev)

        self.play_turn(trial, do)
        if not plan:  # pragma: no cover - the hand is never empty in a turn
            raise IllegalActionError(f"the {self.name} bot found no tile to place")
        if trial.phase == Phase.TURN and trial.placed_this_turn >= trial.minimum_this_turn():
            plan.append((_position(trial), EndTurn()))
        return plan

    def play_turn(self, board: OnePlayerBoard, do: Do) -> None:
        """Play moves through ``do``; stop when the turn may end or a line is full."""
        if not board.horizontal.full:
            self._fill_horizontal(board, do)
            return
        placed = board.placed_this_turn
        for tile in sorted(board.hand, key=lambda t: (kind_of(t), t)):
            line = self._home(board, tile, do)
            if line is not None:
                do(Place(line.number, tile, self._why(board, line, tile)))
                placed += 1
                if board.pending:
                    return
        if placed < board.minimum_this_turn() and board.hand:
            tile, line = self._dump(board, do)
            do(Place(line.number, tile, f"no home for {tile}: to the dump line"))

    # -- the horizontal line ----------------------------------------------------------

    def _fill_horizontal(self, board: OnePlayerBoard, do: Do) -> None:
        h = board.horizontal
        hand = sorted(board.hand, key=lambda t: (kind_of(t), t))
        need = board.minimum_this_turn()
        counts = Counter(h.tiles)
        kinds = Counter(kind_of(t) for t in h.tiles)
        chosen: list[tuple[Tile, str]] = []
        for tile in hand:
            if h.room - len(chosen) <= 0:
                break
            if counts[tile] or [t for t, _ in chosen].count(tile) or hand.count(tile) >= 2:
                chosen.append((tile, "keeps matching tiles together"))
            elif kinds[kind_of(tile)] == 0 and not any(kind_of(t) == kind_of(tile)
                                                         for t, _ in chosen):
                chosen.append((tile, f"an anchor for the {KIND_NAMES[kind_of(tile)]} lines"))
        # then fill quickly: the horizontal line scores little, the vertical lines more
        rest = [t for t in hand if t not in [c for c, _ in chosen]]
        spare = Counter(board.unseen()) + Counter(board.hand)
        rest.sort(key=lambda t: -spare[t])
        for tile in rest:
            if h.room - len(chosen) <= max(0, 6 - len(chosen)) and len(chosen) >= need:
                break
            if len(chosen) >= h.room:
                break
            chosen.append((tile, "fills the horizontal line"))
        for tile, why in chosen[: h.room]:
            do(Place(0, tile, why))

    # -- the vertical lines -----------------------------------------------------------

    def _line_kind(self, board: OnePlayerBoard, line: Line) -> str | None:
        """The one kind of tile a line holds, or None for a mixed line (kept on the line
        with its length: a line's tiles are only ever added to)."""
        known = line.__dict__.get("_kind")
        if known is not None and known[0] == len(line.tiles):
            return known[1]
        kinds = set(map(kind_of, line.tiles))
        kind = kinds.pop() if len(kinds) == 1 else None
        line.__dict__["_kind"] = (len(line.tiles), kind)
        return kind

    def _pure_lines(self, board: OnePlayerBoard, kind: str) -> list[Line]:
        """The open vertical lines holding ``kind`` alone (:meth:`_line_kind` inlined:
        this runs for every tile of every turn)."""
        found = []
        for ln in board.lines.values():
            size = len(ln.tiles)
            if not ln.number or size >= LINE_LENGTH:
                continue
            known = ln.__dict__.get("_kind")
            held = known[1] if known is not None and known[0] == size \
                else self._line_kind(board, ln)
            if held == kind:
                found.append(ln)
        return found

    def _supply(self, board: OnePlayerBoard, kind: str) -> int:
        return _supplies(board)[kind]

    def _home(self, board: OnePlayerBoard, tile: Tile, do: Do) -> Line | None:
        kind = kind_of(tile)
        lines = self._pure_lines(board, kind)
        if lines:
            matching = [ln for ln in lines if tile in ln.tiles]
            return min(matching or lines, key=lambda ln: (ln.room, ln.number))
        anchor = self._anchor_for(board, kind)
        if anchor is None or len(board.lines) > VERTICAL_LINES - 1:
            return None  # keep the last line for the dump
        if self._supply(board, kind) < LINE_LENGTH - 1:
            return None
        do(replace(anchor, reason=f"a {KIND_NAMES[kind]} line from "
                   f"{board.horizontal.tiles[anchor.anchor]}"))
        return board.lines[anchor.line]

    def _anchor_for(self, board: OnePlayerBoard, kind: str) -> Start | None:
        """A new line from a tile of ``kind``: an anchor already used once first (its
        other direction), then the leftmost; "down" before "up"."""
        anchors = board.horizontal.tiles
        options = [start for start in board.starts() if kind_of(anchors[start.anchor]) == kind]
        if not options:
            return None
        used = Counter(ln.anchor for ln in board.lines.values())
        return min(options, key=lambda s: (-used[s.anchor], s.anchor, s.direction))

    def _dump(self, board: OnePlayerBoard, do: Do) -> tuple[Tile, Line]:
        """The tile to give up and where: the most plentiful kind, onto the mixed line."""
        supply = _supplies(board)
        tile = max(board.hand, key=lambda t: (supply[kind_of(t)], t))
        mixed = [ln for ln in board.open_lines() if ln.number and
                 self._line_kind(board, ln) is None]
        if mixed:
            return tile, max(mixed, key=lambda ln: ln.room)
        starts = board.starts()
        other = [s for s in starts if kind_of(board.horizontal.tiles[s.anchor]) != kind_of(tile)]
        if starts:  # from an anchor of another kind if it can, so the line stays mixed
            start = (other or starts)[0]
            do(replace(start, reason="a line for tiles with no home"))
            return tile, board.lines[start.line]
        # every line started: spoil the pure line least likely to finish
        lines = [ln for ln in board.open_lines() if ln.number]
        line = max(lines, key=lambda ln: (ln.room, ln.number))
        return tile, line

    def _why(self, board: OnePlayerBoard, line: Line, tile: Tile) -> str:
        kind = self._line_kind(board, line)
        filled = len(line.tiles) + 1
        if kind is None:
            return f"to line {line.number} ({filled} of {LINE_LENGTH})"
        extra = " beside its match" if tile in line.tiles else ""
        return (f"to the {KIND_NAMES[kind]} line {line.number}{extra} "
                f"({filled} of {LINE_LENGTH})")


BOTS = {"planner": Planner, "greedy": GreedyPlacer}
