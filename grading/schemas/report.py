"""The run report (docs/formats.md §4.3): `expgrade report --format json`, its calibration block included.

`expgrade.grading.report.build_report` makes it and `expgrade.calibration.run_report` adds the
calibration block; the CLI and the demo only render it. Its JSON keys are a stable interface,
so the models forbid unknown keys (a key added to the report without its field fails) and
`as_json` writes exactly the keys that were set: a key the report leaves out (an estimate's
`n`, a cell's `not_estimable`, the block's `gold` without labels) stays out.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

#: a JSON number as the report computed it: an int stays an int (a count, a seed)
Number = int | float


class ReportModel(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    def as_json(self) -> dict[str, Any]:
        """Its JSON object: exactly the keys that were set, aliases as written."""
        return self.model_dump(mode="json", by_alias=True, exclude_unset=True)


class ReportEstimate(ReportModel):
    """A value with its interval (`expgrade.grading.estimate`); null where not estimable."""

    value: Number | None
    ci_low: Number | None
    ci_high: Number | None
    n: int | None = Field(None, description="units it was computed on, where stated")
    n_clusters: int | None = Field(None, description="bootstrap clusters (papers), where stated")
    interval: str | None = Field(
        None,
        description="an interval over tasks: how it was made ('cluster bootstrap', 'exact on tasks') "
        "or why there is none ('too few tasks for an interval'); docs/calibration.md",
    )


class ReportBootstrap(ReportModel):
    n: int
    confidence: Number
    seed: int
    cluster: str


class ReportManifest(ReportModel):
    """What decided the verdicts, copied from the run's manifest.json (null when it lacks a key)."""

    judges: list[str] | None = None
    subtasks: list[str] | None = None
    thresholds: dict[str, Number] | None = None
    seed: int | None = None
    rubrics: dict[str, Any] | None = None
    images: dict[str, Any] | None = None
    versions: dict[str, Any] | None = None
    tasks_file: str | None = None
    #: The submissions folder graded, so the report's commands name it (`submissions show`).
    submissions_dir: str | None = None
    created_at: str | None = None
    #: What answered each judge name (grading/judge/served.py); absent in folders made before.
    served: dict[str, Any] | None = None


class PassAtKRow(ReportModel):
    k: int
    value: Number | None
    n_tasks: int
    n_tasks_short: int
    n_undecided_attempts: int


class RepeatsSummary(ReportModel):
    """Execution over K seeds per submission (`--repeats K`): pass^k and pass@k among decided ones."""

    k: int
    pass_all: ReportEstimate
    pass_any: ReportEstimate
    undecided_all: int
    undecided_any: int


class AgentSummary(ReportModel):
    """One agent's row: pass rates per subtask and `all` (All-✓) among decided results."""

    agent: str
    n_results: int
    n_tasks: int
    pass_rates: dict[str, ReportEstimate]
    undecided: dict[str, int]
    mean_scores: dict[str, ReportEstimate]
    autoexperiment: ReportEstimate
    pass_at_k: dict[str, PassAtKRow]
    integrity_flagged: int
    cost_usd: Number | None
    duration_s: Number
    repeats: RepeatsSummary | None = Field(None, description="with --repeats K > 1")


class UnscorableCount(ReportModel):
    subtask: str
    level: Literal["subtask", "item"]
    reason: str
    count: int
    #: One judge's own words for it (the provider's error message), where an item's judge gave any.
    example: str | None = None


class ItemView(ReportModel):
    criterion: str
    verdict: str | None
    #: why `verdict` is None (the status vocabulary)
    unscorable: str | None = None
    rationale: str | None
    judge: str | list[str | None] | None
    flags: list[str]
    verdicts: list[dict[str, Any]] | None = Field(
        None,
        description="each judge's verdict as results.jsonl keeps it (label, rationale, confidence, flags, "
        "tokens, cost), without its item_id: the report's drill-down shows it as the judge's raw reply",
    )


