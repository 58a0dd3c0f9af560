"""Pictures of One suit mahjong: a position from a game log (``tilepress draw position``),
with the facts the engine gives of it."""

from __future__ import annotations

from collections.abc import Sequence

from tilepress.documents.assemble import labelled, position_frame, tiles_figure
from tilepress.documents.model import Illustration
from tilepress.engine.log import Event, GameLog
from tilepress.games.onesuit.rules import (
    NAMES,
    Deal,
    Discard,
    Draw,
    Exhausted,
    HandScore,
    HandStart,
    Kan,
    OneSuitOptions,
    OneSuitTable,
    Phase,
    Ron,
    Show,
    Tsumo,
)
from tilepress.tiles import Tile, sort_tiles

WRAP = 12
"""Discards a row."""


def said(ev: Event, seat: int | None) -> str:
    """The event in words, as a player at ``seat`` (None: an onlooker who sees all) hears
    it: another player's draw is "a tile"."""
    who = NAMES[getattr(ev, "player", 0)]
    if isinstance(ev, HandStart):
        return f"Hand {ev.number} begins: {NAMES[ev.dealer]} deals from a shuffled wall."
    if isinstance(ev, Deal):
        return f"{who} is dealt {len(ev.tiles)} tiles."
    if isinstance(ev, Draw):
        tile = "a tile" if seat not in (None, ev.player) else f"a {say((ev.tile,))}"
        return f"{who} draws {tile}."
    if isinstance(ev, Kan):
        return f"{who} sets four {say((ev.tile,))}s aside as a kan."
    if isinstance(ev, Discard):
        return f"{who} discards a {say((ev.tile,))}."
    if isinstance(ev, Ron | Tsumo):
        how = "on the discarded" if isinstance(ev, Ron) else "on the drawn"
        return f"{who} declares {ev.TYPE} {how} {say((ev.tile,))} and names {say(ev.named)}."
    if isinstance(ev, Exhausted):
        return "No tile is left: the hand is a draw."
    if isinstance(ev, Show):
        return f"{who} shows the hand and names {say(ev.named)}."
    if isinstance(ev, HandScore):
        return f"Hand {ev.number} is scored: A {ev.points[0]:+d}, B {ev.points[1]:+d}."
    return ev.TYPE  # pragma: no cover - every event of the game is named above


def _hand(table: OneSuitTable, p: int, ev: Event, hidden: bool) -> tuple[list, frozenset]:
    """A player's hand (the tile just drawn, or won on, apart and outlined) and kans, as
    groups."""
    tiles = list(table.seats[p].hand)
    kans = [tuple(k) for k in table.seats[p].kans]
    if hidden:
        return [[None] * len(tiles), *kans], frozenset()
    if isinstance(ev, Draw | Ron | Tsumo) and ev.player == p and ev.tile in tiles:
        tiles.remove(ev.tile)
        return [sort_tiles(tiles), [ev.tile], *kans], frozenset({(1, 0)})
    return [sort_tiles(tiles), *kans], frozenset()


def position_figure(log: GameLog, events: int, *, seat: int | None = None,
                    tile_width: float = 9.0) -> Illustration:
    """The table after the first ``events`` events of ``log``: each player's hand (only
    ``seat``'s face up when given) and kans, their discards, the wall, whose turn, and the
    last action in words."""
    table = OneSuitTable(log.options_as(OneSuitOptions))
    for ev in log.events[:events]:
        table.apply(ev)
    last = log.events[events - 1]
    names = log.players or NAMES
    parts = []
    up = down = 0
    for p in (0, 1):
        hidden = seat is not None and seat != p
        groups, marks = _hand(table, p, last, hidden)
        held = len(table.seats[p].hand)
        down += held if hidden else 0
        up += sum(len(g) for g in groups) - (held if hidden else 0)
        kans = len(table.seats[p].kans)
        label = f"{names[p]}: {held} tiles in hand" + (f", {kans} kan{'s' * (kans > 1)}"
                                                      if kans else "")
        if groups[0] or len(groups) > 1:
            parts.append(labelled(label, tiles_figure(groups, tile_width, marks=marks)))
        discards: list[Tile] = table.seats[p].discards
        if discards:
            up += len(discards)
            parts.append(labelled(f"{NAMES[p]}'s discards",
                                  tiles_figure([discards], tile_width, wrap_at=WRAP)))
    to_move = table.to_move
    phase = str(table.phase)
    if table.phase == Phase.TURN and (table.last_discard is None
                                      or table.last_discard[0] == to_move):
        phase = "a draw"  # no discard of the other player's to win on
    turn = f"{NAMES[to_move]} to play ({phase})" if to_move is not None else f"next: {phase}"
    status = (f"Hand {table.hand_number} of {table.options.hands}; the wall holds "
              f"{len(table.wall)} tiles; {turn}; scores A {table.scores[0]}, "
              f"B {table.scores[1]}.")
    if table.phase == Phase.START and not table.hand_number:
        status = "Before the first hand."
    caption = f"After line {_line(last)}: {said(last, seat)}"
    facts = {"line": _line(last), "face_up": up, "face_down": down, "wall": len(table.wall),
             "to_move": None if to_move is None else to_move + 1,
             "said": said(last, seat)}
    return Illustration(position_frame(parts, status, caption), facts)


def _line(ev: Event) -> int:
    from tilepress.engine.log import line_of

    return line_of(ev) or 0


def say(tiles: Sequence[Tile], empty: str = "nothing") -> str:
    """Tiles as a player says them in a one-suit game: "3", "2 and 5", "1, 4 and 7"."""
    names = [str(t.number) for t in tiles if t is not None]
    if not names:
        return empty
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


__all__ = ["position_figure", "said", "say"]
