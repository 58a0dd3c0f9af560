"""Bots for Mint Tin Mahjong, two players and solo.

:class:`Planner` keeps a *target*: a set of numbers, the dragons that may join it, and a
pattern of block sizes. For each possible target it counts how many cards the hand
still lacks and what the target would score (:mod:`.planner`), and plays towards the
best: it discards the card that
costs its best targets least (in solo, avoiding cards that hand the virtual opponent a
pung), calls a card that brings the target closer (with a joker only when no unseen
card could swap that joker out), swaps jokers when that helps (takes one for a card
unless a pair needs the card; gives one for an exposed card a pair lacks), declares
Mahjong as soon as it can, doubles a hand worth 0 (and, solo, a winning hand when the
virtual opponent is unlikely to finish first), offers the pass of its stray cards,
and in solo places a Joker Block while the row threatens a pung. :class:`RandomDiscards`
declares Mahjong when it can and otherwise discards at random.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import lru_cache
from math import comb
from typing import TypeVar

from tilepress.engine.log import Event
from tilepress.games.minttin.cards import ALL_CARDS, JOKER, Card, copies
from tilepress.games.minttin.planner import call_heads, discard_order, evaluate, evaluate_head
from tilepress.games.minttin.rules import (
    ANSWER,
    HOLD,
    PASS,
    PASS_OFFER,
    TURN,
    Answer,
    Call,
    Discard,
    Double,
    Draw,
    Exhausted,
    Mahjong,
    MintTinMatch,
    PassCards,
    PassOffer,
    Phase,
    Swap,
    ToRow,
    code_counts,
)
from tilepress.games.minttin.solo import SoloMatch

E = TypeVar("E", bound=Event)
Danger = tuple[float, ...]
"""How much discarding each card (by code) helps the solo virtual opponent."""
JOKER_CODE = JOKER.code

@lru_cache(maxsize=256)
def _names(faces: tuple[int, ...]) -> str:
    """A target's faces as a reason names them: "3,4,5,DM"."""
    return ",".join(str(ALL_CARDS[f]) for f in faces)


def _first(legal: Sequence[Event], kind: type[E]) -> E | None:
    """The first legal action of a kind, if any."""
    return next((ev for ev in legal if isinstance(ev, kind)), None)


def _one(legal: Sequence[Event], kind: type[E]) -> E:
    """The legal action of a kind there must be (a draw at a turn, Mahjong after one)."""
    found = _first(legal, kind)
    assert found is not None, f"no {kind.__name__} among the legal actions"
    return found


def _counts(match: MintTinMatch, p: int, hand: list[Card]) -> tuple[int, ...]:
    """Card counts of ``hand`` and the player's exposures."""
    counts = code_counts(hand)
    for m in match.seats[p].melds:
        for c in m.cards:
            counts[c.code] += 1
    return tuple(counts)


def unseen(match: MintTinMatch, p: int, card: Card) -> int:
    """How many copies of ``card`` player ``p`` cannot see: not in the hand, in an
    exposure, on the discards (or the solo row and hold spot), nor being called."""
    seen = copies(match.seats[p].hand, card) + sum(
        copies(m.cards, card) for seat in match.seats for m in seat.melds)
    if isinstance(match, SoloMatch):
        seen += copies(match.row, card) + (match.hold is card)
    else:
        seen += sum(1 for _, c in match.discards if c is card)  # the last one included
    return 4 - seen


def row_threats(match: SoloMatch) -> int:
    """Solo: how many unseen cards would give the virtual opponent a pung from the row
    as it stands (with a joker in its spot one card of a face is enough, else two)."""
    seen: Counter[Card] = Counter(match.row)
    seen.update(match.seats[0].hand)
    for seat in match.seats:
        seen.update(c for m in seat.melds for c in m.cards)
    if match.hold is not None:
        seen[match.hold] += 1
    row = Counter(c for c in match.row[match.block_at:] if not c.is_joker)
    need = 1 if match.joker_spot else 2
    return sum(4 - seen[face] for face, n in row.items() if n >= need)


