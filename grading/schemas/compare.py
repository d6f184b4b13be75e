"""`expgrade compare RUN_A RUN_B` (docs/stability.md): two runs of the same items side by side.

compare.json's keys are a stable interface like the run report's: the models forbid unknown keys
and `as_json` writes exactly the keys that were set. `b − a` everywhere: a positive difference
means run B passes more.
"""

from __future__ import annotations

from pydantic import Field

from expgrade.grading.schemas.report import JudgeChecks, ReportBootstrap, ReportEstimate, ReportModel


class CompareRun(ReportModel):
    """One of the two runs: where it is and what decided its verdicts."""

    run_dir: str
    judges: list[str]
    rubrics: dict[str, str] = Field(description="rubric id -> version@digest, from the manifest")
    tasks_file: str | None
    tasks_sha256: str | None
    results: int
    items: int = Field(description="judged items (items a judge gave a verdict on)")
    images: dict[str, list[str]] = Field(
        default_factory=dict,
        description="sandbox image tag -> the image ids (docker image inspect's Id) its runs ran under",
    )


class AgentDifference(ReportModel):
    """One agent's pass rate on one subtask in both runs, over the results decided in both."""

    agent: str
    results: int = Field(description="results decided in both runs")
    tasks: int
    pass_rate_a: float | None
    pass_rate_b: float | None
    difference: ReportEstimate = Field(description="b − a, bootstrap interval clustered by task")
    changed: int = Field(description="results whose subtask verdict changed")


class SubtaskComparison(ReportModel):
    """Agreement between the runs on one subtask's items, and what it does to each agent."""

    subtask: str
    items: int = Field(description="items in both runs and decided in both")
    undecided: int = Field(description="items in both runs left undecided by either (counted apart)")
    changed: int = Field(description="items whose verdict changed")
    pass_to_fail: int
    fail_to_pass: int
    kappa: ReportEstimate = Field(description="Cohen's kappa between the runs, bootstrap clustered by task")
    agreement: ReportEstimate = Field(description="share of items with the same verdict, same bootstrap")
    agents: list[AgentDifference]
    ranking_a: list[str] = Field(description="agents by pass rate in run A (best first; ties by name)")
    ranking_b: list[str]
    ranking_changed: bool


class ChangedItem(ReportModel):
    """An item whose verdict differs between the runs, with both judges' reasons."""

    item_id: str
    task_id: str
    submission_id: str
    agent: str
    subtask: str
    criterion_id: str
    criterion: str
    verdict_a: str
    verdict_b: str
    rationale_a: str | None
    rationale_b: str | None


class OnlyOneRun(ReportModel):
    """What only one run has: never silently dropped."""

    results: int
    items: int
    item_ids: list[str]


class CompareReport(ReportModel):
    """compare.json: the summary first, then the figures behind it."""

    summary: list[str] = Field(description="the findings in words, most important first")
    run_a: CompareRun
    run_b: CompareRun
    bootstrap: ReportBootstrap
    matched_results: int
    matched_items: int
    only_a: OnlyOneRun
    only_b: OnlyOneRun
    subtasks: list[SubtaskComparison]
    changed: list[ChangedItem]
    judge_checks_a: JudgeChecks | None = Field(description="run A's controls and test-retest")
    judge_checks_b: JudgeChecks | None = Field(description="run B's controls and test-retest")
