"""An American Mah Jongg game told for a learner: what happened in a paragraph, the deal
and the Charleston in compact tables, the play as rows of short turn tables, and full
diagrams only where something worth seeing happens (an exposure, a redeemed joker, a dead
hand, the Mah Jongg beside its line of the card). The rulebook's example is the same
telling, cut to the winner's story.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from tilepress.documents.model import Block, Document, Heading, Paragraph, Section, Table, TileRow
from tilepress.draw.canvas import Paper
from tilepress.engine.log import Event, GameLog
from tilepress.games.american.card import nearest
from tilepress.games.american.events import (
    Call,
    Courtesy,
    Dead,
    Deal,
    Discard,
    Draw,
    End,
    MahJong,
    Pass,
    Redeem,
    Stop,
)
from tilepress.games.american.options import AmericanOptions, CardHandFigure
from tilepress.games.american.pictures import card_hand_figure
from tilepress.games.american.rules import AmericanGame, Claims, Dice
from tilepress.games.american.runner import new_state, play
from tilepress.tiles import Tile, format_tiles, parse_tiles, sort_tiles

MADE = ("How this example was made: a program played each seat by the rules, and every "
        "move was checked against the rules as the game was replayed.")
"""The colophon line at the foot of a worked example: how it was made, once, at the back."""

SEATS = ("East", "South", "West", "North")
TILE = 8.0
"""Tile width (mm) of the hand diagrams."""
TABLE_SIZE = 7.5
GREY = "#6b6862"


AMERICAN_SUITS = {"m": "Crak", "s": "Bam", "p": "Dot"}
HONORS = ("East wind", "South wind", "West wind", "North wind", "white dragon",
          "green dragon", "red dragon")
SIZES = {3: "pung", 4: "kong", 5: "quint"}
_MPSZ = re.compile(r"\b(?:\d+[mpszfj])+\b")


def word(tile: Tile, plural: bool = False) -> str:
    """A tile as American players name it: "5 Dot", "East wind", "red dragon",
    "flower", "joker" (with an s for several)."""
    s = "s" if plural else ""
    if tile.suit in AMERICAN_SUITS:
        return f"{tile.number} {AMERICAN_SUITS[tile.suit]}{s}"
    if tile.suit == "z":
        return HONORS[tile.number - 1] + s
    return ("flower" if tile.suit == "f" else "joker") + s


def words(tiles) -> str:
    """Tiles in words, like ones counted together: "2 East winds, 5 Dot, joker"."""
    counts: dict[str, tuple[Tile, int]] = {}
    for t in tiles:
        key = "f" if t.suit == "f" else str(t)
        tile, n = counts.get(key, (t, 0))
        counts[key] = (tile, n + 1)
    return ", ".join(word(t) if n == 1 else f"{n} {word(t, True)}"
                     for t, n in counts.values()) or "nothing"


def a(text: str) -> str:
    """``text`` with its article: "an 8 Crak", "a red dragon", "an East wind"."""
    first = text.split()[0] if text else ""
    vowel = first[:1].lower() in "aeiou" or first in ("8", "11", "18")
    return f"{'an' if vowel else 'a'} {text}"


def call_words(reason: str) -> str:
    """A bot's reason for calling a discard, as the rest of a sentence."""
    m = re.fullmatch(r"\S+ exposes a group of (.+), (\d+) away \(was (\d+) away\)", reason)
    if m is None:
        return plain(reason)
    return f"a group of {m.group(1)}, now {m.group(2)} tiles to go (before the call, " \
           f"{m.group(3)})"


def group_words(group) -> str:
    """An exposure in words: "a kong of 8 Dots (one a joker)"."""
    naturals = [t for t in group if not t.is_joker]
    jokers = len(group) - len(naturals)
    size = SIZES.get(len(group), f"group of {len(group)}")
    face = word(naturals[0], True) if naturals else "jokers"
    extra = {0: "", 1: " (one a joker)"}.get(jokers, f" ({jokers} of them jokers)")
    return f"a {size} of {face}{extra}"


