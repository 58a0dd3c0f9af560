"""A Mint Tin match told for a learner: a summary, every turn as a row of a compact table,
and a diagram with a sentence of plain words only where something happens that a player
must learn (a call, a joker swap, a double, a Joker Block, a Mahjong and its scoring).

Used by the worked example (``tilepress play minttin -o x.pdf``) and by the rulebook's
example; ``worked_example(..., full=True)`` (:mod:`.every_turn`) keeps the every-turn version.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from tilepress.documents.model import Block, Document, Figure, Heading, Paragraph, Section, Table
from tilepress.draw.canvas import Paper
from tilepress.engine.log import Event, GameLog
from tilepress.games.minttin.cards import JOKER, Card
from tilepress.games.minttin.every_turn import full_example
from tilepress.games.minttin.hand import (
    BLOCK_NAMES,
    HAND,
    best,
    completions,
)
from tilepress.games.minttin.options import MintTinOptions
from tilepress.games.minttin.pictures import cards_figure
from tilepress.games.minttin.rules import (
    SOLO,
    Answer,
    Call,
    Deal,
    Discard,
    Double,
    Draw,
    Exhausted,
    Mahjong,
    MintTinMatch,
    OpponentDraw,
    OpponentExposes,
    OpponentSwap,
    PassCards,
    PassOffer,
    RoundEnd,
    Swap,
    ToRow,
)
from tilepress.games.minttin.runner import new_match, play, replay
from tilepress.games.minttin.solo import SoloMatch
from tilepress.games.minttin.words import (
    MADE,
    card_name,
    cards_words,
    listed,
    plain_words,
    shape_words,
    short_name,
)

CARD_W = 8.0
"""Cards in the diagrams, mm: at least 8 mm wide, as a player's eye needs."""
ROW_W = 150.0
"""Widest a diagram's row may be (mm) before its blocks wrap."""


# ---------------------------------------------------------------------------
# Diagrams
# ---------------------------------------------------------------------------


def hand_figure(match: MintTinMatch, p: int, mark: Card | None = None,
                caption: str = "", width: float = ROW_W) -> Block:
    """A player's hand, identical cards together, exposures apart and labelled; the
    last copy of ``mark`` outlined."""
    seat = match.seats[p]
    groups: list[list[Card]] = []
    for card in sorted(seat.hand):
        if groups and groups[-1][-1] == card:
            groups[-1].append(card)
        else:
            groups.append([card])
    labels = [""] * len(groups) + ["exposed"] * len(seat.melds)
    groups += [sorted(m.cards) for m in seat.melds]
    marks: frozenset[tuple[int, int]] = frozenset()
    if mark is not None:
        hits = [(gi, ci) for gi, g in enumerate(groups) for ci, c in enumerate(g) if c == mark]
        marks = frozenset(hits[-1:])
    return cards_figure(groups, card_w=CARD_W, labels=labels, marks=marks, caption=caption,
                        max_width=width)


def winning_blocks(match: MintTinMatch, p: int, winning: Card | None,
                   width: float = ROW_W) -> list[Block]:
    """The winning hand laid out in its blocks, and its points as a table."""
    seat = match.seats[p]
    top = best(seat.hand, seat.exposures(), match.extras(p))
    if top is None:
        return []
    groups = [[b.face] * (b.size - b.jokers) + [JOKER] * b.jokers for b in top.blocks] \
        or [sorted(seat.hand)]
    labels = [BLOCK_NAMES[b.size] + (", exposed" if b.exposed else "") for b in top.blocks]
    hits = [(gi, ci) for gi, g in enumerate(groups) for ci, c in enumerate(g) if c == winning]
    rows = [(name, f"+{pts}") for name, pts in top.points]  # the round's bonuses included
    return [Paragraph(shape_words(top) + ".", size=8.5),
            cards_figure(groups, card_w=CARD_W, labels=labels, marks=frozenset(hits[-1:]),
                         max_width=width),
            Table(("bonus", "points"), tuple(rows), widths=(5, 1), size=8)]


# ---------------------------------------------------------------------------
# The narration
# ---------------------------------------------------------------------------


