"""Dragon Castle at the table: set-up diagrams, a personal castle board, a score pad and a
turn summary card. Point values come from the rules module, not retyped."""

from __future__ import annotations

from tilepress.documents.cards import calibration_figure
from tilepress.documents.large_print import enlarge, large_print_aware
from tilepress.documents.layout import measure
from tilepress.documents.model import (
    Block,
    Bullets,
    Document,
    Figure,
    Heading,
    PageBreak,
    Paragraph,
    PlayerAid,
    Section,
    Table,
    half_sheet,
)
from tilepress.documents.print_options import LARGE_TYPE
from tilepress.draw.canvas import Canvas, Paper
from tilepress.errors import RequestError
from tilepress.games.castle.board import (
    DISCARD_POINTS,
    DRAGON_BONUS,
    GROUP_POINTS,
    SIZE,
    SUMMON_POINTS,
)
from tilepress.games.castle.options import (
    SHRINES_PER_PLAYER,
    SUGGESTED,
    BoardOptions,
    SetupOptions,
)
from tilepress.games.castle.pictures import (
    GRID,
    LABEL,
    floors_figure,
    isometric_figure,
    labelled_heights,
)
from tilepress.games.castle.tokens import draw_shrine, shrine_tokens, token_size
from tilepress.layouts.castle import BUILTIN_CASTLES, Castle, builtin_castle, check_castle
from tilepress.layouts.files import find_castle
from tilepress.params import PrintOptions


def _points_line() -> str:
    table = ", ".join(f"{n} tiles +{p}" for n, p in GROUP_POINTS.items())
    return f"{table}, more than 8: +1 a tile; dragons +{DRAGON_BONUS} more"


@large_print_aware
def setup_diagram(paper: Paper, options: SetupOptions | None = None) -> Document:
    """Each castle (the three suggested by the rules, or the one the options name) as an
    isometric picture, its height map, floor by floor, and its tile counts: what a player
    building it needs."""
    layout = (options or SetupOptions()).layout
    one = layout != SUGGESTED
    castles = [find_castle(layout)] if one else [builtin_castle(n) for n in BUILTIN_CASTLES]
    blocks: list[Block] = [Section("Castle set-up")]
    room = min(1.0, (paper.height - 41.0) / 256.0)  # a shorter page: smaller pictures
    large = options is not None and options.large_print
    if large:  # room for the larger words; the maps' own numbers at 14 pt
        room *= 0.62
    for k, castle in enumerate(castles):
        if k:
            blocks.append(PageBreak())
        about = BUILTIN_CASTLES.get(castle.name, ("",))[0]
        blocks += [
            Heading(f"Dragon Castle: the {castle.name} castle"),
            Paragraph((about + " " if about else "") + "Build the ground floor first, then each "
                      "floor on top of the one below, one tile on each marked cell.", size=9),
            isometric_figure(castle, width=110, max_height=62 * room),
            Paragraph("Height map, seen from above: the number in each square is how many "
                      "tiles are stacked there; rows and columns are numbered from 1, as in "
                      "the rulebook.", size=8.5, font="bold"),
            labelled_heights(castle, cell=8.5, label_size=LARGE_TYPE) if large
            else labelled_heights(castle, cell=5.0),
            floors_figure(castle, width=paper.width - 30.0, wrap=True, largest=13.5,
                          max_height=paper.height - 90.0, label_size=LARGE_TYPE, numbered=True)
            if large else floors_figure(castle, width=180, max_height=78 * room, numbered=True),
            Bullets(tuple(_building_notes(castle)), size=8),
        ]
    title = (f"Dragon Castle: setting up {castles[0].name}" if one
             else "Dragon Castle: castle set-up")
    return Document(title, paper, tuple(blocks))


_FLOOR_NAMES = ("the ground floor", "the second floor", "the third floor", "the fourth floor")


def _building_notes(castle: Castle) -> list[str]:
    """What a player building the castle needs: its tiles, stacks and floors, and what
    stays in the box of the standard set."""
    report = check_castle(castle)
    floors = castle.floors
    on = [f"{n} on {_FLOOR_NAMES[f] if f < len(_FLOOR_NAMES) else f'floor {f + 1}'}"
          for f, n in enumerate(floors)]
    notes = [f"{report.tiles} tiles in {len(castle.cells())} stacks, on a grid of "
             f"{castle.depth} rows by {castle.width} columns.",
             f"{len(floors)} floor{'s' * (len(floors) != 1)}: {', '.join(on)}."]
    s = report.tileset
    if report.spare == 0:
        notes.append(f"It uses every one of the standard {len(s)} tiles ({s.description}).")
    elif report.spare > 0:
        n = report.spare
        notes.append(f"The standard set has {len(s)} tiles ({s.description}): {n} "
                     f"tile{'s' * (n != 1)} go{'es' * (n == 1)} back in the box unseen, "
                     "chosen at random.")
    else:
        more = " (all 136 tiles, the 8s and 9s too)" if report.tiles <= 136 else ""
        notes.append(f"It needs {report.tiles} tiles, more than the standard set's "
                     f"{len(s)}: play it with a larger set{more}.")
    return notes


