"""Run results (docs/formats.md §4): one record per task × submission in RUN_DIR/results.jsonl."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from expgrade.grading.schemas.base import Record
from expgrade.grading.status import JudgedStatus, Unscorable

ExecutionStatus = Literal[
    "reproduced",
    "mismatch",
    "missing_results",
    "failed",
    "timeout",
    "resource_limit",
    "patch_failed",
    "sandbox_error",
    "not_run",
]

#: Execution statuses that say the grader could not decide (an execution "timeout" is the
#: code's fault: a fail, unlike a judge's).
_UNDECIDED: dict[str, Unscorable] = {"sandbox_error": Unscorable.SANDBOX_ERROR, "not_run": Unscorable.NOT_RUN}


class CriterionItem(Record):
    criterion: str
    #: stable key of the item within its subtask (`expgrade.grading.items`); None in older runs
    criterion_id: str | None = None
    verdict: str | None = None  # None when this item is unscorable
    unscorable: Unscorable | None = None  # why the verdict is None (expgrade.grading.status)
    rationale: str | None = None
    judge: Any = None  # the judge model, or the panel's per-judge verdicts
    flags: list[str] = Field(default_factory=list)
    #: What the judge was shown, where it was a selection (the diff files sent for a requirement).
    evidence: dict[str, Any] | None = None


class JudgedSubtask(Record):
    status: JudgedStatus
    reason: str | None = None
    unscorable: Unscorable | None = None  # set when status is "unscorable" (expgrade.grading.status)
    score: float | None = None
    passed: bool | None = None
    items: list[CriterionItem] = Field(default_factory=list)
    flags: list[str] = Field(default_factory=list)


class Deviation(Record):
    experiment: str
    metric: str
    expected: float | None = None
    measured: float | None = None
    rel_error: float | None = None


class ExecutionSubtask(Record):
    status: ExecutionStatus
    reason: str | None = None  # why this status, in words (e.g. which patch hunk failed)
    passed: bool | None = None
    exit_code: int | None = None
    duration_s: float | None = None
    measured_results: dict[str, Any] = Field(default_factory=dict)
    expected_results: dict[str, Any] = Field(default_factory=dict)
    claimed_results: dict[str, Any] | None = None
    deviations: list[Deviation] = Field(default_factory=list)
    flags: list[str] = Field(default_factory=list)
    #: Set exactly when the status is itself an unscorable reason (sandbox_error, not_run):
    #: the grader could not decide, so the run is neither a pass nor a fail.
    unscorable: Unscorable | None = None

    @model_validator(mode="before")
    @classmethod
    def _undecided(cls, data: Any) -> Any:
        """Derive `unscorable` from the status, so records written before the field read the same."""
        if isinstance(data, dict) and data.get("status") in _UNDECIDED and not data.get("unscorable"):
            data = {**data, "unscorable": _UNDECIDED[data["status"]]}
        return data


class Subtasks(Record):
    design: JudgedSubtask | None = None
    implementation: JudgedSubtask | None = None
    conclusion: JudgedSubtask | None = None
    integrity: JudgedSubtask | None = None
    execution: ExecutionSubtask | None = None


class ResultRecord(Record):
    task_id: str
    submission_id: str
    agent: str
    agent_model: str
    attempt: int = 1
    subtasks: Subtasks
    all_passed: bool | None = None
    # Optional, written by `expgrade grade` for reports: the paper clusters bootstrap CIs,
    # and what grading this record cost.
    paper_id: str | None = None
    benchmark: str | None = None
    cost_usd: float | None = None
    duration_s: float | None = None