def plain(reason: str) -> str:
    """A bot's reason in a player's words: tiles by name, "3 tiles to go"."""
    reason = _MPSZ.sub(lambda m: words(parse_tiles(m.group(0))), reason)
    reason = re.sub(r", (\d+) away", lambda m: f" ({m.group(1)} tile"
                    f"{'s' * (m.group(1) != '1')} to go)", reason)
    return reason.replace("(1 tile to go)", "(one tile to go: ready)")


@dataclass
class Story:
    """The game replayed event by event, remembering what a telling needs."""

    log: GameLog
    game: AmericanGame
    turn: int = 0
    passes: list[dict[int, str]] = field(default_factory=list)
    pass_names: list[str] = field(default_factory=list)
    after_charleston: list[tuple[Tile, ...]] = field(default_factory=list)
    dealt: list[tuple[Tile, ...]] = field(default_factory=list)
    moments: list[tuple[int, int, str]] = field(default_factory=list)
    """(turn, seat, what happened) for calls, redemptions, dead hands and Mah Jongg."""
    stopped: list[int] = field(default_factory=list)
    courtesy: dict[int, int] = field(default_factory=dict)
    winner_hand: tuple[list[Tile], list[list[Tile]], str] | None = None
    how: str = ""
    """How the winning tile came: draw, call or redeem."""
    last_discarder: int | None = None

    def name(self, p: int) -> str:
        return SEATS[(p - self.game.east) % 4]


def replay_story(log: GameLog, game: AmericanGame,
                 each: Callable[[Story, Event], None] | None = None) -> Story:
    """Apply every event of ``log`` to ``game``, collecting the story; ``each`` is called
    after every event."""
    story = Story(log, game)
    pending: dict[int, str] = {}
    for ev in log.events:
        before = game.step
        game.apply(ev)
        if isinstance(ev, Deal):
            story.dealt = [tuple(sort_tiles(h)) for h in game.hands]
        elif isinstance(ev, Pass):
            own = words(ev.tiles) if ev.tiles else ""
            blind = f"{ev.blind} blind" if ev.blind else ""
            pending[ev.player] = "; ".join(x for x in (own, blind) if x) or "nothing"
            if not game.pending:
                steps = game.steps
                story.pass_names.append(
                    f"{'1st' if before < 3 else '2nd'}: {steps[before][0]}"
                    if before < len(steps) else "courtesy: across")
                story.passes.append(dict(pending))
                pending = {}
        elif isinstance(ev, Stop) and ev.stop:
            story.stopped.append(ev.player)
        elif isinstance(ev, Courtesy):
            story.courtesy[ev.player] = ev.count
        elif isinstance(ev, Discard):
            story.last_discarder = ev.player
            if story.turn == 0:
                story.after_charleston = [tuple(sort_tiles(h)) for h in game.hands]
            story.turn += 1
        elif isinstance(ev, Call) and game.phase.name != "DECLARE":
            story.moments.append((story.turn, ev.player, f"calls {a(word(ev.tile))} and "
                                  f"exposes {group_words(game.exposed[ev.player][-1])}"))
        elif isinstance(ev, Redeem):
            story.moments.append((story.turn, ev.player, f"gives {a(word(ev.tile))} for the "
                                  f"joker in {story.name(ev.owner)}'s exposure"))
        elif isinstance(ev, Dead):
            story.moments.append((story.turn, ev.player, f"hand dead: {ev.reason}"))
        elif isinstance(ev, MahJong):
            story.how = game.acquired
            story.winner_hand = (list(game.hands[ev.player]),
                                 [list(g) for g in game.exposed[ev.player]], ev.hand)
            story.moments.append((story.turn, ev.player, f"Mah Jongg: {ev.hand}"))
        if each is not None:
            each(story, ev)
    return story


