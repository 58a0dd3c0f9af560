"""A kit on disk: one folder per game, a zip of each, and a manifest of every file.

``out/kit/`` holds, for each game, ``GAME/`` (the PDFs and ``manifest.json``, the game's
own manifest: format ``tilepress-kit``, the options, and each file's pages, size and
SHA-256) and ``GAME.zip`` (that folder, stored); beside them ``manifest.json`` (format
``tilepress-kits``: every file of every kit in the folder with its size and SHA-256) and
``SHA256SUMS`` (the same hashes, and the manifest's, for ``sha256sum -c``).

Same options, same bytes: PDFs carry no dates, zips carry a fixed time (1980-01-01),
fixed permissions and their files in name order, stored rather than deflated (the PDFs
inside are compressed already, and a stored zip depends on no zlib build), and
manifests list files in name order.

Nothing is half-written and nothing of a user's is deleted: the kits are built in a
hidden folder inside the target, then each game's folder and zip replaces the previous
kit's in one rename. A ``GAME/`` folder, ``GAME.zip``, ``manifest.json`` or ``SHA256SUMS``
already there that is not a kit tilepress wrote -- no kit manifest, a file the manifest
does not list, a file changed since -- stops the build before anything is written. With
``force`` (``tilepress kit --force``) such a file is replaced, and the kit's files go into
such a folder beside what it holds (a file of the same name replaced, nothing else
deleted); a folder where a file goes, a file where a folder goes, or a symbolic link is
refused even then.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tilepress.errors import FileFormatError
from tilepress.files import umask, write_all

KIT_FORMAT = "tilepress-kit"
INDEX_FORMAT = "tilepress-kits"
VERSION = 1
MANIFEST = "manifest.json"
SUMS = "SHA256SUMS"
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class KitFile:
    """One file of a game's kit, built: its name, bytes, pages, and what the cover says of
    it."""

    name: str
    data: bytes
    pages: int
    what: str
    stock: str
    how: str

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


@dataclass(frozen=True)
class GameKit:
    """A game's kit, built in memory: its files, the cover first."""

    game: str
    title: str
    options: dict[str, Any]
    version: str
    files: tuple[KitFile, ...]

    def manifest(self) -> bytes:
        """The game's manifest: the kit, its options, and every file with its pages,
        size and SHA-256."""
        return _json({
            "format": KIT_FORMAT, "version": VERSION, "game": self.game, "title": self.title,
            "tilepress": self.version, "options": self.options,
            "files": [{"file": f.name, "what": f.what, "print on": f.stock, "how": f.how,
                       "pages": f.pages, "bytes": len(f.data), "sha256": f.sha256}
                      for f in sorted(self.files, key=lambda f: f.name)],
        })

    def contents(self) -> list[tuple[str, bytes]]:
        """The files of the game's folder, manifest included, in name order."""
        return sorted([(f.name, f.data) for f in self.files] + [(MANIFEST, self.manifest())])

    def zip(self) -> bytes:
        return zip_bytes([(f"{self.game}/{name}", data) for name, data in self.contents()])


