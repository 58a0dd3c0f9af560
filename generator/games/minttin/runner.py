"""Mint Tin Mahjong played by bots -- two players, or solo against the virtual opponent --
into a log, replayed through the rules, and explained turn by turn on paper."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from generator.documents.model import Block, Document, Heading, Paragraph, Section, Table
from generator.draw.canvas import Paper
from generator.engine.log import GameLog, Recorder, replay_through
from generator.errors import RequestError
from generator.games.minttin.bots import Planner
from generator.games.minttin.cards import Card, format_cards
from generator.games.minttin.hand import BLOCK_NAMES, best
from generator.games.minttin.hand import deck as full_deck
from generator.games.minttin.pictures import cards_figure
from generator.games.minttin.rules import (
    SOLO,
    TWO,
    Answer,
    Call,
    Deal,
    Discard,
    Double,
    Draw,
    Mahjong,
    MintTinOptions,
    OpponentDraw,
    OpponentExposes,
    OpponentSwap,
    PassCards,
    PassOffer,
    RoundEnd,
    SoloMatch,
    Swap,
    ToRow,
    TwoPlayerMatch,
)
from generator.params import params_dict

MAX_EVENTS = 50_000


def play(options: MintTinOptions, seed: int | str, bots: Sequence | None = None,
         *, solo: bool = False) -> GameLog:
    """A whole match to 7 (or 14) points: two bots, or one bot solo."""
    if solo:
        return _play_solo(options, seed, (bots or [Planner()])[0])
    bots = list(bots) if bots else [Planner(), Planner()]
    if len(bots) != 2:
        raise RequestError(f"two players need two bots, not {len(bots)}")
    rng = random.Random(f"tilepress:{TWO}:{seed}")
    match = TwoPlayerMatch(options)
    do = Recorder(match, MAX_EVENTS)

    first_dealer = rng.randrange(2)
    while not match.over:
        forced = match.forced()
        if forced is not None:
            do(forced)
            continue
        bot = bots[match.current]
        if match.phase == "deal":
            cards = list(full_deck(options.shuffled_jokers()))
            rng.shuffle(cards)
            do(Deal(match.round + 1, first_dealer if match.round == 0 else match.dealer,
                    tuple(cards)))
        elif match.phase == "pass-offer":
            do(bot.pass_offer(match, rng))
        elif match.phase == "pass":
            do(bot.pass_cards(match, rng))
        elif match.phase == "turn":
            call = bot.on_turn(match, rng)
            do(call if call is not None else Draw(match.current, match.wall[0]))
        elif match.phase == "answer":
            do(bot.answer(match, rng))
        else:
            do(bot.act(match, rng))
    return GameLog(TWO, params_dict(options), seed, tuple(do.events), match.result(),
                   tuple(getattr(b, "name", "bot") for b in bots))


def _play_solo(options: MintTinOptions, seed: int | str, bot) -> GameLog:
    rng = random.Random(f"tilepress:{SOLO}:{seed}")
    match = SoloMatch(options)
    do = Recorder(match, MAX_EVENTS)

    while not match.over:
        forced = match.forced()
        if forced is not None:
            do(forced)
        elif match.phase == "deal":
            cards = list(full_deck(0))
            rng.shuffle(cards)
            do(Deal(match.round + 1, 0, tuple(cards)))
        elif match.phase == "turn":
            do(Draw(0, match.wall[0]))
        elif match.phase == "hold":
            do(bot.on_hold(match, rng))
        else:
            do(bot.act(match, rng, bot.danger(match)))
    return GameLog(SOLO, params_dict(options), seed, tuple(do.events), match.result(),
                   (getattr(bot, "name", "bot"),))


def new_match(log: GameLog):
    options = log.options_as(MintTinOptions)
    return SoloMatch(options) if log.game == SOLO else TwoPlayerMatch(options)


def replay(log: GameLog) -> dict[str, Any]:
    """Apply every event of ``log`` through the rules; raise at the first illegal one."""
    return replay_through(new_match(log), log)


def summary(log: GameLog, result: Mapping[str, Any]) -> str:
    who = "you" if log.game == SOLO else "player"
    scores = "-".join(map(str, result["scores"]))
    if result["winner"] is None:
        winner = "a tie"
    elif log.game == SOLO:
        winner = "you win" if result["winner"] == 1 else "the virtual opponent wins"
    else:
        winner = f"{who} {result['winner']} wins"
    return f"{result['rounds']} rounds, {scores}: {winner}"


# ---------------------------------------------------------------------------
# The worked example
# ---------------------------------------------------------------------------


def _groups(cards) -> list[list[Card]]:
    groups: list[list[Card]] = []
    for card in sorted(cards):
        if groups and groups[-1][-1] == card:
            groups[-1].append(card)
        else:
            groups.append([card])
    return groups


def _hand_figure(match, p: int):
    seat = match.seats[p]
    groups = _groups(seat.hand) + [sorted(m.cards) for m in seat.melds]
    labels = [""] * len(_groups(seat.hand)) + ["exposed"] * len(seat.melds)
    return cards_figure(groups, card_w=5.2, labels=labels)


def worked_example(log: GameLog, paper: Paper) -> Document:
    """Every turn: the card taken, the hand as a picture, exposures, the discard and its
    reason; each winning hand with its scoring laid out."""
    match = new_match(log)
    solo = log.game == SOLO
    names = (["The player", "The opponent"] if solo else
             [f"Player {k + 1}" + (f" ({b})" if b else "") for k, b in
              enumerate(log.players or ("", ""))])
    o = match.options
    rules_line = (f"Jokers: {o.jokers}; to {o.target} points"
                  + ("; with the optional pass" if o.passing else "")
                  + ("" if o.miscall_penalty else "; friendly miscalls"))
    if solo:
        rules_line = (f"Solo against the virtual opponent; dead hand of {o.dead_hand}; to "
                      f"{o.target} points" + ("; Joker Block" if o.joker_block else ""))
    blocks: list[Block] = [
        Section("Mint Tin Mahjong"),
        Heading("Mint Tin Mahjong: a worked example"),
        Paragraph(f"{rules_line}. Seed {log.seed}; played by the "
                  f"{' and '.join(log.players) or 'planner'} bot"
                  f"{'s' * (len(log.players) > 1)}. Each line is one turn; the hand is "
                  "drawn after it, exposures set apart.", size=9),
    ]
    words: list[str] = []
    turn = 0

    def flush(p: int) -> None:
        nonlocal turn
        if not words:
            return
        turn += 1
        blocks.append(Paragraph(f"{turn}. {names[p]} " + "; ".join(words) + ".", size=8))
        if not (solo and p == 1):
            blocks.append(_hand_figure(match, p))
        words.clear()

    for ev in log.events:
        p = getattr(ev, "player", 1 if solo else 0)
        if isinstance(ev, RoundEnd):
            flush(match.current)
        before_hand = None
        if isinstance(ev, Mahjong):
            seat = match.seats[ev.player]
            before_hand = (list(seat.hand), seat.exposures(), match.hand_points(ev.player))
        match.apply(ev)
        if isinstance(ev, Deal):
            blocks.append(Heading(f"Round {ev.round}" + ("" if solo else
                                                         f": {names[ev.dealer]} deals"),
                                  level=2))
            for q in ((0,) if solo else (0, 1)):
                blocks.append(Paragraph(f"{names[q]} starts with:", size=8))
                blocks.append(_hand_figure(match, q))
        elif isinstance(ev, PassOffer):
            words.append(f"offers to pass {ev.count}")
            flush(p)
        elif isinstance(ev, PassCards):
            words.append(f"passes {format_cards(ev.cards)}")
            flush(p)
        elif isinstance(ev, Draw):
            words.append(f"draws {ev.card}")
        elif isinstance(ev, Call):
            words.append(f"calls {ev.card} with {format_cards(ev.cards)} ({ev.reason})")
        elif isinstance(ev, Swap):
            card = f"{'an' if str(ev.face) == '8' else 'a'} {ev.face}"
            give, take = ("a joker", card) if ev.give_joker else (card, "the joker")
            owner = "its own" if ev.owner == p else f"{names[ev.owner].lower()}'s" if solo \
                else f"{names[ev.owner]}'s"
            words.append(f"swaps {give} for {take} in {owner} exposure ({ev.reason})")
        elif isinstance(ev, Discard):
            words.append(f"discards {ev.card} ({ev.reason})")
            flush(p)
        elif isinstance(ev, Double):
            words.append(f"calls Double ({ev.reason})")
            flush(p)
        elif isinstance(ev, Answer):
            words.append(("takes" if ev.take else "drops") + f" the double ({ev.reason})")
            flush(p)
        elif isinstance(ev, OpponentDraw):
            words.append(f"draws {ev.card}" + (" to the hold spot" if match.hold else
                                               " to the discard row"))
        elif isinstance(ev, ToRow):
            words.append(f"{ev.card} goes to the discard row (you do not call it)")
            flush(1)
        elif isinstance(ev, OpponentSwap):
            whose = "its own" if ev.owner else "the player's"
            words.append(f"swaps it for the joker in {whose} exposure of {ev.face}")
        elif isinstance(ev, OpponentExposes):
            words.append(f"exposes {format_cards(ev.cards)} from the discard row "
                         f"({match.pungs()} pung{'s' * (match.pungs() != 1)})")
            flush(1)
        elif isinstance(ev, Mahjong):
            words.append("calls Mahjong")
            flush(p)
            assert before_hand is not None
            hand, exposures, points = before_hand
            top = best(hand, exposures) if points >= 0 else None
            if top is not None and ev.points:
                groups = [[b.face] * (b.size - b.jokers) + [Card(12)] * b.jokers
                          for b in top.blocks] or [sorted(hand)]
                blocks.append(Paragraph(f"The winning hand: {top.describe().split(';')[0]}",
                                        size=8.5, font="bold"))
                blocks.append(cards_figure(groups, card_w=6.5,
                                           labels=[BLOCK_NAMES[b.size] for b in top.blocks]))
                rows = tuple((name, f"+{pts}") for name, pts in
                             _points_rows(match, ev.player, top))
                blocks.append(Table(("bonus", "points"), rows, widths=(5, 1), size=8))
        elif isinstance(ev, RoundEnd):
            blocks.append(Paragraph(f"Round over: {ev.reason}; {names[0]} +{ev.scores[0]}, "
                                    f"{names[1]} +{ev.scores[1]}. Score "
                                    f"{match.seats[0].score}-{match.seats[1].score}.",
                                    size=9, font="bold"))
    result = match.result()
    blocks.append(Paragraph(f"Final score {result['scores'][0]}-{result['scores'][1]}: "
                            f"{summary(log, result).split(': ')[-1]}. Every event was "
                            "checked by the rules engine as the match was replayed.",
                            size=10, font="bold"))
    return Document("Mint Tin Mahjong: worked example", paper, tuple(blocks))


def _points_rows(match, p: int, top) -> list[tuple[str, int]]:
    rows = list(top.points)
    seat = match.seats[p]
    if seat.jokers_discarded and not match._joker_block():
        rows.append((f"Jokers discarded x{seat.jokers_discarded}", seat.jokers_discarded))
    if not seat.melds or (len(seat.melds) == 1 and seat.melds[0] is match.called_this_turn):
        rows.append(("Concealed", 1))
    return rows


__all__ = ["play", "replay", "worked_example"]
