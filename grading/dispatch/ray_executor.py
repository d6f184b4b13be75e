"""`--executor ray`: each grading a Ray task, scheduled by the resources it needs.

Ray places a job on a node with `num_gpus`/`num_cpus`/`memory` free and tells the task which
GPUs are its own (`ray.get_gpu_ids()`), which the Docker sandbox turns into its DeviceRequest;
so GPU jobs never share a device across the cluster. Results come back to the driver as each
task finishes (`ray.wait`), so the run folder grows incrementally and a crash of the driver
loses nothing already written. A task whose worker process dies (OOM-killer, lost node) is
retried by Ray (`max_retries`); finished tasks are separate objects and are never recomputed.
"""

from __future__ import annotations

import logging
import os
import threading
import uuid
from collections import deque
from collections.abc import Sequence
from typing import Any, TypeVar

from expgrade.grading.dispatch.base import GradeFn, Job, ResultFn, check_unique_keys
from expgrade.grading.errors import UserError
from expgrade.grading.judge.budget import BudgetGate, LocalBudgetGate
from expgrade.grading.judge.limits import LocalRateLimiter, ModelLimits, RateLimiter

INSTALL_HINT = "pip install 'expgrade[ray]'"


def import_ray() -> Any:
    """Ray is an optional extra: without it, say how to get it instead of a bare ImportError."""
    try:
        import ray
    except ImportError as exc:
        raise UserError(
            f"--executor ray needs Ray, which is not installed; install it with: {INSTALL_HINT}",
            field="--executor",
        ) from exc
    return ray


def _grade_on_node(grade: GradeFn, job: Job) -> dict[str, Any]:
    """The Ray task body: runs on whichever node Ray picked, with that node's GPU ids."""
    import ray

    ids = ray.get_gpu_ids()
    try:
        gpu_ids = [int(i) for i in ids]
    except ValueError as exc:
        # Ray hands back whatever the node's CUDA_VISIBLE_DEVICES listed; Docker needs indices.
        raise RuntimeError(
            f"this Ray node lists its GPUs as {ids}; start it with CUDA_VISIBLE_DEVICES as indices"
        ) from exc
    return grade(job, gpu_ids)


class _LimiterActor:
    """The cluster's one rate limiter: the judge's own token buckets, behind an async Ray actor.

    Every `acquire` of every worker waits here, on one event loop, so the buckets see the
    whole cluster's traffic; the actor holds no CPU, only a place in the scheduler.
    """

    def __init__(self, limits: dict[str, ModelLimits]) -> None:
        self._limiter = LocalRateLimiter(limits=limits)

    async def acquire(self, model: str, tokens: int) -> None:
        await self._limiter.acquire(model, tokens)

    async def pause(self, model: str, seconds: float) -> None:
        await self._limiter.pause(model, seconds)


class _BudgetActor:
    """The run's one budget: the judge's own gate, behind an async Ray actor.

    Its methods never await, so the actor's single event loop runs each reservation whole: no
    two workers can both take the last dollars. It holds no CPU, only a place in the scheduler.
    """

    def __init__(self, budget_usd: float) -> None:
        self._gate = LocalBudgetGate(budget_usd)

    async def try_reserve(self, usd: float) -> bool:
        return self._gate.reserve(usd)

    async def settle(self, reserved: float, actual: float | None) -> None:
        self._gate.charge(reserved, actual)

    async def account(self) -> dict[str, float]:
        """What the run has spent, still holds reserved, and refused (for the driver to read)."""
        return {
            "spent_usd": self._gate.spent_usd,
            "reserved_usd": self._gate.reserved_usd,
            "refusals": self._gate.refusals,
        }


class _ActorClient:
    """A client of one of the run's actors, picklable into tasks.

    Every task unpickles its own copy of the grade function's settings; `__reduce__` makes all
    copies in one worker process the same object, so a worker that caches its judge engine by
    settings (expgrade.grading.graders.judging keys on the clients' ids) keeps one engine instead of one
    per grading.
    """

    def __init__(self, actor: Any, name: str) -> None:
        self.actor = actor
        self.name = name

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _client, (type(self), self.actor, self.name)


class RayRateLimiter(_ActorClient):
    """The judge's `RateLimiter`, answered by the cluster's limiter actor."""

    async def acquire(self, model: str, tokens: int) -> None:
        await self.actor.acquire.remote(model, tokens)

    async def pause(self, model: str, seconds: float) -> None:
        await self.actor.pause.remote(model, seconds)


class RayBudgetGate(_ActorClient):
    """The judge's `BudgetGate`, answered by the run's budget actor: one cap for every worker."""

    def __init__(self, actor: Any, name: str, budget_usd: float) -> None:
        super().__init__(actor, name)
        self.budget_usd: float | None = budget_usd

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _client, (type(self), self.actor, self.name, self.budget_usd)

    async def try_reserve(self, usd: float) -> bool:
        return bool(await self.actor.try_reserve.remote(usd))

    async def settle(self, reserved: float, actual: float | None) -> None:
        await self.actor.settle.remote(reserved, actual)

    def account(self) -> dict[str, float]:
        """The run's spend so far, from the actor (call from synchronous code, e.g. the driver)."""
        import ray

        return dict(ray.get(self.actor.account.remote()))


