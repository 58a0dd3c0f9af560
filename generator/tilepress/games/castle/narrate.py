"""Dragon Castle told for a learner: a game's turns in plain words, the turns that matter
drawn (a group flipping, a floor of the central castle cleared, the end), and the
rulebook's example turn.

Tiles are named as players say them (5 Dots, Red Dragon); places as row, column and
floor, counted from 1 as the numbered diagrams show them ("r4 c6 f3" in tables).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from tilepress.documents.model import (
    Block,
    Box,
    Document,
    Figure,
    Grid,
    Heading,
    Paragraph,
    Section,
    Table,
)
from tilepress.draw.canvas import Canvas, Paper
from tilepress.engine.log import Event, GameLog
from tilepress.games.castle.board import KIND_WORDS, PlayerCastle, cell_index
from tilepress.games.castle.options import CastleOptions
from tilepress.games.castle.pictures import (
    board_figure,
    built_rows,
    central_figure,
    floors_figure,
    turn_figure,
)
from tilepress.games.castle.rules import (
    Build,
    CastleGame,
    Consolidate,
    Discard,
    EndTurn,
    NoRoom,
    Setup,
    Shrine,
    Summon,
    Take,
    TakeSecond,
    TakeShrine,
)
from tilepress.games.castle.runner import play
from tilepress.layouts.castle import Castle, parse_castle
from tilepress.tiles import in_words

MADE = ("How this example was made: a program played each seat by the rules, and every "
        "move was checked against the rules as the game was replayed.")
"""The colophon line at the foot of a worked example: how it was made, once, at the back."""

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
           "ten", "eleven", "twelve")
BOARD_CELL = 8.0
"""A player's castle in a diagram: tiles 8 mm wide (three boxes of them fit across A4)."""
CENTRAL_CELL = 8.0


def kind_words(kind: str) -> str:
    return KIND_WORDS.get(kind, kind)


def count(n: int) -> str:
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def place(at: Sequence[int]) -> str:
    """``(4, 6, 3)`` reads "row 4, column 6, floor 3"."""
    return f"row {at[0]}, column {at[1]}" + (f", floor {at[2]}" if len(at) > 2 else "")


def short(at: Sequence[int]) -> str:
    """``(4, 6, 3)`` reads "r4 c6 f3" (tables)."""
    return f"r{at[0]} c{at[1]}" + (f" f{at[2]}" if len(at) > 2 else "")


def plain(reason: str) -> str:
    """A bot's reason in a player's words: tiles named, suits called dots, bamboo and
    characters."""
    text = in_words(reason)
    for kind, word in KIND_WORDS.items():
        text = re.sub(rf"\b{kind}\b", word, text)
    return text


@dataclass
class Turn:
    """One player's turn: its events and what they did to the castles."""

    number: int
    player: int
    events: list[Event] = field(default_factory=list)
    before: PlayerCastle | None = None
    after: PlayerCastle | None = None
    points: int = 0
    score: int = 0
    top_floor: int = 0
    """The central castle's top floor after the turn (0: gone)."""
    tops: dict = field(default_factory=dict)
    """The central castle seen from above after the turn."""
    taken: list[tuple[int, int]] = field(default_factory=list)
    built: PlayerCastle | None = None
    """The player's castle once the turn's tiles are built, before anything flips (None
    for a turn in which nothing flips)."""
    start_tops: dict = field(default_factory=dict)
    """The central castle seen from above before the turn (kept only on request)."""

    def of(self, kind: type) -> list:
        return [ev for ev in self.events if isinstance(ev, kind)]

    @property
    def fresh(self) -> list[int]:
        return [cell_index(ev.at) for ev in self.of(Build)]


@dataclass
class Told:
    """A game replayed for telling: the options, the castle as dealt, every turn."""

    options: CastleOptions
    castle: Castle
    start: dict
    turns: list[Turn]
    game: CastleGame
    open: list[tuple[int, int]]
    """The stacks whose top tile can be taken on the first turn."""


