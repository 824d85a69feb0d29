"""Submitted files, read and written without following a link: what ``pokerlab course grade`` reads and writes.

The grader often runs as root, on files a student chose: submissions collected as git repositories (GitHub
Classroom), tar archives or a shared folder keep symbolic links, and ``mallory/05.ipynb ->
../../key/05_betting_strategies.ipynb`` opened as root is the answer key. So:

* **Reading** (:func:`collect`): the notebooks are found from the paths given (a folder stands for the
  ``*.ipynb`` entries directly in it) and read below their *common folder*, one path component at a time,
  each opened with ``O_NOFOLLOW``: a link anywhere below the common folder (the file itself or a folder on
  its way), a device, a named pipe, a socket or a folder named like a notebook is listed as
  "not graded: not a regular file (...)" without being opened, and the rest of the batch is graded. A hard
  link (a file with more than one name: ``mallory/05.ipynb`` and the key) is opened but not graded either.
  The common folder itself (and the folders above it) is the lecturer's choice and is followed as given: the
  ``root`` given (``--root``), else the folder holding them all, or its parent when they all lie in one folder.
* **Naming**: each submission is known by its path relative to the common folder (``bob/05.ipynb``; the
  notebooks of one folder, or one alone, keep that folder in their names as in a class); its
  feedback page is named from that path by :func:`page_name` (one name per path, never two), and the
  student is the first folder of that path (:func:`student`).
* **Showing**: :func:`shown` escapes what could forge a line of the text report (control characters, line
  and paragraph separators, bidirectional controls, and every non-ASCII character that is not a letter,
  a digit or a mark: ``U+2215`` looks like ``/``).
* **Writing** (:class:`Output`): every file is created fresh in the output folder, opened once with
  ``O_NOFOLLOW``: a page is written to a new temporary file (``O_EXCL``) and renamed over its name (a rename
  replaces a link, never writes through it), the gradebook is appended with ``O_NOFOLLOW``. An output folder
  that is a link, or a planted link (or any non-regular file) where a page or the gradebook goes, or a
  gradebook with another name (a hard link, appended through), is refused before anything is graded, with
  one line.
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import stat
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pokerlab._files import create_in
from pokerlab.errors import ParameterError

MAX_BYTES = 16 * 2**20  # a notebook larger than this is refused unread (the largest lesson: 0.9 MB)

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOCTTY = getattr(os, "O_NOCTTY", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


@dataclass(frozen=True)
class Submission:
    """One submitted file: the path as given, the path relative to the common folder, its bytes (None when it
    was not read) and why it was not read ("" when it was)."""

    path: str
    relative: str
    data: bytes | None
    problem: str = ""
    source: str = ""  # where it lies: the common folder resolved, then ``relative`` (the gradebook keeps it)

    @property
    def digest(self) -> str:
        """The SHA-256 of the content ("" for a file not read): the gradebook's key for "unchanged"."""
        return hashlib.sha256(self.data).hexdigest() if self.data is not None else ""


def _kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISLNK, "a symbolic link"),
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a named pipe"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return "not a plain file"


def not_regular(why: str) -> str:
    """The problem of a file that is not opened: ``not a regular file (a symbolic link)``, say."""
    return f"not a regular file ({why})"


def _listed(paths: list[str]) -> list[str]:
    """The candidates, as absolute paths (never resolved): a folder stands for its ``*.ipynb`` entries."""
    out: list[str] = []
    for given in paths:
        if "\0" in given:
            raise ParameterError("a notebook's path cannot hold a NUL character")
        path = os.path.abspath(given)
        try:
            st = os.lstat(path)
        except OSError as exc:
            raise ParameterError(f"no notebook at {given!r}") from exc
        if stat.S_ISDIR(st.st_mode) and not path.endswith(".ipynb"):
            try:
                inside = sorted(e.name for e in os.scandir(path) if e.name.endswith(".ipynb"))
            except OSError as exc:
                raise ParameterError(f"cannot list the folder {given!r}: {exc.strerror}") from exc
            if not inside:
                raise ParameterError(f"no notebook (*.ipynb) in the folder {given!r}")
            out += [os.path.join(path, name) for name in inside]
        else:
            out.append(path)
    return out


