"""Mint Tin Mahjong for two players.

On a turn a player draws or calls the last discard (with identical cards or jokers; a
pair only for Mahjong), may swap jokers with the opponent's exposures, then discards,
unless the 14 cards win: Mahjong, or a double the opponent takes or drops. Before play
the players may pass 0-3 cards. The last discard may still be called; a player who
must draw from the empty deck ends the round as a wall game. Shared parts in
:mod:`tilepress.games.minttin.rules`; rulings 9-14 and 19 in docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Iterator

from tilepress.engine.log import Event
from tilepress.engine.rules import checks, handles
from tilepress.errors import IllegalActionError
from tilepress.games.minttin.cards import JOKER, Card, format_cards
from tilepress.games.minttin.options import MintTinOptions
from tilepress.games.minttin.rules import (
    TURN,
    TWO,
    Answer,
    Call,
    Cards,
    Deal,
    Discard,
    Double,
    Draw,
    Exhausted,
    Mahjong,
    MintTinMatch,
    Outcome,
    PassCards,
    PassOffer,
    Phase,
    Swap,
    holds,
    remove_cards,
    scores_for,
)
from tilepress.games.minttin.table import CardList, is_deck


class TwoPlayerMatch(MintTinMatch):
    """Two players: draw or call the last discard, swap jokers with the opponent's
    exposures, discard; Mahjong, a double (taken or dropped), the optional pass."""

    game = TWO
    DECISIONS = frozenset({Phase.PASS_OFFER, Phase.PASS, Phase.TURN, Phase.ACT,
                           Phase.PAIR_CALLED, Phase.ANSWER})
    MAY_FORCE = frozenset({Phase.TURN})

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

    def pass_count(self) -> int:
        return min(self.offers.values()) if len(self.offers) == 2 else 0

    def mahjong_award(self, p: int) -> int | None:
        """What Mahjong scores now; while a double is taken, any valid hand beats it for
        twice the higher of the two hands (1 if both are worth 0)."""
        if self.doubler is None:
            return super().mahjong_award(p)
        points = self.hand_points(p)
        if points < 0:
            return None
        top = max(points, self.double_points)
        return 2 * top if top else 1

    def forced(self) -> Event | None:
        """Also: after a double is taken, the taker's turns are draws."""
        if self.phase is TURN:
            return None if self.doubler is None else Draw(self.current, self.wall[0])
        return super().forced()

    def _candidates(self, p: int) -> Iterator[Event]:
        if self.phase == Phase.PASS_OFFER:
            yield from (PassOffer(p, n) for n in range(4))
        elif self.phase == Phase.PASS:
            yield PassCards(p, tuple(sorted(self.seats[p].hand)[:self.pass_count()]))
        elif self.phase == Phase.TURN:
            yield Draw(p, self.wall[0]) if self.wall else Exhausted(p)
            yield from self._call_candidates(p, self.last_discard)
        elif self.phase == Phase.ANSWER:
            yield from (Answer(p, True), Answer(p, False))
        else:
            yield from self._turn_candidates(p)

    # -- checks ----------------------------------------------------------------------

    @checks(Deal)
    def _check_deal(self, ev: Deal) -> None:
        self.expect(Phase.DEAL, None, "dealing")
        dealer = ev.dealer if self.round == 0 and ev.dealer in (0, 1) else self.dealer
        if ev.round != self.round + 1 or ev.dealer != dealer:
            raise IllegalActionError(f"round {self.round + 1} is dealt by player {dealer}")
        if not is_deck(ev.deck, self.options.shuffled_jokers()):
            raise IllegalActionError("the deck is not the game's cards")

    @checks(PassOffer)
    def _check_offer(self, ev: PassOffer) -> None:
        self.expect(Phase.PASS_OFFER, ev.player, "offering a pass")
        if not 0 <= ev.count <= 3:
            raise IllegalActionError("a pass is 0 to 3 cards")

    @checks(PassCards)
    def _check_pass(self, ev: PassCards) -> None:
        self.expect(Phase.PASS, ev.player, "passing cards")
        if len(ev.cards) != self.pass_count():
            raise IllegalActionError(f"the pass is {self.pass_count()} cards")
        if not holds(self.seats[ev.player].hand, ev.cards):
            raise IllegalActionError(f"passing: {format_cards(ev.cards)} are not all in the "
                                     "hand")

    @checks(Draw)
    def _check_draw(self, ev: Draw) -> None:
        self.expect(Phase.TURN, ev.player, "drawing")
        if not self.wall:
            raise IllegalActionError("the draw deck is empty")
        if ev.card is not self.wall[0]:
            raise IllegalActionError(f"the top card is {self.wall[0]}, not {ev.card}")

    @checks(Exhausted)
    def _check_exhausted(self, ev: Exhausted) -> None:
        self.expect(Phase.TURN, ev.player, "ending the round for want of a card")
        if self.wall:
            raise IllegalActionError(f"the round goes on: {len(self.wall)} cards are left "
                                     "to draw")

    @checks(Call)
    def _check_call_discard(self, ev: Call) -> None:
        self.expect(Phase.TURN, ev.player, "calling")
        self._check_call(ev, self.last_discard)

    @checks(Swap)
    def _check_swap_opponent(self, ev: Swap) -> None:
        self.expect(Phase.ACT, ev.player, "swapping a joker")
        if self.doubler is not None:
            raise IllegalActionError("after a double is taken, turns draw and discard only")
        self._check_swap(ev)

    def swap_owners(self, p: int) -> tuple[int, ...]:
        """Two players swap with the opponent's exposures only."""
        return (1 - p,)

    def _check_miscall(self, ev: Mahjong) -> None:
        if self.doubler is not None:
            raise IllegalActionError("that hand is not a winning hand")
        super()._check_miscall(ev)

    @checks(Double)
    def _check_double(self, ev: Double) -> None:
        self.expect(Phase.ACT, ev.player, "doubling")
        if self.doubler is not None:
            raise IllegalActionError("a double is already under way")
        if self.hand_points(ev.player) < 0:
            raise IllegalActionError("a double needs a valid winning hand")
        if len(self.wall) < 3:
            raise IllegalActionError("a double needs at least 3 cards left to draw")

    @checks(Answer)
    def _check_answer(self, ev: Answer) -> None:
        self.expect(Phase.ANSWER, ev.player, "answering a double")

    # -- what events do ----------------------------------------------------------------

    @handles(Deal)
    def _deal(self, ev: Deal) -> None:
        self.dealer = ev.dealer
        n = 13 - self.options.starting_jokers()
        jokers = [JOKER] * self.options.starting_jokers()
        cards = list(ev.deck)
        for seat in self.seats:
            seat.hand, seat.melds, seat.jokers_discarded = CardList(), [], 0
        self.seats[self.nondealer].hand = CardList(cards[:n] + jokers)
        self.seats[self.dealer].hand = CardList(cards[n:2 * n] + jokers)
        self.wall = cards[2 * n:]
        self.round += 1
        self.discards, self.last_discard = [], None
        self.doubler, self.double_turns = None, 0
        self.offers, self.passes = {}, {}
        if self.options.passing:
            self.phase, self.current = Phase.PASS_OFFER, self.nondealer
        else:
            self.phase, self.current = Phase.TURN, self.dealer

    @handles(PassOffer)
    def _offer(self, ev: PassOffer) -> None:
        self.offers[ev.player] = ev.count
        if len(self.offers) == 1:
            self.current = self.dealer
        elif min(self.offers.values()):
            self.phase, self.current = Phase.PASS, self.nondealer
        else:
            self.phase, self.current = Phase.TURN, self.dealer

    @handles(PassCards)
    def _pass(self, ev: PassCards) -> None:
        remove_cards(self.seats[ev.player].hand, ev.cards)
        self.passes[ev.player] = ev.cards
        if len(self.passes) == 1:
            self.current = self.dealer
        else:
            for p in (0, 1):
                self.seats[p].hand += list(self.passes[1 - p])
            self.phase, self.current = Phase.TURN, self.dealer

    @handles(Draw)
    def _draw(self, ev: Draw) -> None:
        self.wall.pop(0)
        self.seats[ev.player].hand.append(ev.card)
        self.new_turn()
        self.phase = Phase.ACT

    @handles(Call)
    def _call(self, ev: Call) -> None:
        self.last_discard = None
        self.discards.pop()
        self._take_call(ev)

    @handles(Discard)
    def _discard(self, ev: Discard) -> None:
        seat = self.seats[ev.player]
        seat.hand.remove(ev.card)
        if ev.card.is_joker:  # a point for the round, face down during a double too
            seat.jokers_discarded += 1
        if self.doubler is not None:  # the three turns after a double: face down
            self.double_turns += 1
            if self.double_turns >= 3 or not self.wall:
                points = 2 * self.double_points if self.double_points else 1
                self.end_round(Outcome(scores_for(self.doubler, points),
                                       "the double held for three turns"))
            else:
                self.phase = Phase.TURN
            return
        self.last_discard = None if ev.card.is_joker else ev.card
        self.discards.append((ev.player, ev.card))
        self.new_turn()
        self.current = 1 - ev.player
        self.phase = Phase.TURN

    @handles(Exhausted)
    def _exhausted(self, ev: Exhausted) -> None:
        self.end_round(Outcome((0, 0), "wall game"))

    def mahjong_outcome(self, ev: Mahjong) -> Outcome | None:
        """Also: the taker of a double beats it with any valid hand."""
        if self.doubler is not None:
            return Outcome(scores_for(ev.player, ev.points), "the double was beaten")
        return super().mahjong_outcome(ev)

    @handles(Double)
    def _double(self, ev: Double) -> None:
        self.doubler, self.double_points = ev.player, self.hand_points(ev.player)
        self.current = 1 - ev.player
        self.phase = Phase.ANSWER

    @handles(Answer)
    def _answer(self, ev: Answer) -> None:
        assert self.doubler is not None
        if ev.take:
            self.double_turns = 0
            self.phase = Phase.TURN
        else:
            self.end_round(Outcome(scores_for(self.doubler, max(self.double_points, 1)),
                                   "the double was dropped"))


__all__ = ["TwoPlayerMatch"]