class Narration:
    """The blocks that tell a match, built as its events are replayed."""

    def __init__(self, log: GameLog, rounds: Collection[int] | None, full: bool,
                 quiet: bool = False, width: float = ROW_W, hands: bool = True,
                 reasons: bool = False) -> None:
        self.match = new_match(log)
        self.solo = log.game == SOLO
        self.names = ("You", "The opponent") if self.solo else ("Player 1", "Player 2")
        self.rounds, self.full, self.quiet, self.width = rounds, full, quiet, width
        """``quiet``: rounds not in ``rounds`` get a line each (else nothing)."""
        self.hands, self.reasons = hands, reasons
        """``hands``: each round opens with the starting hands drawn; ``reasons``: each
        discard's reason in its cell (for a short match)."""
        self.blocks: list[Block] = []
        self.rows: list[tuple[str, str, str]] = []
        self.cells = ["", ""]
        self.turn = 0
        self.last = 0
        self.order = (0, 1)
        """The players in the order they play this round (the dealer first)."""
        self.taken: Card | None = None
        self.won: list[Block] = []
        self.queued: list[Block] = []
        self.deferred = False
        """Moments with a diagram wait until the row of the turn is complete."""
        self.notes: list[Paragraph] = []
        self.drawn: set[str] = set()
        self.skipped = {"discards": 0, "calls": 0, "swaps": 0}
        """What happened in a round told in a line."""
        self.call_figure: Block | None = None

    @property
    def telling(self) -> bool:
        return self.rounds is None or self.match.round in self.rounds

    def row_done(self) -> None:
        if any(self.cells):
            self.turn += 1
            self.rows.append((str(self.turn), *self.cells))  # type: ignore[arg-type]
            self.cells = ["", ""]

    def flush(self) -> None:
        """The table of the turns so far, and the words on them."""
        self.row_done()
        if self.rows and self.full:  # every turn drawn: each row is a line above its hand
            for n, *cells in self.rows:
                said = "; ".join(f"{name}: {cell}" for name, cell in
                                 zip(("you", "the opponent") if self.solo else
                                     (self.names[p] for p in self.order), cells, strict=True)
                                 if cell)
                self.blocks.append(Paragraph(f"Turn {n}. {said}.", size=8.5))
        elif self.rows and self.solo:  # two turns a row: the opponent's cells are short
            rows = self.rows
            half = (len(rows) + 1) // 2
            paired = tuple((*rows[k], *(rows[k + half] if k + half < len(rows) else
                                        ("", "", ""))) for k in range(half))
            self.blocks.append(Table(("", "you", "the opponent") * 2, paired,
                                     widths=(0.5, 3.2, 3.0) * 2, size=7.5))
        elif self.rows:
            header = ("", *(self.names[p] for p in self.order))
            self.blocks.append(Table(header, tuple(self.rows), widths=(0.5, 4.5, 4.5),
                                     size=7.5))
        self.rows.clear()
        self.blocks += self.notes
        self.notes = []

    def note(self, p: int, words: str) -> None:
        """Add to player ``p``'s cell of this turn's row: a new row starts when a player
        whose cell is written plays again after the other."""
        k = self.order.index(p)
        if (self.cells[k] and p != self.last) or any(self.cells[k + 1:]):
            self.row_done()  # a row is a turn of each, in the order they play
            if self.deferred:
                self.emit()
        self.last = p
        self.cells[k] = f"{self.cells[k]}, {words}" if self.cells[k] else words

    def first(self, kind: str) -> bool:
        """Whether a moment of this kind is drawn for the first time (later ones are
        told in words only, unless every turn is drawn)."""
        new = kind not in self.drawn
        self.drawn.add(kind)
        return new or self.full

    def moment(self, blocks: list[Block]) -> None:
        """Something worth a sentence (and maybe a diagram): told when the turn ends."""
        self.queued += blocks

    def turn_ends(self, *, round_over: bool = False) -> None:
        """Tell the turn's moments: with a diagram, the table stops for them; in words
        only, they wait under the table, numbered by their turn."""
        if not self.queued:
            return
        if round_over:
            self.emit()
        elif any(isinstance(b, Figure) for b in self.queued):
            self.deferred = True  # once the row is complete
            return
        else:
            n = self.turn + any(self.cells)
            for b in self.queued:
                assert isinstance(b, Paragraph)
                self.notes.append(replace(b, text=f"Turn {n}: {b.text}"))
        self.queued = []

    def emit(self) -> None:
        """The table so far, then the moments waiting for it."""
        self.flush()
        self.blocks += self.queued
        self.queued, self.deferred = [], False

    def tell(self, ev: Event) -> None:
        match = self.match
        if isinstance(ev, Deal):
            match.apply(ev)
            if self.telling:
                self._deal(ev)
            return
        if isinstance(ev, Mahjong):  # the winning hand shows the call's hand
            self.queued = [b for b in self.queued if b is not self.call_figure]
        before = self._before(ev)
        match.apply(ev)
        if self.telling:
            self._after(ev, before)
        elif self.quiet and isinstance(ev, RoundEnd):
            self._quiet_round(ev)
        else:
            self.skipped["discards"] += isinstance(ev, Discard)
            self.skipped["calls"] += isinstance(ev, Call)
            self.skipped["swaps"] += isinstance(ev, Swap)

    def _quiet_round(self, ev: RoundEnd) -> None:
        """A round not told turn by turn: one line."""
        a, b = (s.score for s in self.match.seats)
        extra = ""
        if isinstance(self.match, SoloMatch) and "pungs" not in ev.reason:
            extra = f"; the opponent had {self.match.pungs()} pung{'s' * (self.match.pungs() != 1)}"
        gained = ", ".join(f"{self.names[k]} +{ev.scores[k]}" for k in (0, 1) if ev.scores[k])
        n = self.skipped
        happened = ", ".join(f"{n[k]} {k[:-1] if n[k] == 1 else k}" for k in ("calls", "swaps")
                             if n[k]) or "no call or swap"
        self.blocks.append(Paragraph(
            f"Round {self.match.round}, in short: {n['discards']} cards discarded, {happened}"
            f"{extra}; {ev.reason}" + (f" ({gained})" if gained else ", no points")
            + f". Score {a}-{b}.", size=8.5))
        self.skipped = dict.fromkeys(n, 0)

    def _before(self, ev: Event) -> str:
        """What must be read before an event changes the table: a Mahjong's hand."""
        if isinstance(ev, Mahjong) and self.telling:
            if not self.match.mahjong_award(ev.player):
                return "miscalled"
            self.won = winning_blocks(self.match, ev.player, self.taken, self.width)
            return "won"
        return ""

    def _deal(self, ev: Deal) -> None:
        self.flush()
        self.turn, self.last = 0, ev.dealer
        self.order = (ev.dealer, 1 - ev.dealer)
        title = f"Round {ev.round}" + ("" if self.solo else
                                       f": {self.names[ev.dealer]} deals")
        self.blocks.append(Heading(title, level=2))
        for p in ((0,) if self.solo else (0, 1)) if self.hands else ():
            caption = "Your starting hand" if self.solo else f"{self.names[p]}: the starting hand"
            self.blocks.append(hand_figure(self.match, p, caption=caption, width=self.width))

    def _after(self, ev: Event, before: str) -> None:
        p = getattr(ev, "player", 1)
        name = self.names[p] if not self.solo or p == 0 else "You"
        if isinstance(ev, Draw):
            self.taken = ev.card
            self.note(p, f"draws {short_name(ev.card)}")
        elif isinstance(ev, Discard):
            self._discard(ev)
        elif isinstance(ev, Call):
            if self.solo:
                self.note(1, f"turns up {short_name(ev.card)}")
            self.taken = ev.card
            self.note(p, f"calls {short_name(ev.card)}")
            self.moment([Paragraph(f"{name} {'call' if self.solo else 'calls'} "
                                   f"{card_name(ev.card)} from the discard"
                                   f"{' row' if self.solo else ''} and "
                                   f"{'expose' if self.solo else 'exposes'} it with "
                                   f"{cards_words(ev.cards)}: {plain_words(ev.reason)}.",
                                   size=8.5)])
            self.call_figure = hand_figure(self.match, p, ev.card, caption=(
                "your hand after the call, before your discard" if self.solo else
                f"{self.names[p]}'s hand after the call, before the discard"), width=self.width)
            if self.first(f"call {self.match.round} {p}"):
                self.moment([self.call_figure])
        elif isinstance(ev, Swap):
            self._swap(ev, name)
        elif isinstance(ev, Double):
            self.note(p, "doubles")
            self.moment([Paragraph(f"{name} {'call' if self.solo else 'calls'} Double "
                                   f"instead of Mahjong: {plain_words(ev.reason)}.",
                                   size=8.5, font="bold")])
        elif isinstance(ev, Answer):
            self.moment([Paragraph(f"{name} {'takes' if ev.take else 'drops'} the double: "
                                   f"{plain_words(ev.reason)}.", size=8.5)])
        elif isinstance(ev, Mahjong):
            self._mahjong(ev, name, before)
        elif isinstance(ev, RoundEnd):
            self._round_end(ev)
        else:
            self._other(ev)
        if isinstance(ev, Discard | Double | Answer | Mahjong | RoundEnd | Exhausted):
            self.turn_ends(round_over=isinstance(ev, Mahjong | RoundEnd))

    def _discard(self, ev: Discard) -> None:
        p = ev.player
        if ev.block:
            self.note(p, "places a joker as a block")
            self.moment([Paragraph(f"You place a joker on the discard row as a Joker Block: "
                                   f"the cards before it can no longer make the opponent a "
                                   f"pung, and the joker scores nothing "
                                   f"({plain_words(ev.reason)}).", size=8.5)])
            return
        why = f" ({plain_words(ev.reason)})" if self.reasons and ev.reason else ""
        self.note(p, f"discards {short_name(ev.card)}{why}")
        if self.full:
            self.moment([Paragraph(f"{self.names[p]}: {plain_words(ev.reason)}.", size=8,
                                   font="italic", color="#6b6862"),
                         hand_figure(self.match, p, self.taken, width=self.width)])

    def _swap(self, ev: Swap, name: str) -> None:
        whose = "its own" if ev.owner == ev.player and not self.solo else \
            "your own" if ev.owner == ev.player else \
            ("the opponent's" if self.solo else f"{self.names[ev.owner]}'s")
        face = card_name(ev.face)
        if ev.give_joker:
            what = f"gives a joker for the {face} in {whose} exposure"
        else:
            what = f"gives {face} for the joker in {whose} exposure"
        if self.solo:
            what = what.replace("gives", "give")
        self.note(ev.player, "joker swap")
        who = "you" if self.solo else name
        self.moment([Paragraph(f"Joker swap: {who} {what} ({plain_words(ev.reason)}).",
                               size=8.5)])
        if self.first(f"swap {ev.give_joker} {ev.owner == ev.player}"):
            self.moment([hand_figure(self.match, ev.player, caption="the hand after the swap",
                                     width=self.width)])

    def _mahjong(self, ev: Mahjong, name: str, before: str) -> None:
        self.note(ev.player, "Mahjong")
        if before != "won":
            self.moment([Paragraph(f"{name} {'call' if self.solo else 'calls'} Mahjong, but "
                                   "the hand does not win: a miscall.", size=9,
                                   font="bold")])
            return
        self.moment([Paragraph(f"{name} {'call' if self.solo else 'calls'} Mahjong on "
                               f"{card_name(self.taken) if self.taken else 'the last card'}"
                               f", for {ev.points} point{'s' * (ev.points != 1)}:", size=9,
                               font="bold"), *self.won])
        if self.reasons or self.full:  # a short match: what the other side had
            self.moment(self._opponent_side() if self.solo else
                        self._other_hand(1 - ev.player))

    def _opponent_side(self) -> list[Block]:
        """Solo: the virtual opponent's pungs and the discard row at the end."""
        match = self.match
        assert isinstance(match, SoloMatch)
        blocks: list[Block] = []
        melds = match.seats[1].melds
        if melds:
            blocks += [Paragraph(f"The opponent had {len(melds)} pung{'s' * (len(melds) > 1)} "
                                 "of the five it needs:", size=8.5),
                       cards_figure([sorted(m.cards) for m in melds], card_w=CARD_W,
                                    max_width=self.width)]
        if match.row:
            groups = [[c] for c in match.row]
            blocks += [Paragraph("The discard row, oldest card first:", size=8.5),
                       cards_figure(groups, card_w=CARD_W, max_width=self.width)]
        return blocks

    def _other_hand(self, p: int) -> list[Block]:
        """Player ``p``'s hand at the end of the round, and what would have completed it."""
        seat = self.match.seats[p]
        if len(seat.hand) + sum(len(m.cards) for m in seat.melds) != HAND - 1:
            return []  # a doubler holds a whole hand: shown when it doubled
        ways = completions(seat.hand, seat.exposures(), self.match.extras(p))
        waiting = ("was waiting on " + listed([f"{card_name(c)} ({n} point{'s' * (n > 1)})"
                                               for c, n in sorted(ways.items())])
                   if ways else "was not yet one card from a win")
        return [Paragraph(f"{self.names[p]} {waiting}:", size=8.5),
                hand_figure(self.match, p, caption=f"{self.names[p]}'s hand at the end",
                            width=self.width)]

    def _round_end(self, ev: RoundEnd) -> None:
        a, b = (s.score for s in self.match.seats)
        gained = ", ".join(f"{self.names[k]} +{ev.scores[k]}" for k in (0, 1) if ev.scores[k])
        self.moment([Paragraph(f"The round ends: {ev.reason}"
                               + (f" ({gained})" if gained else ", no points") +
                               f". Score {a}-{b}.", size=9, font="bold")])

    def _other(self, ev: Event) -> None:
        if isinstance(ev, PassOffer):
            self.note(ev.player, f"offers to pass {ev.count}")
        elif isinstance(ev, PassCards):
            self.note(ev.player, f"passes {cards_words(ev.cards)}" if ev.cards else
                      "passes nothing")
        elif isinstance(ev, Exhausted):
            self.note(ev.player, "cannot draw: the deck is empty")
        elif isinstance(ev, OpponentDraw):
            if getattr(self.match, "hold", None) is None:  # the double's cards: to the row
                self.note(1, f"{short_name(ev.card)} to the row")
        elif isinstance(ev, ToRow):
            self.note(1, f"{short_name(ev.card)} to the row")
        elif isinstance(ev, OpponentSwap):
            whose = "its own" if ev.owner else "your"
            self.note(1, f"{short_name(ev.face)} swaps for the joker in {whose} "
                         f"{short_name(ev.face)}s")
        elif isinstance(ev, OpponentExposes):
            assert isinstance(self.match, SoloMatch)
            joker = " with a joker" if JOKER in ev.cards else ""
            self.note(1, f"pung of {short_name(ev.cards[0])}s{joker} "
                         f"({self.match.pungs()} of 5)")


