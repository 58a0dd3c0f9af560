"""Mint Tin Mahjong played by bots -- two players, or solo against the virtual opponent --
into a log, replayed through the rules, and explained turn by turn on paper."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tilepress.documents.model import (
    Block,
    Document,
    Figure,
    Heading,
    Paragraph,
    Section,
    Table,
)
from tilepress.draw.canvas import Paper
from tilepress.engine.log import Event, GameLog, replay_through
from tilepress.engine.rules import play_out
from tilepress.errors import RequestError
from tilepress.games.minttin.bots import Planner
from tilepress.games.minttin.cards import Card, format_cards
from tilepress.games.minttin.hand import BLOCK_NAMES, Arrangement, Exposure, best
from tilepress.games.minttin.hand import deck as full_deck
from tilepress.games.minttin.pictures import cards_figure
from tilepress.games.minttin.record import record
from tilepress.games.minttin.rules import (
    SOLO,
    TWO,
    Answer,
    Call,
    Deal,
    Discard,
    Double,
    Draw,
    Exhausted,
    Mahjong,
    MintTinMatch,
    MintTinOptions,
    OpponentDraw,
    OpponentExposes,
    OpponentSwap,
    PassCards,
    PassOffer,
    RoundEnd,
    Swap,
    ToRow,
)
from tilepress.games.minttin.solo import SoloMatch
from tilepress.games.minttin.story import NOTATION, narrate, plan, summary_of_rounds
from tilepress.games.minttin.twoplayer import TwoPlayerMatch
from tilepress.params import params_dict

MAX_EVENTS = 50_000


def new_state(options: MintTinOptions, solo: bool = False) -> MintTinMatch:
    """A match before its first deal: two players, or solo."""
    return SoloMatch(options) if solo else TwoPlayerMatch(options)


def chance_event(match: MintTinMatch, rng: random.Random) -> Deal:
    """The chance event: the next round's deal from a shuffled deck (in the first round
    of two players, after drawing the first dealer)."""
    if isinstance(match, SoloMatch):
        cards = list(full_deck(0))
        rng.shuffle(cards)
        return Deal(match.round + 1, 0, tuple(cards))
    dealer = rng.randrange(2) if match.round == 0 else match.dealer
    cards = list(full_deck(match.options.shuffled_jokers()))
    rng.shuffle(cards)
    return Deal(match.round + 1, dealer, tuple(cards))


def play(options: MintTinOptions, seed: int | str, bots: Sequence | None = None,
         *, solo: bool = False) -> GameLog:
    """A whole match to 7 (or 14) points: two bots, or one bot solo."""
    if solo:
        bots = [(bots or [Planner()])[0]]
    else:
        bots = list(bots) if bots else [Planner(), Planner()]
        if len(bots) != 2:
            raise RequestError(f"two players need two bots, not {len(bots)}")
    game = SOLO if solo else TWO
    rng = random.Random(f"tilepress:{game}:{seed}")
    match = new_state(options, solo)
    events = play_out(match, bots, rng, chance_event, limit=MAX_EVENTS)
    return GameLog(game, params_dict(options), seed, tuple(events), match.result(),
                   tuple(getattr(b, "name", "bot") for b in bots))


def new_match(log: GameLog) -> MintTinMatch:
    return new_state(log.options_as(MintTinOptions), log.game == SOLO)


def replay(log: GameLog) -> dict[str, Any]:
    """Apply every event of ``log`` through the rules; raise at the first illegal one."""
    return replay_through(new_match(log), log)


def summary(log: GameLog, result: Mapping[str, Any]) -> str:
    who = "you" if log.game == SOLO else "player"
    scores = "-".join(map(str, result["scores"]))
    if result["winner"] is None:
        winner = "a tie"
    elif log.game == SOLO:
        winner = "you win" if result["winner"] == 1 else "the virtual opponent wins"
    else:
        winner = f"{who} {result['winner']} wins"
    return f"{result['rounds']} rounds, {scores}: {winner}"


# ---------------------------------------------------------------------------
# The worked example
# ---------------------------------------------------------------------------


def _groups(cards) -> list[list[Card]]:
    groups: list[list[Card]] = []
    for card in sorted(cards):
        if groups and groups[-1][-1] == card:
            groups[-1].append(card)
        else:
            groups.append([card])
    return groups


def _hand_figure(match: MintTinMatch, p: int) -> Figure:
    seat = match.seats[p]
    groups = _groups(seat.hand) + [sorted(m.cards) for m in seat.melds]
    labels = [""] * len(_groups(seat.hand)) + ["exposed"] * len(seat.melds)
    return cards_figure(groups, card_w=5.2, labels=labels)


def worked_example(log: GameLog, paper: Paper, *, full: bool = False) -> Document:
    """The match told for a learner (see :mod:`tilepress.games.minttin.story`): a summary,
    the turns as compact tables, diagrams where something happens. ``full`` draws the
    hand after every turn, with each discard's reason."""
    if full:
        return _full_example(log, paper)
    result = replay(log)
    solo = log.game == SOLO
    o = log.options_as(MintTinOptions)
    a, b = result["scores"]
    if solo:
        who = "You win" if result["winner"] == 1 else "The virtual opponent wins"
        rules = (f"Solo against the virtual opponent, to {o.target} points, with a dead hand "
                 f"of {o.dead_hand} cards" + (" and the Joker Block rule" if o.joker_block
                                              else ""))
    else:
        who = "A tie" if result["winner"] is None else f"Player {result['winner']} wins"
        rules = (f"Two players, to {o.target} points, jokers: {o.jokers}"
                 + (", with the optional pass" if o.passing else "")
                 + ("" if o.miscall_penalty else ", a friendly game"))
    told, length = plan(log)
    left_out = result["rounds"] - len(told)
    short, tiny = length < SHORT_MATCH, length < TINY_MATCH
    blocks: list[Block] = [
        Section("Mint Tin Mahjong"),
        Heading("Mint Tin Mahjong: a worked example"),
        Paragraph(f"{who}, {a} to {b}, in {result['rounds']} rounds. "
                  + summary_of_rounds(log), size=10),
        Paragraph(f"{rules}; match {log.seed}, played by the computer. {NOTATION}"
                  + (f" To keep the example short, the {left_out} round"
                     f"{'s' * (left_out > 1)} with least to learn (no win, fewest calls and "
                     f"swaps) {'are' if left_out > 1 else 'is'} told in a line each; the full "
                     "version draws every turn." if left_out else "")
                  + (" The match is short, so the hand is drawn after every turn, with "
                     "the player's reason." if tiny else
                     " The match is short, so each discard gives the player's reason."
                     if short else ""), size=9),
        *narrate(log, told, quiet=True, reasons=short and not tiny, full=tiny),
        Heading("Result", level=2),
        Paragraph(f"{a} to {b}: {who.lower()}. Every event above was checked by the rules "
                  "engine as the match was replayed.", size=10, font="bold"),
    ]
    return Document("Mint Tin Mahjong: worked example", paper, tuple(blocks))