def collect(paths: list[str], root: str | os.PathLike[str] | None = None) -> tuple[str, list[Submission]]:
    """The common folder and every submission in ``paths``, read into memory (see the module docstring).

    The common folder is ``root`` when given (every notebook must lie below it), else computed: the folder
    that holds them all, or its parent when they all lie in one folder (``alice/01.ipynb`` and
    ``alice/05.ipynb`` keep the student's folder in their names, and that folder is read without following a
    link, as for a single submission). A path that does not exist at all is a ParameterError (a typing
    mistake); anything that exists but is not a regular file reached without a link is listed with its
    problem, never opened."""
    found = _listed(paths)
    shown_as = {os.path.abspath(p): p for p in paths}
    if root is not None:
        top = os.path.abspath(os.fspath(root))
        if not os.path.isdir(top):
            raise ParameterError(f"--root {shown(os.fspath(root))!r} is not a folder")
        for path in found:
            if os.path.commonpath([top, path]) != top or path == top:
                raise ParameterError(
                    f"{shown(shown_as.get(path, path))!r} is not inside --root {shown(os.fspath(root))!r}"
                )
    else:
        folders = {os.path.dirname(p) for p in found}
        top = os.path.commonpath(list(folders))
        if len(folders) == 1:
            # the notebooks of one folder (one student's, or one alone) keep that folder in their names, as in
            # the class's batch: graded one student at a time into one feedback folder, alice's and amy's
            # 05.ipynb stay apart, and a link that is that folder (eve/lab -> the key) is refused
            top = os.path.dirname(top)
    real = os.path.realpath(top)
    out = []
    for path in found:
        rel = os.path.relpath(path, top)
        data, problem = _read_below(top, rel)
        source = os.path.join(real, rel)
        out.append(Submission(shown_as.get(path, path), rel.replace(os.sep, "/"), data, problem, source))
    return top, out


def _read_below(root: str, rel: str) -> tuple[bytes | None, str]:
    parts = rel.split(os.sep)
    try:
        fd = os.open(root, os.O_RDONLY | _DIRECTORY | _CLOEXEC)
    except OSError as exc:
        return None, f"not readable ({exc.strerror})"
    try:
        for part in parts[:-1]:
            try:
                st = os.stat(part, dir_fd=fd, follow_symlinks=False)
            except OSError as exc:
                return None, f"not readable ({exc.strerror})"
            if not stat.S_ISDIR(st.st_mode):
                return None, not_regular(f"{_kind(st.st_mode)} on its path: {shown(part)}")
            try:
                nxt = os.open(part, os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC, dir_fd=fd)
            except OSError as exc:
                return None, f"not readable ({exc.strerror})"
            os.close(fd)
            fd = nxt
        try:
            st = os.stat(parts[-1], dir_fd=fd, follow_symlinks=False)
        except OSError as exc:
            return None, f"not readable ({exc.strerror})"
        if not stat.S_ISREG(st.st_mode):
            return None, not_regular(_kind(st.st_mode))
        if st.st_size > MAX_BYTES:
            return None, f"larger than {MAX_BYTES // 2**20} MB"
        try:
            f = os.open(parts[-1], os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _NOCTTY | _CLOEXEC, dir_fd=fd)
        except OSError as exc:  # swapped for a link since the look: ELOOP
            if exc.errno == errno.ELOOP:
                return None, not_regular("a symbolic link")
            return None, f"not readable ({exc.strerror})"
        try:
            st = os.fstat(f)
            if not stat.S_ISREG(st.st_mode):  # swapped for a pipe or a device since the look
                return None, not_regular(_kind(st.st_mode))
            if st.st_nlink > 1:  # another name of a file that may lie anywhere on this disk (the key, say)
                return None, f"a hard link (the file has {st.st_nlink} names): grade a copy of it"
            chunks, left = [], MAX_BYTES + 1
            while left > 0 and (chunk := os.read(f, min(left, 2**20))):
                chunks.append(chunk)
                left -= len(chunk)
            data = b"".join(chunks)
            if len(data) > MAX_BYTES:
                return None, f"larger than {MAX_BYTES // 2**20} MB"
            return data, ""
        except OSError as exc:
            return None, f"not readable ({exc.strerror})"
        finally:
            os.close(f)
    finally:
        os.close(fd)


_KEEP = re.compile(r"[A-Za-z0-9._-]")
MAX_NAME = 200  # bytes of a page name before the ".html": far below the file system's 255


def page_name(relative: str) -> str:
    """The feedback page of a submission: its relative path with every character but ``A-Z a-z 0-9 . _ -``
    escaped (``/`` as ``~``, anything else as ``%XX`` per UTF-8 byte), then ``.html``. Two paths never share a
    name (``~`` and ``%`` never stand for themselves); a name too long ends with a digest of the whole path."""
    out = []
    for ch in relative:
        if _KEEP.fullmatch(ch):
            out.append(ch)
        elif ch == "/":
            out.append("~")
        else:
            out += [f"%{b:02X}" for b in ch.encode("utf-8", "surrogateescape")]
    name = "".join(out)
    if name.startswith("."):  # never a hidden file, never "." or ".."
        name = "%2E" + name[1:]
    if len(name) > MAX_NAME:
        name = name[: MAX_NAME - 66] + "%%" + hashlib.sha256(relative.encode("utf-8", "surrogateescape")).hexdigest()
    return name + ".html"


