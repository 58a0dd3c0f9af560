"""Dragon Castle's state kept up to date move by move (for speed) is the state worked out
again from scratch: the central castle's open tiles and top floor, the twins a take
leaves, a player's castle kept as bit masks, and the planner's surveys."""

from __future__ import annotations

import ast
import copy
import importlib
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tilepress.engine.rules import plain
from tilepress.engine.solitaire import board_for
from tilepress.games.castle import runner
from tilepress.games.castle.board import CELLS, ORTHOGONAL, PlayerCastle, bits, kind_of
from tilepress.games.castle.bots import Planner, RandomBot
from tilepress.games.castle.central import geometry
from tilepress.games.castle.rules import CastleGame, CastleOptions, Phase, Setup, Take
from tilepress.games.castle.survey import Survey, grow_value, lone_value
from tilepress.layouts.castle import generate_castle, tile_set
from tilepress.tiles import Tile


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
            assert g.has_twin_after(i) == bool(_recomputed_twins(g, i))
        assert g.takes_with_twins() == [(i, bool(_recomputed_twins(g, i)))
                                        for i in g.takeable()]
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
        assert set(shape.frees[i]) == touched == set(bits(shape.opens[i]))


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


# -- a player's castle as bit masks --------------------------------------------------


def _groups_by_search(me: PlayerCastle) -> list[tuple[str, list[int]]]:
    """Groups found cell by cell, as the masks' flood fill must find them."""
    kinds = [kind_of(me.stacks[i][-1]) if me.is_up(i) else None for i in range(CELLS)]
    seen: set[int] = set()
    out = []
    for i in range(CELLS):
        if i in seen or kinds[i] is None:
            continue
        members, todo = {i}, [i]
        while todo:
            j = todo.pop()
            for n in ORTHOGONAL[j]:
                if n not in members and kinds[n] == kinds[i]:
                    members.add(n)
                    todo.append(n)
        seen |= members
        out.append((kinds[i], sorted(members)))
    return out


