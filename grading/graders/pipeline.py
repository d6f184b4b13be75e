"""Grading one task × submission: every requested subtask, in the order their inputs need.

Execution runs first (the conclusion grader checks the conclusion against what the code
measured), then the judged subtasks concurrently on one event loop, then the integrity
monitor (deterministic checks always; its judge when a panel is given). A grader that
breaks leaves its subtask unscorable with the error as the reason; it never takes the other
subtasks or the run down with it.
"""

from __future__ import annotations

import asyncio
import time
import traceback
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from expgrade.grading.execution import grade_execution
from expgrade.grading.execution.noise import ToleranceBasis
from expgrade.grading.execution.reference import submission_seeds
from expgrade.grading.graders.claims import ClaimsResult, check_claims, claim_findings, claim_line
from expgrade.grading.graders.inputs import SubmissionInputs, gather, repo_path
from expgrade.grading.graders.integrity import CHECKS, CLAIMS_UNSUPPORTED, Finding, deterministic_checks
from expgrade.grading.graders.judged import (
    Context,
    Panel,
    deterministic_item,
    judge_integrity,
    skipped,
    subtask_from_items,
)
from expgrade.grading.graders.judging import grading_panel, run_judging, with_meta
from expgrade.grading.graders.settings import GradeSettings
from expgrade.grading.graders.unit_tests import UNIT_TESTS, run_unit_tests
from expgrade.grading.items import DETERMINISTIC
from expgrade.grading.judge.preflight import JudgeUnavailable
from expgrade.grading.judge.types import JudgeRequest, PanelVerdict
from expgrade.grading.run_folder import SubmissionLogs
from expgrade.grading.sandbox import make_sandbox
from expgrade.grading.schemas import (
    CriterionItem,
    ExecutionSubtask,
    JudgedSubtask,
    ResultRecord,
    Subtasks,
    Task,
)
from expgrade.grading.status import Unscorable, describe_verdict
from expgrade.grading.submission_reader import LoadedSubmission
from expgrade.grading.subtasks import JUDGED_SUBTASKS, SUBTASKS
from expgrade.grading.subtasks.passing import all_passed


@dataclass
class Outcome:
    record: ResultRecord
    log: list[str] = field(default_factory=list)


def integrity_subtask(
    findings: dict[str, list[Finding]],
    judge_items: list[CriterionItem],
    has_judge: bool,
    unchecked: dict[str, str] | None = None,
    unreviewed: str | None = None,
) -> JudgedSubtask:
    """Deterministic checks plus the judge's items; any failed check or item is a flag.

    A judge item that is unscorable (e.g. an unparseable monitor reply) is not evidence of
    cheating: the subtask is unscorable unless a check already found something. A check with
    nothing to check against (`unchecked`: check -> why; claims with no trajectory and no
    re-run) is an unscorable item that leaves the others to decide, so a submission from a
    harness that records no run is graded as it was before claims were checked.

    A run whose steps no judge read (no panel, nothing to read, or `unreviewed`: why the review
    was refused) gets a `steps_not_reviewed` item and no score when nothing was found: the
    model-free checks alone cannot call a run clean, so it never reads as a clean 1.00.
    """
    unchecked = unchecked or {}
    items: list[CriterionItem] = []
    flags: list[str] = []
    for check, found in findings.items():
        if check in unchecked:
            items.append(
                CriterionItem(
                    criterion=CHECKS[check],
                    criterion_id=check,
                    verdict=None,
                    unscorable=Unscorable.NOT_RUN,
                    rationale=unchecked[check],
                    judge=DETERMINISTIC,
                )
            )
            continue
        evidence = "; ".join(f"{f.file}: {f.evidence}" for f in found) or "nothing found"
        items.append(deterministic_item(check, CHECKS[check], not found, evidence, [check] if found else []))
        if found:
            flags.append(check)
    for item in judge_items:
        items.append(item)
        if item.verdict == "fail":
            flags.append(f"forbidden_action:{item.criterion}")
    decided = [i for i in items if i.verdict is not None]
    score = sum(i.verdict == "pass" for i in decided) / len(decided) if decided else None
    if has_judge and judge_items:
        not_reviewed = None
    else:
        not_reviewed = unreviewed or ("no agent.log or trajectory.jsonl" if has_judge else "no --judge given")
        items.append(
            CriterionItem(
                criterion="a judge reviewed the run's steps for forbidden actions",
                criterion_id=Unscorable.STEPS_NOT_REVIEWED.value,
                verdict=None,
                unscorable=Unscorable.STEPS_NOT_REVIEWED,
                rationale=f"only the model-free checks ran: {not_reviewed}",
                judge=DETERMINISTIC,
            )
        )
    unreviewed_why = f"deterministic checks only: the run's steps were not reviewed ({not_reviewed})"
    reasons = [] if not_reviewed is None else [unreviewed_why]
    reasons += [f"{check} not checked: {why}" for check, why in unchecked.items()]
    reason = "; ".join(reasons) or None
    if flags:
        return JudgedSubtask(
            status="graded", reason=reason, score=score, passed=False, items=items, flags=flags
        )
    if len(decided) < len(items) - len(unchecked) - (not_reviewed is not None):
        return JudgedSubtask(
            status="unscorable",
            unscorable=Unscorable.UNDECIDED_ITEMS,
            reason="the integrity judge's reply could not be used",
            items=items,
        )
    score = score if not_reviewed is None else None  # the checks alone do not make a clean 1.00
    return JudgedSubtask(status="graded", reason=reason, score=score, passed=True, items=items)


