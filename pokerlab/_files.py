"""Writing a file safely: the one helper every writer in pokerlab uses.

A reader must never see half a file, and writing must not change who can read it. So
:func:`atomic_writer` (and :func:`write_text` / :func:`write_bytes` on top of it)

* writes to a new temporary file beside the target and renames it over the target only when the
  writing finished (``os.replace`` is atomic on one file system): a crash or Ctrl-C leaves the old file;
* gives a **new** file the mode ``0o666`` less the user's umask, as ``open()`` would (``tempfile.mkstemp``
  would make it ``0o600``, so other users of a shared teaching machine could not read a regenerated table);
* gives a file that **replaces** another the mode of the file it replaces;
* writes **through symbolic links**: the file written is the link's target (followed to the end, like
  ``open()`` does), and the link stays a link. Renaming over the link itself would replace it with a
  plain file and leave its target's old content behind.
* writes **into** a target that is not a regular file (``/dev/null``, ``/dev/stdout``, a named pipe), as
  ``open()`` does: renaming over it would replace the device or pipe with a plain file (as root, a
  regular ``/dev/null`` for every program on the machine). Such a write cannot be atomic.

One thing an atomic replace cannot keep is a **hard link**: the new file is a new inode, so another name
of the old file keeps the old content (``open(path, "w")`` would change both names, but a reader could
see half a file). pokerlab chooses whole files; use a symbolic link where two names must show one file.

Errors are ``OSError``; each caller turns them into its own :mod:`pokerlab.errors` exception, naming the path.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any


def target_of(path: str | os.PathLike[str]) -> Path:
    """The file a write to ``path`` must change: ``path`` itself, or the end of its chain of symbolic links."""
    p = Path(path)
    if "\0" in str(p):
        raise OSError(errno.EINVAL, "a file name cannot hold a NUL character")
    if not p.is_symlink():
        return p
    return Path(os.path.realpath(p))  # a dangling link names the file to create


def _file_of(fd: int, mode: str, encoding: str | None, newline: str | None) -> IO[Any]:
    """The file object of an open descriptor: bytes for ``"wb"``, text with ``encoding``/``newline`` for ``"w"``."""
    return os.fdopen(fd, "wb") if mode == "wb" else os.fdopen(fd, "w", encoding=encoding, newline=newline)


@contextlib.contextmanager
def atomic_writer(
    path: str | os.PathLike[str], mode: str = "w", *, encoding: str | None = "utf-8", newline: str | None = ""
) -> Iterator[IO[Any]]:
    """A file object whose content replaces ``path`` (through links) when the ``with`` block ends without error.

    ``mode`` is ``"w"`` (text, ``encoding`` and ``newline`` as in :func:`open`; by default UTF-8 and no newline
    translation) or ``"wb"``. The parent folder must exist.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with atomic_writer(folder / "a.txt") as f:
    ...     _ = f.write("hello")
    >>> (folder / "a.txt").read_text()
    'hello'
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"mode must be 'w' or 'wb', not {mode!r}")
    if "\0" in os.fspath(path):  # os would raise ValueError, which callers do not expect from a file system
        raise OSError(errno.EINVAL, "a file name cannot hold a NUL character")
    target = target_of(path)
    if not target.name:  # "/" (Path drops a trailing "/" of any other folder, which is_dir finds)
        raise IsADirectoryError(errno.EISDIR, "a folder, not a file", str(target))
    try:
        st = target.stat()
    except FileNotFoundError:
        keep: int | None = None
    else:
        if not stat.S_ISREG(st.st_mode) and not stat.S_ISDIR(st.st_mode):  # a device or a pipe: write into it
            with _file_of(os.open(target, os.O_WRONLY | getattr(os, "O_BINARY", 0)), mode, encoding, newline) as g:
                yield g
            return
        keep = st.st_mode & 0o7777
    tmp = target.with_name(f".{target.name}.{secrets.token_hex(6)}.tmp")
    # os.open applies the umask to 0o666 itself, as open() does for a new file
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        if keep is not None:
            if hasattr(os, "fchmod"):
                os.fchmod(fd, keep)
            else:  # pragma: no cover - Windows
                os.chmod(tmp, keep)
        with _file_of(fd, mode, encoding, newline) as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def write_text(path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8", newline: str | None = "") -> Path:
    """Write ``text`` to ``path`` safely (see the module's docstring); returns the file written (a link's target)."""
    target = target_of(path)
    with atomic_writer(target, "w", encoding=encoding, newline=newline) as f:
        f.write(text)
    return target


def write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write ``data`` to ``path`` safely (see the module's docstring); returns the file written (a link's target)."""
    target = target_of(path)
    with atomic_writer(target, "wb") as f:
        f.write(data)
    return target


def create_in(folder_fd: int, name: str, text: str) -> None:
    """Create ``name`` afresh in the open folder ``folder_fd`` with ``text``: the one writer that does **not**
    write through a link. For output made (often as root) in a folder where someone else may have planted a link
    (the grader's feedback pages): a new temporary file (``O_EXCL | O_NOFOLLOW``) in that folder, renamed over
    ``name``, which replaces a link or a file there and never changes anything outside the folder."""
    tmp = f".{name[:100]}.{secrets.token_hex(6)}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(tmp, flags, 0o644, dir_fd=folder_fd)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.rename(tmp, name, src_dir_fd=folder_fd, dst_dir_fd=folder_fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=folder_fd)
        raise
