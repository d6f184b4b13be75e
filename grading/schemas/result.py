"""Run results (docs/formats.md §4): one record per task × submission in RUN_DIR/results.jsonl."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from expgrade.grading.schemas.base import Record
from expgrade.grading.schemas.task import Tolerance
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
    "reference_failed",
]

#: Execution statuses that say the grader could not decide (an execution "timeout" is the
#: code's fault: a fail, unlike a judge's).
_UNDECIDED: dict[str, Unscorable] = {
    "sandbox_error": Unscorable.SANDBOX_ERROR,
    "not_run": Unscorable.NOT_RUN,
    "reference_failed": Unscorable.REFERENCE_FAILED,
}


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
    #: the reference runs' prediction interval the measured value fell outside (--reference-runs)
    low: float | None = None
    high: float | None = None


class MetricInterval(Record):
    """One metric over the reference runs: mean, sample sd and the prediction interval for one run."""

    mean: float
    sd: float
    low: float
    high: float


class ToleranceUsed(Record):
    """Where an execution record's tolerance came from, and why (docs/grading.md, "Tolerance from
    measured noise"). Metrics with an interval are checked against it; the others against `fixed`."""

    source: Literal["reference_runs", "fixed"]
    why: str
    fixed: Tolerance = Field(default_factory=Tolerance)  # the task's tolerance (default 5 %)
    n: int | None = None  # reference runs
    seeds: list[int] = Field(default_factory=list)
    confidence: float | None = None  # a correct run falls in every interval with at least this chance
    method: str | None = None
    intervals: dict[str, MetricInterval] = Field(default_factory=dict)  # "EXPERIMENT/METRIC"


class MetricSpread(Record):
    n: int
    mean: float
    sd: float | None  # None with one value
    min: float
    max: float


class ExecutionRun(Record):
    """One run of a submission under `--repeats`, named by its run identity."""

    task_id: str
    submission_id: str
    attempt: int
    seed: int
    status: str  # an ExecutionStatus
    passed: bool | None = None
    reason: str | None = None
    exit_code: int | None = None
    duration_s: float | None = None
    measured_results: dict[str, Any] = Field(default_factory=dict)
    deviations: list[Deviation] = Field(default_factory=list)


class RepeatSummary(Record):
    """K runs of one submission with different seeds: pass^k (all passed), pass@k (any), spread."""

    k: int
    decided: int
    passed: int
    pass_all: bool | None  # pass^k: every run reproduced; None when undecided runs leave it open
    pass_any: bool | None  # pass@k: some run reproduced
    spread: dict[str, MetricSpread] = Field(default_factory=dict)  # "EXPERIMENT/METRIC"


class ReferenceRun(Record):
    """One run of a task's reference solution, cached as RUN_DIR/reference/<task>/seed-<seed>.json."""

    task_id: str
    seed: int
    status: str  # an ExecutionStatus: `reproduced` here means it ran and produced every number
    reason: str | None = None
    exit_code: int | None = None
    duration_s: float | None = None
    measured_results: dict[str, Any] = Field(default_factory=dict)
    image: str | None = None
    image_id: str | None = None
    finished_at: str | None = None
    #: What was run (`expgrade.grading.execution.reference.fingerprint`): a cached run of another
    #: command, reference or repo is not reused.
    fingerprint: str | None = None


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
    #: Set exactly when the status is itself an unscorable reason (sandbox_error, not_run,
    #: reference_failed): the grader could not decide, so the run is neither a pass nor a fail.
    unscorable: Unscorable | None = None
    #: The seed of this (the first) run: `{seed}` in run.command and EXPGRADE_SEED.
    seed: int | None = None
    #: Where the tolerance the numbers were checked with came from, and why.
    tolerance: ToleranceUsed | None = None
    #: With `--repeats K`: every run (this record's status is the first's) and their summary.
    runs: list[ExecutionRun] = Field(default_factory=list)
    repeats: RepeatSummary | None = None
    #: The sandbox image the (first) run ran in, by tag and by id (`docker image inspect`'s Id):
    #: a tag rebuilt between two runs is the same name for other code (`expgrade compare` says so).
    image: str | None = None
    image_id: str | None = None

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


#: Where a claim's support was found (docs/grading.md, "Claim support"): the clean-room re-run
#: produced it, a tool output of the agent's run printed it, neither did, or the number is what the
#: run gave for another metric than the one the claim names (`mismatch`).
ClaimSupport = Literal["measured", "transcript", "unsupported", "mismatch"]


class ClaimCheck(Record):
    """One claim of the agent's (a number, or that something was run) and what supports it."""

    text: str = Field(
        description="The claim as the agent wrote it: its sentence, or `EXPERIMENT/METRIC = value`."
    )
    kind: Literal["number", "run"]
    source: Literal["claimed_results", "conclusion"]
    metric: str | None = Field(
        default=None, description="`EXPERIMENT/METRIC`, or the metric words of the text."
    )
    value: float | None = None
    support: ClaimSupport
    #: The step whose tool output printed it (a `run` claim: the tool call that ran it), 1-based
    #: as in trajectory.jsonl; set whenever a step supports it, `measured` ones included.
    step: int | None = Field(default=None, ge=1)
    why: str


class AgentRun(Record):
    """What the agent's run took, from its trajectory and the harness's own totals."""

    steps: int | None = Field(default=None, ge=0)
    tool_calls: int | None = Field(default=None, ge=0)
    input_tokens: int | None = Field(default=None, ge=0)
    output_tokens: int | None = Field(default=None, ge=0)
    total_tokens: int | None = Field(default=None, ge=0)
    cost_usd: float | None = Field(default=None, ge=0)
    wall_s: float | None = Field(default=None, ge=0)
    #: Per figure, where it came from: `trajectory` (summed over its steps) or `harness` (the
    #: total its harness recorded, kept under the submission's `extra`).
    sources: dict[str, Literal["trajectory", "harness"]] = Field(default_factory=dict)


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
    #: Every claim checked against the run (None: not checked, e.g. no trajectory and no re-run).
    claims: list[ClaimCheck] | None = None
    #: The agent's own steps, tokens, dollars and time (None: neither trajectory nor harness says).
    agent_run: AgentRun | None = None
    #: The content graded (`expgrade.grading.run.content`): a re-run into the same folder
    #: re-grades, or refuses, a result whose task or submission no longer hashes the same.
    #: None in records written before expgrade recorded them.
    task_sha256: str | None = None
    submission_sha256: str | None = None
