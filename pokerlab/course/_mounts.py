"""What the grader's sandbox shows a submission: its allow-list of read-only mounts, and the folders where a key
must never be written because of it.

:func:`_mount_plan` is the one list: the grader hands it to the sandbox (``--keep``, :mod:`pokerlab.course._sandbox`
mounts each path read-only in the kernel's bare root), and :func:`exposed` answers from it whether a folder is in
a submission's sight, so ``course release --solutions``, ``course site --solutions`` and ``course slides`` refuse to
write there (:func:`refuse_exposed`). Everything else of the disk does not exist for a kernel.
"""

from __future__ import annotations

import contextlib
import os
import site
import sys
from collections.abc import Callable
from pathlib import Path

import pokerlab
from pokerlab.course.lessons import lessons_dir
from pokerlab.errors import DataError, ParameterError

__all__ = ["FEEDBACK", "exposed", "exposer", "refuse_exposed"]


SYSTEM_PATHS = ("/usr/bin", "/usr/lib", "/usr/lib64", "/usr/lib32", "/usr/libx32", "/usr/share/zoneinfo")
"""What a kernel sees of the system: programs and shared libraries (and, where the system is not merged into
/usr, the /bin, /lib... folders as they are). Never /usr/local, /usr/src, /usr/share (but time zones), /opt,
/home, /root, /srv, /var, /tmp or the disk's other folders."""
SYSTEM_FILES = tuple("/etc/" + n for n in ("nsswitch.conf", "ld.so.cache", "ld.so.conf",
    "ld.so.conf.d", "localtime", "timezone", "hosts", "mime.types", "alternatives", "fonts"))  # fmt: skip
"""The few files of /etc a kernel sees (a tuple: a generator here was used up by the first kernel's list). Never
the host's ``/etc/passwd`` or ``/etc/group``: they name every account of the machine (on a class's server, each
student's login and full name); the sandbox writes its own (:func:`pokerlab.course._sandbox.accounts`)."""


def _package_entry(path: str) -> bool:
    """Is this entry of a site-packages folder part of an installed package (code or its metadata)? A folder
    of notebooks (a key copied into the virtual environment) is not."""
    name = os.path.basename(path)
    if os.path.isfile(path):
        return name.endswith((".py", ".pyc", ".so", ".pyd", ".pyi", ".pth", ".typed"))
    if name.endswith((".dist-info", ".egg-info", ".libs", ".data")) or name == "__pycache__":
        return True
    try:
        with os.scandir(path) as entries:
            for e in entries:
                if e.name.endswith((".py", ".so")) or (
                    e.is_dir() and os.path.exists(os.path.join(e.path, "__init__.py"))
                ):
                    return True
    except OSError:
        return False
    return False


def _visible_paths() -> list[str]:
    """The kernel's allow-list: the paths it sees (read-only), everything else does not exist for it
    (:func:`_mount_plan`'s first list)."""
    return _mount_plan()[0]


