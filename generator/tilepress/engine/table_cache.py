"""The optional disk cache of tables that take a second or so to build (the standard-hand
tables, the lists of one-suit puzzle hands): the one place in the engine that touches
files.

The standard-hand tables take about a second to build; read back from
``$XDG_CACHE_HOME/tilepress/standard-tables.bin`` (or ``~/.cache/tilepress``; set
``TILEPRESS_CACHE_DIR`` to move it, or to an empty string for no cache) they take about a
tenth of that. Other tables have files of their own names in the same folder. The
cache is never needed for a result: a missing, damaged, foreign or out-of-date file is
built again, and a folder that cannot be written is left alone. The file is written whole
or not at all.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import struct
import tempfile
import zlib
from collections.abc import Sequence
from pathlib import Path


def cache_path(name: str = "standard-tables.bin") -> Path | None:
    """Where the cache file ``name`` goes (None: no cache)."""
    override = os.environ.get("TILEPRESS_CACHE_DIR")
    if override is not None:
        return Path(override) / name if override else None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tilepress" / name


def _fingerprint(source_files: str | Sequence[str], version: bytes) -> bytes:
    """Tables built by other code are not these tables: the builders' source is hashed."""
    digest = hashlib.sha256()
    for source_file in [source_files] if isinstance(source_files, str) else source_files:
        try:
            digest.update(Path(source_file).read_bytes())
        except OSError:  # pragma: no cover - installed without sources
            digest.update(version)
    return digest.digest()


def encode(sections: dict[str, bytes], fingerprint: bytes, version: bytes) -> bytes:
    body = b"".join(struct.pack("<B", len(name)) + name.encode() + struct.pack("<Q", len(data))
                    + data for name, data in sorted(sections.items()))
    return version + fingerprint + struct.pack("<I", zlib.crc32(body)) + body


def decode(blob: bytes, fingerprint: bytes, version: bytes) -> dict[str, memoryview]:
    """The sections of a cache file, as views of ``blob`` (nothing copied); ValueError if
    it is not a complete, current one (a CRC-32 of the body tells damage)."""
    head = len(version)
    if blob[:head] != version or blob[head : head + 32] != fingerprint:
        raise ValueError("not a current tables file")
    body = memoryview(blob)[head + 36 :]
    if struct.pack("<I", zlib.crc32(body)) != blob[head + 32 : head + 36]:
        raise ValueError("damaged tables file")
    sections, pos = {}, 0
    while pos < len(body):
        size = body[pos]
        name = bytes(body[pos + 1 : pos + 1 + size]).decode()
        pos += 1 + size
        (length,) = struct.unpack_from("<Q", body, pos)
        pos += 8
        if pos + length > len(body):
            raise ValueError("damaged tables file")
        sections[name] = body[pos : pos + length]
        pos += length
    return sections


def _write(path: Path, blob: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(blob)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def read(*, fingerprint_of: str | Sequence[str], version: bytes,
         name: str = "standard-tables.bin") -> dict[str, memoryview] | None:
    """The cached sections, or None when there is no sound, current cache file."""
    path = cache_path(name)
    if path is None:
        return None
    try:
        return decode(path.read_bytes(), _fingerprint(fingerprint_of, version), version)
    except (OSError, ValueError, struct.error, UnicodeDecodeError):
        return None


def write(sections: dict[str, bytes], *, fingerprint_of: str | Sequence[str],
          version: bytes, name: str = "standard-tables.bin") -> None:
    """Cache the sections, if the cache folder can be written."""
    path = cache_path(name)
    if path is not None:
        with contextlib.suppress(OSError):  # read-only: build again next time
            _write(path, encode(sections, _fingerprint(fingerprint_of, version), version))


__all__ = ["cache_path", "decode", "encode", "read", "write"]
