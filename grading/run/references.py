"""`expgrade grade --reference-runs N`: each task's reference run N times, once per task.

Runs before any submission of the task is graded, through an executor of the same kind as the
gradings (so GPU tasks get their devices, and a Ray run spreads them over the cluster). Each
finished run is cached in the run folder the moment it returns, so a killed grading resumes with
what it already paid for; the cost is paid once per task however many submissions it has, and
the report says what it was (`reference_runs`).
"""

from __future__ import annotations

from contextlib import closing
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from expgrade.grading.dispatch import Job, get_executor, resources_for
from expgrade.grading.execution.noise import ToleranceBasis
from expgrade.grading.execution.reference import (
    RAN,
    basis_from_runs,
    cached_runs,
    fingerprint,
    needs_reference,
    reference_seeds,
    save_run,
)
from expgrade.grading.graders.settings import GradeSettings
from expgrade.grading.run.job import reference_job
from expgrade.grading.run_folder import RunFolder
from expgrade.grading.schemas import Task
from expgrade.grading.schemas.result import ReferenceRun


@dataclass
class ReferencePhase:
    bases: dict[str, ToleranceBasis] = field(default_factory=dict)  # task id -> its tolerance
    run_now: int = 0
    cached: int = 0
    duration_s: float = 0.0  # sandbox seconds of the runs made now
    unusable: dict[str, str] = field(default_factory=dict)  # task id -> why it is unscorable


def run_references(
    tasks: list[Task],
    run_dir: Path,
    settings: GradeSettings,
    *,
    executor: str,
    concurrency: int,
    console: Console | None,
) -> ReferencePhase:
    """The tolerance basis of every task in `tasks`, running the reference runs still missing."""
    folder = RunFolder(run_dir)
    seeds = reference_seeds(settings.reference_runs)
    phase = ReferencePhase()
    runs: dict[str, dict[int, ReferenceRun]] = {}
    prints: dict[str, str] = {}
    jobs = []
    for task in tasks:
        if not needs_reference(task):
            why = "the task has no reference to run" if task.reference is None else "nothing to check"
            phase.bases[task.id] = ToleranceBasis.fixed(task, f"{why}: the task's fixed tolerance")
            continue
        prints[task.id] = fingerprint(task, Path(settings.tasks_dir))
        runs[task.id] = cached_runs(folder.reference(task.id), seeds, prints[task.id])
        phase.cached += len(runs[task.id])
        jobs += [
            Job(
                key=f"reference/{task.id}/{seed}",
                payload={"task": task, "seed": seed},
                resources=resources_for(task.run, execute=True),
            )
            for seed in seeds
            if seed not in runs[task.id]
        ]
    if jobs:
        runner = get_executor(executor, concurrency=concurrency, workers=1)
        work = partial(reference_job, settings=settings, run_dir=str(run_dir))
        progress = Progress(
            TextColumn("reference runs"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            disable=console is None,
        )
        bar = progress.add_task("reference", total=len(jobs))

        def on_result(job: Job, data: dict[str, object]) -> None:
            run = ReferenceRun.model_validate(data)
            run = run.model_copy(update={"fingerprint": prints[run.task_id]})
            save_run(folder.reference(run.task_id), run)
            runs[run.task_id][run.seed] = run
            phase.run_now += 1
            phase.duration_s += run.duration_s or 0.0
            progress.update(bar, advance=1)

        with closing(runner), progress:
            runner.run(jobs, work, on_result)
    by_id = {t.id: t for t in tasks}
    for task_id, done in runs.items():
        phase.bases[task_id] = basis = basis_from_runs(by_id[task_id], done)
        if basis.problem is None:
            continue
        bad = sorted(s for s, r in done.items() if r.status != RAN)
        output = folder.reference(task_id).run(bad[0]).root if bad else None
        phase.unusable[task_id] = (
            f"{len(bad)} of {len(done)} reference run(s) did not finish well "
            f"(seed {bad[0]}: {done[bad[0]].status}; its output in {output})"
            if bad
            else basis.problem
        )
    return phase
