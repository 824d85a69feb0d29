"""Limits per submission, not per process: one control group (cgroup) for everything a submission starts.

``setrlimit`` limits each process on its own: four children of one kernel each stayed under ``--memory 1024``
and held 2.4 GB together, and the number of processes (``RLIMIT_NPROC``) is counted per *user*, machine-wide,
so one submission's fork bomb took the processes of every other kernel running as ``nobody`` (issue 38). A
cgroup counts the memory and the processes (tasks) of all its members together, whoever they run as:

* **cgroup v2** (one unified hierarchy, ``/sys/fs/cgroup`` on current systems): a child group of the grader's
  own with ``memory.max``, ``memory.swap.max`` = 0 and ``pids.max``, where the ``memory`` and ``pids``
  controllers can be enabled for it;
* **cgroup v1** otherwise: a group in the ``memory`` hierarchy (``memory.limit_in_bytes``, and
  ``memory.memsw.limit_in_bytes`` where swap is accounted) and one in the ``pids`` hierarchy (``pids.max``).

The kernel's launcher (:mod:`pokerlab.course._sandbox`) writes its own process id into the group's
``cgroup.procs`` files before it does anything else, so every process the submission starts is counted, and
its files are root's: the kernel (``nobody``) cannot leave the group. When the memory is exhausted the kernel's
OOM killer chooses a process of that group only; the group's events say so afterwards (:meth:`Group.events`),
and everything left in it is killed when the submission is done (:meth:`Group.close`).

With cgroup v2 the group is made under the grader's own group where its children can have both controllers,
else under the hierarchy's root (a login session's scope has processes of its own, which v2 forbids to a group
that gives its children controllers; the root is exempt). The v2 path is tested only against a fake cgroup
filesystem in a temporary folder (``tests/course/test_course_limits.py``: :func:`hierarchy` takes the cgroup root
and the ``/proc/self`` folder as arguments): the machines the project is tested on have cgroup v1, where the limits are
tested for real (four children touching 600 MB each, a fork bomb beside a second grader).

Creating groups needs write access to the hierarchy: root, or a delegated subtree (systemd ``Delegate=``).
Where neither exists :func:`available` says why and the grader refuses unless told to grade with limits per
process only (``--allow-per-process-limits``).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import time
from dataclasses import dataclass

DEFAULT_PROCESSES = 512
"""Tasks (processes and threads) per submission: an ipykernel uses about 10, numpy's and numba's thread pools
one per core each."""


@dataclass(frozen=True)
class Hierarchy:
    """Where this process's groups are: ``version`` 2 (``memory`` the unified folder, ``pids`` the same) or 1."""

    version: int
    memory: str
    pids: str


def _mounts(proc: str = "/proc/self") -> list[tuple[str, str, set[str]]]:
    out = []
    with contextlib.suppress(OSError), open(os.path.join(proc, "mounts")) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 4 and parts[2] in ("cgroup", "cgroup2"):
                out.append((parts[1].replace("\\040", " "), parts[2], set(parts[3].split(","))))
    return out


def _own(proc: str = "/proc/self") -> dict[str, str]:
    """This process's group per controller (``"0::"`` is the unified one, key ``""``)."""
    out: dict[str, str] = {}
    with contextlib.suppress(OSError), open(os.path.join(proc, "cgroup")) as f:
        for line in f:
            parts = line.rstrip("\n").split(":", 2)
            if len(parts) == 3:
                for name in parts[1].split(",") if parts[1] else [""]:
                    out[name] = parts[2]
    return out


def _writable_folder(path: str) -> bool:
    probe = os.path.join(path, f"pokerlab-probe-{secrets.token_hex(4)}")
    try:
        os.mkdir(probe)
    except OSError:
        return False
    with contextlib.suppress(OSError):
        os.rmdir(probe)
    return True


def _v2_group(base: str) -> Hierarchy | None:
    """``base`` if its children can get the ``memory`` and ``pids`` controllers and this user can create them."""
    try:
        with open(os.path.join(base, "cgroup.controllers")) as f:
            controllers = set(f.read().split())
    except OSError:
        return None
    if not {"memory", "pids"} <= controllers or not _writable_folder(base):
        return None
    try:
        with open(os.path.join(base, "cgroup.subtree_control")) as f:
            if {"memory", "pids"} <= set(f.read().split()):
                return Hierarchy(2, base, base)
    except OSError:
        return None
    try:  # the children of this group get both controllers (refused where this group has processes of its own)
        with open(os.path.join(base, "cgroup.subtree_control"), "w") as f:
            f.write("+memory +pids")
    except OSError:
        return None
    return Hierarchy(2, base, base)


def _v2(mount: str, own: str) -> Hierarchy | None:
    """This process's own group, else the hierarchy's root: cgroup v2 lets a group with processes of its own
    (a login session's scope, say) have no controllers for its children, and the root is exempt from that rule."""
    for base in dict.fromkeys([os.path.join(mount, own.lstrip("/")), mount]):
        if (found := _v2_group(base)) is not None:
            return found
    return None


def hierarchy(root: str = "/sys/fs/cgroup", proc: str = "/proc/self") -> tuple[Hierarchy | None, str]:
    """Where this process can create limited groups, or None and why not. ``root`` is where cgroups are
    mounted and ``proc`` the folder with this process's ``mounts`` and ``cgroup`` files (the tests give a fake
    of both in a temporary folder: this machine has cgroup v1 only)."""
    if not os.path.isdir(root):
        return None, "this system has no cgroups"
    mounts, own = _mounts(proc), _own(proc)
    for path, kind, _ in mounts:
        if kind == "cgroup2" and (found := _v2(path, own.get("", "/"))) is not None:
            return found, ""
    v1 = {}
    for path, kind, options in mounts:
        for name in ("memory", "pids"):
            if kind == "cgroup" and name in options:
                v1[name] = os.path.join(path, own.get(name, "/").lstrip("/"))
    if len(v1) == 2:
        if all(_writable_folder(v) for v in v1.values()):
            return Hierarchy(1, v1["memory"], v1["pids"]), ""
        return None, "the cgroup v1 memory and pids hierarchies are not writable for this user"
    return None, "no writable cgroup v2 with the memory and pids controllers, nor cgroup v1 memory and pids"


