"""Mint Tin Mahjong played by bots -- two players, or solo against the virtual opponent --
into a log, replayed through the rules, and explained turn by turn on paper."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tilepress.engine.log import GameLog, replay_through
from tilepress.engine.rules import play_out
from tilepress.errors import RequestError
from tilepress.games.minttin.bots import Planner
from tilepress.games.minttin.hand import deck as full_deck
from tilepress.games.minttin.rules import (
    SOLO,
    TWO,
    Deal,
    MintTinMatch,
    MintTinOptions,
)
from tilepress.games.minttin.solo import SoloMatch
from tilepress.games.minttin.twoplayer import TwoPlayerMatch
from tilepress.params import params_dict

EVENTS_PER_ROUND = 250
"""More events than a round can take (a round is some 60: the deck runs out, and a turn
repeats nothing); a match that runs past this many a round is a stuck bot."""


def new_state(options: MintTinOptions, solo: bool = False) -> MintTinMatch:
    """A match before its first deal: two players, or solo."""
    return SoloMatch(options) if solo else TwoPlayerMatch(options)


def chance_event(match: MintTinMatch, rng: random.Random) -> Deal:
    """The chance event: the next round's deal from a shuffled deck (in the first round
    of two players, after drawing the first dealer)."""
    if isinstance(match, SoloMatch):
        cards = list(full_deck(0))
        rng.shuffle(cards)
        return Deal(match.round + 1, 0, tuple(cards))
    dealer = rng.randrange(2) if match.round == 0 else match.dealer
    cards = list(full_deck(match.options.shuffled_jokers()))
    rng.shuffle(cards)
    return Deal(match.round + 1, dealer, tuple(cards))


def play(options: MintTinOptions, seed: int | str, bots: Sequence | None = None,
         *, solo: bool = False) -> GameLog:
    """A whole match to 7 (or 14) points: two bots, or one bot solo."""
    if solo:
        bots = [(bots or [Planner()])[0]]
    else:
        bots = list(bots) if bots else [Planner(), Planner()]
        if len(bots) != 2:
            raise RequestError(f"two players need two bots, not {len(bots)}")
    game = SOLO if solo else TWO
    rng = random.Random(f"tilepress:{game}:{seed}")
    match = new_state(options, solo)
    events = play_out(match, bots, rng, chance_event,
                      limit=EVENTS_PER_ROUND * options.round_limit)
    return GameLog(game, params_dict(options), seed, tuple(events), match.result(),
                   tuple(getattr(b, "name", "bot") for b in bots))


def new_match(log: GameLog) -> MintTinMatch:
    return new_state(log.options_as(MintTinOptions), log.game == SOLO)


def replay(log: GameLog) -> dict[str, Any]:
    """Apply every event of ``log`` through the rules; raise at the first illegal one."""
    return replay_through(new_match(log), log)


def summary(log: GameLog, result: Mapping[str, Any]) -> str:
    who = "you" if log.game == SOLO else "player"
    scores = "-".join(map(str, result["scores"]))
    if result["winner"] is None:
        winner = "a tie"
    elif log.game == SOLO:
        winner = "you win" if result["winner"] == 0 else "the virtual opponent wins"
    else:
        winner = f"{who} {result['winner'] + 1} wins"
    return f"{result['rounds']} rounds, {scores}: {winner}"



__all__ = ["chance_event", "new_match", "new_state", "play", "replay", "summary"]
