"""One budget gate and one rate limiter for every process of a run on this machine.

Judging (`expgrade judge --workers N`) and grading (`expgrade grade --workers N`) can spread
their calls over several processes when one core is the limit. The budget cap and the rate
limits must still be the run's, not each process's: the judge's own `LocalBudgetGate` and
`LocalRateLimiter` live in one manager process, and every process reaches them through the
`BudgetGate` and `RateLimiter` protocols (one local round trip per call), as the Ray executor
does with actors.

The clients are picklable only while a child process is being spawned (the manager's
authentication key travels with them then): hand them to a child in its start arguments.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from multiprocessing.context import BaseContext
from multiprocessing.managers import BaseManager
from typing import Any

from expgrade.grading.judge.budget import LocalBudgetGate
from expgrade.grading.judge.limits import LocalRateLimiter, ModelLimits


class _Manager(BaseManager):
    """Our own subclass, so registering the gate and the limiter leaves BaseManager alone."""


_Manager.register("Gate", LocalBudgetGate, exposed=("reserve", "charge"))
_Manager.register("Limiter", LocalRateLimiter, exposed=("try_take", "hold"))


@dataclass
class SharedGate:
    """A `BudgetGate` answered by the manager process."""

    proxy: Any
    budget_usd: float | None

    async def try_reserve(self, usd: float) -> bool:
        return bool(self.proxy.reserve(usd))

    async def settle(self, reserved: float, actual: float | None) -> None:
        self.proxy.charge(reserved, actual)


@dataclass
class SharedLimiter:
    """A `RateLimiter` answered by the manager process; the waiting happens in the caller."""

    proxy: Any

    async def acquire(self, model: str, tokens: int) -> None:
        while (wait := float(self.proxy.try_take(model, tokens))) > 0:
            await asyncio.sleep(wait)

    async def pause(self, model: str, seconds: float) -> None:
        self.proxy.hold(model, seconds)


class SharedAccounts:
    """The manager process, started on first use; `close` ends it (and the accounts with it)."""

    def __init__(self, context: BaseContext) -> None:
        self._context = context
        self._manager: _Manager | None = None

    def _started(self) -> Any:
        if self._manager is None:
            self._manager = _Manager(ctx=self._context)
            self._manager.start()
        return self._manager

    def gate(self, budget_usd: float | None) -> SharedGate:
        return SharedGate(self._started().Gate(budget_usd), budget_usd)

    def limiter(self, limits: dict[str, ModelLimits]) -> SharedLimiter:
        return SharedLimiter(self._started().Limiter(limits=dict(limits)))

    def close(self) -> None:
        if self._manager is not None:
            self._manager.shutdown()
            self._manager = None
