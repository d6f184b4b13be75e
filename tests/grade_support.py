"""Helpers for the `expgrade grade` tests: the real CLI as a subprocess, and reading a run folder."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from expgrade.grading.testing.judge_server import ServerScript as ScriptedServerScript

REPO = Path(__file__).resolve().parents[1]
EXPGRADE = REPO / ".venv" / "bin" / "expgrade"
DEMO = REPO / "examples" / "demo"
JUDGE = "openai/scripted-judge"
#: the subtasks a judge grades (execution re-runs code and needs none)
JUDGED_SUBTASKS = "design,implementation,conclusion,integrity"


def command(*args: str | Path) -> list[str]:
    fallback = [sys.executable, "-c", "from expgrade.cli import main; main()"]
    exe = [str(EXPGRADE)] if EXPGRADE.exists() else fallback
    return [*exe, *map(str, args)]


def ctrl_c_reaches_it() -> None:
    """`preexec_fn` for a child a test sends Ctrl-C (SIGINT): a shell's background job, and so a
    suite started as one (`nohup .ci/run &`), inherits SIGINT ignored, and Python started so never
    raises KeyboardInterrupt; the child then finished its grading at exit 0. The default
    disposition gives Python's own handler back, as at a terminal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def environment(tmp: Path) -> dict[str, str]:
    """A private judge cache per test, so no verdict leaks between tests or from the user's cache."""
    return {
        **os.environ,
        "LITELLM_LOCAL_MODEL_COST_MAP": "True",
        "COLUMNS": "200",
        "NO_COLOR": "1",
        "EXPGRADE_CACHE_DIR": str(tmp / "cache"),
    }


def run_cli(tmp: Path, *args: str | Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        command(*args), capture_output=True, text=True, env=environment(tmp), timeout=timeout, check=False
    )
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def results(run_dir: Path) -> dict[str, dict[str, Any]]:
    lines = (run_dir / "results.jsonl").read_text().splitlines()
    out = {}
    for line in lines:
        rec = json.loads(line)
        assert rec["submission_id"] not in out, f"duplicate result for {rec['submission_id']}"
        out[rec["submission_id"]] = rec
    return out


def summary(rec: dict[str, Any]) -> dict[str, Any]:
    """subtask -> (status, score, passed, flags), the shape the expected tables are written in."""
    out: dict[str, Any] = {}
    for name, sub in rec["subtasks"].items():
        if name == "extra" or sub is None:
            continue
        out[name] = (sub["status"], sub.get("score"), sub["passed"], sub["flags"])
    out["all_passed"] = rec["all_passed"]
    return out


def grade_demo_with_docker(tmp: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """`expgrade grade` over the demo bundle into TMP/run: real Docker sandbox (its base image
    built if missing), the scripted judge answering from the demo's judge script."""
    import docker

    from expgrade.grading.run.demo import demo_judge_script
    from expgrade.grading.sandbox.image import build_base_image
    from expgrade.grading.testing.judge_server import ScriptedServer

    client = docker.from_env()
    client.ping()
    build_base_image(progress=lambda message: print(message, file=sys.stderr), client=client)
    with ScriptedServer(demo_judge_script()) as server:
        return run_cli(
            tmp,
            "grade",
            "--tasks", DEMO / "tasks.jsonl",
            "--submissions", DEMO / "submissions",
            "--out", tmp / "run",
            "--judge", JUDGE,
            "--api-base", server.url,
            *extra,
        )  # fmt: skip


def grade_demo_scripted(
    tmp: Path, script: ScriptedServerScript, *extra: str, subtasks: str = JUDGED_SUBTASKS
) -> tuple[subprocess.CompletedProcess[str], Counter[str]]:
    """`expgrade grade` on the demo into TMP/run with the local sandbox, judged by `script` on the
    scripted server; its output and the server's counts. An option given again in `extra` wins
    (the CLI takes the last)."""
    from expgrade.grading.testing.judge_server import ScriptedServer

    with ScriptedServer(script) as server:
        proc = run_cli(
            tmp,
            "grade",
            "--tasks", DEMO / "tasks.jsonl",
            "--submissions", DEMO / "submissions",
            "--out", tmp / "run",
            "--subtasks", subtasks,
            "--sandbox", "local",
            "--judge", JUDGE,
            "--api-base", server.url,
            *extra,
        )  # fmt: skip
        stats = Counter(server.stats)
    assert proc.returncode == 0, proc.stderr
    return proc, stats