def narrate(log: GameLog, rounds: Collection[int] | None = None, *,
            full: bool = False, quiet: bool = False, width: float = ROW_W,
            hands: bool = True, reasons: bool = False) -> list[Block]:
    """The match told turn by turn (only ``rounds``, if given; with ``quiet`` the others
    in a line each)."""
    story = Narration(log, rounds, full, quiet, width, hands, reasons)
    for ev in log.events:
        story.tell(ev)
    story.flush()
    return story.blocks


PAGE_BUDGET = 1850.0
"""Millimetres of A4 text a worked example may fill by an estimate that runs short (it
makes about eight pages and a half)."""


def rounds_to_tell(log: GameLog) -> set[int]:
    """The rounds told turn by turn, within :data:`PAGE_BUDGET`: those with a Mahjong
    first, then the most calls, swaps, doubles and Joker Blocks, while they fit. Each
    left out gets a line."""
    return plan(log)[0]


def plan(log: GameLog) -> tuple[set[int], float]:
    """:func:`rounds_to_tell`, and the estimated millimetres they fill."""
    match = new_match(log)
    solo = log.game == SOLO
    stats: dict[int, dict[str, int]] = {}
    for ev in log.events:
        match.apply(ev)
        st = stats.setdefault(match.round, {"turns": 0, "moments": 0, "win": 0})
        st["turns"] += isinstance(ev, Discard)
        st["moments"] += isinstance(ev, Call | Swap | Double) or \
            (isinstance(ev, Discard) and ev.block)
        st["win"] += isinstance(ev, Mahjong)

    def cost(st: dict[str, int]) -> float:
        rows = (st["turns"] + 1) // 2 + 1 if solo else st["turns"] // 2 + 1
        hands = 18.0 * (1 if solo else 2)
        return 16 + hands + 7.0 * rows + 16.0 * st["moments"] + 50.0 * st["win"]

    ranked = sorted(stats, key=lambda r: (not stats[r]["win"], -stats[r]["moments"], r))
    used = 60.0 + 6.0 * len(stats)  # the opening, and a line for every round
    told: set[int] = set()
    for r in ranked:
        if used + cost(stats[r]) <= PAGE_BUDGET:
            told.add(r)
            used += cost(stats[r])
    return told, used


