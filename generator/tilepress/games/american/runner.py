"""American Mah Jongg for four bots: played into a log, replayed through the rules, and
explained on paper -- the Charleston pass by pass, each player's nearest hands as play
goes on, and the payments."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tilepress.documents.model import Block, Document, Heading, Paragraph, Section, Table, TileRow
from tilepress.draw.canvas import Paper
from tilepress.engine.log import Event, GameLog, replay_through
from tilepress.engine.rules import play_out
from tilepress.errors import RequestError
from tilepress.games.american.bots import Planner
from tilepress.games.american.card import american_set, nearest
from tilepress.games.american.cards_file import load_card
from tilepress.games.american.events import fold_answers
from tilepress.games.american.record import record
from tilepress.games.american.rules import (
    GAME,
    AmericanGame,
    AmericanOptions,
    Call,
    Claims,
    Courtesy,
    Dead,
    Deal,
    Dice,
    Discard,
    End,
    MahJong,
    Pass,
    Phase,
    Redeem,
    Stop,
)
from tilepress.params import params_dict
from tilepress.tiles import format_tiles, sort_tiles

SEATS = ("East", "South", "West", "North")
MAX_EVENTS = 20_000


def new_state(options: AmericanOptions) -> AmericanGame:
    """A game before the dice, with the card its options name (read here)."""
    return AmericanGame(options, load_card(options.card))


def chance_event(game: AmericanGame, rng: random.Random) -> Event:
    """The dice (rolled again until one total is highest), then the shuffled walls."""
    if game.phase == Phase.DICE:
        while True:
            rolls = tuple((rng.randint(1, 6), rng.randint(1, 6)) for _ in range(4))
            totals = [a + b for a, b in rolls]
            if totals.count(max(totals)) == 1:
                return Dice(rolls, totals.index(max(totals)))
    wall = list(american_set())
    rng.shuffle(wall)
    return Deal(tuple(wall))


def play(options: AmericanOptions, seed: int | str, bots: Sequence | None = None) -> GameLog:
    """One game (one deal) between four bots (planners unless given). The log writes the
    answers to each discard as one ``claims`` line."""
    bots = list(bots) if bots else [Planner() for _ in range(4)]
    if len(bots) != 4:
        raise RequestError(f"four players need four bots, not {len(bots)}")
    rng = random.Random(f"tilepress:{GAME}:{seed}")
    game = new_state(options)
    events = play_out(game, bots, rng, chance_event, limit=MAX_EVENTS)
    return GameLog(GAME, params_dict(options), seed, tuple(fold_answers(events)),
                   game.result(), tuple(getattr(b, "name", "bot") for b in bots))


def replay(log: GameLog) -> dict[str, Any]:
    """Apply every event of ``log`` through the rules; raise at the first illegal one."""
    return replay_through(new_state(log.options_as(AmericanOptions)), log, key="payments")


def summary(log: GameLog, result: Mapping[str, Any]) -> str:
    pays = " ".join(f"{SEATS[(k - result['east'] + 1) % 4][0]}{v:+d}"
                    for k, v in enumerate(result["payments"]))
    return f"{result['outcome']}; payments {pays}"


# ---------------------------------------------------------------------------
# The worked example
# ---------------------------------------------------------------------------


class _Example:
    """The worked example, built event by event as the log is replayed."""

    def __init__(self, log: GameLog) -> None:
        self.log = log
        self.game = new_state(log.options_as(AmericanOptions))
        self.names = [f"Seat {k + 1}" for k in range(4)]
        self.blocks: list[Block] = [Section("American Mah Jongg"),
                                    Heading("American Mah Jongg: a worked example")]
        self.turn = 0
        self.passes: list[Pass] = []

    def seat(self, p: int) -> str:
        return f"{self.names[p]} ({SEATS[(p - self.game.east) % 4]})"

    def hand_row(self, p: int) -> TileRow:
        game = self.game
        groups = [sort_tiles(game.hands[p])] + [tuple(g) for g in game.exposed[p]]
        return TileRow(tuple(groups), tile_width=5.2, label=self.seat(p), label_width=28)

    def nearest_table(self) -> Table:
        game = self.game
        rows = []
        for p in range(4):
            if game.dead[p]:
                rows.append((self.seat(p), "dead", "", ""))
                continue
            best = nearest(game.card, game.hands[p], game.exposures(p), count=2)
            for k, m in enumerate(best):
                missing = " ".join(str(t) for t in _tiles(m.missing))
                rows.append((self.seat(p) if k == 0 else "", m.requirement.describe(),
                             str(m.need), missing))
        return Table(("player", "nearest hands", "away", "still needed"), tuple(rows),
                     widths=(3, 6, 1.2, 6), size=7.5)

    def add(self, ev: Event) -> None:
        """Apply ``ev`` and write what it shows."""
        self.game.apply(ev)
        if isinstance(ev, Dice | Deal | Pass | Stop | Courtesy):
            self.start(ev)
        else:
            self.play(ev)

    def start(self, ev: Event) -> None:
        game, blocks, seat = self.game, self.blocks, self.seat
        if isinstance(ev, Dice):
            rolls = ", ".join(f"{self.names[k]} {a}+{b}" for k, (a, b) in enumerate(ev.rolls))
            blocks.append(Paragraph(f"Card: {game.card.name}. Dice: {rolls}; "
                                    f"{self.names[ev.east]} rolled highest and is East. Seed "
                                    f"{self.log.seed}; bots {', '.join(self.log.players)}.",
                                    size=9))
        elif isinstance(ev, Deal):
            blocks.append(Heading("The deal", level=2))
            blocks += [self.hand_row(p) for p in range(4)]
            blocks.append(self.nearest_table())
            blocks.append(Heading("The Charleston", level=2))
        elif isinstance(ev, Pass):
            self.passes.append(ev)
            if not game.pending:
                self.pass_table()
        elif isinstance(ev, Stop) and len(game.votes) == 4:
            stopped = [seat(p) for p, v in game.votes.items() if v]
            blocks.append(Paragraph("The second Charleston is stopped by "
                                    + ", ".join(stopped) + "." if stopped else
                                    "Nobody stops: a second Charleston.", size=8.5))
        elif isinstance(ev, Courtesy) and len(game.offers) == 4:
            blocks.append(Paragraph("Courtesy offers: " + ", ".join(
                f"{seat(p)} {n}" for p, n in game.offers.items()) + ".", size=8.5))

    def pass_table(self) -> None:
        """The pass just made: each player's own tiles, the tiles handed on blind (which
        the player never saw) and why."""
        game = self.game
        rows = []
        for ev in self.passes:
            text = format_tiles(ev.tiles) or ("nothing" if not ev.blind else "")
            if ev.blind:
                text += (" + " if ev.tiles else "") + f"{ev.blind} blind (" + \
                    (format_tiles(game.blind_tiles[ev.player]) or "none came") + ")"
            rows.append((self.seat(ev.player), text + (f": {ev.reason}" if ev.reason else "")))
        step = game.step - 1
        label = f"Pass {step + 1}: {game.steps[step][0]}" if step < len(game.steps) \
            else "Courtesy pass: across"
        self.blocks.append(Heading(label, level=3))
        self.blocks.append(Table(("player", "passes"), tuple(rows), widths=(3, 10), size=7.5))
        self.passes = []

    def play(self, ev: Event) -> None:
        blocks, seat = self.blocks, self.seat
        if isinstance(ev, Discard):
            self.turn += 1
            turn = self.turn
            if turn == 1:
                blocks.append(Heading("Play", level=2))
                blocks += [self.hand_row(p) for p in range(4)]
                blocks.append(self.nearest_table())
            blocks.append(Paragraph(f"{turn}. {seat(ev.player)} discards {ev.tile} "
                                    f"({ev.reason}).", size=8))
            if turn % 12 == 0:
                blocks.append(Heading(f"After {turn} discards", level=3))
                blocks.append(self.nearest_table())
        elif isinstance(ev, Claims) and (ev.mahjong or ev.expose):
            who = [f"{seat(p)} for Mah Jongg" for p in ev.mahjong] + \
                [f"{seat(p)} for an exposure" for p in ev.expose]
            blocks.append(Paragraph("Claimed by " + ", ".join(who) + ".", size=8))
        elif isinstance(ev, Call):
            blocks.append(Paragraph(f"{seat(ev.player)} calls {ev.tile} ({ev.reason}).",
                                    size=8))
            blocks.append(self.hand_row(ev.player))
        elif isinstance(ev, Redeem):
            blocks.append(Paragraph(f"{seat(ev.player)} redeems the joker in "
                                    f"{seat(ev.owner)}'s exposure with a {ev.tile} "
                                    f"({ev.reason}).", size=8))
        elif isinstance(ev, Dead):
            blocks.append(Paragraph(f"{seat(ev.player)}'s hand is dead: {ev.reason}.",
                                    size=8.5, font="bold"))
        elif isinstance(ev, MahJong):
            blocks.append(Paragraph(f"{seat(ev.player)} declares Mah Jongg: {ev.hand}.",
                                    size=9, font="bold"))
            blocks.append(self.hand_row(ev.player))
        elif isinstance(ev, End):
            rows = tuple((seat(p), f"{v:+d}") for p, v in enumerate(ev.payments))
            blocks += [Heading("The end", level=2),
                       Paragraph(ev.reason + ".", size=10, font="bold"),
                       Table(("player", "payment"), rows, widths=(4, 2), size=9),
                       Paragraph("Every event was checked by the rules engine as the game "
                                 "was replayed.", size=8.5)]


def worked_example(log: GameLog, paper: Paper, *, full: bool = False) -> Document:
    """The game told for a learner: a summary, the deal and the Charleston in tables,
    play in turn tables with a hand drawn at each call, and the payments. With ``full``:
    every pass and every discard with each player's nearest hands as play goes on."""
    if full:
        example = _Example(log)
        for ev in log.events:
            example.add(ev)
        blocks = example.blocks
    else:
        from tilepress.games.american.narrate import worked_blocks

        blocks = [Section("American Mah Jongg"),
                  Heading("American Mah Jongg: a worked example"),
                  *worked_blocks(log, new_state(log.options_as(AmericanOptions)))]
    return Document("American Mah Jongg: worked example", paper, tuple(blocks))


