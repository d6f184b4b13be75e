"""`expgrade compare RUN_A RUN_B` (docs/stability.md): two runs of the same items side by side.

compare.json's keys are a stable interface like the run report's: the models forbid unknown keys
and `as_json` writes exactly the keys that were set. `b − a` everywhere: a positive difference
means run B passes more.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from expgrade.grading.schemas.report import (
    AgentRunSummary,
    JudgeChecks,
    ReportBootstrap,
    ReportEstimate,
    ReportModel,
)


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
    difference: ReportEstimate = Field(description="b − a, interval over tasks (docs/calibration.md)")
    changed: int = Field(description="results whose subtask verdict changed")


class SubtaskComparison(ReportModel):
    """Agreement between the runs on one subtask's items, and what it does to each agent."""

    subtask: str
    items: int = Field(description="items in both runs and decided in both")
    undecided: int = Field(description="items in both runs left undecided by either (counted apart)")
    changed: int = Field(description="items whose verdict changed")
    pass_to_fail: int
    fail_to_pass: int
    kappa: ReportEstimate = Field(
        description="Cohen's kappa between the runs, bootstrap clustered by task (none on too few tasks)"
    )
    agreement: ReportEstimate = Field(description="share of items with the same verdict, interval over tasks")
    agents: list[AgentDifference]
    ranking_a: list[str] = Field(description="agents by pass rate in run A (best first; ties by name)")
    ranking_b: list[str]
    ranking_changed: bool = Field(
        description="some two agents are in opposite orders in the two runs, each order settled by its "
        "run's interval (tasks both agents did); a reordering no interval supports is not a change"
    )
    tiers_a: list[list[str]] | None = Field(
        None, description="run A's agents by pass rate, best first, agents with equal rates together"
    )
    tiers_b: list[list[str]] | None = None
    settled_a: list[list[str]] | None = Field(
        None,
        description="[better, worse] pairs of agents whose order in run A its interval settles (the "
        "paired difference over the tasks both did excludes 0)",
    )
    settled_b: list[list[str]] | None = None


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
    agent_runs_a: list[AgentRunSummary] | None = Field(
        None, description="run A's agents: claim support, steps, tokens, USD and wall time"
    )
    agent_runs_b: list[AgentRunSummary] | None = Field(None, description="run B's agents, the same")
    failure_modes: dict[str, Any] | None = Field(
        None,
        description="failure modes per agent in each run and the runs whose mode changed (docs/failures.md)",
    )
