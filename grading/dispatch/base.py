"""The executor interface `expgrade grade` runs its gradings through.

A grading job is one task × submission. The run orchestrator (grading/run) decides *what* to
grade and where results go; an executor decides only *where and how concurrently* each job's
grading function runs. Keeping the two apart is what lets the same run go local or onto Ray
and give identical results.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from expgrade.grading.judge.budget import BudgetGate
from expgrade.grading.judge.limits import ModelLimits, RateLimiter
from expgrade.grading.sandbox.limits import Limits
from expgrade.grading.schemas import RunSpec


@dataclass(frozen=True)
class JobResources:
    """What one grading needs from the machine that runs it."""

    gpus: int = 0
    cpus: float = 1.0
    memory_bytes: int | None = None


@dataclass(frozen=True)
class Job:
    """One grading: `key` is unique in the run (task_id/submission_id); `payload` is picklable."""

    key: str
    payload: Any
    resources: JobResources = field(default_factory=JobResources)


#: Grades one job. `gpu_ids` are the devices this job may use (empty when it asked for none):
#: the local executor takes them from its GPU allocator, Ray from `ray.get_gpu_ids()`.
GradeFn = Callable[[Job, list[int]], dict[str, Any]]
#: Called on the driver, in the driver's thread, once per finished job, as results arrive.
ResultFn = Callable[[Job, dict[str, Any]], None]


class Executor(Protocol):
    name: str

    def run(self, jobs: Sequence[Job], grade: GradeFn, on_result: ResultFn) -> None:
        """Run every job once (retrying a job whose worker died), streaming results to `on_result`."""
        ...

    def rate_limiter(self, limits: dict[str, ModelLimits]) -> RateLimiter:
        """A judge rate limiter every grading of this executor shares (call before `run`).

        Local: one in-process limiter. Ray: one actor for the whole cluster, so N workers
        together stay under a provider's RPM/TPM rather than N times over it.
        """
        ...

    def budget_gate(self, budget_usd: float) -> BudgetGate:
        """The judge budget every grading of this executor draws on (call before `run`).

        Local: one in-process gate. Ray: one actor for the whole cluster, so `--budget-usd`
        caps the run rather than each worker process.
        """
        ...

    def close(self) -> None:
        """End what the executor holds for all its runs (the shared limiter and gate, a Ray
        instance it started): call once, after its last `run`. A grade run calls `run` up to
        three times (controls first, gradings, retests) with one limiter and one gate, so
        they must outlive each `run`."""
        ...

    def gpu_shortfall(self, jobs: Sequence[Job]) -> str | None:
        """One warning for the start of a run (call before `run`) when some jobs ask for more GPUs
        than this machine (local) or any node (Ray) has; None otherwise. Those jobs still run:
        their execution ends as `sandbox_error` saying asked vs found, the rest is graded."""
        ...


#: A judge-only grading spends its life waiting on HTTP: reserving a whole core for it would
#: leave a Ray node idle at one grading per core, so it asks for a tenth.
JUDGE_ONLY_CPUS = 0.1


def resources_for(run: RunSpec | None, *, execute: bool) -> JobResources:
    """What a grading needs: the task's `run` limits when it re-executes code, a sliver otherwise."""
    if run is None or not execute:
        return JobResources(gpus=0, cpus=JUDGE_ONLY_CPUS)
    memory = Limits.from_run(run).memory_bytes if run.memory is not None else None  # none asked, none held
    return JobResources(gpus=run.gpus, cpus=run.cpus or 1.0, memory_bytes=memory)


def check_unique_keys(jobs: Sequence[Job]) -> None:
    """Results are matched to jobs by key; two jobs with one key would make one result vanish."""
    seen: set[str] = set()
    for job in jobs:
        if job.key in seen:
            raise ValueError(f"two jobs share the key {job.key!r}; keys must be unique in a run")
        seen.add(job.key)
