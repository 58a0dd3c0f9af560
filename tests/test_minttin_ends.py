"""Every Mint Tin match ends by its rules (issue 35): a round ends when the deck runs
out, a turn cannot repeat a Mahjong taken back or undo a joker swap (rulings 10 and 12),
and a match that nobody wins ends at the round limit (ruling 20) -- for bots that never
complete a hand, and for a bot that tries every legal action."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tilepress.games import find_game
from tilepress.games.minttin.rules import Call, Discard, Draw, Mahjong, Phase, Swap

GAME = find_game("minttin")


def play(options: dict, play_options: dict, seed: int):
    return GAME.play(GAME.options_from(options), GAME.play_options_from(play_options), seed)


def check_ended_by_the_rules(log, target: int = 7, limit: int = 200) -> None:
    """The result is the rules' (replayed), and the match ended as the rules end one:
    the target reached, an Epic Hand, or the round limit with the higher score winning."""
    result = GAME.replay(log)
    scores, rounds = result["scores"], result["rounds"]
    assert rounds <= limit
    if rounds == limit and max(scores) < target:
        assert result["winner"] == (None if scores[0] == scores[1] else
                                    scores.index(max(scores)))
    else:
        assert max(scores) >= target or "Epic Hand" in str(log.events[-1])


@pytest.mark.parametrize("first", [1, 6, 11, 16, 21])
def test_friendly_random_matches_of_25_seeds_all_end(first: int) -> None:
    """tilepress play minttin --friendly --bots random, seeds 1 to 25: before issue 35, 8
    of them stopped at the runner's guard of 50,000 events (some 1,000 wall games)."""
    for seed in range(first, first + 5):
        log = play({"miscall_penalty": False}, {"bots": "random"}, seed)
        check_ended_by_the_rules(log)


def test_the_cli_plays_a_friendly_random_match_to_its_end(cli, tmp_path) -> None:
    out = tmp_path / "m.jsonl"
    r = cli("play", "minttin", "--friendly", "--bots", "random", "--seed", "1", "-o", out)
    assert r.code == 0 and "200 rounds" in r.out, r
    assert cli("replay", out).code == 0


def test_the_round_limit_ends_a_match_and_is_checked_on_replay(cli, tmp_path) -> None:
    log = play({"round_limit": 3, "target": 14}, {}, 5)
    check_ended_by_the_rules(log, target=14, limit=3)
    assert log.result["rounds"] == 3 and log.options["round-limit"] == 3
    out = tmp_path / "m.jsonl"
    out.write_text(log.to_jsonl())
    assert cli("replay", out).code == 0
    longer = log.to_jsonl().replace('"round-limit": 3', '"round-limit": 4', 1)
    out.write_text(longer)
    r = cli("replay", out)  # the log ends where a 4-round match goes on
    assert r.code == 1 and "the log ends before the game does" in r.err, r
    r = cli("play", "minttin", "--round-limit", "0", "-o", tmp_path / "x.jsonl")
    assert r.code == 2 and "round-limit must be from 1 to 1,000" in r.err, r


class AnyLegal:
    """Plays any legal action at random -- miscalls, swaps both ways, doubles, calls --
    and checks, from what it played itself, that a turn never offers a Mahjong taken
    back again or a swap that undoes one of the turn's."""

    name = "any"

    def __init__(self) -> None:
        self.turn: list = []
        self.at: tuple = ()
        self.seen: Counter = Counter()

    def choose(self, match, legal, rng: random.Random):
        actions = list(legal)
        at = (match.round, len(match.wall), match.to_move)  # a draw or a deal moves on
        if match.phase not in (Phase.ACT, Phase.PAIR_CALLED) or at != self.at:
            self.turn = []
        self.at = at
        for done in self.turn:
            if isinstance(done, Mahjong):
                assert Mahjong(done.player, 0) not in actions
                self.seen["miscall refused again"] += 1
            if isinstance(done, Swap):
                undo = Swap(done.player, done.owner, done.face, not done.give_joker)
                assert undo not in actions, (done, actions)
                self.seen["undo refused"] += 1
        ev = rng.choice(actions)
        if isinstance(ev, Draw | Call | Discard):
            self.turn = []
        elif isinstance(ev, Mahjong | Swap):
            self.turn.append(ev)
        self.seen[type(ev).__name__] += 1
        return ev


VARIANTS = [({"miscall_penalty": False}, False), ({}, False), ({"target": 14}, False),
            ({"jokers": "all", "passing": True, "miscall_penalty": False}, False),
            ({"jokers": "backs", "joker_blocks": True}, False),
            ({"miscall_penalty": False}, True), ({"joker_block": True, "dead_hand": 0}, True)]


@pytest.mark.parametrize(("options", "solo"), VARIANTS)
def test_every_variant_ends_whatever_legal_actions_are_played(options, solo) -> None:
    from tilepress.games.minttin.runner import play as play_match

    bots = [AnyLegal(), AnyLegal()]
    seen: Counter = Counter()
    for seed in range(1, 4):
        log = play_match(GAME.options_from({**options, "round_limit": 40}), seed,
                         bots[:1] if solo else bots, solo=solo)
        check_ended_by_the_rules(log, target=options.get("target", 7), limit=40)
    for bot in bots:
        seen += bot.seen
    assert seen["Discard"] and seen["Mahjong"]
    if not options.get("miscall_penalty", True):
        assert seen["miscall refused again"]


def test_swaps_are_not_undone_in_a_turn() -> None:
    from tilepress.games.minttin.runner import play as play_match

    bots = [AnyLegal(), AnyLegal()]
    for seed in range(1, 6):
        play_match(GAME.options_from({"jokers": "all", "miscall_penalty": False,
                                      "round_limit": 30}), seed, bots)
    seen = bots[0].seen + bots[1].seen
    assert seen["Swap"] and seen["undo refused"], seen
