"""`expgrade grade`: decide what is left to grade, hand it to an executor, record what comes back.

The orchestrator alone writes results.jsonl, from the driver thread, as each grading finishes
(the executor's `on_result`), so an interrupted run keeps everything finished before the
interruption and a re-run grades only what is missing.
"""

from __future__ import annotations

import dataclasses
import random
import time
from contextlib import closing
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from expgrade.grading.controls import (
    ControlCase,
    ControlOptions,
    ControlStore,
    RetestStore,
    build_controls,
    control_figures,
    read_controls,
    refusals,
    retest_cases,
)
from expgrade.grading.dispatch import Job, get_executor, resources_for
from expgrade.grading.errors import UserError
from expgrade.grading.graders.judged import JOINT_RUBRIC
from expgrade.grading.graders.settings import GradeSettings
from expgrade.grading.jsonl import load_json, read_models
from expgrade.grading.judge import load_rubric
from expgrade.grading.judge.preflight import checked
from expgrade.grading.run.content import Content, stale_results, supersede
from expgrade.grading.run.job import grade_job
from expgrade.grading.run.manifest import (
    build_manifest,
    check_resume,
    check_served,
    file_sha256,
    load_manifest,
    note_output_modes,
    note_served,
    now,
    served_now,
    write_manifest,
)
from expgrade.grading.run.references import ReferencePhase, run_references
from expgrade.grading.run.store import ResultsStore, read_results, result_key
from expgrade.grading.run_folder import RunFolder
from expgrade.grading.sandbox.orphans import reap
from expgrade.grading.schemas import ResultRecord, Task
from expgrade.grading.schemas.control import ControlRecord
from expgrade.grading.schemas.retest import RetestRecord
from expgrade.grading.submission_reader import scan_submissions
from expgrade.grading.subtasks import JUDGED_SUBTASKS


@dataclass
class RunSummary:
    run_dir: Path
    total: int
    already_done: int
    graded_now: int
    cost_usd: float | None = 0.0
    wall_s: float = 0.0
    references: ReferencePhase = field(default_factory=ReferencePhase)
    controls_now: int = 0
    #: submissions' subtasks asked again past the cache (test-retest, `--retest`)
    retests_now: int = 0
    #: subtask -> why its verdicts were made unscorable (`--on-failed-controls refuse`)
    refused: dict[str, str] = field(default_factory=dict)


def load_tasks(path: Path) -> dict[str, Task]:
    tasks: dict[str, Task] = {}
    for task in read_models(path, Task):
        if task.id in tasks:
            raise UserError(f"task id '{task.id}' occurs twice", file=path, field="id")
        tasks[task.id] = task
    if not tasks:
        raise UserError("no tasks in the file", file=path)
    return tasks


def identity(settings: GradeSettings) -> dict[str, Any]:
    """The settings that decide verdicts; a resumed run must use the same (see manifest.IDENTITY)."""
    rubrics = {}
    joint = [JOINT_RUBRIC] if settings.implementation_judging == "joint" else []
    for rid in [*JUDGED_SUBTASKS, *joint]:
        r = load_rubric(rid)
        rubrics[rid] = {"version": r.version, "digest": r.digest}
    judge = settings.judge
    return {
        "subtasks": list(settings.subtasks),
        "judges": list(judge.models) if judge else [],
        "rubrics": rubrics,
        "thresholds": settings.thresholds,
        "seed": judge.config.seed if judge else 0,
        "samples": judge.config.samples if judge else 1,
        "injection_check": judge.config.injection_check if judge else "off",
        "spotlight": judge.config.spotlight if judge else True,
        "implementation_judging": settings.implementation_judging,
        "reference_runs": settings.reference_runs,
        "repeats": settings.repeats,
    }


def _image_digests(run_dir: Path) -> dict[str, str]:
    """image -> image id of every sandbox run logged in the folder (so crashed runs count too)."""
    images: dict[str, str] = {}
    for path in RunFolder(run_dir).sandbox_records():
        try:
            data = load_json(path)
        except UserError:
            continue
        if isinstance(data, dict) and data.get("image") and data.get("image_id"):
            images[str(data["image"])] = str(data["image_id"])
    return images


