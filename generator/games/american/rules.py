"""An American Mah Jongg game for four players: dice, the walls and the deal, the
Charleston, play with calls and joker redemption, dead hands, and the payments.

Seats are numbered in turn order (the player to your right is the next seat). The dice,
the deal and the Charleston are in :mod:`~generator.games.american.charleston`.
:class:`AmericanGame` is a :class:`~generator.engine.rules.Rules` state: each event has
one check and one handler. Chance supplies the dice and the shuffled walls; the rules
decide alone (``forced()``) each draw from the wall, a hand found dead, and the end
with its payments; every other event is the decision of one player, :attr:`to_move`.

**Calls.** A discard that can be called (any but a joker) is answered by each live
player in turn order after the discarder, one at a time: an :class:`Answer` of
``pass``, ``mahjong`` or ``expose``. Nobody sees a call before answering in the rules'
terms -- answers do not change the hands -- so answering in turn is the same as the
table's simultaneous "call!". Once all have answered, the rules resolve who gets the
tile (Mah Jongg before an exposure, then the next in turn); that player shows the tiles
(:class:`Call`). A log writes the answers to one discard as one :class:`Claims` line
(:func:`~generator.games.american.events.fold_answers`), and replaying a ``Claims``
applies those answers in turn, each checked like an ``Answer``.

The card is given, never read here: the runner loads it (``cards_file``) and passes the
:class:`~generator.games.american.card.Card` in. Rulings are in docs/rulings.md.
"""

from __future__ import annotations

import copy
from typing import Any

from generator.engine.log import Event
from generator.engine.rules import checks, handles
from generator.errors import IllegalActionError
from generator.games.american.card import (
    FACES,
    Card,
    Exposure,
    allowed_rows,
    counts_of,
    face_of,
    is_jokerless,
    matches,
)
from generator.games.american.charleston import Charleston
from generator.games.american.events import (
    EXPOSE,
    GAME,
    MAHJONG,
    PASS,
    Answer,
    Call,
    Claims,
    Courtesy,
    Dead,
    Deal,
    Dice,
    Discard,
    Draw,
    End,
    MahJong,
    Pass,
    Phase,
    Redeem,
    Stop,
)
from generator.games.american.options import AmericanOptions
from generator.tiles import Tile

JOKER = Tile("1j")


def dead_reason(card: Card, exposures: tuple[Exposure, ...], seen) -> str:
    """Why exposures make a hand dead ('' if they do not): the text's reasons."""
    if not exposures:
        return ""
    table = card.table
    rows = allowed_rows(card, exposures)
    if not rows.any():
        concealed_fit = any(
            all(any(f == e.face and s == e.size and j for f, s, j in r.groups)
                for e in exposures) for r, c in zip(table.requirements, table.concealed,
                                                   strict=True) if c)
        if concealed_fit:
            return "the exposures reveal a concealed hand"
        return "the exposures match no hand on the card"
    # can any allowed hand still be completed from the tiles not yet seen?
    left = [4] * FACES
    for face, n in enumerate(seen):
        left[face] -= n
    for i in rows.nonzero()[0]:
        req = table.requirements[i]
        if all(size <= left[face] + 8 for face, size, jok in req.groups if jok) and \
                all(size <= left[face] for face, size, jok in req.groups if not jok):
            return ""
    return "the exposures can no longer be completed: the tiles they need are gone"


