"""The hard spending cap: one gate every priced call of a run passes before it starts.

The engine only talks to the `BudgetGate` protocol, so the cap can live anywhere, like the
rate limiter (grading/judge/limits.py): the default `LocalBudgetGate` keeps the account in
this process; a cluster answers the same two coroutines from one shared actor, so `--budget-usd`
caps the whole run, not each worker process.

The cap holds by reservation: a call reserves its worst case (prompt tokens + `max_tokens` of
completion at the model's prices) and starts only if spent + reserved + that stays within the
cap; when it returns it settles to its real cost. So the cap holds with any number of calls in
flight, in any number of processes. Calls of unknown price cannot be bounded and never pass
through the gate (see `unpriced_models`).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable


@runtime_checkable
class BudgetGate(Protocol):
    """What the engine needs from a budget.

    `budget_usd` is the cap (None: no cap, and the engine skips exact token counting).
    `try_reserve` says whether a call of worst case `usd` may start, and if so holds that much;
    once it has said no it says no to every later call, so which items end
    `unscorable (budget)` does not depend on their sizes or on which worker asked.
    `settle` gives back a reservation and charges what the call really cost (None: the reply
    did not say, so the reservation is charged in full).
    """

    budget_usd: float | None

    async def try_reserve(self, usd: float) -> bool: ...

    async def settle(self, reserved: float, actual: float | None) -> None: ...


@dataclass
class LocalBudgetGate:
    """The account of one process. Its methods never await, so each is atomic on an event loop;
    the lock keeps it so when several loops or threads of one process share it."""

    budget_usd: float | None = None
    spent_usd: float = 0.0
    reserved_usd: float = 0.0
    refusals: int = 0
    exhausted: bool = False
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False, compare=False)

    async def try_reserve(self, usd: float) -> bool:
        return self.reserve(usd)

    async def settle(self, reserved: float, actual: float | None) -> None:
        self.charge(reserved, actual)

    def reserve(self, usd: float) -> bool:
        """`try_reserve` for synchronous callers (the Ray actor wraps these)."""
        if self.budget_usd is None:
            return True
        with self._lock:
            if self.exhausted or self.spent_usd + self.reserved_usd + usd > self.budget_usd:
                self.exhausted = True
                self.refusals += 1
                return False
            self.reserved_usd += usd
            return True

    def charge(self, reserved: float, actual: float | None) -> None:
        """`settle` for synchronous callers."""
        if self.budget_usd is None:
            return
        with self._lock:
            self.reserved_usd = max(0.0, self.reserved_usd - reserved)
            self.spent_usd += reserved if actual is None else actual


def unpriced_models(models: Iterable[str]) -> list[str]:
    """The models litellm's bundled cost map has no price for: a budget cannot bound their calls."""
    from expgrade.grading.judge import client  # the HTTP client's module: not for declaring options

    return [m for m in models if client.model_prices(m) is None]


def unpriced_warning(models: Iterable[str], budget_usd: float | None) -> str | None:
    """What `expgrade grade`/`judge` print at start when `--budget-usd` cannot cap some judge."""
    unpriced = unpriced_models(models) if budget_usd is not None else []
    if not unpriced:
        return None
    return (
        f"--budget-usd {budget_usd:g} cannot cap {', '.join(unpriced)}: litellm's cost map has no price "
        "for it, so its calls are not counted against the budget and are not stopped by it "
        "(their cost is reported as unknown)"
    )