def _full_example(log: GameLog, paper: Paper) -> Document:
    """Every turn: the card taken, the hand as a picture, exposures, the discard and its
    reason; each winning hand with its scoring laid out."""
    match = new_match(log)
    solo = log.game == SOLO
    o = match.options
    rules_line = (f"Jokers: {o.jokers}; to {o.target} points"
                  + ("; with the optional pass" if o.passing else "")
                  + ("" if o.miscall_penalty else "; friendly miscalls"))
    if solo:
        rules_line = (f"Solo against the virtual opponent; dead hand of {o.dead_hand}; to "
                      f"{o.target} points" + ("; Joker Block" if o.joker_block else ""))
    story = _Story(match, log)
    story.blocks += [
        Section("Mint Tin Mahjong"),
        Heading("Mint Tin Mahjong: a worked example"),
        Paragraph(f"{rules_line}. Seed {log.seed}; played by the "
                  f"{' and '.join(log.players) or 'planner'} bot"
                  f"{'s' * (len(log.players) > 1)}. Each line is one turn; the hand is "
                  "drawn after it, exposures set apart.", size=9),
    ]
    for ev in log.events:
        story.tell(ev)
    result = match.result()
    story.blocks.append(Paragraph(f"Final score {result['scores'][0]}-{result['scores'][1]}: "
                                  f"{summary(log, result).split(': ')[-1]}. Every event was "
                                  "checked by the rules engine as the match was replayed.",
                                  size=10, font="bold"))
    return Document("Mint Tin Mahjong: worked example", paper, tuple(story.blocks))


