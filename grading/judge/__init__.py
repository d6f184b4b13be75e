"""The LLM judge engine: rubric-driven structured verdicts through litellm.

Public API (stable; graders, calibration and the Ray executor build on it)::

    from expgrade.grading.judge import JudgeConfig, JudgeEngine, JudgeRequest, JudgeSpec

    config = JudgeConfig(
        judges=[JudgeSpec("openai/gpt-4o-mini"), JudgeSpec("anthropic/claude-3-5-haiku-20241022", weight=2)],
        api_base=None,            # or an OpenAI-compatible URL; default $EXPGRADE_API_BASE
        concurrency=16,           # calls in flight, all judges together
        samples=1,                # >1: self-consistency, spread recorded
        budget_usd=5.0,           # hard cap; calls that would break it end unscorable(budget)
        rate_limiter=None,        # any RateLimiter (e.g. a cluster-wide one); default per process
        budget_gate=None,         # any BudgetGate (e.g. a cluster-wide one); default per process
    )
    with JudgeEngine(config) as engine:
        verdicts = engine.judge_sync([JudgeRequest("item-1", "reference-match",
                                                   {"question": q, "reference": ref, "response": resp})])
        # async code: `await engine.judge(requests, on_verdict=callback)`
        # panels:     `await engine.judge_panel(requests, method="majority")`

`judge` returns one `Verdict` per request × judge (request order, then judge order). A verdict
is `graded` (label, score in [0, 1], rationale, confidence, passed) or `unscorable` with a
`reason` from expgrade.grading.status.Unscorable; it never raises for provider trouble. Each
carries the rubric id and version, the prompt hash, per-sample raw responses, tokens, cost (None = unknown),
latency and flags (`prompt_injection`, `input_truncated`, ...). See docs/judge.md.

The names below load on first use (PEP 562): the command line imports `judge.config` and
`judge.settings` to declare its options, and `expgrade --help` must not pay for the engine
(numpy for the injection scan, the HTTP client) to do so.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from expgrade.grading.judge.budget import BudgetGate, LocalBudgetGate, unpriced_models, unpriced_warning
    from expgrade.grading.judge.config import JudgeConfig, JudgeSpec, default_cache_path
    from expgrade.grading.judge.consensus import METHODS, Method, aggregate
    from expgrade.grading.judge.engine import JudgeEngine, OnVerdict
    from expgrade.grading.judge.ledger import CostLedger, Totals
    from expgrade.grading.judge.limits import LocalRateLimiter, ModelLimits, RateLimiter
    from expgrade.grading.judge.rubrics import Rubric, list_rubrics, load_rubric
    from expgrade.grading.judge.types import (
        PROMPT_INJECTION,
        QUOTED_INJECTION,
        TRUNCATED,
        JudgeRequest,
        PanelVerdict,
        Sample,
        Status,
        Verdict,
    )

#: Each public name's module: the imports above, for readers and type checkers, at run time
#: (tests/test_cli_start.py holds the three lists, imports, `_HOME` and `__all__`, to one another).
_HOME = {
    "BudgetGate": "budget",
    "LocalBudgetGate": "budget",
    "unpriced_models": "budget",
    "unpriced_warning": "budget",
    "JudgeConfig": "config",
    "JudgeSpec": "config",
    "default_cache_path": "config",
    "METHODS": "consensus",
    "Method": "consensus",
    "aggregate": "consensus",
    "JudgeEngine": "engine",
    "OnVerdict": "engine",
    "CostLedger": "ledger",
    "Totals": "ledger",
    "LocalRateLimiter": "limits",
    "ModelLimits": "limits",
    "RateLimiter": "limits",
    "Rubric": "rubrics",
    "list_rubrics": "rubrics",
    "load_rubric": "rubrics",
    "PROMPT_INJECTION": "types",
    "QUOTED_INJECTION": "types",
    "TRUNCATED": "types",
    "JudgeRequest": "types",
    "PanelVerdict": "types",
    "Sample": "types",
    "Status": "types",
    "Verdict": "types",
}

__all__ = [
    "METHODS",
    "PROMPT_INJECTION",
    "QUOTED_INJECTION",
    "TRUNCATED",
    "BudgetGate",
    "CostLedger",
    "JudgeConfig",
    "JudgeEngine",
    "JudgeRequest",
    "JudgeSpec",
    "LocalBudgetGate",
    "LocalRateLimiter",
    "Method",
    "ModelLimits",
    "OnVerdict",
    "PanelVerdict",
    "RateLimiter",
    "Rubric",
    "Sample",
    "Status",
    "Totals",
    "Verdict",
    "aggregate",
    "default_cache_path",
    "list_rubrics",
    "load_rubric",
    "unpriced_models",
    "unpriced_warning",
]


def __getattr__(name: str) -> Any:
    """Load a public name's module on first use, and keep the name here."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value
