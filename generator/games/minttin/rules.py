"""Mint Tin Mahjong games: two players, and solo against the virtual opponent.

:class:`TwoPlayerMatch` and :class:`SoloMatch` hold the state of a match of rounds to 7
(or 14) points; ``apply(event)`` checks an event by the rules and plays it, raising
:class:`~generator.errors.IllegalActionError` otherwise. What the rules do on their own
(the virtual opponent's draws, swaps and exposures, the end of a round) is offered by
``forced()`` and must be applied as offered, so a log replays exactly.
Hands and scores come from :mod:`generator.games.minttin.hand`; rulings in docs/rulings.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.engine.log import event
from generator.errors import IllegalActionError
from generator.games.minttin.cards import JOKER, Card, format_cards
from generator.games.minttin.hand import Exposure, Extras, deck, wins
from generator.games.minttin.options import MintTinOptions

TWO = "minttin"
SOLO = "minttin-solo"

Cards = tuple[Card, ...]


# ---------------------------------------------------------------------------
# Options
# ---------------------------------------------------------------------------


# ---------------------------------------------------------------------------
# Events (the two games share most of them)
# ---------------------------------------------------------------------------


@event(TWO, "deal", SOLO)
class Deal:
    round: int
    dealer: int
    deck: Cards
    """The shuffled cards: the non-dealer's hand, the dealer's, then the draw deck (solo:
    your hand, the dead hand, then the draw deck)."""


@event(TWO, "pass-offer")
class PassOffer:
    player: int
    count: int


@event(TWO, "pass")
class PassCards:
    player: int
    cards: Cards


@event(TWO, "draw", SOLO)
class Draw:
    player: int
    card: Card
    reason: str = ""


@event(TWO, "call", SOLO)
class Call:
    player: int
    card: Card
    cards: Cards
    """The cards from the hand that go with it: identical cards or jokers."""
    reason: str = ""


@event(TWO, "swap", SOLO)
class Swap:
    player: int
    owner: int
    """Whose exposure."""
    face: Card
    give_joker: bool = False
    """False: give a card of ``face`` and take the exposure's joker. True (two players
    only): give a joker and take a card of ``face``."""
    reason: str = ""


@event(TWO, "discard", SOLO)
class Discard:
    player: int
    card: Card
    reason: str = ""


@event(TWO, "mahjong", SOLO)
class Mahjong:
    player: int
    points: int
    """What the caller scores; 0 for a miscalled Mahjong (the opponent scores 2)."""
    reason: str = ""


@event(TWO, "double", SOLO)
class Double:
    player: int
    reason: str = ""


@event(TWO, "answer")
class Answer:
    player: int
    take: bool
    reason: str = ""


@event(SOLO, "opponent-draw")
class OpponentDraw:
    card: Card


@event(SOLO, "to-row")
class ToRow:
    """The card in the hold spot goes to the discard row (you did not call it)."""

    card: Card


@event(SOLO, "opponent-swap")
class OpponentSwap:
    owner: int
    face: Card


@event(SOLO, "opponent-exposes")
class OpponentExposes:
    cards: Cards


@event(TWO, "round-end", SOLO)
class RoundEnd:
    scores: tuple[int, int]
    """Points each player (solo: you, the opponent) scores this round."""
    reason: str


# ---------------------------------------------------------------------------
# Shared state
# ---------------------------------------------------------------------------


@dataclass
class Meld:
    face: Card
    cards: list[Card]

    @property
    def jokers(self) -> int:
        return sum(1 for c in self.cards if c.is_joker)

    def exposure(self) -> Exposure:
        return Exposure(self.face, len(self.cards), self.jokers)

    def __str__(self) -> str:
        return format_cards(self.cards)


@dataclass
class Seat:
    hand: list[Card] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    jokers_discarded: int = 0
    score: int = 0

    def counts(self) -> list[int]:
        counts = [0] * 13
        for c in self.hand:
            counts[c.code] += 1
        for m in self.melds:
            for c in m.cards:
                counts[c.code] += 1
        return counts

    def exposures(self) -> tuple[Exposure, ...]:
        return tuple(m.exposure() for m in self.melds)

    def size(self) -> int:
        return len(self.hand) + sum(len(m.cards) for m in self.melds)


def _remove(hand: list[Card], cards, what: str) -> None:
    for c in cards:
        if c not in hand:
            raise IllegalActionError(f"{what}: {c} is not in the hand")
        hand.remove(c)


class _Match:
    """What both games share: seats, rounds, scoring a hand, calls and swaps."""

    game = ""

    def __init__(self, options: MintTinOptions) -> None:
        self.options = options
        self.rules = options.rules
        self.seats = [Seat(), Seat()]
        self.round = 0
        self.dealer = 0
        self.wall: list[Card] = []
        self.phase = "deal"
        self.current = 0
        self.over = False
        self.winner: int | None = None
        self.log_scores: list[tuple[int, int]] = []
        self.pending_end: RoundEnd | None = None
        self.called_this_turn: Meld | None = None
        self.pair_call = False

    # -- scoring --------------------------------------------------------------

    def hand_points(self, p: int) -> int:
        """The best score of a player's 14 cards, -1 if they make no valid shape."""
        seat = self.seats[p]
        concealed = not seat.melds or (len(seat.melds) == 1 and
                                       seat.melds[0] is self.called_this_turn)
        extras = Extras(seat.jokers_discarded if not self._joker_block() else 0, concealed)
        return wins(seat.counts(), seat.exposures(), extras, self.rules)

    def _joker_block(self) -> bool:
        return False

    def mahjong_award(self, p: int) -> int | None:
        """What declaring Mahjong now would score, or None if it would be a miscall."""
        points = self.hand_points(p)
        return points if points >= 1 else None

    def points_with_call(self, p: int, card: Card, cards: Cards) -> int:
        """What the hand would score after calling ``card`` with ``cards`` (-1: no win)."""
        seat = self.seats[p]
        counts = seat.counts()
        counts[card.code] += 1
        jokers = sum(1 for c in cards if c.is_joker)
        exposures = (*seat.exposures(), Exposure(card, len(cards) + 1, jokers))
        extras = Extras(seat.jokers_discarded if not self._joker_block() else 0,
                        not seat.melds)
        return wins(counts, exposures, extras, self.rules)

    # -- actions ---------------------------------------------------------------

    def _expect(self, phase: str | tuple[str, ...], player: int, what: str) -> None:
        if self.over:
            raise IllegalActionError(f"{what} after the game is over")
        phases = (phase,) if isinstance(phase, str) else phase
        if self.phase not in phases:
            raise IllegalActionError(f"{what} now: the turn is at its {self.phase} step")
        if player != self.current:
            raise IllegalActionError(f"{what} by player {player + 1}: it is player "
                                     f"{self.current + 1}'s turn")

    def _call(self, ev: Call, available: Card | None) -> None:
        seat = self.seats[ev.player]
        if available is None or ev.card != available:
            raise IllegalActionError(f"{ev.card} is not there to call")
        if ev.card.is_joker:
            raise IllegalActionError("a discarded joker cannot be called")
        if any(c != ev.card and not c.is_joker for c in ev.cards):
            raise IllegalActionError(f"a call of {ev.card} goes with identical cards or jokers, "
                                     f"not {format_cards(ev.cards)}")
        if len(ev.cards) < 1 or len(ev.cards) > 4:
            raise IllegalActionError("a call makes a block of 2 to 5 cards")
        if any(m.face == ev.card for m in seat.melds):
            raise IllegalActionError(f"{ev.card} is already exposed; a card is in one block")
        if len(ev.cards) == 1 and ev.cards[0].is_joker:
            raise IllegalActionError("a pair cannot hold a joker")
        _remove(seat.hand, ev.cards, "calling")
        meld = Meld(ev.card, [ev.card, *ev.cards])
        seat.melds.append(meld)
        self.called_this_turn = meld
        self.pair_call = len(ev.cards) == 1
        if self.pair_call and self.hand_points(ev.player) < 1:
            raise IllegalActionError("a pair may be called only for Mahjong, and this hand "
                                     "does not win with it")

    def _swap(self, ev: Swap, allowed_owners: tuple[int, ...]) -> None:
        if ev.owner not in allowed_owners:
            raise IllegalActionError(f"player {ev.player + 1} cannot swap with that exposure")
        seat = self.seats[ev.player]
        meld = next((m for m in self.seats[ev.owner].melds if m.face == ev.face), None)
        if meld is None:
            raise IllegalActionError(f"no exposure of {ev.face} to swap with")
        if meld is self.called_this_turn and ev.owner == ev.player:
            raise IllegalActionError("an exposure is set once the turn ends; this one is new")
        if ev.give_joker:
            if JOKER not in seat.hand:
                raise IllegalActionError("no joker in the hand to give")
            naturals = len(meld.cards) - meld.jokers
            if naturals <= 1 and not self.rules.joker_blocks:
                raise IllegalActionError(f"the block of {ev.face} would be jokers only")
            seat.hand.remove(JOKER)
            meld.cards.remove(ev.face)
            meld.cards.append(JOKER)
            seat.hand.append(ev.face)
        else:
            if ev.face not in seat.hand:
                raise IllegalActionError(f"no {ev.face} in the hand to swap for the joker")
            if not meld.jokers:
                raise IllegalActionError(f"the exposure of {ev.face} holds no joker")
            seat.hand.remove(ev.face)
            meld.cards.remove(JOKER)
            meld.cards.append(ev.face)
            seat.hand.append(JOKER)

    def _end_round(self, scores: tuple[int, int], reason: str) -> None:
        self.pending_end = RoundEnd(scores, reason)
        self.phase = "round-end"

    def _apply_end(self, ev: RoundEnd) -> None:
        if self.phase != "round-end" or self.pending_end is None:
            raise IllegalActionError("the round is not over")
        if (tuple(ev.scores), ev.reason) != (self.pending_end.scores, self.pending_end.reason):
            raise IllegalActionError(f"the round ends {self.pending_end.scores} "
                                     f"({self.pending_end.reason}), not {tuple(ev.scores)}")
        for p in (0, 1):
            self.seats[p].score += ev.scores[p]
        self.log_scores.append(tuple(ev.scores))
        self.pending_end = None
        top = max(s.score for s in self.seats)
        if top >= self.options.target or "Epic Hand" in ev.reason:
            self.over = True
            self.phase = "over"
            scores = [s.score for s in self.seats]
            self.winner = scores.index(max(scores)) if scores[0] != scores[1] else None
            if "Epic Hand" in ev.reason:
                self.winner = 0 if ev.scores[0] > ev.scores[1] else 1
        else:
            self.phase = "deal"
            self.dealer = 1 - self.dealer

    def forced(self):
        """The event the rules require next, if they decide it alone (else None)."""
        if self.phase == "round-end":
            return self.pending_end
        return None

    def result(self) -> dict:
        return {"scores": [s.score for s in self.seats], "rounds": self.round,
                "round_scores": [list(s) for s in self.log_scores],
                "winner": None if self.winner is None else self.winner + 1}