C = TypeVar("C", bound=_ActorClient)
_clients: dict[str, _ActorClient] = {}
_clients_lock = threading.Lock()


def _client(cls: type[C], actor: Any, name: str, *extra: Any) -> C:
    """The one client of actor `name` in this process."""
    with _clients_lock:
        client = _clients.get(name)
        if client is None:
            client = _clients[name] = cls(actor, name, *extra)
        assert isinstance(client, cls)
        return client


class RayExecutor:
    """Runs gradings as Ray tasks, at most `concurrency` in flight, streaming results back."""

    name = "ray"

    def __init__(self, concurrency: int, *, address: str | None = None, max_retries: int = 3) -> None:
        if concurrency < 1:
            raise UserError(f"concurrency must be at least 1, got {concurrency}", field="--concurrency")
        self.concurrency = concurrency
        self.address = address if address is not None else os.environ.get("RAY_ADDRESS")
        self.max_retries = max_retries
        self._ray = import_ray()
        self._started = False
        #: Jobs sent without the GPUs they ask for, which no node has (see `gpu_shortfall`).
        self._gpuless: set[str] = set()

    def rate_limiter(self, limits: dict[str, ModelLimits]) -> RateLimiter:
        """A limiter backed by one actor for the whole cluster; it lives until `close`."""
        name, actor = self._actor(_LimiterActor, "rate-limiter", dict(limits))
        return _client(RayRateLimiter, actor, name)

    def budget_gate(self, budget_usd: float) -> BudgetGate:
        """A gate backed by one actor for the whole cluster (the cap is the run's); lives until `close`.

        Unlike the limiter, the actor is not restarted if its node dies: a restarted one would
        start from $0 spent and let the run spend the cap again. Its callers then fail, and their
        gradings with them, rather than spend unchecked.
        """
        name, actor = self._actor(_BudgetActor, "budget", budget_usd, restart=False)
        return _client(RayBudgetGate, actor, name, budget_usd)

    def _actor(self, cls: type, kind: str, *args: Any, restart: bool = True) -> tuple[str, Any]:
        """A fresh named async actor of `cls` that takes no CPU."""
        self.connect()
        retries = -1 if restart else 0
        actor_cls = self._ray.remote(num_cpus=0, max_restarts=retries, max_task_retries=retries)(cls)
        name = f"expgrade-{kind}-{uuid.uuid4().hex}"
        return name, actor_cls.options(name=name).remote(*args)

    def connect(self) -> None:
        """Join the Ray instance in use, `address`, or a new local one (shut down by `close`).

        A driver that already called `ray.init` (a notebook, the tests) keeps its instance. With
        no address we start a fresh local instance rather than attach to whatever `ray start`
        left on this machine: set RAY_ADDRESS=auto for that.
        """
        ray = self._ray
        if ray.is_initialized():
            return
        quiet = {"logging_level": logging.WARNING, "log_to_driver": True}
        if self.address:
            try:
                ray.init(address=self.address, **quiet)
            except ConnectionError as exc:
                raise UserError(
                    f"cannot reach a Ray cluster at '{self.address}' ({exc}); start one (`ray start --head`, "
                    "`ray up`), or give this driver the cluster's token (RAY_AUTH_MODE=token and "
                    "RAY_AUTH_TOKEN) when it uses token authentication, or unset RAY_ADDRESS to grade "
                    "on a local Ray instance",
                    field="RAY_ADDRESS",
                ) from exc
            return
        ray.init(address="local", include_dashboard=False, **quiet)
        self._started = True

    def run(self, jobs: Sequence[Job], grade: GradeFn, on_result: ResultFn) -> None:
        """Run every job once, calling `on_result` on the driver as each finishes.

        An exception from `grade` is not retried: no new tasks start, the running ones finish
        and deliver their results, then the exception is re-raised here (a UserError as itself).
        """
        check_unique_keys(jobs)
        self.connect()
        self._check_feasible(jobs)
        self._stream(jobs, grade, on_result)

    def close(self) -> None:
        """Shut down the local Ray instance `connect` started, with the limiter and gate actors
        on it; a caller's instance or a cluster is left running."""
        if self._started:
            self._ray.shutdown()
            self._started = False

    def _stream(self, jobs: Sequence[Job], grade: GradeFn, on_result: ResultFn) -> None:
        ray = self._ray
        remote = ray.remote(_grade_on_node)
        grade_ref = ray.put(grade)  # pickled once, not once per job
        pending = deque(jobs)
        in_flight: dict[Any, Job] = {}  # ObjectRef -> its job
        failure: BaseException | None = None
        try:
            while (pending and failure is None) or in_flight:
                while failure is None and pending and len(in_flight) < self.concurrency:
                    job = pending.popleft()
                    in_flight[self._submit(remote, grade_ref, job)] = job
                done, _ = ray.wait(list(in_flight), num_returns=1)
                for ref in done:
                    job = in_flight.pop(ref)
                    try:
                        result = ray.get(ref)
                    except ray.exceptions.RayTaskError as exc:
                        failure = failure or (exc.cause if isinstance(exc.cause, UserError) else exc)
                        continue
                    except ray.exceptions.RayError as exc:
                        failure = failure or RuntimeError(
                            f"grading {job.key!r} failed on the Ray cluster after {self.max_retries} "
                            f"retries: {exc}"
                        )
                        continue
                    on_result(job, result)
        except BaseException:
            # Ctrl-C or a failing `on_result`: do not leave gradings running on the cluster.
            _cancel(ray, list(in_flight))
            raise
        if failure is not None:
            raise failure

    def _submit(self, remote: Any, grade_ref: Any, job: Job) -> Any:
        options: dict[str, Any] = {
            "num_cpus": job.resources.cpus,
            "num_gpus": 0 if job.key in self._gpuless else job.resources.gpus,
            "max_retries": self.max_retries,
            "retry_exceptions": False,
            "name": f"grade {job.key}",
        }
        if job.resources.memory_bytes is not None:
            options["memory"] = job.resources.memory_bytes
        return remote.options(**options).remote(grade_ref, job)

    def gpu_shortfall(self, jobs: Sequence[Job]) -> str | None:
        """One warning for the start of a run whose GPU jobs ask for more GPUs than any node has.

        As on the local executor, those jobs are not refused: they run without GPUs, everything
        else of them is graded, and their execution ends as `sandbox_error` saying asked vs found.
        """
        self.connect()
        short = self._short_of_gpus(jobs)
        if not short:
            return None
        have = max((node.get("GPU", 0) for node in self._nodes()), default=0)
        most = max(job.resources.gpus for job in short)
        return (
            f"{len(short)} grading(s) ask for up to {most} GPU(s) but the largest node of the Ray cluster "
            f"has {have:g} (e.g. {short[0].key}): their execution ends as sandbox_error, everything "
            "else is graded. Add a node with that many GPUs (it must be up when the run starts)."
        )

    def _nodes(self) -> list[dict[str, float]]:
        return [n["Resources"] for n in self._ray.nodes() if n.get("Alive")]

    def _short_of_gpus(self, jobs: Sequence[Job]) -> list[Job]:
        """GPU jobs no node has the GPUs for, though one has everything else they need."""
        nodes = self._nodes()
        return [
            job
            for job in jobs
            if job.resources.gpus
            and not _fits(nodes, _need(job, gpus=True))
            and _fits(nodes, _need(job, gpus=False))
        ]

    def _check_feasible(self, jobs: Sequence[Job]) -> None:
        """A job no node can hold would wait forever: name it now instead of hanging the run.

        A job short only of GPUs is sent without them (`gpu_shortfall`); its grader reports it.
        """
        nodes = self._nodes()
        self._gpuless = {job.key for job in self._short_of_gpus(jobs)}
        for job in jobs:
            need = _need(job, gpus=job.key not in self._gpuless)
            if _fits(nodes, need):
                continue
            largest = {k: max((node.get(k, 0) for node in nodes), default=0) for k in need}
            raise UserError(
                f"needs {_describe(need)} on one node, but the largest nodes of the Ray cluster have "
                f"{_describe(largest)}; add such a node (it must be up when the run starts) "
                "or lower the task's run limits",
                record=job.key,
                field="run",
            )


