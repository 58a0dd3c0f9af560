"""Reading and writing files, so that nothing is ever half-written, no file of the user's
is ever replaced or deleted, and every failure is one clear line.

Every output is produced in memory, written to a temporary file beside the target, and
renamed over it, so a failure (or an interrupt) leaves either the old file or none. A
folder of outputs (:func:`write_folder`) is built beside its target and moved into place;
it carries a list of the files tilepress wrote (:data:`MANIFEST`), and a folder that
holds anything else is never replaced.

**Whose file is it.** An existing file is replaced only if tilepress wrote it, as its
mark shows (:func:`tilepress_wrote`: a PDF's ``/Creator (tilepress)``, the comment
:data:`SVG_MARK` that opens an SVG, a PNG's ``Software`` text, a JSON file's ``"format":
"tilepress-..."``, a game log's header), or if it is empty, or if the caller says
``force=True`` (the CLI's ``--force``). Otherwise :class:`~tilepress.errors.FileFormatError`
names the file, and nothing is written: a command that writes several files checks
them all first (:func:`check_replace`, :func:`write_all`). A symbolic link is written
through: the file it leads to is the one checked and replaced, and the link stays; a
link that loops is refused. Something that is not a regular file (a pipe, a device) is
never written over, even with ``force``. Folders follow the same rule through their
:data:`MANIFEST` (:func:`replaceable`); with ``force``, a folder that holds files of the
user's gets the new files beside them, and none of the user's files is deleted.

The API for a command that writes (every one takes ``force``, default False):

- :func:`check_output` (``force``, ``mark``): at once, before any work, whether a file
  can be written there (not a folder, no file in the path, not a user's file);
- :func:`write_atomic` for one file, :func:`write_all` for several that go together (all
  checked before the first is written), :func:`write_folder` for a folder of outputs;
- :func:`check_replace` for files that another writer moves into place itself (a range
  of daily sheets, rows streamed to a file), before the work and again before the move.
- ``mark``: a format that only one writer knows (the CSV rows of ``stats``) passes a
  function ``mark(path) -> bool`` that recognises its own files.

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


SVG_MARK = "<!-- made by tilepress -->"
"""The comment at the head of every SVG tilepress writes: its mark."""
SVG_PROLOG = f'<?xml version="1.0" encoding="utf-8"?>\n{SVG_MARK}\n'
"""What every SVG tilepress writes opens with: the XML declaration (so tools that sniff
a file, such as file(1), still see an SVG) and the mark."""
PNG_MARK = b"tEXtSoftware\x00tilepress"
"""A PNG's ``Software`` text chunk as tilepress writes it (before the image data)."""
_HEAD = 65_536
"""How much of a file's beginning is read for its mark."""
_PDF_TAIL = 8_000_000
"""How much of a PDF's end is read for its document information (which reportlab writes
last, before the cross-reference table of 20 bytes an object)."""
_JSON_MARK = re.compile(rb'\s*\{\s*"format"\s*:\s*"tilepress-[a-z-]+"')
Mark = Callable[[Path], bool]
"""A writer's own recogniser of the files it writes, for a format this module does not
know (``mark(path) -> bool``)."""


def _log_header(head: bytes) -> bool:
    """Whether the first line is a game log's header as tilepress writes it (format 1 or
    2: ``{"type": "game", ..., "tilepress": VERSION, ...}``)."""
    import json

    line = head.split(b"\n", 1)[0]
    try:
        value = json.loads(line)
    except ValueError:
        return False
    return (isinstance(value, dict) and value.get("type") == "game"
            and isinstance(value.get("tilepress"), str) and isinstance(value.get("game"), str))


def tilepress_wrote(path: str | os.PathLike[str], mark: Mark | None = None) -> bool:
    """Whether the regular file at ``path`` carries tilepress's mark (see the module's
    docstring), or ``mark`` recognises it."""
    target = Path(path)
    try:
        with target.open("rb") as handle:
            head = handle.read(_HEAD)
            tail = b""
            if head.startswith(b"%PDF-"):
                size = os.fstat(handle.fileno()).st_size
                handle.seek(max(size - _PDF_TAIL, 0))
                tail = handle.read(_PDF_TAIL)
    except OSError:
        return False
    if head.startswith(b"%PDF-"):
        return b"/Creator (tilepress)" in tail
    if head.startswith(SVG_PROLOG.encode()):
        return True
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return PNG_MARK in head
    if _JSON_MARK.match(head) or _log_header(head):
        return True
    if target.name == MANIFEST and head.startswith(b"# tilepress"):
        return True
    return mark is not None and mark(target)