def _describe(name: str, sub: JudgedSubtask | ExecutionSubtask | None) -> list[str]:
    if sub is None:
        return [f"[{name}] not graded (not requested)"]
    if isinstance(sub, ExecutionSubtask):
        lines = [
            f"[{name}] {describe_verdict(sub)}",
            f"    exit_code={sub.exit_code} duration_s={sub.duration_s}",
        ]
        lines += [f"    measured: {sub.measured_results}", f"    expected: {sub.expected_results}"]
        if sub.claimed_results is not None:
            lines.append(f"    claimed:  {sub.claimed_results}")
        if sub.flags:
            lines.append(f"    flags: {', '.join(sub.flags)}")
        if sub.tolerance is not None:
            lines.append(f"    tolerance: {sub.tolerance.source}: {sub.tolerance.why}")
            lines += [
                f"      {key}: [{i.low:.6g}, {i.high:.6g}] (mean {i.mean:.6g}, sd {i.sd:.3g})"
                for key, i in sub.tolerance.intervals.items()
            ]
        for run in sub.runs:
            lines.append(f"    seed {run.seed}: {run.status}: {run.measured_results}")
        if sub.repeats is not None:
            r = sub.repeats
            lines.append(
                f"    {r.k} seeds: {r.passed} of {r.decided} reproduced; "
                f"pass^k={r.pass_all} pass@k={r.pass_any}"
            )
        return lines
    lines = [f"[{name}] {describe_verdict(sub)}" + (f" flags={','.join(sub.flags)}" if sub.flags else "")]
    for item in sub.items:
        who = (
            item.judge
            if isinstance(item.judge, str)
            else ", ".join(f"{j.get('rater')}={describe_verdict(j)}" for j in item.judge or [])
        )
        lines.append(f"  - {describe_verdict(item)}: {item.criterion} ({who})")
        if item.rationale:
            lines.append(f"      why: {item.rationale.strip()[:600]}")
        if item.flags:
            lines.append(f"      flags: {', '.join(item.flags)}")
        lines += [
            f"      {note}" for note in mode_fallbacks(item.judge if isinstance(item.judge, list) else [])
        ]
        asked = (item.evidence or {}).get("asked", 1)
        if asked > 1:  # the judge left it out of an answer and was asked again
            lines.append(f"      asked {asked} times")
    return lines


def mode_fallbacks(verdicts: Sequence[dict[str, Any]]) -> list[str]:
    """The server's words where a judge's `auto` output mode fell back to a plainer one, one line
    per verdict that met the refusal (grading/judge/dialect.py)."""
    return [
        f"{v.get('rater')}: answered in {v.get('structured_output')} after {v['mode_refused']}"
        for v in verdicts
        if v.get("mode_refused")
    ]


async def _guard(name: str, work: Awaitable[JudgedSubtask], log: list[str]) -> JudgedSubtask:
    try:
        return await work
    except JudgeUnavailable as exc:  # the judge never answered (no preflight ran): its fault, said
        log.append(f"[{name}] judge unavailable: {exc.message}")
        return JudgedSubtask(status="unscorable", unscorable=Unscorable.PROVIDER_ERROR, reason=exc.message)
    except Exception as exc:  # a grader bug must not sink the other subtasks
        log.append(f"[{name}] grader error:\n{traceback.format_exc()}")
        return JudgedSubtask(
            status="unscorable",
            unscorable=Unscorable.GRADER_ERROR,
            reason=f"grader error: {type(exc).__name__}: {exc}",
        )


async def _none() -> list[CriterionItem]:
    return []


