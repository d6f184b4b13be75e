"""The default executor: a bounded pool of worker threads on this machine, or of worker processes.

Gradings are I/O-bound (judge HTTP calls, async inside each grading; Docker sandbox runs that
block on the engine), so threads are enough and start instantly, until judging makes one core
the limit (litellm spends milliseconds of CPU per call): then `workers` > 1 spreads the same
gradings over that many processes (expgrade.grading.dispatch.process_pool), under one budget gate and
one rate limiter for all (expgrade.grading.judge.shared_accounts). The only shared hardware a grading
takes is a GPU: a job asking for GPUs is started only when the GPU allocator can hand it
devices of its own, and jobs behind it that fit keep the pool busy meanwhile.
"""

from __future__ import annotations

import multiprocessing
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Any

from expgrade.grading.dispatch.base import GradeFn, Job, ResultFn, check_unique_keys
from expgrade.grading.dispatch.process_pool import ProcessPool
from expgrade.grading.errors import UserError
from expgrade.grading.judge.budget import BudgetGate, LocalBudgetGate
from expgrade.grading.judge.limits import LocalRateLimiter, ModelLimits, RateLimiter
from expgrade.grading.judge.shared_accounts import SharedAccounts
from expgrade.grading.sandbox.gpu import GpuAllocator, GpuUnavailable, default_allocator

_GPU_POLL_S = 0.5

#: Hands a job and its GPU ids to a pool: threads here, or worker processes.
Submit = Callable[[Job, list[int]], "Future[dict[str, Any]]"]