def _real(path: str | os.PathLike[str]) -> Path:
    """Where writing ``path`` writes: a symbolic link is followed to the file it leads to
    (which need not exist yet); a link that loops is refused."""
    target = Path(os.fspath(path))
    if not os.path.islink(target):
        return target
    try:
        return Path(os.path.realpath(target, strict=True))
    except FileNotFoundError:
        return Path(os.path.realpath(target))
    except OSError as exc:
        raise FileFormatError(f"cannot write {_name(path)}: it is a symbolic link that "
                              f"leads nowhere ({exc.strerror})") from None


def _check_owner(path: str | os.PathLike[str], real: Path, force: bool,
                 mark: Mark | None) -> None:
    """Raise if ``real`` (where ``path`` writes) is there and may not be replaced."""
    import stat

    try:
        status = os.stat(real)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise _os_error(path, exc) from None
    if stat.S_ISDIR(status.st_mode):
        raise FileFormatError(f"cannot write {_name(path)}: it is a folder; give a file name "
                              "(such as out/name.pdf)")
    if not stat.S_ISREG(status.st_mode):
        raise FileFormatError(f"cannot write {_name(path)}: it is not a regular file (a "
                              "pipe, a device or a socket), and tilepress never writes over "
                              "one")
    if force or status.st_size == 0 or tilepress_wrote(real, mark):
        return
    link = f" (where the link {_name(path)} leads)" if real != Path(os.fspath(path)) else ""
    raise FileFormatError(f"{os.fspath(real)!r}{link} is not a file tilepress wrote, so it is "
                          "left as it is and nothing is written: move it away, give another "
                          "name, or add --force to replace it")


def check_output(path: str | os.PathLike[str], *, folder: bool = False, force: bool = False,
                 mark: Mark | None = None) -> Path:
    """Refuse at once an output path that cannot be written: an empty name, a folder where
    a file is wanted (or a file where a folder is), a path through a file, or (for a
    file) a file tilepress did not write, unless ``force``. Returns the path."""
    text = os.fspath(path)
    if text in ("", "."):
        raise FileFormatError("no output name given (-o is empty, or '.', the current "
                              "folder): name a file or a folder of its own, such as out/name.pdf")
    target = Path(text)
    real = _real(target)
    if real.is_dir() and not folder:
        raise FileFormatError(f"cannot write {_name(path)}: it is a folder; give a file name "
                              "(such as out/name.pdf)")
    if real.exists() and not real.is_dir() and folder:
        raise FileFormatError(f"cannot write the folder {_name(path)}: a file of that name "
                              "is in the way")
    for parent in real.parents:
        if parent.exists():
            if not parent.is_dir():
                raise FileFormatError(f"cannot write {_name(path)}: {os.fspath(parent)!r} is "
                                      "a file, not a folder")
            break
    if not folder:
        _check_owner(path, real, force, mark)
    return target


def check_replace(paths: Iterable[str | os.PathLike[str]], *, force: bool = False,
                  mark: Mark | None = None) -> list[Path]:
    """Check every path (:func:`check_output`) before any is written; returns where each
    writes (a symbolic link followed)."""
    return [_real(check_output(path, force=force, mark=mark)) for path in paths]


def _os_error(path: str | os.PathLike[str], exc: OSError) -> FileFormatError:
    reason = exc.strerror or str(exc)
    return FileFormatError(f"cannot write {_name(path)}: {reason}")


def _replace(path: str | os.PathLike[str], real: Path, data: bytes) -> None:
    """``data`` into ``real`` through a temporary file beside it and a rename."""
    try:
        real.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".tmp", dir=real.parent)
    except OSError as exc:
        raise _os_error(path, exc) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o666 & ~umask())  # mkstemp makes the file private; files are shared
        os.replace(tmp, real)
    except BaseException as exc:
        if os.path.exists(tmp):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise _os_error(path, exc) from None
        raise


def write_atomic(path: str | os.PathLike[str], data: bytes | str, *, force: bool = False,
                 mark: Mark | None = None) -> Path:
    """Write ``data`` to ``path`` through a temporary file and a rename; a file there
    that tilepress did not write is refused unless ``force`` (see the module's
    docstring). Returns ``path``."""
    (target,) = write_all([(path, data)], force=force, mark=mark)
    return target


def write_all(files: Iterable[tuple[str | os.PathLike[str], bytes | str]], *,
              force: bool = False, mark: Mark | None = None) -> list[Path]:
    """Write several files that go together (the pages of an SVG, a report and its
    figures), each whole: every target is checked before the first is written, so a
    refusal writes nothing. Returns the paths, in order."""
    files = [(Path(os.fspath(path)), data) for path, data in files]
    reals = check_replace([path for path, _ in files], force=force, mark=mark)
    for (path, data), real in zip(files, reals, strict=True):
        _replace(path, real, data.encode("utf-8") if isinstance(data, str) else data)
        WRITTEN.append(path)
    return [path for path, _ in files]


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


