"""Dragon Castle on paper: the central castle seen from above, each player's 6x6 castle,
the castle floor by floor for setting it up, and an isometric picture of it; the figures
of ``tilepress draw castle`` (:func:`castle_figure`), with rows and columns numbered as
the worked examples and rulebook cite them."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

from tilepress.documents.model import Figure, Illustration
from tilepress.draw.canvas import PT, Canvas
from tilepress.draw.fonts import text_width
from tilepress.draw.tiles import RATIO, draw_keyed_tile, draw_tile
from tilepress.errors import RequestError
from tilepress.games.castle.board import SIZE, PlayerCastle
from tilepress.games.castle.options import CastleFigure, CastleOptions
from tilepress.layouts.castle import Castle, cell_of, check_castle, tile_set
from tilepress.tiles import Tile

LABEL = "#8c2f39"
GRID = "#cfc8ba"
FLOOR_COLOURS = ("#e8d9b9", "#cfe3c8", "#f3d9a4", "#e7b7a5", "#c9c3e6", "#b9dbe6")
SIDE_SHADE = ("#c4b391", "#a9c3a1", "#d5b57a", "#c8917e", "#a59fca", "#93b9c5")


SMALLEST = 6.0
"""No text in a picture is printed smaller (points)."""
OUTLINE = 0.7
"""The red outline of a tile taken or built this turn (mm): thick enough to read as a
second border in black and white, not by its colour alone."""


def _height_badge(c: Canvas, x: float, y: float, w: float, h: float, height: int) -> None:
    """The stack's height on a disc just big enough for its digit, pressed into the
    tile's lower right corner, clear of the caption under a wind or flower."""
    size = max(SMALLEST, w * 0.4)
    r = size * PT * 0.6
    cx, cy = x + w - r * 0.72, y + h - r * 0.72
    c.circle(cx, cy, r, fill=LABEL, stroke="#ffffff", stroke_width=0.2)
    c.text(cx, cy + size * PT * 0.36, str(height), size=size, font="bold", anchor="middle",
           fill="#ffffff")


def draw_central(c: Canvas, castle: Castle, tops: dict[tuple[int, int], tuple[Tile, int]],
                 x: float, y: float, cell: float, taken: Sequence[tuple[int, int]] = ()) -> None:
    """The central castle from above: the top tile of each stack and its height;
    ``taken`` cells (row, column from 1) get a red outline."""
    th = cell * RATIO
    for r, c_, _h in castle.cells():
        cx, cy = x + c_ * cell, y + r * th
        c.rect(cx + 0.2, cy + 0.2, cell - 0.4, th - 0.4, stroke=GRID, stroke_width=0.2,
               radius=cell * 0.1, dash=(0.6, 0.6))
    for (r, c_), (tile, height) in tops.items():
        cx, cy = x + (c_ - 1) * cell, y + (r - 1) * th
        draw_tile(c, tile, cx, cy, cell)
        if height > 1:
            _height_badge(c, cx, cy, cell, th, height)
    for r, c_ in taken:
        c.rect(x + (c_ - 1) * cell, y + (r - 1) * th, cell, th, stroke="#c0392b",
               stroke_width=OUTLINE, radius=cell * 0.1)