def _spent(store: ResultsStore) -> float:
    return sum(r.cost_usd or 0.0 for r in read_results(store.path.parent)) if store.finished else 0.0


def grade_run(
    tasks_path: Path,
    submissions_dir: Path,
    run_dir: Path,
    settings: GradeSettings,
    *,
    executor: str = "local",
    concurrency: int = 4,
    workers: int = 1,
    console: Console | None = None,
    context: dict[str, Any] | None = None,
    controls: ControlOptions | None = None,
    regrade_changed: bool = False,
) -> RunSummary:
    """Grade every submission not yet in RUN_DIR/results.jsonl; see docs/grading.md.

    The judges' rpm/tpm limits (settings.judge) are enforced by the executor's shared rate
    limiter, and their budget by its budget gate (one for the whole cluster under Ray, one for
    all `workers` processes of the local executor). With a judge, `controls` (default: on, at
    ControlOptions' defaults) adds control gradings (docs/controls.md): interleaved with the
    real ones, or first when a failing judge is to be refused; and, after the real gradings, asks
    a sample of their judged items again past the cache (test-retest, docs/stability.md).

    A finished result whose task or submission changed since it was graded (grading/run/content.py)
    stops the run before anything is written, unless `regrade_changed`: then exactly those are
    graded again.
    """
    started = time.monotonic()
    runner = get_executor(executor, concurrency=concurrency, workers=workers)
    tasks = load_tasks(tasks_path)
    scan = scan_submissions(submissions_dir)
    problems = [str(p) for p in scan.problems]
    pairs = []
    for loaded in scan.submissions:
        task = tasks.get(loaded.submission.task_id)
        if task is None:
            tid = loaded.submission.task_id
            problems.append(f"{loaded.submission_id}: task_id '{tid}' is not in {tasks_path}")
            continue
        pairs.append((task, loaded))
    if problems:  # a submission left out would change its agent's rates without a word
        listed = "\n  ".join(problems)
        raise UserError(
            f"{len(problems)} submission(s) cannot be graded as they are, so nothing was graded:"
            f"\n  {listed}\n"
            "fix them (`expgrade submissions validate`), or move them out of the submissions folder"
        )
    ident = identity(settings)
    manifest = load_manifest(run_dir)
    if manifest is not None:
        check_resume(manifest, ident, run_dir)
    content = Content.of(pairs)
    stale = stale_results(run_dir, content)
    if stale.keys() and not regrade_changed:  # before anything is written or spent
        raise stale.refusal(run_dir)
    if settings.judge is not None and settings.judge.preflight:  # the inputs hold: now the judges
        checked_judge, notes = checked(settings.judge)
        settings = dataclasses.replace(settings, judge=checked_judge)
        for note in notes:
            if console is not None:
                console.print(f"[yellow]preflight:[/] {note}", highlight=False, soft_wrap=True)
    served = served_now(settings.judge)
    for moved in check_served(manifest, served, run_dir):  # before anything is written or spent
        if console is not None:
            console.print(f"[yellow]resuming:[/] {moved}", highlight=False, soft_wrap=True)
    run_dir.mkdir(parents=True, exist_ok=True)
    session = {
        "started_at": now(),
        "executor": executor,
        "concurrency": concurrency,
        "workers": workers,
        "gpu_mode": settings.gpu_mode,
        **(context or {}),
    }
    controls = controls if controls is not None else ControlOptions()
    cases = control_cases(pairs, settings, controls)
    if settings.judge is not None:
        session["retest"] = {"fraction": controls.retest}
    if cases:
        session["controls"] = {
            "ratio": controls.ratio,
            "cases": len(cases),
            "undefended": controls.undefended,
            "on_failure": controls.on_failure,
        }
    if manifest is None:
        manifest = build_manifest(
            ident,
            {
                "tasks_file": str(tasks_path.resolve()),
                "tasks_sha256": file_sha256(tasks_path),
                "submissions_dir": str(submissions_dir.resolve()),
                "sandbox": settings.sandbox,
                "sessions": [],
            },
        )
    manifest["content"] = content.as_manifest()
    note_served(manifest, served)
    if stale.keys():
        session["regraded_changed"] = supersede(run_dir, stale.keys())
        if console is not None:
            console.print(
                f"[yellow]regrading:[/] {session['regraded_changed']} result(s) whose task or submission"
                " changed (or could not be checked); their old verdicts are in"
                f" {RunFolder(run_dir).superseded.name}",
                highlight=False,
                soft_wrap=True,
            )
    if settings.runs_code:  # before any sandbox of ours starts, what killed graders left goes
        reaped = reap(containers=settings.sandbox == "docker")
        session["reaped"] = {**asdict(reaped), "summary": reaped.summary()}
        said = [reaped.summary()] if reaped.total else []
        if reaped.problem:
            said.append(f"could not look for containers left by killed runs: {reaped.problem}")
        for line in said:
            if console is not None:
                console.print(f"[yellow]sandbox:[/] {line}", highlight=False, soft_wrap=True)
    manifest.setdefault("sessions", []).append(session)
    write_manifest(run_dir, manifest)

    store = ResultsStore.open(run_dir)
    if store.repaired is not None and console is not None:
        console.print(
            f"[yellow]resuming:[/] {store.repaired.file}, line {store.repaired.line} was cut short by a"
            " crash (a grading not finished): cut off, that submission is graded again",
            highlight=False,
            soft_wrap=True,
        )
    todo = [(t, s) for t, s in pairs if result_key(t.id, s.submission_id) not in store.finished]
    done_before = len(pairs) - len(todo)
    execute = "execution" in settings.subtasks
    references = ReferencePhase()
    if execute and settings.reference_runs:
        needed = list({t.id: t for t, _ in todo}.values())
        references = run_references(
            needed, run_dir, settings, executor=executor, concurrency=concurrency, console=console
        )
    judge = settings.judge
    if judge is not None and judge.config.budget_usd is not None:  # what earlier sessions spent counts
        judge = judge.with_budget(max(0.0, judge.config.budget_usd - _spent(store)))
    jobs = [
        Job(
            key=result_key(t.id, s.submission_id),
            payload={"task": t, "submission": s, "basis": references.bases.get(t.id)},
            resources=resources_for(t.run, execute=execute),
        )
        for t, s in todo
    ]
    summary = RunSummary(run_dir, len(pairs), done_before, 0, references=references)
    cost: list[float | None] = [0.0]
    control_store = ControlStore.open(run_dir)
    retest_store = RetestStore.open(run_dir)
    control_jobs = [
        Job(f"control/{c.control_id}", {"control": c}, resources_for(None, execute=False))
        for c in cases
        if c.control_id not in control_store.finished
    ]
    total = len(pairs) + len(cases)

    # One executor for the controls, the gradings and the retests: its limiter and budget gate
    # hold all three, so it is closed only after the last.
    counted = done_before + len(cases) - len(control_jobs)
    with closing(runner), _progress(console, total, counted) as (progress, bar):

        def on_result(job: Job, data: dict[str, Any]) -> None:
            if "control" in data:
                control = ControlRecord.model_validate(data["control"])
                control_store.append(control)
                note_output_modes(manifest, data["control"])
                summary.controls_now += 1
                spent = control.cost_usd
            elif "retest" in data:
                retest = RetestRecord.model_validate(data["retest"])
                retest_store.append(retest)
                summary.retests_now += 1
                spent = retest.cost_usd
            else:
                record = ResultRecord.model_validate(
                    {**data, **content.fields(data["task_id"], data["submission_id"])}
                )
                store.append(record)
                note_output_modes(manifest, data)
                summary.graded_now += 1
                spent = record.cost_usd
            cost[0] = None if cost[0] is None or spent is None else cost[0] + spent
            progress.update(bar, advance=1, cost=_money(cost[0]))

        if judge is not None:  # one limiter and one budget for every grading (under Ray: the whole cluster)
            budget = judge.config.budget_usd
            gate = runner.budget_gate(budget) if budget is not None else None
            settings = dataclasses.replace(
                settings,
                judge=judge,
                rate_limiter=runner.rate_limiter(judge.model_limits()),
                budget_gate=gate,
            )
        grade = partial(grade_job, settings=settings, run_dir=str(run_dir))
        if controls.on_failure == "refuse" and cases:  # the judge answers its controls first
            runner.run(control_jobs, grade, on_result)
            summary.refused = refusals(control_figures(read_controls(run_dir)))
            settings = dataclasses.replace(settings, refused=summary.refused)
            grade = partial(grade_job, settings=settings, run_dir=str(run_dir))
            session["refused"] = summary.refused
        else:
            jobs = _interleave(jobs, control_jobs, settings)
        shortfall = runner.gpu_shortfall(jobs) if execute else None
        if shortfall is not None:
            session["warnings"] = [shortfall]
            if console is not None:
                console.print(f"[yellow]warning:[/] {shortfall}", highlight=False, soft_wrap=True)
        try:
            runner.run(jobs, grade, on_result)
            if judge is not None and controls.retest > 0:  # after the gradings: it draws from their verdicts
                drawn = retest_cases(read_results(run_dir), pairs, controls.retest, judge.config.seed)
                retest_jobs = [
                    Job(f"retest/{c.retest_id}", {"retest": c}, resources_for(None, execute=False))
                    for c in drawn
                    if c.retest_id not in retest_store.finished
                ]
                progress.update(
                    bar, total=total + len(drawn), completed=total + len(drawn) - len(retest_jobs)
                )
                runner.run(retest_jobs, grade, on_result)
                session["retest"] = {"fraction": controls.retest, "cases": len(drawn)}
        finally:
            manifest["images"] = {**manifest.get("images", {}), **_image_digests(run_dir)}
            session.update(finished_at=now(), graded=summary.graded_now)
            write_manifest(run_dir, manifest)
    summary.cost_usd = cost[0]
    summary.wall_s = time.monotonic() - started
    return summary