HOW = {"the opponent exposed five pungs": "five pungs",
       "the opponent made five pungs against the double": "five pungs against a double",
       "the double held for three cards": "a double that held",
       "the double held for three turns": "a double that held",
       "the double was dropped": "a double dropped", "the double was beaten": "a double beaten",
       "miscalled Mahjong": "a miscall by the other"}
"""How a round was won, in a few words for the summary."""


def summary_of_rounds(log: GameLog) -> str:
    """Who took which rounds, how and for how much; how many ended without a score."""
    match = new_match(log)
    names = ("you", "the opponent") if log.game == SOLO else ("Player 1", "Player 2")
    took: dict[int, list[str]] = {0: [], 1: []}
    empty: list[str] = []
    for ev in log.events:
        match.apply(ev)
        if isinstance(ev, RoundEnd):
            winners = [k for k in (0, 1) if ev.scores[k]]
            if winners:
                took[winners[0]].append(f"{match.round} ({HOW.get(ev.reason, ev.reason)}, "
                                        f"+{ev.scores[winners[0]]})")
            else:
                empty.append(str(match.round))  # the deck ran out: a wall game
    said = [f"{names[k]} took round{'s' * (len(took[k]) > 1)} {listed(took[k])}"
            for k in (0, 1) if took[k]]
    if empty:
        said.append(f"rounds {listed(empty)} were wall games" if len(empty) > 1 else
                    f"round {empty[0]} was a wall game")
    text = "; ".join(said)
    return text[:1].upper() + text[1:] + "." if said else ""


