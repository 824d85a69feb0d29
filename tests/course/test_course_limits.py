"""Limits per submission through cgroups (:mod:`pokerlab.course._limits`), against a fake cgroup filesystem.

This machine has cgroup v1 only, so the cgroup v2 path (``memory.max``, ``pids.max``, ``cgroup.procs``,
``memory.events``' ``oom_kill``) is tested here against folders and files in a temporary folder laid out as the
kernel lays out ``/sys/fs/cgroup`` and ``/proc/self/{mounts,cgroup}``: what the code writes and reads is
checked, not what a real kernel does with it (the slow tests in ``tests/course/test_course_grade.py`` do that, on v1).
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

from pokerlab.course import _limits
from pokerlab.course._limits import Group, Hierarchy, hierarchy, join


def fake_v2(tmp_path: Path, own: str = "/grader.slice", delegated: bool = True) -> tuple[Path, Path]:
    """A cgroup2 mount at ``cg`` with this process in ``own``; ``proc`` holds the fake mounts and cgroup files."""
    cg, proc = tmp_path / "cg", tmp_path / "proc"
    proc.mkdir()
    (proc / "mounts").write_text(f"proc /proc proc rw 0 0\ncgroup2 {cg} cgroup2 rw,nosuid,nodev 0 0\n")
    (proc / "cgroup").write_text(f"0::{own}\n")
    mine = cg / own.lstrip("/")
    mine.mkdir(parents=True, exist_ok=True)
    for folder in {cg, mine}:
        (folder / "cgroup.controllers").write_text("cpuset cpu io memory hugetlb pids rdma misc\n")
    (cg / "cgroup.subtree_control").write_text("cpu memory pids\n")  # the root's, as systemd leaves it
    if mine != cg:
        if delegated:
            (mine / "cgroup.subtree_control").write_text("")
        else:  # writing refused, as the kernel refuses a group with processes of its own (EBUSY)
            (mine / "cgroup.subtree_control").mkdir()
    return cg, proc


def test_v2_a_delegated_group_of_its_own_gets_both_controllers_for_its_children(tmp_path):
    cg, proc = fake_v2(tmp_path)
    where, why = hierarchy(root=str(cg), proc=str(proc))
    assert (where, why) == (Hierarchy(2, str(cg / "grader.slice"), str(cg / "grader.slice")), "")
    assert (cg / "grader.slice" / "cgroup.subtree_control").read_text() == "+memory +pids"
    assert not [p for p in (cg / "grader.slice").iterdir() if p.name.startswith("pokerlab-probe")]  # probe removed


def test_v2_a_group_with_processes_of_its_own_falls_back_to_the_root(tmp_path):
    cg, proc = fake_v2(tmp_path, delegated=False)
    where, _ = hierarchy(root=str(cg), proc=str(proc))
    assert where == Hierarchy(2, str(cg), str(cg))
    assert (cg / "cgroup.subtree_control").read_text() == "cpu memory pids\n"  # already on: left alone


def test_v2_without_the_memory_controller_says_why_and_v1_is_used_where_mounted(tmp_path):
    cg, proc = fake_v2(tmp_path)
    for folder in (cg, cg / "grader.slice"):
        (folder / "cgroup.controllers").write_text("cpu io pids\n")
    where, why = hierarchy(root=str(cg), proc=str(proc))
    assert where is None and "no writable cgroup v2 with the memory and pids controllers" in why
    v1 = tmp_path / "v1"
    for name in ("memory", "pids"):
        (v1 / name / "grader").mkdir(parents=True)
    with open(proc / "mounts", "a") as f:
        f.write(f"cgroup {v1}/memory cgroup rw,memory 0 0\ncgroup {v1}/pids cgroup rw,pids 0 0\n")
    (proc / "cgroup").write_text("5:memory:/grader\n4:pids:/grader\n0::/grader.slice\n")
    where, _ = hierarchy(root=str(cg), proc=str(proc))
    assert where == Hierarchy(1, str(v1 / "memory" / "grader"), str(v1 / "pids" / "grader"))
    assert hierarchy(root=str(tmp_path / "none"), proc=str(proc)) == (None, "this system has no cgroups")


def test_v2_group_writes_its_limits_and_a_process_joins_it(tmp_path):
    cg, proc = fake_v2(tmp_path)
    where, _ = hierarchy(root=str(cg), proc=str(proc))
    assert where is not None
    group = Group(where, 1024 * 2**20, 64)
    (folder,) = map(Path, group.folders)
    assert folder.parent == cg / "grader.slice" and folder.name.startswith(f"pokerlab-grade-{os.getpid()}-")
    assert (folder / "memory.max").read_text() == str(1024 * 2**20)
    assert (folder / "memory.swap.max").read_text() == "0"
    assert (folder / "pids.max").read_text() == "64"
    assert group.procs == [str(folder / "cgroup.procs")]
    join(group.procs)  # what the sandbox's launcher does first
    assert (folder / "cgroup.procs").read_text() == str(os.getpid())
    assert group.members() == {os.getpid()}
    assert group.notes() == []  # no events file: no limit reached


def test_v2_the_oom_kill_count_tells_the_student_the_notebook_ran_out_of_memory(tmp_path):
    cg, proc = fake_v2(tmp_path)
    where, _ = hierarchy(root=str(cg), proc=str(proc))
    assert where is not None
    group = Group(where, 1024 * 2**20, 64)
    folder = Path(group.folders[0])
    (folder / "memory.events").write_text("low 0\nhigh 0\nmax 41\noom 2\noom_kill 2\noom_group_kill 0\n")
    (folder / "pids.events").write_text("max 3\n")
    assert group.events() == (2, 3)
    assert group.notes() == [
        "the notebook ran out of memory: its processes reached the memory limit (1024 MB for all of them "
        "together) and 2 of them were stopped",
        "the notebook reached its limit of 64 processes and threads: 3 more were refused",
    ]
    (folder / "memory.events").write_text("low 0\nhigh 0\nmax 41\noom 1\noom_kill 1\n")
    assert group.notes()[0].endswith("and 1 of them was stopped")


def test_v2_close_kills_what_is_left_through_cgroup_kill_and_removes_the_group(tmp_path):
    cg, proc = fake_v2(tmp_path)
    where, _ = hierarchy(root=str(cg), proc=str(proc))
    assert where is not None
    group = Group(where, 2**30)
    folder = Path(group.folders[0])
    left = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    (folder / "cgroup.procs").write_text(f"{left.pid}\n")
    (folder / "cgroup.kill").write_text("0")
    seen: list[str] = []

    def kernel() -> None:  # what the kernel does: a process that ends leaves the group; rmdir drops the files
        left.wait(timeout=60)
        seen.append((folder / "cgroup.kill").read_text())
        for f in folder.iterdir():
            f.unlink()

    watcher = threading.Thread(target=kernel)
    watcher.start()
    try:
        group.close()
    finally:
        if left.poll() is None:
            left.kill()
        watcher.join(timeout=60)
    assert left.returncode is not None and left.returncode < 0  # killed
    assert seen == ["1"]
    assert not folder.exists()


def test_v1_group_writes_both_hierarchies_and_reads_the_oom_count(tmp_path):
    mem, pids = tmp_path / "memory", tmp_path / "pids"
    mem.mkdir()
    pids.mkdir()
    group = Group(Hierarchy(1, str(mem), str(pids)), 512 * 2**20, 32)
    m, p = map(Path, group.folders)
    assert (m / "memory.limit_in_bytes").read_text() == str(512 * 2**20)
    assert (p / "pids.max").read_text() == "32"
    assert group.procs == [str(m / "cgroup.procs"), str(p / "cgroup.procs")]
    (m / "memory.oom_control").write_text("oom_kill_disable 0\nunder_oom 0\noom_kill 1\n")
    assert group.notes() == [
        "the notebook ran out of memory: its processes reached the memory limit (512 MB for all of them "
        "together) and 1 of them was stopped"
    ]


def test_groups_of_a_killed_grader_are_swept_away(tmp_path):
    """The red team's kill -9 of a grader left its empty groups for good. The next grader removes the groups whose
    grader process is gone; a live grader's groups, and anything not the grader's, stay."""
    mem, pids = tmp_path / "memory", tmp_path / "pids"
    dead, live = f"{_limits.PREFIX}999999999-ab12", f"{_limits.PREFIX}{os.getpid()}-cd34"
    for base in (mem, pids):
        for name in (dead, live, "user.slice", f"{_limits.PREFIX}x-1"):
            (base / name).mkdir(parents=True)
    removed = _limits.sweep(_limits.Hierarchy(1, str(mem), str(pids)))
    assert sorted(removed) == sorted([str(mem / dead), str(pids / dead)])
    for base in (mem, pids):
        assert sorted(p.name for p in base.iterdir()) == sorted([live, "user.slice", f"{_limits.PREFIX}x-1"])
