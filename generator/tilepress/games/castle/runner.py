"""Dragon Castle for 2 to 4 bots: played into a log, replayed, and explained on paper."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tilepress.documents.model import Block, Box, Document, Grid, Heading, Paragraph, Section, Table
from tilepress.draw.canvas import Paper
from tilepress.engine.log import GameLog, replay_through
from tilepress.engine.rules import play_out
from tilepress.errors import RequestError
from tilepress.games.castle.bots import Planner
from tilepress.games.castle.options import default_castle_tiles
from tilepress.games.castle.pictures import floors_figure, turn_figure
from tilepress.games.castle.record import record
from tilepress.games.castle.rules import (
    GAME,
    Build,
    CastleGame,
    CastleOptions,
    Consolidate,
    Discard,
    EndTurn,
    NoRoom,
    Setup,
    Shrine,
    Summon,
    Take,
    TakeSecond,
    TakeShrine,
    cell_index,
)
from tilepress.layouts.castle import Castle, generate_castle, parse_castle
from tilepress.layouts.files import find_castle
from tilepress.params import params_dict


def central_castle(options: CastleOptions, rng: random.Random) -> Castle:
    """The castle named by the options (built in, or read from its .castle file), or a
    new one shaped for the set and players."""
    if options.layout == "generate":
        tiles = default_castle_tiles(len(options.set_of_tiles()), options.players)
        return generate_castle(tiles, rng, symmetric=True, name="generated")
    return find_castle(options.layout)


def new_state(options: CastleOptions) -> CastleGame:
    """A game before its castle is set up."""
    return CastleGame(options)


def chance_event(game: CastleGame, rng: random.Random) -> Setup:
    """The chance event: the central castle (loaded, or generated) dealt from the set."""
    options = game.options
    castle = central_castle(options, rng)
    supply = list(options.set_of_tiles().tiles)
    if len(castle) > len(supply):
        raise RequestError(f"castle {castle.name!r} needs {len(castle)} tiles; the "
                           f"{options.tileset} set has {len(supply)}")
    return Setup(castle.to_text(), tuple(rng.sample(supply, len(castle))))


def play(options: CastleOptions, seed: int | str, bots: Sequence | None = None) -> GameLog:
    """A whole game between ``bots`` (planners unless given)."""
    bots = list(bots) if bots else [Planner() for _ in range(options.players)]
    if len(bots) != options.players:
        raise RequestError(f"{options.players} players need {options.players} bots, not "
                           f"{len(bots)}")
    rng = random.Random(f"tilepress:{GAME}:{seed}")
    game = new_state(options)
    events = play_out(game, bots, rng, chance_event)
    return GameLog(GAME, params_dict(options), seed, tuple(events), game.result(),
                   tuple(getattr(b, "name", "bot") for b in bots))


def replay(log: GameLog) -> dict[str, Any]:
    """Apply every event of ``log`` through the rules; raise at the first illegal one."""
    return replay_through(CastleGame(log.options_as(CastleOptions)), log)


def summary(log: GameLog, result: Mapping[str, Any]) -> str:
    winners = ", ".join(f"player {w}" for w in result["winners"])
    return (f"{len(result['scores'])} players, {result['turns']} turns; scores "
            f"{'-'.join(map(str, result['scores']))}; won by {winners}")


# ---------------------------------------------------------------------------
# The worked example
# ---------------------------------------------------------------------------


def _tops(game: CastleGame) -> dict:
    tops: dict[tuple[int, int], tuple] = {}
    for i, p in enumerate(game.layout.positions):
        if game.remaining >> i & 1:
            key = (p.y // 2 + 1, p.x // 2 + 1)
            if key not in tops or tops[key][1] <= p.z + 1:
                tops[key] = (game.tiles[i], p.z + 1)
    return tops


def _where(at) -> str:
    return f"row {at[0]}, column {at[1]}" + (f", floor {at[2]}" if len(at) > 2 else "")


def worked_example(log: GameLog, paper: Paper, *, full: bool = False) -> Document:
    """The game told for a learner (:func:`.example.teach`): a summary, every turn as a
    row, the turns that matter drawn. With ``full``, every turn in words with the central
    castle and every player's castle drawn after it."""
    if not full:
        from tilepress.games.castle.example import teach

        return Document("Dragon Castle: worked example", paper,
                        (Section("Dragon Castle"), *teach(log, paper)))
    return every_turn(log, paper)


