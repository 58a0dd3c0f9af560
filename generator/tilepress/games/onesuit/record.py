"""One suit mahjong: a finished game's facts for a balance report, read from its log."""

from __future__ import annotations

from tilepress.engine import standard
from tilepress.engine.log import GameLog
from tilepress.engine.record import GameRecord, counted, lead_history
from tilepress.games.onesuit.rules import (
    NAMES,
    Deal,
    Discard,
    Draw,
    Exhausted,
    HandScore,
    HandStart,
    Kan,
    Ron,
    Show,
    Tsumo,
)
from tilepress.tiles import Tile


def record(log: GameLog) -> GameRecord:
    """The game's facts for a balance report, read from its events (hands followed tile
    by tile, waits computed only at a win): each hand's end (ron, tsumo, a win declared
    in error, an exhaustive draw), each winning hand's form and number of waits, the kans
    and how the waits were named, and the lead after each hand's score. A turn is a
    player's draw from the wall or win on a discard."""
    hands: list[list[Tile]] = [[], []]
    kans: list[list[tuple[Tile, ...]]] = [[], []]
    ends: list[str] = []
    wins: list[str] = []
    actions: list[str] = []
    totals: list[tuple[int, int]] = []
    running = (0, 0)
    first: int | None = None
    turns = hands_played = 0
    after_kan = False
    for ev in log.events:
        if isinstance(ev, HandStart):
            hands, kans = [[], []], [[], []]
            hands_played = ev.number
            first = ev.dealer if first is None else first
        elif isinstance(ev, Deal):
            hands[ev.player] = list(ev.tiles)
        elif isinstance(ev, Draw):
            hands[ev.player].append(ev.tile)
            turns += not after_kan
        elif isinstance(ev, Discard):
            hands[ev.player].remove(ev.tile)
        elif isinstance(ev, Kan):
            for _ in range(4):
                hands[ev.player].remove(ev.tile)
            kans[ev.player].append((ev.tile,) * 4)
            actions.append("kan")
        elif isinstance(ev, Ron | Tsumo):
            before = list(hands[ev.player])
            if isinstance(ev, Tsumo):
                before.remove(ev.tile)
            turns += isinstance(ev, Ron)
            actions.append(ev.TYPE)
            _win_facts(ev, before, kans[ev.player], ends, wins, actions)
        elif isinstance(ev, Exhausted):
            ends.append("exhaustive draw")
        elif isinstance(ev, Show) and ev.named:
            actions.append("waits named at a draw")
        elif isinstance(ev, HandScore):
            running = (running[0] + ev.points[0], running[1] + ev.points[1])
            totals.append(running)
        after_kan = isinstance(ev, Kan)
    scores, winner = tuple(log.result["scores"]), log.result["winner"]
    lead = lead_history(totals, winner)
    valid = sum(e in ("ron", "tsumo") for e in ends)
    return GameRecord(
        sides=tuple(log.players) or NAMES, scores=scores,
        winners=() if winner is None else (winner,), turns=turns, rounds=hands_played,
        rounds_without_winner=len(ends) - valid, first=first,
        end=f"{hands_played} hands played", round_ends=counted(ends), wins=tuple(wins),
        actions=counted(actions), lead_changes=lead.changes, decided_at=lead.decided_at)



def _win_facts(ev: Ron | Tsumo, before: list[Tile], kans: list[tuple[Tile, ...]],
               ends: list[str], wins: list[str], actions: list[str]) -> None:
    """A declared win: its end (valid or in error), the winning hand's form and waits,
    and how the waits were named (as the rules score them)."""
    waits = tuple(w.tile for w in standard.waits(standard.Hand(tuple(before), tuple(kans))))
    if ev.tile not in waits:
        ends.append("win declared in error")
        return
    ends.append(ev.TYPE)
    forms = {d.form for d in standard.decompositions((*before, ev.tile))}
    form = "sets and a pair" if "standard" in forms else "seven pairs"
    wins.append(f"{form}, {len(waits)} wait{'s' * (len(waits) > 1)}")
    named = set(ev.named)
    if named == set(waits):
        actions.append("every wait named")
    if named - set(waits):
        actions.append("a wrong wait named")

