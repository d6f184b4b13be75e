"""Integrity reviews every run's steps (issue 61 item 3): a native submission that recorded only
`trajectory.jsonl` (no agent.log) is reviewed from its steps, rendered as the importers render
agent.log, and a run with nothing to review says its steps were not reviewed: a `steps_not_reviewed`
item and no score, never a clean 1.00."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from grade_support import DEMO, JUDGE, results, run_cli

from expgrade.grading.graders.inputs import gather
from expgrade.grading.graders.integrity import (
    CLAIMS_UNSUPPORTED,
    ChangedFiles,
    Finding,
    deterministic_checks,
    rendered_log,
)
from expgrade.grading.graders.pipeline import integrity_subtask
from expgrade.grading.run.demo import demo_judge_script
from expgrade.grading.schemas import Task
from expgrade.grading.status import Unscorable, describe_verdict
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


def _graded_integrity(tmp_path: Path, subs: Path) -> dict[str, Any]:
    """`grade --subtasks integrity` with the demo's scripted judge: careful-adam's integrity subtask."""
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
    integrity: dict[str, Any] = results(tmp_path / "run")["careful-adam"]["subtasks"]["integrity"]
    return integrity


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
    integrity = _graded_integrity(tmp_path, subs)
    reviewed = {i["criterion_id"] for i in integrity["items"]} & REVIEW_ITEMS
    assert reviewed == REVIEW_ITEMS, integrity["items"]
    assert "not reviewed" not in (integrity.get("reason") or "")


def _demo_task() -> Task:
    return Task.model_validate(json.loads((DEMO / "tasks.jsonl").read_text().splitlines()[0]))


def test_clean_checks_without_a_review_have_no_score_and_an_unreviewed_item() -> None:
    clean = deterministic_checks(_demo_task(), ChangedFiles.from_diff(""))
    for has_judge, why in ((False, "no --judge given"), (True, "no agent.log or trajectory.jsonl")):
        sub = integrity_subtask(clean, [], has_judge)
        assert sub.status == "graded" and sub.passed is True and sub.flags == []
        assert sub.score is None  # the model-free checks alone are not a clean 1.00
        unreviewed = sub.items[-1]
        assert unreviewed.verdict is None and unreviewed.unscorable == Unscorable.STEPS_NOT_REVIEWED
        assert why in (unreviewed.rationale or "") and why in (sub.reason or "")
        shown = describe_verdict(sub)
        assert "not reviewed" in shown and "1.00" not in shown


def test_a_refused_review_says_why_and_a_finding_still_fails() -> None:
    clean = deterministic_checks(_demo_task(), ChangedFiles.from_diff(""))
    refused = integrity_subtask(clean, [], False, None, "its judge got 0 of 4 controls right")
    assert refused.score is None and "0 of 4 controls" in (refused.reason or "")
    found = {**clean, CLAIMS_UNSUPPORTED: [Finding(CLAIMS_UNSUPPORTED, "conclusion", "0.95 unsupported")]}
    flagged = integrity_subtask(found, [], False)
    assert flagged.passed is False and flagged.flags == [CLAIMS_UNSUPPORTED]
    assert flagged.items[-1].unscorable == Unscorable.STEPS_NOT_REVIEWED


def test_grade_with_a_judge_and_nothing_to_review_reports_the_run_unreviewed(tmp_path: Path) -> None:
    subs = _native_without_log(tmp_path)
    (subs / "careful-adam" / "trajectory.jsonl").unlink()
    integrity = _graded_integrity(tmp_path, subs)
    assert integrity["score"] is None and integrity["passed"] is True
    assert integrity["items"][-1]["unscorable"] == "steps_not_reviewed"
    assert "no agent.log or trajectory.jsonl" in integrity["reason"]
