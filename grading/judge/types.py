"""The records the judge engine takes and returns.

These are the engine's public vocabulary: graders, calibration and the Ray executor all
speak in `JudgeRequest` and `Verdict`, so they are plain dataclasses (cheap to build, easy
to pickle across processes) rather than pydantic models; pydantic stays at the file
boundaries (rubric YAML, the judge's JSON reply, label rows).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from expgrade.grading.status import Unscorable
from expgrade.grading.status import VerdictStatus as Status

#: Flag set on a verdict whose untrusted input tried to steer the judge.
PROMPT_INJECTION = "prompt_injection"
#: Flag set when an injection-like phrase appears only as a quotation (a mention, not a command).
QUOTED_INJECTION = "quoted_injection_phrase"
#: Flag set when an input was cut to fit the judge's context window.
TRUNCATED = "input_truncated"
#: Flag set by the paraphrase check when the verdict changes once the flagged span is neutralised.
DEPENDS_ON_INJECTION = "verdict_depends_on_injection"
#: Flag set by the invariance check when the verdict changes once the agent's prose is replaced
#: by placeholders: words steered it, in whatever wording or language.
FLIPS_WITHOUT_PROSE = "verdict_flips_without_prose"

#: Who raised a `prompt_injection` flag: the pattern layer, the judge itself, or both.
InjectionSource = Literal["pattern", "judge", "both"]


@dataclass(frozen=True)
class JudgeRequest:
    """One thing to judge: an item's fields under one rubric, optionally one criterion.

    `fields` holds the values the rubric names (strings, or JSON-able values that are
    rendered as indented JSON). `meta` rides along untouched into the verdict so callers
    can carry grouping keys (task_id, submission_id, subtask, agent_model) without a
    side table.
    """

    item_id: str
    rubric_id: str
    fields: dict[str, Any]
    criterion: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass
class Sample:
    """One sampled answer of one judge (self-consistency keeps all of them)."""

    status: Status
    reason: Unscorable | None = None
    label: str | None = None
    score: float | None = None
    rationale: str | None = None
    confidence: float | None = None
    seed: int | None = None
    raw_response: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    cost_usd: float | None = None
    cost_known: bool = True
    latency_s: float = 0.0
    attempts: int = 0
    reasks: int = 0
    cached: bool = False
    error: str | None = None
    finish_reason: str | None = None
    #: The judge's own report that the untrusted text tried to address or steer it.
    injection_suspected: bool = False
    #: The judge's quote of that attempt.
    injection_evidence: str | None = None
    #: Of `prompt_tokens`, those the provider served from its prefix cache.
    cached_prompt_tokens: int = 0
    #: Of `completion_tokens`, those a reasoning model spent thinking.
    reasoning_tokens: int = 0
    #: The structured-output mode of the call that answered (grading/judge/dialect.py).
    output_mode: str | None = None
    #: The server's refusal of a richer mode this sample's calls moved past ("json_schema: <its words>").
    mode_refused: str | None = None
    #: The model the server says answered (the reply's `model`) and its `system_fingerprint`.
    answered_by: str | None = None
    system_fingerprint: str | None = None


@dataclass
class Verdict:
    """One judge's verdict on one request (the aggregate of its samples).

    `status` is `graded` when at least one sample produced a valid verdict; the label is
    then the majority over graded samples (ties go to the lower, more conservative level,
    flagged `sample_tie`), `spread` the share of graded samples that disagree with it
    (0.0 = fully self-consistent). `cost_usd` is None when any paid call had a cost the
    cost map does not know: unknown is never reported as zero.
    """

    item_id: str
    judge: str
    rubric_id: str
    rubric_version: str
    criterion: str | None
    status: Status
    reason: Unscorable | None
    label: str | None
    score: float | None
    rationale: str | None
    confidence: float | None
    flags: list[str]
    prompt_hash: str
    temperature: float
    samples: list[Sample]
    spread: float | None
    prompt_tokens: int | None
    completion_tokens: int | None
    cost_usd: float | None
    latency_s: float
    cached: bool
    passed: bool | None
    meta: dict[str, Any] = field(default_factory=dict)
    #: Evidence of injection: what the pattern layer matched ("<pattern>: matched text") and
    #: what the judge quoted ("judge: quoted text").
    injection_evidence: list[str] = field(default_factory=list)
    #: Any graded sample of this judge reported an injection attempt.
    injection_suspected: bool = False
    #: Who flagged `prompt_injection` (None when nobody did).
    injection_source: InjectionSource | None = None
    #: The label the judge gave with the flagged span (paraphrase check) or the agent's prose
    #: (invariance check) neutralised; None when no second call was made.
    neutralised_label: str | None = None
    #: Of `prompt_tokens`, those billed at the provider's cached-prefix rate.
    cached_prompt_tokens: int = 0
    #: The structured-output mode its answer came in (`json_schema`, `json_object`, `off`).
    structured_output: str | None = None
    #: The refusal of a richer mode met on the way, in the server's words ("json_schema: ...").
    mode_refused: str | None = None
    #: Why it is unscorable beyond `reason`, in the provider's own words where it gave any.
    reason_detail: str | None = None
    #: The model the server says answered (`judge` is the name asked for; grading/judge/served.py)
    #: and the answer's `system_fingerprint`; None where the server said nothing.
    answered_by: str | None = None
    system_fingerprint: str | None = None

    @property
    def raw_response(self) -> str | None:
        """The raw text of the first sample (the whole list is in `samples`)."""
        return self.samples[0].raw_response if self.samples else None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class PanelVerdict:
    """Several judges' verdicts on one request, aggregated; per-judge verdicts are kept.

    `disagreement` is the share of graded judges (weighted for `weights`) whose label
    differs from the panel's label; for `mean` it is the spread of the numeric scores.
    """

    item_id: str
    rubric_id: str
    method: str
    status: Status
    reason: Unscorable | None
    label: str | None
    score: float | None
    passed: bool | None
    disagreement: float | None
    flags: list[str]
    verdicts: list[Verdict]
