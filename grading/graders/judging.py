"""The judge panel of a grading, on the judge engine's public API (expgrade.grading.judge).

One `JudgeEngine` per process and settings, and one event loop per process that runs every
grading's judge calls: worker threads hand their coroutines to it (`run_judging`) instead of
each spinning up a loop of its own. So the engine's concurrency limit and cost ledger see the
whole process's traffic, litellm's HTTP clients and background logging stay on the loop they
were made on, and one response-cache connection is reused. The rate limiter and the budget gate
come from the executor (settings.rate_limiter, settings.budget_gate) and are shared by every
worker process of the run, so `--budget-usd` caps the run under Ray too.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from expgrade.grading.graders.settings import GradeSettings
from expgrade.grading.judge import BudgetGate, JudgeEngine, JudgeRequest, PanelVerdict, RateLimiter
from expgrade.grading.judge.settings import JudgeSettings

T = TypeVar("T")

_engines: dict[tuple[object, ...], JudgeEngine] = {}
_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None


def judge_loop() -> asyncio.AbstractEventLoop:
    """The process's judge event loop, running in a daemon thread, started on first use."""
    global _loop
    with _lock:
        if _loop is None or _loop.is_closed():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="expgrade-judge-loop", daemon=True).start()
            _loop = loop
        return _loop


def run_judging(work: Coroutine[Any, Any, T]) -> T:
    """Run `work` on the judge loop and wait for it here (from any thread but the loop's own)."""
    return asyncio.run_coroutine_threadsafe(work, judge_loop()).result()


def engine_for(
    judge: JudgeSettings, *, rate_limiter: RateLimiter | None, budget_gate: BudgetGate | None
) -> JudgeEngine:
    """The process's engine for these settings and this run's shared limiter and budget gate."""
    key = (judge, id(rate_limiter), id(budget_gate))
    with _lock:
        engine = _engines.get(key)
        if engine is None:
            engine = _engines[key] = JudgeEngine(
                judge.engine_config(rate_limiter=rate_limiter, budget_gate=budget_gate)
            )
        return engine


@dataclass
class GradingPanel:
    """The judge panel as one grading sees it: the shared engine, and what this grading's calls cost."""

    engine: JudgeEngine
    cost_usd: float | None = 0.0
    #: Merged into every request's meta (an undefended attack control's `defences: off`).
    meta: dict[str, Any] = field(default_factory=dict)

    async def __call__(self, requests: Sequence[JudgeRequest]) -> list[PanelVerdict]:
        asked = [with_meta(r, self.meta) for r in requests]
        verdicts = await self.engine.judge_panel(asked, method="majority")
        for pv in verdicts:
            for v in pv.verdicts:
                if v.cached:
                    continue
                known = self.cost_usd is not None and v.cost_usd is not None
                self.cost_usd = (self.cost_usd or 0.0) + (v.cost_usd or 0.0) if known else None
        return verdicts


def with_meta(request: JudgeRequest, meta: dict[str, Any]) -> JudgeRequest:
    """The request with `meta` added to its own (itself when there is nothing to add)."""
    return replace(request, meta={**request.meta, **meta}) if meta else request


def grading_panel(settings: GradeSettings) -> GradingPanel | None:
    """A fresh panel on the process's engine for `settings.judge`; None when no judge was given."""
    if settings.judge is None:
        return None
    return GradingPanel(
        engine_for(settings.judge, rate_limiter=settings.rate_limiter, budget_gate=settings.budget_gate)
    )