def summary(story: Story) -> str:
    """The game in a few sentences: who won, with which hand, how, and who paid."""
    game, result = story.game, story.game.result()
    turns = f"{story.turn} discards"
    dead = [story.name(p) for p in range(4) if game.dead[p]]
    dead_note = (f" {' and '.join(dead)} had a dead hand and sat out the rest of the game."
                 if dead else "")
    if result["winner"] is None or story.winner_hand is None:
        return (f"Nobody completes a hand: after {turns} the wall is empty, a wall game, "
                f"and nobody pays.{dead_note}")
    p = result["winner"]
    winner = story.name(p)
    hand = game.card.hand(story.winner_hand[2])
    exposures = len(story.winner_hand[1])
    redeemed = sum(1 for _, q, what in story.moments if q == p and what.startswith("gives"))
    how = {"call": f"calling {story.name(story.last_discarder)}'s discard"
           if story.last_discarder is not None else "calling a discard",
           "redeem": "by redeeming a joker"}.get(story.how, "on a tile drawn from the wall")
    built = [f"{exposures} exposure{'s' * (exposures != 1)}" if exposures else
             "no exposure", f"{redeemed} redeemed joker{'s' * (redeemed != 1)}"
             if redeemed else ""]
    jokerless = " It holds no joker, so it pays more." if "jokerless" in game.outcome else ""
    pays = ", ".join(f"{story.name(q)} {-v}" for q, v in enumerate(result["payments"])
                     if v < 0)
    return (f"{winner} wins after {turns} with {hand.id} ({hand.value} points on the card), "
            f"{how}; the hand was built with {' and '.join(x for x in built if x)}."
            f"{jokerless} {pays}: {winner} collects {max(result['payments'])}.{dead_note}")


def hand_rows(story: Story, hands: list[tuple[Tile, ...]]) -> list[Block]:
    """Each player's tiles, East first, then a table of the hand each is nearest to."""
    game = story.game
    order = [(game.east + k) % 4 for k in range(4)]
    out: list[Block] = [TileRow((hands[p],), tile_width=TILE, label=story.name(p),
                                label_width=14.0, wrap=True) for p in order]
    rows = []
    for p in order:
        best = nearest(game.card, list(hands[p]), (), count=1)
        if best:
            hand = best[0].hand
            line = " or ".join(" ".join(str(g) for g in v) for v in hand.variants)
            rows.append((story.name(p), hand.id, line, str(best[0].need)))
    out.append(Table(("player", "nearest hand", "its line on the card", "tiles to go"),
                     tuple(rows), widths=(1.4, 2.6, 5, 1.4), size=TABLE_SIZE))
    return out


def charleston_table(story: Story) -> Table:
    order = [(story.game.east + k) % 4 for k in range(4)]
    rows = tuple((label, *(story.passes[k].get(p, "") for p in order))
                 for k, label in enumerate(story.pass_names))
    return Table(("pass", *(story.name(p) for p in order)), rows,
                 widths=(2.2, 3, 3, 3, 3), size=TABLE_SIZE)


def mahjong_figure(story: Story) -> list[Block]:
    """The winning hand laid out under its line of the card (checked by the engine)."""
    assert story.winner_hand is not None
    hand, exposed, hand_id = story.winner_hand
    tiles = format_tiles(sort_tiles(hand)) + "".join(f" [{format_tiles(g)}]" for g in exposed)
    drawn = card_hand_figure(CardHandFigure(hand=hand_id, tiles=tiles, tile_width=TILE),
                             card=story.game.card)
    return [drawn.figure]


def payments_table(story: Story) -> Table:
    result = story.game.result()
    rows = tuple((story.name(p), f"{v:+d}") for p, v in enumerate(result["payments"]))
    return Table(("player", "payment"), rows, widths=(4, 2), size=9)


# ---------------------------------------------------------------------------
# The rulebook's example: the winner's story
# ---------------------------------------------------------------------------


def winner_story(log: GameLog, game: AmericanGame) -> list[Block]:
    """The short telling of a rulebook: the summary, the winner's tiles after the deal
    and after the Charleston, what happened at the table, and the Mah Jongg."""
    story = replay_story(log, game)
    p = story.game.winner
    assert p is not None
    who = story.name(p)
    rows = tuple((str(t), story.name(q), what) for t, q, what in story.moments)
    return [
        Paragraph(summary(story), size=9.5),
        Paragraph(f"{who}'s tiles as dealt:", size=9, font="bold"),
        TileRow((story.dealt[p],), tile_width=TILE, wrap=True),
        Paragraph(f"{who}'s tiles after the Charleston ({len(story.pass_names) - 1} passes "
                  f"and the courtesy pass):", size=9, font="bold"),
        TileRow((story.after_charleston[p],), tile_width=TILE, wrap=True),
        Paragraph("What happened at the table, discard by discard (every other turn was a "
                  "draw from the wall and a discard):", size=9),
        Table(("after discard", "player", "what"), rows, widths=(1.6, 1.6, 8), size=8),
        Paragraph(f"{who}'s Mah Jongg, laid out under its line of the card:", size=9,
                  font="bold"),
        *mahjong_figure(story),
    ]