@large_print_aware
def castle_board(paper: Paper, options: BoardOptions | None = None) -> Document:
    """A 6x6 board with cells the size of your tiles, for building your own castle; below
    it, where the page has room, three shrines for the pool to cut out."""
    options = options or BoardOptions()
    cell_w, cell_h = options.cell()
    label = 14.0 if options.large_print else 7.0  # the rows' and columns' numbers
    pad = 3.0 if label < 14 else 7.0
    w, h = SIZE * cell_w, SIZE * cell_h
    heading, words = _board_words(cell_w, cell_h, large=options.large_print)
    frame_w, room_h = _board_room(paper, heading, words)
    if w + pad + 1 > frame_w or h + pad + 1 > room_h:
        most_w, most_h = (frame_w - 4) / SIZE, (room_h - 4) / SIZE
        raise RequestError(f"a 6 x 6 board of {cell_w:g} x {cell_h:g} mm cells does not fit "
                           f"on {paper.name} paper: cells of at most {most_w:.1f} x "
                           f"{most_h:.1f} mm do")

    def draw(c: Canvas) -> None:
        c.rect(0, 0, w, h, fill="#fbf8f1", stroke="#6b6358", stroke_width=0.5, radius=2)
        for k in range(1, SIZE):
            c.line(k * cell_w, 0, k * cell_w, h, stroke=GRID, stroke_width=0.3,
                   dash=(1.5, 1.2))
            c.line(0, k * cell_h, w, k * cell_h, stroke=GRID, stroke_width=0.3,
                   dash=(1.5, 1.2))
        for k in range(SIZE):
            c.text(k * cell_w + cell_w / 2, -1.5, str(k + 1), size=label, anchor="middle",
                   fill=LABEL)
            c.text(-1.5, k * cell_h + cell_h / 2 + label * 0.14, str(k + 1), size=label,
                   anchor="end",
                   fill=LABEL)

    blocks: list[Block] = [Section("Castle board"), heading, words,
                           Figure(w + pad + 1, h + pad + 1,
                                  lambda c: _offset(c, draw, pad, pad))]
    if options.shrines:
        shrines = _shrine_blocks(cell_w)
        if _fits_below(h, shrines, frame_w, room_h):
            blocks += shrines
    return Document("Dragon Castle: castle board", paper, (*blocks, calibration_figure()),
                    margin=BOARD_MARGIN, page_numbers=False, running_header=False)


BOARD_MARGIN = 10.0
INK_LINE = "#3a3530"
SHRINE_WORDS = ("Cut out these three shrines along their outline and put them in the "
                "pool with the other players' shrines: the pool holds three for each player.")


def _board_words(cell_w: float, cell_h: float, *, large: bool = False
                 ) -> tuple[Heading, Paragraph]:
    if large:  # in large print, the fewest words (the turn card has the rest)
        return enlarge(Heading("Your castle (6 x 6)")), enlarge(Paragraph(  # type: ignore
            f"Cells of {cell_w:g} x {cell_h:g} mm. Build only inside the board."))
    return Heading("Your castle (6 x 6)"), Paragraph(
        f"Each cell is {cell_w:g} x {cell_h:g} mm, for tiles up to that size. Build only "
        "inside the board. A new tile goes on a face-down tile, or on an empty cell "
        "touching one of your tiles (sides or corners); never on a face-up tile or a "
        "shrine. Four or more face-up tiles of one type joined by their sides flip face "
        "down and score.", size=8.5)


def _board_room(paper: Paper, *above: Block) -> tuple[float, float]:
    """The board page's width, and the height left for the board (and the shrines) below
    ``above`` and above the calibration bar: one sheet, no running header."""
    frame_w = paper.width - 2 * BOARD_MARGIN
    frame_h = paper.height - 2 * BOARD_MARGIN
    used = sum(measure(b, frame_w) for b in (*above, calibration_figure()))
    return frame_w, frame_h - used - 6.0


