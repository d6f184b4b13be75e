"""How the engine is set up: which judges, where they are, how fast and how dear they may run."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from expgrade.grading.errors import UserError
from expgrade.grading.judge.budget import BudgetGate
from expgrade.grading.judge.dialect import StructuredOutput, structured_mode
from expgrade.grading.judge.limits import RateLimiter
from expgrade.grading.judge.served import Served

#: `--injection-check`: `paraphrase` judges a flagged item again with the flagged span neutralised;
#: `invariance` judges every item again with the agent's prose (comments, docstrings, markdown,
#: log text) replaced by placeholders, flagged or not (grading/judge/prose.py).
InjectionCheck = Literal["off", "paraphrase", "invariance"]


def default_cache_path() -> Path:
    """`$EXPGRADE_CACHE_DIR/judge.sqlite`, else the XDG cache dir: shared by every run of the user."""
    base = os.environ.get("EXPGRADE_CACHE_DIR")
    if base:
        return Path(base) / "judge.sqlite"
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg) / "expgrade" / "judge.sqlite"


@dataclass(frozen=True)
class JudgeSpec:
    """One judge model of a panel, as a litellm model string (`openai/gpt-4o`, `ollama/llama3`, ...).

    Per-judge settings override the engine-wide ones. Prices are for models litellm's cost
    map does not know (local or fine-tuned models); without them such a model's cost is
    recorded as unknown, never as zero.

    `structured_output` is how the reply's JSON is asked for (grading/judge/dialect.py): `auto`
    finds the mode the judge's server takes (`json_schema`, else `json_object` with the schema,
    else `off`, prompt instructions only); a mode forces it. True and False are the older
    spellings of `auto` and `off`.

    `served` is what answered the name when the preflight checked it (grading/judge/served.py):
    part of every response-cache key, so a verdict is never served as another model's. None
    where no preflight ran: the key then holds the endpoint only.
    """

    model: str
    weight: float = 1.0
    api_base: str | None = None
    api_key: str | None = None
    concurrency: int | None = None
    rpm: float | None = None
    tpm: float | None = None
    context_window: int | None = None
    input_cost_per_token: float | None = None
    output_cost_per_token: float | None = None
    structured_output: StructuredOutput | bool = "auto"
    params: dict[str, Any] = field(default_factory=dict, hash=False)
    served: Served | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "structured_output", structured_mode(self.structured_output))

    @property
    def structured(self) -> StructuredOutput:
        """`structured_output` as a mode (never a bool once the spec is built)."""
        return structured_mode(self.structured_output)


@dataclass(frozen=True)
class JudgeConfig:
    """Engine-wide settings, the one home of every judge knob. Only `judges` is required.

    Frozen and made of plain values (a shared limiter or gate aside, which is left out of
    equality), so a grading run's workers get exactly what the driver was given, under Ray too,
    and each process keeps one engine per configuration. `panel` builds one from model names,
    as the CLI, the demo and the Inspect scorer ask for it.

    `api_base` defaults to `$EXPGRADE_API_BASE`. `budget_usd` is a hard cap: a call starts
    only when its worst-case cost (prompt + `max_tokens` completion) fits in what is left,
    so the cap holds even with many calls in flight. `budget_gate` replaces the in-process
    cap (e.g. one shared by a cluster, so the cap is for the whole run); its own `budget_usd`
    then applies and this one is not used. `rate_limiter` likewise replaces the in-process
    limiter; RPM/TPM from the judges are then its business.
    """

    judges: Sequence[JudgeSpec]
    api_base: str | None = field(default_factory=lambda: os.environ.get("EXPGRADE_API_BASE") or None)
    api_key: str | None = None
    concurrency: int = 16
    samples: int = 1
    temperature: float = 0.0
    seed: int = 0
    max_tokens: int = 1024
    #: A reply left empty by hidden reasoning (finish reason `length`) is retried once with
    #: `max_tokens` times this.
    empty_retry_factor: int = 4
    timeout_s: float = 120.0
    max_retries: int = 5
    max_reasks: int = 2
    backoff_base_s: float = 1.0
    backoff_max_s: float = 60.0
    budget_usd: float | None = None
    use_cache: bool = True
    cache_path: Path = field(default_factory=default_cache_path)
    default_context_window: int = 32_768
    min_field_tokens: int = 128
    rate_limiter: RateLimiter | None = field(default=None, compare=False)
    budget_gate: BudgetGate | None = field(default=None, compare=False)
    #: Datamark untrusted text (docs/injection.md).
    spotlight: bool = True
    #: `paraphrase`: a verdict flagged prompt_injection is judged again with the flagged span
    #: neutralised; a different label flags it `verdict_depends_on_injection`. `invariance`: every
    #: verdict is judged again without the agent's prose; a different label flags it
    #: `verdict_flips_without_prose`.
    injection_check: InjectionCheck = "off"
    #: The preflight lets a name the server's `/models` does not list pass (`--judge-any-name`):
    #: for a server that answers every name with its one model (llama.cpp's).
    any_name: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "judges", tuple(self.judges))
        if not self.judges:
            raise UserError("at least one judge model is needed", field="--judge")
        if self.samples < 1 or self.concurrency < 1:
            raise ValueError("samples and concurrency must be at least 1")
        if len(set(self.models)) != len(self.models):
            raise UserError(f"a judge is given twice: {', '.join(self.models)}", field="--judge")

    @classmethod
    def panel(
        cls,
        models: Sequence[str],
        *,
        rpm: float | None = None,
        tpm: float | None = None,
        api_base: str | None = None,
        cache_path: Path | str | None = None,
        structured_output: StructuredOutput = "auto",
        **knobs: Any,
    ) -> JudgeConfig:
        """Judges by model name, each under the same provider limits (`rpm`, `tpm`) and output mode
        (`structured_output`, see JudgeSpec); every other knob is a field of this class.
        `api_base` or `cache_path` None: the defaults above."""
        if api_base is not None:
            knobs["api_base"] = api_base
        if cache_path is not None:
            knobs["cache_path"] = Path(cache_path)
        specs = [JudgeSpec(m, rpm=rpm, tpm=tpm, structured_output=structured_output) for m in models]
        return cls(judges=specs, **knobs)

    @property
    def models(self) -> tuple[str, ...]:
        return tuple(j.model for j in self.judges)
