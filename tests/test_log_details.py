"""What logs and puzzle files say (issue 35.7): an American call for Mah Jongg shows the
whole group the discard completes, a win after redeeming another player's joker is
named so (paid as self-drawn), a waits decoy carries every field of a waits answer --
and files written before, which said less, still replay and verify."""

from __future__ import annotations

import json
from functools import cache

import pytest

from tilepress.errors import IllegalActionError
from tilepress.games import find_game, find_kind, read_log
from tilepress.games.american.card import matches
from tilepress.games.american.rules import Call, Claims, Draw, MahJong, Redeem
from tilepress.puzzles.base import PuzzleSet, generate_set, verify_set

AMERICAN = find_game("american")


@cache
def american(seed: int):
    return AMERICAN.play(AMERICAN.options_from({}), AMERICAN.play_options_from({}), seed)


def replayed(lines: list[str]) -> dict:
    log = read_log("\n".join(lines), source="g.jsonl")
    return AMERICAN.replay(log)


def test_a_call_for_mahjong_shows_the_whole_group() -> None:
    """Replayed to the declaration: the called tile and the tiles shown are exactly the
    declared hand's pung, kong or quint of that face (its like tiles, jokers for the
    rest)."""
    from tilepress.games.american.card import face_of

    checked = 0
    for seed in range(1, 16):
        log = american(seed)
        game = AMERICAN.module("runner").new_state(log.options_as(AMERICAN.options))
        call = None
        for ev in log.events:
            if isinstance(ev, MahJong) and call is not None and call.player == ev.player:
                req = next(m.requirement for m in matches(game.card, game.hands[ev.player],
                                                          game.exposures(ev.player))
                           if m.hand.id == ev.hand)
                face = face_of(call.tile)
                size = next(n for f, n, jokerable in req.groups if f == face and jokerable)
                shown = (call.tile, *call.tiles)
                assert len(shown) == size, (seed, call, ev.hand)
                assert all(t.is_joker or face_of(t) == face for t in shown), (seed, call)
                checked += 1
            call = ev if isinstance(ev, Call) else None if not isinstance(ev, Draw) else call
            game.apply(ev)
    assert checked >= 5


def test_a_call_for_mahjong_showing_tiles_outside_the_group_is_illegal() -> None:
    from tilepress.games.american.card import face_of

    for seed in range(1, 16):
        log = american(seed)
        lines = log.to_jsonl().splitlines()
        game = AMERICAN.module("runner").new_state(log.options_as(AMERICAN.options))
        for k, ev in enumerate(log.events, start=2):  # line 1 is the header
            if isinstance(ev, Call) and isinstance(log.events[k - 1], MahJong):
                replayed(lines)
                call = json.loads(lines[k - 1])
                older = {**call, "tiles": call["tiles"][:2]}  # one like tile, as before
                replayed([*lines[:k - 1], json.dumps(older), *lines[k:]])
                other = next(t for t in game.hands[ev.player]
                             if not t.is_joker and face_of(t) != face_of(ev.tile))
                forged = {**call, "tiles": call["tiles"] + str(other)}  # held, no group's
                with pytest.raises(IllegalActionError,
                                   match=f"line {k}: call: a call for Mah Jongg shows the "
                                         "group the discard completes"):
                    replayed([*lines[:k - 1], json.dumps(forged), *lines[k:]])
                return
            game.apply(ev)
    pytest.fail("no call for Mah Jongg in 15 games")


def _redeemed_after_a_draw():
    """A game won after drawing and then redeeming another player's joker."""
    for seed in range(1, 60):
        log = american(seed)
        events = log.events
        k = next((i for i, ev in enumerate(events) if isinstance(ev, MahJong)), None)
        if k is None:
            continue
        turn = []
        j = k - 1
        while not isinstance(events[j], Draw | Claims | Call):
            turn.append(events[j])
            j -= 1
        if isinstance(events[j], Draw) and any(
                isinstance(t, Redeem) and t.owner != t.player for t in turn):
            return log
    pytest.fail("no win after a draw and a redemption in 60 games")


def test_a_win_after_redeeming_a_joker_is_named_so_and_paid_as_self_drawn() -> None:
    log = _redeemed_after_a_draw()
    outcome = log.result["outcome"]
    assert outcome.endswith(" by redeeming a joker"), outcome
    value = int(outcome.split(", ")[1].split(" ")[0])
    winner = log.result["winner"]
    jokerless = ", jokerless" in outcome
    each = (4 if jokerless else 2) * value
    assert log.result["payments"] == [3 * each if p == winner else -each for p in range(4)]
    lines = log.to_jsonl().splitlines()
    replayed(lines)
    older = [line.replace(" by redeeming a joker", ", self-drawn") for line in lines]
    assert replayed(older)["outcome"] == outcome  # the label before issue 35 replays
    forged = [line.replace(" by redeeming a joker", " on a discard") for line in lines]
    with pytest.raises(IllegalActionError, match=r"end: the game ends: .* by redeeming a joker, "
                                                 r"not .* on a discard"):
        replayed(forged)


def test_a_waits_decoy_has_every_field_of_a_waits_answer() -> None:
    kind = find_kind("waits")
    puzzles = generate_set(kind, kind.params_type(tiles=7, decoys=3), count=5, seed=2)
    ready = [p for p in puzzles.puzzles if p.answer["ready"]]
    decoys = [p for p in puzzles.puzzles if not p.answer["ready"]]
    assert ready and len(decoys) == 3
    documented = {"ready", "waits", "tiles_left", "winning_hands", "readings"}
    for puzzle in ready:
        assert set(puzzle.answer) == documented
    for puzzle in decoys:
        assert set(puzzle.answer) == documented | {"shanten"}
        assert puzzle.answer["tiles_left"] == {} and puzzle.answer["shanten"] >= 1
    assert verify_set(puzzles, kind) == []
    data = puzzles.as_dict()
    for puzzle in data["puzzles"]:  # as written before issue 35
        if not puzzle["answer"]["ready"]:
            for key in ("tiles_left", "winning_hands", "readings"):
                del puzzle["answer"][key]
    assert verify_set(PuzzleSet.from_json(json.dumps(data), source="old.json"), kind) == []
    data["puzzles"][-1]["answer"]["tiles_left"] = {"1m": 1} if not \
        data["puzzles"][-1]["answer"]["ready"] else {"9z": 1}
    assert verify_set(PuzzleSet.from_json(json.dumps(data), source="x.json"), kind)
