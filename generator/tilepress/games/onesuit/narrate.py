"""One suit mahjong told for a learner: the worked example of a game, every turn with
the waits of a ready hand and the readings that make them, and the rulebook's example."""

from __future__ import annotations

import re
from collections.abc import Collection

from tilepress.documents.model import Block, Document, Heading, Paragraph, Section, Table, TileRow
from tilepress.draw.canvas import Paper
from tilepress.engine import standard
from tilepress.engine.log import Event, GameLog
from tilepress.games.onesuit.pictures import say
from tilepress.games.onesuit.rules import (
    NAMES,
    Deal,
    Discard,
    Draw,
    Exhausted,
    HandScore,
    HandStart,
    Kan,
    OneSuitOptions,
    OneSuitTable,
    Ron,
    Show,
    Tsumo,
)
from tilepress.games.onesuit.runner import play, replay
from tilepress.tiles import Tile, sort_tiles

MADE = ("How this example was made: a program played each seat by the rules, and every "
        "move was checked against the rules as the game was replayed.")
"""The colophon line at the foot of a worked example: how it was made, once, at the back."""


def _hand_groups(seat, drawn: Tile | None) -> tuple[tuple, frozenset]:
    tiles = list(seat.hand)
    groups: list[tuple] = []
    marks: frozenset = frozenset()
    if drawn is not None and drawn in tiles:
        tiles.remove(drawn)
        groups = [sort_tiles(tiles), (drawn,)]
        marks = frozenset({(1, 0)})
    else:
        groups = [sort_tiles(tiles)]
    groups.extend(tuple(k) for k in seat.kans)
    return tuple(groups), marks



def _readings(tiles: tuple[Tile, ...], kans) -> list[Block]:
    hand = standard.Hand(tuple(tiles), tuple(kans))
    found = standard.readings(hand.tiles)
    from tilepress.games.standard.puzzles import cover_readings

    waits = sorted({w for r in found for w in r.waits})
    blocks: list[Block] = []
    for r in cover_readings(found, waits):
        groups = tuple(g.tiles for g in r.groups)
        blocks.append(TileRow(groups, tile_width=8.0, label="", label_width=14.0,
                              note=f"{r.shape}: waits {say(r.waits)}"))
    return blocks



def narrate(log: GameLog, hands: Collection[int] | None = None, *,
            full: bool = True) -> list[Block]:
    """The blocks that tell the game turn by turn: the tile drawn, the discard and why; at
    every ready moment the hand, its waits and the shapes that make them; each win or draw
    scored. With ``hands``, only those hands are told. Unless ``full``, ordinary turns are
    rows of a table and a hand is drawn only when it matters (ready, a kan, a win, a draw)."""
    table = OneSuitTable(log.options_as(OneSuitOptions))
    blocks: list[Block] = []
    turns: list[tuple[str, str, str, str]] = []
    last_waits: dict[int, tuple] = {0: (), 1: ()}
    drawn_hand: tuple = ((), frozenset())

    def flush() -> None:
        if turns:
            blocks.append(Table(("", "draws", "discards", "why"), tuple(turns),
                                widths=(0.6, 1.2, 1.4, 8), size=8))
            turns.clear()

    for ev in log.events:
        if isinstance(ev, Discard):
            drawn_hand = _hand_groups(table.seats[ev.player], table.last_draw)
        table.apply(ev)
        if hands is not None and table.hand_number not in hands:
            continue
        if isinstance(ev, HandStart):
            flush()
            blocks += [Heading(f"Hand {ev.number}: {NAMES[ev.dealer]} deals", level=2)]
            last_waits = {0: (), 1: ()}
        elif isinstance(ev, Discard) and not full and \
                table.seats[ev.player].waits() == last_waits[ev.player]:
            turns.append((NAMES[ev.player], say((table.last_draw,)), say((ev.tile,)),
                          plain_words(ev.reason)))
        elif isinstance(ev, Discard):
            flush()
            blocks += _discard_blocks(table, ev, drawn_hand, last_waits)
        elif not isinstance(ev, Draw):
            flush()
            blocks += _event_blocks(table, ev)
    flush()
    return blocks



def plain_words(text: str) -> str:
    """A bot's reason with the tiles named by their numbers (the game has one suit)."""
    return re.sub(r"\b(\d+)[mps]\b", lambda m: " ".join(m.group(1)), text)



def _discard_blocks(table: OneSuitTable, ev: Discard, drawn_hand: tuple,
                    last_waits: dict[int, tuple]) -> list[Block]:
    seat = table.seats[ev.player]
    label = NAMES[ev.player]
    groups, marks = drawn_hand
    waits = seat.waits()
    blocks: list[Block] = [TileRow(groups, tile_width=8.0, marks=marks, label=label,
                                   label_width=8.0,
                                   note=f"draws {say((table.last_draw,))}, discards "
                                        f"{say((ev.tile,))}")]
    if ev.reason:
        blocks.append(Paragraph(plain_words(ev.reason), size=8, font="italic",
                                color="#6b6862"))
    if waits and waits != last_waits[ev.player]:
        blocks.append(Paragraph(f"{label} is ready, waiting on {say(waits)}:", size=8.5,
                                font="bold"))
        blocks += _readings(tuple(seat.hand), seat.kans)
    last_waits[ev.player] = waits
    return blocks