# ---------------------------------------------------------------------------
# Two players
# ---------------------------------------------------------------------------


class TwoPlayerMatch(_Match):
    game = TWO

    def __init__(self, options: MintTinOptions) -> None:
        super().__init__(options)
        self.last_discard: Card | None = None
        self.discards: list[tuple[int, Card]] = []
        self.offers: dict[int, int] = {}
        self.passes: dict[int, Cards] = {}
        self.doubler: int | None = None
        self.double_points = 0
        self.double_turns = 0

    @property
    def nondealer(self) -> int:
        return 1 - self.dealer

    def deck_size(self) -> int:
        return len(deck(self.options.shuffled_jokers()))

    def apply(self, ev) -> None:
        if isinstance(ev, Deal):
            self._deal(ev)
        elif isinstance(ev, RoundEnd):
            self._apply_end(ev)
        elif isinstance(ev, PassOffer):
            self._offer(ev)
        elif isinstance(ev, PassCards):
            self._pass(ev)
        elif isinstance(ev, Draw):
            self._draw(ev)
        elif isinstance(ev, Call):
            self._expect("turn", ev.player, "calling")
            if self.doubler is not None:
                raise IllegalActionError("after a double is taken, turns draw only")
            self._call(ev, self.last_discard)
            self.last_discard = None
            self.discards.pop()
            self.phase = "mahjong" if self.pair_call else "act"
        elif isinstance(ev, Swap):
            self._expect("act", ev.player, "swapping a joker")
            if self.doubler is not None:
                raise IllegalActionError("after a double is taken, turns draw and discard only")
            self._swap(ev, (1 - ev.player,))
        elif isinstance(ev, Discard):
            self._discard(ev)
        elif isinstance(ev, Mahjong):
            self._mahjong(ev)
        elif isinstance(ev, Double):
            self._expect("act", ev.player, "doubling")
            if self.doubler is not None:
                raise IllegalActionError("a double is already under way")
            if self.phase == "mahjong":
                raise IllegalActionError("a pair called for Mahjong must be declared Mahjong")
            points = self.hand_points(ev.player)
            if points < 0:
                raise IllegalActionError("a double needs a valid winning hand")
            if len(self.wall) < 3:
                raise IllegalActionError("a double needs at least 3 cards left to draw")
            self.doubler, self.double_points = ev.player, points
            self.current = 1 - ev.player
            self.phase = "answer"
        elif isinstance(ev, Answer):
            self._expect("answer", ev.player, "answering a double")
            assert self.doubler is not None
            if not ev.take:
                self._end_round(self._pair(self.doubler, max(self.double_points, 1)),
                                "the double was dropped")
            else:
                self.double_turns = 0
                self.phase = "turn"
        else:
            raise IllegalActionError(f"{type(ev).__name__} is not a two-player event")

    def _pair(self, player: int, points: int) -> tuple[int, int]:
        return (points, 0) if player == 0 else (0, points)

    def _deal(self, ev: Deal) -> None:
        if self.phase != "deal" or self.over:
            raise IllegalActionError("a deal comes at the start of a round")
        if self.round == 0 and ev.dealer in (0, 1):
            self.dealer = ev.dealer  # the first dealer is drawn at random
        if ev.round != self.round + 1 or ev.dealer != self.dealer:
            raise IllegalActionError(f"round {self.round + 1} is dealt by player "
                                     f"{self.dealer + 1}")
        cards = list(ev.deck)
        if sorted(cards) != sorted(deck(self.options.shuffled_jokers())):
            raise IllegalActionError("the deck is not the game's cards")
        n = 13 - self.options.starting_jokers()
        for seat in self.seats:
            seat.hand, seat.melds, seat.jokers_discarded = [], [], 0
        self.seats[self.nondealer].hand = cards[:n] + [JOKER] * self.options.starting_jokers()
        self.seats[self.dealer].hand = cards[n:2 * n] + [JOKER] * self.options.starting_jokers()
        self.wall = cards[2 * n:]
        self.round += 1
        self.discards, self.last_discard = [], None
        self.doubler, self.double_turns = None, 0
        self.offers, self.passes = {}, {}
        if self.options.passing:
            self.phase, self.current = "pass-offer", self.nondealer
        else:
            self.phase, self.current = "turn", self.dealer

    def _offer(self, ev: PassOffer) -> None:
        self._expect("pass-offer", ev.player, "offering a pass")
        if not 0 <= ev.count <= 3:
            raise IllegalActionError("a pass is 0 to 3 cards")
        self.offers[ev.player] = ev.count
        if len(self.offers) == 1:
            self.current = self.dealer
        elif min(self.offers.values()):
            self.phase, self.current = "pass", self.nondealer
        else:
            self.phase, self.current = "turn", self.dealer

    def pass_count(self) -> int:
        return min(self.offers.values()) if len(self.offers) == 2 else 0

    def _pass(self, ev: PassCards) -> None:
        self._expect("pass", ev.player, "passing cards")
        if len(ev.cards) != self.pass_count():
            raise IllegalActionError(f"the pass is {self.pass_count()} cards")
        _remove(self.seats[ev.player].hand, ev.cards, "passing")
        self.passes[ev.player] = ev.cards
        if len(self.passes) == 1:
            self.current = self.dealer
        else:
            for p in (0, 1):
                self.seats[p].hand += list(self.passes[1 - p])
            self.phase, self.current = "turn", self.dealer

    def _draw(self, ev: Draw) -> None:
        self._expect("turn", ev.player, "drawing")
        if not self.wall:
            raise IllegalActionError("the draw deck is empty")
        if ev.card != self.wall[0]:
            raise IllegalActionError(f"the top card is {self.wall[0]}, not {ev.card}")
        self.wall.pop(0)
        self.seats[ev.player].hand.append(ev.card)
        self.called_this_turn = None
        self.pair_call = False
        self.phase = "act"

    def _discard(self, ev: Discard) -> None:
        self._expect("act", ev.player, "discarding")
        seat = self.seats[ev.player]
        _remove(seat.hand, (ev.card,), "discarding")
        if self.doubler is not None:  # the three turns after a double: face down
            self.double_turns += 1
            if self.double_turns >= 3 or not self.wall:
                self._end_round(self._pair(self.doubler, 2 * self.double_points
                                           if self.double_points else 1),
                                "the double held for three turns")
                return
            self.phase = "turn"
            return
        if ev.card.is_joker:
            seat.jokers_discarded += 1
            self.last_discard = None
        else:
            self.last_discard = ev.card
        self.discards.append((ev.player, ev.card))
        self.called_this_turn = None
        if not self.wall:
            self._end_round((0, 0), "wall game")
            return
        self.current = 1 - ev.player
        self.phase = "turn"

    def _mahjong(self, ev: Mahjong) -> None:
        self._expect(("act", "mahjong"), ev.player, "calling Mahjong")
        points = self.hand_points(ev.player)
        other = 1 - ev.player
        if self.doubler is not None:  # the taker's three turns: any valid hand counts
            if points < 0:
                raise IllegalActionError("that hand is not a winning hand")
            top = max(points, self.double_points)
            win = 2 * top if top else 1
            if ev.points != win:
                raise IllegalActionError(f"beating the double scores {win}, not {ev.points}")
            self._end_round(self._pair(ev.player, win), "the double was beaten")
            return
        if points >= 1:
            if ev.points != points:
                raise IllegalActionError(f"this Mahjong scores {points}, not {ev.points}")
            epic = " (Epic Hand)" if self._is_epic(ev.player) else ""
            self._end_round(self._pair(ev.player, points), f"Mahjong{epic}")
            return
        if ev.points != 0:
            raise IllegalActionError("this is not a winning hand: a miscalled Mahjong")
        if self.options.miscall_penalty:
            self._end_round(self._pair(other, 2), "miscalled Mahjong")
        elif self.phase == "mahjong":
            raise IllegalActionError("a pair called for Mahjong must win")

    def mahjong_award(self, p: int) -> int | None:
        points = self.hand_points(p)
        if self.doubler is not None:
            if points < 0:
                return None
            top = max(points, self.double_points)
            return 2 * top if top else 1
        return points if points >= 1 else None

    def _is_epic(self, p: int) -> bool:
        counts = self.seats[p].counts()
        return counts[-1] == 2 and all(c == 1 for c in counts[:-1])