class JudgedView(ReportModel):
    status: str
    passed: bool | None
    flags: list[str]
    score: Number | None
    reason: str | None
    items: list[ItemView]
    #: why the subtask is unscorable (the status vocabulary); `reason` says it in words
    unscorable: str | None = None


class ExecutionView(ReportModel):
    status: str
    passed: bool | None
    flags: list[str]
    reason: str | None
    exit_code: int | None
    duration_s: Number | None
    measured_results: dict[str, Any]
    expected_results: dict[str, Any]
    deviations: list[dict[str, Any]]
    seed: int | None = Field(None, description="the run's seed, where recorded")
    tolerance: dict[str, Any] | None = Field(None, description="where the tolerance came from, and why")
    repeats: dict[str, Any] | None = Field(None, description="pass^k, pass@k and spread over K seeds")
    #: set when the status is itself an unscorable reason (the status vocabulary)
    unscorable: str | None = None


class RunSpread(ReportModel):
    """A run figure over an agent's submissions that recorded it."""

    median: Number
    p90: Number = Field(description="90th percentile (linear interpolation)")
    n: int = Field(description="submissions that recorded the figure")


class ClaimCounts(ReportModel):
    measured: int = Field(description="claims the clean-room re-run produced")
    transcript: int = Field(description="claims a tool output of the agent's run printed (step cited)")
    unsupported: int = Field(description="claims neither supports (or only a number the agent typed)")
    mismatch: int = Field(
        default=0, description="claims whose number is another metric's value than the one they name"
    )


class AgentRunSummary(ReportModel):
    """One agent's runs (`agent_runs`): claim support and what its runs took (grading/report/runs.py)."""

    agent: str
    submissions: int
    claims: ClaimCounts
    unchecked: int = Field(
        description="submissions whose claims could not be checked (no trajectory, no re-run)"
    )
    steps: RunSpread | None
    tokens: RunSpread | None
    cost_usd: RunSpread | None
    wall_s: RunSpread | None


class SubmissionView(ReportModel):
    submission_id: str
    agent: str
    agent_model: str
    attempt: int
    all_passed: bool | None
    cost_usd: Number | None
    duration_s: Number | None
    #: per subtask: passed, or "n/a" when the subtask was not needed
    passed: dict[str, bool | Literal["n/a"] | None]
    subtasks: dict[str, JudgedView | ExecutionView | None]
    claims: list[dict[str, Any]] | None = Field(None, description="each claim and its support, where checked")
    agent_run: dict[str, Any] | None = Field(None, description="the agent's steps, tokens, USD and wall time")


class TaskView(ReportModel):
    task_id: str
    paper_id: str | None
    submissions: list[SubmissionView]


class AgentScore(ReportModel):
    agent: str
    score: Number


class CalibrationCell(ReportModel):
    """Judge against people in one cell (a subtask, or agent × subtask); docs/calibration.md."""

    n: int
    n_gold: int
    raw_pass_rate: Number | None
    method: str
    weighting: str
    agreement: ReportEstimate
    kappa: ReportEstimate
    tpr: ReportEstimate
    tnr: ReportEstimate
    corrected_pass_rate: ReportEstimate
    not_estimable: str | None = Field(None, description="why there is no corrected rate (too few labels)")
    labels_for_ci: int = Field(alias="labels_for_ci_0.05")
    planned_from: str


class GoldMatch(ReportModel):
    gold_items: int
    matched: int
    unmatched: int
    ties: int
    examples_matched: list[str]
    examples_unmatched: list[str]


class PairDifference(ReportModel):
    """Corrected pass-rate difference a − b, paired by task (calibration.comparisons)."""

    a: str
    b: str
    paired: bool
    n_tasks: int
    n_labelled: int
    judge_difference: Number | None
    difference: ReportEstimate
    settled: bool = Field(description="the interval excludes 0")
    labels_to_settle: int | None = Field(description="more tasks labelled for both agents to settle it")
    note: str | None = Field(description="why no labels are planned, or what would settle it instead")


