"""One suit mahjong, played by bots into a log, replayed, and explained on paper."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from generator.documents.model import Block, Document, Heading, Paragraph, Section, Table, TileRow
from generator.draw.canvas import Paper
from generator.engine import standard
from generator.engine.log import GameLog, replay_through
from generator.engine.rules import play_out
from generator.games.onesuit.bots import EfficiencyBot
from generator.games.onesuit.rules import (
    GAME,
    Deal,
    Discard,
    Exhausted,
    HandStart,
    Kan,
    OneSuitOptions,
    OneSuitTable,
    Ron,
    Show,
    Tsumo,
    suit_tiles,
)
from generator.params import params_dict
from generator.tiles import Tile, sort_tiles

NAMES = ("A", "B")


def new_state(options: OneSuitOptions) -> OneSuitTable:
    """A game before its first hand."""
    return OneSuitTable(options)


def chance_event(table: OneSuitTable, rng: random.Random) -> HandStart:
    """The chance event: the next hand, with the wall shuffled."""
    wall = list(suit_tiles(table.options.suit))
    rng.shuffle(wall)
    return HandStart(table.hand_number + 1, table.dealer, tuple(wall))


def play(options: OneSuitOptions, seed: int | str, bots: Sequence = ()) -> GameLog:
    """A whole game between two bots (efficiency bots unless given)."""
    bots = tuple(bots) or (EfficiencyBot(), EfficiencyBot())
    rng = random.Random(f"tilepress:{GAME}:{seed}")
    table = new_state(options)
    events = play_out(table, bots, rng, chance_event)
    players = tuple(f"{NAMES[i]} ({getattr(b, 'name', 'bot')})" for i, b in enumerate(bots))
    return GameLog(GAME, params_dict(options), seed, tuple(events), table.result(), players)


def replay(log: GameLog) -> dict[str, Any]:
    """Apply every event of ``log`` through the rules; raise at the first illegal one."""
    options = log.options_as(OneSuitOptions)
    return replay_through(OneSuitTable(options), log, finished=False)


def summary(log: GameLog, result: Mapping[str, Any]) -> str:
    a, b = result["scores"]
    hands = sum(1 for ev in log.events if isinstance(ev, HandStart))
    return f"{hands} hands, {len(log.events)} events; A {a}, B {b}"


# ---------------------------------------------------------------------------
# The worked example
# ---------------------------------------------------------------------------


def _spaced(tiles, empty: str = "nothing") -> str:
    return " ".join(str(t) for t in tiles) or empty


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
    from generator.games.standard.puzzles import cover_readings

    waits = sorted({w for r in found for w in r.waits})
    blocks: list[Block] = []
    for r in cover_readings(found, waits):
        groups = tuple(g.tiles for g in r.groups)
        blocks.append(TileRow(groups, tile_width=4.6, label="", label_width=14.0,
                              note=f"{r.shape}: waits {' '.join(map(str, r.waits))}"))
    return blocks


def worked_example(log: GameLog, paper: Paper) -> Document:
    """Every turn of the game: the tile drawn, the hand, the discard and why; at every
    ready moment the waits and the shapes that make them; each win or draw scored."""
    options = log.options_as(OneSuitOptions)
    table = OneSuitTable(options)
    names = log.players or NAMES
    blocks: list[Block] = [
        Section("One suit mahjong"),
        Heading("One suit mahjong: a worked example"),
        Paragraph(f"Two players, {options.tiles} tiles each from the 36 tiles of "
                  f"{ {'m': 'characters', 'p': 'dots', 's': 'bamboo'}[options.suit]}, "
                  f"{options.hands} hands, {options.scoring} scoring, seed {log.seed}. "
                  f"Players: {', '.join(names)}. The drawn tile is outlined; the line under "
                  "each turn is the player's reason."),
    ]
    last_waits: dict[int, tuple] = {0: (), 1: ()}
    drawn_hand: tuple = ((), frozenset())
    for ev in log.events:
        if isinstance(ev, Discard):
            seat = table.seats[ev.player]
            drawn_hand = _hand_groups(seat, table.last_draw)
        table.apply(ev)
        label = NAMES[getattr(ev, "player", 0)]
        if isinstance(ev, HandStart):
            blocks += [Heading(f"Hand {ev.number}: {NAMES[ev.dealer]} deals", level=2)]
            last_waits = {0: (), 1: ()}
        elif isinstance(ev, Deal):
            seat = table.seats[ev.player]
            blocks.append(TileRow((sort_tiles(seat.hand),), tile_width=7.0, label=label,
                                  label_width=8.0, note="starting hand"))
        elif isinstance(ev, Discard):
            seat = table.seats[ev.player]
            groups, marks = drawn_hand
            waits = seat.waits()
            note = f"draws {table.last_draw}, discards {ev.tile}"
            blocks.append(TileRow(groups, tile_width=6.0, marks=marks, label=label,
                                  label_width=8.0, note=note))
            if ev.reason:
                blocks.append(Paragraph(ev.reason, size=8, font="italic", color="#6b6862"))
            if waits and waits != last_waits[ev.player]:
                blocks.append(Paragraph(f"{label} is ready, waiting on {_spaced(waits)}:",
                                        size=8.5, font="bold"))
                blocks += _readings(tuple(seat.hand), seat.kans)
            last_waits[ev.player] = waits
        elif isinstance(ev, Kan):
            blocks.append(Paragraph(f"{label} declares a kan of {ev.tile} and draws again: "
                                    f"{ev.reason}.", size=8.5))
        elif isinstance(ev, Ron | Tsumo):
            o = table.outcome
            seat = table.seats[ev.player]
            how = "on the discard" if isinstance(ev, Ron) else "on the drawn tile"
            verdict = "" if o["valid"] else " -- but it does not complete the hand"
            blocks.append(Paragraph(f"{label} declares {ev.TYPE} {how} {ev.tile}{verdict}, and "
                                    f"names {_spaced(ev.named)}.", size=9,
                                    font="bold"))
            if o["valid"]:
                (dec, *_) = sorted(standard.decompositions(tuple(seat.hand)), key=str)
                groups = tuple(g.tiles for g in dec.groups) + tuple(tuple(k) for k in seat.kans)
                from generator.games.standard.puzzles import mark_in

                blocks.append(TileRow(groups, tile_width=7.0, marks=mark_in(groups, ev.tile),
                                      label=label, label_width=8.0,
                                      note=f"waits were {' '.join(map(str, o['waits']))}"))
        elif isinstance(ev, Exhausted):
            blocks.append(Paragraph("No tile is left: the hand is a draw. Both players show "
                                    "their hands and name their waits.", size=9, font="bold"))
        elif isinstance(ev, Show):
            seat = table.seats[ev.player]
            waits = seat.waits()
            blocks.append(TileRow(_hand_groups(seat, None)[0], tile_width=6.0, label=label,
                                  label_width=8.0,
                                  note=f"names {_spaced(ev.named)}; waits "
                                       f"{_spaced(waits, 'none')}"))
        elif ev.TYPE == "score":
            rows = tuple((NAMES[p], str(ev.points[p]), ev.why[p], str(table.scores[p]))
                         for p in (0, 1))
            blocks.append(Table(("player", "points", "why", "total"), rows,
                                widths=(1, 1, 7, 1), size=8.5))
    result = table.result()
    a, b = result["scores"]
    winner = "a tie" if result["winner"] is None else f"{NAMES[result['winner']]} wins"
    blocks += [Heading("Result", level=2),
               Paragraph(f"A {a}, B {b}: {winner}. Every event above was checked by the "
                         "rules engine as the game was replayed.", size=10, font="bold")]
    return Document("One suit mahjong: worked example", paper, tuple(blocks))


__all__ = ["play", "replay", "worked_example"]
