"""The function each executor worker runs: grade one job, write its log, return its record.

It is a module-level function taking plain settings, so `functools.partial(grade_job, ...)`
pickles for a Ray worker. The worker writes the per-submission log itself (RUN_DIR must be on
storage the workers share, like the submissions); the driver alone appends to results.jsonl.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from expgrade.grading.controls import ControlCase, RetestCase, grade_control, grade_retest
from expgrade.grading.dispatch import Job
from expgrade.grading.execution.reference import run_reference
from expgrade.grading.graders.pipeline import grade_submission
from expgrade.grading.graders.settings import GradeSettings
from expgrade.grading.run_folder import RunFolder
from expgrade.grading.sandbox import make_sandbox
from expgrade.grading.sandbox.orphans import reap
from expgrade.grading.schemas import Task
from expgrade.grading.submission_reader import LoadedSubmission


def sweep(settings: GradeSettings) -> list[str]:
    """Remove what graders that died on this host left, before this job starts a sandbox.

    The driver sweeps at every start, but under Ray the grader that dies may be a worker, on
    another node, while the driver runs on: its retry, or the next job on that node, sweeps.
    Returns the log line saying what was removed, if anything was.
    """
    if not settings.runs_code:
        return []
    reaped = reap(containers=settings.sandbox == "docker")
    return [f"[sandbox] {reaped.summary()}"] if reaped.total else []


def grade_job(job: Job, gpu_ids: list[int], *, settings: GradeSettings, run_dir: str) -> dict[str, Any]:
    """A submission's result record; for a control job `{"control": its control record}`, for a
    retest job `{"retest": its retest record}` (and its log beside the submission's grading.log)."""
    case: ControlCase | None = job.payload.get("control")
    if case is not None:
        record, log = grade_control(case, settings)
        path = RunFolder(Path(run_dir)).control_logs(case.control_id)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(log) + "\n", encoding="utf-8")
        return {"control": record.model_dump(mode="json")}
    retest: RetestCase | None = job.payload.get("retest")
    if retest is not None:
        redo, log = grade_retest(retest, settings)
        logs = RunFolder(Path(run_dir)).submission_logs(retest.record.submission_id)
        logs.root.mkdir(parents=True, exist_ok=True)
        logs.retest_log(retest.subtask).write_text("\n".join(log) + "\n", encoding="utf-8")
        return {"retest": redo.model_dump(mode="json")}
    task: Task = job.payload["task"]
    loaded: LoadedSubmission = job.payload["submission"]
    logs = RunFolder(Path(run_dir)).submission_logs(loaded.submission_id)
    logs.root.mkdir(parents=True, exist_ok=True)
    swept = sweep(settings)
    outcome = grade_submission(
        task, loaded, settings, gpu_ids=gpu_ids, logs=logs, basis=job.payload.get("basis")
    )
    logs.grading_log.write_text("\n".join([*swept, *outcome.log]) + "\n", encoding="utf-8")
    return outcome.record.model_dump(mode="json")


def reference_job(job: Job, gpu_ids: list[int], *, settings: GradeSettings, run_dir: str) -> dict[str, Any]:
    """One run of a task's reference (`--reference-runs`); the driver caches what it returns."""
    task: Task = job.payload["task"]
    sweep(settings)
    run = run_reference(
        task,
        job.payload["seed"],
        make_sandbox(settings.sandbox, settings.gpu_mode),
        tasks_dir=Path(settings.tasks_dir),
        logs=RunFolder(Path(run_dir)).reference(task.id),
        gpu_ids=gpu_ids,
    )
    return run.model_dump(mode="json")
