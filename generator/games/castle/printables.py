"""Dragon Castle at the table: set-up diagrams, a personal castle board, a score pad and a
turn summary card. Point values come from the rules module, not retyped."""

from __future__ import annotations

from generator.documents.model import (
    Block,
    Bullets,
    Document,
    Figure,
    Heading,
    PageBreak,
    Paragraph,
    Section,
    Table,
)
from generator.draw.canvas import Canvas, Paper
from generator.draw.tiles import RATIO
from generator.games.castle.board import (
    DISCARD_POINTS,
    DRAGON_BONUS,
    GROUP_POINTS,
    SIZE,
    SUMMON_POINTS,
)
from generator.games.castle.options import SHRINES_PER_PLAYER, SUGGESTED, SetupOptions
from generator.games.castle.pictures import (
    GRID,
    LABEL,
    floors_figure,
    heightmap_figure,
    isometric_figure,
)
from generator.layouts.castle import BUILTIN_CASTLES, builtin_castle, check_castle, find_castle


def _points_line() -> str:
    table = ", ".join(f"{n} tiles +{p}" for n, p in GROUP_POINTS.items())
    return f"{table}, more than 8: +1 a tile; dragons +{DRAGON_BONUS} more"


def setup_diagram(paper: Paper, options: SetupOptions | None = None) -> Document:
    """Each castle (the three suggested by the rules, or the one the options name) as an
    isometric picture, its height map, floor by floor, and what the tile check finds."""
    layout = (options or SetupOptions()).layout
    one = layout != SUGGESTED
    castles = [find_castle(layout)] if one else [builtin_castle(n) for n in BUILTIN_CASTLES]
    blocks: list[Block] = [Section("Castle set-up")]
    for k, castle in enumerate(castles):
        if k:
            blocks.append(PageBreak())
        about = BUILTIN_CASTLES.get(castle.name, ("",))[0]
        report = check_castle(castle)
        blocks += [
            Heading(f"Dragon Castle: the {castle.name} castle"),
            Paragraph((about + " " if about else "") + "Build the ground floor first, then each "
                      "floor on top of the one below, one tile on each marked cell. The "
                      "numbers in the height map are the stacks' heights.", size=9),
            isometric_figure(castle, width=110, max_height=62),
            Paragraph("Height map (as in a .castle file):", size=8.5, font="bold"),
            heightmap_figure(castle),
            floors_figure(castle, width=180, max_height=78),
            Bullets(tuple(report.lines()), size=8),
        ]
    title = (f"Dragon Castle: setting up {castles[0].name}" if one
             else "Dragon Castle: castle set-up")
    return Document(title, paper, tuple(blocks))


def castle_board(paper: Paper, options: None = None) -> Document:
    """A 6x6 board at tile size for building your own castle."""
    frame_w = paper.width - 30
    frame_h = paper.height - 30 - 40
    cell = min(26.0, frame_w / SIZE, frame_h / (SIZE * RATIO))
    th = cell * RATIO
    w, h = SIZE * cell, SIZE * th

    def draw(c: Canvas) -> None:
        c.rect(0, 0, w, h, fill="#fbf8f1", stroke="#6b6358", stroke_width=0.5, radius=2)
        for k in range(1, SIZE):
            c.line(k * cell, 0, k * cell, h, stroke=GRID, stroke_width=0.3, dash=(1.5, 1.2))
            c.line(0, k * th, w, k * th, stroke=GRID, stroke_width=0.3, dash=(1.5, 1.2))
        for k in range(SIZE):
            c.text(k * cell + cell / 2, -1.5, str(k + 1), size=7, anchor="middle", fill=LABEL)
            c.text(-1.5, k * th + th / 2 + 1, str(k + 1), size=7, anchor="end", fill=LABEL)

    return Document("Dragon Castle: castle board", paper, (
        Section("Castle board"),
        Heading("Your castle (6 x 6)"),
        Paragraph("Build only inside the board. A new tile goes on a face-down tile, or on an "
                  "empty cell touching one of your tiles (sides or corners); never on a face-up "
                  "tile or a shrine. Four or more face-up tiles of one type joined by their "
                  "sides flip face down and score.", size=8.5),
        Figure(w + 4, h + 4, lambda c: _offset(c, draw, 3, 3)),
    ))


