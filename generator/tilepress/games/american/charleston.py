"""The start of an American Mah Jongg game: the dice for East, the deal, and the
Charleston (passes, the vote to stop it, the courtesy pass). :class:`Charleston` is the
base of :class:`~tilepress.games.american.rules.AmericanGame`, which adds the play.

Seats are numbered in turn order, so the player to a seat's right is the next seat:
passes "to the right" go to ``p + 1``, "to the left" to ``p - 1``, "across" to ``p + 2``.
Each player passes, votes or offers in turn from East, one decision at a time; the
tiles change hands once all four have passed. A blind pass (the first left and the last
right pass) hands on, unseen, 1 to 3 of the tiles being passed to you in that same pass
-- the first ones, in the order they were passed -- with the rest of the three from your
own hand; tiles can travel on through several blind passes.
"""

from __future__ import annotations

from collections import Counter, deque
from functools import cache

from tilepress.engine.log import Event
from tilepress.engine.rules import Rules, checks, handles
from tilepress.errors import IllegalActionError
from tilepress.games.american.card import Card, american_set
from tilepress.games.american.events import Courtesy, Deal, Dice, Pass, Phase, Stop
from tilepress.games.american.options import AmericanOptions
from tilepress.tiles import Tile, sort_tiles

PASSES_1 = (("right", False), ("across", False), ("left", True))
PASSES_2 = (("left", False), ("across", False), ("right", True))
OFFSET = {"right": 1, "across": 2, "left": 3}


@cache
def _set_counts() -> Counter[Tile]:
    """How many of each tile the set holds."""
    return Counter(american_set())


