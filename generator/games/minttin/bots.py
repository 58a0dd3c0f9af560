"""Bots for Mint Tin Mahjong, two players and solo.

:class:`Planner` keeps a *target*: a set of numbers, the dragons that may join it, and a
pattern of block sizes. For each possible target it counts how many cards the hand
still lacks (jokers fill any gap but a pair), adds what the target would score, and
plays towards the best: it discards the card that costs its best targets least (in solo,
avoiding cards that hand the virtual opponent a pung), calls a card that grows a target
block, swaps jokers when a joker is worth more than the card, doubles a hand worth 0,
and declares Mahjong as soon as it can. :class:`RandomDiscards` declares Mahjong when it
can and otherwise discards at random.
"""

from __future__ import annotations

import random
from functools import lru_cache

from generator.games.minttin.cards import ALL_CARDS, Card
from generator.games.minttin.hand import PATTERNS, SETS, SPECIAL_POINTS, suit_of_number
from generator.games.minttin.rules import (
    Answer,
    Call,
    Discard,
    Double,
    Mahjong,
    PassCards,
    PassOffer,
    SoloMatch,
    Swap,
    ToRow,
    TwoPlayerMatch,
)

_SUITS = ("S", "M", "F")


def _targets() -> list[tuple[tuple[int, ...], int, tuple]]:
    """Every (faces, special points, patterns) a hand can aim at."""
    out = []
    by_blocks: dict[int, list] = {}
    for p in PATTERNS:
        points = (1 if 4 in (p.small, p.large) else 0) + (p.large_count if p.large == 5 else 0)
        by_blocks.setdefault(p.blocks, []).append((sorted(p.sizes, reverse=True), points))
    for _, ordered in SETS.values():
        suits = sorted({suit_of_number(n) for n in ordered}, key=_SUITS.index)
        for mask in range(1 << len(suits)):
            dragons = [s for k, s in enumerate(suits) if mask >> k & 1]
            faces = tuple(n - 1 for n in ordered) + tuple(9 + _SUITS.index(d) for d in dragons)
            patterns = by_blocks.get(len(faces))
            if not patterns:
                continue
            special = 0
            if len(suits) == 1 and dragons == suits:
                special = SPECIAL_POINTS["one suit"]
            elif len(faces) == 6 and len(ordered) == 3 and len(suits) == 3:
                special = SPECIAL_POINTS["three suits"]
            out.append((faces, special, tuple(patterns)))
    return out


TARGETS = _targets()


def _fit(counts: tuple[int, ...], faces: tuple[int, ...], patterns: tuple,
         exposed: dict[int, int]):
    """The best (need, -points, assignment) of one target's patterns."""
    jokers = counts[12]
    order = sorted(faces, key=lambda f: (f not in exposed, -counts[f]))
    best = None
    for sizes, points in patterns:
        free_sizes = list(sizes)
        assigned = []
        for f in order:
            if f in exposed:
                if exposed[f] not in free_sizes:
                    break
                free_sizes.remove(exposed[f])
                assigned.append((f, exposed[f]))
            else:
                assigned.append((f, free_sizes.pop(0)))
        else:
            need = gaps = 0
            for f, size in assigned:
                c = counts[f] if counts[f] < size else size
                if size == 2:
                    need += 2 - c
                else:
                    gaps += size - c
            need += gaps - jokers if gaps > jokers else 0
            value = (need, -points, tuple(assigned))
            if best is None or value[:2] < best[:2]:
                best = value
    return best


@lru_cache(maxsize=100_000)
def rank_targets(counts: tuple[int, ...], fixed: tuple[tuple[int, int], ...] = (),
                 keep: int = 6) -> tuple:
    """The ``keep`` best targets for these cards, best first, each (need, points, faces,
    assignment): ``need`` is how many cards are missing, ``fixed`` the (face, size) of
    exposed blocks. Targets are tried in order of a lower bound on their need, so most
    are never fitted."""
    jokers = counts[12]
    exposed = dict(fixed)
    get = counts.__getitem__
    order = sorted((14 - jokers - sum(map(get, faces)), k)
                   for k, (faces, _, _) in enumerate(TARGETS))
    found: list = []
    for bound, k in order:
        if len(found) >= keep and bound > found[-1][0]:
            break
        faces, special, patterns = TARGETS[k]
        if exposed and any(f not in faces for f in exposed):
            continue
        fit = _fit(counts, faces, patterns, exposed)
        if fit is None:
            continue
        need, minus_points, assigned = fit
        found.append((need, special - minus_points, faces, assigned))
        found.sort(key=lambda t: (t[0], -t[1]))
        del found[keep:]
    return tuple(found) or ((99, 0, (), ()),)