NOTATION = ("Cards are named as players say them: the numbers 1 to 9 (1-3 are Swords, 4-6 "
            "Moons, 7-9 Fire), the Sword, Moon and Fire dragons, and jokers. Each row of a "
            "table is one turn; a diagram and a sentence come where something happens that "
            "is worth learning: a call, a joker swap, a double, a Mahjong and its score. In "
            "the diagrams the card just drawn or called is ringed in gold, and exposed "
            "blocks are labelled.")


def worked_example(log: GameLog, paper: Paper, *, full: bool = False) -> Document:
    """The match told for a learner (see :class:`Narration`): a summary,
    the turns as compact tables, diagrams where something happens. ``full`` draws the
    hand after every turn, with each discard's reason."""
    if full:
        return full_example(log, paper)
    result = replay(log)
    solo = log.game == SOLO
    o = log.options_as(MintTinOptions)
    a, b = result["scores"]
    if solo:
        who = "You win" if result["winner"] == 0 else "The virtual opponent wins"
        rules = (f"Solo against the virtual opponent, to {o.target} points, with a dead hand "
                 f"of {o.dead_hand} cards" + (" and the Joker Block rule" if o.joker_block
                                              else ""))
    else:
        who = "A tie" if result["winner"] is None else f"Player {result['winner'] + 1} wins"
        rules = (f"Two players, to {o.target} points, jokers: {o.jokers}"
                 + (", with the optional pass" if o.passing else "")
                 + ("" if o.miscall_penalty else ", a friendly game"))
    told, length = plan(log)
    left_out = result["rounds"] - len(told)
    limit = (" (the longest a match lasts, without a winner by points)"
             if result["rounds"] >= o.round_limit and max(a, b) < o.target else "")
    short, tiny = length < SHORT_MATCH, length < TINY_MATCH
    blocks: list[Block] = [
        Section("Mint Tin Mahjong"),
        Heading("Mint Tin Mahjong: a worked example"),
        Paragraph(f"{who}, {a} to {b}, in {result['rounds']} rounds{limit}. "
                  + summary_of_rounds(log), size=10),
        Paragraph(f"{rules}; match {log.seed}. {NOTATION}"
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
        Paragraph(f"{a} to {b}: {who.lower()}.", size=10, font="bold"),
        Paragraph(MADE, size=8, color="#6b6862"),
    ]
    return Document("Mint Tin Mahjong: worked example", paper, tuple(blocks))


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
                criterion = (f"From the book's sample matches between two players with "
                             f"the standard rules: the first round that ends within "
                             f"{EXAMPLE_DISCARDS} discards in a Mahjong after a call and a "
                             f"joker discarded for its point, match {seed}, round "
                             f"{match.round}.")
                how = Paragraph("Each row of a table is a turn of each player, the dealer's "
                                "first; a diagram shows the hand at the call, and the winning "
                                "hand with its points. The card just taken is ringed in gold.",
                                size=9)
                return criterion, [how, *narrate(log, {match.round}, width=EXAMPLE_WIDTH,
                                                 hands=False)]
    raise AssertionError("no match shows a short round with a call")  # pragma: no cover


__all__ = ["EXAMPLE_DISCARDS", "EXAMPLE_WIDTH", "NOTATION", "PAGE_BUDGET",
           "SHORT_MATCH", "TINY_MATCH", "hand_figure", "narrate", "plan",
           "rounds_to_tell", "rulebook_example", "summary_of_rounds", "winning_blocks",
           "worked_example"]
