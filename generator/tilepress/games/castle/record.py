"""A Dragon Castle game read into the facts of a balance report (:class:`GameRecord`),
from its events alone (no replay).

Every point is an event of the log: a group flipped (named by its tile type), a shrine
built, a tile discarded for a point, the Elder Dragon summoned. So the scoring groups,
the optional actions and the lead after each turn are counted as the events come.
"""

from __future__ import annotations

from tilepress.engine.log import GameLog
from tilepress.engine.record import GameRecord, counted, lead_history
from tilepress.games.castle.board import KIND_WORDS
from tilepress.games.castle.rules import (
    DISCARD_POINTS,
    SUMMON_POINTS,
    Consolidate,
    Discard,
    EndTurn,
    NoRoom,
    Shrine,
    Summon,
    TakeSecond,
    TakeShrine,
)

ACTIONS = {TakeShrine: "shrine taken from the pool", Shrine: "shrine built",
           Discard: "tile discarded for a point", Summon: "the Elder Dragon summoned",
           TakeSecond: "second identical tile taken", NoRoom: "tile back to the box"}
"""The turn's choices (and the rules' one loss, a tile with nowhere to go), named."""


def _points(ev: object) -> int:
    if isinstance(ev, Consolidate | Shrine):
        return ev.points
    if isinstance(ev, Discard):
        return DISCARD_POINTS
    return SUMMON_POINTS if isinstance(ev, Summon) else 0


def record(log: GameLog) -> GameRecord:
    """The game's facts: scores and winners (ties broken by face-down stacks, then
    shrines, as the rules break them), each scoring group by tile type ("group of
    coins"), the optional actions, and the lead after each turn."""
    result = log.result
    scores = tuple(result["scores"])
    running = [0] * len(scores)
    totals: list[tuple[int, ...]] = []
    groups: list[str] = []
    actions: list[str] = []
    for ev in log.events:
        name = ACTIONS.get(type(ev))
        if name:
            actions.append(name)
        if isinstance(ev, Consolidate):
            groups.append(f"group of {KIND_WORDS.get(ev.kind, ev.kind)}")
        points = _points(ev)
        if points:
            running[ev.player] += points  # type: ignore[attr-defined]
        if isinstance(ev, EndTurn):
            totals.append(tuple(running))
    winners = tuple(result["winners"])
    sole = winners[0] if len(winners) == 1 else None
    lead = lead_history(totals, sole) if tuple(running) == scores else None
    end = _end(result, winners)
    return GameRecord(
        sides=tuple(log.players), scores=scores, winners=winners, turns=result["turns"],
        first=0, end=end, round_ends=((end, 1),), wins=tuple(groups),
        actions=counted(actions), lead_changes=lead.changes if lead else None,
        decided_at=lead.decided_at if lead else None)


def _end(result: dict, winners: tuple[int, ...]) -> str:
    """Won on points, on a tie-break (face-down stacks, then shrines), or shared."""
    if len(winners) != 1:
        return "shared win"
    scores = result["scores"]
    top = [p for p, s in enumerate(scores) if s == max(scores)]
    if len(top) == 1:
        return "won on points"
    stacks = result["face_down_stacks"]
    best = max(stacks[p] for p in top)
    if sum(1 for p in top if stacks[p] == best) == 1:
        return "won on face-down stacks"
    return "won on shrines"


__all__ = ["record"]
