"""Dragon Castle's state kept up to date move by move (for speed) is the state worked out
again from scratch: the central castle's open tiles and top floor, the twins a take
leaves, and the planner's game unchanged by its planning."""

from __future__ import annotations

import copy
import random

import pytest

from generator.engine.solitaire import board_for
from generator.games.castle import runner
from generator.games.castle.bots import Planner, RandomBot
from generator.games.castle.central import bits, geometry
from generator.games.castle.rules import CastleGame, CastleOptions, Phase, Setup, Take
from generator.layouts.castle import generate_castle, tile_set


def _recomputed_open(g: CastleGame) -> int:
    mask = 0
    for i in board_for(g.layout).free_tiles(g.remaining):
        mask |= 1 << i
    return mask


def _recomputed_top(g: CastleGame) -> int:
    return max((g.floor_of[i] for i in bits(g.remaining)), default=0)


def _recomputed_twins(g: CastleGame, i: int) -> list[int]:
    left = g.remaining & ~(1 << i)
    board = board_for(g.layout)
    return [j for j in range(len(g.tiles)) if j != i and left >> j & 1
            and g.tiles[j].kind == g.tiles[i].kind and board.is_free(left, j)]


def test_bits_lists_a_mask_lowest_first() -> None:
    assert bits(0) == []
    assert bits(0b101001) == [0, 3, 5]
    assert bits(1 << 140 | 2) == [1, 140]


@pytest.mark.parametrize("seed", range(12))
def test_open_tiles_kept_by_taking_are_open_tiles_recomputed(seed: int) -> None:
    rng = random.Random(seed)
    castle = generate_castle(60, rng, floors=4)
    g = CastleGame(CastleOptions(players=2))
    g.apply(Setup(castle.to_text(), tuple(rng.sample(tile_set("recommended").tiles, 60))))
    while g.remaining:
        assert g.open == _recomputed_open(g)
        assert g.top_floor == _recomputed_top(g)
        for i in g.open_tiles():
            assert bits(g.twins_after(i)) == _recomputed_twins(g, i)
        g._remove(rng.choice(g.open_tiles()))
    assert g.open == 0 and g.top_floor == 0


def test_the_geometry_of_a_castle_is_made_once_and_shared() -> None:
    text = generate_castle(40, random.Random(3), floors=3).to_text()
    assert geometry(text) is geometry(text)
    shape = geometry(text)
    # taking a tile may open exactly the tiles it lies on or flanks
    for i in range(len(shape.places)):
        board = shape.board
        touched = {j for j in range(len(shape.places))
                   if (board.over[j] | board.left[j] | board.right[j]) >> i & 1}
        assert set(shape.frees[i]) == touched


@pytest.mark.parametrize("seed", range(6))
def test_games_played_keep_the_state_a_replay_rebuilds(seed: int) -> None:
    options = CastleOptions()
    bots = [Planner(), RandomBot(), Planner(), RandomBot()]
    log = runner.play(options, seed, bots)
    g = CastleGame(options)
    for ev in log.events:
        g.apply(ev)
        if g.tiles:
            assert g.open == _recomputed_open(g)
            assert g.top_floor == _recomputed_top(g)
    assert g.result() == runner.replay(log)


def test_a_copy_of_a_game_moves_on_alone() -> None:
    g = runner.new_state(CastleOptions())
    g.apply(runner.chance_event(g, random.Random(5)))
    other = copy.deepcopy(g)
    i = g.takeable()[0]
    g.apply(Take(0, g.places[i], g.tiles[i]))
    assert other.phase is Phase.TAKE and other.remaining >> i & 1 and other.open >> i & 1
    assert other.open == _recomputed_open(other)