def _need(job: Job, *, gpus: bool) -> dict[str, float]:
    need: dict[str, float] = {"CPU": job.resources.cpus}
    if gpus:
        need["GPU"] = job.resources.gpus
    if job.resources.memory_bytes is not None:
        need["memory"] = job.resources.memory_bytes
    return need


def _fits(nodes: list[dict[str, float]], need: dict[str, float]) -> bool:
    return any(all(node.get(k, 0) >= v for k, v in need.items() if v) for node in nodes)


def _describe(resources: dict[str, float]) -> str:
    parts = []
    for key, value in resources.items():
        if key == "memory":
            parts.append(f"{value / 1024**3:.1f} GiB memory")
        else:
            parts.append(f"{value:g} {key}")
    return ", ".join(parts)


def _cancel(ray: Any, refs: list[Any], *, rounds: int = 20) -> None:
    """Cancel the gradings and see them end, asking again while any still runs.

    One `ray.cancel(force=True)` is not always the end of a task: it kills the worker, and a task
    with retries left can be started again when the kill races with Ray's retry bookkeeping
    (ray-project/ray#54260), so a 60 s grading ran to its end once under load. Each round cancels
    what is still running and waits up to a second for it to end.
    """
    for _ in range(rounds):
        if not refs:
            return
        for ref in refs:
            ray.cancel(ref, force=True)
        _, refs = ray.wait(refs, num_returns=len(refs), timeout=1.0)