def replay_turns(log: GameLog, *, tops: bool = False) -> Told:
    """Replay ``log`` through the rules, turn by turn; with ``tops``, each turn keeps the
    central castle as it stood before it."""
    options = log.options_as(CastleOptions)
    game = CastleGame(options)
    turns: list[Turn] = []
    castle: Castle | None = None
    start: dict = {}
    first: list[tuple[int, int]] = []
    turn: Turn | None = None
    for ev in log.events:
        if isinstance(ev, Setup):
            game.apply(ev)
            castle = parse_castle(ev.castle, name=options.layout)
            start = game.tops()
            first = [game.places[i][:2] for i in game.takeable()]
            continue
        if turn is None:
            p = game.current
            turn = Turn(game.turn + 1, p, before=game.players[p].copy(),
                        start_tops=game.tops() if tops else {})
            score = game.players[p].score
        if isinstance(ev, Consolidate) and turn.built is None:
            turn.built = game.players[turn.player].copy()
        game.apply(ev)
        turn.events.append(ev)
        if isinstance(ev, Take | TakeSecond):
            turn.taken.append(ev.at[:2])
        if isinstance(ev, EndTurn):
            me = game.players[turn.player]
            turn.after, turn.score = me.copy(), me.score
            turn.points = me.score - score
            turn.top_floor = game.top_floor
            turn.tops = game.tops()
            turns.append(turn)
            turn = None
    assert castle is not None
    return Told(options, castle, start, turns, game, first)


def take_words(turn: Turn, name: str) -> str:
    """What the player took and from where (or the summons), without the building:
    "Player 4 takes the 2 Bamboo from row 3, column 5, floor 2 and its twin from ..."."""
    take = next(iter(turn.of(Take)), None)
    if turn.of(Summon) or take is None:
        return f"{name} summons the Elder Dragon: +2"
    what = f"{name} takes the {take.tile.name} from {place(take.at)}"
    if turn.of(TakeSecond):
        what += f" and its twin from {place(turn.of(TakeSecond)[0].at)}"
    elif turn.of(TakeShrine):
        what += ", takes a shrine into the reserve"
    elif turn.of(Discard):
        what += " and discards it: +1"
    return what


def build_words(turn: Turn) -> str:
    """Where the kept tiles were built ("builds the two on row 1, column 4 and ..."), or
    "" when nothing was."""
    builds = turn.of(Build)
    if not builds:
        return ""
    where = " and ".join(place(b.at) for b in builds)
    return f"builds the two on {where}" if turn.of(TakeSecond) else f"builds the tile on {where}"


def flip_words(turn: Turn) -> list[str]:
    """A sentence for each tile sent back to the box, group flipped and shrine built."""
    words = [f"No cell can take the {ev.tile.name}: it goes back to the box."
             for ev in turn.of(NoRoom)]
    for ev in turn.of(Consolidate):
        words.append(f"{count(len(ev.cells)).capitalize()} {kind_words(ev.kind)} flip face "
                     f"down: +{ev.points}.")
    for ev in turn.of(Shrine):
        floor = len(turn.after.stacks[cell_index(ev.at)]) if turn.after else 0
        words.append(f"A shrine crowns row {ev.at[0]}, column {ev.at[1]} on floor {floor}: "
                     f"+{ev.points}.")
    return words


def sentence(turn: Turn, name: str) -> str:
    """The turn in plain words: what was taken and from where, where it was built, what
    flipped and scored."""
    built = build_words(turn)
    joint = " and " if turn.of(TakeShrine) else ", and "
    return " ".join([take_words(turn, name) + (joint + built if built else "") + ".",
                     *flip_words(turn)])


def why(turn: Turn) -> str:
    """The player's reasons for the take (or the summons) and for keeping a shrine, in
    plain words."""
    reasons = [ev.reason for ev in turn.events
               if isinstance(ev, Take | Summon | EndTurn) and ev.reason]
    reasons = [re.sub(r"^takes \S+ and its twin: ", "", r) for r in reasons]
    reasons = [r.split(":")[0] if r.startswith("keeps its shrine") else r for r in reasons]
    return plain("; ".join(reasons))


def row(turn: Turn, names: Sequence[str]) -> tuple[str, ...]:
    """The turn as a row of the compact table: turn, player, takes, then, builds, points,
    total, why."""
    take = next(iter(turn.of(Take)), None)
    if take is None:
        takes, then, builds = "the Elder Dragon", "", ""
    else:
        takes = f"{take.tile.name} {short(take.at)}"
        if turn.of(TakeSecond):
            then = f"twin {short(turn.of(TakeSecond)[0].at)}"
        elif turn.of(TakeShrine):
            then = "a shrine"
        else:
            then = "discards"
        builds = ", ".join(short(b.at) for b in turn.of(Build))
        if turn.of(NoRoom):
            builds += (", " if builds else "") + "back to the box"
    return (str(turn.number), names[turn.player], takes, then, builds,
            f"+{turn.points}" if turn.points else "", str(turn.score), why(turn))


