"""A Mint Tin match drawn turn by turn (the worked example's full version): the card
taken, the hand as a picture after every turn, exposures set apart, the discard and its
reason, and each winning hand with its scoring laid out."""

from __future__ import annotations

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
from tilepress.engine.log import Event, GameLog
from tilepress.games.minttin.cards import Card, format_cards
from tilepress.games.minttin.hand import BLOCK_NAMES, Exposure, best
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
from tilepress.games.minttin.runner import new_match, summary
from tilepress.games.minttin.solo import SoloMatch
from tilepress.games.minttin.words import MADE, plain_words


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



def full_example(log: GameLog, paper: Paper) -> Document:
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
        Paragraph(f"{rules_line}. Match {log.seed}. Each line is one turn; the hand is "
                  "drawn after it, exposures set apart.", size=9),
    ]
    for ev in log.events:
        story.tell(ev)
    result = match.result()
    story.blocks += [Paragraph(f"Final score {result['scores'][0]}-{result['scores'][1]}: "
                               f"{summary(log, result).split(': ')[-1]}.", size=10,
                               font="bold"),
                     Paragraph(MADE, size=8, color="#6b6862")]
    return Document("Mint Tin Mahjong: worked example", paper, tuple(story.blocks))



class _Story:
    """The worked example, told event by event as the match is replayed: one line per
    turn, the hand drawn after it, and each winning hand laid out."""

    def __init__(self, match: MintTinMatch, log: GameLog) -> None:
        self.match = match
        self.solo = log.game == SOLO
        self.names = (["The player", "The opponent"] if self.solo else
                      ["Player 1", "Player 2"])
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
        why = plain_words(getattr(ev, "reason", "") or "")
        if isinstance(ev, PassOffer):
            return f"offers to pass {ev.count}", True
        if isinstance(ev, PassCards):
            return f"passes {format_cards(ev.cards)}", True
        if isinstance(ev, Draw):
            return f"draws {ev.card}", False
        if isinstance(ev, Exhausted):
            return f"has nothing to draw: the deck is empty ({why})", True
        if isinstance(ev, Call):
            return f"calls {ev.card} with {format_cards(ev.cards)} ({why})", False
        if isinstance(ev, Swap):
            return self._swap(ev, p), False
        if isinstance(ev, Discard):
            if ev.block:
                return f"places {ev.card} on the row as a Joker Block ({why})", True
            return f"discards {ev.card} ({why})", True
        if isinstance(ev, Double):
            return f"calls Double ({why})", True
        if isinstance(ev, Answer):
            return ("takes" if ev.take else "drops") + f" the double ({why})", True
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
        return f"swaps {give} for {take} in {owner} exposure ({plain_words(ev.reason)})"

    def _winning_hand(self, ev: Mahjong, hand: list[Card], exposures: tuple[Exposure, ...],
                      points: int) -> None:
        top = best(hand, exposures, self.match.extras(ev.player)) if points >= 0 else None
        if top is None or not ev.points:
            return
        groups = [[b.face] * (b.size - b.jokers) + [Card(12)] * b.jokers
                  for b in top.blocks] or [sorted(hand)]
        self.blocks.append(Paragraph(f"The winning hand: {top.describe().split(';')[0]}",
                                     size=8.5, font="bold"))
        self.blocks.append(cards_figure(groups, card_w=6.5,
                                        labels=[BLOCK_NAMES[b.size] for b in top.blocks]))
        rows = tuple((name, f"+{pts}") for name, pts in top.points)  # with the round's bonuses
        self.blocks.append(Table(("bonus", "points"), rows, widths=(5, 1), size=8))



