"""Mint Tin Mahjong: the events and what the two-player and solo games share.

A match is rounds to 7 (or 14) points. The two-player game is
:class:`~tilepress.games.minttin.twoplayer.TwoPlayerMatch`, the solo game against the
virtual opponent :class:`~tilepress.games.minttin.solo.SoloMatch`. Both are
:class:`~tilepress.engine.rules.Rules`: each event has one check and one handler,
``apply(event)`` runs both, and ``legal_actions()`` lists the decisions the same checks
accept. What the rules do on their own (the end of a round, a draw nobody chooses, the
virtual opponent's moves) is offered by ``forced()``; the deal's shuffle is the chance
event. Hands and scores come from :mod:`tilepress.games.minttin.hand`; rulings in
docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import ClassVar, TypeVar

from tilepress.engine.log import Event, event
from tilepress.engine.rules import Phase as BasePhase
from tilepress.engine.rules import Rules, checks, handles
from tilepress.errors import IllegalActionError
from tilepress.games.minttin.cards import JOKER, Card, copies, format_cards
from tilepress.games.minttin.hand import Extras, round_extras, wins
from tilepress.games.minttin.options import MintTinOptions
from tilepress.games.minttin.table import (
    Meld,
    PointsKept,
    Seat,
    View,
    code_counts,
    counts_hold,
    direct_init,
    exposure_of,
    holds,
    remove_cards,
    scores_for,
    view_of,
)

TWO = "minttin"
SOLO = "minttin-solo"
ONE_BASED_IN_V1 = ("winner",)
"""Result fields that logs of format 1 counted from 1 (see :mod:`tilepress.engine.log`)."""

Cards = tuple[Card, ...]
E = TypeVar("E", bound=Event)
_VIEWS = (-1, -2)
"""Each player's :meth:`MintTinMatch.view`'s key among what is kept with points (ints)."""


# -- Events (the two games share most of them) -------------------------------------


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
    block: bool = False
    """Solo, with the Joker Block rule: the joker is placed as a block (no point), not
    discarded for its point."""


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


@event(TWO, "exhausted")
class Exhausted:
    """A player must draw and the deck is empty (not calling the last discard): the round
    is a wall game."""

    player: int
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
    """The rules' words for how the round ended (not a bot's reason)."""


for _event in [v for v in globals().values() if isinstance(v, type) and hasattr(v, "TYPE")
               and v.__module__ == __name__]:
    direct_init(_event)  # every event of this module: a quicker __init__, alike
del _event

# -- Shared state --------------------------------------------------------------------


class Phase(BasePhase):
    """What a match waits for."""

    DEAL = "the shuffle and deal of the next round"
    PASS_OFFER = "an offer of how many cards to pass (0 to 3)"
    PASS = "the cards passed"
    TURN = "a draw (none left: the wall game), or a call of the last discard"
    DRAW = "your draw from the deck"
    HOLD = "a call of the card in the hold spot, or letting it go to the discard row"
    ACT = "Mahjong, a double, a joker swap or a discard"
    PAIR_CALLED = "Mahjong with the pair just called"
    ANSWER = "an answer to the double: take or drop"
    OPPONENT = "the virtual opponent's move"
    ROUND_END = "the score of the round"
    OVER = "nothing: the match is over"


# Phases as module names: reading a member off an Enum class goes through a descriptor
# (about 70 ns on Python 3.11), and the match reads these at every event.
ACT, DRAW, HOLD, OPPONENT = Phase.ACT, Phase.DRAW, Phase.HOLD, Phase.OPPONENT
OVER, ROUND_END, TURN = Phase.OVER, Phase.ROUND_END, Phase.TURN
PASS_OFFER, PASS, ANSWER = Phase.PASS_OFFER, Phase.PASS, Phase.ANSWER


@dataclass(frozen=True)
class Outcome:
    """How a round ended, as the rules decide it."""

    scores: tuple[int, int]
    reason: str
    match_winner: int | None = None
    """The player whose Epic Hand wins the match at once, whatever the scores."""

    def event(self) -> RoundEnd:
        return RoundEnd(self.scores, self.reason)


@dataclass
class TurnMoves:
    """What a player has done in the turn under way that the rules do not let them do
    again or undo, so that every turn ends: a friendly miscall taken back (ruling 12),
    and the direction of each joker swap by exposure (ruling 10)."""

    miscalled: bool = False
    swapped: dict[tuple[int, Card], bool] = field(default_factory=dict)
    """(owner, face) of an exposure -> whether the swap gave it a joker."""


class MintTinMatch(Rules):
    """What both games share: seats, rounds, scoring a hand, calls, swaps, Mahjong and
    the end of a round."""

    title = "Mint Tin Mahjong"
    CHANCE = frozenset({Phase.DEAL})
    DECISIONS: ClassVar[frozenset[Phase]] = frozenset()
    """Phases where a player decides (unless the rules force the move)."""

    def __init__(self, options: MintTinOptions) -> None:
        self.options = options
        self.rules = options.rules
        self.seats = [Seat(), Seat()]
        self.round = 0
        self.dealer = 0
        self.wall: list[Card] = []
        self.phase = Phase.DEAL
        self.current = 0
        self.winner: int | None = None
        self.round_scores: list[tuple[int, int]] = []
        self.outcome: Outcome | None = None
        """How the round ended, once it has (the next event is its score)."""
        self.called_this_turn: Meld | None = None
        self.this_turn = TurnMoves()
        """What the player to move has done this turn that may not be done again or
        undone (ruling 12, ruling 10): so that every turn ends."""
        self._points: dict[int, int] | None = None
        """Each player's :meth:`hand_points`, kept while the position does not change
        (:meth:`points_kept`)."""

    # -- queries -------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase is OVER

    MAY_FORCE: ClassVar[frozenset[Phase]] = frozenset()
    """Phases of :attr:`DECISIONS` where :meth:`forced` may still give the move (elsewhere
    among them it gives none, so :attr:`to_move` need not ask it)."""

    @property
    def to_move(self) -> int | None:
        phase = self.phase
        if phase in self.DECISIONS and (phase not in self.MAY_FORCE or self.forced() is None):
            return self.current
        return None

    def joker_bonus(self, p: int) -> int:
        """The points player ``p`` has from discarded jokers this round."""
        return self.seats[p].jokers_discarded

    def extras(self, p: int) -> Extras:
        """Player ``p``'s round bonuses now (:func:`~.hand.round_extras`): the jokers
        discarded this round, and concealed with no exposure but, at most, the one made
        by calling this turn's card."""
        seat = self.seats[p]
        melds = seat.melds
        return round_extras(len(melds), seat.jokers_discarded,
                            bool(melds) and melds[0] is self.called_this_turn)

    def concealed(self, p: int) -> bool:
        """No exposures but, at most, the one made by calling this turn's card."""
        return self.extras(p).concealed

    def hand_points(self, p: int) -> int:
        """The best score of a player's 14 cards, -1 if they make no valid shape."""
        memo = self._points
        if memo is not None and p in memo:
            return memo[p]
        extras = self.extras(p)
        view = self.view(p)
        points = wins(view.counts, view.exposures, extras, self.rules)
        if memo is not None:
            memo[p] = points
        return points

    def view(self, p: int) -> View:
        """Player ``p``'s cards as counts and exposures; kept while points are
        (:meth:`points_kept`)."""
        memo = self._points
        if memo is None:
            return view_of(self.seats[p])
        found = memo.get(_VIEWS[p])
        if found is None:
            found = memo[_VIEWS[p]] = view_of(self.seats[p])
        return found

    def points_with_call(self, p: int, card: Card, cards: Cards) -> int:
        """What the hand would score after calling ``card`` with ``cards`` (-1: no win);
        kept while points are."""
        jokers = sum(1 for c in cards if c.is_joker)
        memo = self._points
        key = (p, card.code, len(cards), jokers)
        if memo is not None:
            found = memo.get(key)
            if found is not None:
                return found
        view = self.view(p)
        counts = list(view.counts)
        counts[card.code] += 1
        exposures = (*view.exposures, exposure_of(card, len(cards) + 1, jokers))
        extras = round_extras(len(exposures), self.joker_bonus(p), winning_call=True)
        points = wins(counts, exposures, extras, self.rules)
        if memo is not None:
            memo[key] = points
        return points

    def points_with_card(self, p: int, card: Card) -> int:
        """The most the hand could score with ``card`` added, whatever block it is called
        into (an exposure only narrows the readings): no less than
        :meth:`points_with_call` of any call of it."""
        view = self.view(p)
        counts = list(view.counts)
        counts[card.code] += 1
        extras = round_extras(len(view.exposures), self.joker_bonus(p))
        return wins(counts, view.exposures, extras, self.rules)

    def mahjong_award(self, p: int) -> int | None:
        """What declaring Mahjong now would score, or None if it would be a miscall."""
        points = self.hand_points(p)
        return points if points >= 1 else None

    def is_epic(self, p: int) -> bool:
        counts = self.seats[p].counts()
        return counts[-1] == 2 and all(c == 1 for c in counts[:-1])

    def forced(self) -> Event | None:
        """The score of a round that has ended."""
        if self.phase is ROUND_END:
            assert self.outcome is not None
            return self.outcome.event()
        return None

    def check(self, ev: Event) -> None:
        """The base's check; a round's end must also give the rules' own reason (the
        base ignores any ``reason``, which elsewhere is a bot's explanation)."""
        super().check(ev)
        if isinstance(ev, RoundEnd) and self.outcome is not None \
                and ev.reason != self.outcome.reason:
            raise IllegalActionError(f"the round ends {self.outcome.scores} "
                                     f"({self.outcome.reason}), not {ev.reason!r}")

    def legal_actions(self) -> list[Event]:
        """Every decision :attr:`to_move` may take now: candidates built from the position,
        kept when the event's own check accepts them. Cards passed or called with are
        listed once per distinct choice (which copies of a card does not matter)."""
        p = self.to_move
        if p is None:
            return []
        return self._accepted(self._candidates(p))

    def legal_calls(self, card: Card | None) -> list[Call]:
        """The calls of ``card`` :attr:`to_move` may make now, in the order of
        :meth:`legal_actions` (for a bot that needs only these)."""
        p = self.to_move
        return [] if p is None else self._accepted(self._call_candidates(p, card))

    def call_candidates(self, card: Card | None) -> Iterator[Call]:
        """The calls of ``card`` :meth:`legal_calls` checks, in its order, unchecked
        (for a bot that weighs them first and asks :meth:`is_legal` of the one it
        plays)."""
        p = self.to_move
        return iter(()) if p is None else self._call_candidates(p, card)

    def swap_candidates(self) -> Iterator[Swap]:
        """The joker swaps :meth:`legal_swaps` checks, in its order, unchecked (for a
        bot: with none, no swap is legal)."""
        p = self.to_move
        return iter(()) if p is None else self._swap_candidates(p)

    def legal_swaps(self) -> list[Swap]:
        """The joker swaps :attr:`to_move` may make now, in the order of
        :meth:`legal_actions`."""
        p = self.to_move
        return [] if p is None else self._accepted(self._swap_candidates(p))

    def points_kept(self) -> PointsKept:
        """Keep each player's :meth:`hand_points` while the position does not change (a
        bot looking at it, :meth:`legal_actions` checking its candidates): ``with
        match.points_kept(): ...``."""
        return PointsKept(self)

    def _accepted(self, candidates: Iterable[E]) -> list[E]:
        """The candidates (of the player to move) whose own check accepts them."""
        # to_move is a player only when the rules force nothing, so each candidate needs
        # only its own check (the base's check would ask forced() once per candidate)
        checks = self._checks
        legal = []
        with self.points_kept():
            for ev in candidates:
                check = checks.get(type(ev))
                if check is not None:
                    try:
                        check(self, ev)
                    except IllegalActionError:
                        continue
                legal.append(ev)
        return legal

    def _candidates(self, p: int) -> Iterator[Event]:
        raise NotImplementedError

    def _turn_candidates(self, p: int) -> Iterator[Event]:
        """After drawing or calling: Mahjong (a miscall if the hand does not win), a
        double, joker swaps with every exposure, a discard of each card."""
        yield Mahjong(p, self.mahjong_award(p) or 0)
        yield Double(p)
        yield from self._swap_candidates(p)
        yield from (Discard(p, c) for c in sorted(set(self.seats[p].hand)))
        if JOKER in self.seats[p].hand:
            yield Discard(p, JOKER, block=True)

    def _swap_candidates(self, p: int) -> Iterator[Swap]:
        """Joker swaps both ways with every exposure player ``p`` may swap with (but those
        the hand cannot make: a card of the face for a joker, a joker for a card)."""
        held = self.view(p).held
        joker = held[JOKER.code] > 0
        for owner in self.swap_owners(p):
            seat = self.seats[owner]
            for meld in seat.melds:
                if held[meld.face.code]:
                    swapped = seat.meld_of(meld.face)  # the exposure a swap of its face uses
                    if swapped is not None and swapped.jokers:
                        yield Swap(p, owner, meld.face, False)
                if joker and self.gives_jokers:
                    yield Swap(p, owner, meld.face, True)

    def _call_candidates(self, p: int, card: Card | None) -> Iterator[Call]:
        """Calls of ``card`` with each number of identical cards and jokers held."""
        if card is None:
            return
        held = self.view(p).held
        same, jokers = held[card.code], held[JOKER.code]
        for k in range(same + 1):
            for j in range(jokers + 1):
                if 1 <= k + j <= 4:
                    yield Call(p, card, (card,) * k + (JOKER,) * j)

    # -- checks shared by both games ---------------------------------------------

    @checks(RoundEnd, OpponentDraw, OpponentSwap, OpponentExposes)
    def _check_by_the_rules(self, ev: Event) -> None:
        raise IllegalActionError(f"{ev.TYPE} comes only when the rules say so")

    def _check_call(self, ev: Call, available: Card | None) -> None:
        seat = self.seats[ev.player]
        if available is None or ev.card is not available:  # cards are interned
            raise IllegalActionError(f"{ev.card} is not there to call")
        if ev.card.is_joker:
            raise IllegalActionError("a discarded joker cannot be called")
        if any(c is not ev.card and not c.is_joker for c in ev.cards):
            raise IllegalActionError(f"a call of {ev.card} goes with identical cards or jokers, "
                                     f"not {format_cards(ev.cards)}")
        if not 1 <= len(ev.cards) <= 4:
            raise IllegalActionError("a call makes a block of 2 to 5 cards")
        if seat.meld_of(ev.card) is not None:
            raise IllegalActionError(f"{ev.card} is already exposed; a card is in one block")
        if len(ev.cards) == 1 and ev.cards[0].is_joker:
            raise IllegalActionError("a pair cannot hold a joker")
        if not counts_hold(self.view(ev.player).held, ev.cards):
            raise IllegalActionError(f"calling: {format_cards(ev.cards)} are not all in the "
                                     "hand")
        if len(ev.cards) == 1 and self.points_with_call(ev.player, ev.card, ev.cards) < 1:
            raise IllegalActionError("a pair may be called only for Mahjong, and this hand "
                                     "does not win with it")

    gives_jokers: ClassVar[bool] = True
    """Whether a swap may give a joker for a card (not in the solo game)."""

    def swap_owners(self, p: int) -> tuple[int, ...]:
        """Whose exposures player ``p`` may swap jokers with."""
        return (0, 1)

    def _check_swap(self, ev: Swap) -> None:
        if ev.owner not in self.swap_owners(ev.player):
            raise IllegalActionError(f"player {ev.player} cannot swap with that exposure")
        seat = self.seats[ev.player]
        meld = self.seats[ev.owner].meld_of(ev.face)
        if meld is None:
            raise IllegalActionError(f"no exposure of {ev.face} to swap with")
        if meld is self.called_this_turn and ev.owner == ev.player:
            raise IllegalActionError("an exposure is set once the turn ends; this one is new")
        if self.this_turn.swapped.get((ev.owner, ev.face), ev.give_joker) != ev.give_joker:
            raise IllegalActionError(f"that would undo this turn's joker swap with the "
                                     f"exposure of {ev.face}")
        if ev.give_joker:
            if JOKER not in seat.hand:
                raise IllegalActionError("no joker in the hand to give")
            if len(meld.cards) - meld.jokers <= 1 and not self.rules.joker_blocks:
                raise IllegalActionError(f"the block of {ev.face} would be jokers only")
        else:
            if ev.face not in seat.hand:
                raise IllegalActionError(f"no {ev.face} in the hand to swap for the joker")
            if not meld.jokers:
                raise IllegalActionError(f"the exposure of {ev.face} holds no joker")

    @checks(Mahjong)
    def _check_mahjong(self, ev: Mahjong) -> None:
        self.expect((Phase.ACT, Phase.PAIR_CALLED), ev.player, "calling Mahjong")
        award = self.mahjong_award(ev.player)
        if award is not None:
            if ev.points != award:
                raise IllegalActionError(f"this Mahjong scores {award}, not {ev.points}")
            return
        self._check_miscall(ev)

    def blocks_allowed(self) -> bool:
        """Whether a joker may be placed as a Joker Block (solo, with that rule)."""
        return False

    @checks(Discard)
    def _check_discard(self, ev: Discard) -> None:
        self.expect(ACT, ev.player, "discarding")
        if not copies(self.seats[ev.player].hand, ev.card):
            raise IllegalActionError(f"discarding: {ev.card} is not in the hand")
        if ev.block and not (ev.card.is_joker and self.blocks_allowed()):
            raise IllegalActionError("only a joker is placed as a block, and only in the "
                                     "solo game with the Joker Block rule")

    def _check_miscall(self, ev: Mahjong) -> None:
        if ev.points != 0:
            raise IllegalActionError("this is not a winning hand: a miscalled Mahjong")
        if not self.options.miscall_penalty and self.phase == Phase.PAIR_CALLED:
            raise IllegalActionError("a pair called for Mahjong must win")
        if self.this_turn.miscalled:
            raise IllegalActionError("a Mahjong taken back is not called again in the same "
                                     "turn unless the hand wins")

    # -- what shared events do -----------------------------------------------------

    def new_turn(self) -> None:
        """A turn begins (a draw, a call) or ends (a discard): nothing done is kept."""
        self.called_this_turn = None
        self.this_turn = TurnMoves()

    def _take_call(self, ev: Call) -> None:
        self.this_turn = TurnMoves()
        seat = self.seats[ev.player]
        remove_cards(seat.hand, ev.cards)
        meld = Meld(ev.card, [ev.card, *ev.cards])
        seat.melds.append(meld)
        self.called_this_turn = meld
        self.phase = Phase.PAIR_CALLED if len(ev.cards) == 1 else ACT

    @handles(Swap)
    def _swap(self, ev: Swap) -> None:
        self.this_turn.swapped[(ev.owner, ev.face)] = ev.give_joker
        seat = self.seats[ev.player]
        meld = self.seats[ev.owner].meld_of(ev.face)
        assert meld is not None
        give, take = (JOKER, ev.face) if ev.give_joker else (ev.face, JOKER)
        seat.hand.remove(give)
        meld.cards.remove(take)
        meld.cards.append(give)
        seat.hand.append(take)

    @handles(Mahjong)
    def _mahjong(self, ev: Mahjong) -> None:
        outcome = self.mahjong_outcome(ev)
        if outcome is not None:
            self.end_round(outcome)
        else:  # a friendly miscall: withdrawn, play goes on
            self.this_turn.miscalled = True

    def mahjong_outcome(self, ev: Mahjong) -> Outcome | None:
        """How a (checked) Mahjong call ends the round: a win, or a miscall that gives
        the opponent 2 points; None for a friendly miscall."""
        if self.mahjong_award(ev.player) is not None:
            epic = self.is_epic(ev.player)
            return Outcome(scores_for(ev.player, ev.points),
                           "Mahjong (Epic Hand)" if epic else "Mahjong",
                           ev.player if epic else None)
        if self.options.miscall_penalty:
            return Outcome(scores_for(1 - ev.player, 2), "miscalled Mahjong")
        return None

    def end_round(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self.phase = Phase.ROUND_END

    @handles(RoundEnd)
    def _round_end(self, ev: RoundEnd) -> None:
        outcome = self.outcome
        assert outcome is not None
        for p in (0, 1):
            self.seats[p].score += outcome.scores[p]
        self.round_scores.append(outcome.scores)
        self.outcome = None
        self.new_turn()
        scores = [s.score for s in self.seats]
        if (max(scores) >= self.options.target or outcome.match_winner is not None
                or self.round >= self.options.round_limit):  # ruling 20: every match ends
            self.phase = Phase.OVER
            self.winner = scores.index(max(scores)) if scores[0] != scores[1] else None
            if outcome.match_winner is not None:
                self.winner = outcome.match_winner
        else:
            self.phase = Phase.DEAL
            self.dealer = 1 - self.dealer

    def result(self) -> dict:
        return {"scores": [s.score for s in self.seats], "rounds": self.round,
                "round_scores": [list(s) for s in self.round_scores],
                "winner": self.winner}


__all__ = ["ACT", "ANSWER", "DRAW", "HOLD", "OPPONENT", "OVER", "PASS", "PASS_OFFER", "ROUND_END",
           "SOLO", "TURN", "TWO", "Answer", "Call", "Cards", "Deal", "Discard", "Double", "Draw",
           "Exhausted", "Mahjong", "Meld", "MintTinMatch", "MintTinOptions", "OpponentDraw",
           "OpponentExposes", "OpponentSwap", "Outcome", "PassCards", "PassOffer", "Phase",
           "RoundEnd", "Seat", "Swap", "ToRow", "TurnMoves", "code_counts", "holds", "remove_cards",
           "scores_for"]
