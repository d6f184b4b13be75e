"""A grading run killed with SIGKILL mid-run leaves nothing running, on either sandbox backend.

The way it happens: `expgrade grade` (a real process) runs a submission that never finishes, the
whole process group is SIGKILLed mid-run (an OOM kill, a preempted node), and the same command is
run again. The killed run's sandbox must end on its own within its limit plus a few seconds (its
supervisor is gone, so only a limit inside the sandbox can end it), and the resumed run must
remove what is left and say so. The endless command sleeps rather than spins: a spinning loop
would also run into the CPU-seconds rlimit, a waiting one (a deadlock, a GPU wait) only into the
wall clock.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

import pytest
from grade_support import command, environment, results, run_cli
from sandbox_support import SUBMISSIONS, TINY

from expgrade.grading.sandbox.base import LABEL
from expgrade.grading.sandbox.cleanroom import CLEAN_ROOM_PREFIX

TIMEOUT_S = 5
#: What the in-sandbox limit may take beyond the run's own limit (its grace, then SIGKILL).
SLACK_S = 10


def processes_with(marker: str) -> list[int]:
    """Live processes whose command line holds `marker` (a container's show in the host's /proc)."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            cmdline = Path(f"/proc/{name}/cmdline").read_bytes()
            state = Path(f"/proc/{name}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if marker.encode() in cmdline and state != "Z":
            found.append(int(name))
    return found


def endless_run(root: Path, marker: str) -> tuple[Path, Path]:
    """The tiny task limited to TIMEOUT_S, and one submission whose reproduce.sh waits forever."""
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


def grade_args(tasks: Path, subs: Path, out: Path, sandbox: str) -> list[str | Path]:
    return [
        "grade", "--tasks", tasks, "--submissions", subs, "--out", out,
        "--subtasks", "execution", "--sandbox", sandbox, "--concurrency", "1",
    ]  # fmt: skip


def killed_containers(pid: int) -> list[object]:
    import docker

    mine = {"label": f"{LABEL}.pid={pid}"}
    return list(docker.from_env().containers.list(all=True, filters=mine, ignore_removed=True))


def killed_leftovers(pid: int) -> list[str]:
    """What the killed run (grader pid `pid`) could have left on this host, in words."""
    left = [f"clean room {p}" for p in Path(tempfile.gettempdir()).glob(f"{CLEAN_ROOM_PREFIX}{pid}-*")]
    for root in (Path("/sys/fs/cgroup/memory"), Path("/sys/fs/cgroup/pids"), Path("/sys/fs/cgroup")):
        left += [f"cgroup {p}" for p in root.rglob(f"expgrade-{pid}-*") if p.is_dir()]
    if shutil.which("docker"):
        left += [f"container {c.short_id}" for c in killed_containers(pid)]  # type: ignore[attr-defined]
    return left


@pytest.mark.parametrize("sandbox", [pytest.param("docker", marks=pytest.mark.docker), "local"])
def test_a_sigkilled_grade_leaves_nothing_running_and_the_resume_removes_the_rest(
    tmp_path: Path, sandbox: str
) -> None:
    if sandbox == "docker":
        docker = pytest.importorskip("docker")
        docker.from_env().ping()
    marker = f"expgrade-killed-{uuid.uuid4().hex[:12]}"
    tasks, subs = endless_run(tmp_path, marker)
    out = tmp_path / "run"
    args = grade_args(tasks, subs, out, sandbox)
    grader = subprocess.Popen(
        command(*args), env=environment(tmp_path), start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 120
        while not processes_with(marker) and time.monotonic() < deadline and grader.poll() is None:
            time.sleep(0.1)
        assert processes_with(marker), "the endless command never started"
        started = time.monotonic()
        time.sleep(1.5)
        os.killpg(grader.pid, signal.SIGKILL)
        killed = time.monotonic()
        grader.wait(30)
    finally:
        if grader.poll() is None:
            os.killpg(grader.pid, signal.SIGKILL)
    while processes_with(marker) and time.monotonic() < started + TIMEOUT_S + SLACK_S + 20:
        time.sleep(0.1)
    gone = time.monotonic()
    print(f"{sandbox}: the killed run's command was gone {gone - killed:.1f} s after the kill, "
          f"{gone - started:.1f} s after it started (limit {TIMEOUT_S} s)")  # fmt: skip
    still = processes_with(marker)
    for pid in still:  # do not leave the machine busy when the assertion below fails
        os.kill(pid, signal.SIGKILL)
    assert not still, f"the killed run's command was still running {gone - started:.0f} s after it started"
    assert gone - started <= TIMEOUT_S + SLACK_S

    resumed = run_cli(tmp_path, *args, timeout=240)
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    said = resumed.stdout + resumed.stderr
    assert "removed" in said and "left by killed runs" in said, said
    assert killed_leftovers(grader.pid) == []
    assert processes_with(marker) == []
    record = results(out)["endless"]
    assert record["subtasks"]["execution"]["status"] == "timeout"
