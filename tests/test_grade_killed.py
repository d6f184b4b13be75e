"""A grading run killed with SIGKILL mid-run leaves nothing running, on either sandbox backend.

The way it happens: `expgrade grade` (a real process) runs a submission that never finishes, the
whole process group is SIGKILLed mid-run (an OOM kill, a preempted node), and the same command is
run again. The killed run's sandbox must end on its own within its limit plus a few seconds (its
grader is gone, so only a limit inside the sandbox can end it), and the resumed run must remove
what is left and say so. The same under Ray with a killed worker: tests/test_executors_ray.py.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
import uuid
from pathlib import Path

import pytest
from grade_support import command, environment, results, run_cli
from killed_support import (
    assert_gone_in_time,
    endless_run,
    grade_args,
    leftovers_of,
    processes_with,
    remove_leftovers_of,
    wait_for_start,
)


@pytest.mark.parametrize("sandbox", [pytest.param("docker", marks=pytest.mark.docker), "local"])
def test_a_sigkilled_grade_leaves_nothing_running_and_the_resume_removes_the_rest(
    tmp_path: Path, sandbox: str
) -> None:
    if sandbox == "docker":
        pytest.importorskip("docker").from_env().ping()
    marker = f"expgrade-killed-{uuid.uuid4().hex[:12]}"
    tasks, subs = endless_run(tmp_path, marker)
    out = tmp_path / "run"
    args = grade_args(tasks, subs, out, sandbox)
    grader = subprocess.Popen(
        command(*args), env=environment(tmp_path), start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        running = wait_for_start(marker, grader)
        started = time.monotonic()
        time.sleep(1.5)
        os.killpg(grader.pid, signal.SIGKILL)
        killed = time.monotonic()
        grader.wait(30)
        assert_gone_in_time(sandbox, running, started, killed)

        resumed = run_cli(tmp_path, *args, timeout=240)
        assert resumed.returncode == 0, resumed.stdout + resumed.stderr
        said = resumed.stdout + resumed.stderr
        assert "removed" in said and "left by killed runs" in said, said
        assert leftovers_of(grader.pid) == []
        assert processes_with(marker) == set()
        assert results(out)["endless"]["subtasks"]["execution"]["status"] == "timeout"
    finally:
        for pid in processes_with(marker):  # a failed assertion must not leave the machine busy
            os.kill(pid, signal.SIGKILL)
        remove_leftovers_of(grader.pid)
        if grader.poll() is None:
            os.killpg(grader.pid, signal.SIGKILL)