# ---------------------------------------------------------------------------
# Solo: you (player 0) against the virtual opponent (player 1)
# ---------------------------------------------------------------------------


class SoloMatch(_Match):
    """You (player 0) against the virtual opponent (player 1), who draws into a hold spot,
    swaps jokers and exposes pungs from the discard row by fixed rules."""

    game = SOLO

    def __init__(self, options: MintTinOptions) -> None:
        super().__init__(options)
        self.row: list[Card] = []
        self.block_at = 0
        """Cards of the row before this index are blocked by a joker (Joker Block)."""
        self.joker_spot = 0
        self.hold: Card | None = None
        self.doubling = False
        self.flipped = 0
        self.double_points = 0
        self.queue: list = []
        self.then = "you-draw"

    def _joker_block(self) -> bool:
        return self.options.joker_block

    def pungs(self) -> int:
        return len(self.seats[1].melds)

    def apply(self, ev) -> None:
        if isinstance(ev, Deal):
            self._deal(ev)
        elif isinstance(ev, RoundEnd):
            self._apply_end(ev)
        elif isinstance(ev, ToRow):
            self._expect("hold", 0, "passing on the hold card")
            if ev.card != self.hold:
                raise IllegalActionError(f"the hold spot has {self.hold}, not {ev.card}")
            self.row.append(ev.card)
            self.hold = None
            self._exposure_for(ev.card)
            self.then = "you-draw"
            self._settle()
        elif isinstance(ev, OpponentDraw | OpponentSwap | OpponentExposes):
            want = self.forced()
            if want != ev:
                raise IllegalActionError(f"the virtual opponent's move is {want}, not {ev}")
            self._auto(ev)
        elif isinstance(ev, Draw):
            self._expect("turn", ev.player, "drawing")
            if ev.card != self.wall[0]:
                raise IllegalActionError(f"the top card is {self.wall[0]}, not {ev.card}")
            self.wall.pop(0)
            self.seats[0].hand.append(ev.card)
            self.called_this_turn = None
            self.phase = "act"
        elif isinstance(ev, Call):
            self._expect("hold", ev.player, "calling")
            self._call(ev, self.hold)
            self.hold = None
            self.phase = "mahjong" if self.pair_call else "act"
        elif isinstance(ev, Swap):
            self._expect("act", ev.player, "swapping a joker")
            if ev.give_joker:
                raise IllegalActionError("solo swaps give a card and take a joker")
            self._swap(ev, (0, 1))
        elif isinstance(ev, Discard):
            self._expect("act", ev.player, "discarding")
            seat = self.seats[0]
            _remove(seat.hand, (ev.card,), "discarding")
            self.called_this_turn = None
            self.row.append(ev.card)
            if ev.card.is_joker:
                if self.options.joker_block:
                    self.block_at = len(self.row)
                else:
                    seat.jokers_discarded += 1
            self._exposure_for(ev.card)
            self.then = "you-draw" if self.queue else "opponent-draw"
            self._settle()
        elif isinstance(ev, Mahjong):
            self._expect(("act", "mahjong"), ev.player, "calling Mahjong")
            points = self.hand_points(0)
            if points >= 1 and ev.points == points:
                self._end_round((points, 0), "Mahjong")
            elif points >= 1:
                raise IllegalActionError(f"this Mahjong scores {points}, not {ev.points}")
            elif ev.points != 0:
                raise IllegalActionError("this is not a winning hand: a miscalled Mahjong")
            elif self.options.miscall_penalty:
                self._end_round((0, 2), "miscalled Mahjong")
            elif self.phase == "mahjong":
                raise IllegalActionError("a pair called for Mahjong must win")
        elif isinstance(ev, Double):
            self._expect("act", ev.player, "doubling")
            points = self.hand_points(0)
            if points < 0:
                raise IllegalActionError("a double needs a valid winning hand")
            if len(self.wall) < 3 or self.pungs() < 3:
                raise IllegalActionError("a solo double needs 3 cards to draw and 3 pungs "
                                         "exposed by the opponent")
            self.double_points, self.doubling, self.flipped = points, True, 0
            self.then = "double"
            self._settle()
        else:
            raise IllegalActionError(f"{type(ev).__name__} is not a solo event")

    def _deal(self, ev: Deal) -> None:
        if self.phase != "deal" or self.over:
            raise IllegalActionError("a deal comes at the start of a round")
        if ev.round != self.round + 1 or ev.dealer != 0:
            raise IllegalActionError(f"this is round {self.round + 1}, and you deal")
        cards = list(ev.deck)
        if sorted(cards) != sorted(deck(0)):
            raise IllegalActionError("the deck is the 48 cards without jokers")
        for seat in self.seats:
            seat.hand, seat.melds, seat.jokers_discarded = [], [], 0
        self.seats[0].hand = [*cards[:12], JOKER]
        self.wall = cards[12 + self.options.dead_hand:]
        self.row, self.block_at, self.joker_spot, self.hold = [], 0, 1, None
        self.doubling, self.flipped, self.queue = False, 0, []
        self.round += 1
        self.phase, self.current = "turn", 0

    # -- the virtual opponent -----------------------------------------------------

    def _eligible(self, card: Card) -> list[int]:
        """Indices of the row's cards identical to ``card`` that an exposure may use."""
        return [i for i in range(self.block_at, len(self.row)) if self.row[i] == card]

    def _exposure_for(self, card: Card) -> None:
        """A card reached the row: queue the opponent's exposure, if it makes one."""
        self.queue = []
        if card.is_joker or len(self.row) - 1 < self.block_at:
            return
        matching = len(self._eligible(card))
        if self.joker_spot and matching >= 2:
            self.queue.append(OpponentExposes((card, card, JOKER)))
        elif matching >= 3:
            self.queue.append(OpponentExposes((card, card, card)))

    def _settle(self) -> None:
        """After the rules' own events: what comes next."""
        if self.pungs() >= 5:
            points = self.opponent_points()
            if self.doubling:
                self._end_round((0, 2 * points), "the opponent made five pungs against "
                                "the double")
            else:
                self._end_round((0, points), "the opponent exposed five pungs")
            return
        if self.queue:
            self.phase = "opponent"
            return
        if self.then == "hold":
            self.phase, self.current = "hold", 0
        elif self.then == "double" and self.flipped >= 3:
            pts = 2 * self.double_points if self.double_points else 1
            self._end_round((pts, 0), "the double held for three cards")
        elif not self.wall:
            self._end_round((0, 0), "wall game")
        elif self.then == "you-draw":
            self.phase, self.current = "turn", 0
        else:  # the opponent draws (to the hold spot, or a card of the double)
            self.phase = "opponent"

    def forced(self):
        if self.phase == "round-end":
            return self.pending_end
        if self.phase != "opponent":
            return None
        return self.queue[0] if self.queue else OpponentDraw(self.wall[0])

    def _auto(self, ev) -> None:
        if isinstance(ev, OpponentExposes):
            self.queue.pop(0)
            card = ev.cards[0]
            need = sum(1 for c in ev.cards if not c.is_joker)
            for i in sorted(self._eligible(card)[-need:], reverse=True):
                self.row.pop(i)
            if JOKER in ev.cards:
                self.joker_spot -= 1
            self.seats[1].melds.append(Meld(card, list(ev.cards)))
            if not self.doubling:
                self.then = "you-draw"  # after any exposure, you draw next
        elif isinstance(ev, OpponentDraw):
            self.wall.pop(0)
            if self.doubling:
                self.flipped += 1
                self.row.append(ev.card)
                self._exposure_for(ev.card)
            else:
                self.hold = ev.card
                swap = self._swap_target(ev.card)
                self.queue = [OpponentSwap(*swap)] if swap else []
                self.then = "you-draw" if swap else "hold"
        elif isinstance(ev, OpponentSwap):
            self.queue.pop(0)
            meld = next(m for m in self.seats[ev.owner].melds if m.face == ev.face)
            meld.cards.remove(JOKER)
            meld.cards.append(ev.face)
            self.hold = None
            self.joker_spot += 1
            pair = self._priority_pair()
            if pair is not None:
                self.queue.append(OpponentExposes((pair, pair, JOKER)))
        self._settle()

    def _swap_target(self, card: Card) -> tuple[int, Card] | None:
        for owner in (1, 0):  # its own exposures first, then yours
            for m in self.seats[owner].melds:
                if m.face == card and m.jokers:
                    return owner, card
        return None

    def _priority_pair(self) -> Card | None:
        """Two identical cards in the row, by the text's order: dragons first (Sword, Moon,
        Fire, standing in for its Green, White, Red), then the lowest number."""
        counts: dict[Card, int] = {}
        for c in self.row[self.block_at:]:
            if not c.is_joker:
                counts[c] = counts.get(c, 0) + 1
        pairs = [c for c, n in counts.items() if n >= 2]
        if not pairs:
            return None
        dragons = sorted(c for c in pairs if c.is_dragon)
        return dragons[0] if dragons else min(pairs)

    def opponent_points(self) -> int:
        melds = self.seats[1].melds
        number_suits = {m.face.suit for m in melds if m.face.is_number}
        return 1 + sum(1 for m in melds if m.face.is_dragon and m.face.suit in number_suits)


__all__ = ["SOLO", "TWO", "Answer", "Call", "Deal", "Discard", "Double", "Draw", "Mahjong",
           "MintTinOptions", "OpponentDraw", "OpponentExposes", "OpponentSwap", "PassCards",
           "PassOffer", "RoundEnd", "SoloMatch", "Swap", "ToRow", "TwoPlayerMatch"]