def _foreign(folder: Path, legacy: re.Pattern[str] | None) -> str:
    """Why ``folder`` is not tilepress's to replace ("" if it is, or is missing or
    empty)."""
    if not folder.exists():
        return ""
    try:
        entries = sorted(p.name for p in folder.iterdir())
    except OSError as exc:
        raise _os_error(folder, exc) from None
    if not entries:
        return ""
    ours = _manifest(folder)
    if ours is None and legacy is not None and all(
            legacy.fullmatch(name) and (folder / name).is_file() for name in entries):
        ours = set(entries)
    if ours is None:
        return (f"the folder {_name(folder)} already holds files that tilepress did not "
                f"write (such as {entries[0]!r})")
    foreign = [name for name in entries if name != MANIFEST and
               (name not in ours or not (folder / name).is_file())]
    if foreign:
        return f"the folder {_name(folder)} holds {foreign[0]!r}, which tilepress did not write"
    return ""


def replaceable(directory: str | os.PathLike[str], *,
                legacy: re.Pattern[str] | None = None, force: bool = False) -> None:
    """Raise unless ``directory`` is missing, empty, or a folder tilepress wrote that holds
    only what tilepress wrote there: nothing of the user's is ever deleted. ``legacy``
    recognises an output written before folders carried their list (every entry a file
    whose name it matches in full, such as ``01-sword-1-front.svg``). With ``force`` a
    folder of the user's is accepted (:func:`write_folder` then writes beside its
    files)."""
    folder = _real(directory)
    if not folder.exists():
        return
    if not folder.is_dir():
        raise FileFormatError(f"cannot write the folder {_name(directory)}: a file of that "
                              "name is in the way")
    why = _foreign(folder, legacy)
    if why and not force:
        raise FileFormatError(f"{why}; give a new or empty folder, or add --force to write "
                              "beside those files")


def write_folder(directory: str | os.PathLike[str],
                 files: Iterable[tuple[str, Callable[[], bytes]]], *,
                 legacy: re.Pattern[str] | None = None, force: bool = False) -> int:
    """Write each ``(name, make_bytes)`` into ``directory``, built beside it and moved into
    place whole. A folder that holds anything tilepress did not write is refused, never
    replaced (see :func:`replaceable`); with ``force`` the files are moved into it one by
    one, beside the user's (a file of the same name replaced, nothing else deleted).
    Returns how many files were written."""
    check_output(directory, folder=True)
    folder = _real(directory)
    replaceable(folder, legacy=legacy, force=force)
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
        os.chmod(work, 0o777 & ~umask())
        if _foreign(folder, legacy):  # again: has something arrived meanwhile?
            replaceable(folder, legacy=legacy, force=force)
            _merge(work, names, folder)
        else:
            _write_manifest(work, names)
            if folder.exists():
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
    shutil.rmtree(work, ignore_errors=True)
    WRITTEN.append(Path(os.fspath(directory)))
    return len(names)


def _write_manifest(folder: Path, names: list[str]) -> None:
    (folder / MANIFEST).write_text(
        "# tilepress output folder: the files below were written by tilepress, which "
        "replaces them (and only them) when it writes here again\n"
        + "".join(f"{n}\n" for n in names), encoding="utf-8")


def _merge(work: Path, names: list[str], folder: Path) -> None:
    """Move the files ``names`` from ``work`` into ``folder``, which holds files of the
    user's (``force``): a file of the same name is replaced, tilepress's own files of an
    earlier output that this one does not write are removed, nothing else is touched."""
    blocked = next((n for n in names if (folder / n).is_dir()), None)
    if blocked is not None:
        raise FileFormatError(f"cannot write {os.fspath(folder / blocked)!r}: it is a folder")
    earlier = _manifest(folder) or set()
    mode = 0o666 & ~umask()
    for name in names:
        os.chmod(work / name, mode)
        os.replace(work / name, folder / name)
    for name in sorted(earlier - set(names)):
        if (folder / name).is_file() and not (folder / name).is_symlink():
            os.unlink(folder / name)
    _write_manifest(work, names)
    os.chmod(work / MANIFEST, mode)
    os.replace(work / MANIFEST, folder / MANIFEST)


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


__all__ = ["MANIFEST", "PNG_MARK", "SVG_MARK", "SVG_PROLOG", "Mark", "check_output",
           "check_replace", "parse_toml", "read_text", "replaceable", "tilepress_wrote",
           "umask", "write_all", "write_atomic", "write_folder"]
