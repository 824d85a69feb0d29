"""Disk caches that are never trusted blindly.

Every cache file pokerlab writes (the evaluator's tables, the canonical
boards of the exact preflop table, BPP's deal counts) is one ``.npz`` with

* the arrays,
* ``provenance``: a JSON record of what the file holds and how it was made
  (kind, format version, parameters), compared with what the caller expects,
* ``digest``: sha256 over the provenance text and every array (name, dtype,
  shape, bytes).

A file is written to a temporary name in the same folder and renamed over
the old one (``os.replace`` is atomic), so a reader sees the old file or the
new one, never half of one, and two processes building the same cache at
once both end up with a complete file. :func:`load` returns None for a
missing file and, with one :class:`~pokerlab.errors.CacheWarning`, for an
empty, truncated, corrupt, edited or foreign one; the caller then rebuilds.
"""

from __future__ import annotations

import hashlib
import json
import os
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from pokerlab._files import atomic_writer
from pokerlab.errors import CacheWarning

FORMAT = 2
"""Cache file format (provenance + digest as here); part of every cache file's name."""


def cache_dir() -> Path:
    """Where pokerlab caches tables: ``$POKERLAB_CACHE_DIR`` or ``~/.cache/pokerlab``."""
    env = os.environ.get("POKERLAB_CACHE_DIR")
    return Path(env) if env else Path.home() / ".cache" / "pokerlab"


def digest(arrays: Mapping[str, np.ndarray], provenance: str) -> str:
    """sha256 over the provenance text and every array's name, dtype, shape and bytes."""
    h = hashlib.sha256(provenance.encode())
    for name in sorted(arrays):
        a = np.ascontiguousarray(arrays[name])
        h.update(f"\0{name}\0{a.dtype.str}\0{a.shape}\0".encode())
        h.update(a.tobytes())
    return h.hexdigest()


def load(path: Path, expected: Mapping[str, Any], names: tuple[str, ...]) -> dict[str, np.ndarray] | None:
    """The arrays ``names`` of a cache file whose digest checks and whose provenance has ``expected``.

    None when the file is missing, or (after one warning) when it cannot be
    trusted for any reason.
    """
    if not path.exists():
        return None
    if not path.is_file():  # a folder, a named pipe (opening it would wait for a writer forever) or a device
        warn(f"the cache file {path} is not a regular file; working without it (remove it to cache again)")
        return None
    try:
        with open(path, "rb") as f, np.load(f, allow_pickle=False) as data:
            arrays = {k: np.array(data[k]) for k in names}
            text = str(data["provenance"])
            stored = str(data["digest"])
        provenance = json.loads(text)
        if stored != digest(arrays, text):
            reason = "it fails its checksum"
        elif not isinstance(provenance, dict) or any(provenance.get(k) != v for k, v in expected.items()):
            reason = "it was made for something else"
        else:
            return arrays
    except KeyboardInterrupt:
        raise
    except Exception as exc:
        reason = f"it cannot be read ({type(exc).__name__})"
    warn(f"the cache file {path} is unusable ({reason}); rebuilding it")
    return None


def save(path: Path, arrays: Mapping[str, np.ndarray], provenance: Mapping[str, Any]) -> None:
    """Write a cache file atomically (temporary file, then rename); a read-only folder is not an error."""

    text = json.dumps(dict(provenance), sort_keys=True)
    if path.exists() and not path.is_file():  # never write a cache into a pipe or a device (it could block)
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_writer(path, "wb") as f:
            np.savez(f, provenance=np.array(text), digest=np.array(digest(arrays, text)), **arrays)  # type: ignore[arg-type]  # numpy types **kwds beside allow_pickle: bool
    except OSError:  # a read-only cache folder still works, only slower
        pass


def warn(message: str) -> None:
    """One :class:`~pokerlab.errors.CacheWarning` (the command line prints it as one line)."""
    warnings.warn(message, CacheWarning, stacklevel=3)
