"""Judging in several processes, for when one core is the limit (litellm spends milliseconds of CPU
per call; one process tops out at a few hundred calls a second).

The requests are cut into shards that worker processes judge with engines of their own. The
budget cap and the rate limits stay run-wide: one `LocalBudgetGate` and one `LocalRateLimiter`
live in a manager process, and every worker's engine reaches them through the `BudgetGate` and
`RateLimiter` protocols (one local round trip per call), as the Ray executor does with actors.
The response cache is the same SQLite file for all (WAL mode). Verdicts come back in request
order, with the workers' cost ledgers added up.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, replace
from multiprocessing.managers import BaseManager
from typing import Any

from grading.judge.budget import LocalBudgetGate
from grading.judge.config import JudgeConfig
from grading.judge.engine import JudgeEngine
from grading.judge.ledger import CostLedger
from grading.judge.limits import LocalRateLimiter, ModelLimits
from grading.judge.types import JudgeRequest, Verdict

#: Shards per worker: small enough for a moving progress bar and an even spread of the work.
_SHARDS_PER_WORKER = 8


class _Shared:
    """The run's budget account and rate-limit buckets, in the manager process."""

    def __init__(self, budget_usd: float | None, limits: dict[str, ModelLimits]) -> None:
        self.gate = LocalBudgetGate(budget_usd)
        self.limiter = LocalRateLimiter(limits=limits)

    def reserve(self, usd: float) -> bool:
        return self.gate.reserve(usd)

    def charge(self, reserved: float, actual: float | None) -> None:
        self.gate.charge(reserved, actual)

    def try_take(self, model: str, tokens: int) -> float:
        return self.limiter.try_take(model, tokens)

    def hold(self, model: str, seconds: float) -> None:
        self.limiter.hold(model, seconds)


class _Manager(BaseManager):
    """Our own subclass, so registering the shared gate and limiter leaves BaseManager alone."""


_Manager.register("Shared", _Shared)


@dataclass
class _SharedGate:
    """A `BudgetGate` answered by the manager process."""

    shared: Any
    budget_usd: float | None

    async def try_reserve(self, usd: float) -> bool:
        return bool(self.shared.reserve(usd))

    async def settle(self, reserved: float, actual: float | None) -> None:
        self.shared.charge(reserved, actual)


@dataclass
class _SharedLimiter:
    """A `RateLimiter` answered by the manager process; the waiting happens in the worker."""

    shared: Any

    async def acquire(self, model: str, tokens: int) -> None:
        while (wait := float(self.shared.try_take(model, tokens))) > 0:
            await asyncio.sleep(wait)

    async def pause(self, model: str, seconds: float) -> None:
        self.shared.hold(model, seconds)


@dataclass
class _Worker:
    """One worker process's engine and event loop, kept for all its shards (litellm's HTTP clients
    belong to a loop: a loop per shard would rebuild them every time)."""

    engine: JudgeEngine
    loop: asyncio.AbstractEventLoop


_worker: _Worker | None = None


def _start_worker(config: JudgeConfig, shared: Any) -> None:
    global _worker
    config = replace(
        config, budget_gate=_SharedGate(shared, config.budget_usd), rate_limiter=_SharedLimiter(shared)
    )
    _worker = _Worker(JudgeEngine(config), asyncio.new_event_loop())


def _judge_shard(shard: list[JudgeRequest]) -> tuple[list[Verdict], CostLedger]:
    """Judge a shard in this worker; returns its verdicts and what this shard cost."""
    assert _worker is not None, "worker not started"
    engine = _worker.engine
    engine.ledger = CostLedger()
    return _worker.loop.run_until_complete(engine.judge(shard)), engine.ledger


def judge_in_processes(
    config: JudgeConfig,
    requests: Sequence[JudgeRequest],
    workers: int,
    on_verdicts: Callable[[int], None] | None = None,
) -> tuple[list[Verdict], CostLedger]:
    """`JudgeEngine(config).judge(requests)` over `workers` processes; `config.concurrency` is per process.

    `on_verdicts(n)` is called as each shard's n verdicts come back.
    """
    n_judges = len(config.judges)
    size = max(1, -(-len(requests) // (workers * _SHARDS_PER_WORKER)))
    shards = [list(requests[i : i + size]) for i in range(0, len(requests), size)]
    limits = {j.model: ModelLimits(j.rpm, j.tpm) for j in config.judges}
    ledger = CostLedger()
    results: list[list[Verdict]] = [[] for _ in shards]
    context = multiprocessing.get_context("spawn")
    with _Manager(ctx=context) as manager:
        shared = manager.Shared(config.budget_usd, limits)  # type: ignore[attr-defined]
        with ProcessPoolExecutor(
            max_workers=workers, mp_context=context, initializer=_start_worker, initargs=(config, shared)
        ) as pool:
            futures = {pool.submit(_judge_shard, shard): i for i, shard in enumerate(shards)}
            for future in as_completed(futures):
                verdicts, shard_ledger = future.result()
                results[futures[future]] = verdicts
                ledger.merge(shard_ledger)
                if on_verdicts is not None:
                    on_verdicts(len(verdicts))
    verdicts = [v for shard in results for v in shard]
    assert len(verdicts) == len(requests) * n_judges
    return verdicts, ledger