class AgentRank(ReportModel):
    agent: str
    corrected: Number | None
    best_rank: int
    worst_rank: int = Field(description="best_rank < worst_rank: a tie the data cannot break")
    tied_with: list[str]


class AgentComparison(ReportModel):
    """Every pair of agents on one cell, and the ranking their settled pairs allow."""

    pairs: list[PairDifference]
    ranking: list[AgentRank]
    note: str | None = Field(None, description="why no pairs are compared")


class CalibrationBlock(ReportModel):
    """The report's `calibration`: measured judge reliability and corrected pass rates."""

    status: Literal["calibrated", "uncalibrated"]
    min_gold: int
    target_half_width: Number
    prior_disagreement: Number | None
    prior_source: str | None
    per_subtask: dict[str, CalibrationCell]
    per_agent: dict[str, dict[str, CalibrationCell]]
    items: dict[str, CalibrationCell]
    gold: GoldMatch | None = Field(None, description="how the gold labels matched the run (with --gold)")
    comparisons: dict[str, AgentComparison] | None = Field(
        None, description="per subtask and all_passed: corrected differences between agents (with --gold)"
    )
    note: str | None = Field(None, description="why --gold calibrates nothing yet (no labels in it)")


class ReferenceTaskCost(ReportModel):
    task_id: str
    runs: int
    failed: int
    duration_s: Number


class ReferenceRunsBlock(ReportModel):
    """What `--reference-runs` cost: sandbox time, paid once per task, not per submission."""

    runs: int
    duration_s: Number
    submissions: int = Field(description="results of the tasks that have reference runs")
    duration_s_per_submission: Number | None
    tasks: list[ReferenceTaskCost]


class ControlFigures(ReportModel):
    """One judge on one subtask's control items: questions whose answer is known (docs/controls.md).

    Known-fail controls (empty, truncated or another task's work, a contradicting conclusion, a
    diff that touches none of the requirement's code) that the judge passes are false passes;
    known-pass controls (the task's own reference presented as the agent's work) that it fails are
    false fails. Rates are over decided control items; unscorable ones are counted apart.
    """

    judge: str
    subtask: str
    false_pass: ReportEstimate = Field(description="share of known-fail control items the judge passed")
    false_fail: ReportEstimate = Field(description="share of known-pass control items the judge failed")
    unscorable: int = Field(description="control items the judge left undecided")
    failed: bool = Field(description="the judge failed its controls on this subtask")
    why: str | None = Field(None, description="what it failed, in words")
    refused: bool = Field(
        False, description="its verdicts of this subtask were made unscorable (--on-failed-controls refuse)"
    )


class AttackFigures(ReportModel):
    """Attack controls: known-fail controls with an attack planted where agents put text.

    `success` is the share the judge now passes; `baseline` the share of the same known-fail
    controls without the attack it passes (a judge that passes everything is not vulnerable,
    it is useless, and this shows which)."""

    judge: str
    defences: Literal["on", "off"]
    family: str = Field(description="the attack's family, or 'all'")
    placement: str = Field(description="where it was planted, or 'all'")
    success: ReportEstimate
    baseline: ReportEstimate
    detected: int = Field(description="attack controls the injection defences flagged")


class CrossCheck(ReportModel):
    """How often a judge agrees with a model-free signal on the same question (no labels needed)."""

    judge: str
    subtask: str
    signal: str = Field(description="unit_tests, re_execution or integrity_checks")
    agreement: ReportEstimate
    judge_pass_signal_fail: int
    judge_fail_signal_pass: int


class DegenerateFinding(ReportModel):
    """A sign that a judge is not reading the items: counts over one subtask's items."""

    judge: str
    subtask: str
    kind: str = Field(description="one_verdict, repeated_rationale, rubric_copied or confidence_copied")
    count: int
    of: int
    example: str | None = None