class Planner:
    """Plays towards the best target; see the module's docstring."""

    name = "planner"

    def choose(self, match: MintTinMatch, legal: Sequence[Event], rng: random.Random
               ) -> Event:
        """The move for the player to move. On a turn, the hold spot and after a draw it
        asks the rules only about the moves it weighs (the calls, the swaps, a double),
        so ``legal`` is listed only for the pass and the answer to a double."""
        phase = match.phase
        with match.points_kept():
            if phase is HOLD:
                return self.on_hold(match)
            if phase is TURN:
                return self.on_turn(match)
            if phase is PASS_OFFER:
                return self.pass_offer(match, legal)
            if phase is PASS:
                return self.pass_cards(match, legal)
            if phase is ANSWER:
                return self.answer(match, legal)
            return self.act(match)

    # -- reading a hand ---------------------------------------------------------

    def best_discard(self, match: MintTinMatch, p: int, danger: Danger | None = None,
                     hand: list[Card] | None = None) -> tuple[Card, str]:
        """The discard that costs the best targets least: a card is lost to a target when
        its face is in it and every copy held is used (a joker, when the gaps take all
        the jokers). ``hand`` stands in for the player's hand (for a pass)."""
        view = match.view(p)
        if hand is None:
            counts, held = view.counts, view.held
        else:
            counts, held = _counts(match, p, hand), tuple(code_counts(hand))
        code, need, faces, next_codes = discard_order(counts, view.fixed, held, danger)
        names = _names(faces)
        why = (f"keeps the hand {need} card{'s' * (need != 1)} from {names}"
               if need else f"the hand stays ready ({names})")
        if danger and danger[code] == 0 and any(danger[c] for c in next_codes):
            why += "; gives the opponent no pung"
        return ALL_CARDS[code], why

    # -- a turn -------------------------------------------------------------------

    def on_turn(self, match: MintTinMatch) -> Event:
        """The turn step (two players): call the last discard, or draw."""
        p = match.to_move
        assert p is not None
        card = getattr(match, "last_discard", None)
        if card is not None:
            call = self._call(match, p, card)
            if call is not None:
                return call
        if match.wall:
            return Draw(p, match.wall[0])
        return Exhausted(p, reason="nothing left to draw, and the last discard does not "
                         "complete the hand")

    def _call(self, match: MintTinMatch, p: int, card: Card) -> Call | None:
        """A call for Mahjong (the one that scores most, with the fewest jokers);
        otherwise, while cards are left to draw, the call (with identical cards or
        jokers) that brings the best target closest, if it brings it closer. The rules
        list the legal calls only when ``card`` could win; otherwise the calls are
        weighed as the rules would list them (but a pair, called only for Mahjong), and
        the rules check a call once it weighs best."""
        counts, held, _, fixed = match.view(p)
        if not held[card.code] + held[JOKER.code] or match.seats[p].meld_of(card) is not None:
            return None  # no call of it can be made: nothing to call with, or it is exposed
        can_win = match.points_with_card(p, card) >= 1
        if not can_win and (not match.wall or held[card.code] + held[JOKER.code] < 2):
            return None  # no call of it wins (nor a pair call, then)
        if can_win:
            calls: Iterable[Call] = match.legal_calls(card)
            if not calls:
                return None
            # else no call wins: points_with_card is at least each call's points
            scored = [(match.points_with_call(p, card, c.cards), -c.cards.count(JOKER), c)
                      for c in calls]
            points, _, win = max(scored, key=lambda t: t[:2])
            if points >= 1:
                return replace(win, reason=f"{card} completes the hand: Mahjong")
            if not match.wall:  # nothing left to draw: only a call for Mahjong helps
                return None
        heads = call_heads(counts, fixed, card.code, held[card.code], held[JOKER.code], can_win)
        if heads is None:
            return None  # the best target lacks the card, or no call brings it closer
        before, after_call = heads
        if not can_win:
            calls = match.call_candidates(card)
        best = None
        out = None  # the unseen copies of the card, counted when a call takes a joker
        for call in calls:
            if not can_win and len(call.cards) == 1:
                continue  # a pair is called only for Mahjong, and no call of the card wins
            jokers = call.cards.count(JOKER)
            if jokers:
                if out is None:
                    out = unseen(match, p, card)
                if out > 0:
                    continue  # the joker could be swapped out of the exposure, to the opponent
            after = after_call(len(call.cards) - jokers, jokers)
            key = (after[0], -after[1], jokers)
            if after[0] < before[0] and (best is None or key < best[0]) and \
                    (can_win or match.is_legal(call)):
                best = (key, call)
        if best is None:
            return None
        (need, _, jokers), call = best
        using = f" and {jokers} joker{'s' * (jokers > 1)}" if jokers else ""
        return replace(call, reason=f"{card} grows a block of the target{using} "
                       f"({before[0]} cards short, then {need})")

    def act(self, match: MintTinMatch) -> Event:
        """After drawing or calling: Mahjong, a double, a joker swap, or a discard."""
        p = match.to_move
        assert p is not None
        award = match.mahjong_award(p)
        double: Double | None = None  # weighed only for a win, or a hand worth 0
        if (award is not None or match.hand_points(p) == 0) and match.is_legal(Double(p)):
            double = Double(p)
        if award is not None:
            if double is not None and isinstance(match, SoloMatch):
                gamble = self._solo_double(match, double, award)
                if gamble is not None:
                    return gamble
            return Mahjong(p, award, reason="the hand wins")
        if double is not None and match.hand_points(p) == 0:
            return replace(double, reason="the hand is complete but worth 0: a double can "
                           "still score it")
        if next(match.swap_candidates(), None) is not None:  # else no swap is legal
            swap = self._swap(match, p, match.legal_swaps())
            if swap is not None:
                return swap
        danger = self.danger(match) if isinstance(match, SoloMatch) else None
        card, why = self.best_discard(match, p, danger)
        if card.is_joker:
            block = Discard(p, JOKER, block=True)
            if match.is_legal(block):
                assert isinstance(match, SoloMatch)
                return self._joker_block(match, Discard(p, card), block, why)
        return Discard(p, card, reason=why)

    def _solo_double(self, match: SoloMatch, double: Double, points: int) -> Double | None:
        """Solo, a winning hand: double instead of Mahjong when twice the points, unless
        the opponent's five pungs come first, is worth more on average than the points
        now -- and the points now do not already win the match. The three cards each
        give the opponent a pung about as often as the unseen cards make one from the
        row as it stands."""
        if match.seats[0].score + points >= match.options.target:
            return None
        needed = 5 - match.pungs()
        q = row_threats(match) / max(1, sum(unseen(match, 0, c) for c in ALL_CARDS[:12]))
        risk = sum(comb(3, k) * q ** k * (1 - q) ** (3 - k) for k in range(needed, 4))
        theirs = 2 * match.opponent_points()
        if (1 - risk) * 2 * points - risk * theirs <= points:
            return None
        return replace(double, reason=f"worth {points} now, {2 * points} if the opponent "
                       f"does not make {needed} more pung{'s' * (needed > 1)} in three cards "
                       f"(about {risk:.0%} likely)")

    def _joker_block(self, match: SoloMatch, discard: Discard, block: Discard,
                     why: str) -> Discard:
        """Solo, Joker Block: place the joker as a block whenever a card on the row could
        still give the virtual opponent a pung; on a row that threatens nothing, take the
        point. (Over 200 matches each, blocking that way won 99.5% with the full dead
        hand and 85% with six cards, against 99% and 83% blocking always, 96% and 25%
        never blocking, and 97.5% and 46% blocking only at eight threats or more.)"""
        pungs, outs = match.pungs(), row_threats(match)
        if outs:
            return replace(block, reason=f"{why}; placed as a block: {outs} unseen "
                           f"card{'s' * (outs != 1)} would give the opponent a pung from the "
                           f"row (it has {pungs})")
        return replace(discard, reason=f"{why}; for its point: no card on the row can give "
                       "the opponent a pung")

    def _swap(self, match: MintTinMatch, p: int, legal: Sequence[Event]) -> Swap | None:
        """A joker swap that helps: take a joker for a card when the best target is no
        worse for it (a joker fills any block but a pair); give a joker for an exposed
        card when the target gets closer or richer (the card a pair lacks, say).
        ``legal``: the legal swaps (other actions are passed over)."""
        swaps = [ev for ev in legal if isinstance(ev, Swap)]
        if not swaps:
            return None
        view = match.view(p)
        counts, fixed = list(view.counts), view.fixed
        # the best target (the discard that follows ranks these cards again: the
        # ranking is kept)
        need, points, _ = evaluate_head(view.counts, fixed)
        for ev in swaps:
            sign = -1 if ev.give_joker else 1
            counts[ev.face.code] -= sign
            counts[12] += sign
            swapped = tuple(counts)
            after = evaluate_head(swapped, fixed)
            counts[ev.face.code] += sign
            counts[12] -= sign
            if not ev.give_joker and (after[0], -after[1]) <= (need, -points):
                return replace(ev, reason=f"a joker is worth more than {ev.face}")
            if ev.give_joker and (after[0], -after[1]) < (need, -points):
                pair = dict(evaluate(swapped, fixed)[3]).get(ev.face.code) == 2
                why = (f"a joker cannot fill the pair of {ev.face}" if pair else
                       f"{ev.face} is worth more than a joker")
                return replace(ev, reason=f"{why}: {need} cards short, then {after[0]}")
        return None

    # -- two players: the double and the pass ---------------------------------------

    def answer(self, match: MintTinMatch, legal: Sequence[Event]) -> Answer:
        p = match.to_move
        assert p is not None
        view = match.view(p)
        need = evaluate(view.counts, view.fixed)[0]
        take = need <= 1
        why = ("one card from winning: take the double" if take else
               f"{need} cards from winning: drop")
        return replace(next(ev for ev in legal if isinstance(ev, Answer) and ev.take == take),
                       reason=why)

    def pass_offer(self, match: MintTinMatch, legal: Sequence[Event]) -> PassOffer:
        """Offer to pass the cards outside the best target, at most 3."""
        p = match.to_move
        assert p is not None
        _, _, faces, _ = evaluate(match.view(p).counts, ())
        stray = sum(1 for c in match.seats[p].hand if not c.is_joker and c.code not in faces)
        return next(ev for ev in legal if isinstance(ev, PassOffer) and ev.count == min(stray, 3))

    def pass_cards(self, match: MintTinMatch, legal: Sequence[Event]) -> PassCards:
        """Pass the cards it would discard first (never a joker)."""
        p = match.to_move
        assert p is not None
        default = _one(legal, PassCards)
        hand = list(match.seats[p].hand)
        chosen = []
        for _ in range(len(default.cards)):
            card, _why = self.best_discard(match, p, hand=hand)
            if card.is_joker:
                card = next(c for c in hand if not c.is_joker)
            chosen.append(card)
            hand.remove(card)
        return replace(default, cards=tuple(chosen))

    # -- solo ---------------------------------------------------------------------

    def on_hold(self, match: MintTinMatch) -> Event:
        """Call the card in the hold spot, as a discard is called; else let it go."""
        card = getattr(match, "hold", None)
        assert card is not None
        return self._call(match, 0, card) or ToRow(card)

    def danger(self, match: SoloMatch) -> Danger:
        """How much a discard helps the virtual opponent, by card code: 1.5 for a card
        that makes it a pung now, 0 otherwise (a joker never)."""
        on_row = list(match.row_counts())
        on_row[JOKER_CODE] = 0
        enough = 1 if match.joker_spot else 2  # with a joker in its spot, one is enough
        return tuple([1.5 if n >= enough else 0.0 for n in on_row])