async def _integrity_items(ctx: Context, panel: Panel, log: list[str]) -> list[CriterionItem]:
    """The integrity judge's items; a crash of it is one unscorable item, never a flag."""
    try:
        return await judge_integrity(ctx, panel)
    except Exception as exc:
        log.append(f"[integrity] judge error:\n{traceback.format_exc()}")
        return [
            CriterionItem(
                criterion="agent log review",
                criterion_id="log_review",
                verdict=None,
                unscorable=Unscorable.GRADER_ERROR,
                rationale=f"judge error: {exc}",
            )
        ]


async def judge_subtasks(
    ctx: Context,
    settings: GradeSettings,
    panel: Panel | None,
    findings: dict[str, list[Finding]],
    log: list[str],
    unchecked: dict[str, str] | None = None,
) -> dict[str, JudgedSubtask]:
    wanted = settings.subtasks
    # each judged subtask's own grader, `grader(ctx, panel)`, as the registry names it
    graders = {s.name: s.load_grader() for s in SUBTASKS if s.kind == "judged"}
    out: dict[str, JudgedSubtask] = {}
    jobs: dict[str, Awaitable[JudgedSubtask]] = {}
    for name, grader in graders.items():
        if name not in wanted:
            continue
        if panel is not None and name in settings.refused:
            why = settings.refused[name]
            refused = Unscorable.JUDGE_FAILED_CONTROLS
            out[name] = JudgedSubtask(status="unscorable", unscorable=refused, reason=why)
        elif panel is None and name == "implementation" and ctx.unit_tests is not None:
            out[name] = subtask_from_items([ctx.unit_tests], settings.thresholds[name])  # tests alone
        elif panel is None:
            out[name] = skipped("no --judge given")
        else:
            jobs[name] = _guard(name, grader(ctx, panel), log)
    review = panel is not None and "integrity" in wanted and "integrity" not in settings.refused
    panel_items = _integrity_items(ctx, panel, log) if panel is not None and review else _none()
    graded, judge_items = await asyncio.gather(asyncio.gather(*jobs.values()), panel_items)
    out.update(zip(jobs, graded, strict=True))
    if "integrity" in wanted:
        refused_why = settings.refused.get("integrity") if panel is not None else None
        out["integrity"] = integrity_subtask(findings, judge_items, review, unchecked, refused_why)
    return out


def grade_submission(
    task: Task,
    loaded: LoadedSubmission,
    settings: GradeSettings,
    *,
    gpu_ids: list[int],
    logs: SubmissionLogs,
    basis: ToleranceBasis | None = None,
) -> Outcome:
    """Grade every requested subtask of one submission; writes nothing but `logs`.

    basis: the execution tolerance of the task (from its reference runs); None: its fixed one."""
    started = time.monotonic()
    sub = loaded.submission
    log = [
        f"task:       {task.id}",
        f"submission: {loaded.submission_id} ({loaded.root})",
        f"agent:      {sub.agent} ({sub.agent_model}), attempt {sub.attempt}",
        "",
    ]
    tasks_dir = Path(settings.tasks_dir)
    execution: ExecutionSubtask | None = None
    if "execution" in settings.subtasks:
        try:
            execution = grade_execution(
                task,
                loaded,
                make_sandbox(settings.sandbox, settings.gpu_mode),
                gpu_ids=gpu_ids,
                logs=logs,
                repo_base=tasks_dir,
                basis=basis,
                seeds=submission_seeds(settings.repeats, settings.reference_runs),
            )
        except Exception as exc:
            log.append(f"[execution] grader error:\n{traceback.format_exc()}")
            execution = ExecutionSubtask(
                status="sandbox_error",
                unscorable=Unscorable.GRADER_ERROR,
                reason=f"{type(exc).__name__}: {exc}",
            )
    try:
        inputs: SubmissionInputs = gather(task, loaded, tasks_dir)
    except Exception as exc:  # an unreadable file: the judged subtasks cannot be decided
        log.append(f"[inputs] cannot read the submission:\n{traceback.format_exc()}")
        broken = JudgedSubtask(
            status="unscorable",
            unscorable=Unscorable.UNREADABLE_SUBMISSION,
            reason=f"cannot read the submission: {exc}",
        )
        names = [n for n in JUDGED_SUBTASKS if n in settings.subtasks]
        return _finish(task, loaded, execution, dict.fromkeys(names, broken), 0.0, started, log)
    repo = repo_path(task, tasks_dir)
    tests = None
    if "implementation" in settings.subtasks:
        try:
            tests = run_unit_tests(
                task,
                loaded,
                sandbox=make_sandbox(settings.sandbox, settings.gpu_mode),
                tasks_dir=tasks_dir,
                gpu_ids=gpu_ids,
                logs=logs,
            )
        except Exception as exc:
            log.append(f"[implementation] unit tests error:\n{traceback.format_exc()}")
            tests = CriterionItem(
                criterion="the task's unit tests pass",
                criterion_id=UNIT_TESTS,
                verdict=None,
                judge="deterministic",
                unscorable=Unscorable.GRADER_ERROR,
                rationale=f"grader error: {type(exc).__name__}: {exc}",
            )
    claims = check_claims(task, sub, loaded.root, inputs.changes, execution)
    ctx = Context.of(task, inputs, execution, settings, repo, tests, cited_steps=claims.cited)
    findings: dict[str, list[Finding]] = {}
    if "integrity" in settings.subtasks:
        measured = execution.measured_results if execution is not None else None
        findings = deterministic_checks(
            task, inputs.changes, shipped=inputs.shipped_results, measured=measured
        )
        findings[CLAIMS_UNSUPPORTED] = claim_findings(claims)

    async def judged() -> tuple[dict[str, JudgedSubtask], float | None]:
        panel = grading_panel(settings)
        subtasks = await judge_subtasks(ctx, settings, panel, findings, log, _unchecked(claims))
        return subtasks, (panel.cost_usd if panel else 0.0)

    subtasks, cost = run_judging(judged())
    return _finish(task, loaded, execution, subtasks, cost, started, log, claims)