def _event_blocks(table: OneSuitTable, ev: Event) -> list[Block]:
    label = NAMES[getattr(ev, "player", 0)]
    if isinstance(ev, Deal):
        return [TileRow((sort_tiles(table.seats[ev.player].hand),), tile_width=8.0,
                        label=label, label_width=8.0, note="starting hand")]
    if isinstance(ev, Kan):
        return [Paragraph(f"{label} sets four {say((ev.tile,))}s aside as a kan and draws "
                          f"again: {plain_words(ev.reason)}.", size=8.5)]
    if isinstance(ev, Ron | Tsumo):
        return _win_blocks(table, ev)
    if isinstance(ev, Exhausted):
        return [Paragraph("No tile is left: the hand is a draw. Both players show their "
                          "hands and name their waits.", size=9, font="bold")]
    if isinstance(ev, Show):
        seat = table.seats[ev.player]
        return [TileRow(_hand_groups(seat, None)[0], tile_width=8.0, label=label,
                        label_width=8.0, note=f"names {say(ev.named)}; waits "
                        f"{say(seat.waits(), 'none')}")]
    if isinstance(ev, HandScore):
        rows = tuple((NAMES[p], str(ev.points[p]), ev.why[p], str(table.scores[p]))
                     for p in (0, 1))
        return [Table(("player", "points", "why", "total"), rows, widths=(1, 1, 7, 1),
                      size=8.5)]
    return []



def _win_blocks(table: OneSuitTable, ev: Ron | Tsumo) -> list[Block]:
    from tilepress.games.standard.puzzles import mark_in

    o = table.outcome
    seat = table.seats[ev.player]
    label = NAMES[ev.player]
    how = "on the discard" if isinstance(ev, Ron) else "on the drawn tile"
    verdict = "" if o["valid"] else " -- but it does not complete the hand"
    blocks: list[Block] = [Paragraph(f"{label} declares {ev.TYPE} {how}, a "
                                     f"{say((ev.tile,))}{verdict}, and names "
                                     f"{say(ev.named)}.", size=9, font="bold")]
    if o["valid"]:
        (dec, *_) = sorted(standard.decompositions(tuple(seat.hand)), key=str)
        groups = tuple(g.tiles for g in dec.groups) + tuple(tuple(k) for k in seat.kans)
        blocks.append(TileRow(groups, tile_width=8.0, marks=mark_in(groups, ev.tile),
                              label=label, label_width=8.0,
                              note=(f"the wait was {say(o['waits'])}" if len(o["waits"]) == 1
                                    else f"the waits were {say(o['waits'])}")))
    return blocks



def worked_example(log: GameLog, paper: Paper, *, full: bool = False) -> Document:
    """The game told for a learner: a summary, then every turn (see :func:`narrate`)."""
    options = log.options_as(OneSuitOptions)
    suit = {"m": "characters", "p": "dots", "s": "bamboo"}[options.suit]
    result = replay(log)
    a, b = result["scores"]
    winner = "a tie" if result["winner"] is None else f"{NAMES[result['winner']]} wins"
    blocks: list[Block] = [
        Section("One suit mahjong"),
        Heading("One suit mahjong: a worked example"),
        Paragraph(f"{winner.capitalize()}, {a} to {b}. " + summary_of_hands(log), size=10),
        Paragraph(f"Two players, {options.tiles} tiles each from the 36 tiles of {suit}, "
                  f"{options.hands} hands, {options.scoring} scoring; players "
                  f"{' and '.join(NAMES)}. Tiles are named by their numbers (all are {suit}); "
                  "in the hand diagrams the tile just drawn is outlined. Each turn gives the "
                  "player's reason.", size=9),
        *narrate(log, full=full),
        Heading("Result", level=2),
        Paragraph(f"A {a}, B {b}: {winner}.", size=10, font="bold"),
        Paragraph(MADE, size=8, color="#6b6862"),
    ]
    return Document("One suit mahjong: worked example", paper, tuple(blocks))



def summary_of_hands(log: GameLog) -> str:
    """One sentence per hand: who won and how, or the draw."""
    table = OneSuitTable(log.options_as(OneSuitOptions))
    said = []
    for ev in log.events:
        table.apply(ev)
        if isinstance(ev, HandScore):
            o = table.outcome
            if o["kind"] == "draw":
                said.append(f"hand {ev.number} ran out of tiles")
            else:
                how = "on a discard" if o["kind"] == "ron" else "on the tile drawn"
                valid = "" if o["valid"] else " in error"
                said.append(f"{NAMES[o['player']]} won hand {ev.number} {how}{valid} "
                            f"({ev.points[o['player']]:+d})")
    return "; ".join(said).capitalize() + "." if said else ""



EXAMPLE_TURNS = 8



def rulebook_example() -> tuple[str, list[Block]]:
    """The example of the rulebook, and how it was chosen: in games between two
    efficiency bots with the standard options (seeds 1, 2, ...), the first hand that ends
    within a few turns in a real win on a discard with every wait named."""
    options = OneSuitOptions()
    for seed in range(1, 1000):
        log = play(options, seed)
        table = OneSuitTable(options)
        discards = 0
        for ev in log.events:
            table.apply(ev)
            if isinstance(ev, HandStart):
                discards = 0
            discards += isinstance(ev, Discard)
            if isinstance(ev, Ron) and table.outcome["valid"] and discards <= EXAMPLE_TURNS \
                    and set(ev.named) == set(table.outcome["waits"]):
                criterion = (f"From the book's sample games between two players with the "
                             f"standard rules: the first hand that ends within "
                             f"{EXAMPLE_TURNS} discards in a win on a discard with every "
                             f"wait named, game {seed}, hand {table.hand_number}.")
                return criterion, narrate(log, {table.hand_number})
    raise AssertionError("no game shows a short win by ron")  # pragma: no cover

