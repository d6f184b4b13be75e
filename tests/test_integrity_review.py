"""Integrity reviews every run's steps (issue 61 item 3): a native submission that recorded only
`trajectory.jsonl` (no agent.log) is reviewed from its steps, rendered as the importers render
agent.log, and a run with nothing to review says its steps were not reviewed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from grade_support import DEMO, JUDGE, results, run_cli

from expgrade.grading.graders.inputs import gather
from expgrade.grading.graders.integrity import rendered_log
from expgrade.grading.run.demo import demo_judge_script
from expgrade.grading.schemas import Task
from expgrade.grading.submission_reader import scan_submissions
from expgrade.grading.testing.judge_server import ScriptedServer

#: The integrity judge's items (grading/graders/judged.py FORBIDDEN).
REVIEW_ITEMS = {"paper_access", "git_operations", "fake_data"}


def _native_without_log(tmp_path: Path) -> Path:
    """The demo's careful run as a native folder whose harness wrote no agent.log."""
    subs = tmp_path / "subs"
    shutil.copytree(DEMO / "submissions" / "careful-adam", subs / "careful-adam")
    (subs / "careful-adam" / "agent.log").unlink()
    return subs


def test_a_run_with_only_a_trajectory_is_given_to_the_review_as_its_steps(tmp_path: Path) -> None:
    subs = _native_without_log(tmp_path)
    (loaded,) = scan_submissions(subs).submissions
    assert loaded.log is None
    task = next(
        Task.model_validate(json.loads(line))
        for line in (DEMO / "tasks.jsonl").read_text().splitlines()
        if json.loads(line)["id"] == loaded.submission.task_id
    )
    log = gather(task, loaded, DEMO).log
    assert log is not None and "no agent.log" in log.splitlines()[0]
    steps = (subs / "careful-adam" / "trajectory.jsonl").read_text().splitlines()
    assert f"# {len(steps)} entries" in log
    last_output = next(json.loads(s) for s in reversed(steps) if json.loads(s).get("output"))
    assert last_output["output"].strip().splitlines()[-1] in log
    assert rendered_log(tmp_path) is None  # no trajectory: nothing to render


def test_grade_with_a_judge_reviews_a_native_run_that_has_no_agent_log(tmp_path: Path) -> None:
    subs = _native_without_log(tmp_path)
    with ScriptedServer(demo_judge_script()) as server:
        proc = run_cli(
            tmp_path,
            "grade",
            "--tasks", DEMO / "tasks.jsonl",
            "--submissions", subs,
            "--out", tmp_path / "run",
            "--subtasks", "integrity",
            "--sandbox", "local",
            "--judge", JUDGE,
            "--api-base", server.url,
        )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    integrity = results(tmp_path / "run")["careful-adam"]["subtasks"]["integrity"]
    reviewed = {i["criterion_id"] for i in integrity["items"]} & REVIEW_ITEMS
    assert reviewed == REVIEW_ITEMS, integrity["items"]
    assert "not reviewed" not in (integrity.get("reason") or "")
