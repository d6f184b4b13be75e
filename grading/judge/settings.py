"""The judge panel as a user asks for it, in one typed value for `expgrade judge` and `expgrade grade`.

Models, endpoint, concurrency, rate limits, budget, samples, seed, cache and the prompt-injection
defences (datamarking, the paraphrase check; docs/injection.md) travel together
from the command line to the engine: the panel is built from this one object (`config`), so
a knob added here reaches both commands, and a grading run's workers (it is frozen and made
of plain values, so it pickles for Ray) get exactly what the driver was given.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from expgrade.grading.errors import UserError
from expgrade.grading.judge.budget import BudgetGate
from expgrade.grading.judge.config import InjectionCheck, JudgeConfig, JudgeSpec, default_cache_path
from expgrade.grading.judge.limits import ModelLimits, RateLimiter


@dataclass(frozen=True)
class JudgeSettings:
    """What decides the judges' verdicts and what they may spend; see docs/judge.md."""

    models: tuple[str, ...]
    api_base: str | None = None  # None: $EXPGRADE_API_BASE, else each provider's own
    concurrency: int = 16  # judge calls in flight for the whole process
    rpm: float | None = None  # requests per minute, per judge model
    tpm: float | None = None  # tokens per minute, per judge model
    budget_usd: float | None = None  # hard cap on spend
    samples: int = 1
    seed: int = 0
    temperature: float = 0.0
    timeout_s: float = 120.0
    max_retries: int = 5
    use_cache: bool = True
    cache_path: str | None = None  # None: default_cache_path()
    spotlight: bool = True  # datamark the untrusted text (--no-spotlight turns it off)
    injection_check: InjectionCheck = "off"  # paraphrase / invariance: judge again without span / prose
    # How the run spends, not what it decides:
    estimate: bool = False  # count calls, tokens and dollars, print them, judge nothing
    force: bool = False  # start even when the estimate exceeds budget_usd (the cap still holds)
    batch: bool = False  # through the provider's batch API, batch ids kept in the run folder
    workers: int = 1  # processes to judge in (`judge` only), one budget and rate limit for all

    def __post_init__(self) -> None:
        if not self.models:
            raise UserError("at least one judge model is needed", field="--judge")
        if len(set(self.models)) != len(self.models):
            raise UserError(f"a judge is given twice: {', '.join(self.models)}", field="--judge")
        if self.workers < 1:
            raise UserError(f"--workers must be at least 1, not {self.workers}", field="--workers")
        if self.batch and self.workers > 1:
            raise UserError(
                "--batch and --workers do not go together: a batch is judged by the provider",
                field="--workers",
            )

    @property
    def plans_first(self) -> bool:
        """Whether the run's calls must be planned before any is made: to print or check the
        estimate against the budget, or to submit them as one batch."""
        return self.estimate or self.batch or (self.budget_usd is not None and not self.force)

    def model_limits(self) -> dict[str, ModelLimits]:
        """Each model's provider limits, for a rate limiter shared by every worker of a run."""
        return {model: ModelLimits(rpm=self.rpm, tpm=self.tpm) for model in self.models}

    def config(
        self, *, rate_limiter: RateLimiter | None = None, budget_gate: BudgetGate | None = None
    ) -> JudgeConfig:
        """The engine's configuration; a shared limiter or budget gate replaces the engine's own."""
        config = JudgeConfig(
            judges=[JudgeSpec(model, rpm=self.rpm, tpm=self.tpm) for model in self.models],
            concurrency=self.concurrency,
            samples=self.samples,
            seed=self.seed,
            temperature=self.temperature,
            timeout_s=self.timeout_s,
            max_retries=self.max_retries,
            budget_usd=self.budget_usd,
            use_cache=self.use_cache,
            cache_path=Path(self.cache_path) if self.cache_path else default_cache_path(),
            rate_limiter=rate_limiter,
            budget_gate=budget_gate,
            spotlight=self.spotlight,
            injection_check=self.injection_check,
        )
        if self.api_base:
            config.api_base = self.api_base
        return config
