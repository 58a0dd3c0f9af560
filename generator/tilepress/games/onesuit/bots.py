"""Bots for One suit mahjong.

:class:`EfficiencyBot` discards for the best shape: the lowest shanten, then the most
tiles still unseen that would improve the hand (its waits, once ready), counting the
tiles in its hand, both players' kans and all discards as seen. It declares a kan when
setting the four tiles aside does not leave it further from ready, always wins when it
can, and names its waits -- with a ``slip`` chance of forgetting one or naming a wrong
tile, so that examples can show the penalty. :class:`RandomBot` discards at random.
"""

from __future__ import annotations

import random
from dataclasses import replace

from tilepress.engine import standard
from tilepress.engine.log import Event
from tilepress.games.onesuit.rules import Discard, Kan, OneSuitTable, Phase, Ron, Show, Tsumo
from tilepress.tiles import Tile, format_tiles, sort_tiles


def _names(tiles) -> str:
    return " ".join(str(t) for t in tiles) or "none"


class EfficiencyBot:
    name = "efficiency"

    def __init__(self, slip: float = 0.0) -> None:
        self.slip = slip

    # -- naming ------------------------------------------------------------------------

    def name_waits(
        self, waits: tuple[Tile, ...], suit: str, rng: random.Random
    ) -> tuple[Tile, ...]:
        named = list(waits)
        if self.slip and rng.random() < self.slip:
            if len(named) >= 2:
                named.remove(rng.choice(named))
            else:
                tiles = [Tile(f"{n}{suit}") for n in range(1, 10)]
                wrong = [t for t in tiles if t not in waits]
                named.append(rng.choice(wrong))
        return tuple(sort_tiles(named))

    # -- turns -------------------------------------------------------------------------

    def choose(self, table: OneSuitTable, legal: list[Event], rng: random.Random) -> Event:
        player = table.to_move
        assert player is not None
        if table.phase == Phase.TURN:
            return self.at_turn_start(table, player, legal, rng)
        if table.phase == Phase.DRAWN:
            return self.after_draw(table, player, legal, rng)
        return self.show(table, player, rng)

    def at_turn_start(self, table: OneSuitTable, player: int, legal: list[Event],
                      rng: random.Random) -> Event:
        """Win on the opponent's discard if it completes the hand; else draw."""
        if table.can_ron(player):
            tile = table.last_discard[1]
            waits = table.seats[player].waits()
            return Ron(player, tile, self.name_waits(waits, table.options.suit, rng))
        return next(ev for ev in legal if not isinstance(ev, Ron))

    def after_draw(self, table: OneSuitTable, player: int, legal: list[Event],
                   rng: random.Random) -> Event:
        seat = table.seats[player]
        suit = table.options.suit
        hand = standard.Hand(tuple(seat.hand), tuple(seat.kans))
        drawn = table.last_draw
        if standard.is_complete(hand.tiles) and drawn is not None:
            before = list(seat.hand)
            before.remove(drawn)
            waits = tuple(w.tile for w in standard.waits(standard.Hand(tuple(before),
                                                                       tuple(seat.kans))))
            return Tsumo(player, drawn, self.name_waits(waits, suit, rng))
        visible = table.visible_to(player)
        rows = standard.discard_table(hand, visible=visible, suits=suit, keep_all=True)
        best = rows[0]
        for kan in (ev for ev in legal if isinstance(ev, Kan)):
            rest = list(seat.hand)
            for _ in range(4):
                rest.remove(kan.tile)
            level = standard.shanten(rest, suits=suit)
            if level <= best.shanten:
                return replace(kan, reason=f"four {kan.tile} set aside, still "
                                           f"{_distance(level)}, and a replacement draw")
        return Discard(player, best.discard, _reason(best, rows))

    def show(self, table: OneSuitTable, player: int, rng: random.Random) -> Event:
        waits = table.seats[player].waits()
        named = self.name_waits(waits, table.options.suit, rng) if waits else ()
        return Show(player, named)


def _distance(level: int) -> str:
    return "ready" if level == 0 else f"{level} from ready"


def _reason(best, rows) -> str:
    tiles = format_tiles(t for t, _ in best.tiles)
    if best.shanten == 0:
        text = f"ready, waits {_names(t for t, _ in best.tiles)} ({best.total} left)"
    else:
        text = f"{_distance(best.shanten)}; {best.total} tiles help ({tiles})"
    others = [r for r in rows[1:] if r.shanten == best.shanten]
    if others:
        text += f"; next best {others[0].discard} leaves {others[0].total}"
    return text


class RandomBot(EfficiencyBot):
    """Wins when it can and names its waits right, but discards at random."""

    name = "random"

    def after_draw(self, table: OneSuitTable, player: int, legal: list[Event],
                   rng: random.Random) -> Event:
        seat = table.seats[player]
        if table.last_draw is not None and standard.is_complete(
                standard.Hand(tuple(seat.hand), tuple(seat.kans)).tiles):
            return super().after_draw(table, player, legal, rng)
        discards = [ev for ev in legal if isinstance(ev, Discard)]
        return replace(rng.choice(discards), reason="at random")
BOTS = {"efficiency": EfficiencyBot, "random": RandomBot}