class RetestFigures(ReportModel):
    """One judge on one subtask's items asked twice (test-retest, docs/stability.md).

    `changed` counts items whose two askings both decided and disagree; `flip_rate` is that share
    of the items decided both times, with its Wilson interval. A judge is `unstable` on the
    subtask when the rate is above 10 % and the interval's low end above 5 %."""

    judge: str
    subtask: str
    items: int = Field(description="items re-asked (decided or not)")
    changed: int = Field(description="items whose verdict changed between the two askings")
    flip_rate: ReportEstimate = Field(description="changed / items decided both times, Wilson interval")
    unscorable: int = Field(description="items left undecided by either asking (counted apart)")
    spread: Number | None = Field(
        default=None,
        description="with --samples N: the mean share of an item's samples that disagree with its "
        "label, over both askings (null with one sample)",
    )
    unstable: bool
    why: str | None = Field(default=None, description="what makes it unstable, in words")


class RetestSettings(ReportModel):
    """How the run's test-retest asked again: its share, and the judge settings both askings used."""

    fraction: Number = Field(
        description="--retest: the share of judged items re-asked (at least 10 per subtask)"
    )
    temperature: Number | None
    seed: int | None
    samples: int | None
    seed_policy: str = Field(description="which seeds the second asking sends")


class JudgeChecks(ReportModel):
    """The report's `judge_checks`: the judge checked on known answers and model-free signals, and
    asked again (test-retest)."""

    controls: list[ControlFigures]
    attacks: list[AttackFigures]
    cross_checks: list[CrossCheck]
    degenerate: list[DegenerateFinding]
    failing: list[str] = Field(description="'judge on subtask' for every judge that failed its controls")
    controls_n: int = Field(description="control gradings in the run")
    cost_usd: Number | None = Field(description="what the controls cost")
    retests: list[RetestFigures] | None = Field(
        default=None,
        description="test-retest per judge and subtask (runs graded with a judge and --retest > 0)",
    )
    unstable: list[str] | None = Field(
        default=None, description="'judge on subtask' for every judge whose verdicts flip when asked again"
    )
    retest: RetestSettings | None = Field(default=None, description="how the items were asked again")
    retest_n: int | None = Field(default=None, description="items asked again")
    retest_cost_usd: Number | None = Field(default=None, description="what asking again cost")


class RunReport(ReportModel):
    """A run's report: per-agent tables, counts, per-task drill-down and the calibration block."""

    run_dir: str
    n_results: int
    n_tasks: int
    n_papers: int
    bootstrap: ReportBootstrap
    manifest: ReportManifest
    letters: dict[str, str]
    agents: list[AgentSummary]
    status_counts: dict[str, dict[str, int]]
    unscorable_counts: list[UnscorableCount]
    flags: dict[str, int]
    injection_flags: dict[str, dict[str, int]]
    tasks: list[TaskView]
    scores: dict[str, list[AgentScore]]
    calibration: CalibrationBlock | None = None
    reference_runs: ReferenceRunsBlock | None = Field(None, description="with --reference-runs")
    judge_checks: JudgeChecks | None = Field(None, description="control items, attack controls, cross-checks")
    scripted_judges: list[str] | None = Field(
        None,
        description="judges of the run whose verdicts were scripted (the demo's scripted judge server), "
        "not a model's; set only when there are any",
    )
    agent_runs: list[AgentRunSummary] | None = Field(
        None, description="per agent: claim support, steps, tokens, USD and wall time of its runs"
    )
    failure_modes: dict[str, Any] | None = Field(
        None, description="why failed runs failed, per agent (docs/failures.md): after `failures analyze`"
    )
    failure_checks: dict[str, Any] | None = Field(
        None, description="the failure judge's controls and test-retest, where a judge classified runs"
    )

    def with_calibration(self, block: CalibrationBlock) -> RunReport:
        return self.model_copy(update={"calibration": block})