class AmericanGame(Charleston):
    """The state of one game (one deal), changed only by :meth:`apply`."""

    title = "American Mah Jongg"
    CHANCE = frozenset({Phase.DICE, Phase.DEAL})

    def __init__(self, options: AmericanOptions, card: Card) -> None:
        super().__init__(options, card)
        self.exposed: list[list[list[Tile]]] = [[] for _ in range(4)]
        self.discards: list[tuple[int, Tile]] = []
        self.dead = [False] * 4
        self.answers: dict[int, str] = {}
        self._last_discarder: int | None = None
        self.last: tuple[int, Tile] | None = None
        self.payments: tuple[int, ...] = (0, 0, 0, 0)
        self.outcome = ""
        self.winner: int | None = None
        self.verdicts: list[Dead | End] = []
        """What the rules have found and announce next: a dead hand, the end."""
        self._made: tuple[Any, list[str]] = (None, [])
        """The last hand checked for Mah Jongg, and the hands it makes."""

    def __deepcopy__(self, _memo: dict) -> AmericanGame:
        """A copy to try moves on; the card and the options are shared."""
        new = copy.copy(self)
        new.hands = [list(h) for h in self.hands]
        new.exposed = [[list(g) for g in groups] for groups in self.exposed]
        new.received = [list(r) for r in self.received]
        new.wall, new.discards, new.dead = list(self.wall), list(self.discards), list(self.dead)
        new.steps, new.verdicts = list(self.steps), list(self.verdicts)
        new.pending, new.votes = dict(self.pending), dict(self.votes)
        new.offers, new.answers = dict(self.offers), dict(self.answers)
        return new

    # -- what players see ----------------------------------------------------------

    def exposures(self, p: int) -> tuple[Exposure, ...]:
        out = []
        for group in self.exposed[p]:
            face = next(face_of(t) for t in group if not t.is_joker)
            out.append(Exposure(face, len(group), sum(1 for t in group if t.is_joker)))
        return tuple(out)

    def counts(self, p: int):
        counts = counts_of(self.hands[p])
        for group in self.exposed[p]:
            for t in group:
                counts[face_of(t)] += 1
        return counts

    def seen(self):
        """Tiles visible to everyone: discards and exposures."""
        counts = counts_of(t for _, t in self.discards)
        for p in range(4):
            for group in self.exposed[p]:
                for t in group:
                    counts[face_of(t)] += 1
        return counts

    def tile_count(self, p: int) -> int:
        return len(self.hands[p]) + sum(len(g) for g in self.exposed[p])

    def mahjong_hands(self, p: int) -> list[str]:
        """The hands on the card that ``p``'s 14 tiles make (none with other counts)."""
        if self.tile_count(p) != 14:
            return []
        key = (p, tuple(self.hands[p]), tuple(tuple(g) for g in self.exposed[p]))
        if self._made[0] != key:
            found = [m.hand.id for m in matches(self.card, self.hands[p], self.exposures(p))]
            self._made = (key, found)
        return list(self._made[1])

    def next_live(self, p: int) -> int:
        for k in range(1, 5):
            q = (p + k) % 4
            if not self.dead[q]:
                return q
        return p

    def claimers(self) -> list[int]:
        """Seats that may call the last discard, in turn order after the discarder."""
        if self.last is None or self.last[1].is_joker:
            return []
        p = self.last[0]
        return [(p + k) % 4 for k in (1, 2, 3) if not self.dead[(p + k) % 4]]

    def calling(self, call: str) -> tuple[int, ...]:
        """The seats that answered the last discard with ``call``, in turn order."""
        return tuple(p for p in self.claimers() if self.answers.get(p) == call)

    def claim_winner(self) -> int | None:
        """Mah Jongg before an exposure; between equals, the next in turn."""
        for group in (self.calling(MAHJONG), self.calling(EXPOSE)):
            if group:
                return group[0]
        return None

    # -- who moves, and what they may do ------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def to_move(self) -> int | None:
        if self.verdicts or self.phase in (Phase.DICE, Phase.DEAL, Phase.DRAW, Phase.END,
                                           Phase.OVER):
            return None
        if self.phase == Phase.CLAIMS:
            return self.claimers()[len(self.answers)]
        return self.current

    def forced(self) -> Event | None:
        """A hand found dead and the end with its payments (announced in the order the
        rules found them), and each draw from the wall."""
        if self.verdicts:
            return self.verdicts[0]
        if self.phase == Phase.DRAW:
            return Draw(self.current, self.wall[0])
        return None

    def legal_actions(self) -> list[Event]:
        """Candidates from the position, kept when they pass the event's check. Free
        parameters get one default: a pass is the first tiles of the sorted hand (and,
        where allowed, a blind pass of the tiles just received); an exposure a pung with
        the identical tiles first; Mah Jongg the first hand made (or, with none made,
        the card's first hand: a declaration in error)."""
        p = self.to_move
        if p is None or self.forced() is not None:
            return []
        return [ev for ev in self._candidates(p) if self.is_legal(ev)]

    def _candidates(self, p: int) -> list[Event]:
        hand = self.hands[p]
        if self.phase in (Phase.PASS, Phase.VOTE, Phase.COURTESY):
            return self._charleston_candidates(p)
        if self.phase == Phase.CLAIMS:
            return [Answer(p, PASS), Answer(p, MAHJONG), Answer(p, EXPOSE)]
        if self.phase == Phase.CALL:
            assert self.last is not None
            tile = self.last[1]
            if p in self.calling(MAHJONG):
                return [Call(p, tile, ())]
            use = [t for t in hand if t == tile] + [t for t in hand if t.is_joker]
            return [Call(p, tile, tuple(use[:2]))]
        made = self.mahjong_hands(p)
        out: list[Event] = [MahJong(p, made[0] if made else self.card.hands[0].id)]
        if self.phase == Phase.DISCARD:
            jokered = {(owner, face_of(next(t for t in g if not t.is_joker)))
                       for owner in range(4) for g in self.exposed[owner] if JOKER in g}
            out += [Redeem(p, owner, t) for owner in range(4) for t in sorted(set(hand))
                    if (owner, face_of(t)) in jokered]
            out += [Discard(p, t) for t in sorted(set(hand))]
        return out

    # -- checks ------------------------------------------------------------------------

    @checks(Draw, Dead, End)
    def _check_by_the_rules(self, ev: Event) -> None:
        raise IllegalActionError(f"{ev.TYPE} comes only when the rules say so")

    @checks(Discard)
    def _check_discard(self, ev: Discard) -> None:
        self.expect(Phase.DISCARD, ev.player, "discarding")
        self._have(ev.player, (ev.tile,))

    @checks(Answer)
    def _check_answer(self, ev: Answer) -> None:
        self.expect(Phase.CLAIMS, ev.player, "answering the discard")
        self._answer_problem(ev.player, ev.call)

    def _answer_problem(self, p: int, call: str) -> None:
        if call not in (PASS, MAHJONG, EXPOSE):
            raise IllegalActionError(f"a discard is answered with {PASS}, {MAHJONG} or "
                                     f"{EXPOSE}, not {call!r}")
        if call == EXPOSE:
            assert self.last is not None
            tile = self.last[1]
            if sum(1 for t in self.hands[p] if t == tile or t.is_joker) < 2:
                raise IllegalActionError(f"an exposure of {tile} needs two more of it (or "
                                         "jokers) in the hand")

    @checks(Claims)
    def _check_claims(self, ev: Claims) -> None:
        if self.phase != Phase.CLAIMS or self.answers:
            raise IllegalActionError("claims come right after a discard that can be called")
        allowed = self.claimers()
        players = list(ev.mahjong) + list(ev.expose)
        if any(p not in allowed for p in players) or len(set(players)) != len(players):
            raise IllegalActionError(f"only seats {', '.join(str(p + 1) for p in allowed)} "
                                     "can claim, each once")
        for p in players:
            self._answer_problem(p, MAHJONG if p in ev.mahjong else EXPOSE)

    @checks(Call)
    def _check_call(self, ev: Call) -> None:
        self.expect(Phase.CALL, ev.player, "calling")
        assert self.last is not None
        tile = self.last[1]
        if ev.tile != tile:
            raise IllegalActionError(f"the discard is {tile}, not {ev.tile}")
        self._have(ev.player, ev.tiles)
        if ev.player not in self.calling(MAHJONG) and (
                len(ev.tiles) < 2 or len(ev.tiles) > 4
                or any(t != tile and not t.is_joker for t in ev.tiles)):
            raise IllegalActionError("a call for an exposure makes a pung, kong or quint "
                                     "of the discard with identical tiles or jokers")

    def _joker_group(self, owner: int, tile: Tile) -> list[Tile] | None:
        """``owner``'s exposure of ``tile`` that holds a joker, if any."""
        face = face_of(tile)
        return next((g for g in self.exposed[owner]
                     if any(face_of(t) == face for t in g if not t.is_joker)
                     and any(t.is_joker for t in g)), None)

    @checks(Redeem)
    def _check_redeem(self, ev: Redeem) -> None:
        self.expect(Phase.DISCARD, ev.player, "redeeming a joker")
        if self._joker_group(ev.owner, ev.tile) is None:
            raise IllegalActionError(f"seat {ev.owner + 1} has no exposure of {ev.tile} with a "
                                     "joker")
        self._have(ev.player, (ev.tile,))

    @checks(MahJong)
    def _check_mahjong(self, ev: MahJong) -> None:
        self.expect((Phase.DISCARD, Phase.DECLARE), ev.player, "declaring Mah Jongg")

    # -- what events do ----------------------------------------------------------------

    @handles(Draw)
    def _draw(self, ev: Draw) -> None:
        self.wall.pop(0)
        self.hands[ev.player].append(ev.tile)
        self.last = None
        self.acquired = "draw"
        self.phase = Phase.DISCARD

    @handles(Discard)
    def _discard(self, ev: Discard) -> None:
        self.hands[ev.player].remove(ev.tile)
        self.discards.append((ev.player, ev.tile))
        self.last = (ev.player, ev.tile)
        self.answers = {}
        if self.claimers():
            self.phase = Phase.CLAIMS
        else:
            self._after_turn(ev.player)

    def _after_turn(self, p: int) -> None:
        nxt = self.next_live(p)
        if nxt == p and self.dead[p]:
            self._end((0, 0, 0, 0), "every hand is dead")
            return
        if not self.wall:
            self._end((0, 0, 0, 0), "wall game")
            return
        self.current = nxt
        self.phase = Phase.DRAW

    @handles(Answer)
    def _answer(self, ev: Answer) -> None:
        self.answers[ev.player] = ev.call
        if len(self.answers) < len(self.claimers()):
            return
        winner = self.claim_winner()
        if winner is None:
            assert self.last is not None
            self._after_turn(self.last[0])
        else:
            self.current = winner
            self.phase = Phase.CALL

    @handles(Claims)
    def _claims(self, ev: Claims) -> None:
        for p in self.claimers():
            self._answer(Answer(p, MAHJONG if p in ev.mahjong else
                                EXPOSE if p in ev.expose else PASS))

    @handles(Call)
    def _call(self, ev: Call) -> None:
        assert self.last is not None
        tile = self.last[1]
        mahjong = ev.player in self.calling(MAHJONG)
        if mahjong:
            self.hands[ev.player].append(tile)
        else:
            for t in ev.tiles:
                self.hands[ev.player].remove(t)
            self.exposed[ev.player].append([tile, *ev.tiles])
            reason = dead_reason(self.card, self.exposures(ev.player), tuple(self.seen()))
            if reason:
                self.verdicts.append(Dead(ev.player, reason))
        self._last_discarder = self.last[0]
        self.discards.pop()
        self.last = None
        self.phase = Phase.DECLARE if mahjong else Phase.DISCARD
        self.acquired = "call"

    @handles(Redeem)
    def _redeem(self, ev: Redeem) -> None:
        group = self._joker_group(ev.owner, ev.tile)
        assert group is not None
        self.hands[ev.player].remove(ev.tile)
        group.remove(JOKER)
        group.append(ev.tile)
        self.hands[ev.player].append(JOKER)
        if ev.owner != ev.player and self.acquired != "draw":
            self.acquired = "redeem"

    @handles(MahJong)
    def _mahjong(self, ev: MahJong) -> None:
        found = self.mahjong_hands(ev.player)
        if ev.hand not in found:
            self.verdicts.append(Dead(ev.player, f"Mah Jongg in error ({ev.hand} is not made)"))
            return
        value = self.card.hand(ev.hand).value
        jokerless = is_jokerless(self.hands[ev.player], self.exposures(ev.player))
        self._end(self._payments(ev.player, value, jokerless),
                  f"Mah Jongg: {ev.hand}, {value} points"
                  + (", jokerless" if jokerless else "")
                  + {"call": " on a discard", "redeem": " by redeeming a joker"}.get(
                      self.acquired, ", self-drawn"))
        self.winner = ev.player

    def _payments(self, winner: int, value: int, jokerless: bool) -> tuple[int, ...]:
        pay = [0] * 4
        discarder = self._last_discarder if self.acquired == "call" else None
        double = self.options.jokerless == "double" and jokerless
        for p in range(4):
            if p == winner:
                continue
            if discarder is None:
                amount = 4 * value if jokerless else 2 * value
            elif p == discarder:
                amount = (4 if double else 3 if jokerless else 2) * value
            else:
                amount = (2 if double else 1) * value
            pay[p] -= amount
            pay[winner] += amount
        return tuple(pay)

    def _end(self, payments: tuple[int, ...], reason: str) -> None:
        self.payments = payments
        self.outcome = reason
        self.verdicts.append(End(payments, reason))
        self.phase = Phase.END

    @handles(Dead)
    def _dead(self, ev: Dead) -> None:
        self.verdicts.pop(0)
        self.dead[ev.player] = True
        if self.current == ev.player and self.phase in (Phase.DISCARD, Phase.DECLARE):
            self._after_turn(ev.player)

    @handles(End)
    def _over(self, ev: End) -> None:
        self.verdicts.pop(0)
        self.phase = Phase.OVER

    def result(self) -> dict[str, Any]:
        return {"payments": list(self.payments), "outcome": self.outcome,
                "winner": None if self.winner is None else self.winner + 1,
                "east": self.east + 1, "dead": [p + 1 for p in range(4) if self.dead[p]]}


__all__ = ["GAME", "AmericanGame", "AmericanOptions", "Answer", "Call", "Claims", "Courtesy",
           "Dead", "Deal", "Dice", "Discard", "Draw", "End", "MahJong", "Pass", "Phase",
           "Redeem", "Stop", "dead_reason"]