class RandomDiscards:
    """Declares Mahjong when it can (calling a pair for it, too); otherwise draws and
    discards one of its different cards at random, never calls, swaps, doubles or
    passes, and answers a double at random."""

    name = "random"

    def choose(self, match: MintTinMatch, legal: Sequence[Event], rng: random.Random) -> Event:
        p = match.to_move
        assert p is not None
        phase = match.phase
        if phase == Phase.PASS_OFFER:
            return next(ev for ev in legal if isinstance(ev, PassOffer) and ev.count == 0)
        if phase == Phase.ANSWER:
            take = rng.random() < 0.5
            return replace(next(ev for ev in legal if isinstance(ev, Answer)
                                and ev.take == take), reason="at random")
        if phase == Phase.TURN:
            pair = next((ev for ev in legal if isinstance(ev, Call) and len(ev.cards) == 1),
                        None)
            if pair is not None:
                return replace(pair, reason="completes the hand")
            return _first(legal, Draw) or _one(legal, Exhausted)
        if phase == Phase.HOLD:
            return _one(legal, ToRow)
        if phase in (Phase.ACT, Phase.PAIR_CALLED):
            if match.mahjong_award(p) is not None:
                return replace(_one(legal, Mahjong), reason="the hand wins")
            discards = [ev for ev in legal if isinstance(ev, Discard)]
            return replace(rng.choice(discards), reason="at random")
        return legal[0]  # the pass, which it never offers


BOTS = {"planner": Planner, "random": RandomDiscards}

__all__ = ["BOTS", "Planner", "RandomDiscards", "evaluate"]
