"""The folder a submission's kernel works in, made afresh for each notebook: where it lies
(:func:`_grading_folder`, with a path short enough for the kernel's unix sockets), the caches copied into it so
a kernel neither compiles nor builds again what the grader already has (:func:`_numba_cache`,
:func:`_pokerlab_cache`, each file through :func:`_copy_regular`, which never follows a link), and the kernel
spec that starts the sandbox there (:func:`_kernel_spec`).

A module of its own because it is everything the grader writes for a kernel before the kernel starts, so what a
submission can find in its folder is decided in one place. The run itself is :mod:`pokerlab.course._execute`.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from pokerlab import _warm
from pokerlab._cache import FORMAT, cache_dir
from pokerlab.course._isolation import _stranger
from pokerlab.course._mounts import _inside, _secret_paths, _visible_paths

#: the longest path a unix socket may have (sun_path holds 108 bytes with its closing NUL)
SOCKET_PATH_MAX = 107


def _grading_folder() -> Path:
    """A fresh private folder for one notebook's grading, in ``$TMPDIR``; in ``/tmp`` when ``$TMPDIR`` is so deep
    that the kernel's sockets (``<folder>/ipc/kernel-<port>``) would pass :data:`SOCKET_PATH_MAX` (zmq then
    refuses to start the kernel: "File name too long"). Either way it is removed with everything in it."""
    top = Path(tempfile.mkdtemp(prefix="pokerlab-grade-"))
    if len(os.fsencode(top / "ipc" / "kernel-99999")) > SOCKET_PATH_MAX and os.path.isdir("/tmp"):
        top.rmdir()
        top = Path(tempfile.mkdtemp(prefix="pokerlab-grade-", dir="/tmp"))
    return top


def _numba_cache(workdir: Path) -> None:
    """Copy pokerlab's compiled kernels (numba's cache, read-only in the sandbox or out of its sight) into the
    kernel's own cache folder, so a submission does not compile them again (and cannot alter the originals).

    The cache is read wherever numba keeps it for the grader's settings (:func:`pokerlab._warm.cache_folders`:
    beside the package, or ``$NUMBA_CACHE_DIR``, or numba's folder in the user's cache when the package is
    read-only). On a fresh install the first notebook's kernel compiles what its lesson uses and the check
    process, which can write the cache, compiles its own share; the notebooks after it get copies. (Compiling
    every kernel up front, ``warm_kernels``, cost about 51 s of one core against about 20 s for the first notebook
    of three lessons, measured by the outside tester on 2026-11-28: it pays only from about twenty notebooks on.)"""
    try:
        from numba.core.caching import _CacheLocator

        folders = _warm.cache_folders()
    except ImportError:
        return
    room = NUMBA_COPY_LIMIT
    for cache, code_folder in folders:
        try:
            files = [f for f in cache.iterdir() if f.suffix in (".nbi", ".nbc")]
        except OSError:
            continue
        if files:
            target = workdir / ".numba" / _CacheLocator.get_suitable_cache_subpath(str(code_folder / "x.py"))
            target.mkdir(parents=True, exist_ok=True)
            for f in files:
                room -= _copy_regular(f, target / f.name, room)


NUMBA_COPY_LIMIT = 256 * 2**20
"""At most this many bytes of numba's cache are copied into each kernel's working folder (pokerlab's kernels
take a few MB)."""


def _copy_regular(src: Path, dst: Path, room: int) -> int:
    """Copy ``src`` to ``dst`` if it is a regular file of at most ``room`` bytes; return the bytes copied.

    Shared by :func:`_numba_cache` and :func:`_pokerlab_cache`. A cache may sit in a folder others can write
    (``$NUMBA_CACHE_DIR``, ``$POKERLAB_CACHE_DIR``): the file is opened without
    following a link and checked on the open file, so a link planted there cannot bring a file the grader
    can read (the lessons, its own files) into a submission's kernel, nor a pipe hang the copy."""
    with contextlib.suppress(OSError):
        fd = os.open(src, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            st = os.fstat(f.fileno())
            if stat.S_ISREG(st.st_mode) and st.st_size <= room:
                data = f.read(st.st_size)  # no more than was counted, should the file grow
                with open(dst, "wb") as out:
                    out.write(data)
                os.utime(dst, ns=(st.st_atime_ns, st.st_mtime_ns))  # as copy2 did (numba reads the index, not this)
                return len(data)
    return 0


CACHE_COPY_LIMIT = 64 * 2**20
"""At most this many bytes of the grader's pokerlab cache are copied into each kernel's working folder."""


def _pokerlab_cache(workdir: Path) -> None:
    """Copy the grader's pokerlab cache (evaluator tables, canonical boards, BPP's deal counts: a few MB) into
    the kernel's own cache folder, so each submission does not build them again (lesson 08's network alone
    counts 400,000 deals). Each file carries its digest and is checked when read (``pokerlab._cache``), and a
    submission can change only its own copy. Only regular files named as pokerlab names its cache files, and
    no more than :data:`CACHE_COPY_LIMIT` bytes, newest first; anything missing is built as before."""
    target = workdir / ".pokerlab-cache"
    target.mkdir(exist_ok=True)
    try:
        names = list(cache_dir().glob(f"*-f{FORMAT}.npz"))
    except OSError:
        return
    found = []
    for f in names:  # one file gone (removed since the listing) costs only that file, not the whole copy
        with contextlib.suppress(OSError):
            st = f.lstat()
            if stat.S_ISREG(st.st_mode):
                found.append((st.st_mtime, f))
    found.sort(key=lambda x: x[0], reverse=True)
    room = CACHE_COPY_LIMIT
    for _, f in found:  # a file swapped for a link, a pipe or a bigger file since the listing is not copied
        room -= _copy_regular(f, target / f.name, room)


_PLAIN_DISPLAY = (
    "--MimeBundleFormatter.enabled=False",
    "--IPythonDisplayFormatter.enabled=False",
    "--DisplayFormatter.active_types=text/plain",
)
"""The kernel shows every value as plain text: the grader drops every output, so drawing a chart (a PNG by
vl-convert, a second or more each) or an HTML table in a kernel would only cost time. No answer can depend
on it: IPython never lets a failing display fail a cell."""


def _kernel_spec(
    folder: Path,
    top: Path,
    workdir: Path,
    memory: int,
    cpu: int,
    mode: str,
    hide: Sequence[str] = (),
    procs: Sequence[str] = (),
) -> None:
    argv = [sys.executable, "-m", "pokerlab.course._sandbox", "--memory", str(memory), "--cpu", str(cpu)]
    argv += [x for p in procs for x in ("--cgroup", p)]
    if mode != "none":
        argv += ["--isolate", mode, "--root", str(top / "root"), "--workdir", str(workdir)]
        argv += ["--ipc", str(top / "ipc")]  # no network: the kernel talks to the runner over unix sockets
        visible = _visible_paths()
        # a secret inside a visible folder (lessons inside the package, say) is covered; nothing else is named here
        # (the kernel's first process shows this command line in its /proc: no other submission is on it)
        covered = [os.path.realpath(p) for p in [*_secret_paths(), *hide]]
        covered = [p for p in covered if any(_inside(p, v) for v in visible)]
        argv += [x for p in covered for x in ("--hide", p)]
        argv += [x for p in visible for x in ("--keep", p)] + ["--user", "{}:{}".format(*_stranger())]
    spec = {
        "argv": [*argv, *_PLAIN_DISPLAY, "-f", "{connection_file}"],
        "display_name": "pokerlab grader",
        "language": "python",
        "env": {
            "HOME": str(workdir),
            "MPLCONFIGDIR": str(workdir / ".mpl"),
            "NUMBA_CACHE_DIR": str(workdir / ".numba"),
            "POKERLAB_CACHE_DIR": str(workdir / ".pokerlab-cache"),
            "PYTHONDONTWRITEBYTECODE": "1",
        },
    }
    (folder / "pokerlab-grader").mkdir(parents=True)
    (folder / "pokerlab-grader" / "kernel.json").write_text(json.dumps(spec))
