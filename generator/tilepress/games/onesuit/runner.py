"""One suit mahjong, played by bots into a log, replayed, and explained on paper."""

from __future__ import annotations

import random
import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from tilepress.documents.model import Block, Document, Heading, Paragraph, Section, Table, TileRow
from tilepress.draw.canvas import Paper
from tilepress.engine import standard
from tilepress.engine.log import Event, GameLog, replay_through
from tilepress.engine.record import GameRecord, counted, lead_history
from tilepress.engine.rules import play_out
from tilepress.games.onesuit.bots import EfficiencyBot
from tilepress.games.onesuit.rules import (
    GAME,
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
    suit_tiles,
)
from tilepress.params import params_dict
from tilepress.tiles import Tile, sort_tiles

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


def record(log: GameLog) -> GameRecord:
    """The game's facts for a balance report, read from its events (hands followed tile
    by tile, waits computed only at a win): each hand's end (ron, tsumo, a win declared
    in error, an exhaustive draw), each winning hand's form and number of waits, the kans
    and how the waits were named, and the lead after each hand's score. A turn is a
    player's draw from the wall or win on a discard."""
    hands: list[list[Tile]] = [[], []]
    kans: list[list[tuple[Tile, ...]]] = [[], []]
    ends: list[str] = []
    wins: list[str] = []
    actions: list[str] = []
    totals: list[tuple[int, int]] = []
    running = (0, 0)
    first: int | None = None
    turns = hands_played = 0
    after_kan = False
    for ev in log.events:
        if isinstance(ev, HandStart):
            hands, kans = [[], []], [[], []]
            hands_played = ev.number
            first = ev.dealer if first is None else first
        elif isinstance(ev, Deal):
            hands[ev.player] = list(ev.tiles)
        elif isinstance(ev, Draw):
            hands[ev.player].append(ev.tile)
            turns += not after_kan
        elif isinstance(ev, Discard):
            hands[ev.player].remove(ev.tile)
        elif isinstance(ev, Kan):
            for _ in range(4):
                hands[ev.player].remove(ev.tile)
            kans[ev.player].append((ev.tile,) * 4)
            actions.append("kan")
        elif isinstance(ev, Ron | Tsumo):
            before = list(hands[ev.player])
            if isinstance(ev, Tsumo):
                before.remove(ev.tile)
            turns += isinstance(ev, Ron)
            actions.append(ev.TYPE)
            _win_facts(ev, before, kans[ev.player], ends, wins, actions)
        elif isinstance(ev, Exhausted):
            ends.append("exhaustive draw")
        elif isinstance(ev, Show) and ev.named:
            actions.append("waits named at a draw")
        elif isinstance(ev, HandScore):
            running = (running[0] + ev.points[0], running[1] + ev.points[1])
            totals.append(running)
        after_kan = isinstance(ev, Kan)
    scores, winner = tuple(log.result["scores"]), log.result["winner"]
    lead = lead_history(totals, winner)
    valid = sum(e in ("ron", "tsumo") for e in ends)
    return GameRecord(
        sides=tuple(log.players) or NAMES, scores=scores,
        winners=() if winner is None else (winner,), turns=turns, rounds=hands_played,
        rounds_without_winner=len(ends) - valid, first=first,
        end=f"{hands_played} hands played", round_ends=counted(ends), wins=tuple(wins),
        actions=counted(actions), lead_changes=lead.changes, decided_at=lead.decided_at)


def _win_facts(ev: Ron | Tsumo, before: list[Tile], kans: list[tuple[Tile, ...]],
               ends: list[str], wins: list[str], actions: list[str]) -> None:
    """A declared win: its end (valid or in error), the winning hand's form and waits,
    and how the waits were named (as the rules score them)."""
    waits = tuple(w.tile for w in standard.waits(standard.Hand(tuple(before), tuple(kans))))
    if ev.tile not in waits:
        ends.append("win declared in error")
        return
    ends.append(ev.TYPE)
    forms = {d.form for d in standard.decompositions((*before, ev.tile))}
    form = "sets and a pair" if "standard" in forms else "seven pairs"
    wins.append(f"{form}, {len(waits)} wait{'s' * (len(waits) > 1)}")
    named = set(ev.named)
    if named == set(waits):
        actions.append("every wait named")
    if named - set(waits):
        actions.append("a wrong wait named")