def _tiles(faces) -> list:
    from tilepress.games.american.card import FLOWER, tile_of

    return ["F" if f == FLOWER else tile_of(f) for f in faces]


EXAMPLE_SEED = 5
"""The first seed whose game meets :func:`_example_fits` (tests/test_american_book.py
checks that no earlier seed does)."""
EXAMPLE_DISCARDS = 60


def example_fits(log: GameLog) -> bool:
    """The rulebook example's criterion: Mah Jongg on a called discard within
    ``EXAMPLE_DISCARDS`` discards."""
    discards = sum(isinstance(ev, Discard) for ev in log.events)
    return log.result["winner"] is not None and "on a discard" in log.result["outcome"] \
        and discards <= EXAMPLE_DISCARDS


def rulebook_example() -> tuple[str, list[Block]]:
    """The example of the rulebook, and how it was chosen."""
    from tilepress.games.american.narrate import winner_story

    options = AmericanOptions()
    log = play(options, EXAMPLE_SEED)
    if not example_fits(log):  # pragma: no cover - a change of bots or rules
        raise AssertionError(f"game {EXAMPLE_SEED} no longer fits the example's criterion")
    criterion = (f"The first game, in games between four computer players with the standard "
                 f"rules (games 1, 2, ...), won by Mah Jongg on a called discard within "
                 f"{EXAMPLE_DISCARDS} discards: game {EXAMPLE_SEED}.")
    return criterion, winner_story(log, new_state(options))


__all__ = ["example_fits", "play", "record", "replay", "rulebook_example", "worked_example"]