class LocalExecutor:
    """Runs up to `concurrency` gradings at once, in threads of this process or of `workers` processes."""

    name = "local"

    def __init__(self, concurrency: int, *, gpus: GpuAllocator | None = None, workers: int = 1) -> None:
        if concurrency < 1:
            raise UserError(f"concurrency must be at least 1, got {concurrency}", field="--concurrency")
        if workers < 1:
            raise UserError(f"workers must be at least 1, got {workers}", field="--workers")
        self.concurrency = concurrency
        self.workers = min(workers, concurrency)  # a process with no grading to run is waste
        self._gpus = gpus
        self._accounts = SharedAccounts(multiprocessing.get_context("spawn")) if self.workers > 1 else None

    def rate_limiter(self, limits: dict[str, ModelLimits]) -> RateLimiter:
        """One limiter for every grading of the run.

        In threads: in-process. The graders run all judge calls of the process on one event
        loop (grading/graders/judging.py), so the buckets see every call; even from several
        loops the bucket arithmetic never awaits, so at worst a bucket is overdrawn for a moment
        and later callers wait it off. In worker processes: one limiter in a manager process,
        alive until `close`, so it holds every `run` of the executor (a grade run's controls,
        gradings and retests are three).
        """
        if self._accounts is not None:
            return self._accounts.limiter(limits)
        return LocalRateLimiter(limits=dict(limits))

    def budget_gate(self, budget_usd: float) -> BudgetGate:
        """One gate for every grading of the run (in-process, or in the manager process as above)."""
        if self._accounts is not None:
            return self._accounts.gate(budget_usd)
        return LocalBudgetGate(budget_usd)

    def run(self, jobs: Sequence[Job], grade: GradeFn, on_result: ResultFn) -> None:
        """Run every job once, calling `on_result` in this thread as each finishes.

        An exception from `grade` stops new jobs from starting; the running ones finish and
        deliver their results, then the first exception is re-raised here.
        """
        check_unique_keys(jobs)
        if not jobs:  # nothing left to grade: no worker process to start
            return
        gpus = self._allocator(jobs)
        pending = deque(jobs)
        running: dict[Future[dict[str, Any]], tuple[Job, list[int]]] = {}
        failure: BaseException | None = None
        pool: ThreadPoolExecutor | ProcessPool
        if self.workers > 1:
            per_worker = -(-self.concurrency // self.workers)
            pool = ProcessPool(grade, processes=self.workers, threads=per_worker)
            submit: Submit = pool.submit
        else:
            threads = ThreadPoolExecutor(max_workers=self.concurrency, thread_name_prefix="expgrade-grade")
            pool, submit = threads, _submitter(threads, grade)
        try:
            while (pending and failure is None) or running:
                if failure is None:
                    self._start_ready(pending, running, submit, gpus)
                if not running:
                    # Every pending job waits for GPUs that someone outside this run holds.
                    time.sleep(_GPU_POLL_S)
                    continue
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    job, ids = running.pop(future)
                    if ids and gpus is not None:
                        gpus.give_back(ids)
                    exc = future.exception()
                    if exc is not None:
                        failure = failure or exc
                        continue
                    on_result(job, future.result())
        finally:
            # On Ctrl-C or a failing `on_result`, do not sit waiting for hour-long sandbox runs.
            pool.shutdown(wait=not running, cancel_futures=True)
        if failure is not None:
            raise failure

    def close(self) -> None:
        """End the manager process of the shared limiter and gate, after the executor's last `run`.

        Not at the end of each `run`: the clients those gave out travel inside the next run's
        grade function, and a client of an ended manager fails every judge call it makes
        (retried with backoff, then unscorable).
        """
        if self._accounts is not None:
            self._accounts.close()

    def _allocator(self, jobs: Sequence[Job]) -> GpuAllocator | None:
        """The GPU allocator, made only when some job asks for GPUs."""
        if self._gpus is None and any(job.resources.gpus for job in jobs):
            self._gpus = default_allocator()
        return self._gpus

    def gpu_shortfall(self, jobs: Sequence[Job]) -> str | None:
        """One warning for the start of a run whose GPU jobs ask for more GPUs than exist here.

        Those jobs are not refused: everything else of them is graded, and their execution
        ends as `sandbox_error` saying asked vs found (waiting would be forever).
        """
        short = [job for job in jobs if job.resources.gpus]
        have = len(self._allocator(short).device_ids) if short else 0  # type: ignore[union-attr]
        short = [job for job in short if job.resources.gpus > have]
        if not short:
            return None
        most = max(job.resources.gpus for job in short)
        return (
            f"{len(short)} grading(s) ask for up to {most} GPU(s) but this machine has {have} "
            f"(e.g. {short[0].key}): their execution ends as sandbox_error, everything else is graded. "
            "Grade them on a GPU machine or a Ray cluster with GPU nodes (--executor ray)."
        )

    def _start_ready(
        self,
        pending: deque[Job],
        running: dict[Future[dict[str, Any]], tuple[Job, list[int]]],
        submit: Submit,
        gpus: GpuAllocator | None,
    ) -> None:
        """Fill free worker slots with the first pending jobs whose GPUs are free now, in order."""
        waiting: deque[Job] = deque()
        smallest_refused: int | None = None
        while pending and len(running) < self.concurrency:
            job = pending.popleft()
            ids: list[int] = []
            need = job.resources.gpus
            # More than this machine has can never be met: such a job runs now without GPUs,
            # and its grader says asked vs found (`gpu_shortfall` warned once at the start).
            if need and not (gpus is not None and need > len(gpus.device_ids)):
                worth_trying = smallest_refused is None or need < smallest_refused
                got = self._try_take(gpus, need) if worth_trying else None
                if got is None:
                    # A request this size failed just now: larger ones would too, skip their lock.
                    smallest_refused = need if smallest_refused is None else min(smallest_refused, need)
                    waiting.append(job)
                    continue
                ids = got
            running[submit(job, ids)] = (job, ids)
        pending.extendleft(reversed(waiting))

    @staticmethod
    def _try_take(gpus: GpuAllocator | None, count: int) -> list[int] | None:
        """`count` free device ids now, or None: never block the loop that collects results."""
        if gpus is None:
            return None
        try:
            return list(gpus.take(count, timeout_s=0))
        except GpuUnavailable:
            return None


def _submitter(pool: ThreadPoolExecutor, grade: GradeFn) -> Submit:
    """`submit(job, gpu_ids)` on a thread pool, as ProcessPool.submit is on worker processes."""

    def submit(job: Job, gpu_ids: list[int]) -> Future[dict[str, Any]]:
        return pool.submit(grade, job, gpu_ids)

    return submit