def turn_table(turns: Sequence[Turn], names: Sequence[str]) -> Table:
    return Table(("turn", "player", "takes", "then", "builds on", "points", "total", "why"),
                 tuple(row(t, names) for t in turns), widths=(0.75, 1.25, 2.9, 1.7, 1.7, 0.95,
                                                              0.8, 4.6), size=7.5)


MOMENT_WIDTH = 58.0
"""A moment's card: three side by side across A4 (and Letter) at full size."""


def card(title: str, text: str, board: Figure, *, number: str = "",
         width: float = MOMENT_WIDTH) -> Figure:
    """A framed card: a number in a dark disc, a bold title, a few lines of text and a
    board. One picture, so a page never draws it smaller (its tiles stay 8 mm)."""
    from tilepress.draw.fonts import wrap

    pad, size, leading = 3.0, 8.0, 3.6
    lines = wrap(text, width - 2 * pad, size) if text else []
    top = pad + 7.5
    board_y = top + len(lines) * leading + 1.5
    height = board_y + board.height + pad
    indent = 7.5 if number else 0.0

    def draw(c: Canvas) -> None:
        c.rect(0.2, 0.2, width - 0.4, height - 0.4, stroke="#b9b2a6", stroke_width=0.35,
               radius=2.0)
        if number:
            c.circle(pad + 2.8, pad + 2.8, 2.8, fill="#1d1d1b")
            c.text(pad + 2.8, pad + 3.9, number, size=7 if len(number) < 3 else 6,
                   font="bold", anchor="middle", fill="#ffffff")
        c.text(pad + indent, pad + 4.0, title, size=8.5, font="bold")
        for k, line in enumerate(lines):
            c.text(pad, top + k * leading + 2.6, line, size=size)
        with c.group(translate=((width - board.width) / 2, board_y)):
            board.draw(c)

    return Figure(width, height, draw)


def moment_figure(turn: Turn, names: Sequence[str]) -> Figure:
    """A turn that matters: what happened in words, and the player's castle after it."""
    assert turn.after is not None
    board = board_figure(turn.after, cell=BOARD_CELL, fresh=turn.fresh,
                         rows=built_rows(turn.after))
    return card(f"{names[turn.player]}, {turn.score} points",
                sentence(turn, names[turn.player]), board, number=str(turn.number))


def central_block(told: Told, tops: dict, title: str,
                  taken: Sequence[tuple[int, int]] = ()) -> list[Block]:
    """The central castle from above, its title lines (split at newlines) above it."""
    return [central_figure(told.castle, tops, cell=CENTRAL_CELL, taken=taken, title=title)]


def final_blocks(told: Told, names: Sequence[str]) -> list[Block]:
    """Every player's castle at the end, the scores and the winner."""
    game = told.game
    rows = built_rows(*game.players)
    cards = tuple(card(f"{names[p]}: {me.score} points",
                       f"{me.face_down_tops()} face-down stacks, {me.shrines()} shrines",
                       board_figure(me, cell=BOARD_CELL, rows=rows))
                  for p, me in enumerate(game.players))
    result = game.result()
    rows = tuple((names[p], str(points), str(down), str(shrines))
                 for p, points, down, shrines in game.standings())
    winners = " and ".join(names[w] for w in result["winners"])
    return [Heading("The end", level=2),
            Paragraph(f"{winners} win{'s' * (len(result['winners']) == 1)}. Ties go to the "
                      "most stacks topped by a face-down tile, then the most shrines.",
                      size=10, font="bold"),
            Table(("player", "points", "face-down stacks", "shrines"), rows,
                  widths=(4, 1.5, 2.5, 1.5), size=9),
            Grid(cards, columns=3, gap=2.5)]


CHAPTER = 12
"""Turns told in one table before the moments among them are drawn."""