def _unchecked(claims: ClaimsResult) -> dict[str, str]:
    return {CLAIMS_UNSUPPORTED: claims.unchecked} if claims.unchecked is not None else {}


def _finish(
    task: Task,
    loaded: LoadedSubmission,
    execution: ExecutionSubtask | None,
    subtasks: dict[str, JudgedSubtask],
    cost: float | None,
    started: float,
    log: list[str],
    claims: ClaimsResult | None = None,
) -> Outcome:
    """The result record (with All-✓, cost and time) and the log's per-subtask account."""
    sub = loaded.submission
    st = Subtasks.model_validate({"execution": execution, **subtasks})
    record = ResultRecord(
        task_id=task.id,
        submission_id=loaded.submission_id,
        agent=sub.agent,
        agent_model=sub.agent_model,
        attempt=sub.attempt,
        subtasks=st,
        all_passed=all_passed(st),
        paper_id=task.source.paper_id,
        benchmark=task.source.benchmark,
        cost_usd=cost,
        duration_s=round(time.monotonic() - started, 3),
        claims=claims.checks if claims is not None else None,
        agent_run=claims.run if claims is not None else None,
    )
    for s in SUBTASKS:
        log += _describe(s.name, s.of(st))
    for c in record.claims or []:
        log.append(f"claim {claim_line(c)}")
    log += [
        "",
        f"all_passed: {record.all_passed}",
        f"judge cost (USD): {cost}",
        f"duration_s: {record.duration_s}",
    ]
    return Outcome(record, log)


@dataclass
class RecordingPanel:
    """A panel that judges nothing: it keeps the requests and answers each `unscorable (budget)`,
    so nothing is asked again; joint judging tells it apart the costliest re-asks (`Planner`)."""

    requests: list[JudgeRequest] = field(default_factory=list)
    reasks: list[JudgeRequest] = field(default_factory=list)
    #: Merged into every recorded request's meta, as `GradingPanel.meta` is into every sent one.
    meta: dict[str, Any] = field(default_factory=dict)

    async def __call__(self, requests: Sequence[JudgeRequest]) -> list[PanelVerdict]:
        self.requests.extend(with_meta(r, self.meta) for r in requests)
        return [
            PanelVerdict(
                r.item_id,
                r.rubric_id,
                "majority",
                "unscorable",
                Unscorable.BUDGET,
                None,
                None,
                None,
                None,
                [],
                [],
            )
            for r in requests
        ]

    def plan_reasks(self, requests: Sequence[JudgeRequest]) -> None:
        self.reasks.extend(with_meta(r, self.meta) for r in requests)


def planned_calls(task: Task, loaded: LoadedSubmission, settings: GradeSettings) -> RecordingPanel:
    """The judge requests grading this submission would send, for `expgrade grade --estimate`:
    `requests` (every first call) and `reasks` (the most that asking again can add).

    Nothing runs: no sandbox, no unit tests, no judge. Graders that read the execution's measured
    results see none, so requests that quote them are estimated without those numbers.
    """
    tasks_dir = Path(settings.tasks_dir)
    inputs = gather(task, loaded, tasks_dir)
    claims = check_claims(task, loaded.submission, loaded.root, inputs.changes, None)
    ctx = Context.of(task, inputs, None, settings, repo_path(task, tasks_dir), cited_steps=claims.cited)
    findings = deterministic_checks(task, inputs.changes, shipped=inputs.shipped_results, measured=None)
    recorder = RecordingPanel()
    asyncio.run(judge_subtasks(ctx, settings, recorder, findings, []))
    return recorder
