"""Judging in several processes, for when one core is the limit (litellm spends milliseconds of CPU
per call; one process tops out at a few hundred calls a second).

The requests are cut into shards that worker processes judge with engines of their own. The
budget cap and the rate limits stay run-wide (expgrade.grading.judge.shared_accounts). The response
cache is the same SQLite file for all (WAL mode). Verdicts come back in request order, with
the workers' cost ledgers added up.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, replace

from expgrade.grading.heap import own_heap
from expgrade.grading.judge.config import JudgeConfig
from expgrade.grading.judge.engine import JudgeEngine
from expgrade.grading.judge.ledger import CostLedger
from expgrade.grading.judge.limits import ModelLimits
from expgrade.grading.judge.shared_accounts import SharedAccounts, SharedGate, SharedLimiter
from expgrade.grading.judge.types import JudgeRequest, Verdict

#: Shards per worker: small enough for a moving progress bar and an even spread of the work.
_SHARDS_PER_WORKER = 8


@dataclass
class _Worker:
    """One worker process's engine and event loop, kept for all its shards (litellm's HTTP clients
    belong to a loop: a loop per shard would rebuild them every time)."""

    engine: JudgeEngine
    loop: asyncio.AbstractEventLoop


_worker: _Worker | None = None


def _start_worker(config: JudgeConfig, gate: SharedGate, limiter: SharedLimiter) -> None:
    global _worker
    own_heap()  # a pool process is expgrade's alone (grading/heap.py)
    config = replace(config, budget_gate=gate, rate_limiter=limiter)
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
    accounts = SharedAccounts(context)
    try:
        gate, limiter = accounts.gate(config.budget_usd), accounts.limiter(limits)
        with ProcessPoolExecutor(
            max_workers=workers,
            mp_context=context,
            initializer=_start_worker,
            initargs=(config, gate, limiter),
        ) as pool:
            futures = {pool.submit(_judge_shard, shard): i for i, shard in enumerate(shards)}
            for future in as_completed(futures):
                verdicts, shard_ledger = future.result()
                results[futures[future]] = verdicts
                ledger.merge(shard_ledger)
                if on_verdicts is not None:
                    on_verdicts(len(verdicts))
    finally:
        accounts.close()
    verdicts = [v for shard in results for v in shard]
    assert len(verdicts) == len(requests) * n_judges
    return verdicts, ledger
