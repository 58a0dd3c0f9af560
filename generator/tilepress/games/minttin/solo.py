"""Mint Tin Mahjong solo: you (player 0) against the virtual opponent (player 1).

The opponent's cards are a dead hand; it draws into a hold spot (a card you may call,
else it goes to the discard row), swaps jokers with any exposure, and exposes pungs from
the discard row by fixed rules -- all offered by ``forced()``. Five pungs win it the
round. Your own turn is a draw (forced), then Mahjong, a double, joker swaps or a
discard; your only call is the card in the hold spot. Rulings 15-18 in docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Iterator

from tilepress.engine.log import Event
from tilepress.engine.rules import checks, handles
from tilepress.errors import IllegalActionError
from tilepress.games.minttin.cards import JOKER, Card
from tilepress.games.minttin.options import MintTinOptions
from tilepress.games.minttin.rules import (
    ACT,
    DRAW,
    HOLD,
    OPPONENT,
    ROUND_END,
    SOLO,
    Call,
    Deal,
    Discard,
    Double,
    Draw,
    Meld,
    MintTinMatch,
    OpponentDraw,
    OpponentExposes,
    OpponentSwap,
    Outcome,
    Phase,
    Swap,
    ToRow,
)
from tilepress.games.minttin.table import CardList, code_counts, is_deck


class SoloMatch(MintTinMatch):
    """You (player 0) against the virtual opponent (player 1), who draws into a hold spot,
    swaps jokers and exposes pungs from the discard row by fixed rules."""

    game = SOLO
    DECISIONS = frozenset({Phase.HOLD, Phase.ACT, Phase.PAIR_CALLED})
    gives_jokers = False

    def __init__(self, options: MintTinOptions) -> None:
        super().__init__(options)
        self.row: list[Card] = CardList()
        self.block_at = 0
        """Cards of the row before this index are blocked by a joker (Joker Block)."""
        self.joker_spot = 0
        self.hold: Card | None = None
        self.doubling = False
        self.flipped = 0
        self.double_points = 0
        self.queue: list[Event] = []
        """The opponent's moves the last card set off, still to come."""
        self.then = "you-draw"
        """What follows once the queue is done: "you-draw", "opponent-draw", "hold" or
        "double"."""

    def blocks_allowed(self) -> bool:
        return self.options.joker_block

    def pungs(self) -> int:
        return len(self.seats[1].melds)

    def forced(self) -> Event | None:
        """Your draw, the opponent's moves, and the end of a round."""
        phase = self.phase
        if phase is DRAW:
            return Draw(0, self.wall[0])
        if phase is OPPONENT:
            return self.queue[0] if self.queue else OpponentDraw(self.wall[0])
        if phase is ROUND_END:  # the base forces nothing else (asked at every move)
            return super().forced()
        return None

    def _candidates(self, p: int) -> Iterator[Event]:
        if self.phase is HOLD:
            assert self.hold is not None
            yield ToRow(self.hold)
            yield from self._call_candidates(p, self.hold)
        else:
            yield from self._turn_candidates(p)

    # -- checks ----------------------------------------------------------------------

    @checks(Deal)
    def _check_deal(self, ev: Deal) -> None:
        self.expect(Phase.DEAL, None, "dealing")
        if ev.round != self.round + 1 or ev.dealer != 0:
            raise IllegalActionError(f"this is round {self.round + 1}, and you deal")
        if not is_deck(ev.deck, 0):
            raise IllegalActionError("the deck is the 48 cards without jokers")

    @checks(Draw)
    def _check_draw(self, ev: Draw) -> None:
        self.expect(DRAW, ev.player, "drawing")

    @checks(ToRow)
    def _check_to_row(self, ev: ToRow) -> None:
        self.expect(HOLD, None, "passing on the hold card")
        if ev.card is not self.hold:
            raise IllegalActionError(f"the hold spot has {self.hold}, not {ev.card}")

    @checks(Call)
    def _check_call_hold(self, ev: Call) -> None:
        self.expect(HOLD, ev.player, "calling")
        self._check_call(ev, self.hold)

    @checks(Swap)
    def _check_swap_any(self, ev: Swap) -> None:
        self.expect(ACT, ev.player, "swapping a joker")
        if ev.give_joker:
            raise IllegalActionError("solo swaps give a card and take a joker")
        self._check_swap(ev)

    @checks(Double)
    def _check_double(self, ev: Double) -> None:
        self.expect(ACT, ev.player, "doubling")
        if self.hand_points(0) < 0:
            raise IllegalActionError("a double needs a valid winning hand")
        if len(self.wall) < 3 or self.pungs() < 3:
            raise IllegalActionError("a solo double needs 3 cards to draw and 3 pungs "
                                     "exposed by the opponent")

    # -- what your events do -------------------------------------------------------------

    @handles(Deal)
    def _deal(self, ev: Deal) -> None:
        cards = list(ev.deck)
        for seat in self.seats:
            seat.hand, seat.melds, seat.jokers_discarded = CardList(), [], 0
        self.seats[0].hand = CardList([*cards[:12], JOKER])
        self.wall = cards[12 + self.options.dead_hand:]
        self.row, self.block_at, self.joker_spot, self.hold = CardList(), 0, 1, None
        self.doubling, self.flipped, self.queue = False, 0, []
        self.round += 1
        self.phase, self.current = DRAW, 0

    @handles(Draw)
    def _draw(self, ev: Draw) -> None:
        self.wall.pop(0)
        self.seats[0].hand.append(ev.card)
        self.new_turn()
        self.phase = ACT

    @handles(ToRow)
    def _to_row(self, ev: ToRow) -> None:
        self.row.append(ev.card)
        self.hold = None
        self._exposure_for(ev.card)
        self.then = "you-draw"
        self._settle()

    @handles(Call)
    def _call(self, ev: Call) -> None:
        self.hold = None
        self._take_call(ev)

    @handles(Discard)
    def _discard(self, ev: Discard) -> None:
        seat = self.seats[0]
        seat.hand.remove(ev.card)
        self.new_turn()
        self.row.append(ev.card)
        if ev.block:
            self.block_at = len(self.row)
        elif ev.card.is_joker:
            seat.jokers_discarded += 1
        self._exposure_for(ev.card)
        self.then = "you-draw" if self.queue else "opponent-draw"
        self._settle()

    @handles(Double)
    def _double(self, ev: Double) -> None:
        self.double_points, self.doubling, self.flipped = self.hand_points(0), True, 0
        self.then = "double"
        self._settle()

    # -- the virtual opponent -----------------------------------------------------------

    def _eligible(self, card: Card) -> list[int]:
        """Indices of the row's cards identical to ``card`` that an exposure may use."""
        return [i for i in range(self.block_at, len(self.row)) if self.row[i] is card]

    def row_counts(self) -> list[int]:
        """How many of each card (by code) the row holds past its Joker Block (not to be
        changed: a :class:`CardList`'s own counts, while no block is placed)."""
        if self.block_at or type(self.row) is not CardList:
            return code_counts(self.row[self.block_at:])
        return self.row.counts

    def _exposure_for(self, card: Card) -> None:
        """A card reached the row: queue the opponent's exposure, if it makes one."""
        self.queue = []
        if card.is_joker or len(self.row) - 1 < self.block_at:
            return
        matching = self.row_counts()[card.code]
        if self.joker_spot and matching >= 2:
            self.queue.append(OpponentExposes((card, card, JOKER)))
        elif matching >= 3:
            self.queue.append(OpponentExposes((card, card, card)))

    def _settle(self) -> None:
        """After a card reached the row or the opponent moved: what comes next."""
        if self.pungs() >= 5:
            points = self.opponent_points()
            if self.doubling:
                self.end_round(Outcome((0, 2 * points), "the opponent made five pungs "
                                       "against the double"))
            else:
                self.end_round(Outcome((0, points), "the opponent exposed five pungs"))
            return
        if self.queue:
            self.phase = OPPONENT
        elif self.then == "hold":
            self.phase, self.current = HOLD, 0
        elif self.then == "double" and self.flipped >= 3:
            points = 2 * self.double_points if self.double_points else 1
            self.end_round(Outcome((points, 0), "the double held for three cards"))
        elif not self.wall:
            self.end_round(Outcome((0, 0), "wall game"))
        elif self.then == "you-draw":
            self.phase, self.current = DRAW, 0
        else:  # the opponent draws (to the hold spot, or a card of the double)
            self.phase = OPPONENT

    @handles(OpponentExposes)
    def _opponent_exposes(self, ev: OpponentExposes) -> None:
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
        self._settle()

    @handles(OpponentDraw)
    def _opponent_draw(self, ev: OpponentDraw) -> None:
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
        self._settle()

    @handles(OpponentSwap)
    def _opponent_swap(self, ev: OpponentSwap) -> None:
        self.queue.pop(0)
        meld = self.seats[ev.owner].meld_of(ev.face)
        assert meld is not None
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
                if m.face is card and m.jokers:
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


__all__ = ["SoloMatch"]
