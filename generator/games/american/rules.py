"""An American Mah Jongg game for four players: dice, the walls and the deal, the
Charleston, play with calls and joker redemption, dead hands, and the payments.

Seats are numbered in turn order, so the player to a seat's right is the next seat:
passes "to the right" go to ``p + 1``, "to the left" to ``p - 1``, "across" to ``p + 2``.
:class:`AmericanGame` checks each event by the rules (``apply``); what the rules decide
alone -- a hand found dead, the end and its payments -- is offered by ``forced()``.
Rulings are in docs/rulings.md.
"""

from __future__ import annotations

from generator.engine.log import Tiles, event
from generator.errors import IllegalActionError
from generator.games.american.card import (
    FACES,
    Card,
    Exposure,
    allowed_rows,
    american_set,
    counts_of,
    face_of,
    is_jokerless,
    matches,
)
from generator.games.american.options import AmericanOptions
from generator.tiles import Tile

GAME = "american"
PASSES_1 = (("right", False), ("across", False), ("left", True))
PASSES_2 = (("left", False), ("across", False), ("right", True))
OFFSET = {"right": 1, "across": 2, "left": 3}


# -- events ----------------------------------------------------------------------------


@event(GAME, "dice")
class Dice:
    rolls: tuple[tuple[int, int], ...]
    east: int


@event(GAME, "deal")
class Deal:
    wall: Tiles
    """The 152 tiles in the order they leave the walls."""


@event(GAME, "pass")
class Pass:
    player: int
    tiles: Tiles
    blind: int = 0
    """How many of the tiles are passed on unseen from the tiles just received."""
    reason: str = ""


@event(GAME, "stop")
class Stop:
    player: int
    stop: bool
    reason: str = ""


@event(GAME, "courtesy")
class Courtesy:
    player: int
    count: int


@event(GAME, "draw")
class Draw:
    player: int
    tile: Tile


@event(GAME, "discard")
class Discard:
    player: int
    tile: Tile
    reason: str = ""


@event(GAME, "claims")
class Claims:
    """Who wants the discard just made: for Mah Jongg, or for an exposure (empty: nobody)."""

    mahjong: tuple[int, ...] = ()
    expose: tuple[int, ...] = ()


@event(GAME, "call")
class Call:
    player: int
    tile: Tile
    tiles: Tiles
    """From the hand: identical tiles or jokers (an exposure), or whatever completes the
    hand (for Mah Jongg)."""
    reason: str = ""


@event(GAME, "redeem")
class Redeem:
    player: int
    owner: int
    tile: Tile
    """The natural tile given for the joker in ``owner``'s exposure of it."""
    reason: str = ""


@event(GAME, "mahjong")
class MahJong:
    player: int
    hand: str
    reason: str = ""


@event(GAME, "dead")
class Dead:
    player: int
    reason: str


@event(GAME, "end")
class End:
    payments: tuple[int, ...]
    """What each seat wins (positive) or pays (negative)."""
    reason: str


# -- the game --------------------------------------------------------------------------


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


