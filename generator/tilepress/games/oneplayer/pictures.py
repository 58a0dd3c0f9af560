"""Pictures of Mah-Jongg One Player: the board as it stands, and one line with its
score, each with the facts the engine computed (the points of a line, the total)."""

from __future__ import annotations

from collections import Counter

from tilepress.documents.assemble import labelled, position_frame, tiles_figure
from tilepress.documents.model import Figure, Illustration
from tilepress.draw.canvas import Canvas
from tilepress.draw.tiles import RATIO, draw_row, draw_tile, row_width
from tilepress.engine.log import Event, GameLog, line_of
from tilepress.errors import RequestError
from tilepress.games.oneplayer.options import BoardFigure, LineFigure, OnePlayerOptions
from tilepress.games.oneplayer.rules import (
    LINE_LENGTH,
    Draw,
    EndTurn,
    LineDone,
    OnePlayerBoard,
    Place,
    Start,
    Wall,
    match_key,
    score_line,
)
from tilepress.tiles import Tile, parse_tiles, sort_tiles


def board_layout(board: OnePlayerBoard) -> dict[int, list[tuple[int, int]]]:
    """(column, row) of each tile of each line; row 0 is the horizontal line, rows go up
    (negative) or down (positive)."""
    cells: dict[int, list[tuple[int, int]]] = {0: [(c, 0) for c in range(LINE_LENGTH)]}
    for number, line in board.lines.items():
        if number == 0:
            continue
        step = -1 if line.direction == "up" else 1
        cells[number] = [(line.anchor, step * i) for i in range(LINE_LENGTH)]
    return cells


def placed_rows(board: OnePlayerBoard) -> tuple[int, int]:
    """The first and last rows that hold a tile (row 0, the horizontal line, always)."""
    placed = [r for n, cells in board_layout(board).items()
              for i, (_, r) in enumerate(cells) if i < len(board.lines[n].tiles)]
    return min(placed, default=0), max(placed, default=0)


def board_figures(board: OnePlayerBoard, caption: str, *, width: float = 150.0,
                  max_height: float = 215.0) -> list[Figure]:
    """The rows of the board that hold tiles, in one figure when it fits ``max_height`` at
    full size, else in two: the lines running up, then the lines running down (the
    horizontal line in both), so the tiles stay as large as ``width`` makes them."""
    top, bottom = placed_rows(board)
    whole = board_figure(board, width=width, caption=caption, max_height=max_height,
                         rows=(top, bottom))
    if whole.height <= max_height:
        return [whole]
    return [board_figure(board, width=width, caption=f"{caption}: the lines running up",
                         max_height=max_height, rows=(top, 0)),
            board_figure(board, width=width, caption=f"{caption}: the lines running down",
                         max_height=max_height, rows=(0, bottom))]


def board_figure(board: OnePlayerBoard, width: float = 150.0, caption: str = "",
                 max_height: float = 215.0, rows: tuple[int, int] | None = None) -> Figure:
    """The board as it stands: the horizontal line across the middle, the vertical lines
    up and down from their anchors, each labelled with its number; ``rows`` (first, last)
    draws only those rows (row 0 is the horizontal line, up is negative)."""
    lines = {n: (list(ln.tiles), ln.direction, ln.anchor) for n, ln in board.lines.items()}
    layout = board_layout(board)
    if rows is not None:
        layout = {n: [(c, r) for c, r in cells if rows[0] <= r <= rows[1]]
                  for n, cells in layout.items()}
        layout = {n: cells for n, cells in layout.items()  # a line, not just its anchor
                  if n == 0 or any(r != 0 for _, r in cells)}
    rows_used = [r for cells in layout.values() for _, r in cells]
    top = min(min(rows_used), 0)
    bottom = max(max(rows_used), 0)
    tw = width / (LINE_LENGTH + 1)
    th = tw * RATIO
    height = (bottom - top + 1) * th + 2 * tw

    def draw(c: Canvas) -> None:
        for n, cells in layout.items():
            tiles = lines[n][0]
            for i, (col, row) in enumerate(cells):
                x = tw + col * tw
                y = tw + (row - top) * th
                if i < len(tiles):
                    if n and i == 0:
                        continue  # the anchor is drawn with the horizontal line
                    draw_tile(c, tiles[i], x, y, tw)
                else:
                    c.rect(x + 0.3, y + 0.3, tw - 0.6, th - 0.6, stroke="#d6d0c4",
                           stroke_width=0.2, radius=0.6)
            if n:
                col, row = cells[-1]
                label_y = tw + (row - top) * th + (th + 3.2 if lines[n][1] == "down" else -1.2)
                c.text(tw + col * tw + tw / 2, label_y, str(n), size=7, font="bold",
                       anchor="middle", fill="#8c2f39")
        c.text(tw / 2, tw + (0 - top) * th + th / 2 + 1.2, "0", size=7, font="bold",
               anchor="middle", fill="#8c2f39")

    return Figure(width + tw, height, draw, caption, max_height=max_height)