def summary(told: Told, log: GameLog, names: Sequence[str]) -> str:
    """The game in one paragraph: who played where, what happened, who won."""
    o, game = told.options, told.game
    flips = [ev for t in told.turns for ev in t.of(Consolidate)]
    largest = max(flips, key=lambda ev: (len(ev.cells), ev.points), default=None)
    shrines = sum(len(t.of(Shrine)) for t in told.turns)
    summons = sum(len(t.of(Summon)) for t in told.turns)
    result = game.result()
    ranked = game.standings()
    winners = " and ".join(names[w] for w in result["winners"])
    others = ", ".join(f"{names[p]} {points}" for p, points, *_ in ranked[len(result["winners"]):])
    best = ranked[0][1]
    text = (f"{count(o.players).capitalize()} players build their castles from the "
            f"{o.layout} castle ({len(told.castle)} tiles of the {o.tileset} set on "
            f"{len(told.castle.floors)} floors), game {log.seed}. In {len(told.turns)} turns "
            f"they flip {len(flips)} groups")
    if largest is not None:
        text += (f", the largest {count(len(largest.cells))} {kind_words(largest.kind)} for "
                 f"{largest.points} points")
    text += (f"; they build {shrines} shrines and summon the Elder Dragon {summons} times. "
             f"{winners} win{'s' * (len(result['winners']) == 1)} with {best} points"
             + (f" (then {others})." if others else "."))
    return text


def teach(log: GameLog, paper, *, title: str = "Dragon Castle: a worked example") -> list[Block]:
    """The game for a learner: a summary, every turn as a table row, and the turns that
    matter drawn (a group flipping, a floor of the central castle cleared), then the
    castles at the end."""
    told = replay_turns(log)
    names = [f"Player {k + 1}" for k in range(told.options.players)]
    blocks: list[Block] = [
        Heading(title),
        Paragraph(summary(told, log, names), size=10),
        Paragraph("How to read it: places are given as row, column and floor, counted from "
                  "1 as the numbered diagrams show them; the tables shorten row 4, column 6, "
                  "floor 3 to r4 c6 f3. Dots, bamboo and characters are what the rules call "
                  "coins, strings and myriads. Every turn is a row of a table; a diagram shows "
                  "the castle of a player whose group flips, with the tiles built that turn "
                  "outlined in red (only the rows in use, and one beside them, of its 6 by 6 "
                  "board), and the central castle whenever a floor is cleared. "
                  "Numbers in red discs are stack heights; black discs are shrines.", size=8.5,
                  color="#4a4740"),
        *central_block(told, told.start, "The central castle as dealt, seen from above: the "
                      "top tile of each stack\nand its height. Outlined: the "
                      f"{len(told.open)} tiles that may be taken on the first turn.",
                      taken=told.open),
    ]
    floor = len(told.castle.floors)
    for k in range(0, len(told.turns), CHAPTER):
        chapter = told.turns[k:k + CHAPTER]
        blocks += [Heading(f"Turns {chapter[0].number} to {chapter[-1].number}", level=2),
                   turn_table(chapter, names)]
        moments = [moment_figure(t, names) for t in chapter if t.of(Consolidate)]
        if moments:
            blocks.append(Grid(tuple(moments), columns=3, gap=2.5))
        for t in chapter:
            if t.top_floor < floor:
                floor = t.top_floor
                if floor:
                    blocks += central_block(
                        told, t.tops, f"After turn {t.number}: the central castle is down to "
                        f"floor {floor}" + (".\nFrom now on a player may summon the Elder "
                                            "Dragon instead of taking a tile."
                                            if floor == 1 else "."))
    return blocks + final_blocks(told, names)


def _where(at) -> str:
    return f"row {at[0]}, column {at[1]}" + (f", floor {at[2]}" if len(at) > 2 else "")


def worked_example(log: GameLog, paper: Paper, *, full: bool = False) -> Document:
    """The game told for a learner (:func:`.teach`): a summary, every turn as a
    row, the turns that matter drawn. With ``full``, every turn in words with the central
    castle and every player's castle drawn after it."""
    if not full:
        return Document("Dragon Castle: worked example", paper,
                        (Section("Dragon Castle"), *teach(log, paper),
                         Paragraph(MADE, size=8, color="#6b6862")))
    return every_turn(log, paper)