def _buildable_by_rule(me: PlayerCastle) -> list[int]:
    out = []
    for i in range(CELLS):
        stack = me.stacks[i]
        if stack:
            if not me.is_up(i) and not me.has_shrine(i):
                out.append(i)
        elif not any(me.stacks) or any(me.stacks[j] for j in range(CELLS)
                                       if j != i and abs(j // 6 - i // 6) <= 1
                                       and abs(j % 6 - i % 6) <= 1):
            out.append(i)
    return out


@pytest.mark.parametrize("seed", range(25))
def test_a_castle_kept_as_masks_answers_as_its_stacks_do(seed: int) -> None:
    rng = random.Random(seed)
    faces = [Tile(t) for t in ("1m", "5m", "2p", "3s", "1z", "5z", "7z")]
    me = PlayerCastle()
    undo: list[tuple[int, bool]] = []
    for _ in range(rng.randrange(20, 120)):
        move = rng.random()
        i = rng.randrange(CELLS)
        if move < 0.5:
            undo.append((i, me.is_up(i)))
            me.add(i, rng.choice(faces))
        elif move < 0.65 and undo:
            me.remove(*undo.pop())
        elif move < 0.9:
            me.flip(i)
            undo.clear()
        elif me.stacks[i]:
            me.crown(i)
        assert me.groups() == _groups_by_search(me)
        assert me.buildable() == _buildable_by_rule(me)
        assert me.has_room() == bool(_buildable_by_rule(me))
        assert me.built == sum(map(len, me.stacks))
        assert me.heights == [len(s) for s in me.stacks]
        copied = me.copy()
        assert copied.groups() == me.groups() and copied.up == me.up
    assert me.face_down_tops() == sum(1 for i in range(CELLS) if me.stacks[i]
                                      and not me.is_up(i) and not me.has_shrine(i))
    assert me.shrines() == sum(me.shrine)


def test_a_lone_tile_is_worth_the_same_looked_up() -> None:
    for height in range(70):
        for roomy in (False, True):
            assert lone_value(height, roomy) == grow_value(1, 0, 0, height, roomy)


def _decisions(seed: int) -> Iterator[tuple[CastleGame, random.Random]]:
    """A game with the default options dealt from ``seed``, at each decision in turn (the
    caller applies its event); the rules' own events are applied here."""
    g = runner.new_state(CastleOptions())
    rng = random.Random(seed)
    g.apply(runner.chance_event(g, rng))
    while not g.over:
        forced = g.forced()
        if forced is not None:
            g.apply(forced)
            continue
        yield g, rng


@pytest.mark.parametrize("seed", range(4))
def test_the_planners_every_choice_is_one_the_rules_list(seed: int) -> None:
    bots = [Planner() for _ in range(CastleOptions().players)]
    for g, rng in _decisions(seed):
        legal = g.legal_actions()
        ev = bots[g.current].choose(g, legal, rng)
        assert plain(ev) in [plain(a) for a in legal]
        g.apply(ev)


# -- the planner's survey kept up to date --------------------------------------------

def _random_castle(rng: random.Random) -> PlayerCastle:
    """A castle grown by legal builds of random types, its large groups flipped."""
    faces = [Tile(t) for t in ("1m", "2p", "3s", "1z", "5z")]
    me = PlayerCastle()
    for _ in range(rng.randrange(0, 40)):
        cells = me.buildable()
        if not cells:
            break
        me.add(rng.choice(cells), rng.choice(faces))
        for _, group in me.groups():
            if len(group) >= 4:
                for i in group:
                    me.flip(i)
                if rng.random() < 0.4:
                    me.crown(group[-1])
    return me


_TILES = {"myriads": Tile("1m"), "coins": Tile("2p"), "winds": Tile("1z"),
          "dragons": Tile("5z")}
_SETTINGS = ((4, 0), (4, 2), (5, 1))
"""The smallest group that flips, and shrines in the reserve."""


@pytest.mark.parametrize("seed", range(40))
def test_a_survey_read_as_if_a_tile_were_built_is_the_survey_made_anew(seed: int) -> None:
    rng = random.Random(seed)
    me = _random_castle(rng)
    survey = Survey(me)
    for c in survey.cells:
        for kind, tile in _TILES.items():
            was_up = me.is_up(c)
            me.add(c, tile)
            fresh = Survey(me)
            me.remove(c, was_up)
            shortcuts = [survey.best_after(me.built, kind, c, smallest, shrines)
                         for smallest, shrines in _SETTINGS]
            if len(survey.merge(kind, c)[0]) > 1 or not me.built:
                assert shortcuts == [None] * 3
                continue
            for shortcut, (smallest, shrines) in zip(shortcuts, _SETTINGS, strict=True):
                assert shortcut == fresh.best(kind, smallest, shrines)
                for i in fresh.cells:
                    assert survey.words_after(kind, c, i, smallest, shrines) == \
                        fresh.words(kind, i, smallest, shrines)


@pytest.mark.parametrize("seed", range(3))
def test_a_planner_keeping_its_last_turn_plans_as_a_new_one_would(seed: int) -> None:
    bots = [Planner() for _ in range(CastleOptions().players)]
    for g, rng in _decisions(seed):
        if g.phase is Phase.TAKE:
            state = rng.getstate()
            fresh = Planner().choose(copy.deepcopy(g), g.legal_actions(), rng)
            rng.setstate(state)
        ev = bots[g.current].choose(g, g.legal_actions(), rng)
        if g.phase is Phase.TAKE:
            assert ev == fresh
        g.apply(ev)


@pytest.mark.parametrize("seed", range(4))
def test_a_planner_asked_mid_turn_plays_a_legal_rest_of_it(seed: int) -> None:
    # another bot took the tile: the planner weighs the second action and builds
    # without a plan of its own; the first planner's plan is for another position
    options = CastleOptions()
    g = runner.new_state(options)
    rng = random.Random(seed)
    g.apply(runner.chance_event(g, rng))
    stale = Planner()
    stale.choose(copy.deepcopy(g), g.legal_actions(), rng)  # a plan for a copy
    turns = 0
    while not g.over and turns < 40:
        forced = g.forced()
        if forced is not None:
            g.apply(forced)
            continue
        legal = g.legal_actions()
        if g.phase is Phase.TAKE:
            ev = RandomBot().choose(g, legal, rng)
            turns += 1
        else:
            ev = (stale if turns % 2 else Planner()).choose(g, legal, rng)
            assert plain(ev) in [plain(a) for a in legal]
        g.apply(ev)
    assert turns == 40


@pytest.mark.parametrize("name", ["board", "bots", "central", "events", "rules", "survey"])
def test_the_castle_rules_and_their_helpers_read_no_files(name: str) -> None:
    """The modules the rules and bots stand on do no I/O, as the rules and bots do."""
    module = importlib.import_module(f"tilepress.games.castle.{name}")
    text = Path(module.__file__ or "").read_text(encoding="utf-8")
    tree = ast.parse(text)
    names = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    names += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    banned = ("tilepress.output", "tilepress.files", "tilepress.resources",
              "tilepress.layouts.files", "tilepress.documents", "tilepress.draw", "pathlib")
    assert not [m for m in names if m.startswith(banned)]
    assert not re.findall(r"(?<![\w.])open\(|\.(?:read|write)_(?:text|bytes)\(", text)