def _mount_plan(lessons_known: bool = True) -> tuple[list[str], list[str]]:
    """The kernel's allow-list, and the folders whose entries it was chosen from (``site-packages``, a venv's
    ``bin``: a new entry there can join the list). ``lessons_known=False`` leaves out the lessons' folder
    when there is none (:func:`exposed` asks before any lesson is read).

    The system's programs and libraries (:data:`SYSTEM_PATHS`, :data:`SYSTEM_FILES`); Python: its executable
    (and the links that lead to it), its ``lib`` folder (the standard library) and, in a virtual environment,
    ``pyvenv.cfg``, the ``bin/python*`` links and each **package** of ``site-packages`` (code and metadata,
    not any other file or folder there); pokerlab's own package folder, and in a checkout its ``data/`` and
    ``pyproject.toml``. Never a checkout's other folders (the lessons, ``.git``, the nbgrader course folder),
    a venv's ``share/`` or root, ``/usr/local/src``, a release or deck folder, other submissions or the output
    folder: none of them is listed, wherever it lies."""
    secret = []
    try:
        secret.append(os.path.realpath(lessons_dir()))
    except DataError:
        if lessons_known:
            raise
    package = os.path.realpath(Path(pokerlab.__file__).parent)
    out: list[str] = []
    for path in SYSTEM_PATHS:
        if os.path.isdir(path) and not os.path.islink(path):
            out.append(path)
    for name in ("bin", "lib", "lib64", "lib32", "libx32", "sbin"):  # not merged into /usr: the folders themselves
        if os.path.isdir("/" + name) and not os.path.islink("/" + name):
            out.append("/" + name)
    out += [p for p in SYSTEM_FILES if os.path.lexists(p)]
    executables = {sys.executable, getattr(sys, "_base_executable", sys.executable)}
    for exe in executables:
        while exe and os.path.islink(exe):  # each link on the way, then the file
            out.append(exe)
            exe = os.path.join(os.path.dirname(exe), os.readlink(exe))
        if exe:
            out.append(os.path.realpath(exe))
    for prefix in {sys.base_prefix, sys.base_exec_prefix}:
        for lib in ("lib", "lib64"):
            folder = os.path.realpath(os.path.join(prefix, lib))
            if os.path.isdir(folder) and not folder.startswith("/usr/lib"):
                out.append(folder)
    sites = [*site.getsitepackages(), site.getusersitepackages()] if hasattr(site, "getsitepackages") else []
    scanned: list[str] = []
    if sys.prefix != sys.base_prefix:  # a virtual environment: its configuration, python links, packages
        out.append(os.path.join(sys.prefix, "pyvenv.cfg"))
        scanned.append(os.path.realpath(os.path.join(sys.prefix, "bin")))
        with contextlib.suppress(OSError):
            out += [e.path for e in os.scandir(os.path.join(sys.prefix, "bin")) if e.name.startswith("python")]
        with contextlib.suppress(OSError):
            if os.path.islink(os.path.join(sys.prefix, "lib64")):
                out.append(os.path.join(sys.prefix, "lib64"))
    for folder in sites:
        real = os.path.realpath(folder)
        if not os.path.isdir(real) or any(_inside(real, p) for p in out if not os.path.islink(p)):
            continue  # in the system's or Python's own lib folder, already visible
        scanned.append(real)
        with contextlib.suppress(OSError):
            out += [e.path for e in os.scandir(real) if _package_entry(e.path)]
    out.append(package)
    data = []  # a checkout keeps the data sets in data/ beside the package (datasets and preflop read them there)
    checkout = Path(package).parent
    if (checkout / "pyproject.toml").is_file() and (checkout / "data").is_dir():
        data += [str(checkout / "pyproject.toml"), str(checkout / "data")]
    if os.environ.get("POKERLAB_TABLES"):
        data.append(os.path.realpath(os.environ["POKERLAB_TABLES"]))
    out += data
    seen: list[str] = []
    for path in out:
        if path not in seen and not any(_inside(s, path) for s in secret) and os.path.lexists(path):
            seen.append(path)
    return seen, scanned


FEEDBACK = "the feedback pages (each student's code; with --reveal, the expected values) written"
"""What ``refuse_exposed`` says of a feedback folder (``course grade --feedback``)."""


def exposed(folder: str | Path) -> str | None:
    """Where the sandbox would show ``folder`` to every submission: the read-only path of the kernel's allow-list
    (:func:`_mount_plan`, the list the sandbox mounts) that holds it, or the folder whose entries the list is
    chosen from (``site-packages``); None when no submission can see it. A key, a solutions site or a slide
    deck written there could be read by a submission."""
    return exposer()(folder)


def exposer() -> Callable[[str | Path], str | None]:
    """:func:`exposed` for many folders, the list made once (a class's submission folders)."""
    visible, scanned = _mount_plan(lessons_known=False)
    shown = [(path, os.path.realpath(path)) for path in [*visible, *scanned]]

    def where(folder: str | Path) -> str | None:
        real = os.path.realpath(folder)
        return next((path for path, r in shown if _inside(real, r)), None)

    return where


def refuse_exposed(folder: str | Path, what: str) -> None:
    """A ParameterError (one line) when ``folder`` lies where the sandbox shows it to submissions (:func:`exposed`):
    ``what`` (the solutions written there, say) could be read by every graded notebook."""
    where = exposed(folder)
    if where is not None:
        raise ParameterError(
            f"{str(folder)!r:.120} lies in {where}, which the grader's sandbox shows to every submission: {what}"
            " there could be read by a graded notebook; use a folder outside Python, its packages and pokerlab's"
            " own folders (one of yours, e.g. ~/course/key)"
        )


def _secret_paths() -> list[str]:
    """Folders no kernel may see, should one lie inside a visible folder: the lessons and, in a checkout,
    its git history and nbgrader course folder (both hold the lessons)."""
    checkout = Path(pokerlab.__file__).resolve().parent.parent
    out = [str(lessons_dir())]
    if (checkout / "pyproject.toml").is_file():
        out += [str(checkout / name) for name in (".git", "course", "notebooks") if (checkout / name).exists()]
    return out


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")
