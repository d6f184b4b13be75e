"""The judges of a run as a user asks for them: the engine's configuration, and how the run spends.

`expgrade judge`, `expgrade grade`, the demo and the Inspect scorer all build this one value
(the CLI through one option group, `expgrade.cli.judge_options`), so a knob added to
`JudgeConfig` reaches every command, and a grading run's workers get exactly what the driver
was given (it is frozen and made of plain values, so it pickles for Ray). Every judge knob is a
field of `JudgeConfig`, stated there only; this adds the run modes, which decide nothing about
a verdict, only whether and how its calls are made.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from expgrade.grading.errors import UserError
from expgrade.grading.judge.budget import BudgetGate
from expgrade.grading.judge.config import JudgeConfig
from expgrade.grading.judge.limits import ModelLimits, RateLimiter


@dataclass(frozen=True)
class JudgeSettings:
    """What decides the judges' verdicts and what they may spend; see docs/judge.md."""

    config: JudgeConfig
    # How the run spends, not what it decides:
    estimate: bool = False  # count calls, tokens and dollars, print them, judge nothing
    force: bool = False  # start even when the estimate exceeds budget_usd (the cap still holds)
    batch: bool = False  # through the provider's batch API, batch ids kept in the run folder
    workers: int = 1  # processes to judge in (`judge` only), one budget and rate limit for all
    #: Whether the judges are still to be checked before anything is spent (grading/judge/preflight.py):
    #: `grade_run` checks them first; the CLI checks them before it writes anything and clears
    #: this, and `--no-preflight` clears it unchecked.
    preflight: bool = True
    #: Whether the user chose the calls in flight (`--judge-concurrency`): the preflight then keeps
    #: it and only advises, where it would otherwise send a one-at-a-time server one call at a time.
    concurrency_chosen: bool = False

    def __post_init__(self) -> None:
        if self.workers < 1:
            raise UserError(f"--workers must be at least 1, not {self.workers}", field="--workers")
        if self.batch and self.workers > 1:
            raise UserError(
                "--batch and --workers do not go together: a batch is judged by the provider",
                field="--workers",
            )

    @property
    def models(self) -> tuple[str, ...]:
        return self.config.models

    @property
    def plans_first(self) -> bool:
        """Whether the run's calls must be planned before any is made: to print or check the
        estimate against the budget, or to submit them as one batch."""
        return self.estimate or self.batch or (self.config.budget_usd is not None and not self.force)

    def with_budget(self, budget_usd: float | None) -> JudgeSettings:
        """The same judges with what is left of the budget (after earlier sessions or a batch)."""
        return dataclasses.replace(self, config=dataclasses.replace(self.config, budget_usd=budget_usd))

    def model_limits(self) -> dict[str, ModelLimits]:
        """Each model's provider limits, for a rate limiter shared by every worker of a run."""
        return {j.model: ModelLimits(rpm=j.rpm, tpm=j.tpm) for j in self.config.judges}

    def engine_config(
        self, *, rate_limiter: RateLimiter | None = None, budget_gate: BudgetGate | None = None
    ) -> JudgeConfig:
        """The engine's configuration; a shared limiter or budget gate replaces the engine's own."""
        return dataclasses.replace(self.config, rate_limiter=rate_limiter, budget_gate=budget_gate)
