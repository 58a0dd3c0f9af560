"""One suit mahjong for two players, as a state machine over events.

The 36 tiles of one suit; each player holds 4, 7, 10 or 13 tiles (with 13, seven
different pairs also win). On a turn a player may win on the opponent's last discard
(ron), otherwise draws; may set aside four of a kind as a kan while tiles remain, then
draws again; may win on the tile just drawn (tsumo); otherwise discards. A winner
names every tile that would have finished the hand. When a player must draw and no tile
is left, the hand is a draw: both show their hands and name their waits. A valid winner
deals next; after a draw the dealer keeps the deal only if ready.

Scoring: ``simple`` gives a point for each valid win; ``naming`` gives 5 for a win,
1 for each correctly named wait, 2 more for naming all of them, -2 for each wrong one,
and -10 for a win declared in error (see docs/rulings.md for what the text leaves open).

Every event is checked when applied; :class:`OneSuitTable` raises
:class:`~generator.errors.IllegalActionError` for anything the rules do not allow.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from generator.engine import standard
from generator.engine.log import Tiles, event
from generator.errors import IllegalActionError
from generator.games.onesuit.options import OneSuitOptions
from generator.tiles import Tile, format_tiles, sort_tiles

GAME = "onesuit"


def suit_tiles(suit: str) -> tuple[Tile, ...]:
    """The 36 tiles of one suit, in order."""
    return tuple(Tile(f"{n}{suit}") for n in range(1, 10) for _ in range(4))


# ---------------------------------------------------------------------------
# Events
# ---------------------------------------------------------------------------


@event(GAME, "hand")
class HandStart:
    number: int
    dealer: int
    wall: Tiles
    """All 36 tiles in the order they will be drawn."""


@event(GAME, "deal")
class Deal:
    player: int
    tiles: Tiles


@event(GAME, "draw")
class Draw:
    player: int
    tile: Tile


@event(GAME, "kan")
class Kan:
    player: int
    tile: Tile
    reason: str = ""


@event(GAME, "discard")
class Discard:
    player: int
    tile: Tile
    reason: str = ""


@event(GAME, "ron")
class Ron:
    player: int
    tile: Tile
    named: Tiles = ()


@event(GAME, "tsumo")
class Tsumo:
    player: int
    tile: Tile
    named: Tiles = ()


@event(GAME, "exhausted")
class Exhausted:
    pass


@event(GAME, "show")
class Show:
    """At a draw, a player shows the hand and names its waits (none: not ready)."""

    player: int
    named: Tiles = ()


@event(GAME, "score")
class HandScore:
    number: int
    points: tuple[int, int]
    why: tuple[str, str] = ("", "")


# ---------------------------------------------------------------------------
# Scoring a named list of waits
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Naming:
    waits: tuple[Tile, ...]
    named: tuple[Tile, ...]

    @property
    def right(self) -> tuple[Tile, ...]:
        return tuple(t for t in self.named if t in self.waits)

    @property
    def wrong(self) -> tuple[Tile, ...]:
        return tuple(t for t in self.named if t not in self.waits)

    @property
    def complete(self) -> bool:
        return bool(self.waits) and set(self.named) == set(self.waits)

    def points(self) -> int:
        return len(self.right) + (2 if self.complete else 0) - 2 * len(self.wrong)

    def explain(self) -> str:
        parts = [f"{len(self.right)} named right (+{len(self.right)})"]
        if self.complete:
            parts.append("all waits named (+2)")
        if self.wrong:
            parts.append(f"{format_tiles(self.wrong)} wrong (-{2 * len(self.wrong)})")
        missed = [t for t in self.waits if t not in self.named]
        if missed:
            parts.append(f"missed {format_tiles(sort_tiles(missed))}")
        return ", ".join(parts)


# ---------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------


@dataclass
class Seat:
    hand: list[Tile] = field(default_factory=list)
    kans: list[tuple[Tile, ...]] = field(default_factory=list)
    discards: list[Tile] = field(default_factory=list)

    def sorted_hand(self) -> tuple[Tile, ...]:
        return sort_tiles(self.hand)

    def waits(self) -> tuple[Tile, ...]:
        if len(self.hand) % 3 != 1:
            return ()
        return tuple(w.tile for w in standard.waits(standard.Hand(tuple(self.hand),
                                                                  tuple(self.kans))))


class OneSuitTable:
    """The state of a game, changed only by :meth:`apply`."""

    def __init__(self, options: OneSuitOptions) -> None:
        self.options = options
        self.tileset = Counter(suit_tiles(options.suit))
        self.scores = [0, 0]
        self.dealer = 0
        self.hand_number = 0
        self.phase = "start"  # start, deal, turn, drawn, kan, shown, scored, over
        self.seats = [Seat(), Seat()]
        self.wall: list[Tile] = []
        self.turn = 0
        self.last_discard: tuple[int, Tile] | None = None
        self.last_draw: Tile | None = None
        self.outcome: dict = {}
        self.shown: list[tuple[Tile, ...] | None] = [None, None]

    # -- queries ---------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def visible_to(self, player: int) -> list[Tile]:
        """Tiles a player sees outside the own hand and kans: every discard and the
        opponent's kans."""
        seen: list[Tile] = []
        for p, seat in enumerate(self.seats):
            seen.extend(seat.discards)
            if p != player:
                seen.extend(t for kan in seat.kans for t in kan)
        return seen

    def can_ron(self, player: int) -> bool:
        if self.last_discard is None or self.last_discard[0] == player:
            return False
        return self.last_discard[1] in self.seats[player].waits()

    def expected_score(self) -> HandScore:
        """The score of the hand that just ended, by the rules."""
        opts = self.options
        points = [0, 0]
        why = ["", ""]
        o = self.outcome
        if o["kind"] in ("ron", "tsumo"):
            p = o["player"]
            if not o["valid"]:
                if opts.scoring == "naming":
                    points[p] = -10
                why[p] = "win declared in error" + (" (-10)" if opts.scoring == "naming" else "")
            elif opts.scoring == "simple":
                points[p] = 1
                why[p] = f"{o['kind']} (+1)"
            else:
                naming = Naming(o["waits"], o["named"])
                points[p] = 5 + naming.points()
                why[p] = f"{o['kind']} (+5), {naming.explain()}"
        else:
            for p in (0, 1):
                naming = Naming(self.seats[p].waits(), self.shown[p] or ())
                ready = "ready" if naming.waits else "not ready"
                if opts.scoring == "naming" and opts.draw_naming:
                    points[p] = naming.points()
                    why[p] = f"{ready}: {naming.explain()}" if naming.named or naming.waits \
                        else "not ready, named nothing"
                else:
                    why[p] = ready
        return HandScore(self.hand_number, (points[0], points[1]), (why[0], why[1]))

    def next_dealer(self) -> int:
        o = self.outcome
        if o["kind"] in ("ron", "tsumo"):
            return o["player"] if o["valid"] else self.dealer
        return self.dealer if self.seats[self.dealer].waits() else 1 - self.dealer

    # -- applying events -----------------------------------------------------------

    def _fail(self, message: str) -> None:
        raise IllegalActionError(message)

    def apply(self, ev) -> None:
        handler = getattr(self, f"_on_{ev.TYPE}", None)
        if handler is None:
            self._fail(f"{ev.TYPE} is not an event of One suit mahjong")
        handler(ev)

    def _on_hand(self, ev: HandStart) -> None:
        if self.phase == "over":
            hands = self.options.hands
            self._fail(f"the game is over: it has {hands} hand{'s' * (hands > 1)}")
        if self.phase not in ("start", "scored"):
            self._fail("a new hand starts only after the last one is scored")
        if self.hand_number >= self.options.hands:
            self._fail(f"the game has only {self.options.hands} hands")
        if ev.number != self.hand_number + 1:
            self._fail(f"hand {ev.number} should be hand {self.hand_number + 1}")
        if ev.dealer != self.dealer:
            self._fail(f"player {ev.dealer} cannot deal: the dealer is player {self.dealer}")
        if Counter(ev.wall) != self.tileset:
            self._fail(f"the wall must be the 36 tiles of {self.options.suit}, once each copy")
        self.hand_number = ev.number
        self.seats = [Seat(), Seat()]
        self.wall = list(ev.wall)
        self.phase = "deal"
        self.last_discard = None
        self.last_draw = None
        self.outcome = {}
        self.shown = [None, None]

    def _on_deal(self, ev: Deal) -> None:
        if self.phase != "deal":
            self._fail("tiles are dealt only at the start of a hand")
        order = [self.dealer, 1 - self.dealer]
        expected = next(p for p in order if not self.seats[p].hand)
        if ev.player != expected:
            self._fail(f"player {expected} takes tiles first")
        n = self.options.tiles
        if tuple(ev.tiles) != tuple(self.wall[:n]):
            self._fail(f"player {ev.player} must take the next {n} tiles of the wall")
        self.seats[ev.player].hand = list(self.wall[:n])
        del self.wall[:n]
        if all(s.hand for s in self.seats):
            self.phase = "turn"
            self.turn = self.dealer

    def _check_turn(self, player: int, phases: tuple[str, ...], what: str) -> None:
        if self.phase not in phases:
            self._fail(f"player {player} cannot {what} now")
        if player != self.turn:
            self._fail(f"it is player {self.turn}'s turn, not player {player}'s")

    def _on_draw(self, ev: Draw) -> None:
        self._check_turn(ev.player, ("turn", "kan"), "draw")
        if not self.wall:
            self._fail("no tile is left to draw: the hand is a draw")
        if ev.tile != self.wall[0]:
            self._fail(f"the next tile of the wall is {self.wall[0]}, not {ev.tile}")
        self.wall.pop(0)
        self.seats[ev.player].hand.append(ev.tile)
        self.last_draw = ev.tile
        self.last_discard = None if self.phase == "turn" else self.last_discard
        self.phase = "drawn"

    def _on_kan(self, ev: Kan) -> None:
        self._check_turn(ev.player, ("drawn",), "declare a kan")
        seat = self.seats[ev.player]
        if seat.hand.count(ev.tile) != 4:
            self._fail(f"a kan needs all four {ev.tile} in the hand")
        if not self.wall:
            self._fail("a kan needs at least one tile left to draw")
        for _ in range(4):
            seat.hand.remove(ev.tile)
        seat.kans.append((ev.tile,) * 4)
        self.phase = "kan"

    def _on_discard(self, ev: Discard) -> None:
        self._check_turn(ev.player, ("drawn",), "discard")
        seat = self.seats[ev.player]
        if ev.tile not in seat.hand:
            self._fail(f"player {ev.player} has no {ev.tile} to discard")
        seat.hand.remove(ev.tile)
        seat.discards.append(ev.tile)
        self.last_discard = (ev.player, ev.tile)
        self.turn = 1 - ev.player
        self.phase = "turn"

    def _declare(self, kind: str, player: int, tile: Tile, named: tuple[Tile, ...],
                 before: list[Tile]) -> None:
        seat = self.seats[player]
        waits = tuple(w.tile for w in standard.waits(standard.Hand(tuple(before),
                                                                   tuple(seat.kans))))
        self.outcome = {"kind": kind, "player": player, "tile": tile, "waits": waits,
                        "named": tuple(named), "valid": tile in waits}
        self.phase = "shown"

    def _on_ron(self, ev: Ron) -> None:
        self._check_turn(ev.player, ("turn",), "win on a discard")
        if self.last_discard is None or self.last_discard[0] == ev.player:
            self._fail("ron needs a discard by the opponent to win on")
        if ev.tile != self.last_discard[1]:
            self._fail(f"the last discard is {self.last_discard[1]}, not {ev.tile}")
        seat = self.seats[ev.player]
        self._declare("ron", ev.player, ev.tile, ev.named, list(seat.hand))
        seat.hand.append(ev.tile)
        self.seats[1 - ev.player].discards.pop()

    def _on_tsumo(self, ev: Tsumo) -> None:
        self._check_turn(ev.player, ("drawn",), "win on a drawn tile")
        if ev.tile != self.last_draw:
            self._fail(f"tsumo is on the tile just drawn ({self.last_draw}), not {ev.tile}")
        before = list(self.seats[ev.player].hand)
        before.remove(ev.tile)
        self._declare("tsumo", ev.player, ev.tile, ev.named, before)

    def _on_exhausted(self, ev: Exhausted) -> None:
        if self.phase != "turn":
            self._fail("a hand is a draw only when a player must draw")
        if self.wall:
            self._fail(f"the hand is not over: {len(self.wall)} tiles are left")
        self.outcome = {"kind": "draw"}
        self.phase = "showing"

    def _on_show(self, ev: Show) -> None:
        if self.phase != "showing":
            self._fail("hands are shown only after the hand is declared a draw")
        expected = next(p for p in (self.dealer, 1 - self.dealer) if self.shown[p] is None)
        if ev.player != expected:
            self._fail(f"player {expected} shows first")
        self.shown[ev.player] = tuple(ev.named)
        if all(s is not None for s in self.shown):
            self.phase = "shown"

    def _on_score(self, ev: HandScore) -> None:
        if self.phase != "shown":
            self._fail("a hand is scored when it has ended")
        expected = self.expected_score()
        if ev.number != expected.number or tuple(ev.points) != expected.points:
            self._fail(f"hand {expected.number} scores {list(expected.points)}, "
                       f"not {list(ev.points)}")
        self.scores = [self.scores[i] + expected.points[i] for i in (0, 1)]
        self.dealer = self.next_dealer()
        self.phase = "over" if self.hand_number == self.options.hands else "scored"

    def result(self) -> dict:
        if self.phase != "over":
            self._fail(f"the game is not over: {self.hand_number} of {self.options.hands} "
                       "hands played")
        a, b = self.scores
        return {"scores": [a, b], "winner": 0 if a > b else 1 if b > a else None}
