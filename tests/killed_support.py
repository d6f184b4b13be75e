"""Helpers for the tests that SIGKILL a grader mid-run (tests/test_grade_killed.py, the Ray one in
tests/test_executors_ray.py): a task whose submission never ends, and what such a run leaves."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from sandbox_support import SUBMISSIONS, TINY

from expgrade.grading.sandbox.base import LABEL
from expgrade.grading.sandbox.cleanroom import CLEAN_ROOM_PREFIX

TIMEOUT_S = 5
#: What the in-sandbox limit may take beyond the run's own limit (its grace, then SIGKILL).
SLACK_S = 10


def _stat(pid: int | str) -> list[str]:
    """/proc/PID/stat's fields after the command name: [state, ppid, ...]."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def processes_with(marker: str) -> set[int]:
    """Live processes whose command line holds `marker` (a container's show in the host's /proc)."""
    found = set()
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            cmdline = Path(f"/proc/{name}/cmdline").read_bytes()
            state = _stat(name)[0]
        except OSError:
            continue
        if marker.encode() in cmdline and state != "Z":
            found.add(int(name))
    return found


def still_running(pids: set[int]) -> set[int]:
    """Those of `pids` that still run (neither gone nor a corpse)."""
    left = set()
    for pid in pids:
        try:
            if _stat(pid)[0] != "Z":
                left.add(pid)
        except OSError:
            continue
    return left


def grader_of(pid: int, sandbox: str) -> int:
    """The grader process that started the sandbox `pid` runs in: Docker's owner label, or the
    parent of the local backend's supervisor (the nearest ancestor running supervise.py)."""
    if sandbox == "docker":
        import docker

        for container in docker.from_env().containers.list(filters={"label": LABEL}):
            if pid in {int(row[1]) for row in container.top()["Processes"]}:
                return int(container.labels[f"{LABEL}.pid"])
        raise AssertionError(f"process {pid} is in no sandbox container")
    while pid > 1:
        parent = int(_stat(pid)[1])
        if b"supervise.py" in Path(f"/proc/{pid}/cmdline").read_bytes():
            return parent
        pid = parent
    raise AssertionError("no supervisor above the command")


def endless_run(root: Path, marker: str) -> tuple[Path, Path]:
    """The tiny task limited to TIMEOUT_S, and one submission whose reproduce.sh waits forever.

    It sleeps rather than spins: a spinning loop also runs into the CPU-seconds rlimit, a
    waiting one (a deadlock, a GPU wait) only into the wall clock."""
    shutil.copytree(TINY / "repo", root / "repo")
    (task,) = (json.loads(line) for line in (TINY / "tasks.jsonl").read_text().splitlines() if line.strip())
    task["run"] = {**task["run"], "timeout_s": TIMEOUT_S, "results_file": None}
    tasks = root / "tasks.jsonl"
    tasks.write_text(json.dumps(task) + "\n")
    sub = root / "subs" / "endless"
    shutil.copytree(SUBMISSIONS / "infinite_loop", sub)
    (sub / "reproduce.sh").write_text(
        f"#!/bin/sh\n# Waits forever: only a wall-clock limit ends it.\n"
        f"python3 -c 'import time\nwhile True: time.sleep(1)' {marker}\n"
    )
    return tasks, root / "subs"


def grade_args(tasks: Path, subs: Path, out: Path, sandbox: str, *extra: str) -> list[str | Path]:
    return [
        "grade", "--tasks", tasks, "--submissions", subs, "--out", out,
        "--subtasks", "execution", "--sandbox", sandbox, "--concurrency", "1", *extra,
    ]  # fmt: skip


def leftovers_of(pid: int) -> list[str]:
    """What the killed grader `pid` could have left on this host, in words."""
    left = [f"clean room {p}" for p in Path(tempfile.gettempdir()).glob(f"{CLEAN_ROOM_PREFIX}{pid}-*")]
    for root in (Path("/sys/fs/cgroup/memory"), Path("/sys/fs/cgroup/pids"), Path("/sys/fs/cgroup")):
        left += [f"cgroup {p}" for p in root.rglob(f"expgrade-{pid}-*") if p.is_dir()]
    if shutil.which("docker"):
        import docker

        mine = {"label": f"{LABEL}.pid={pid}"}
        left += [
            f"container {c.short_id}"
            for c in docker.from_env().containers.list(all=True, filters=mine, ignore_removed=True)
        ]
    return left


def remove_leftovers_of(pid: int) -> None:
    """After a failed assertion: leave the machine as it was."""
    if shutil.which("docker"):
        import docker

        mine = {"label": f"{LABEL}.pid={pid}"}
        for c in docker.from_env().containers.list(all=True, filters=mine, ignore_removed=True):
            c.remove(force=True)


def wait_for_start(marker: str, grader: subprocess.Popen[Any], within: float = 180) -> set[int]:
    """The endless command's processes, once they run (the grader started its sandbox)."""
    deadline = time.monotonic() + within
    while not (running := processes_with(marker)) and time.monotonic() < deadline and grader.poll() is None:
        time.sleep(0.1)
    assert running, "the endless command never started"
    return running


def assert_gone_in_time(what: str, running: set[int], started: float, killed: float) -> None:
    """The killed grader's command must end within its limit plus the sandbox's slack; prints when."""
    while still_running(running) and time.monotonic() < started + TIMEOUT_S + SLACK_S + 20:
        time.sleep(0.1)
    gone = time.monotonic()
    print(
        f"{what}: the killed grader's command was gone {gone - killed:.1f} s after the kill, "
        f"{gone - started:.1f} s after it started (limit {TIMEOUT_S} s)"
    )
    assert not still_running(running), f"{what}: still running {gone - started:.0f} s after it started"
    assert gone - started <= TIMEOUT_S + SLACK_S