def _grouped(tiles: tuple[Tile, ...], flowers: str) -> tuple[tuple[Tile, ...], ...]:
    """The line's tiles with matching tiles side by side, larger groups first."""
    by_key: dict[str, list[Tile]] = {}
    for tile in sorted(tiles, key=lambda t: t.kind):
        by_key.setdefault(match_key(tile, flowers), []).append(tile)
    return tuple(tuple(g) for g in sorted(by_key.values(), key=lambda g: (-len(g), g[0].kind)))


def check_in_set(tiles: tuple[Tile, ...], options: OnePlayerOptions) -> None:
    """Refuse tiles that the game's set cannot hold: more copies of a tile than it has
    (four of a suit tile or an honour, one of a flower), or a tile it lacks (a flower
    when played without them, a joker)."""
    have = Counter(t.kind for t in options.tileset())
    for kind, count in sorted(Counter(t.kind for t in tiles).items()):
        if count > have[kind]:
            tile = Tile.from_kind(kind)
            held = "none" if not have[kind] else f"only {have[kind]}"
            without = " (played without flowers)" if options.flowers == "none" else ""
            raise RequestError(f"the line holds {count} of {tile} ({tile.name}); the game's "
                               f"set{without} has {held}")


def line_figure(params: LineFigure) -> Illustration:
    """A full line of fourteen tiles, matching tiles together, and what it scores."""
    tiles = parse_tiles(params.tiles)
    if len(tiles) != LINE_LENGTH:
        raise RequestError(f"a line holds {LINE_LENGTH} tiles, not {len(tiles)}")
    check_in_set(tiles, OnePlayerOptions(flowers=params.flowers))  # and the flowers rule
    score = score_line(tiles, params.flowers)
    groups = _grouped(tiles, params.flowers)
    tw = params.tile_width
    width = row_width(groups, tw)

    def draw(c: Canvas) -> None:
        draw_row(c, groups, 0.0, 0.0, tw)

    facts = {"points": score.points, "special": score.special, "explained": score.explain(),
             "groups": len(score.groups)}
    return Illustration(Figure(width, tw * RATIO + 1.0, draw), facts)


def board_figure_of(params: BoardFigure) -> Illustration:
    """The board of a game played by the planner, after ``turns`` turns (0: the end)."""
    from tilepress.games.oneplayer.runner import play

    options = OnePlayerOptions(flowers=params.flowers)
    log = play(options, params.game)
    board = OnePlayerBoard(options)
    for ev in log.events:
        board.apply(ev)
        if params.turns and board.turn > params.turns:
            break
    done = [n for n, line in board.lines.items() if line.full]
    facts = {"lines_full": len(done), "points": board.total, "turn": board.turn}
    return Illustration(board_figure(board, width=params.width), facts)


def said(ev: Event) -> str:
    """The event in words."""
    if isinstance(ev, Wall):
        return f"The wall is built: {len(ev.tiles)} tiles, shuffled."
    if isinstance(ev, Draw):
        return f"The player draws {len(ev.tiles)} tile{'s' * (len(ev.tiles) > 1)} " \
            f"({', '.join(t.name for t in ev.tiles)})."
    if isinstance(ev, Start):
        return f"The player starts line {ev.line}, {ev.direction} from column {ev.anchor + 1}."
    if isinstance(ev, Place):
        return f"The player places {ev.tile.name} on line {ev.line}."
    if isinstance(ev, LineDone):
        return f"Line {ev.line} is full and scores {ev.points} points."
    if isinstance(ev, EndTurn):
        return "The player ends the turn."
    return ev.TYPE  # pragma: no cover - every event of the game is named above


def position_figure(log: GameLog, events: int, *, seat: int | None = None,
                    tile_width: float = 9.0) -> Illustration:
    """The board after the first ``events`` events of ``log``, the tiles in hand, the
    wall, the score so far and the last action in words (one player: ``seat`` changes
    nothing)."""
    del seat
    board = OnePlayerBoard(log.options_as(OnePlayerOptions))
    for ev in log.events[:events]:
        board.apply(ev)
    last = log.events[events - 1]
    placed = sum(len(line.tiles) - (1 if n else 0) for n, line in board.lines.items())
    parts = [labelled("The board", board_figure(board, width=tile_width * (LINE_LENGTH + 1),
                                                max_height=0.0, rows=placed_rows(board)))]
    if board.hand:
        parts.append(labelled(f"In hand: {len(board.hand)} tiles",
                              tiles_figure([sort_tiles(board.hand)], tile_width)))
    full = sum(1 for line in board.lines.values() if line.scored)
    status = (f"Turn {board.turn}; the wall holds {len(board.wall)} tiles; {full} of 10 "
              f"lines scored, {board.total} points so far; next: {board.phase}.")
    line = line_of(last) or 0
    caption = f"After line {line}: {said(last)}"
    facts = {"line": line, "face_up": placed + len(board.hand), "face_down": 0,
             "on_board": placed, "in_hand": len(board.hand), "wall": len(board.wall),
             "to_move": 1 if board.to_move is not None else None, "points": board.total,
             "said": said(last)}
    return Illustration(position_frame(parts, status, caption), facts)


__all__ = ["board_figure", "board_figure_of", "board_layout", "line_figure", "position_figure"]
