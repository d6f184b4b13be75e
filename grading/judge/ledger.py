"""Tokens and dollars per call, summed per judge, rubric and run.

Prices come from litellm's bundled cost map (read locally, never fetched) or from the judge's
own `*_cost_per_token`. A model with no known price has unknown cost: it is counted
separately and shown as unknown, never as $0, so a total that is missing money says so.
The budget cap itself is not kept here but in a `BudgetGate` (grading/judge/budget.py), which
may be shared by every process of a run; this ledger is what one engine saw.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Totals:
    calls: int = 0
    cached: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    unknown_cost_calls: int = 0
    #: Of `prompt_tokens`, those the provider served from its prefix cache.
    cached_prompt_tokens: int = 0

    def add(
        self, prompt: int, completion: int, cost: float | None, *, cached: bool, prefix_cached: int = 0
    ) -> None:
        if cached:
            self.cached += 1
            return
        self.calls += 1
        self.prompt_tokens += prompt
        self.cached_prompt_tokens += prefix_cached
        self.completion_tokens += completion
        if cost is None:
            self.unknown_cost_calls += 1
        else:
            self.cost_usd += cost

    def merge(self, other: Totals) -> None:
        self.calls += other.calls
        self.cached += other.cached
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens
        self.cost_usd += other.cost_usd
        self.unknown_cost_calls += other.unknown_cost_calls
        self.cached_prompt_tokens += other.cached_prompt_tokens

    @property
    def cost_known(self) -> bool:
        return self.unknown_cost_calls == 0


@dataclass
class CostLedger:
    run: Totals = field(default_factory=Totals)
    by_judge: dict[str, Totals] = field(default_factory=dict)
    by_rubric: dict[str, Totals] = field(default_factory=dict)
    #: Calls an injection check made (`paraphrase`, `invariance`): already in the totals above,
    #: shown apart so a run can see what the check cost.
    by_check: dict[str, Totals] = field(default_factory=dict)
    #: Calls of this engine the budget gate refused (they ended `unscorable (budget)`).
    budget_refusals: int = 0

    def record(
        self,
        judge: str,
        rubric: str,
        prompt: int,
        completion: int,
        cost: float | None,
        *,
        cached: bool,
        prefix_cached: int = 0,
        check: str | None = None,
    ) -> None:
        for totals in (
            self.run,
            self.by_judge.setdefault(judge, Totals()),
            self.by_rubric.setdefault(rubric, Totals()),
            *([self.by_check.setdefault(check, Totals())] if check else []),
        ):
            totals.add(prompt, completion, cost, cached=cached, prefix_cached=prefix_cached)

    def merge(self, other: CostLedger) -> None:
        """Add another engine's ledger (a worker process's) to this one."""
        self.run.merge(other.run)
        for mine, theirs in (
            (self.by_judge, other.by_judge),
            (self.by_rubric, other.by_rubric),
            (self.by_check, other.by_check),
        ):
            for key, totals in theirs.items():
                mine.setdefault(key, Totals()).merge(totals)
        self.budget_refusals += other.budget_refusals