def evaluate(counts: tuple[int, ...], fixed: tuple[tuple[int, int], ...] = ()) -> tuple:
    """The best target: (need, points, faces, assignment)."""
    return rank_targets(counts, fixed)[0]


def _uses(counts: tuple[int, ...], card: Card, assigned) -> int:
    """1 if throwing ``card`` away makes the target one card further, else 0."""
    if card.is_joker:
        gaps = sum(size - min(counts[f], size) for f, size in assigned if size > 2)
        return 1 if gaps >= counts[12] else 0
    for f, size in assigned:
        if f == card.code:
            return 1 if counts[f] <= size else 0
    return 0


class Planner:
    name = "planner"

    def __init__(self, slip: float = 0.0) -> None:
        self.slip = slip

    # -- reading a hand ---------------------------------------------------------

    def _fixed(self, match, p: int) -> tuple[tuple[int, int], ...]:
        return tuple((m.face.code, len(m.cards)) for m in match.seats[p].melds)

    def best_discard(self, match, p: int, danger=None) -> tuple[Card, str]:
        """The discard that costs the best targets least: a card is lost to a target when
        its face is in it and every copy held is used (a joker, when the gaps take all
        the jokers)."""
        seat = match.seats[p]
        counts = tuple(match.seats[p].counts())
        targets = rank_targets(counts, self._fixed(match, p))
        options = []
        for card in sorted(set(seat.hand)):
            after = min(((need + _uses(counts, card, assigned), -points, faces)
                         for need, points, faces, assigned in targets),
                        key=lambda t: (t[0], t[1]))
            penalty = danger(card) if danger else 0.0
            bonus = 0.4 if card.is_joker and after[0] == targets[0][0] else 0.0
            options.append((after[0] + penalty - bonus, after[1], card.code, card, after[0],
                            after[2]))
        options.sort()
        _, _, _, card, need, faces = options[0]
        names = ",".join(str(ALL_CARDS[f]) for f in faces)
        why = (f"keeps the hand {need} card{'s' * (need != 1)} from {names}"
               if need else f"the hand stays ready ({names})")
        if danger and danger(card) == 0 and any(danger(o[3]) for o in options[1:4]):
            why += "; gives the opponent no pung"
        return card, why

    # -- two players ------------------------------------------------------------

    def on_turn(self, match: TwoPlayerMatch, rng: random.Random):
        """The turn step: call the last discard, or draw."""
        p = match.current
        card = match.last_discard
        if card is not None and match.doubler is None:
            call = self._call(match, p, card)
            if call is not None:
                return call
        return None  # draw

    def _call(self, match, p: int, card: Card):
        seat = match.seats[p]
        same = [c for c in seat.hand if c == card]
        counts = match.seats[p].counts()
        # a call for Mahjong, pairs included
        for take in ([card] * min(len(same), 4), [card]):
            if not take or len(take) > len(same):
                continue
            if match.points_with_call(p, card, tuple(take)) >= 1:
                return Call(p, card, tuple(take), f"{card} completes the hand: Mahjong")
        if len(same) < 2 or any(m.face == card for m in seat.melds):
            return None
        before = evaluate(tuple(counts), self._fixed(match, p))
        if card.code not in before[2]:
            return None
        counts[card.code] += 1
        after = evaluate(tuple(counts), (*self._fixed(match, p), (card.code, len(same) + 1)))
        counts[card.code] -= 1
        if after[0] < before[0]:
            return Call(p, card, tuple(same), f"{card} grows a block of the target "
                        f"({before[0]} cards short, then {after[0]})")
        return None

    def act(self, match, rng: random.Random, danger=None):
        """After drawing or calling: Mahjong, a double, a joker swap, or a discard."""
        p = match.current
        award = match.mahjong_award(p)
        if award is not None:
            return Mahjong(p, award, "the hand wins" if award else "")
        doubled = isinstance(match, TwoPlayerMatch) and match.doubler is not None
        if not doubled:
            if match.hand_points(p) == 0 and self._may_double(match):
                return Double(p, "the hand is complete but worth 0: a double can still "
                              "score it")
            swap = self._swap(match, p)
            if swap is not None:
                return swap
        card, why = self.best_discard(match, p, danger)
        return Discard(p, card, why)

    def _may_double(self, match) -> bool:
        if isinstance(match, SoloMatch):
            return len(match.wall) >= 3 and match.pungs() >= 3 and not match.doubling
        return len(match.wall) >= 3 and match.doubler is None

    def _swap(self, match, p: int):
        seat = match.seats[p]
        owners = (0, 1) if isinstance(match, SoloMatch) else (1 - p,)
        target = evaluate(tuple(match.seats[p].counts()), self._fixed(match, p))
        sizes = dict(target[3])
        for owner in owners:
            for meld in match.seats[owner].melds:
                if meld is match.called_this_turn and owner == p:
                    continue
                if meld.jokers and meld.face in seat.hand and sizes.get(meld.face.code) != 2:
                    return Swap(p, owner, meld.face, False,
                                f"a joker is worth more than {meld.face}")
        return None

    def answer(self, match: TwoPlayerMatch, rng: random.Random):
        p = match.current
        need = evaluate(tuple(match.seats[p].counts()), self._fixed(match, p))[0]
        if need <= 1:
            return Answer(p, True, "one card from winning: take the double")
        return Answer(p, False, f"{need} cards from winning: drop")

    def pass_offer(self, match: TwoPlayerMatch, rng: random.Random):
        p = match.current
        counts = match.seats[p].counts()
        _, _, faces, _ = evaluate(tuple(counts), ())
        stray = sum(1 for c in match.seats[p].hand if not c.is_joker and c.code not in faces)
        n = min(stray, 3)
        return PassOffer(p, n)

    def pass_cards(self, match: TwoPlayerMatch, rng: random.Random):
        p = match.current
        n = match.pass_count()
        chosen = []
        for _ in range(n):
            card, _why = self.best_discard(match, p)
            if card.is_joker:
                card = next(c for c in match.seats[p].hand if not c.is_joker)
            chosen.append(card)
            match.seats[p].hand.remove(card)
        match.seats[p].hand += chosen
        return PassCards(p, tuple(chosen))

    # -- solo ---------------------------------------------------------------------

    def on_hold(self, match: SoloMatch, rng: random.Random):
        call = self._call(match, 0, match.hold) if match.hold is not None else None
        if call is not None:
            return call
        return ToRow(match.hold)

    def danger(self, match: SoloMatch):
        """How much a discard helps the virtual opponent: 1.5 for a card that makes it a
        pung now, 0 otherwise."""
        row = match.row[match.block_at:]

        def cost(card: Card) -> float:
            if card.is_joker:
                return 0.0
            same = row.count(card)
            if (match.joker_spot and same >= 1) or same >= 2:
                return 1.5
            return 0.0

        return cost


