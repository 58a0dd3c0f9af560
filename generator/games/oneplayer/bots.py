"""Bots for Mah-Jongg One Player.

:class:`GreedyPlacer` places the fewest tiles it must, each where it raises the score of
a line the most right now. :class:`Planner` plays for special lines: it fills the
horizontal line quickly (keeping pairs together and an anchor of every kind), then gives
each kind of tile -- characters, dots, bamboo, honors with flowers -- vertical lines of
their own, two to a kind from one anchor (one line up, one down), which finish as
"all one suit" or "all honors" lines worth 200. Tiles with no such home wait in the hand
while they can and otherwise go to one dump line.
"""

from __future__ import annotations

import random
from collections import Counter

from generator.games.oneplayer.rules import (
    LINE_LENGTH,
    VERTICAL_LINES,
    Line,
    OnePlayerBoard,
    Place,
    Start,
    match_key,
    score_line_count,
)
from generator.tiles import Tile

KIND_NAMES = {"m": "characters", "p": "dots", "s": "bamboo", "h": "honors"}


def kind_of(tile: Tile) -> str:
    return tile.suit if tile.is_number else "h"


class GreedyPlacer:
    name = "greedy"

    def play_turn(self, board: OnePlayerBoard, rng: random.Random, do) -> None:
        """Place tiles through ``do`` (which applies and logs each action); return when
        the turn may end or a full line waits to be scored."""
        while board.placed_this_turn < board.minimum_this_turn():
            move = self._best_move(board)
            if move is None:
                return
            for ev in move:
                do(ev)
            if board.pending or board.over:
                return

    def _best_move(self, board: OnePlayerBoard) -> list | None:
        flowers = board.options.flowers
        targets: list[tuple[Counter, int, Start | None]] = []
        if not board.horizontal.full:
            targets.append((_keys(board.horizontal.tiles, flowers), 0, None))
        else:
            for line in board.open_lines():
                targets.append((_keys(line.tiles, flowers), line.number, None))
            if len(board.lines) <= VERTICAL_LINES:
                seen_anchor: set[Tile] = set()
                for anchor in range(LINE_LENGTH):
                    tile = board.horizontal.tiles[anchor]
                    for direction in ("up", "down"):
                        if tile not in seen_anchor and board.can_start(anchor, direction):
                            seen_anchor.add(tile)
                            number = len(board.lines)
                            targets.append((_keys([tile], flowers), number,
                                            Start(number, anchor, direction, "a new line")))
        best: tuple | None = None
        for tile in sorted(set(board.hand)):
            key = match_key(tile, flowers)
            for counts, number, start in targets:
                gain = _gain(counts[key], key)
                rank = (gain, start is None, -number)
                if best is None or rank > best[0]:
                    best = (rank, tile, number, start)
        if best is None:
            return None
        (gain, _, _), tile, number, start = best
        reason = f"+{gain} points now" if gain else "no line gains more"
        return [*(e for e in (start,) if e is not None), Place(number, tile, reason)]


def _keys(tiles, flowers: str) -> Counter:
    return Counter(match_key(t, flowers) for t in tiles)


def _gain(count: int, key: str) -> int:
    """Points gained by a line holding ``count`` tiles matching ``key`` when one more
    joins them."""
    before = score_line_count(count, key)
    return score_line_count(count + 1, key) - before


class Planner:
    name = "planner"

    def play_turn(self, board: OnePlayerBoard, rng: random.Random, do) -> None:
        """Place tiles through ``do``; return when the turn may end or a full line waits
        to be scored."""
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

    def _fill_horizontal(self, board: OnePlayerBoard, do) -> None:
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
        kinds = {kind_of(t) for t in line.tiles}
        return kinds.pop() if len(kinds) == 1 else None

    def _pure_lines(self, board: OnePlayerBoard, kind: str) -> list[Line]:
        return [ln for ln in board.lines.values() if ln.number and not ln.full
                and self._line_kind(board, ln) == kind]

    def _supply(self, board: OnePlayerBoard, kind: str) -> int:
        unseen = board.unseen()
        return sum(n for t, n in unseen.items() if kind_of(t) == kind) + sum(
            1 for t in board.hand if kind_of(t) == kind)

    def _home(self, board: OnePlayerBoard, tile: Tile, do) -> Line | None:
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
        a, direction = anchor
        line_number = len(board.lines)
        do(Start(line_number, a, direction, f"a {KIND_NAMES[kind]} line from "
                 f"{board.horizontal.tiles[a]}"))
        return board.lines[line_number]

    def _anchor_for(self, board: OnePlayerBoard, kind: str) -> tuple[int, str] | None:
        options = []
        for a, tile in enumerate(board.horizontal.tiles):
            if kind_of(tile) != kind:
                continue
            for direction in ("up", "down"):
                if board.can_start(a, direction):
                    used = sum(1 for ln in board.lines.values() if ln.anchor == a)
                    options.append((-used, a, direction))
        return min(options)[1:] if options else None

    def _dump(self, board: OnePlayerBoard, do) -> tuple[Tile, Line]:
        """The tile to give up and where: the most plentiful kind, onto the mixed line."""
        supply = {k: self._supply(board, k) for k in KIND_NAMES}
        tile = max(board.hand, key=lambda t: (supply[kind_of(t)], t))
        mixed = [ln for ln in board.open_lines() if ln.number and
                 self._line_kind(board, ln) is None]
        if mixed:
            return tile, max(mixed, key=lambda ln: ln.room)
        if len(board.lines) <= VERTICAL_LINES:
            for a in range(LINE_LENGTH):
                for direction in ("up", "down"):
                    if board.can_start(a, direction) and kind_of(
                            board.horizontal.tiles[a]) != kind_of(tile):
                        line_number = len(board.lines)
                        do(Start(line_number, a, direction, "a line for tiles with no home"))
                        return tile, board.lines[line_number]
            for a in range(LINE_LENGTH):
                for direction in ("up", "down"):
                    if board.can_start(a, direction):
                        line_number = len(board.lines)
                        do(Start(line_number, a, direction, "a line for tiles with no home"))
                        return tile, board.lines[line_number]
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
