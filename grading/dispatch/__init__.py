"""Executors: where gradings run (local worker pool, or a Ray cluster).

`expgrade grade` builds its jobs, then hands them to `get_executor(name, concurrency=N).run(...)`.
See docs/executors.md for the contract between the run orchestrator and an executor.
"""

from __future__ import annotations

from expgrade.grading.dispatch.base import (
    JUDGE_ONLY_CPUS,
    Executor,
    GradeFn,
    Job,
    JobResources,
    ResultFn,
    resources_for,
)
from expgrade.grading.dispatch.local import LocalExecutor
from expgrade.grading.errors import UserError
from expgrade.grading.sandbox.gpu import GpuAllocator

EXECUTORS = ("local", "ray")


def get_executor(
    name: str,
    *,
    concurrency: int,
    ray_address: str | None = None,
    max_retries: int = 3,
    gpus: GpuAllocator | None = None,
    workers: int = 1,
) -> Executor:
    """The executor called `name`: `local` (threads here) or `ray` (tasks on a Ray cluster).

    `ray_address` defaults to $RAY_ADDRESS, else a local Ray instance is started for the run;
    `max_retries` is how often Ray re-runs a grading whose worker died; `gpus` overrides the
    local GPU allocator (tests, or a machine where only some GPUs are for grading); `workers`
    > 1 runs the local executor's gradings in that many processes (Ray has its own).
    """
    if name == "local":
        return LocalExecutor(concurrency, gpus=gpus, workers=workers)
    if workers > 1:
        raise UserError(
            f"--workers is for the local executor; {name} spreads gradings over its own worker processes",
            field="--workers",
        )
    if name == "ray":
        from expgrade.grading.dispatch.ray_executor import RayExecutor

        return RayExecutor(concurrency, address=ray_address, max_retries=max_retries)
    raise UserError(
        f"unknown executor '{name}' (expected one of: {', '.join(EXECUTORS)})", field="--executor"
    )


__all__ = [
    "EXECUTORS",
    "JUDGE_ONLY_CPUS",
    "Executor",
    "GradeFn",
    "Job",
    "JobResources",
    "LocalExecutor",
    "ResultFn",
    "get_executor",
    "resources_for",
]
