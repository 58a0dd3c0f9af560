"""Every command of the CLI, in-process, against hostile values for each of its options
and arguments (hypothesis draws the command, the one option made hostile and its
value): whatever comes in, the answer is an exit status of 0, 1 or 2, never the one of
a bug (70) nor a traceback; a refusal (2) is one line; and the user's own files --
some named as the output, a folder of theirs, files beside the outputs -- are never
replaced, nor a temporary file left behind. Values that cannot be right (a number that
is no number, not finite or out of every bound; an output over a user's file) must be
refused: exit 2.

The table of hand-picked cases with their messages is tests/test_cli_bad_input.py;
this one is the net under it."""

from __future__ import annotations

import contextlib
import inspect
import io
import json
import os
import typing
from pathlib import Path

import click
import pytest
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tilepress.cli import app, main

EXAMPLES = int(os.environ.get("TILEPRESS_FUZZ_EXAMPLES", "60"))
"""As in test_fuzz_readers: TILEPRESS_FUZZ_EXAMPLES=2000 for a long hunt."""
RUNS = settings(max_examples=max(EXAMPLES * 5, 1), deadline=None,
                derandomize=EXAMPLES <= 60,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

ROOT = typer.main.get_command(app)


def _leaves(group, path=()):
    """Every command, through click's API (the commands load as they are named)."""
    ctx = click.Context(group)
    for name in sorted(group.list_commands(ctx)):
        command = group.get_command(ctx, name)
        if hasattr(command, "commands"):
            yield from _leaves(command, (*path, name))
        else:
            yield (*path, name), command


COMMANDS = dict(_leaves(ROOT))

REQUIRED: dict[tuple[str, ...], tuple[str, ...]] = {
    ("analyze", "waits"): ("1112345678999m",),
    ("analyze", "minttin"): ("11 444 555 666 DM DM",),
    ("analyze", "american"): ("2222m555s6666p88p",),
    ("verify",): ("puzzles.json",),
    ("replay",): ("game.jsonl",),
    ("layout", "check"): ("mini",),
    ("card", "check"): ("practice",),
    ("rulebook",): ("onesuit",),
    ("print", "tiles"): ("onesuit",),
    ("draw", "hand"): ("123m",), ("draw", "waits"): ("1112345678999m",),
    ("draw", "line"): ("11335577991357p",), ("draw", "layout"): ("mini",),
    ("draw", "card-hand"): ("2468 #1",), ("draw", "position"): ("game.jsonl",),
    ("draw", "castle"): ("octagon",), ("draw", "cards"): ("1111 5555 JJ [333J]",),
    ("daily",): ("2026-01-01",),  # the series' first day: a right sheet is quick to make
}
"""A right value for each argument a command must be given (the hostile value, when it
is drawn for that argument, takes its place)."""
SMALL: dict[str, tuple[str, ...]] = {
    "stats": ("--games", "2", "--jobs", "1"), "puzzle": ("--count", "1"),
    "draw position": ("--at", "2"), "daily": ("--jobs", "1"),
}
"""Options that keep a command that turns out to be right quick (unless drawn)."""

USERS = {"mine.json": b'{"format": "my-notes"}\n', "mine.pdf": b"%PDF-1.4 mine\n",
         "mine.svg": b"<svg>mine</svg>\n", "mine.jsonl": b'{"type": "mine"}\n',
         "mine.png": b"\x89PNG\r\n\x1a\nmine", "mine.csv": b"a,b\n1,2\n",
         "s.json": b'{"mine": true}\n', "keep/notes.txt": b"the user's notes\n"}
"""The user's own files in the playground (and its folder keep/)."""
OUTPUTS = ["mine.json", "mine.pdf", "mine.svg", "mine.jsonl", "mine.png", "mine.csv",
           "keep", "keep/notes.txt/x.pdf", ""]
"""Hostile outputs: a user's file (of every suffix), a user's folder, a path through a
file, and nothing; for ``stats``, also a report whose JSON would go over the user's
s.json."""

NOT_NUMBERS = ["x", "", "1.5.2", "0x10", "1e999", "-99999999999999999999",
               "99999999999999999999", "\u0665", "nan", "inf", "-inf", "1,5", " "]
TEXT = st.one_of(st.text(alphabet="0123456789mpszfjJDSMF []#,.-x/\\:é²~*\t\u0665",
                         max_size=24), st.sampled_from(["..", "-", "--", "-o", "x" * 5000]))


def _base_type(command, name: str) -> type:
    """The Python type of a command's parameter (``int`` for ``int | None``)."""
    annotation = inspect.signature(command.callback, eval_str=True).parameters[name].annotation
    while typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    return args[0] if args and typing.get_origin(annotation) is not list else annotation


def _flag(param) -> str:
    return max(param.opts, key=len)


@pytest.fixture(scope="module")
def playground(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("fuzz")
    for name, data in USERS.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    from tilepress.games import find_game, find_kind
    from tilepress.puzzles.base import generate_set

    game = find_game("onesuit")
    log = game.play(game.options_from({"hands": 1, "tiles": 4}), game.play_options_from({}), 3)
    (root / "game.jsonl").write_text(log.to_jsonl())
    kind = find_kind("waits")
    (root / "puzzles.json").write_text(generate_set(kind, kind.params_type(tiles=4), count=1,
                                                    seed=1).to_json())
    return root


def _run(args: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(args)
    return code, err.getvalue()


@st.composite
def hostile(draw) -> tuple[list[str], bool]:
    """A command line with one hostile value, and whether it must be refused."""
    path = draw(st.sampled_from(sorted(COMMANDS)))
    command = COMMANDS[path]
    params = [p for p in command.params if p.name not in ("help",) and
              not getattr(p, "is_flag", False) and p.name != "context"]
    if not params:
        return [*path, draw(TEXT)], False
    target = draw(st.sampled_from(params))
    kind = _base_type(command, target.name)
    if target.name == "output":
        value, bad = draw(st.sampled_from(OUTPUTS + ["s.pdf"] * (path[0] == "stats"))), True
    elif kind in (int, float):
        value, bad = draw(st.sampled_from(NOT_NUMBERS)), True
    else:
        value, bad = draw(TEXT), False
    args = list(path)
    required = list(REQUIRED.get(path, ()))
    if path == ("daily",) and target.name in ("first", "last"):
        required = []  # a range, not a date
    arguments = [p for p in command.params if p.param_type_name == "argument"]
    if target.param_type_name == "argument":
        position = arguments.index(target)
        while len(required) <= position:
            required.append("")
        required[position] = value
    args += required
    for key, extra in SMALL.items():
        if " ".join(path).startswith(key):
            flags = extra[0::2]
            if target.param_type_name != "option" or _flag(target) not in flags:
                args += list(extra)
    if target.param_type_name == "option":
        args += [_flag(target), value]
    if target.name != "output" and any(p.name == "output" for p in command.params):
        args += ["-o", f"out/fuzz{_suffix(path)}"]  # a right value never lands on mine
    return args, bad


def _suffix(path: tuple[str, ...]) -> str:
    if path[0] in ("kit",) or path[:2] == ("print", "tiles"):
        return ""  # a folder (kit), or tiles by their own rule
    return {"play": ".jsonl", "puzzle": ".json", "draw": ".svg", "stats": ".pdf",
            "daily": ".pdf"}.get(path[0], ".pdf")


@RUNS
@given(case=hostile())
def test_hostile_values_on_every_command(playground, case) -> None:
    args, bad = case
    before = {name: (playground / name).read_bytes() for name in USERS}
    cwd = os.getcwd()
    os.chdir(playground)
    try:
        code, err = _run(args)
    finally:
        os.chdir(cwd)
    assert code in (0, 1, 2), (args, code, err)
    assert "Traceback" not in err and "bug in tilepress" not in err, (args, err)
    if code == 2:
        assert len(err.strip().splitlines()) == 1, (args, err)
    if bad:
        assert code == 2, (args, code, err)
    assert {name: (playground / name).read_bytes() for name in USERS} == before, args
    assert not [p for p in playground.rglob(".*") if p.is_file() or p.is_dir()], args


def test_every_command_is_drawn() -> None:
    """The fuzz reaches every command the CLI has (a new one is in it at once)."""
    assert len(COMMANDS) >= 40
    assert {path[0] for path in COMMANDS} >= {"analyze", "puzzle", "play", "print", "draw",
                                              "stats", "verify", "replay", "book",
                                              "rulebook", "kit", "daily", "layout", "card"}
    json.dumps(sorted(map(list, COMMANDS)))