class Charleston(Rules):
    """The dice, the deal and the Charleston."""

    def __init__(self, options: AmericanOptions, card: Card) -> None:
        self.options = options
        self.card = card
        self.phase = Phase.DICE
        self.east = 0
        self.hands: list[list[Tile]] = [[] for _ in range(4)]
        self.wall: list[Tile] = []
        self.current = 0
        """The seat whose turn it is (in the Charleston: the next to pass or vote)."""
        self.step = 0
        self.steps: list[tuple[str, bool]] = list(PASSES_1)
        self.pending: dict[int, Pass] = {}
        self.blind_tiles: list[list[Tile]] = [[] for _ in range(4)]
        """The tiles each player passed on unseen in the last pass."""
        self.votes: dict[int, bool] = {}
        self.offers: dict[int, int] = {}
        self.acquired = "draw"
        """How the player to move got the last tile: deal, draw, call or redeem."""

    def pass_direction(self) -> tuple[str, bool]:
        """The pass now: its direction, and whether it may be blind."""
        return self.steps[self.step]

    def courtesy_count(self, p: int) -> int:
        across = (p + 2) % 4
        return min(self.offers.get(p, 0), self.offers.get(across, 0))

    def pass_size(self, p: int) -> int:
        """How many tiles ``p`` passes now: 3, or the courtesy pass agreed across."""
        return self.courtesy_count(p) if self.step >= len(self.steps) else 3

    def blind_allowed(self) -> bool:
        return self.step < len(self.steps) and self.steps[self.step][1]

    def _charleston_candidates(self, p: int) -> list[Event]:
        if self.phase == Phase.PASS:
            n = self.pass_size(p)
            out: list[Event] = [Pass(p, tuple(t for t in sort_tiles(self.hands[p])
                                               if not t.is_joker)[:n])]
            if self.blind_allowed():
                out.append(Pass(p, (), n))
            return out
        if self.phase == Phase.VOTE:
            return [Stop(p, False), Stop(p, True)]
        return [Courtesy(p, n) for n in range(4)]

    # -- checks ------------------------------------------------------------------------

    @checks(Dice)
    def _check_dice(self, ev: Dice) -> None:
        self.expect(Phase.DICE, None, "rolling the dice")
        totals = [a + b for a, b in ev.rolls]
        if len(ev.rolls) != 4 or not all(1 <= d <= 6 for r in ev.rolls for d in r):
            raise IllegalActionError("each of the four players rolls two dice")
        best = max(totals)
        if totals.count(best) > 1:
            raise IllegalActionError("the highest roll is shared: roll again")
        if ev.east != totals.index(best):
            raise IllegalActionError(f"seat {totals.index(best) + 1} rolled highest and is "
                                     "East")

    @checks(Deal)
    def _check_deal(self, ev: Deal) -> None:
        self.expect(Phase.DEAL, None, "dealing")
        if Counter(ev.wall) != _set_counts():
            raise IllegalActionError("the walls must hold the 152 tiles of the set")

    @checks(Pass)
    def _check_pass(self, ev: Pass) -> None:
        self.expect(Phase.PASS, ev.player, "passing")
        want = self.pass_size(ev.player)
        if ev.blind and not self.blind_allowed():
            raise IllegalActionError("blind passes come only on the first left and the last "
                                     "right pass")
        if not 0 <= ev.blind <= want:
            raise IllegalActionError(f"a blind pass hands on 1 to {want} of the tiles passed "
                                     "to you")
        if len(ev.tiles) + ev.blind != want:
            raise IllegalActionError(f"this pass is {want} tile{'s' * (want != 1)}"
                                     + (f": {ev.blind} blind and {want - ev.blind} of your "
                                        "own" if ev.blind else ""))
        if any(t.is_joker for t in ev.tiles):
            raise IllegalActionError("jokers are never passed in the Charleston")
        self._have(ev.player, ev.tiles)

    def _have(self, p: int, tiles: tuple[Tile, ...]) -> None:
        """Raise unless ``p`` holds all of ``tiles``."""
        # a tile equals only itself (tiles are interned): compared by id, in C (a tile's
        # comparison with another goes through Python, tiles being ordered)
        held = list(map(id, self.hands[p]))
        for t in tiles:
            if id(t) not in held:
                raise IllegalActionError(f"{t} is not in the hand")
            held.remove(id(t))

    @checks(Stop)
    def _check_stop(self, ev: Stop) -> None:
        self.expect(Phase.VOTE, ev.player, "voting")

    @checks(Courtesy)
    def _check_courtesy(self, ev: Courtesy) -> None:
        self.expect(Phase.COURTESY, ev.player, "offering a courtesy pass")
        if not 0 <= ev.count <= 3:
            raise IllegalActionError("a courtesy pass is 0 to 3 tiles")

    # -- what events do ----------------------------------------------------------------

    @handles(Dice)
    def _dice(self, ev: Dice) -> None:
        self.east = ev.east
        self.phase = Phase.DEAL

    @handles(Deal)
    def _deal(self, ev: Deal) -> None:
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
        self.phase = Phase.PASS
        self.current = self.east
        self.step = 0

    @handles(Pass)
    def _pass(self, ev: Pass) -> None:
        self.pending[ev.player] = ev
        self.current = (ev.player + 1) % 4
        if len(self.pending) < 4:
            return
        courtesy = self.step >= len(self.steps)
        offset = 2 if courtesy else OFFSET[self.pass_direction()[0]]
        kept, forwarded = self._exchange(offset)
        for p, pv in self.pending.items():
            for t in pv.tiles:
                self.hands[p].remove(t)
            self.hands[p] += kept[p]
            self.blind_tiles[p] = forwarded[p]
        self.pending = {}
        self.current = self.east
        self.step += 1
        if courtesy:
            self.phase = Phase.DISCARD
            self.acquired = "deal"
        elif self.step == 3 and len(self.steps) == 3:
            self.phase = Phase.COURTESY if self.options.second_charleston == "never" \
                else Phase.VOTE
        elif self.step == len(self.steps):
            self.phase = Phase.COURTESY

    def _exchange(self, offset: int) -> tuple[list[list[Tile]], list[list[Tile]]]:
        """Where the tiles of a pass end up: for each player the tiles kept and the tiles
        passed on blind. Each player's own tiles go to the receiver (East's first); a
        player passing ``k`` blind hands on the first ``k`` tiles that reach them, unseen,
        and keeps the rest."""
        kept: list[list[Tile]] = [[] for _ in range(4)]
        forwarded: list[list[Tile]] = [[] for _ in range(4)]
        flight = deque(((self.east + k + offset) % 4, t) for k in range(4)
                       for t in self.pending[(self.east + k) % 4].tiles)
        while flight:
            p, tile = flight.popleft()
            if len(forwarded[p]) < self.pending[p].blind:
                forwarded[p].append(tile)
                flight.append(((p + offset) % 4, tile))
            else:
                kept[p].append(tile)
        return kept, forwarded

    @handles(Stop)
    def _stop(self, ev: Stop) -> None:
        self.votes[ev.player] = ev.stop
        self.current = (ev.player + 1) % 4
        if len(self.votes) == 4:
            self.current = self.east
            if any(self.votes.values()):
                self.phase = Phase.COURTESY
            else:
                self.steps = list(PASSES_1) + list(PASSES_2)
                self.phase = Phase.PASS

    @handles(Courtesy)
    def _courtesy(self, ev: Courtesy) -> None:
        self.offers[ev.player] = ev.count
        self.current = (ev.player + 1) % 4
        if len(self.offers) == 4:
            self.current = self.east
            self.step = len(self.steps)
            self.phase = Phase.PASS


__all__ = ["OFFSET", "PASSES_1", "PASSES_2", "Charleston"]