def every_turn(log: GameLog, paper: Paper) -> Document:
    """Every turn in words (each choice with its reason), then the central castle and
    each player's castle as they stand after it."""
    options = log.options_as(CastleOptions)
    game = CastleGame(options)
    names = [f"Player {k + 1}" for k in range(options.players)]
    blocks: list[Block] = [Section("Dragon Castle"), Heading("Dragon Castle: a worked example")]
    words: list[str] = []
    taken: list[tuple[int, int]] = []
    fresh: dict[int, list[int]] = {}
    for ev in log.events:
        game.apply(ev)
        p = getattr(ev, "player", 0)
        if isinstance(ev, Setup):
            castle = parse_castle(ev.castle)
            blocks += [
                Paragraph(f"{options.players} players, the {options.tileset} tile set, the "
                          f"castle {options.layout!r} ({len(castle)} tiles on "
                          f"{len(castle.floors)} floors), {game.pool} shrines in the pool, "
                          f"game {log.seed}. A tile can be taken when nothing lies on it and "
                          "its left or right side is clear; takes come from the top floor. "
                          "Numbers in red discs are stack heights; red outlines mark the "
                          "tiles taken and built this turn; black discs are shrines.", size=9),
                Heading("The castle as dealt, floor by floor", level=3),
                floors_figure(castle, tiles={game.place_of(i): t
                                             for i, t in enumerate(ev.tiles)},
                              max_height=90.0),
            ]
        elif isinstance(ev, Take):
            taken.append(ev.at[:2])
            words.append(f"takes the {ev.tile.name} from {_where(ev.at)} ({plain(ev.reason)})")
        elif isinstance(ev, TakeSecond):
            taken.append(ev.at[:2])
            words.append(f"and its twin from {_where(ev.at)}")
        elif isinstance(ev, TakeShrine):
            words.append("and a shrine for the reserve")
        elif isinstance(ev, Discard):
            words.append("and discards it: +1")
        elif isinstance(ev, Summon):
            words.append(f"summons the Elder Dragon: +2 ({plain(ev.reason)})")
        elif isinstance(ev, Build):
            fresh.setdefault(p, []).append(cell_index(ev.at))
            words.append(f"builds the {ev.tile.name} on {_where(ev.at)} ({plain(ev.reason)})")
        elif isinstance(ev, NoRoom):
            words.append(f"has no room for the {ev.tile.name}: it goes back to the box")
        elif isinstance(ev, Consolidate):
            words.append(f"flips {len(ev.cells)} {kind_words(ev.kind)}: +{ev.points}")
        elif isinstance(ev, Shrine):
            words.append(f"builds a shrine on {_where(ev.at)}: +{ev.points}")
        elif isinstance(ev, EndTurn):
            if ev.reason:
                words.append(f"ends the turn ({plain(ev.reason)})")
            picture = turn_figure(game.castle, game.tops(), [me.copy() for me in game.players],
                                  names, taken=taken, fresh=fresh)
            # a box alone, not in a grid: it goes over whole rather than be drawn smaller
            blocks.append(Box((Paragraph(f"{names[p]} " + "; ".join(words) + ".", size=8.5),
                               picture), number=str(game.turn), title=f"Turn {game.turn}"))
            words, taken, fresh = [], [], {}
    result = game.result()
    rows = tuple((names[p], str(points), str(down), str(shrines))
                 for p, points, down, shrines in game.standings())
    winners = " and ".join(f"Player {w + 1}" for w in result["winners"])
    blocks += [Heading("Final scores", level=2),
               Table(("player", "points", "face-down stacks", "shrines"), rows,
                     widths=(4, 1.5, 2.5, 1.5), size=9),
               Paragraph(f"{winners} win{'s' * (len(result['winners']) == 1)}. Ties go to the "
                         "most stacks topped by a face-down tile, then the most shrines.",
                         size=10, font="bold"),
               Paragraph(MADE, size=8, color="#6b6862")]
    return Document("Dragon Castle: worked example", paper, tuple(blocks))


EXAMPLE_GAMES = 50
"""Games searched for the rulebook's example turn."""


def example_turn() -> tuple[int, Told, Turn]:
    """The rulebook's example turn: in the sample games between four players with the
    standard options (seeds 1, 2, ...), the first turn in which a player takes a tile and
    its twin, flips a group of five or more and crowns it with a shrine above the ground
    floor; with the game's number and the game told turn by turn."""
    options = CastleOptions()
    for seed in range(1, EXAMPLE_GAMES + 1):
        told = replay_turns(play(options, seed), tops=True)
        for turn in told.turns:
            flips = turn.of(Consolidate)
            if turn.of(TakeSecond) and any(len(ev.cells) >= 5 for ev in flips) and \
                    any(ev.points >= 2 for ev in turn.of(Shrine)):
                return seed, told, turn
    raise AssertionError("no game shows a pair taken, a group of five flipped and "
                         "crowned")  # pragma: no cover


