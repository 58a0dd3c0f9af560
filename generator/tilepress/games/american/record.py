"""An American Mah Jongg game read into the facts of a balance report
(:class:`GameRecord`), from its events alone (no replay).

A game is one deal. The winning hand is named as the card names it, family and line
("Like numbers #2"); optional actions as players name them: exposures, jokers redeemed
(from one's own exposure or another's), blind passes, votes to stop the Charleston and
the Charleston stopped, the courtesy pass across, and Mah Jongg declared in error.
"""

from __future__ import annotations

from tilepress.engine.log import Event, GameLog
from tilepress.engine.record import GameRecord, counted
from tilepress.games.american.events import (
    Call,
    Claims,
    Courtesy,
    Dead,
    Dice,
    Discard,
    Draw,
    End,
    MahJong,
    Pass,
    Redeem,
    Stop,
)

HOW = (" on a discard", " by redeeming a joker")
"""How the winner got the last tile, as the rules' end line says it (else self-drawn)."""


def _charleston(events: tuple[Event, ...]) -> list[str]:
    """The Charleston's optional actions: blind passes, votes to stop and the stop, and
    each courtesy pass made across (both players offered tiles)."""
    out: list[str] = []
    offers: dict[int, int] = {}
    for ev in events:  # events are final classes: their type tells (faster than isinstance)
        kind = type(ev)
        if kind is Pass and ev.blind:
            out.append("blind pass")
        elif kind is Stop and ev.stop:
            out.append("vote to stop the Charleston")
        elif kind is Courtesy:
            offers[ev.player] = ev.count
    if "vote to stop the Charleston" in out:
        out.append("Charleston stopped")
    out += ["courtesy pass"] * sum(1 for p in (0, 1) if min(offers.get(p, 0),
                                                             offers.get(p + 2, 0)))
    return out


def record(log: GameLog) -> GameRecord:
    """The game's facts: payments and winner, the end (Mah Jongg and how the last tile
    came, a wall game, every hand dead), the hand won from the card, the optional
    actions. A turn is a draw from the wall or a call of a discard."""
    actions = _charleston(log.events)
    hands: list[str] = []
    east: int | None = None
    turns = 0
    mahjong_callers: tuple[int, ...] = ()
    declared: int | None = None
    end = "game over"
    for ev in log.events:
        kind = type(ev)
        if kind is Discard:  # the most frequent: nothing to count
            continue
        if kind is Dice:
            east = ev.east
        elif kind is Draw or kind is Call or kind is Redeem:
            turns += kind is not Redeem
            if kind is Call and ev.player not in mahjong_callers:
                actions.append("exposure")
            elif kind is Redeem:
                actions.append("joker redeemed" + (" from own exposure"
                                                   if ev.owner == ev.player else ""))
        elif kind is Claims:
            mahjong_callers = ev.mahjong
        elif kind is MahJong:
            declared, hands = ev.player, [ev.hand]
        elif kind is Dead:
            actions.append("hand dead")
            if ev.player == declared:
                actions.append("Mah Jongg in error")
                declared, hands = None, []
        elif kind is End:
            end = ev.reason
            if ev.reason.startswith("Mah Jongg"):
                how = next((h for h in HOW if ev.reason.endswith(h)), ", self-drawn")
                end = f"Mah Jongg{how}"
                if ", jokerless" in ev.reason:
                    actions.append("jokerless Mah Jongg")
    payments = tuple(log.result["payments"])
    winner = log.result.get("winner")
    winners = () if winner is None else (winner,)
    return GameRecord(
        sides=tuple(log.players), scores=payments, winners=winners, turns=turns,
        rounds=1, rounds_without_winner=0 if winners else 1, first=east, end=end,
        round_ends=((end, 1),), wins=tuple(hands) if winners else (),
        actions=counted(actions))


__all__ = ["record"]