class AmericanGame:
    """The state of one game (one deal)."""

    def __init__(self, options: AmericanOptions, card: Card | None = None) -> None:
        self.options = options
        self.card = card or options.load()
        self.phase = "dice"
        self.east = 0
        self.hands: list[list[Tile]] = [[] for _ in range(4)]
        self.exposed: list[list[list[Tile]]] = [[] for _ in range(4)]
        self.wall: list[Tile] = []
        self.discards: list[tuple[int, Tile]] = []
        self.dead = [False] * 4
        self.current = 0
        self.step = 0
        self.steps: list[tuple[str, bool]] = list(PASSES_1)
        self.pending: dict[int, Pass] = {}
        self.received: list[list[Tile]] = [[] for _ in range(4)]
        self.votes: dict[int, bool] = {}
        self.offers: dict[int, int] = {}
        self.claims: Claims = Claims()
        self.called_for_mahjong = False
        self._last_discarder: int | None = None
        self.last: tuple[int, Tile] | None = None
        self.acquired = "draw"
        self.over = False
        self.payments: tuple[int, ...] = (0, 0, 0, 0)
        self.outcome = ""
        self.winner: int | None = None
        self._forced: list = []

    # -- helpers ------------------------------------------------------------------

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
        if self.tile_count(p) != 14:
            return []
        return [m.hand.id for m in matches(self.card, self.hands[p], self.exposures(p))]

    def next_live(self, p: int) -> int:
        for k in range(1, 5):
            q = (p + k) % 4
            if not self.dead[q]:
                return q
        return p

    def _expect(self, phase: str, player: int, what: str) -> None:
        if self.over:
            raise IllegalActionError(f"{what} after the game is over")
        if self.phase != phase:
            raise IllegalActionError(f"{what} now: the game is at its {self.phase} step")
        if player != self.current:
            raise IllegalActionError(f"{what} by seat {player + 1}: it is seat "
                                     f"{self.current + 1}'s move")
        if self.dead[player]:
            raise IllegalActionError(f"seat {player + 1}'s hand is dead")

    def forced(self):
        return self._forced[0] if self._forced else None

    # -- applying ---------------------------------------------------------------------

    def apply(self, ev) -> None:
        if self._forced:
            if ev != self._forced[0]:
                raise IllegalActionError(f"the rules say {self._forced[0]} comes next")
            self._forced.pop(0)
            if isinstance(ev, Dead):
                self.dead[ev.player] = True
                if self.current == ev.player and self.phase == "discard":
                    self._after_turn(ev.player)
            elif isinstance(ev, End):
                self.over, self.phase = True, "over"
            return
        handler = {Dice: self._dice, Deal: self._deal, Pass: self._pass, Stop: self._stop,
                   Courtesy: self._courtesy, Draw: self._draw, Discard: self._discard,
                   Claims: self._claims, Call: self._call, Redeem: self._redeem,
                   MahJong: self._mahjong}.get(type(ev))
        if handler is None:
            raise IllegalActionError(f"{type(ev).__name__} is decided by the rules, not "
                                     "played")
        handler(ev)

    def _dice(self, ev: Dice) -> None:
        if self.phase != "dice":
            raise IllegalActionError("the dice are rolled before the deal")
        totals = [a + b for a, b in ev.rolls]
        if len(ev.rolls) != 4 or not all(1 <= d <= 6 for r in ev.rolls for d in r):
            raise IllegalActionError("each of the four players rolls two dice")
        best = max(totals)
        if totals.count(best) > 1:
            raise IllegalActionError("the highest roll is shared: roll again")
        if ev.east != totals.index(best):
            raise IllegalActionError(f"seat {totals.index(best) + 1} rolled highest and is "
                                     "East")
        self.east = ev.east
        self.phase = "deal"

    def _deal(self, ev: Deal) -> None:
        if self.phase != "deal":
            raise IllegalActionError("the deal comes after the dice")
        if sorted(ev.wall) != sorted(american_set()):
            raise IllegalActionError("the walls must hold the 152 tiles of the set")
        wall = list(ev.wall)
        order = [(self.east + k) % 4 for k in range(4)]
        for _ in range(3):  # three rounds of four tiles each
            for p in order:
                self.hands[p] += wall[:4]
                wall = wall[4:]
        # East takes the first and third top tiles; the others one each
        self.hands[self.east] += [wall[0], wall[2]]
        rest = [wall[1], *wall[3:]]
        for p in order[1:]:
            self.hands[p].append(rest.pop(0))
        self.wall = rest
        self.phase = "pass"
        self.current = self.east
        self.step = 0

    # -- the Charleston ------------------------------------------------------------------

    def pass_direction(self) -> tuple[str, bool]:
        return self.steps[self.step]

    def courtesy_count(self, p: int) -> int:
        across = (p + 2) % 4
        return min(self.offers.get(p, 0), self.offers.get(across, 0))

    def _pass(self, ev: Pass) -> None:
        self._expect("pass", ev.player, "passing")
        courtesy = self.step >= len(self.steps)
        want = self.courtesy_count(ev.player) if courtesy else 3
        _, blind_ok = (("across", False) if courtesy else self.pass_direction())
        if len(ev.tiles) != want:
            raise IllegalActionError(f"this pass is {want} tile{'s' * (want != 1)}")
        if any(t.is_joker for t in ev.tiles):
            raise IllegalActionError("jokers are never passed in the Charleston")
        if ev.blind and not blind_ok:
            raise IllegalActionError("blind passes come only on the first left and the last "
                                     "right pass")
        blind = list(ev.tiles[:ev.blind])
        pool = list(self.received[ev.player])
        for t in blind:
            if t not in pool:
                raise IllegalActionError(f"a blind pass hands on tiles just received; {t} "
                                         "is not one of them")
            pool.remove(t)
        hand = list(self.hands[ev.player])
        for t in ev.tiles:
            if t not in hand:
                raise IllegalActionError(f"{t} is not in the hand")
            hand.remove(t)
        self.pending[ev.player] = ev
        self.current = (ev.player + 1) % 4
        if len(self.pending) < 4:
            return
        offset = 2 if courtesy else OFFSET[self.pass_direction()[0]]
        for p, pv in self.pending.items():
            for t in pv.tiles:
                self.hands[p].remove(t)
        for p, pv in self.pending.items():
            target = (p + offset) % 4
            self.hands[target] += list(pv.tiles)
            self.received[target] = list(pv.tiles)
        self.pending = {}
        self.current = self.east
        self.step += 1
        if courtesy:
            self._start_play()
        elif self.step == 3 and len(self.steps) == 3:
            self.phase = "courtesy" if self.options.second_charleston == "never" else "vote"
        elif self.step == len(self.steps):
            self.phase = "courtesy"

    def _stop(self, ev: Stop) -> None:
        self._expect("vote", ev.player, "voting")
        self.votes[ev.player] = ev.stop
        self.current = (ev.player + 1) % 4
        if len(self.votes) == 4:
            self.current = self.east
            if any(self.votes.values()):
                self.phase = "courtesy"
            else:
                self.steps = list(PASSES_1) + list(PASSES_2)
                self.phase = "pass"

    def _courtesy(self, ev: Courtesy) -> None:
        self._expect("courtesy", ev.player, "offering a courtesy pass")
        if not 0 <= ev.count <= 3:
            raise IllegalActionError("a courtesy pass is 0 to 3 tiles")
        self.offers[ev.player] = ev.count
        self.current = (ev.player + 1) % 4
        if len(self.offers) == 4:
            self.current = self.east
            self.step = len(self.steps)
            self.phase = "pass"

    def _start_play(self) -> None:
        self.phase = "discard"
        self.current = self.east
        self.acquired = "deal"

    # -- play ------------------------------------------------------------------------

    def _draw(self, ev: Draw) -> None:
        self._expect("draw", ev.player, "drawing")
        if ev.tile != self.wall[0]:
            raise IllegalActionError(f"the next tile of the wall is {self.wall[0]}")
        self.wall.pop(0)
        self.hands[ev.player].append(ev.tile)
        self.last = None
        self.acquired = "draw"
        self.phase = "discard"

    def _discard(self, ev: Discard) -> None:
        self._expect("discard", ev.player, "discarding")
        if self.acquired == "call" and self.called_for_mahjong:
            raise IllegalActionError("a discard called for Mah Jongg must be declared")
        if ev.tile not in self.hands[ev.player]:
            raise IllegalActionError(f"{ev.tile} is not in the hand")
        self.hands[ev.player].remove(ev.tile)
        self.discards.append((ev.player, ev.tile))
        self.last = (ev.player, ev.tile)
        self.claims = Claims()
        if self.claimers():
            self.phase = "claims"
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
        self.phase = "draw"

    def claimers(self) -> list[int]:
        """Seats that may claim the last discard, in turn order after the discarder."""
        if self.last is None or self.last[1].is_joker:
            return []
        p = self.last[0]
        return [(p + k) % 4 for k in (1, 2, 3) if not self.dead[(p + k) % 4]]

    def _claims(self, ev: Claims) -> None:
        if self.over or self.phase != "claims":
            raise IllegalActionError("claims come right after a discard that can be called")
        allowed = self.claimers()
        players = list(ev.mahjong) + list(ev.expose)
        if any(p not in allowed for p in players) or len(set(players)) != len(players):
            raise IllegalActionError(f"only seats {', '.join(str(p + 1) for p in allowed)} "
                                     "can claim, each once")
        self.claims = ev
        winner = self.claim_winner()
        if winner is None:
            assert self.last is not None
            self._after_turn(self.last[0])
        else:
            self.current = winner
            self.phase = "call"

    def claim_winner(self) -> int | None:
        """Mah Jongg before an exposure; between equals, the next in turn."""
        order = self.claimers()
        for group in (self.claims.mahjong, self.claims.expose):
            if group:
                return min(group, key=order.index)
        return None

    def _call(self, ev: Call) -> None:
        self._expect("call", ev.player, "calling")
        assert self.last is not None
        mahjong = ev.player in self.claims.mahjong
        tile = self.last[1]
        if ev.tile != tile:
            raise IllegalActionError(f"the discard is {tile}, not {ev.tile}")
        hand = list(self.hands[ev.player])
        for t in ev.tiles:
            if t not in hand:
                raise IllegalActionError(f"{t} is not in the hand")
            hand.remove(t)
        if not mahjong:
            if len(ev.tiles) < 2 or len(ev.tiles) > 4 or any(
                    t != tile and not t.is_joker for t in ev.tiles):
                raise IllegalActionError("a call for an exposure makes a pung, kong or quint "
                                         "of the discard with identical tiles or jokers")
            self.hands[ev.player] = hand
            self.exposed[ev.player].append([tile, *ev.tiles])
            reason = dead_reason(self.card, self.exposures(ev.player), tuple(self.seen()))
            if reason:
                self._forced.append(Dead(ev.player, reason))
        else:
            self.hands[ev.player].append(tile)
        self._last_discarder = self.last[0]
        self.discards.pop()
        self.last = None
        self.phase = "discard"
        self.acquired = "call"
        self.called_for_mahjong = mahjong

    def _redeem(self, ev: Redeem) -> None:
        self._expect("discard", ev.player, "redeeming a joker")
        face = face_of(ev.tile)
        group = next((g for g in self.exposed[ev.owner]
                      if any(face_of(t) == face for t in g if not t.is_joker)
                      and any(t.is_joker for t in g)), None)
        if group is None:
            raise IllegalActionError(f"seat {ev.owner + 1} has no exposure of {ev.tile} with a "
                                     "joker")
        if ev.tile not in self.hands[ev.player]:
            raise IllegalActionError(f"{ev.tile} is not in the hand")
        self.hands[ev.player].remove(ev.tile)
        group.remove(Tile("1j"))
        group.append(ev.tile)
        self.hands[ev.player].append(Tile("1j"))
        if ev.owner != ev.player:
            self.acquired = "redeem" if self.acquired != "draw" else self.acquired

    def _mahjong(self, ev: MahJong) -> None:
        self._expect("discard", ev.player, "declaring Mah Jongg")
        found = self.mahjong_hands(ev.player)
        if ev.hand not in found:
            self._forced.append(Dead(ev.player, f"Mah Jongg in error ({ev.hand} is not made)"))
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
        self._forced.append(End(payments, reason))

    def result(self) -> dict:
        return {"payments": list(self.payments), "outcome": self.outcome,
                "winner": None if self.winner is None else self.winner + 1,
                "east": self.east + 1, "dead": [p + 1 for p in range(4) if self.dead[p]]}


__all__ = ["GAME", "AmericanGame", "AmericanOptions", "Call", "Claims", "Courtesy", "Dead",
           "Deal", "Dice", "Discard", "Draw", "End", "MahJong", "Pass", "Redeem", "Stop",
           "dead_reason"]
