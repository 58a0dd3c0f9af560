"""Every game's rules list the actions legal in a position: random play through those
lists never meets an action the rules refuse, every listed action applies, and the bots
only ever choose actions the rules allow."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tilepress.engine.rules import LegalActions, Rules, plain, play_out
from tilepress.games import GAMES

PLAYED = [(game, variant) for game in GAMES if game.playable
          for variant in (None, *game.variants)]
IDS = [variant or game.name for game, variant in PLAYED]


def _start(game, variant, seed: int):
    runner = game.module("runner")
    assert hasattr(runner, "new_state"), f"{game.name} is not on the rules-engine base"
    options = game.options_from({})
    extra = dict(game.variants[variant]) if variant else {}
    state = runner.new_state(options, **extra)
    return runner, state


def _walk(runner, state: Rules, rng: random.Random, choose, limit: int = 20_000) -> int:
    """Play to the end; ``choose(state, legal)`` picks each decision. Returns the steps."""
    steps = 0
    while not state.over:
        steps += 1
        assert steps < limit, "the game does not end"
        ev = state.forced()
        if ev is None:
            if state.phase in state.CHANCE:
                ev = runner.chance_event(state, rng)
            else:
                legal = state.legal_actions()
                assert legal, f"nobody can move at {state.phase!r}"
                ev = choose(state, legal)
        state.apply(ev)
    return steps


@pytest.mark.parametrize(("game", "variant"), PLAYED, ids=IDS)
@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_through_the_legal_actions(game, variant, seed: int) -> None:
    runner, state = _start(game, variant, seed)
    rng = random.Random(seed)

    def choose(state: Rules, legal: list) -> object:
        assert len({plain(a) for a in legal}) == len(legal), "an action is listed twice"
        for action in rng.sample(legal, min(2, len(legal))):
            trial = copy.deepcopy(state)
            trial.apply(action)  # every legal action applies
        return rng.choice(legal)

    _walk(runner, state, rng, choose)
    assert state.result()


@pytest.mark.parametrize(("game", "variant"), PLAYED, ids=IDS)
def test_bots_choose_only_legal_actions(game, variant) -> None:
    for seed in range(3):
        runner, state = _start(game, variant, seed)
        rng = random.Random(seed)
        names = game.bot_names()
        play = game.play_options_from(dict(game.variants[variant]) if variant else {})
        bots = [game.make_bot(names[(seed + k) % len(names)])
                for k in range(game.seats(state.options, play))]

        def choose(state: Rules, legal: list, bots=bots, rng=rng) -> object:
            picked = bots[state.to_move].choose(state, legal, rng)
            assert state.is_legal(picked), f"{picked} is not legal at {state.phase!r}"
            return picked

        _walk(runner, state, rng, choose)


class _Counting:
    """A position whose legal actions are counted each time the rules list them."""

    def __init__(self, actions: list) -> None:
        self.listed = 0
        self._actions = actions

    def legal_actions(self) -> list:
        self.listed += 1
        return list(self._actions)


def test_legal_actions_are_listed_once_and_only_when_a_bot_looks() -> None:
    position = _Counting(["a", "b", "c"])
    unseen = LegalActions(position)  # type: ignore[arg-type]
    assert position.listed == 0, "listed before any bot looked"
    seen = LegalActions(position)  # type: ignore[arg-type]
    assert random.Random(5).choice(seen) == random.Random(5).choice(["a", "b", "c"])
    assert "b" in seen and list(seen) == ["a", "b", "c"] and seen[-1] == "c"
    assert len(seen) == 3 and position.listed == 1
    del unseen


@pytest.mark.parametrize(("game", "variant"), PLAYED, ids=IDS)
def test_played_games_are_the_games_stepped_through_the_rules(game, variant) -> None:
    """play_out (legal actions listed lazily, the rules' own events played unchecked)
    gives the same events as stepping through ``apply`` with every list made up front."""
    seed = 11
    runner, state = _start(game, variant, seed)
    names = game.bot_names()
    play = game.play_options_from(dict(game.variants[variant]) if variant else {})
    seats = game.seats(state.options, play)
    bots = [game.make_bot(names[k % len(names)]) for k in range(seats)]
    played = play_out(state, bots, random.Random(seed), runner.chance_event)
    _, stepped = _start(game, variant, seed)
    rng, events = random.Random(seed), []
    twins = [game.make_bot(names[k % len(names)]) for k in range(seats)]

    def choose(state: Rules, legal: list) -> object:
        return twins[state.to_move].choose(state, legal, rng)

    while not stepped.over:
        ev = stepped.forced()
        if ev is None:
            ev = (runner.chance_event(stepped, rng) if stepped.phase in stepped.CHANCE
                  else choose(stepped, stepped.legal_actions()))
        stepped.apply(ev)
        events.append(ev)
    assert played == events  # reasons included
    assert stepped.result() == state.result()