def _offset(c: Canvas, draw, dx: float, dy: float) -> None:
    with c.group(translate=(dx, dy)):
        draw(c)


def score_pad(paper: Paper, options: None = None) -> Document:
    """A pad for up to four players: points by source, the total and both tie-breaks."""
    rows = (
        ("Discards (+1 each)", "", "", "", ""),
        ("Elder Dragon (+2 each)", "", "", "", ""),
        ("Coins flipped", "", "", "", ""),
        ("Strings flipped", "", "", "", ""),
        ("Myriads flipped", "", "", "", ""),
        ("Winds flipped", "", "", "", ""),
        ("Dragons flipped (+1 bonus)", "", "", "", ""),
        ("Shrines (+1/+2/+3 by floor)", "", "", "", ""),
        ("Total", "", "", "", ""),
        ("Tie-break 1: face-down stacks", "", "", "", ""),
        ("Tie-break 2: shrines built", "", "", "", ""),
    )
    game = (("player", "", "", "", ""), *rows)
    blocks: list[Block] = [Section("Score pad"), Heading("Dragon Castle: score pad")]
    for n in (1, 2):
        blocks += [Heading(f"Game {n}", level=3),
                   Table(game[0], game[1:], widths=(5, 2, 2, 2, 2), size=8.5, row_height=9.0)]
    blocks.append(Paragraph(f"Groups: {_points_line()}. Elder Dragon +{SUMMON_POINTS}, "
                            f"discard +{DISCARD_POINTS}.", size=8))
    return Document("Dragon Castle: score pad", paper, tuple(blocks))


def turn_card(paper: Paper, options: None = None) -> Document:
    """The turn in five steps, the points, and the end of the game."""
    return Document("Dragon Castle: turn summary", paper, (
        Section("Turn summary"),
        Heading("Dragon Castle: your turn"),
        Bullets((
            "1. Take an open tile from the top floor of the central castle: nothing on it, "
            "and its left or right side clear. Once the castle is down to its ground floor you "
            f"may instead summon the Elder Dragon: +{SUMMON_POINTS}, no tiles this turn.",
            "2. Then exactly one: take a second identical open tile from any floor; or take "
            f"a shrine from the pool into your reserve; or discard the tile for +"
            f"{DISCARD_POINTS}.",
            "3. Build what you took: on a face-down tile, or on an empty cell touching your "
            "castle at a side or corner. Never on a face-up tile or a shrine; stay on your "
            "6 x 6 board. A tile with nowhere to go returns to the box.",
            "4. Flip: every group of 4 or more face-up tiles of one type (coins, strings, "
            "myriads, winds, dragons) joined by their sides turns face down and scores. "
            "Height does not matter.",
            "5. Shrines (optional): from your reserve onto tiles flipped this turn, one per "
            "group of a suit, up to two on winds or dragons. Floor 1: +1, floor 2: +2, "
            "floor 3 and up: +3.",
        ), size=9.5),
        Heading("Points for a flipped group", level=3),
        Table(("tiles", *map(str, GROUP_POINTS), "9+", "dragons"),
              (("points", *(f"+{p}" for p in GROUP_POINTS.values()), "+1 a tile",
                f"+{DRAGON_BONUS} more"),), size=9),
        Heading("The end", level=3),
        Bullets((
            "When the players have summoned the Elder Dragon as many times as there are "
            "players, finish the round: the last player in turn order plays, then the game "
            "ends.",
            "Most points wins. Ties: most stacks topped by a face-down tile, then most shrines.",
            f"Shrine pool: {SHRINES_PER_PLAYER} per player (tilepress's ruling).",
        ), size=9.5),
    ))


__all__ = ["castle_board", "score_pad", "setup_diagram", "turn_card"]
