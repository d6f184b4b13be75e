"""A memory + pids cgroup per local run, on either layout, without systemd.

The GPU machines have cgroup v2 unified at /sys/fs/cgroup; the development and CI machines a
v1 hybrid (memory at /sys/fs/cgroup/memory, pids at /sys/fs/cgroup/pids). No systemd runs as
PID 1 on either, so we create the directories ourselves, below the cgroup the grader is in
(limits nest). A memory cgroup caps resident memory, which CUDA can live with, unlike
RLIMIT_AS (CUDA reserves far more address space than any sane limit); it also records OOM
kills and lets us kill every process of the run, however it detached itself.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

from expgrade.grading.sandbox.reaper import process_alive

ROOT = Path("/sys/fs/cgroup")
#: Run cgroups are `expgrade-<grader pid>-...`: the pid tells a killed grader's from a live one's.
PREFIX = "expgrade-"
_serial = itertools.count()


def _own_path(controller: str) -> str:
    """This process's cgroup path for `controller` ('' = the v2 unified hierarchy)."""
    with contextlib.suppress(OSError):
        for line in Path("/proc/self/cgroup").read_text().splitlines():
            _, names, path = line.split(":", 2)
            if (controller == "" and names == "") or controller in names.split(","):
                return path.lstrip("/")
    return ""


def _write(path: Path, value: str) -> None:
    path.write_text(value)


def _counter(path: Path, key: str) -> int:
    with contextlib.suppress(OSError, ValueError):
        for line in path.read_text().splitlines():
            name, _, value = line.partition(" ")
            if name == key:
                return int(value)
    return 0


@dataclass
class RunCgroup:
    """The cgroup(s) of one run: v2 one directory, v1 a memory and a pids directory."""

    version: int
    memory_dir: Path
    pids_dir: Path | None

    @property
    def dirs(self) -> list[Path]:
        return [self.memory_dir] + (
            [self.pids_dir] if self.pids_dir and self.pids_dir != self.memory_dir else []
        )

    @property
    def procs_files(self) -> list[str]:
        """Where a process writes its pid to join (the supervisor does, before it forks)."""
        return [str(d / "cgroup.procs") for d in self.dirs]

    def describe(self) -> str:
        where = ", ".join(str(d) for d in self.dirs)
        knob = "memory.max" if self.version == 2 else "memory.limit_in_bytes"
        return f"cgroup v{self.version} {knob} ({where})"

    def oom_killed(self) -> bool:
        if self.version == 2:
            return _counter(self.memory_dir / "memory.events", "oom_kill") > 0
        return _counter(self.memory_dir / "memory.oom_control", "oom_kill") > 0

    def pids_limited(self) -> bool:
        return self.pids_dir is not None and _counter(self.pids_dir / "pids.events", "max") > 0

    def pids(self) -> set[int]:
        found: set[int] = set()
        for d in self.dirs:
            with contextlib.suppress(OSError):
                found |= {int(x) for x in (d / "cgroup.procs").read_text().split()}
        return found

    def kill(self) -> None:
        """Kill every process in the cgroup: `cgroup.kill` (v2, Linux ≥ 5.14), else a sweep."""
        kill_file = self.memory_dir / "cgroup.kill"
        if self.version == 2 and kill_file.exists():
            with contextlib.suppress(OSError):
                _write(kill_file, "1")
        deadline = time.monotonic() + 10
        while (left := self.pids()) and time.monotonic() < deadline:
            for pid in left:  # a fork in flight joins the cgroup too: sweep until it is empty
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
            time.sleep(0.01)

    def remove(self) -> None:
        self.kill()
        for d in self.dirs:
            for _ in range(100):  # rmdir fails while the last killed process is being torn down
                try:
                    d.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.02)


def stale(*, root: Path = ROOT) -> list[RunCgroup]:
    """Run cgroups, where this process would make its own, whose grader process is gone.

    A SIGKILLed grader never removes its run's cgroup (nor kills what is still in it when the
    supervisor was killed too); each directory is returned as a group of its own to remove.
    """
    parents = {
        root / _own_path(""), root, root / "memory" / _own_path("memory"), root / "pids" / _own_path("pids"),
    }  # fmt: skip
    found: dict[Path, RunCgroup] = {}
    for parent in parents:
        for d in parent.glob(f"{PREFIX}*"):
            pid = d.name.removeprefix(PREFIX).split("-", 1)[0]
            if d.is_dir() and pid.isdigit() and not process_alive(int(pid)):
                found[d] = RunCgroup(2 if (root / "cgroup.controllers").exists() else 1, d, None)
    return list(found.values())


def create(memory_bytes: int, pids: int, *, root: Path = ROOT) -> tuple[RunCgroup | None, str]:
    """A fresh cgroup with these limits, or None and the reason none could be had."""
    name = f"{PREFIX}{os.getpid()}-{next(_serial)}-{time.monotonic_ns() % 10**9}"
    try:
        if (root / "cgroup.controllers").exists():
            return _create_v2(root, name, memory_bytes, pids), ""
        if (root / "memory").is_dir():
            return _create_v1(root, name, memory_bytes, pids), ""
    except OSError as exc:
        return None, f"cannot create a cgroup under {root}: {exc}"
    return None, f"no memory cgroup controller at {root}"


def _create_v2(root: Path, name: str, memory_bytes: int, pids: int) -> RunCgroup:
    """Below our own cgroup (limits nest); else below the root, since a v2 cgroup that holds
    processes cannot enable controllers for its children (the no-internal-processes rule)."""
    own = root / _own_path("")
    try:
        return _create_v2_under(own, name, memory_bytes, pids)
    except OSError:
        if own == root:
            raise
        return _create_v2_under(root, name, memory_bytes, pids)


def _create_v2_under(parent: Path, name: str, memory_bytes: int, pids: int) -> RunCgroup:
    controllers = set((parent / "cgroup.controllers").read_text().split())
    if "memory" not in controllers:
        raise OSError(f"the memory controller is not available in {parent}")
    wanted = [c for c in ("memory", "pids") if c in controllers]
    enabled = set((parent / "cgroup.subtree_control").read_text().split())
    if not set(wanted) <= enabled:
        _write(parent / "cgroup.subtree_control", " ".join(f"+{c}" for c in wanted))
    d = parent / name
    d.mkdir()
    group = RunCgroup(2, d, d if "pids" in wanted else None)
    try:
        _write(d / "memory.max", str(memory_bytes))
        if (d / "memory.swap.max").exists():
            _write(d / "memory.swap.max", "0")
        if group.pids_dir is not None:
            _write(d / "pids.max", str(pids))
    except OSError:
        group.remove()
        raise
    return group


def _create_v1(root: Path, name: str, memory_bytes: int, pids: int) -> RunCgroup:
    mem = root / "memory" / _own_path("memory") / name
    mem.mkdir()
    pids_dir: Path | None = None
    group = RunCgroup(1, mem, None)
    try:
        _write(mem / "memory.limit_in_bytes", str(memory_bytes))
        if (mem / "memory.memsw.limit_in_bytes").exists():  # no swapping around the limit
            _write(mem / "memory.memsw.limit_in_bytes", str(memory_bytes))
        if (root / "pids").is_dir():
            pids_dir = root / "pids" / _own_path("pids") / name
            pids_dir.mkdir()
            group.pids_dir = pids_dir
            _write(pids_dir / "pids.max", str(pids))
    except OSError:
        group.remove()
        raise
    return group