def _shrine_blocks(cell_w: float) -> list[Block]:
    side = float(token_size(cell_w).split("x")[0])
    gap = 6.0

    def draw(c: Canvas) -> None:
        for k in range(SHRINES_PER_PLAYER):
            with c.group(translate=(1 + k * (side + gap), 1)):
                draw_shrine(c, side, side, 0.0)
                c.rect(0, 0, side, side, stroke=INK_LINE, stroke_width=0.3)

    width = SHRINES_PER_PLAYER * side + (SHRINES_PER_PLAYER - 1) * gap + 2
    return [Paragraph(SHRINE_WORDS, size=8.5), Figure(width, side + 2, draw)]


def _fits_below(board_h: float, shrines: list[Block], frame_w: float, room_h: float) -> bool:
    return board_h + 4 + sum(measure(b, frame_w) for b in shrines) <= room_h


def shrines_fit(paper: Paper, options: BoardOptions) -> bool:
    """Whether a player's three shrines fit below the board on its page."""
    cell_w, cell_h = options.cell()
    frame_w, room_h = _board_room(paper, *_board_words(cell_w, cell_h,
                                                       large=options.large_print))
    return _fits_below(SIZE * cell_h, _shrine_blocks(cell_w), frame_w, room_h)


def _offset(c: Canvas, draw, dx: float, dy: float) -> None:
    with c.group(translate=(dx, dy)):
        draw(c)


@large_print_aware
def score_pad(paper: Paper, options: PrintOptions | None = None) -> Document:
    """A pad for up to four players: points by source, the total and both tie-breaks."""
    rows = (
        ("Discards (+1 each)", "", "", "", ""),
        ("Elder Dragon (+2 each)", "", "", "", ""),
        ("Dots flipped", "", "", "", ""),
        ("Bamboo flipped", "", "", "", ""),
        ("Characters flipped", "", "", "", ""),
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
                   Table(game[0], game[1:], widths=(5, 2, 2, 2, 2), size=8.5,
                         row_height=9.0 * min(1.0, (paper.height - 45.0) / 252.0))]
    blocks.append(Paragraph(f"Groups: {_points_line()}. Elder Dragon +{SUMMON_POINTS}, "
                            f"discard +{DISCARD_POINTS}.", size=8))
    return Document("Dragon Castle: score pad", paper, tuple(blocks))


@large_print_aware
def turn_card(paper: Paper, options: PrintOptions | None = None) -> PlayerAid:
    """The turn in five steps, the points and the end of the game: a player aid on half a
    sheet, two to a sheet."""
    page = half_sheet(paper)
    return PlayerAid(Document("Dragon Castle: turn summary", page, (
        Section("Turn summary"),
        Heading("Dragon Castle: your turn"),
        Bullets((
            "Take an open tile from the top floor of the central castle: nothing on it, and "
            "its left or right side clear. Once the castle is down to its ground floor you "
            f"may instead summon the Elder Dragon: +{SUMMON_POINTS}, no tiles this turn.",
            "Then exactly one: take a second identical open tile from any floor; or take a "
            f"shrine from the pool into your reserve; or discard the tile for "
            f"+{DISCARD_POINTS}.",
            "Build what you took: on a face-down tile, or on an empty cell touching your "
            "castle at a side or corner. Never on a face-up tile or a shrine; stay on your "
            "6 x 6 board. A tile with nowhere to go returns to the box.",
            "Flip: every group of 4 or more face-up tiles of one type (dots, bamboo, "
            "characters, winds, dragons) joined by their sides turns face down and scores. "
            "Height does not matter.",
            "Shrines (optional): from your reserve onto tiles flipped this turn, one per "
            "group of a suit, up to two on winds or dragons. Floor 1: +1, floor 2: +2, "
            "floor 3 and up: +3.",
        ), size=9.5, numbered=True),
        Heading("Points for a flipped group", level=3),
        Table(("tiles", *map(str, GROUP_POINTS), "9+", "dragons"),
              (("points", *(f"+{p}" for p in GROUP_POINTS.values()), "+1 a tile",
                f"+{DRAGON_BONUS} more"),), size=9),
        Heading("The end", level=3),
        Bullets((
            "When the players have summoned the Elder Dragon as many times as there are "
            "players, finish the round: the last player in turn order plays, then the game "
            "ends.",
            "Most points wins. Ties: most stacks topped by a face-down tile, then most "
            "shrines.",
            f"Shrine pool: {SHRINES_PER_PLAYER} per player (house rule: the rules give no "
            "number).",
        ), size=9.5),
    ), page_numbers=False, running_header=False, margin=10.0), paper)


__all__ = ["castle_board", "score_pad", "setup_diagram", "shrine_tokens", "shrines_fit",
           "turn_card"]