def draw_board(c: Canvas, me: PlayerCastle, x: float, y: float, cell: float,
               fresh: Sequence[int] = (), rows: tuple[int, int] = (0, SIZE)) -> None:
    """A player's 6x6 castle: face-up tiles, face-down backs, shrines as dark discs,
    stack heights in the corner; ``fresh`` cells (built this turn) outlined. ``rows``
    (first, end) draws only those rows, the first at ``y``."""
    th = cell * RATIO
    first, end = rows
    y -= first * th
    c.rect(x, y + first * th, SIZE * cell, (end - first) * th, fill="#fbf8f1", stroke=GRID,
           stroke_width=0.3)
    for k in range(1, SIZE):
        c.line(x + k * cell, y + first * th, x + k * cell, y + end * th, stroke=GRID,
               stroke_width=0.15)
    for k in range(first + 1, end):
        c.line(x, y + k * th, x + SIZE * cell, y + k * th, stroke=GRID, stroke_width=0.15)
    for i, stack in enumerate(me.stacks):
        if not stack or not first <= i // SIZE < end:
            continue
        cx, cy = x + (i % SIZE) * cell, y + (i // SIZE) * th
        draw_tile(c, stack[-1] if me.is_up(i) else None, cx, cy, cell)
        if me.has_shrine(i):
            c.circle(cx + cell / 2, cy + th / 2, cell * 0.28, fill="#1d1d1b", stroke="#ffffff",
                     stroke_width=0.3)
        if len(stack) > 1:
            _height_badge(c, cx, cy, cell, th, len(stack))
    for i in fresh:
        c.rect(x + (i % SIZE) * cell, y + (i // SIZE) * th, cell, th, stroke="#c0392b",
               stroke_width=OUTLINE, radius=cell * 0.1)


def turn_figure(castle: Castle, tops: dict[tuple[int, int], tuple[Tile, int]],
                players: Sequence[PlayerCastle], names: Sequence[str], *,
                taken: Sequence[tuple[int, int]] = (), fresh: dict[int, Sequence[int]] | None
                = None, width: float = 170.0) -> Figure:
    """The central castle on the left and every player's castle on the right."""
    fresh = fresh or {}
    board_cell = 4.4
    board_w, board_h = SIZE * board_cell, SIZE * board_cell * RATIO
    cols = 2
    rows = math.ceil(len(players) / cols)
    right_w = cols * (board_w + 5)
    central_w = width - right_w - 6
    cell = min(6.4, central_w / max(castle.width, 1))
    central_h = castle.depth * cell * RATIO
    label = 4.5
    board_label = 7.5
    height = max(central_h + label, rows * (board_h + board_label + 3))

    def draw(c: Canvas) -> None:
        c.text(0, 3.2, "Central castle", size=7, font="bold", fill=LABEL)
        draw_central(c, castle, tops, 0, label, cell, taken)
        for k, me in enumerate(players):
            bx = width - right_w + (k % cols) * (board_w + 5)
            by = (k // cols) * (board_h + board_label + 3)
            c.text(bx, by + 2.6, names[k], size=6.5, font="bold", fill=LABEL)
            c.text(bx, by + 5.6, f"{me.score} points"
                   + (f", reserve {me.reserve}" if me.reserve else ""), size=6,
                   fill="#1d1d1b")
            draw_board(c, me, bx, by + board_label, board_cell, fresh.get(k, ()))

    return Figure(width, height, draw)


def _floor_cells(c: Canvas, heights: Sequence[Sequence[int]], f: int, x0: float, y0: float,
                 cell: float, tiles: Mapping | None, *, numbers: Mapping | None = None,
                 marked: frozenset = frozenset()) -> None:
    """Floor ``f`` of a castle on a grid from (x0, y0): its tiles (or shaded cells), the
    answer-key ``numbers`` on them, ``marked`` places outlined, the floor below faint."""
    th = cell * RATIO
    for r, line in enumerate(heights):
        for col, h in enumerate(line):
            x, y = x0 + col * cell, y0 + r * th
            place = (r + 1, col + 1, f)
            if h >= f:
                if tiles is not None:
                    if numbers and place in numbers:
                        draw_keyed_tile(c, tiles.get(place), x, y, cell, str(numbers[place]),
                                        size=max(SMALLEST + 0.5, min(cell * 0.8, 8.0)),
                                        colour=LABEL)
                    else:
                        draw_tile(c, tiles.get(place), x, y, cell)
                else:
                    c.rect(x + 0.25, y + 0.25, cell - 0.5, th - 0.5,
                           fill=FLOOR_COLOURS[(f - 1) % 6], stroke="#6b6358",
                           stroke_width=0.3, radius=cell * 0.12)
                if place in marked:
                    c.rect(x, y, cell, th, stroke="#c0392b", stroke_width=OUTLINE,
                           radius=cell * 0.1)
            elif h == f - 1 and h:
                c.rect(x + 0.25, y + 0.25, cell - 0.5, th - 0.5, fill="#f3f0ea",
                       stroke=GRID, stroke_width=0.2, radius=cell * 0.12)


def floors_figure(castle: Castle, *, width: float = 174.0, tiles: dict | None = None,
                  numbers: dict | None = None, max_height: float = 0.0,
                  largest: float = 9.0, wrap: bool = False,
                  label_size: float = 7.0, numbered: bool = False) -> Figure:
    """Set-up diagram: each floor on its own grid, the floor below drawn faintly, so the
    castle can be built floor by floor. ``tiles`` maps (row, column, floor) from 1 to
    the tile that goes there (a dealt castle); without it the cells are shaded.
    ``numbers`` (same keys) labels tiles, as in an answer key. Tiles are as wide as the
    floors side by side allow, at most ``largest`` mm; with ``wrap``, the floors go on
    as many rows as give the largest tiles within ``width`` and ``max_height`` (an answer
    key, whose numbers need room on each face). Each floor's title is ``label_size``
    points; ``numbered`` numbers each floor's rows and columns, as the height map's."""
    floors = len(castle.floors)
    gap = 6.0
    label = max(5.0, label_size * PT + 2.5)
    number_size = max(LABEL_SIZE, label_size) if label_size > 7.0 else LABEL_SIZE
    left, top = _label_margins(number_size) if numbered else (0.0, 0.0)

    def cell_for(across: int) -> float:
        down = math.ceil(floors / across)
        cell = min(largest, (width - gap * (across - 1) - across * left)
                   / max(across * castle.width, 1))
        if max_height:  # as large as fits, so that the figure is never scaled (nor its type)
            cell = min(cell, (max_height - down * (label + top) - gap * (down - 1))
                       / max(down * castle.depth * RATIO, 1))
        return cell

    def titled(n: int) -> bool:  # each floor's title fits above its grid
        return left + castle.width * cell_for(n) + gap >= text_width(
            f"Floor 1: {castle.floors[0]} tiles (ground)", label_size, "bold")

    across = max((n for n in range(1, floors + 1) if n == 1 or titled(n)),
                 key=lambda n: (round(cell_for(n), 3), n)) if wrap else floors
    down = math.ceil(floors / across)
    cell = cell_for(across)
    th = cell * RATIO
    panel_w = left + castle.width * cell
    panel_h = label + top + castle.depth * th
    heights = castle.heights

    def draw(c: Canvas) -> None:
        for f in range(1, floors + 1):
            px = (f - 1) % across * (panel_w + gap)
            py = (f - 1) // across * (panel_h + gap)
            count = castle.floors[f - 1]
            c.text(px, py + label - 1.5, f"Floor {f}: {count} tiles"
                   + (" (ground)" if f == 1 else ""), size=label_size, font="bold", fill=LABEL)
            gx, gy = px + left, py + label + top
            if numbered:
                grid_labels(c, gx, gy, cell, th, castle.depth, castle.width, size=number_size)
            _floor_cells(c, heights, f, gx, gy, cell, tiles, numbers=numbers)

    return Figure(across * panel_w + gap * (across - 1), down * panel_h + gap * (down - 1),
                  draw, max_height=max_height)


def heightmap_figure(castle: Castle, *, cell: float = 5.0) -> Figure:
    """The height map as written in a castle file: a digit per stack, on a faint grid."""

    def draw(c: Canvas) -> None:
        for r, line in enumerate(castle.heights):
            for col, h in enumerate(line):
                x, y = col * cell, r * cell
                c.rect(x, y, cell, cell, stroke=GRID, stroke_width=0.15,
                       fill=FLOOR_COLOURS[(h - 1) % 6] if h else None)
                if h:
                    c.text(x + cell / 2, y + cell * 0.72, str(h), size=cell * 1.7,
                           font="bold", anchor="middle", fill="#1d1d1b")

    return Figure(castle.width * cell, castle.depth * cell, draw)


def isometric_figure(castle: Castle, *, width: float = 150.0, caption: str = "",
                     max_height: float = 0.0, labels: bool = False) -> Figure:
    """The castle as an isometric picture, each floor in its own colour; ``labels``
    numbers the rows along the front right edge and the columns along the front left."""
    cos30, sin30 = math.cos(math.pi / 6), 0.5
    rows, cols = castle.depth, castle.width
    top = max(len(castle.floors), 1)
    unit = width / ((rows + cols) * cos30)
    thick = unit * 0.55

    def project(r: float, c_: float, z: float) -> tuple[float, float]:
        return ((c_ - r) * unit * cos30 + rows * unit * cos30 + pad,
                (c_ + r) * unit * sin30 - z * thick + top * thick)

    pad = 0.0
    height = (rows + cols) * unit * sin30 + top * thick
    if labels:  # room for the numbers below the front edges and beside the corners
        height += unit * 0.6 + LABEL_SIZE * PT
        pad = unit * 0.8

    def numbers(c: Canvas) -> None:
        rise = LABEL_SIZE * PT * 0.72
        for col in range(cols):
            x, y = project(rows + 0.6, col + 0.5, 0)
            c.text(x, y + rise, str(col + 1), size=LABEL_SIZE, anchor="middle", fill=LABEL)
        for r in range(rows):
            x, y = project(r + 0.5, cols + 0.6, 0)
            c.text(x, y + rise, str(r + 1), size=LABEL_SIZE, anchor="middle", fill=LABEL)

    def draw(c: Canvas) -> None:
        cells = sorted(((r, col, z) for r, col, h in castle.cells() for z in range(h)),
                       key=lambda t: (t[0] + t[1], t[2]))
        for r, col, z in cells:
            colour = FLOOR_COLOURS[z % 6]
            shade = SIDE_SHADE[z % 6]
            a = project(r, col, z + 1)
            b = project(r, col + 1, z + 1)
            cc = project(r + 1, col + 1, z + 1)
            d = project(r + 1, col, z + 1)
            b0 = project(r, col + 1, z)
            c0 = project(r + 1, col + 1, z)
            d0 = project(r + 1, col, z)
            c.polyline([d, cc, c0, d0], closed=True, fill=shade, stroke="#5a5348",
                       stroke_width=0.15)
            c.polyline([cc, b, b0, c0], closed=True, fill=colour, stroke="#5a5348",
                       stroke_width=0.15)
            c.polyline([a, b, cc, d], closed=True, fill=colour, stroke="#5a5348",
                       stroke_width=0.2)
        if labels:
            numbers(c)

    return Figure(width + 2 * pad, height, draw, caption, max_height=max_height)


# ---------------------------------------------------------------------------
# Figures with numbered rows and columns (tilepress draw castle, rulebook, examples)
# ---------------------------------------------------------------------------

LABEL_SIZE = 6.5
"""Row and column numbers (points)."""
MARGIN_LEFT = 4.0
MARGIN_TOP = 3.6
TITLE = 5.0


def grid_labels(c: Canvas, x: float, y: float, cell: float, th: float, rows: int,
                cols: int, *, size: float = LABEL_SIZE) -> None:
    """Row numbers left of the grid whose top-left is (x, y), column numbers above it,
    ``size`` points."""
    for col in range(cols):
        c.text(x + (col + 0.5) * cell, y - 1.0, str(col + 1), size=size,
               anchor="middle", fill=LABEL)
    for r in range(rows):
        c.text(x - 1.0, y + (r + 0.5) * th + size * PT * 0.36, str(r + 1),
               size=size, anchor="end", fill=LABEL)


def _label_margins(size: float) -> tuple[float, float]:
    """Room left of a grid for two-digit row numbers of ``size`` points, and above it
    for the column numbers (the standard margins at the standard size)."""
    grow = size / LABEL_SIZE
    return MARGIN_LEFT * grow, MARGIN_TOP * grow


def central_figure(castle: Castle, tops: Mapping[tuple[int, int], tuple[Tile, int]], *,
                   cell: float = 9.0, taken: Sequence[tuple[int, int]] = (),
                   title: str = "") -> Figure:
    """The central castle from above with its rows and columns numbered: the top tile of
    each stack, its height in a red disc; ``taken`` cells outlined in red; ``title`` lines
    (split at newlines) above it."""
    th = cell * RATIO
    lines = title.split("\n") if title else []
    top = TITLE * len(lines) + MARGIN_TOP

    def draw(c: Canvas) -> None:
        for k, line in enumerate(lines):
            c.text(0, 3.5 + k * TITLE, line, size=7, font="bold", fill=LABEL)
        grid_labels(c, MARGIN_LEFT, top, cell, th, castle.depth, castle.width)
        draw_central(c, castle, dict(tops), MARGIN_LEFT, top, cell, taken)

    return Figure(MARGIN_LEFT + castle.width * cell, top + castle.depth * th, draw)


def built_rows(*castles: PlayerCastle) -> tuple[int, int]:
    """The rows (first, end) that hold the castles' tiles, with an empty row either side
    where the board has one: what a diagram needs to show."""
    used = [i // SIZE for me in castles for i, s in enumerate(me.stacks) if s]
    if not used:
        return 0, SIZE
    return max(0, min(used) - 1), min(SIZE, max(used) + 2)


def board_figure(me: PlayerCastle, *, cell: float = 9.0, fresh: Sequence[int] = (),
                 title: str = "", rows: tuple[int, int] = (0, SIZE)) -> Figure:
    """A player's 6x6 castle with its rows and columns numbered; ``rows`` (first, end)
    draws only those rows (:func:`built_rows`)."""
    th = cell * RATIO
    top = (TITLE if title else 0.0) + MARGIN_TOP
    first, end = rows

    def draw(c: Canvas) -> None:
        if title:
            c.text(0, 3.5, title, size=7, font="bold", fill=LABEL)
        for col in range(SIZE):
            c.text(MARGIN_LEFT + (col + 0.5) * cell, top - 1.0, str(col + 1),
                   size=LABEL_SIZE, anchor="middle", fill=LABEL)
        for r in range(first, end):
            c.text(MARGIN_LEFT - 1.0, top + (r - first + 0.5) * th + LABEL_SIZE * PT * 0.36,
                   str(r + 1), size=LABEL_SIZE, anchor="end", fill=LABEL)
        draw_board(c, me, MARGIN_LEFT, top, cell, fresh, rows)

    return Figure(MARGIN_LEFT + SIZE * cell, top + (end - first) * th, draw)


def labelled_heights(castle: Castle, *, cell: float = 9.0,
                     label_size: float = LABEL_SIZE) -> Figure:
    """The height map, a digit per stack, rows and columns numbered (``label_size``
    points)."""
    inner = heightmap_figure(castle, cell=cell)
    left, top = _label_margins(label_size)

    def draw(c: Canvas) -> None:
        grid_labels(c, left, top, cell, cell, castle.depth, castle.width, size=label_size)
        with c.group(translate=(left, top)):
            inner.draw(c)

    return Figure(left + inner.width, top + inner.height, draw)


def labelled_floors(castle: Castle, *, cell: float = 9.0, width: float = 180.0,
                    tiles: Mapping[tuple[int, int, int], Tile] | None = None,
                    marked: frozenset[tuple[int, int, int]] = frozenset()) -> Figure:
    """Each floor on its own numbered grid (the floor below faint), as many side by side
    as ``width`` allows: the castle built floor by floor. ``tiles`` maps (row, column,
    floor) to the tile dealt there; ``marked`` places are outlined in red."""
    th = cell * RATIO
    gap = 6.0
    panel_w = MARGIN_LEFT + castle.width * cell
    panel_h = TITLE + MARGIN_TOP + castle.depth * th
    floors = len(castle.floors)
    across = max(1, min(floors, int((width + gap) // (panel_w + gap))))
    down = math.ceil(floors / across)
    heights = castle.heights

    def panel(c: Canvas, f: int, px: float, py: float) -> None:
        c.text(px, py + 3.5, f"Floor {f}: {castle.floors[f - 1]} tiles"
               + (" (ground)" if f == 1 else ""), size=7, font="bold", fill=LABEL)
        gx, gy = px + MARGIN_LEFT, py + TITLE + MARGIN_TOP
        grid_labels(c, gx, gy, cell, th, castle.depth, castle.width)
        _floor_cells(c, heights, f, gx, gy, cell, tiles, marked=marked)

    def draw(c: Canvas) -> None:
        for f in range(1, floors + 1):
            k = f - 1
            panel(c, f, (k % across) * (panel_w + gap), (k // across) * (panel_h + gap))

    return Figure(across * panel_w + (across - 1) * gap, down * panel_h + (down - 1) * gap,
                  draw)


def dealt(castle: Castle, tileset: str, deal: int) -> tuple[Tile, ...]:
    """A deal of ``tileset`` onto ``castle``, one tile per solitaire position in order
    (as the game's set-up event lists them); the same ``deal`` gives the same tiles."""
    supply = list(tile_set(tileset).tiles)
    if len(castle) > len(supply):
        raise RequestError(f"castle {castle.name!r} needs {len(castle)} tiles; the "
                           f"{tileset} set has {len(supply)}")
    return tuple(random.Random(f"tilepress:draw:castle:{deal}").sample(supply, len(castle)))


def castle_figure(params: CastleFigure) -> Illustration:
    """``tilepress draw castle``: a built-in or file castle, empty or dealt, in the view
    asked for; its facts come from the rules engine set up with the deal."""
    from tilepress.games.castle.rules import CastleGame, Setup
    from tilepress.layouts.files import find_castle

    castle = find_castle(params.castle)
    report = check_castle(castle, params.tileset)
    places = [cell_of(p) for p in castle.layout().positions]
    if report.ok or params.dealt or params.view == "above":
        tiles = dealt(castle, params.tileset, params.deal)  # refuses a castle too big
        game = CastleGame(CastleOptions(tileset=params.tileset))
        game.apply(Setup(castle.to_text(), tiles))
        takeable = frozenset(places[i] for i in game.takeable())
    else:  # drawn empty: a castle its set cannot build is still drawn, and not valid
        tiles, takeable = (), frozenset()
    cell = params.tile_width
    if params.view == "isometric":  # blocks, not tile faces: as large as the width allows
        across = (castle.depth + castle.width) * math.cos(math.pi / 6)
        cell = min(cell, params.width / (across + 1.6))
        figure = isometric_figure(castle, width=across * cell, labels=True)
    elif params.view == "heights":
        figure = labelled_heights(castle, cell=cell)
    elif params.view == "floors":
        figure = labelled_floors(castle, cell=cell, width=params.width,
                                 tiles=dict(zip(places, tiles, strict=True))
                                 if params.dealt else None,
                                 marked=takeable if params.open else frozenset())
    else:
        tops: dict[tuple[int, int], tuple[Tile, int]] = {}
        for (r, c, f), tile in zip(places, tiles, strict=True):
            if f >= tops.get((r, c), (tile, 0))[1]:
                tops[(r, c)] = (tile, f)
        figure = central_figure(castle, tops, cell=cell,
                                taken=[p[:2] for p in takeable] if params.open else ())
    heights = castle.heights
    facts = {"tiles": len(castle), "floors": len(castle.floors),
             "floor_tiles": list(castle.floors), "rows": castle.depth,
             "columns": castle.width, "stacks": len(castle.cells()), "open": len(takeable),
             "symmetric": all(line == line[::-1] for line in heights),
             "tile_mm": round(cell, 2), "valid": report.ok, "spare": report.spare}
    return Illustration(figure, facts)


# ---------------------------------------------------------------------------
# A position from a game log (``tilepress draw position``)
# ---------------------------------------------------------------------------


def _at(at: Sequence[int]) -> str:
    return f"row {at[0]}, column {at[1]}" + (f", floor {at[2]}" if len(at) > 2 else "")


def said(ev: object, names: Sequence[str]) -> str:
    """The event in words (nothing is hidden in Dragon Castle)."""
    from tilepress.games.castle import rules as r

    who = names[getattr(ev, "player", 0)]
    if isinstance(ev, r.Setup):
        return f"The central castle is built: {len(ev.tiles)} tiles."
    if isinstance(ev, r.Take):
        return f"{who} takes {ev.tile.name} from {_at(ev.at)}."
    if isinstance(ev, r.TakeSecond):
        return f"{who} takes its twin, {ev.tile.name}, from {_at(ev.at)}."
    if isinstance(ev, r.TakeShrine):
        return f"{who} takes a shrine for the reserve."
    if isinstance(ev, r.Discard):
        return f"{who} discards {ev.tile.name} for a point."
    if isinstance(ev, r.Summon):
        return f"{who} summons the Elder Dragon for 2 points."
    if isinstance(ev, r.Build):
        return f"{who} builds {ev.tile.name} on {_at(ev.at)} of the own castle."
    if isinstance(ev, r.NoRoom):
        return f"{who} has no room for {ev.tile.name}: it goes back to the box."
    if isinstance(ev, r.Consolidate):
        return f"{who} flips {len(ev.cells)} {ev.kind} face down for {ev.points} points."
    if isinstance(ev, r.Shrine):
        return f"{who} crowns {_at(ev.at)} with a shrine for {ev.points} points."
    if isinstance(ev, r.EndTurn):
        return f"{who} ends the turn."
    return str(getattr(ev, "TYPE", ev))  # pragma: no cover - every event is named above


def position_figure(log: object, events: int, *, seat: int | None = None,
                    tile_width: float = 9.0) -> Illustration:
    """The game after the first ``events`` events of ``log``: the central castle from
    above (the tile just taken outlined), every player's castle (the tile just built
    outlined) with points and reserve, the tiles taken and still to build, whose turn,
    and the last action in words. Nothing is hidden, so ``seat`` changes nothing."""
    from tilepress.documents.assemble import grid, labelled, position_frame, tiles_figure
    from tilepress.engine.log import GameLog, line_of
    from tilepress.games.castle import rules as r

    del seat
    assert isinstance(log, GameLog)
    game = r.CastleGame(log.options_as(CastleOptions))
    for ev in log.events[:events]:
        game.apply(ev)
    last = log.events[events - 1]
    names = [f"Player {k + 1}" for k in range(len(game.players))]
    parts: list[Figure] = []
    tops = game.tops() if game.castle is not None else {}
    left = bin(game.remaining).count("1")
    if game.castle is not None:
        taken = [tuple(last.at[:2])] if isinstance(last, r.Take | r.TakeSecond) else []
        parts.append(labelled(f"The central castle: {left} tiles left",
                              central_figure(game.castle, tops, cell=tile_width,
                                             taken=taken)))
    boards = []
    rows = built_rows(*game.players)
    for k, me in enumerate(game.players):
        fresh = [r.cell_index(last.at)] if isinstance(last, r.Build) and last.player == k \
            else []
        reserve = f", {me.reserve} shrine{'s' * (me.reserve != 1)} in reserve" \
            if me.reserve else ""
        boards.append(labelled(f"{names[k]}: {me.score} points{reserve}",
                               board_figure(me, cell=tile_width, fresh=fresh, rows=rows)))
    parts.append(grid(boards, 2))
    if game.pending:
        parts.append(labelled(f"{names[game.current]} still has to build",
                              tiles_figure([list(game.pending)], tile_width)))
    to_move = game.to_move
    turn = (f"{names[to_move]} to play ({game.phase})" if to_move is not None
            else f"next: {game.phase}")
    status = f"Turn {game.turn}; {game.pool} shrines in the pool; {turn}."
    built = sum(len(me.stacks[i]) for me in game.players for i in range(len(me.stacks)))
    line = line_of(last) or 0
    words = said(last, names)
    facts = {"line": line, "central": left, "central_stacks": len(tops), "built": built,
             "pending": len(game.pending), "to_move": None if to_move is None else to_move + 1,
             "scores": [me.score for me in game.players], "said": words}
    return Illustration(position_frame(parts, status, f"After line {line}: {words}"), facts)


__all__ = ["board_figure", "built_rows", "castle_figure", "central_figure", "dealt", "draw_board",
           "draw_central", "floors_figure", "grid_labels", "heightmap_figure",
           "isometric_figure", "labelled_floors", "labelled_heights", "position_figure",
           "turn_figure"]