class _Story:
    """The worked example, told event by event as the match is replayed: one line per
    turn, the hand drawn after it, and each winning hand laid out."""

    def __init__(self, match: MintTinMatch, log: GameLog) -> None:
        self.match = match
        self.solo = log.game == SOLO
        self.names = (["The player", "The opponent"] if self.solo else
                      [f"Player {k + 1}" + (f" ({b})" if b else "") for k, b in
                       enumerate(log.players or ("", ""))])
        self.blocks: list[Block] = []
        self.words: list[str] = []
        self.turn = 0

    def flush(self, p: int) -> None:
        """End the turn's line: player ``p``'s words, then the hand (not the opponent's
        in solo)."""
        if not self.words:
            return
        self.turn += 1
        self.blocks.append(Paragraph(f"{self.turn}. {self.names[p]} " + "; ".join(self.words)
                                     + ".", size=8))
        if not (self.solo and p == 1):
            self.blocks.append(_hand_figure(self.match, p))
        self.words.clear()

    def tell(self, ev: Event) -> None:
        match = self.match
        p = getattr(ev, "player", 1 if self.solo else 0)
        if isinstance(ev, RoundEnd):
            self.flush(match.current)
        before = None
        if isinstance(ev, Mahjong):
            seat = match.seats[ev.player]
            before = (list(seat.hand), seat.exposures(), match.hand_points(ev.player))
        match.apply(ev)
        if isinstance(ev, Deal):
            self._deal(ev)
        elif isinstance(ev, Mahjong):
            assert before is not None
            self.words.append("calls Mahjong")
            self.flush(p)
            self._winning_hand(ev, *before)
        elif isinstance(ev, RoundEnd):
            self.blocks.append(Paragraph(
                f"Round over: {ev.reason}; {self.names[0]} +{ev.scores[0]}, "
                f"{self.names[1]} +{ev.scores[1]}. Score "
                f"{match.seats[0].score}-{match.seats[1].score}.", size=9, font="bold"))
        else:
            words, ends_turn = self._say(ev, p)
            self.words.append(words)
            if ends_turn:
                self.flush(p)

    def _deal(self, ev: Deal) -> None:
        self.blocks.append(Heading(f"Round {ev.round}" + ("" if self.solo else
                                                          f": {self.names[ev.dealer]} deals"),
                                   level=2))
        for q in ((0,) if self.solo else (0, 1)):
            self.blocks.append(Paragraph(f"{self.names[q]} starts with:", size=8))
            self.blocks.append(_hand_figure(self.match, q))

    def _say(self, ev: Event, p: int) -> tuple[str, bool]:
        """What a player (or the virtual opponent) does, and whether it ends the turn."""
        if isinstance(ev, PassOffer):
            return f"offers to pass {ev.count}", True
        if isinstance(ev, PassCards):
            return f"passes {format_cards(ev.cards)}", True
        if isinstance(ev, Draw):
            return f"draws {ev.card}", False
        if isinstance(ev, Exhausted):
            return f"has nothing to draw: the deck is empty ({ev.reason})", True
        if isinstance(ev, Call):
            return f"calls {ev.card} with {format_cards(ev.cards)} ({ev.reason})", False
        if isinstance(ev, Swap):
            return self._swap(ev, p), False
        if isinstance(ev, Discard):
            if ev.block:
                return f"places {ev.card} on the row as a Joker Block ({ev.reason})", True
            return f"discards {ev.card} ({ev.reason})", True
        if isinstance(ev, Double):
            return f"calls Double ({ev.reason})", True
        if isinstance(ev, Answer):
            return ("takes" if ev.take else "drops") + f" the double ({ev.reason})", True
        if isinstance(ev, OpponentDraw):
            where = " to the hold spot" if getattr(self.match, "hold", None) else \
                " to the discard row"
            return f"draws {ev.card}{where}", False
        if isinstance(ev, ToRow):
            return f"{ev.card} goes to the discard row (you do not call it)", True
        if isinstance(ev, OpponentSwap):
            whose = "its own" if ev.owner else "the player's"
            return f"swaps it for the joker in {whose} exposure of {ev.face}", False
        assert isinstance(ev, OpponentExposes) and isinstance(self.match, SoloMatch)
        pungs = self.match.pungs()
        return (f"exposes {format_cards(ev.cards)} from the discard row "
                f"({pungs} pung{'s' * (pungs != 1)})"), True

    def _swap(self, ev: Swap, p: int) -> str:
        card = f"{'an' if str(ev.face) == '8' else 'a'} {ev.face}"
        give, take = ("a joker", card) if ev.give_joker else (card, "the joker")
        owner = "its own" if ev.owner == p else f"{self.names[ev.owner].lower()}'s" \
            if self.solo else f"{self.names[ev.owner]}'s"
        return f"swaps {give} for {take} in {owner} exposure ({ev.reason})"

    def _winning_hand(self, ev: Mahjong, hand: list[Card], exposures: tuple[Exposure, ...],
                      points: int) -> None:
        top = best(hand, exposures) if points >= 0 else None
        if top is None or not ev.points:
            return
        groups = [[b.face] * (b.size - b.jokers) + [Card(12)] * b.jokers
                  for b in top.blocks] or [sorted(hand)]
        self.blocks.append(Paragraph(f"The winning hand: {top.describe().split(';')[0]}",
                                     size=8.5, font="bold"))
        self.blocks.append(cards_figure(groups, card_w=6.5,
                                        labels=[BLOCK_NAMES[b.size] for b in top.blocks]))
        rows = tuple((name, f"+{pts}") for name, pts in
                     _points_rows(self.match, ev.player, top))
        self.blocks.append(Table(("bonus", "points"), rows, widths=(5, 1), size=8))


