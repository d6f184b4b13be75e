"""A grading run's judge calls planned before any grading: its estimate, and its batch.

`expgrade grade --estimate` and `--batch` call these, and so can a script or a notebook. The
plan is every request the run's judged graders would send (`planned_requests`), without
running a sandbox or a test; the batch answers them through the provider's batch API into
the response cache, where the grading that follows finds them.
"""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

from expgrade.grading.controls import ControlOptions, planned_control_calls, retest_requests
from expgrade.grading.errors import UserError
from expgrade.grading.graders.judging import engine_for
from expgrade.grading.graders.pipeline import RecordingPanel, planned_calls
from expgrade.grading.graders.settings import GradeSettings
from expgrade.grading.judge.batch import OnProgress, judge_batch
from expgrade.grading.judge.engine import retested
from expgrade.grading.judge.estimate import Estimate, estimate
from expgrade.grading.judge.ledger import Totals
from expgrade.grading.judge.settings import JudgeSettings
from expgrade.grading.judge.types import JudgeRequest
from expgrade.grading.run.orchestrator import control_cases, load_tasks
from expgrade.grading.submission_reader import scan_submissions


def run_plan(
    tasks: Path, submissions: Path, settings: GradeSettings, controls: ControlOptions | None = None
) -> RecordingPanel:
    """Every judge request the run would send first (`requests`) and the most that re-asks can
    add (`reasks`), its control gradings' and test-retest's included (a retest request is marked
    `retest`: the cache never answers it); unreadable submissions are left out (the run itself
    reports them), as are submissions whose task is not in `tasks`."""
    by_id = load_tasks(tasks)
    options = controls or ControlOptions()
    plan = RecordingPanel()
    pairs = []
    per_pair: dict[tuple[str, str], list[JudgeRequest]] = {}
    for loaded in scan_submissions(submissions).submissions:
        task = by_id.get(loaded.submission.task_id)
        if task is not None:
            pairs.append((task, loaded))
            planned = planned_calls(task, loaded, settings)
            plan.requests += planned.requests
            plan.reasks += planned.reasks
            per_pair[(task.id, loaded.submission_id)] = planned.requests
    for case in control_cases(pairs, settings, options):
        planned = planned_control_calls(case, settings)
        plan.requests += planned.requests
        plan.reasks += planned.reasks
    if settings.judge is not None:
        plan.requests += retest_requests(per_pair, options.retest, settings.judge.config.seed)
    return plan


def run_requests(tasks: Path, submissions: Path, settings: GradeSettings) -> list[JudgeRequest]:
    """Every judge request the run would send first (what a batch sends: re-asks depend on the
    answers, and a retest must not be answered from the cache a batch fills)."""
    return [r for r in run_plan(tasks, submissions, settings).requests if not retested(r)]


def _judges(settings: GradeSettings, what: str) -> JudgeSettings:
    if settings.judge is None:
        raise UserError(f"{what} needs a --judge", field=what)
    return settings.judge


def estimate_run(
    tasks: Path, submissions: Path, settings: GradeSettings, controls: ControlOptions | None = None
) -> Estimate:
    """What the run's judging would cost, per subtask and judge, and at most with re-asks, its
    controls included; nothing is called or spent."""
    judges = _judges(settings, "--estimate")
    engine = engine_for(judges, rate_limiter=None, budget_gate=None)
    plan = run_plan(tasks, submissions, settings, controls)
    return estimate(engine, plan.requests, reasks=plan.reasks)


def batch_run(
    tasks: Path,
    submissions: Path,
    run_dir: Path,
    settings: GradeSettings,
    *,
    on_progress: OnProgress | None = None,
) -> tuple[Totals, GradeSettings]:
    """Judge the run's planned requests through the provider's batch API (resumable from `run_dir`).

    Returns what the batch spent and the settings to grade with: the answers are in the response
    cache, and a budget is one cap for the batch and the online remainder together, so the
    grading gets what the batch left.
    """
    judges = _judges(settings, "--batch")
    if not judges.config.use_cache:
        raise UserError("--batch needs the response cache (not --no-cache)", field="--batch")
    engine = engine_for(judges, rate_limiter=None, budget_gate=None)
    requests = run_requests(tasks, submissions, settings)
    asyncio.run(judge_batch(engine, requests, run_dir, on_progress=on_progress))
    spent = engine.ledger.run
    budget = judges.config.budget_usd
    if budget is not None:
        settings = dataclasses.replace(settings, judge=judges.with_budget(max(0.0, budget - spent.cost_usd)))
    return spent, settings