# ---------------------------------------------------------------------------
# The worked example
# ---------------------------------------------------------------------------


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
                              note=f"{r.shape}: waits {_say(r.waits)}"))
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
            turns.append((NAMES[ev.player], _say((table.last_draw,)), _say((ev.tile,)),
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


def _say(tiles: Sequence[Tile], empty: str = "nothing") -> str:
    """Tiles as a player says them in a one-suit game: "3", "2 and 5", "1, 4 and 7"."""
    names = [str(t.number) for t in tiles if t is not None]
    if not names:
        return empty
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _discard_blocks(table: OneSuitTable, ev: Discard, drawn_hand: tuple,
                    last_waits: dict[int, tuple]) -> list[Block]:
    seat = table.seats[ev.player]
    label = NAMES[ev.player]
    groups, marks = drawn_hand
    waits = seat.waits()
    blocks: list[Block] = [TileRow(groups, tile_width=8.0, marks=marks, label=label,
                                   label_width=8.0,
                                   note=f"draws {_say((table.last_draw,))}, discards "
                                        f"{_say((ev.tile,))}")]
    if ev.reason:
        blocks.append(Paragraph(plain_words(ev.reason), size=8, font="italic",
                                color="#6b6862"))
    if waits and waits != last_waits[ev.player]:
        blocks.append(Paragraph(f"{label} is ready, waiting on {_say(waits)}:", size=8.5,
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
        return [Paragraph(f"{label} sets four {_say((ev.tile,))}s aside as a kan and draws "
                          f"again: {plain_words(ev.reason)}.", size=8.5)]
    if isinstance(ev, Ron | Tsumo):
        return _win_blocks(table, ev)
    if isinstance(ev, Exhausted):
        return [Paragraph("No tile is left: the hand is a draw. Both players show their "
                          "hands and name their waits.", size=9, font="bold")]
    if isinstance(ev, Show):
        seat = table.seats[ev.player]
        return [TileRow(_hand_groups(seat, None)[0], tile_width=8.0, label=label,
                        label_width=8.0, note=f"names {_say(ev.named)}; waits "
                        f"{_say(seat.waits(), 'none')}")]
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
                                     f"{_say((ev.tile,))}{verdict}, and names "
                                     f"{_say(ev.named)}.", size=9, font="bold")]
    if o["valid"]:
        (dec, *_) = sorted(standard.decompositions(tuple(seat.hand)), key=str)
        groups = tuple(g.tiles for g in dec.groups) + tuple(tuple(k) for k in seat.kans)
        blocks.append(TileRow(groups, tile_width=8.0, marks=mark_in(groups, ev.tile),
                              label=label, label_width=8.0,
                              note=f"the waits were {_say(o['waits'])}"))
    return blocks


def worked_example(log: GameLog, paper: Paper, *, full: bool = False) -> Document:
    """The game told for a learner: a summary, then every turn (see :func:`narrate`)."""
    options = log.options_as(OneSuitOptions)
    names = log.players or NAMES
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
                  f"{', '.join(names)}. Tiles are named by their numbers (all are {suit}); "
                  "in the hand diagrams the tile just drawn is outlined. Each turn gives the "
                  "player's reason.", size=9),
        *narrate(log, full=full),
        Heading("Result", level=2),
        Paragraph(f"A {a}, B {b}: {winner}. Every event above was checked by the rules "
                  "engine as the game was replayed.", size=10, font="bold"),
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
                criterion = (f"The first hand, in games between two computer players with "
                             f"the standard rules, that ends within {EXAMPLE_TURNS} "
                             f"discards in a win on a discard with every wait named: game "
                             f"{seed}, hand {table.hand_number}.")
                return criterion, narrate(log, {table.hand_number})
    raise AssertionError("no game shows a short win by ron")  # pragma: no cover


__all__ = ["narrate", "play", "record", "replay", "rulebook_example", "worked_example"]
