"""Ctrl-C during `expgrade grade` says how to go on (re-run the same command: it resumes), exit 130."""

from __future__ import annotations

import signal
import subprocess
import time
from pathlib import Path

import pytest
from grade_support import DEMO, JUDGE, command, ctrl_c_reaches_it, environment

from expgrade.grading.testing.judge_server import ScriptedServer, ServerScript

pytestmark = pytest.mark.timeout(480)


def test_ctrl_c_says_rerun_to_resume(tmp_path: Path) -> None:
    # each answer takes 3 s, so the grading is still judging when the signal lands, however
    # long this test process waits for its turn on a loaded machine
    with ScriptedServer(ServerScript(latency_s=3.0)) as server:
        argv = command(
            "grade",
            "--tasks", DEMO / "tasks.jsonl",
            "--submissions", DEMO / "submissions",
            "--out", tmp_path / "run",
            "--subtasks", "design",
            "--sandbox", "local",
            "--controls", "0",
            "--retest", "0",
            "--judge", JUDGE,
            "--api-base", server.url,
        )  # fmt: skip
        proc = subprocess.Popen(
            argv, env=environment(tmp_path), stderr=subprocess.PIPE, text=True, preexec_fn=ctrl_c_reaches_it
        )
        # until the grading has started to judge (the preflight's call is not counted): a signal
        # that lands earlier, while Python is still importing, is a plain KeyboardInterrupt, not
        # the behaviour under test; the bound is generous for a loaded machine
        deadline = time.monotonic() + 240
        while server.stats["requests"] == 0 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert proc.poll() is None, "grade ended before it could be interrupted"
        assert server.stats["requests"] > 0, "grade had not started judging after 240 s"
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=120)
    said = " ".join(err.split())
    assert proc.returncode == 130, said
    assert "interrupted: re-run the same command to resume" in said and "Traceback" not in err, said