_FOUND: list[tuple[Hierarchy | None, str]] = []


def available() -> tuple[Hierarchy | None, str]:
    """:func:`hierarchy`, asked once per process (and the groups of graders that were killed swept away)."""
    if not _FOUND:
        _FOUND.append(hierarchy())
        if _FOUND[0][0] is not None:
            sweep(_FOUND[0][0])
    return _FOUND[0]


PREFIX = "pokerlab-grade-"


def sweep(where: Hierarchy) -> list[str]:
    """Remove the groups a grader killed outright (``kill -9``, the OOM killer) left behind: each
    ``pokerlab-grade-<pid>-*`` folder whose grader process is gone. A group that still holds a process is not
    removed (the kernel refuses), and nor is one whose pid is alive, whatever runs under it now. Returns the
    folders removed."""
    removed = []
    for base in {where.memory, where.pids}:
        try:
            names = [n for n in os.listdir(base) if n.startswith(PREFIX)]
        except OSError:
            continue
        for name in names:
            pid = name[len(PREFIX) :].split("-", 1)[0]
            if not pid.isdigit() or _alive(int(pid)):
                continue
            with contextlib.suppress(OSError):
                os.rmdir(os.path.join(base, name))
                removed.append(os.path.join(base, name))
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def _write(path: str, value: str) -> None:
    with open(path, "w") as f:
        f.write(value)


class Group:
    """One submission's group: ``memory`` bytes and ``processes`` tasks for all its processes together."""

    def __init__(self, where: Hierarchy, memory: int, processes: int = DEFAULT_PROCESSES) -> None:
        self.where, self.memory, self.processes = where, memory, processes
        name = f"{PREFIX}{os.getpid()}-{secrets.token_hex(6)}"
        self.folders = [os.path.join(where.memory, name)]
        if where.version == 1:
            self.folders.append(os.path.join(where.pids, name))
        made: list[str] = []
        try:
            for folder in self.folders:
                os.mkdir(folder, 0o755)
                made.append(folder)
            mem, pids = self.folders[0], self.folders[-1]
            if where.version == 2:
                _write(os.path.join(mem, "memory.max"), str(memory))
                with contextlib.suppress(OSError):  # no swap accounting: nothing to limit
                    _write(os.path.join(mem, "memory.swap.max"), "0")
            else:
                _write(os.path.join(mem, "memory.limit_in_bytes"), str(memory))
                with contextlib.suppress(OSError):  # swap accounted: memory plus swap limited alike
                    _write(os.path.join(mem, "memory.memsw.limit_in_bytes"), str(memory))
            _write(os.path.join(pids, "pids.max"), str(processes))
        except OSError:
            for folder in reversed(made):
                with contextlib.suppress(OSError):
                    os.rmdir(folder)
            raise

    @property
    def procs(self) -> list[str]:
        """The files a process writes its id into to join the group (one per hierarchy)."""
        return [os.path.join(f, "cgroup.procs") for f in self.folders]

    def members(self) -> set[int]:
        out: set[int] = set()
        for path in self.procs:
            with contextlib.suppress(OSError), open(path) as f:
                out |= {int(x) for x in f.read().split()}
        return out

    def events(self) -> tuple[int, int]:
        """(processes the OOM killer stopped in this group, process starts refused at the limit)."""
        mem, pids = self.folders[0], self.folders[-1]
        oom = _field(
            os.path.join(mem, "memory.events" if self.where.version == 2 else "memory.oom_control"), "oom_kill"
        )
        if self.where.version == 1 and oom == 0:  # an older kernel without the count: the limit was hit at least
            oom = 1 if _field(os.path.join(mem, "memory.oom_control"), "under_oom") else 0
        return oom, _field(os.path.join(pids, "pids.events"), "max")

    def notes(self) -> list[str]:
        """What the group's limits did to the submission, in its words (none when no limit was reached)."""
        oom, refused = self.events()
        said = []
        if oom:
            said.append(
                f"the notebook ran out of memory: its processes reached the memory limit ({self.memory // 2**20} MB "
                f"for all of them together) and {oom} of them {'was' if oom == 1 else 'were'} stopped"
            )
        if refused:
            said.append(
                f"the notebook reached its limit of {self.processes} processes and threads: {refused} more were refused"
            )
        return said

    def close(self) -> None:
        """Kill every process left in the group, then remove it."""
        deadline = time.monotonic() + 10
        while (left := self.members()) and time.monotonic() < deadline:
            if self.where.version == 2 and os.path.exists(os.path.join(self.folders[0], "cgroup.kill")):
                with contextlib.suppress(OSError):
                    _write(os.path.join(self.folders[0], "cgroup.kill"), "1")
            for pid in left:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
            time.sleep(0.05)
        for folder in self.folders:
            for _ in range(100):  # the last processes may take a moment to leave after being killed
                try:
                    os.rmdir(folder)
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.05)


def _field(path: str, name: str) -> int:
    with contextlib.suppress(OSError, ValueError), open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 2 and parts[0] == name:
                return int(parts[1])
    return 0


def join(procs: list[str]) -> None:
    """Put this process (and so everything it starts) into a group: called by the kernel's launcher first."""
    for path in procs:
        _write(path, str(os.getpid()))