def _json(value: Any) -> bytes:
    return (json.dumps(value, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def zip_bytes(files: list[tuple[str, bytes]]) -> bytes:
    """A zip of ``(name, data)`` that is the same bytes wherever and whenever it is made:
    names in order, a fixed time and permissions, stored."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        for name, data in sorted(files):
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.create_system = 3  # unix, so that the permissions below are read
            info.external_attr = 0o100644 << 16
            info.compress_type = zipfile.ZIP_STORED
            archive.writestr(info, data)
    return out.getvalue()


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# ---------------------------------------------------------------------------
# What is already there
# ---------------------------------------------------------------------------


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None


def _listed(path: Path, game: str) -> dict[Any, Any] | None:
    """The files a kit folder's manifest lists, with their SHA-256 (None without a kit
    manifest of ``game``)."""
    manifest = _read_json(path / MANIFEST)
    if not (isinstance(manifest, dict) and manifest.get("format") == KIT_FORMAT
            and manifest.get("game") == game and isinstance(manifest.get("files"), list)):
        return None
    return {f.get("file"): f.get("sha256") for f in manifest["files"] if isinstance(f, dict)}


def _kit_folder_fault(path: Path, game: str, *, others: bool = False) -> str:
    """Why ``path`` is not a kit of ``game`` that tilepress wrote ("" when it is one, or
    when there is nothing there); with ``others``, files the kit does not list are
    allowed beside it (a kit written into a folder of the user's with ``force``)."""
    if not os.path.lexists(path):
        return ""
    if path.is_symlink() or not path.is_dir():
        return "it is not a kit folder"
    listed = _listed(path, game)
    if listed is None:
        return f"it has no kit {MANIFEST}"
    for entry in sorted(path.iterdir()):
        if entry.name == MANIFEST or (others and entry.name not in listed):
            continue
        if entry.name not in listed or entry.is_symlink() or not entry.is_file():
            return f"{entry.name} is not part of the kit"
        if _sha256(entry) != listed[entry.name]:
            return f"{entry.name} was changed after the kit was written"
    if others and not all((path / name).is_file() for name in listed if isinstance(name, str)):
        return "a file of the kit is missing"
    return ""


def _kit_zip_fault(path: Path, game: str) -> str:
    if not os.path.lexists(path):
        return ""
    if path.is_symlink() or not path.is_file():
        return "it is not a kit's zip"
    try:
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
            manifest = json.loads(archive.read(f"{game}/{MANIFEST}"))
    except (OSError, KeyError, ValueError, zipfile.BadZipFile):
        return "it is not a kit's zip"
    if manifest.get("format") != KIT_FORMAT or any(not n.startswith(f"{game}/") for n in names):
        return "it is not a kit's zip"
    return ""


def _index_fault(folder: Path) -> tuple[str, str]:
    """The first of ``manifest.json`` and ``SHA256SUMS`` in ``folder`` that a kit did not
    write, and why (("", "") when both are a kit's or absent)."""
    index = folder / MANIFEST
    if os.path.lexists(index):
        data = _read_json(index) if index.is_file() and not index.is_symlink() else None
        if not (isinstance(data, dict) and data.get("format") == INDEX_FORMAT):
            return MANIFEST, "it is not a kit manifest"
    sums = folder / SUMS
    if os.path.lexists(sums):
        try:
            lines = sums.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            lines = ["?"]
        if not os.path.lexists(index) or not all(re.fullmatch(r"[0-9a-f]{64}  \S.*", line)
                                                 for line in lines):
            return SUMS, "it is not a kit's list of hashes"
    return "", ""


def _forced_through(path: Path, folder: bool) -> bool:
    """Whether ``force`` may replace what is at ``path`` (a regular file where a file
    goes) or write into it (a real folder where a folder goes)."""
    return not path.is_symlink() and (path.is_dir() if folder else path.is_file())


def check_targets(folder: str | os.PathLike[str], games: list[str], *,
                  force: bool = False) -> None:
    """Refuse (one line) when ``folder`` cannot hold these kits: it is a file, or a game's
    folder, zip or the manifest there is not a previous kit's (unless ``force``, and
    :func:`_forced_through` allows it)."""
    folder = Path(folder)
    near = folder
    while not os.path.lexists(near) and near != near.parent:
        near = near.parent
    if not near.is_dir():
        what = "it is" if near == folder else f"{os.fspath(near)!r} is"
        raise FileFormatError(f"cannot write the kit to {os.fspath(folder)!r}: {what} a file, "
                              "not a folder")
    if not os.access(near, os.W_OK | os.X_OK):
        raise FileFormatError(f"cannot write the kit to {os.fspath(folder)!r}: permission "
                              f"denied in {os.fspath(near)!r}")
    if near != folder:
        return
    name, why = _index_fault(folder)
    faults = [(name, why)] if name else []
    for game in games:
        faults += [(game, _kit_folder_fault(folder / game, game)),
                   (f"{game}.zip", _kit_zip_fault(folder / f"{game}.zip", game))]
    for name, why in faults:
        if not why or (force and _forced_through(folder / name, name in games)):
            continue
        where = os.fspath(folder / name)
        if force:
            raise FileFormatError(f"{where!r} is not a previous kit ({why}), and even with "
                                  "--force a kit never replaces a folder with a file, a file "
                                  "with a folder, or a link: move it away")
        raise FileFormatError(f"{where!r} is not a previous kit ({why}); it is left as it "
                              "is: move it away, write the kit to another folder, or add "
                              "--force to replace it")


# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------


def _stage(kit: GameKit, work: Path) -> None:
    """The game's folder and zip, written inside ``work``."""
    folder = work / kit.game
    folder.mkdir()
    mode = 0o666 & ~umask()
    for name, data in kit.contents():
        (folder / name).write_bytes(data)
        os.chmod(folder / name, mode)
    os.chmod(folder, 0o777 & ~umask())
    (work / f"{kit.game}.zip").write_bytes(kit.zip())
    os.chmod(work / f"{kit.game}.zip", mode)


def _swap(new: Path, target: Path, old: Path) -> None:
    """Put ``new`` at ``target``; a previous kit there goes to ``old`` first, and comes
    back if the move fails."""
    moved = False
    if os.path.lexists(target):
        target.rename(old)
        moved = True
    try:
        new.rename(target)
    except BaseException:
        if moved:
            old.rename(target)
        raise


def _merge(new: Path, target: Path) -> None:
    """Move the files of ``new`` into the folder ``target`` (``force``: a folder of the
    user's), each replacing a file of its name; nothing else there is touched."""
    for entry in sorted(new.iterdir()):
        if (target / entry.name).is_dir() and not (target / entry.name).is_symlink():
            raise FileFormatError(f"cannot write {os.fspath(target / entry.name)!r}: it is a "
                                  "folder")
    for entry in sorted(new.iterdir()):
        os.replace(entry, target / entry.name)


def write_kits(kits: list[GameKit], folder: str | os.PathLike[str], *,
               force: bool = False) -> list[Path]:
    """Write the kits into ``folder`` (see the module's docstring); returns every file
    written, in order: each game's files, its zip, then the manifest and the hashes."""
    folder = Path(folder)
    games = [kit.game for kit in kits]
    check_targets(folder, games, force=force)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=".kit-", dir=folder))
    except OSError as exc:
        raise FileFormatError(f"cannot write the kit to {os.fspath(folder)!r}: "
                              f"{exc.strerror}") from None
    written: list[Path] = []
    try:
        try:
            for kit in kits:
                _stage(kit, work)
        except OSError as exc:
            raise FileFormatError(f"cannot write the kit to {os.fspath(folder)!r}: "
                                  f"{exc.strerror}") from None
        check_targets(folder, games, force=force)  # nothing came in the way meanwhile
        for kit in kits:
            if _kit_folder_fault(folder / kit.game, kit.game):  # force: the user's folder
                _merge(work / kit.game, folder / kit.game)
            else:
                _swap(work / kit.game, folder / kit.game, work / f"old-{kit.game}")
            _swap(work / f"{kit.game}.zip", folder / f"{kit.game}.zip",
                  work / f"old-{kit.game}.zip")
            written += [folder / kit.game / name for name, _ in kit.contents()]
            written.append(folder / f"{kit.game}.zip")
        manifest, sums = index(folder)
        # both were judged by the kit's own rules above (check_targets, with force)
        written += write_all([(folder / MANIFEST, manifest), (folder / SUMS, sums)],
                             force=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return written


def index(folder: str | os.PathLike[str]) -> tuple[bytes, bytes]:
    """The manifest of every kit in ``folder`` (each game's files and zip, with size and
    SHA-256) and the matching ``SHA256SUMS``, which also covers the manifest."""
    folder = Path(folder)
    entries: list[dict[str, Any]] = []
    games: dict[str, Any] = {}
    for path in sorted(folder.iterdir()):
        if path.name.startswith(".") or not path.is_dir() or _kit_folder_fault(
                path, path.name, others=True):
            continue
        manifest = _read_json(path / MANIFEST)
        games[path.name] = {"title": manifest.get("title", path.name),
                            "options": manifest.get("options", {})}
        listed = {*(_listed(path, path.name) or {}), MANIFEST}
        files = [f for f in sorted(path.iterdir()) if f.is_file() and f.name in listed]
        zipped = folder / f"{path.name}.zip"
        if zipped.is_file() and not _kit_zip_fault(zipped, path.name):
            files.append(zipped)
        entries += [{"path": f.relative_to(folder).as_posix(), "bytes": f.stat().st_size,
                     "sha256": _sha256(f)} for f in files]
    entries.sort(key=lambda e: e["path"])
    manifest = _json({"format": INDEX_FORMAT, "version": VERSION, "kits": games,
                      "files": entries})
    sums = [(e["sha256"], e["path"]) for e in entries]
    sums.append((hashlib.sha256(manifest).hexdigest(), MANIFEST))
    text = "".join(f"{digest}  {path}\n" for digest, path in sorted(sums, key=lambda s: s[1]))
    return manifest, text.encode("utf-8")


__all__ = ["INDEX_FORMAT", "KIT_FORMAT", "MANIFEST", "SUMS", "GameKit", "KitFile",
           "check_targets", "index", "write_kits", "zip_bytes"]