class RandomDiscards:
    """Declares Mahjong when it can; otherwise draws and discards a random card."""

    name = "random"

    def on_turn(self, match, rng):
        card = match.last_discard if isinstance(match, TwoPlayerMatch) else None
        if card is not None and match.doubler is None:
            p = match.current
            same = [c for c in match.seats[p].hand if c == card][:1]
            if same and match.points_with_call(p, card, tuple(same)) >= 1:
                return Call(p, card, tuple(same), "completes the hand")
        return None

    def act(self, match, rng, danger=None):
        p = match.current
        award = match.mahjong_award(p)
        if award is not None:
            return Mahjong(p, award, "the hand wins")
        return Discard(p, rng.choice(match.seats[p].hand), "at random")

    def answer(self, match, rng):
        return Answer(match.current, rng.random() < 0.5, "at random")

    def pass_offer(self, match, rng):
        return PassOffer(match.current, 0)

    def pass_cards(self, match, rng):  # pragma: no cover - it never offers a pass
        return PassCards(match.current, ())

    def on_hold(self, match, rng):
        return ToRow(match.hold)

    def danger(self, match):
        return None


BOTS = {"planner": Planner, "random": RandomDiscards}

__all__ = ["BOTS", "TARGETS", "Planner", "RandomDiscards", "evaluate"]
