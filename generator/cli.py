"""The ``tilepress`` command: a thin layer over the library.

Each command reads its options, calls one library function and prints or writes the
result. Bad input of any kind ends in one line on stderr and exit status 2; ``verify``
and ``replay`` exit with 1 when they find something wrong.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from . import __version__
from .errors import TilepressError

app = typer.Typer(
    name="tilepress",
    help="Printable, verified content from the rules of mahjong-family games.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
analyze_app = typer.Typer(help="Analyse a hand with a rules engine.", no_args_is_help=True,
                          rich_markup_mode=None)
puzzle_app = typer.Typer(help="Generate puzzles with a solution key (.json, .svg or .pdf).",
                         no_args_is_help=True, rich_markup_mode=None)
play_app = typer.Typer(help="Play a whole game with bots: the event log (.jsonl) or a worked "
                       "example (.pdf, .svg).", no_args_is_help=True, rich_markup_mode=None)
app.add_typer(analyze_app, name="analyze")
app.add_typer(puzzle_app, name="puzzle")
app.add_typer(play_app, name="play")

# Options shared by several commands, defined once ------------------------------------

Seed = Annotated[int, typer.Option("--seed", help="Random seed: the same seed gives the same "
                                   "output, byte for byte.")]
Count = Annotated[int, typer.Option("--count", "-n", help="How many puzzles.")]
Paper = Annotated[str, typer.Option("--paper", help="Paper size: a4 or letter.")]
Json = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]
Difficulty = Annotated[str, typer.Option("--difficulty", "-d",
                                         help="easy, medium, hard, expert or any.")]
Suits = Annotated[str, typer.Option("--suits", help="one (a single suit) or mixed.")]
Suit = Annotated[str, typer.Option("--suit", help="Suit of one-suit hands: m, p, s or any.")]
Tiles = Annotated[int, typer.Option("--tiles", help="Hand size: 4, 7, 10 or 13.")]


def _output(kinds: str) -> Any:
    return typer.Option("--output", "-o", help=f"Where to write: {kinds}, chosen by the "
                        f"file's suffix.", show_default=True)


def _echo(text: str = "") -> None:
    typer.echo(text)


def _fail(message: str, code: int = 2) -> None:
    typer.echo(f"tilepress: error: {message}", err=True)
    raise typer.Exit(code)


# analyze ---------------------------------------------------------------------------


@analyze_app.command("waits")
def analyze_waits(
    hand: Annotated[str, typer.Argument(help="Tiles in MPSZ notation; declared kans in "
                                        "brackets: '123m456p [7777s] 11z'.")],
    visible: Annotated[str, typer.Option("--visible", help="Tiles seen elsewhere (discards), "
                                         "not counted as left.")] = "",
    json_out: Json = False,
) -> None:
    """Shanten, waits with tiles left and a winning decomposition for each; for a hand of
    3k+2 tiles, the discard table of a wait calculator.

    Example: tilepress analyze waits 1112345678999m
    """
    from .rules import standard
    from .tiles import parse_tiles

    analysis = standard.analyze(hand, visible=parse_tiles(visible) if visible else ())
    data = _analysis_dict(analysis)
    if json_out:
        _echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    _echo(_analysis_text(analysis))


@analyze_app.command("minttin")
def analyze_minttin(
    hand: Annotated[str, typer.Argument(help="Cards in hand: 1-9, DS DM DF, J; spaces "
                                        "optional ('11 444 555 666 DMDMDM').")],
    exposed: Annotated[list[str] | None, typer.Option(
        "--exposed", help="An exposed block, such as 444J (repeat for more).")] = None,
    concealed: Annotated[bool, typer.Option("--concealed", help="No exposures but the "
                                            "winning call: +1.")] = False,
    jokers_discarded: Annotated[int, typer.Option("--jokers-discarded", help="Jokers this "
                                                  "player discarded this round: +1 each.")] = 0,
    joker_blocks: Annotated[bool, typer.Option("--joker-blocks", help="Allow blocks of "
                                               "jokers only (not pairs).")] = False,
    json_out: Json = False,
) -> None:
    """Mint Tin Mahjong: every arrangement of 14 cards with its points, or for 13 cards
    every card that completes the hand and the best score with it.

    Example: tilepress analyze minttin "555 777 999J 111J" --jokers-discarded 1
    """
    from .rules import minttin

    data = minttin.analyze(hand, exposed or (), concealed=concealed,
                           jokers_discarded=jokers_discarded,
                           rules=minttin.MintTinRules(joker_blocks=joker_blocks))
    if json_out:
        _echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    for line in minttin.analysis_lines(data):
        _echo(line)


@analyze_app.command("american")
def analyze_american(
    hand: Annotated[str, typer.Argument(help="Tiles in MPSZ (craks m, bams s, dots p; winds "
                                        "1-4z, dragons 5z white 6z green 7z red; flowers "
                                        "1-8f; jokers 1j).")],
    exposed: Annotated[list[str] | None, typer.Option(
        "--exposed", help="An exposed pung, kong or quint, such as 555m1j (repeat).")] = None,
    card: Annotated[str, typer.Option("--card", help="A card file, or 'practice' (the "
                                      "shipped practice card).")] = "practice",
    json_out: Json = False,
) -> None:
    """American Mah Jongg: which hands on the card 14 tiles make, or which hands 13 tiles
    are nearest to and the tiles each still needs.

    Example: tilepress analyze american 2222m555s6666p88p1f1f
    """
    from .rules import american

    data = american.analyze(american.load_card(card), hand, exposed or ())
    if json_out:
        _echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    for line in american.analysis_lines(data):
        _echo(line)


def _tile_counts(items) -> list[dict[str, Any]]:
    return [{"tile": str(t), "left": n} for t, n in items]


def _analysis_dict(a) -> dict[str, Any]:
    data: dict[str, Any] = {"hand": str(a.hand), "tiles": len(a.hand.tiles),
                            "shanten": a.shanten, "forms": a.forms}
    if a.waits:
        data["waits"] = [{"tile": str(w.tile), "left": w.left, "hand": str(w.decomposition),
                          "form": w.decomposition.form} for w in a.waits]
        data["tiles_left"] = sum(w.left for w in a.waits)
    if a.improving:
        data["improving"] = _tile_counts(a.improving)
        data["tiles_left"] = sum(n for _, n in a.improving)
    if a.discards:
        data["discards"] = [{"discard": str(o.discard), "shanten": o.shanten,
                             "tiles": _tile_counts(o.tiles), "total": o.total}
                            for o in a.discards]
    if a.complete:
        data["complete"] = [{"form": d.form, "hand": str(d)} for d in a.complete]
    return data


def _shanten_words(level: int, tiles: int) -> str:
    if level == -1:
        return "complete"
    if level == 0:
        return "ready" if tiles % 3 == 1 else "ready after a discard"
    return f"{level} tile{'s' if level > 1 else ''} from ready"


def _analysis_text(a) -> str:
    n = len(a.hand.tiles)
    forms = ", ".join(f"{form} {value}" for form, value in a.forms.items())
    lines = [f"hand     {a.hand}  ({n} tiles)",
             f"shanten  {a.shanten}: {_shanten_words(a.shanten, n)}  [{forms}]"]
    if a.waits:
        total = sum(w.left for w in a.waits)
        lines.append(f"waits    {' '.join(str(w.tile) for w in a.waits)}  ({total} tiles left)")
        for w in a.waits:
            lines.append(f"  {w.tile!s:3} {w.left} left   {w.decomposition}")
    elif a.improving:
        total = sum(k for _, k in a.improving)
        lines.append(f"better   {' '.join(str(t) for t, _ in a.improving)}  ({total} tiles)")
    elif n % 3 == 1:
        lines.append("waits    none")
    if a.complete:
        for d in a.complete:
            lines.append(f"  {d.form}: {d}")
    for o in a.discards:
        label = "waits" if o.shanten == 0 else "better"
        tiles = " ".join(str(t) for t, _ in o.tiles)
        lines.append(f"discard {o.discard!s:3} {label} {tiles}  ({o.total} tiles)")
    return "\n".join(lines)


# puzzles ---------------------------------------------------------------------------


def _write_puzzles(kind_name: str, options: dict[str, Any], count: int, seed: int,
                   output: Path, paper: str) -> Any:
    from .documents.puzzles import PuzzleSection, sheet
    from .draw.canvas import find_paper
    from .output import output_format, write_atomic, write_document
    from .params import parse_params
    from .puzzles import find_kind, generate_set

    fmt = output_format(output, (".json", ".svg", ".pdf"))
    page = find_paper(paper)
    kind = find_kind(kind_name)
    params = parse_params(kind.params_type, options, where=f"puzzle {kind_name}")
    puzzles = generate_set(kind, params, count=count, seed=seed)
    if fmt == "json":
        write_atomic(output, puzzles.to_json())
    else:
        write_document(sheet(PuzzleSection(kind.title, kind, puzzles), page), output)
    _echo(f"wrote {len(puzzles.puzzles)} {kind_name} puzzles to {output}")
    return puzzles


@puzzle_app.command("waits")
def puzzle_waits(
    count: Count = 12,
    tiles: Tiles = 13,
    suits: Suits = "one",
    difficulty: Difficulty = "medium",
    waits: Annotated[int, typer.Option("--waits", help="Exactly this many waits (0: any).")] = 0,
    decoys: Annotated[int, typer.Option("--decoys", help="How many 'not ready' hands "
                                        "(answer: no wait) to mix in.")] = 0,
    suit: Suit = "any",
    seed: Seed = 1,
    output: Annotated[Path, _output(".json .svg .pdf")] = Path("out/waits.pdf"),
    paper: Paper = "a4",
) -> None:
    """Find-the-wait puzzles: which tiles complete each hand?

    Example: tilepress puzzle waits --count 24 --difficulty hard --seed 7 -o out/waits.pdf
    """
    _write_puzzles("waits", {"tiles": tiles, "suits": suits, "difficulty": difficulty,
                             "waits": waits, "decoys": decoys, "suit": suit},
                   count, seed, output, paper)


@puzzle_app.command("discard")
def puzzle_discard(
    count: Count = 12,
    tiles: Annotated[int, typer.Option("--tiles", help="Hand size after the discard: "
                                       "4, 7, 10 or 13.")] = 13,
    suits: Suits = "one",
    difficulty: Difficulty = "medium",
    suit: Suit = "any",
    seed: Seed = 1,
    output: Annotated[Path, _output(".json .svg .pdf")] = Path(
        "out/discard.pdf"),
    paper: Paper = "a4",
) -> None:
    """Which-discard puzzles: which tile leaves the hand the most tiles to win on?

    Example: tilepress puzzle discard --suits mixed --difficulty hard -o out/discard.pdf
    """
    _write_puzzles("discard", {"tiles": tiles, "suits": suits, "difficulty": difficulty,
                               "suit": suit}, count, seed, output, paper)


MapName = Annotated[str | None, typer.Option(
    "--map", help="Of a GNOME Mahjongg .map file, the map with this name (or number from 1); "
    "the same as FILE.map:NAME.")]


@puzzle_app.command("solitaire")
def puzzle_solitaire(
    count: Count = 1,
    layout: Annotated[str, typer.Option(
        "--layout", help="A built-in layout (turtle, pyramid, fortress, bridge, cross, stairs, "
        "mini), a KMahjongg .layout file, or a GNOME Mahjongg .map file (FILE.map:NAME for "
        "one of its maps).")] = "turtle",
    map_name: MapName = None,
    difficulty: Difficulty = "medium",
    bonus: Annotated[bool, typer.Option("--bonus/--no-bonus", help="Deal the flowers and "
                                        "seasons, or leave them out.")] = True,
    seed: Seed = 1,
    output: Annotated[Path, _output(".json .svg .pdf")] = Path("out/solitaire.pdf"),
    paper: Paper = "a4",
) -> None:
    """Mahjong solitaire deals proven winnable, every layer drawn, with a numbered key.

    Example: tilepress puzzle solitaire --layout turtle --difficulty hard --seed 3 -o out/s.pdf
    """
    from .puzzles.solitaire import nearest_note

    if map_name is not None:
        layout = f"{layout}:{map_name}"
    puzzles = _write_puzzles("solitaire", {"layout": layout, "difficulty": difficulty,
                                           "bonus": bonus}, count, seed, output, paper)
    note = nearest_note(puzzles, difficulty)
    if note:
        _echo(note)


MintTinJokers = Annotated[int, typer.Option("--jokers", help="Most jokers in a hand: 0, 1 "
                                            "or 2.")]


@puzzle_app.command("minttin")
def puzzle_minttin(
    count: Count = 12,
    difficulty: Difficulty = "medium",
    jokers: MintTinJokers = 1,
    seed: Seed = 1,
    output: Annotated[Path, _output(".json .svg .pdf")] = Path("out/minttin.pdf"),
    paper: Paper = "a4",
) -> None:
    """Mint Tin Mahjong, complete the hand: which cards complete 13 cards, for how many
    points?

    Example: tilepress puzzle minttin --count 12 --difficulty hard -o out/minttin.pdf
    """
    _write_puzzles("minttin", {"difficulty": difficulty, "jokers": jokers}, count, seed,
                   output, paper)


@puzzle_app.command("minttin-discard")
def puzzle_minttin_discard(
    count: Count = 12,
    difficulty: Difficulty = "medium",
    jokers: MintTinJokers = 1,
    seed: Seed = 1,
    output: Annotated[Path, _output(".json .svg .pdf")] = Path("out/minttin-discard.pdf"),
    paper: Paper = "a4",
) -> None:
    """Mint Tin Mahjong, the best discard: which card leaves 14 cards ready for the most
    unseen cards?

    Example: tilepress puzzle minttin-discard --difficulty expert -o out/md.pdf
    """
    _write_puzzles("minttin-discard", {"difficulty": difficulty, "jokers": jokers}, count,
                   seed, output, paper)


@puzzle_app.command("american")
def puzzle_american(
    count: Count = 12,
    difficulty: Difficulty = "medium",
    card: Annotated[str, typer.Option("--card", help="practice, or a card file.")] = "practice",
    seed: Seed = 1,
    output: Annotated[Path, _output(".json .svg .pdf")] = Path("out/american.pdf"),
    paper: Paper = "a4",
) -> None:
    """American Mah Jongg quizzes: 13 tiles after the deal; which hands are closest, and
    what do you pass first?

    Example: tilepress puzzle american --count 8 --difficulty hard -o out/american.pdf
    """
    _write_puzzles("american", {"difficulty": difficulty, "card": card}, count, seed, output,
                   paper)


@puzzle_app.command("castle")
def puzzle_castle(
    count: Count = 1,
    layout: Annotated[str, typer.Option(
        "--layout", help="generate (a new castle), a built-in castle (octagon, quarters, "
        "towers) or a .castle height-map file.")] = "generate",
    tileset: Annotated[str, typer.Option(
        "--tileset", help="recommended (pips 1-7, winds, dragons: 112), all (136), or a custom "
        "tile string such as 123456m123456p123456s1234567zx4.")] = "recommended",
    players: Annotated[int, typer.Option("--players", help="Players, 2 to 4: sets the size "
                                         "of a generated castle.")] = 4,
    tiles: Annotated[int, typer.Option("--tiles", help="Exact tiles in a generated castle "
                                       "(0: by the player count).")] = 0,
    floors: Annotated[int, typer.Option("--floors", help="Most floors of a generated "
                                        "castle.")] = 3,
    symmetric: Annotated[bool, typer.Option("--symmetric/--any-shape", help="Mirror a "
                                            "generated castle left to right.")] = False,
    difficulty: Annotated[str, typer.Option("--difficulty", help="easy, medium, hard, expert "
                                            "or any.")] = "any",
    seed: Seed = 1,
    output: Annotated[Path, _output(".json .svg .pdf")] = Path("out/castle.pdf"),
    paper: Paper = "a4",
) -> None:
    """Dragon Castles that double as solitaires: a castle for a tile set and player count,
    dealt so that it comes apart in identical free pairs, proved by the solver.

    Example: tilepress puzzle castle --players 3 --symmetric --seed 4 -o out/castle.pdf
    """
    _write_puzzles("castle", {"layout": layout, "tileset": tileset, "players": players,
                              "tiles": tiles, "floors": floors, "symmetric": symmetric,
                              "difficulty": difficulty}, count, seed, output, paper)


layout_app = typer.Typer(help="Check tile layouts.", no_args_is_help=True, rich_markup_mode=None)
app.add_typer(layout_app, name="layout")


@layout_app.command("check")
def layout_check(
    file: Annotated[str, typer.Argument(help="A built-in layout name, or a .layout (KMahjongg) "
                                        ", .map (GNOME Mahjongg) or .castle (Dragon Castle "
                                        "height map) file.")],
    tileset: Annotated[str, typer.Option(
        "--tileset", help="For a castle: recommended, all, or a custom tile string.")
    ] = "recommended",
    map_name: MapName = None,
) -> None:
    """Report a layout's tile count, layers, half-tile offsets, overlaps, tiles hanging
    over nothing, and whether the count fits a tile set; for a Dragon Castle height map,
    its floors, symmetry and fit to a tile set. Exit 1 if it cannot be played.

    Example: tilepress layout check my.layout   (a .map file: every map, or --map NAME)
    """
    from .layouts import find_layout
    from .layouts.castle import BUILTIN_CASTLES, SUFFIX, check_castle, find_castle
    from .layouts.check import check_layout
    from .layouts.formats import load_layouts

    if file in BUILTIN_CASTLES or file.endswith(SUFFIX) or _is_castle_file(file):
        reports = [check_castle(find_castle(file), tileset)]
    elif map_name is not None or not file.lower().endswith(".map"):
        reports = [check_layout(find_layout(file if map_name is None else f"{file}:{map_name}"))]
    else:  # every map of a GNOME Mahjongg file
        reports = [check_layout(layout) for layout in load_layouts(file)]
    for report in reports:
        for line in report.lines():
            _echo(line)
    if not all(report.ok for report in reports):
        raise typer.Exit(1)


def _is_castle_file(path: str) -> bool:
    """A file of digits and spaces (a height map), whatever its name."""
    from .layouts.castle import looks_like_castle

    p = Path(path)
    if p.suffix in (".layout", ".map") or not p.is_file():
        return False
    try:
        return looks_like_castle(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return False


card_app = typer.Typer(help="Check cards of hands (American Mah Jongg).", no_args_is_help=True,
                       rich_markup_mode=None)
app.add_typer(card_app, name="card")


@card_app.command("check")
def card_check(
    file: Annotated[str, typer.Argument(help="A card file, or 'practice'.")],
) -> None:
    """Read a card of hands and list its families and hands with how many ways each can be
    made; a malformed card gets its line and the reason.

    Example: tilepress card check my.card
    """
    from .rules.american import expand, load_card

    card = load_card(file)
    _echo(f"card {card.name!r}: {len(card.hands)} hands in {len(card.families)} families")
    for family in card.families:
        hands = [h for h in card.hands if h.family == family]
        _echo(f"  {family}: {len(hands)} hands")
        for h in hands:
            ways = sum(1 for _ in expand(h))
            _echo(f"    {h.id}: {h.text()}  ({ways} way{'s' * (ways != 1)})")


# verify ----------------------------------------------------------------------------


@app.command()
def verify(
    file: Annotated[Path, typer.Argument(help="A puzzle file (.json) written by tilepress.")],
) -> None:
    """Solve every puzzle in a file again and check its answer and difficulty; exit 1 and
    name each puzzle whose answer is wrong.

    Example: tilepress verify out/waits.json
    """
    from .output import read_text
    from .puzzles import find_kind, verify_set
    from .puzzles.base import PuzzleSet

    puzzles = PuzzleSet.from_json(read_text(file, "puzzle file"), source=str(file))
    kind = find_kind(puzzles.kind)
    problems = verify_set(puzzles, kind)
    for problem in problems:
        typer.echo(f"{file}: {problem}", err=True)
    if problems:
        wrong = len({p.puzzle_id for p in problems})
        _fail(f"{wrong} of {len(puzzles.puzzles)} puzzles in {file} are wrong", code=1)
    _echo(f"{file}: all {len(puzzles.puzzles)} {puzzles.kind} puzzles check out")


# play and replay -------------------------------------------------------------------


def _write_game(game: str, log, output: Path, paper: str) -> None:
    from .draw.canvas import find_paper
    from .games import find_game
    from .output import output_format, write_atomic, write_document

    fmt = output_format(output, (".jsonl", ".pdf", ".svg"))
    module = find_game(game)
    if fmt == "jsonl":
        write_atomic(output, log.to_jsonl())
    else:
        write_document(module.worked_example(log, find_paper(paper)), output)
    _echo(f"wrote {game} (seed {log.seed}: {module.summary(log, log.result)}) to {output}")


@play_app.command("onesuit")
def play_onesuit(
    tiles: Annotated[int, typer.Option("--tiles", help="Tiles in a hand: 4, 7, 10 or 13.")] = 7,
    suit: Annotated[str, typer.Option("--suit", help="The suit played: m, p or s.")] = "m",
    scoring: Annotated[str, typer.Option("--scoring", help="simple (a point a win) or "
                                         "naming (points for naming waits).")] = "naming",
    hands: Annotated[int, typer.Option("--hands", help="Hands in the game.")] = 4,
    bots: Annotated[str, typer.Option("--bots", help="The two players: efficiency or random, "
                                      "comma-separated.")] = "efficiency,efficiency",
    slip: Annotated[float, typer.Option("--slip", help="Chance (0-1) that a bot names its "
                                        "waits wrong, to show the penalty.")] = 0.0,
    seed: Seed = 1,
    output: Annotated[Path, _output(".jsonl .pdf .svg")] = Path("out/onesuit.pdf"),
    paper: Paper = "a4",
) -> None:
    """A game of One suit mahjong between two bots.

    Example: tilepress play onesuit --tiles 7 --seed 3 -o out/onesuit.pdf
    """
    from .games import onesuit

    if not 0.0 <= slip <= 1.0:
        raise _request(f"slip must be between 0 and 1, not {slip}")
    options = onesuit.options_from({"tiles": tiles, "suit": suit, "scoring": scoring,
                                    "hands": hands, "draw-naming": True}, "play onesuit")
    names = [b.strip() for b in bots.split(",")]
    if len(names) != 2:
        raise _request(f"--bots names two players, not {len(names)}")
    players = [onesuit.make_bot(n, slip) for n in names]
    _write_game("onesuit", onesuit.play(options, seed, players), output, paper)


@play_app.command("oneplayer")
def play_oneplayer(
    flowers: Annotated[str, typer.Option("--flowers", help="pairs (flowers match flowers, "
                                         "seasons seasons), one-kind, or none.")] = "pairs",
    bot: Annotated[str, typer.Option("--bot", help="planner or greedy.")] = "planner",
    seed: Seed = 1,
    output: Annotated[Path, _output(".jsonl .pdf .svg")] = Path("out/oneplayer.pdf"),
    paper: Paper = "a4",
) -> None:
    """A game of Mah-Jongg One Player (ten lines of fourteen tiles), played by a bot.

    Example: tilepress play oneplayer --seed 5 -o out/oneplayer.pdf
    """
    from .games import oneplayer

    options = oneplayer.options_from({"flowers": flowers}, "play oneplayer")
    _write_game("oneplayer", oneplayer.play(options, seed, oneplayer.make_bot(bot)), output,
                paper)


def _bot_names(bots: str, players: int) -> list[str]:
    """``--bots``: one name for every player, or one per player."""
    names = [b.strip() for b in bots.split(",")]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise _request(f"--bots names {len(names)} bots for {players} player"
                       f"{'s' * (players > 1)}")
    return names


@play_app.command("minttin")
def play_minttin(
    solo: Annotated[bool, typer.Option("--solo", help="One player against the virtual "
                                       "opponent.")] = False,
    jokers: Annotated[str, typer.Option("--jokers", help="double-sided (one each, deal 12), "
                                        "backs (two shuffled in, deal 13), all, or none.")
                      ] = "double-sided",
    target: Annotated[int, typer.Option("--target", help="Points to win: 7 or 14.")] = 7,
    passing: Annotated[bool, typer.Option("--pass", help="Play the optional pass of 0-3 "
                                          "cards.")] = False,
    friendly: Annotated[bool, typer.Option("--friendly", help="A miscalled Mahjong costs "
                                           "nothing; play on.")] = False,
    dead_hand: Annotated[int, typer.Option("--dead-hand", help="Solo: cards in the dead "
                                           "hand, 0-12.")] = 12,
    joker_block: Annotated[bool, typer.Option("--joker-block", help="Solo: discarded "
                                              "jokers block the row (no point).")] = False,
    bots: Annotated[str, typer.Option("--bots", help="planner or random, one for all or one "
                                      "per player.")] = "planner",
    seed: Seed = 1,
    output: Annotated[Path, _output(".jsonl .pdf .svg")] = Path("out/minttin-game.pdf"),
    paper: Paper = "a4",
) -> None:
    """A match of Mint Tin Mahjong to 7 points: two bots, or one bot solo.

    Example: tilepress play minttin --solo --seed 3 -o out/minttin-solo.pdf
    """
    from .games import minttin

    options = minttin.options_from({"jokers": jokers, "target": target, "passing": passing,
                                    "miscall-penalty": not friendly, "dead-hand": dead_hand,
                                    "joker-block": joker_block}, "play minttin")
    names = _bot_names(bots, 1 if solo else 2)
    log = minttin.play(options, seed, [minttin.make_bot(n) for n in names], solo=solo)
    _write_game(log.game, log, output, paper)


@play_app.command("american")
def play_american(
    card: Annotated[str, typer.Option("--card", help="practice, or a card file.")] = "practice",
    second_charleston: Annotated[str, typer.Option(
        "--second-charleston", help="vote (any player may stop it) or never.")] = "vote",
    jokerless: Annotated[str, typer.Option(
        "--jokerless", help="text (a jokerless discard win: the discarder pays 3x) or double "
        "(every payment doubles).")] = "text",
    bots: Annotated[str, typer.Option("--bots", help="planner or random, one for all or four, "
                                      "comma-separated.")] = "planner",
    seed: Seed = 1,
    output: Annotated[Path, _output(".jsonl .pdf .svg")] = Path("out/american-game.pdf"),
    paper: Paper = "a4",
) -> None:
    """A game of American Mah Jongg between four bots: dice, deal, Charleston, play, payments.

    Example: tilepress play american --seed 2 -o out/american-game.pdf
    """
    from .games import american

    options = american.options_from({"card": card, "second-charleston": second_charleston,
                                     "jokerless": jokerless}, "play american")
    names = _bot_names(bots, 4)
    _write_game("american", american.play(options, seed, [american.make_bot(n) for n in names]),
                output, paper)


@play_app.command("castle")
def play_castle(
    players: Annotated[int, typer.Option("--players", help="Players, 2 to 4.")] = 4,
    layout: Annotated[str, typer.Option(
        "--layout", help="The central castle: octagon, quarters, towers, generate, or a "
        ".castle file.")] = "towers",
    tileset: Annotated[str, typer.Option("--tileset", help="recommended, all, or a custom "
                                         "tile string.")] = "recommended",
    shrines: Annotated[int, typer.Option("--shrines", help="Shrines in the pool (0: three "
                                         "per player).")] = 0,
    group: Annotated[int, typer.Option("--group", help="Smallest group that flips: 4, or 5 "
                                       "for the text's literal 'more than 4'.")] = 4,
    bots: Annotated[str, typer.Option("--bots", help="planner or random, one for all or one "
                                      "per player, comma-separated.")] = "planner",
    seed: Seed = 1,
    output: Annotated[Path, _output(".jsonl .pdf .svg")] = Path("out/castle-game.pdf"),
    paper: Paper = "a4",
) -> None:
    """A game of Dragon Castle between 2 to 4 bots.

    Example: tilepress play castle --players 3 --seed 2 -o out/castle-game.pdf
    """
    from .games import castle

    options = castle.options_from({"players": players, "layout": layout, "tileset": tileset,
                                   "shrines": shrines, "group": group}, "play castle")
    names = _bot_names(bots, players)
    _write_game("castle", castle.play(options, seed, [castle.make_bot(n) for n in names]),
                output, paper)


@app.command()
def replay(
    log: Annotated[Path, typer.Argument(help="A game log (.jsonl) written by tilepress play.")],
) -> None:
    """Re-apply every event of a game log through the rules; exit 1 at the first illegal
    event, naming its line.

    Example: tilepress replay out/game.jsonl
    """
    from .errors import IllegalActionError
    from .games import find_game
    from .games.log import read_log
    from .output import read_text

    game_log = read_log(read_text(log, "game log"), source=str(log))
    module = find_game(game_log.game)
    try:
        result = module.replay(game_log)
    except IllegalActionError as exc:
        _fail(f"{log}: {exc}", code=1)
    _echo(f"{log}: every event is legal ({module.summary(game_log, result)})")


# print -----------------------------------------------------------------------------


@app.command("print")
def print_(
    item: Annotated[str, typer.Argument(help="What to print: card, sheet, ...")],
    game: Annotated[str, typer.Argument(help="For which game: onesuit, oneplayer, ...")],
    output: Annotated[Path | None, _output(".pdf .svg")] = None,
    paper: Paper = "a4",
    layout: Annotated[str | None, typer.Option(
        "--layout", help="For 'setup castle': one castle (built in or a .castle file) "
        "instead of the three suggested ones.")] = None,
    card_size: Annotated[str | None, typer.Option(
        "--card-size", help="For cards (deck minttin, card minttin): mini (44.45 x 63.5 mm, "
        "the default), poker, bridge or tarot.")] = None,
    duplex: Annotated[str | None, typer.Option(
        "--duplex", help="For cards: long (backs mirrored for a long-edge flip, the "
        "default) or short.")] = None,
    one_per_page: Annotated[bool, typer.Option(
        "--one-per-page", help="For cards: each card side on its own page, with TrimBox and "
        "BleedBox, for a print shop.")] = False,
    fmt: Annotated[str | None, typer.Option(
        "--format", help="For cards: svg writes each card side as its own SVG into the "
        "folder given by -o.")] = None,
) -> None:
    """Print a table aid: a reference card, a score sheet, a board, a set-up diagram, a
    deck of cards.

    Example: tilepress print card onesuit -o out/wait-shapes.pdf
    """
    from .draw.canvas import find_paper
    from .output import output_format, write_document
    from .printables import CARD_PRINTABLES, find_printable

    printable = find_printable(item, game)
    is_cards = (item, game) in CARD_PRINTABLES
    card_options = {"card_size": card_size, "duplex": duplex}
    for name, value in (("--card-size", card_size), ("--duplex", duplex), ("--format", fmt)):
        if value is not None and not is_cards:
            raise _request(f"{name} is for cards (print deck minttin, print card minttin), "
                           f"not 'print {item} {game}'")
    if one_per_page and not is_cards:
        raise _request(f"--one-per-page is for cards, not 'print {item} {game}'")
    if fmt is not None and fmt not in ("pdf", "svg"):
        raise _request(f"--format must be pdf or svg, not {fmt!r}")
    if fmt == "svg":
        from .printables.minttin import write_svg_cards

        folder = output or Path(f"out/{game}-{item}")
        count = write_svg_cards(printable(find_paper(paper)).cards, card_size or "mini",
                                folder)
        _echo(f"wrote {count} card sides as SVG files to {folder}/")
        return
    target = output or Path(f"out/{game}-{item}.pdf")
    output_format(target, (".pdf", ".svg"))
    if layout is not None:
        if (item, game) != ("setup", "castle"):
            raise _request(f"--layout is for 'print setup castle', not 'print {item} {game}'")
        document = printable(find_paper(paper), layout=layout)
    elif is_cards:
        document = printable(find_paper(paper), one_per_page=one_per_page,
                             **{k: v for k, v in card_options.items() if v is not None})
    else:
        document = printable(find_paper(paper))
    write_document(document, target)
    _echo(f"wrote {document.title} to {target}")


def _request(message: str) -> Exception:
    from .errors import RequestError

    return RequestError(message)


# book ------------------------------------------------------------------------------


@app.command()
def book(
    spec: Annotated[Path | None, typer.Argument(help="A book spec (.toml); the shipped "
                                                "puzzles/book.toml if left out.")] = None,
    output: Annotated[Path, _output(".pdf .svg")] = Path("out/book.pdf"),
    paper: Annotated[str | None, typer.Option("--paper", help="a4 or letter (overrides "
                                              "the spec).")] = None,
) -> None:
    """Build a puzzle book from a spec: title page, contents, puzzle sections, answer key.

    Example: tilepress book puzzles/book.toml --paper letter -o out/book.pdf
    """
    from .documents.book import build_book, load_spec
    from .output import output_format, write_document
    from .resources import shipped

    output_format(output, (".pdf", ".svg"))
    document, state = build_book(load_spec(spec or shipped("puzzles", "book.toml")),
                                 paper=paper)
    write_document(document, output)
    _echo(f"wrote {document.title!r} ({state.number - 1} puzzles, every answer verified) "
          f"to {output}")


@app.command()
def version() -> None:
    """Print the version."""
    _echo(f"tilepress {__version__}")


# entry point -----------------------------------------------------------------------


def _click_kind(exc: BaseException) -> str:
    """Which click exception this is, by class name: Typer releases differ in whether
    they use click itself or a copy of it, so the classes cannot be imported reliably."""
    names = {cls.__name__ for cls in type(exc).__mro__}
    for kind in ("NoArgsIsHelpError", "NoArgsIsHelp", "UsageError", "Abort", "Exit"):
        if kind in names:
            return kind
    return ""


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; every error becomes one line and an exit status."""
    try:
        result = app(args=argv, prog_name="tilepress", standalone_mode=False)
    except TilepressError as exc:
        typer.echo(f"tilepress: error: {exc}", err=True)
        return 2
    except KeyboardInterrupt:
        typer.echo("tilepress: interrupted", err=True)
        return 130
    except Exception as exc:
        kind = _click_kind(exc)
        ctx = getattr(exc, "ctx", None)
        if kind.startswith("NoArgsIsHelp"):
            typer.echo(ctx.get_help() if ctx else str(exc))
            return 0
        if kind == "UsageError":
            command = ctx.command_path if ctx else "tilepress"
            message = " ".join(exc.format_message().split())  # type: ignore[attr-defined]
            typer.echo(f"{command}: error: {message} (see '{command} --help')", err=True)
            return 2
        if kind == "Abort":
            typer.echo("tilepress: interrupted", err=True)
            return 130
        if kind == "Exit":
            return int(getattr(exc, "exit_code", 0) or 0)
        raise
    return int(result) if isinstance(result, int) else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