def options_of(log: GameLog) -> AmericanOptions:
    return log.options_as(AmericanOptions)


# ---------------------------------------------------------------------------
# The worked example: the whole game, compact
# ---------------------------------------------------------------------------


class _Teller:
    """Builds the compact telling while the story replays."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.rows: list[tuple[str, str, str, str, str]] = []
        self.took: dict[int, str] = {}
        self.play_started = False

    def flush(self) -> None:
        if self.rows:
            self.blocks.append(Table(("", "player", "takes", "discards", "why"),
                                     tuple(self.rows), widths=(0.7, 1.3, 2.4, 2.1, 7.5),
                                     size=TABLE_SIZE))
            self.rows = []

    def hand(self, story: Story, p: int, note: str) -> TileRow:
        game = story.game
        groups = [tuple(sort_tiles(game.hands[p]))] + [tuple(g) for g in game.exposed[p]]
        return TileRow(tuple(groups), tile_width=TILE, wrap=True, note=note)

    def __call__(self, story: Story, ev: Event) -> None:
        game, name = story.game, story.name
        if isinstance(ev, Discard) and not self.play_started:
            self.play_started = True
            self.blocks += [Heading("After the Charleston", level=2),
                            Paragraph("Each player's tiles and the nearest hand on the "
                                      "card (East has drawn its fourteenth tile and "
                                      "discards first).", size=9),
                            *hand_rows(story, [tuple(sort_tiles(h)) for h in game.hands]),
                            Heading("Play", level=2),
                            Paragraph("One row per turn: the tile taken (drawn from the "
                                      "wall, or a discard called), the discard and the "
                                      "player's reason. Hands are drawn where something "
                                      "happens that changes the table.", size=9)]
        if isinstance(ev, Draw):
            self.took[ev.player] = f"draws {word(ev.tile)}"
        elif isinstance(ev, Discard):
            took = self.took.pop(ev.player, "starts with 14")
            self.rows.append((str(story.turn), name(ev.player), took, word(ev.tile),
                              plain(ev.reason)))
        elif isinstance(ev, Call) and game.phase.name != "DECLARE":
            self.flush()
            group = group_words(game.exposed[ev.player][-1])
            self.blocks += [Paragraph(f"{name(ev.player)} calls the {word(ev.tile)} and "
                                      f"exposes {group}, {call_words(ev.reason)}.", size=9,
                                      font="bold"),
                            self.hand(story, ev.player, "tiles and exposures")]
            self.took[ev.player] = f"calls {word(ev.tile)}"
        elif isinstance(ev, Redeem):
            self.flush()
            self.blocks.append(Paragraph(
                f"{name(ev.player)} gives {a(word(ev.tile))} for the joker in "
                f"{name(ev.owner)}'s exposure and takes the joker: {plain(ev.reason)}.",
                size=9, font="bold"))
        elif isinstance(ev, Dead):
            self.flush()
            self.blocks.append(Paragraph(f"{name(ev.player)}'s hand is dead: {ev.reason}. "
                                         "It stops playing and will still pay.", size=9,
                                         font="bold"))
        elif isinstance(ev, MahJong):
            self.flush()
            self.blocks += [Paragraph(f"{name(ev.player)} declares Mah Jongg: {ev.hand}. "
                                      "Here is the hand under its line of the card:",
                                      size=9.5, font="bold"),
                            *mahjong_figure(story)]
        elif isinstance(ev, End):
            self.flush()


def worked_blocks(log: GameLog, game: AmericanGame) -> list[Block]:
    """The worked example's blocks: summary, the deal, the Charleston in one table, play
    in turn tables with a hand drawn at each call, and the payments."""
    teller = _Teller()
    story = replay_story(log, game, teller)
    teller.flush()
    stopped = (f"{', '.join(story.name(p) for p in story.stopped)} stopped the second "
               "Charleston." if story.stopped else "Nobody stopped the second Charleston.")
    facing = [(story.game.east + k) % 4 for k in (0, 1)]
    courtesy = "; ".join(
        f"{story.name(p)} and {story.name((p + 2) % 4)} offered "
        f"{story.courtesy.get(p, 0)} and {story.courtesy.get((p + 2) % 4, 0)}, so "
        f"passed {min(story.courtesy.get(p, 0), story.courtesy.get((p + 2) % 4, 0))}"
        for p in facing)
    start = [
        Paragraph(summary(story), size=10),
        Paragraph(f"Four players who count tiles: each knows its own tiles and "
                  f"every tile in sight, and aims at the hands on the card ({game.card.name})"
                  f" that the tiles still unseen can finish. Seats are named by wind; play "
                  f"goes East, South, West, North.", size=9),
        Heading("The deal", level=2),
        *hand_rows(story, [tuple(t) for t in story.dealt]),
        Heading("The Charleston", level=2),
        Paragraph("What each player passed (a blind pass hands on tiles coming in "
                  "the same pass, unseen).", size=9),
        charleston_table(story),
        Paragraph(f"{stopped} Courtesy pass: {courtesy}.", size=9),
    ]
    end = [Heading("Payments", level=2), Paragraph(story.game.outcome + ".", size=10,
                                                   font="bold"),
           payments_table(story),
           Paragraph(MADE, size=8, color=GREY)]
    return start + teller.blocks + end


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
                missing = ", ".join(t if isinstance(t, str) else word(t)
                                    for t in _tiles(m.missing)).replace("F", "flower")
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
                                    f"{self.names[ev.east]} rolled highest and is East. Game "
                                    f"{self.log.seed}.",
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
            text = words(ev.tiles) if ev.tiles else ("nothing" if not ev.blind else "")
            if ev.blind:
                came = game.blind_tiles[ev.player]
                text += (" + " if ev.tiles else "") + f"{ev.blind} blind (" + \
                    (words(came) if came else "none came") + ")"
            rows.append((self.seat(ev.player),
                         text + (f": {plain(ev.reason)}" if ev.reason else "")))
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
            blocks.append(Paragraph(f"{turn}. {seat(ev.player)} discards {a(word(ev.tile))} "
                                    f"({plain(ev.reason)}).", size=8))
            if turn % 12 == 0:
                blocks.append(Heading(f"After {turn} discards", level=3))
                blocks.append(self.nearest_table())
        elif isinstance(ev, Claims) and (ev.mahjong or ev.expose):
            who = [f"{seat(p)} for Mah Jongg" for p in ev.mahjong] + \
                [f"{seat(p)} for an exposure" for p in ev.expose]
            blocks.append(Paragraph("Claimed by " + ", ".join(who) + ".", size=8))
        elif isinstance(ev, Call):
            blocks.append(Paragraph(f"{seat(ev.player)} calls {a(word(ev.tile))} "
                                    f"({plain(ev.reason)}).", size=8))
            blocks.append(self.hand_row(ev.player))
        elif isinstance(ev, Redeem):
            blocks.append(Paragraph(f"{seat(ev.player)} redeems the joker in "
                                    f"{seat(ev.owner)}'s exposure with {a(word(ev.tile))} "
                                    f"({plain(ev.reason)}).", size=8))
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
                       Paragraph(MADE, size=8, color=GREY)]


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
    options = AmericanOptions()
    log = play(options, EXAMPLE_SEED)
    if not example_fits(log):  # pragma: no cover - a change of bots or rules
        raise AssertionError(f"game {EXAMPLE_SEED} no longer fits the example's criterion")
    criterion = (f"From the book's sample games between four players with the standard "
                 f"rules (games 1, 2, ...): the first won by Mah Jongg on a called discard "
                 f"within {EXAMPLE_DISCARDS} discards, game {EXAMPLE_SEED}.")
    return criterion, winner_story(log, new_state(options))


__all__ = ["EXAMPLE_DISCARDS", "EXAMPLE_SEED", "Story", "charleston_table",
           "example_fits", "group_words", "hand_rows", "mahjong_figure",
           "payments_table", "plain", "replay_story", "rulebook_example", "summary",
           "winner_story", "word", "words", "worked_blocks", "worked_example"]