def control_cases(
    pairs: list[tuple[Task, Any]], settings: GradeSettings, options: ControlOptions
) -> list[ControlCase]:
    """The run's controls, built from the tasks that have submissions; none without a judge."""
    judged = [s for s in settings.subtasks if s in JUDGED_SUBTASKS]
    if settings.judge is None or not judged or not pairs:
        return []
    tasks = list({t.id: t for t, _ in pairs}.values())
    seed = settings.judge.config.seed
    return build_controls(tasks, judged, Path(settings.tasks_dir), options, len(pairs), seed=seed)


def _interleave(jobs: list[Job], controls: list[Job], settings: GradeSettings) -> list[Job]:
    """The control jobs spread among the real ones at seeded places, so they reach the judge
    mixed in with real items rather than as a block it could tell apart by its timing."""
    rng = random.Random(settings.judge.config.seed if settings.judge else 0)
    out = list(jobs)
    for job in controls:
        out.insert(rng.randint(0, len(out)), job)
    return out


def _money(value: float | None) -> str:
    return "unknown" if value is None else f"${value:.4f}"


class _progress:
    """A rich progress bar (M/N, cost so far, elapsed, ETA); silent when there is no console."""

    def __init__(self, console: Console | None, total: int, done: int) -> None:
        self.progress = Progress(
            TextColumn("grading"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("cost {task.fields[cost]}"),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=console,
            disable=console is None,
        )
        self.bar = self.progress.add_task("grade", total=total, completed=done, cost=_money(0.0))

    def __enter__(self) -> tuple[Progress, Any]:
        self.progress.start()
        return self.progress, self.bar

    def __exit__(self, *exc: object) -> None:
        self.progress.stop()
