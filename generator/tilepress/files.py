"""Reading and writing files, so that nothing is ever half-written, nothing tilepress did
not write is ever deleted, and every failure is one clear line.

Every output is produced in memory, written to a temporary file beside the target, and
renamed over it, so a failure (or an interrupt) leaves either the old file or none. A
folder of outputs (:func:`write_folder`) is built beside its target and moved into place;
it carries a list of the files tilepress wrote (:data:`MANIFEST`), and a folder that
holds anything else is never replaced.

Inputs are bounded: a file larger than any input can need (:data:`MAX_INPUT_BYTES`) is
refused before it is read (JSON is then read strictly, by :mod:`tilepress.jsontext`).
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from tilepress.errors import FileFormatError

MAX_INPUT_BYTES = 32_000_000
"""The largest file tilepress reads (a puzzle file, a log, a spec, a card)."""
MANIFEST = ".tilepress-output"
"""The file in a folder of outputs that lists what tilepress wrote there."""

WRITTEN: list[Path] = []
"""Every file and folder written by this process, in order (for the interrupt message)."""


def umask() -> int:
    """The process's umask (the permissions new files and folders do not get)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _name(path: str | os.PathLike[str]) -> str:
    return repr(os.fspath(path))


def check_output(path: str | os.PathLike[str], *, folder: bool = False) -> Path:
    """Refuse at once an output path that cannot be written: an empty name, a folder where
    a file is wanted (or a file where a folder is), or a path through a file."""
    text = os.fspath(path)
    if text in ("", "."):
        raise FileFormatError("no output name given (-o is empty)")
    target = Path(text)
    if target.is_dir() and not folder:
        raise FileFormatError(f"cannot write {_name(path)}: it is a folder; give a file name "
                              "(such as out/name.pdf)")
    if target.exists() and not target.is_dir() and folder:
        raise FileFormatError(f"cannot write the folder {_name(path)}: a file of that name "
                              "is in the way")
    for parent in target.parents:
        if parent.exists():
            if not parent.is_dir():
                raise FileFormatError(f"cannot write {_name(path)}: {os.fspath(parent)!r} is "
                                      "a file, not a folder")
            break
    return target


def _os_error(path: str | os.PathLike[str], exc: OSError) -> FileFormatError:
    reason = exc.strerror or str(exc)
    return FileFormatError(f"cannot write {_name(path)}: {reason}")


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> Path:
    """Write ``data`` to ``path`` through a temporary file and a rename."""
    target = check_output(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise _os_error(path, exc) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o666 & ~umask())  # mkstemp makes the file private; files are shared
        os.replace(tmp, target)
    except BaseException as exc:
        if os.path.exists(tmp):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise _os_error(path, exc) from None
        raise
    WRITTEN.append(target)
    return target


def _manifest(directory: Path) -> set[str] | None:
    """The files tilepress wrote in ``directory`` (None if it did not write the folder)."""
    try:
        text = (directory / MANIFEST).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    lines = text.splitlines()
    if not lines or not lines[0].startswith("# tilepress"):
        return None
    return {line for line in lines[1:] if line and not line.startswith("#")}


def replaceable(directory: str | os.PathLike[str], *,
                legacy: re.Pattern[str] | None = None) -> None:
    """Raise unless ``directory`` is missing, empty, or a folder tilepress wrote that holds
    only what tilepress wrote there: nothing of the user's is ever deleted. ``legacy``
    recognises an output written before folders carried their list (every entry a file
    whose name it matches in full, such as ``01-sword-1-front.svg``)."""
    folder = Path(directory)
    if not folder.exists():
        return
    if not folder.is_dir():
        raise FileFormatError(f"cannot write the folder {_name(directory)}: a file of that "
                              "name is in the way")
    try:
        entries = sorted(p.name for p in folder.iterdir())
    except OSError as exc:
        raise _os_error(directory, exc) from None
    if not entries:
        return
    ours = _manifest(folder)
    if ours is None and legacy is not None and all(
            legacy.fullmatch(name) and (folder / name).is_file() for name in entries):
        ours = set(entries)
    if ours is None:
        raise FileFormatError(f"the folder {_name(directory)} already holds files that "
                              f"tilepress did not write (such as {entries[0]!r}); give a new "
                              "or empty folder")
    foreign = [name for name in entries if name != MANIFEST and
               (name not in ours or not (folder / name).is_file())]
    if foreign:
        raise FileFormatError(f"the folder {_name(directory)} holds {foreign[0]!r}, which "
                              "tilepress did not write; move it away or give another folder")