def _points_rows(match: MintTinMatch, p: int, top: Arrangement) -> list[tuple[str, int]]:
    rows = list(top.points)
    bonus = match.joker_bonus(p)
    if bonus:
        rows.append((f"Jokers discarded x{bonus}", bonus))
    if match.concealed(p):
        rows.append(("Concealed", 1))
    return rows


SHORT_MATCH = 900.0
"""A match whose told rounds fill less (estimated mm) gives every discard's reason..."""
TINY_MATCH = 600.0
"""... and below this, the hand after every turn as well (it still fits 4-10 pages)."""
EXAMPLE_DISCARDS = 16
"""The rulebook's example round ends within this many discards."""
EXAMPLE_WIDTH = 118.0
"""The example's diagrams wrap within a booklet's page (mm), so cards stay 8 mm wide."""


def rulebook_example() -> tuple[str, list[Block]]:
    """The rulebook's example, and how it was chosen: in matches between two computer
    players with the standard options (seeds 1, 2, ...), the first round that ends within
    a few discards in a Mahjong after a call and a joker discarded for its point."""
    options = MintTinOptions()
    for seed in range(1, 200):
        log = play(options, seed)
        match = new_match(log)
        seen: set[str] = set()
        discards = 0
        for ev in log.events:
            match.apply(ev)
            if isinstance(ev, Deal):
                seen, discards = set(), 0
            discards += isinstance(ev, Discard)
            if isinstance(ev, Call):
                seen.add("call")
            if isinstance(ev, Discard) and ev.card.is_joker:
                seen.add("joker")
            if isinstance(ev, Mahjong) and ev.points and seen == {"call", "joker"} \
                    and discards <= EXAMPLE_DISCARDS:
                criterion = (f"The first round, in matches between two computer players "
                             f"with the standard rules, that ends within "
                             f"{EXAMPLE_DISCARDS} discards in a Mahjong after a call and a "
                             f"joker discarded for its point: match {seed}, round "
                             f"{match.round}.")
                how = Paragraph("Each row of a table is a turn of each player, the dealer's "
                                "first; a diagram shows the hand at the call, and the winning "
                                "hand with its points. The card just taken is ringed in gold.",
                                size=9)
                return criterion, [how, *narrate(log, {match.round}, width=EXAMPLE_WIDTH,
                                                 hands=False)]
    raise AssertionError("no match shows a short round with a call")  # pragma: no cover


__all__ = ["chance_event", "new_state", "play", "record", "replay", "rulebook_example",
           "worked_example"]