# Symbols that pass for the characters a report line is made of (``/``, ``:``, ``.``, a space): escaped even in a
# message, where other symbols (the lessons' ``−``, ``×``, ``≤``) are shown as they are.
_LOOKALIKES = frozenset(
    "\u2215\u2044\u29f8\u2571\uff0f\u2236\ua789\uff1a\u0589\u05c3\u2024\ufe52\u2027\u02d0\u02f8\u3033\u3035"
)


#: subscript digits (a lesson's ``HS₃``): printed as they are in a message, where they pass for no character of the
#: report's own (their compatibility form is an ASCII digit, so the rule above would escape them)
_SUBSCRIPT = re.compile("[\u2080-\u2089]")

#: the most characters of a check's message the text report prints (the feedback page and --json keep it whole)
MESSAGE_SHOWN = 600


def shown_message(text: str) -> str:
    """A check's message as the text report prints it: like :func:`readable`, but the symbols and punctuation of any
    script stay as they are (a lesson's ``exp(X − 1) × 200``), except look-alikes of the report's own
    characters and any whose compatibility form is ASCII; control, bidi and separator characters are escaped.
    A message can quote what a submission printed, so it is never printed raw: a space after a space prints as
    ``\\x20``, and a message is cut after :data:`MESSAGE_SHOWN` characters (``...`` says so); the report also
    wraps a long message, each piece indented (a red team padded one to print a forged grade line at the start
    of a terminal's line)."""
    out = []
    for i, ch in enumerate(text[:MESSAGE_SHOWN]):
        if ch == " " and i and text[i - 1] == " ":
            out.append("\\x20")
        elif (
            ord(ch) >= 0x80
            and unicodedata.category(ch)[0] in "SP"
            and ch not in _LOOKALIKES
            and not unicodedata.normalize("NFKC", ch).isascii()
        ) or _SUBSCRIPT.fullmatch(ch):
            out.append(ch)
        else:
            out.append(readable(ch))
    return "".join(out) + ("..." if len(text) > MESSAGE_SHOWN else "")


def _escaped(ch: str) -> str:
    code = ord(ch)
    if ch == "\\":
        return "\\\\"
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def readable(text: str) -> str:
    """``text`` as a feedback page shows a name, and a check's message its letters: printable ASCII (but ``\\``),
    and letters, digits and marks of any script, as they are; every other character as ``\\xNN``, ``\\uNNNN`` or
    ``\\UNNNNNNNN`` (a newline, a bidi control, a non-ASCII space or a look-alike such as ``U+2215``), and a letter
    whose compatibility form is ASCII (a full-width ``ｂ``), a letter that passes for ``:`` or ``/`` (``U+02D0``,
    ``U+3033``) or a mark drawn over the one before (``U+0338``) escaped too."""
    out = []
    for ch in text:
        code = ord(ch)
        if 0x20 <= code < 0x7F and ch != "\\":
            out.append(ch)
            continue
        if code >= 0x80 and unicodedata.category(ch)[0] in "LNM" and ch not in _LOOKALIKES:
            nfkc = unicodedata.normalize("NFKC", ch)
            overlay = unicodedata.combining(ch) == 1 or ch in "\u20d2\u20d3\u20e5\u20eb"  # a stroke drawn over
            if not (nfkc.isascii() and nfkc != ch) and not overlay and not 0xD800 <= code <= 0xDFFF:
                out.append(ch)
                continue
        out.append(_escaped(ch))
    return "".join(out)


def _accented(ch: str) -> bool:
    """A Latin letter with accents (``é``, ``ü``, ``ñ``): an ASCII letter and combining marks once decomposed."""
    parts = unicodedata.normalize("NFKD", ch)
    return (
        unicodedata.category(ch)[0] == "L"
        and parts[0].isascii()
        and parts[0].isalpha()
        and all(unicodedata.combining(c) for c in parts[1:])
        and len(parts) > 1
        and unicodedata.combining(parts[1]) != 1  # an overlay (a stroke through) is no accent
    )


def shown(text: str) -> str:
    """``text`` (a name, a note) as the text report prints it: printable ASCII (but ``\\``) and Latin letters with
    accents (``José``, composed or an ASCII letter and one accent) as they are; every other character as
    ``\\xNN``, ``\\uNNNN`` or ``\\UNNNNNNNN``, and a space after a space as ``\\x20``. A name is the student's
    to choose, and a block list of look-alikes is never complete: a Devanagari visarga passes for ``:``, a Bengali
    four for ``8``, a CJK or kana stroke for ``/``, and a run of spaces pushes the real score off the screen.
    ``--json`` and the feedback pages keep the name as it is (the page with :func:`readable`)."""
    out = []
    for i, ch in enumerate(text):
        code = ord(ch)
        if ch == " " and i and text[i - 1] == " ":
            out.append("\\x20")
        elif (0x20 <= code < 0x7F and ch != "\\") or (code >= 0x80 and _accented(ch)):
            out.append(ch)
        elif i and unicodedata.combining(ch) > 1 and (text[i - 1].isascii() and text[i - 1].isalpha()):
            out.append(ch)  # one accent on an ASCII letter: José written decomposed (as macOS names files)
        else:
            out.append(_escaped(ch))
    return "".join(out)