def write_folder(directory: str | os.PathLike[str],
                 files: Iterable[tuple[str, Callable[[], bytes]]], *,
                 legacy: re.Pattern[str] | None = None) -> int:
    """Write each ``(name, make_bytes)`` into ``directory``, built beside it and moved into
    place whole. A folder that holds anything tilepress did not write is refused, never
    replaced (see :func:`replaceable`). Returns how many files were written."""
    folder = check_output(directory, folder=True)
    replaceable(folder, legacy=legacy)
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
    except OSError as exc:
        raise _os_error(directory, exc) from None
    old: Path | None = None
    try:
        names = []
        for name, make in files:
            if name in names or name == MANIFEST or "/" in name or name.startswith("."):
                raise ValueError(f"bad or repeated output name {name!r}")  # a bug, not input
            (work / name).write_bytes(make())
            names.append(name)
        (work / MANIFEST).write_text(
            "# tilepress output folder: the files below were written by tilepress, which "
            "replaces them (and only them) when it writes here again\n"
            + "".join(f"{n}\n" for n in names), encoding="utf-8")
        os.chmod(work, 0o777 & ~umask())
        if folder.exists():
            replaceable(folder, legacy=legacy)  # again: has something arrived meanwhile?
            old = Path(tempfile.mkdtemp(prefix=f".{folder.name}.old.", dir=folder.parent))
            os.rmdir(old)
            folder.rename(old)
        work.rename(folder)
    except BaseException as exc:
        shutil.rmtree(work, ignore_errors=True)
        if old is not None and old.exists() and not folder.exists():
            old.rename(folder)  # put the previous output back
        if isinstance(exc, OSError):
            raise _os_error(directory, exc) from None
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)  # only tilepress's own files (checked above)
    WRITTEN.append(folder)
    return len(names)


def read_text(path: str | os.PathLike[str], what: str = "file", *,
              max_bytes: int = MAX_INPUT_BYTES) -> str:
    """Read a UTF-8 text file; a missing, unreadable, oversized or binary file is one clear
    error that names it."""
    text = os.fspath(path)
    if not text:
        raise FileFormatError(f"no {what} given (the name is empty)")
    p = Path(text)
    try:
        with p.open("rb") as handle:
            data = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise FileFormatError(f"{what} {text!r} does not exist") from None
    except IsADirectoryError:
        raise FileFormatError(f"{what} {text!r} is a folder, not a file") from None
    except NotADirectoryError:
        raise FileFormatError(f"{what} {text!r} does not exist (a part of the path is a file, "
                              "not a folder)") from None
    except OSError as exc:
        raise FileFormatError(f"cannot read {what} {text!r}: {exc.strerror or exc}") from None
    if len(data) > max_bytes:
        raise FileFormatError(f"{what} {text!r} is larger than a {what} can need "
                              f"({max_bytes:,} bytes)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FileFormatError(f"{what} {text!r} is not UTF-8 text (byte 0x{data[exc.start]:02x} "
                              f"at offset {exc.start})") from None


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """A spec's TOML text as a table; text that is not TOML is one line naming ``source``."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise FileFormatError(f"{source}: not valid TOML: {exc}") from None
    except RecursionError:
        raise FileFormatError(f"{source}: not valid TOML: nested too deeply") from None


__all__ = ["MANIFEST", "check_output", "parse_toml", "read_text", "replaceable", "umask",
           "write_atomic", "write_folder"]
