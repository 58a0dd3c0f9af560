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
:class:`~tilepress.errors.IllegalActionError` for anything the rules do not allow.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from tilepress.engine import standard
from tilepress.engine.log import Event, Tiles, event
from tilepress.engine.rules import Phase as BasePhase
from tilepress.engine.rules import Rules, checks, handles
from tilepress.errors import IllegalActionError
from tilepress.games.onesuit.options import OneSuitOptions
from tilepress.tiles import Tile, format_tiles, sort_tiles

GAME = "onesuit"

NAMES = ("A", "B")
"""The players' names when a log gives none: A deals first."""


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

    def waits(self) -> tuple[Tile, ...]:
        if len(self.hand) % 3 != 1:
            return ()
        return tuple(w.tile for w in standard.waits(standard.Hand(tuple(self.hand),
                                                                  tuple(self.kans))))


class Phase(BasePhase):
    START = "a new hand"
    DEAL = "the deal"
    TURN = "a draw, or a win on the last discard"
    DRAWN = "a discard, a kan or a win on the tile drawn"
    KAN = "the replacement draw after a kan"
    SHOWING = "the hands shown at a draw"
    SHOWN = "the hand's score"
    OVER = "nothing: the game is over"


class OneSuitTable(Rules):
    """The state of a game, changed only by :meth:`apply`."""

    title = "One suit mahjong"
    CHANCE = frozenset({Phase.START})

    def __init__(self, options: OneSuitOptions) -> None:
        self.options = options
        self.tileset = Counter(suit_tiles(options.suit))
        self.scores = [0, 0]
        self.dealer = 0
        self.hand_number = 0
        self.phase = Phase.START
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
        return self.phase == Phase.OVER

    @property
    def to_move(self) -> int | None:
        if self.phase in (Phase.TURN, Phase.DRAWN):
            return self.turn
        if self.phase == Phase.SHOWING:
            return self._next_to_show()
        return None

    def _next_to_show(self) -> int:
        return next(p for p in (self.dealer, 1 - self.dealer) if self.shown[p] is None)

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

    def forced(self) -> Event | None:
        """The deal, a replacement draw after a kan, and the score of a finished hand."""
        if self.phase == Phase.DEAL:
            n = self.options.tiles
            return Deal(self._next_to_deal(), tuple(self.wall[:n]))
        if self.phase == Phase.KAN:
            return Draw(self.turn, self.wall[0])
        if self.phase == Phase.SHOWN:
            return self.expected_score()
        return None

    def _next_to_deal(self) -> int:
        return next(p for p in (self.dealer, 1 - self.dealer) if not self.seats[p].hand)

    def legal_actions(self) -> list[Event]:
        """At the start of a turn: ron on the opponent's last discard (right or not), or
        draw (or declare the hand a draw when no tile is left). After drawing: tsumo, a
        kan of four, or a discard of any tile. At a draw: show the hand. A win or a show
        lists its named waits empty; any tiles of the suit may be named."""
        p = self.to_move
        if p is None or self.over or self.forced() is not None:
            return []
        seat = self.seats[p]
        if self.phase == Phase.TURN:
            actions: list[Event] = []
            if self.last_discard is not None and self.last_discard[0] != p:
                actions.append(Ron(p, self.last_discard[1]))
            actions.append(Draw(p, self.wall[0]) if self.wall else Exhausted())
            return actions
        if self.phase == Phase.DRAWN:
            actions = [Tsumo(p, self.last_draw)] if self.last_draw is not None else []
            if self.wall:
                actions += [Kan(p, t) for t in sorted(set(seat.hand)) if seat.hand.count(t) == 4]
            return actions + [Discard(p, t) for t in sorted(set(seat.hand))]
        return [Show(p)]

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

    # -- checks ------------------------------------------------------------------------

    def _named_from_suit(self, named: tuple[Tile, ...]) -> None:
        for t in named:
            if t.suit != self.options.suit:
                raise IllegalActionError(f"{t} is not a tile of the suit played")

    @checks(HandStart)
    def _check_hand(self, ev: HandStart) -> None:
        if self.phase == Phase.OVER:
            hands = self.options.hands
            raise IllegalActionError(f"the game is over: it has {hands} hand"
                                     f"{'s' * (hands > 1)}")
        if self.phase != Phase.START:
            raise IllegalActionError("a new hand starts only after the last one is scored")
        if ev.number != self.hand_number + 1:
            raise IllegalActionError(f"hand {ev.number} should be hand {self.hand_number + 1}")
        if ev.dealer != self.dealer:
            raise IllegalActionError(f"player {ev.dealer} cannot deal: the dealer is player "
                                     f"{self.dealer}")
        if Counter(ev.wall) != self.tileset:
            raise IllegalActionError(f"the wall must be the 36 tiles of {self.options.suit}, "
                                     "once each copy")

    @checks(Deal, HandScore)
    def _check_by_the_rules(self, ev: Event) -> None:
        raise IllegalActionError(f"{ev.TYPE} comes only when the rules say so")

    @checks(Draw)
    def _check_draw(self, ev: Draw) -> None:
        self.expect(Phase.TURN, ev.player, "drawing")
        if not self.wall:
            raise IllegalActionError("no tile is left to draw: the hand is a draw")
        if ev.tile != self.wall[0]:
            raise IllegalActionError(f"the next tile of the wall is {self.wall[0]}, not "
                                     f"{ev.tile}")

    @checks(Kan)
    def _check_kan(self, ev: Kan) -> None:
        self.expect(Phase.DRAWN, ev.player, "declaring a kan")
        if self.seats[ev.player].hand.count(ev.tile) != 4:
            raise IllegalActionError(f"a kan needs all four {ev.tile} in the hand")
        if not self.wall:
            raise IllegalActionError("a kan needs at least one tile left to draw")

    @checks(Discard)
    def _check_discard(self, ev: Discard) -> None:
        self.expect(Phase.DRAWN, ev.player, "discarding")
        if ev.tile not in self.seats[ev.player].hand:
            raise IllegalActionError(f"player {ev.player} has no {ev.tile} to discard")

    @checks(Ron)
    def _check_ron(self, ev: Ron) -> None:
        self.expect(Phase.TURN, ev.player, "winning on a discard")
        if self.last_discard is None or self.last_discard[0] == ev.player:
            raise IllegalActionError("ron needs a discard by the opponent to win on")
        if ev.tile != self.last_discard[1]:
            raise IllegalActionError(f"the last discard is {self.last_discard[1]}, not "
                                     f"{ev.tile}")
        self._named_from_suit(ev.named)

    @checks(Tsumo)
    def _check_tsumo(self, ev: Tsumo) -> None:
        self.expect(Phase.DRAWN, ev.player, "winning on a drawn tile")
        if ev.tile != self.last_draw:
            raise IllegalActionError(f"tsumo is on the tile just drawn ({self.last_draw}), "
                                     f"not {ev.tile}")
        self._named_from_suit(ev.named)

    @checks(Exhausted)
    def _check_exhausted(self, ev: Exhausted) -> None:
        if self.phase != Phase.TURN:
            raise IllegalActionError("a hand is a draw only when a player must draw")
        if self.wall:
            raise IllegalActionError(f"the hand is not over: {len(self.wall)} tiles are left")

    @checks(Show)
    def _check_show(self, ev: Show) -> None:
        if self.phase != Phase.SHOWING:
            raise IllegalActionError("hands are shown only after the hand is declared a draw")
        if ev.player != self._next_to_show():
            raise IllegalActionError(f"player {self._next_to_show()} shows first")
        self._named_from_suit(ev.named)

    # -- what events do ------------------------------------------------------------------

    @handles(HandStart)
    def _hand(self, ev: HandStart) -> None:
        self.hand_number = ev.number
        self.seats = [Seat(), Seat()]
        self.wall = list(ev.wall)
        self.phase = Phase.DEAL
        self.last_discard = None
        self.last_draw = None
        self.outcome = {}
        self.shown = [None, None]

    @handles(Deal)
    def _deal(self, ev: Deal) -> None:
        n = self.options.tiles
        self.seats[ev.player].hand = list(self.wall[:n])
        del self.wall[:n]
        if all(s.hand for s in self.seats):
            self.phase = Phase.TURN
            self.turn = self.dealer

    @handles(Draw)
    def _draw(self, ev: Draw) -> None:
        self.wall.pop(0)
        self.seats[ev.player].hand.append(ev.tile)
        self.last_draw = ev.tile
        self.last_discard = None if self.phase == Phase.TURN else self.last_discard
        self.phase = Phase.DRAWN

    @handles(Kan)
    def _kan(self, ev: Kan) -> None:
        seat = self.seats[ev.player]
        for _ in range(4):
            seat.hand.remove(ev.tile)
        seat.kans.append((ev.tile,) * 4)
        self.phase = Phase.KAN

    @handles(Discard)
    def _discard(self, ev: Discard) -> None:
        seat = self.seats[ev.player]
        seat.hand.remove(ev.tile)
        seat.discards.append(ev.tile)
        self.last_discard = (ev.player, ev.tile)
        self.turn = 1 - ev.player
        self.phase = Phase.TURN

    def _declare(self, kind: str, player: int, tile: Tile, named: tuple[Tile, ...],
                 before: list[Tile]) -> None:
        seat = self.seats[player]
        waits = tuple(w.tile for w in standard.waits(standard.Hand(tuple(before),
                                                                   tuple(seat.kans))))
        self.outcome = {"kind": kind, "player": player, "tile": tile, "waits": waits,
                        "named": tuple(named), "valid": tile in waits}
        self.phase = Phase.SHOWN

    @handles(Ron)
    def _ron(self, ev: Ron) -> None:
        seat = self.seats[ev.player]
        self._declare("ron", ev.player, ev.tile, ev.named, list(seat.hand))
        seat.hand.append(ev.tile)
        self.seats[1 - ev.player].discards.pop()

    @handles(Tsumo)
    def _tsumo(self, ev: Tsumo) -> None:
        before = list(self.seats[ev.player].hand)
        before.remove(ev.tile)
        self._declare("tsumo", ev.player, ev.tile, ev.named, before)

    @handles(Exhausted)
    def _exhausted(self, ev: Exhausted) -> None:
        self.outcome = {"kind": "draw"}
        self.phase = Phase.SHOWING

    @handles(Show)
    def _show(self, ev: Show) -> None:
        self.shown[ev.player] = tuple(ev.named)
        if all(s is not None for s in self.shown):
            self.phase = Phase.SHOWN

    @handles(HandScore)
    def _score(self, ev: HandScore) -> None:
        points = self.expected_score().points
        self.scores = [self.scores[i] + points[i] for i in (0, 1)]
        self.dealer = self.next_dealer()
        self.phase = Phase.OVER if self.hand_number == self.options.hands else Phase.START

    def result(self) -> dict:
        if self.phase != Phase.OVER:
            raise IllegalActionError(f"the game is not over: {self.hand_number} of "
                                     f"{self.options.hands} hands played")
        a, b = self.scores
        return {"scores": [a, b], "winner": 0 if a > b else 1 if b > a else None}