def student(relative: str, pattern: str | None = None) -> str | None:
    """Whose submission this is: the first folder of its relative path (the file's own name when it lies
    directly in the common folder), or with ``pattern`` (a regular expression matched from the start of the
    relative path: searched anywhere, ``[^/]+/05`` found ``bob`` in Mallory's ``mallory/bob/05.ipynb``) its group
    ``student``, else its first group, else the whole match; None when the pattern does not match there."""
    if pattern is None:
        parts = relative.split("/")
        return parts[0] if len(parts) > 1 else Path(parts[0]).stem
    m = re.match(pattern, relative)
    if m is None:
        return None
    if "student" in m.re.groupindex:
        return m.group("student")
    return m.group(1) if m.re.groups else m.group(0)


class Output:
    """The output folder (feedback pages, gradebook), never written through a link (see the module docstring)."""

    def __init__(self, folder: str | os.PathLike[str], option: str = "--feedback") -> None:
        self.folder = str(folder)
        self.option = option
        path = os.path.abspath(self.folder)
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            try:
                os.makedirs(path, exist_ok=True)
            except OSError as exc:
                raise ParameterError(f"{option} {self.folder!r} cannot be created: {exc.strerror}") from exc
            st = os.lstat(path)
        except OSError as exc:
            raise ParameterError(f"{option} {self.folder!r} cannot be read: {exc.strerror}") from exc
        if stat.S_ISLNK(st.st_mode):
            raise ParameterError(
                f"{option} {self.folder!r} is a symbolic link: refusing to write through it (give the folder itself)"
            )
        if not stat.S_ISDIR(st.st_mode):
            raise ParameterError(f"{option} {self.folder!r} exists and is not a folder")
        try:
            self.fd = os.open(path, os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC)
        except OSError as exc:
            raise ParameterError(f"{option} {self.folder!r} cannot be opened: {exc.strerror}") from exc

    def check(self, names: list[str], appended: Sequence[str] = ()) -> None:
        """Refuse (one line) when any of ``names`` is already there as something else than a regular file, or,
        for those of ``appended`` (written in place, not replaced), as a file with another name elsewhere."""
        for name in names:
            try:
                st = os.stat(name, dir_fd=self.fd, follow_symlinks=False)
            except FileNotFoundError:
                continue
            if not stat.S_ISREG(st.st_mode):
                self._refuse(name, _kind(st.st_mode))
            if name in appended and st.st_nlink > 1:
                self._refuse(name, f"a hard link ({st.st_nlink} names)")

    def _refuse(self, name: str, kind: str) -> None:
        where = os.path.join(self.folder, name)
        raise ParameterError(f"{self.option}: {shown(where)!r} is {kind}: refusing to write through it (remove it)")

    def write(self, name: str, text: str) -> None:
        """Create ``name`` afresh: a temporary file renamed over it (:func:`pokerlab._files.create_in`)."""
        create_in(self.fd, name, text)

    def read(self, name: str) -> bytes | None:
        """The content of ``name`` when it is a regular file here (never through a link), else None."""
        try:
            fd = os.open(name, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC, dir_fd=self.fd)
        except OSError:
            return None
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                return None
            return f.read()

    def exists(self, name: str) -> bool:
        try:
            return stat.S_ISREG(os.stat(name, dir_fd=self.fd, follow_symlinks=False).st_mode)
        except OSError:
            return False

    def append(self, name: str, line: str) -> None:
        """Add one line to ``name`` (created if missing; never through a link, never into a pipe)."""
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | _NOFOLLOW | _NONBLOCK | _CLOEXEC
        fd = os.open(name, flags, 0o644, dir_fd=self.fd)
        with os.fdopen(fd, "a", encoding="utf-8") as f:
            st = os.fstat(f.fileno())
            if not stat.S_ISREG(st.st_mode):
                raise OSError(errno.EINVAL, "not a regular file", name)
            if st.st_nlink > 1:  # linked since check(): a file elsewhere would change
                self._refuse(name, f"a hard link ({st.st_nlink} names)")
            f.write(line.rstrip("\n") + "\n")

    def close(self) -> None:
        os.close(self.fd)