def every_turn(log: GameLog, paper: Paper) -> Document:
    """Every turn in words (each choice with its reason), then the central castle and
    each player's castle as they stand after it."""
    options = log.options_as(CastleOptions)
    game = CastleGame(options)
    names = [f"Player {k + 1}" + (f" ({b})" if b else "")
             for k, b in enumerate(log.players or [""] * options.players)]
    blocks: list[Block] = [Section("Dragon Castle"), Heading("Dragon Castle: a worked example")]
    words: list[str] = []
    taken: list[tuple[int, int]] = []
    fresh: dict[int, list[int]] = {}
    for ev in log.events:
        game.apply(ev)
        p = getattr(ev, "player", 0)
        if isinstance(ev, Setup):
            castle = parse_castle(ev.castle)
            blocks += [
                Paragraph(f"{options.players} players, the {options.tileset} tile set, the "
                          f"castle {options.layout!r} ({len(castle)} tiles on "
                          f"{len(castle.floors)} floors), {game.pool} shrines in the pool, "
                          f"seed {log.seed}. A tile can be taken when nothing lies on it and "
                          "its left or right side is clear; takes come from the top floor. "
                          "Numbers in red discs are stack heights; red outlines mark the "
                          "tiles taken and built this turn; black discs are shrines.", size=9),
                Heading("The castle as dealt, floor by floor", level=3),
                floors_figure(castle, tiles={game.place_of(i): t
                                             for i, t in enumerate(ev.tiles)},
                              max_height=90.0),
            ]
        elif isinstance(ev, Take):
            taken.append(ev.at[:2])
            words.append(f"takes {ev.tile} from {_where(ev.at)} ({ev.reason})")
        elif isinstance(ev, TakeSecond):
            taken.append(ev.at[:2])
            words.append(f"and its twin from {_where(ev.at)}")
        elif isinstance(ev, TakeShrine):
            words.append("and a shrine for the reserve")
        elif isinstance(ev, Discard):
            words.append("and discards it: +1")
        elif isinstance(ev, Summon):
            words.append(f"summons the Elder Dragon: +2 ({ev.reason})")
        elif isinstance(ev, Build):
            fresh.setdefault(p, []).append(cell_index(ev.at))
            words.append(f"builds {ev.tile} on {_where(ev.at)} ({ev.reason})")
        elif isinstance(ev, NoRoom):
            words.append(f"has no room for {ev.tile}: it goes back to the box")
        elif isinstance(ev, Consolidate):
            words.append(f"flips {len(ev.cells)} {ev.kind}: +{ev.points}")
        elif isinstance(ev, Shrine):
            words.append(f"builds a shrine on {_where(ev.at)}: +{ev.points}")
        elif isinstance(ev, EndTurn):
            if ev.reason:
                words.append(f"ends the turn ({ev.reason})")
            picture = turn_figure(game.castle, _tops(game), [me.copy() for me in game.players],
                                  names, taken=taken, fresh=fresh)
            blocks.append(Grid((Box((Paragraph(f"{names[p]} " + "; ".join(words) + ".",
                                               size=8.5), picture),
                                    number=str(game.turn), title=f"Turn {game.turn}"),)))
            words, taken, fresh = [], [], {}
    result = game.result()
    rows = tuple((names[p], str(points), str(down), str(shrines))
                 for p, points, down, shrines in game.standings())
    winners = " and ".join(f"Player {w}" for w in result["winners"])
    blocks += [Heading("Final scores", level=2),
               Table(("player", "points", "face-down stacks", "shrines"), rows,
                     widths=(4, 1.5, 2.5, 1.5), size=9),
               Paragraph(f"{winners} win{'s' * (len(result['winners']) == 1)}. Ties go to the "
                         "most stacks topped by a face-down tile, then the most shrines. Every "
                         "move was checked by the rules engine as the game was replayed.",
                         size=10, font="bold")]
    return Document("Dragon Castle: worked example", paper, tuple(blocks))


EXAMPLE_GAMES = 50
"""Games searched for the rulebook's example turn."""


def rulebook_example() -> tuple[str, list[Block]]:
    """The rulebook's example, and how it was chosen: in games between four planners
    with the standard options (seeds 1, 2, ...), the first turn in which a player takes
    a tile and its twin, flips a group of five or more and crowns it with a shrine above
    the ground floor; the player's castle before and after it."""
    from tilepress.games.castle.example import before_after, replay_turns, sentence

    options = CastleOptions()
    for seed in range(1, EXAMPLE_GAMES + 1):
        told = replay_turns(play(options, seed))
        for turn in told.turns:
            flips = turn.of(Consolidate)
            if turn.of(TakeSecond) and any(len(ev.cells) >= 5 for ev in flips) and \
                    any(ev.points >= 2 for ev in turn.of(Shrine)):
                name = f"Player {turn.player + 1}"
                criterion = (f"The first turn, in games between four computer players with "
                             f"the standard rules, in which a player takes a tile and its "
                             f"twin, flips a group of five or more and crowns it with a "
                             f"shrine above the ground floor: game {seed}, turn "
                             f"{turn.number}.")
                return criterion, [
                    Paragraph(sentence(turn, name), size=10),
                    before_after(turn),
                    Paragraph(f"{name} scores {turn.points} points this turn, "
                              f"{turn.score} in all. The tiles built this turn are outlined "
                              "in red; numbers in red discs are stack heights, and the black "
                              "disc is the shrine.", size=9),
                ]
    raise AssertionError("no game shows a pair taken, a group of five flipped and "
                         "crowned")  # pragma: no cover


__all__ = ["central_castle", "chance_event", "every_turn", "new_state", "play", "record",
           "replay", "rulebook_example", "worked_example"]