def steps_figure(left: PlayerCastle, right: PlayerCastle, titles: tuple[str, str], *,
                 fresh: Sequence[int] = (), rows: tuple[int, int] = (0, 6),
                 cell: float = BOARD_CELL, outline: str = "right") -> Figure:
    """Two states of a player's castle side by side, an arrow between them; ``fresh``
    cells outlined on the ``outline`` side."""
    first = board_figure(left, cell=cell, title=titles[0], rows=rows,
                         fresh=fresh if outline == "left" else ())
    second = board_figure(right, cell=cell, title=titles[1], rows=rows,
                          fresh=fresh if outline == "right" else ())
    gap = 5.5  # two boards of 8 mm tiles fit a box on half a Letter sheet

    def draw(c: Canvas) -> None:
        first.draw(c)
        with c.group(translate=(first.width + gap, 0)):
            second.draw(c)
        y = first.height / 2 + 2
        c.line(first.width + 1, y, first.width + gap - 0.5, y, stroke="#8c2f39",
               stroke_width=0.5)
        c.polyline([(first.width + gap - 2, y - 1.3), (first.width + gap - 0.5, y),
                    (first.width + gap - 2, y + 1.3)], stroke="#8c2f39", stroke_width=0.5)

    return Figure(first.width + gap + second.width, max(first.height, second.height), draw)


def example_blocks(told: Told, turn: Turn, name: str) -> list[Block]:
    """A turn told step by step, each step a heading with its words above its picture
    (a heading goes over a page with what it heads, so they stay together), all from
    the same events: the take, with the central castle before it (the tiles taken
    outlined); the building, flip and shrine, with the player's castle as built (the new
    tiles outlined) and after."""
    assert turn.before is not None and turn.after is not None
    built = turn.built or turn.after
    rows = built_rows(turn.before, turn.after)
    steps: list[tuple[str, str, Figure]] = [
        ("Take", f"{take_words(turn, name)}.",
         central_figure(told.castle, turn.start_tops, cell=CENTRAL_CELL, taken=turn.taken,
                        title="The central castle before the turn, seen from above; "
                              "outlined: the tiles taken.")),
    ]
    where = build_words(turn)
    built_words = f"{name} {where}, face up (outlined)." if where else ""
    steps.append(("Build, flip and crown" if where else "Flip and crown",
                  " ".join([built_words, *flip_words(turn)]).strip(),
                  steps_figure(built, turn.after, ("Built", "After the flip and the shrine"),
                               fresh=turn.fresh, rows=rows, outline="left")))
    blocks: list[Block] = []
    for k, (title, words, figure) in enumerate(steps, start=1):
        # a heading never ends a page: it goes over with its words and its picture
        blocks += [Heading(f"{k}. {title}", level=3), Paragraph(words, size=10), figure]
    blocks.append(Paragraph(f"{name} scores {turn.points} points this turn, {turn.score} in "
                            "all. Numbers in red discs are stack heights; a black disc is a "
                            "shrine; a green tile is face down.", size=9))
    return blocks


def rulebook_example() -> tuple[str, list[Block]]:
    """The rulebook's example (:func:`example_turn`), step by step (:func:`example_blocks`),
    and how it was chosen."""
    seed, told, turn = example_turn()
    criterion = (f"A turn from the book's sample games, four players with the standard "
                 f"rules: the first in which a player takes a tile and its twin, flips a "
                 f"group of five or more and crowns it with a shrine above the ground "
                 f"floor (game {seed}, turn {turn.number}).")
    return criterion, example_blocks(told, turn, f"Player {turn.player + 1}")


__all__ = ["EXAMPLE_GAMES", "KIND_WORDS", "Told", "Turn", "build_words",
           "central_block", "every_turn", "example_blocks", "example_turn", "final_blocks",
           "flip_words", "kind_words", "moment_figure", "place", "plain", "replay_turns",
           "row", "rulebook_example", "sentence", "short", "steps_figure", "take_words",
           "turn_table", "why", "worked_example"]
