"""What a judge run will cost, before it spends anything.

The estimate renders every call exactly as the engine would send it (same fitting, same
layout), counts its prompt tokens with the model's tokenizer (as litellm's `token_counter`
counts them: tiktoken for OpenAI models, without importing litellm; the provider's where
litellm has one) and prices it from the same table the run is charged from. Calls the response
cache already answers cost nothing: answered by the model that answered the judge's endpoint
last (the plan is made before the preflight asks who answers now).
Completion length cannot be counted in advance: it is this judge's mean answer length under
this rubric from the response cache when there is one, else `DEFAULT_COMPLETION_TOKENS`.

Three prices per line: plain; with provider prefix caching (a call reads the longest leading
run of messages an earlier call sent at the cached rate, once it is long enough to be cached
at all); and through the batch API where the price table has batch rates.

With `--injection-check invariance` every item with prose to neutralise costs a second call;
those calls are rendered as sent (prose replaced) and counted on a line of their own,
`<subtask> (invariance)`. The paraphrase check's calls depend on which verdicts get flagged
and are not estimated. Test-retest calls (a request with `meta["retest"] == "on"`) go past the
response cache, so the cache never answers them; they are counted on `<subtask> (retest)`.

Re-asks (joint implementation judging asking again for requirements an answer left out)
depend on the answers, so they are not in the expected figure; the most the re-ask bound
allows is estimated apart (`Estimate.reask_lines`), rendered and priced the same way, so a
run shows what it will likely cost and what it can cost at most.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

from expgrade.grading.errors import UserError
from expgrade.grading.judge import client
from expgrade.grading.judge.engine import JudgeEngine, retested
from expgrade.grading.judge.fit import ContextOverflow
from expgrade.grading.judge.prose import prose_free_fields
from expgrade.grading.judge.rubrics import Rubric, load_rubric
from expgrade.grading.judge.types import JudgeRequest

#: A verdict object with a two-to-five-sentence rationale, when no past answer says better.
DEFAULT_COMPLETION_TOKENS = 200
#: Providers cache a prefix only from this length on (OpenAI and Anthropic alike).
MIN_CACHED_PREFIX_TOKENS = 1024
#: Tokens a chat message costs beyond its text (role and separators).
_PER_MESSAGE_TOKENS = 4


@dataclass
class EstimateLine:
    """One subtask × judge: calls to make and what they would cost (None: the price is unknown)."""

    subtask: str
    judge: str
    calls: int = 0
    cache_hits: int = 0
    unfit: int = 0
    prompt_tokens: int = 0
    repeated_prefix_tokens: int = 0
    completion_tokens: int = 0
    usd: float | None = 0.0
    usd_prefix_cached: float | None = 0.0
    usd_batch: float | None = 0.0

    @property
    def prefix_share(self) -> float:
        """The share of prompt tokens that repeat a prefix already sent: what a provider cache can serve."""
        return self.repeated_prefix_tokens / self.prompt_tokens if self.prompt_tokens else 0.0


@dataclass
class Estimate:
    """The expected calls (`lines`) and, apart, the most calls re-asks can add (`reask_lines`)."""

    lines: list[EstimateLine] = field(default_factory=list)
    reask_lines: list[EstimateLine] = field(default_factory=list)

    def total(self) -> EstimateLine:
        """The expected calls, all subtasks and judges together."""
        return _total(self.lines)

    def reasks_total(self) -> EstimateLine:
        """The most calls re-asks can add, all subtasks and judges together."""
        return _total(self.reask_lines)

    @property
    def expected_usd(self) -> float | None:
        """What the run is expected to spend: with prefix caching, which every call is laid out for."""
        return self.total().usd_prefix_cached

    @property
    def most_usd(self) -> float | None:
        """What the run spends if every re-ask the bound allows is made, priced as the expected calls."""
        return _add(self.expected_usd, self.reasks_total().usd_prefix_cached)


def _total(lines: Sequence[EstimateLine]) -> EstimateLine:
    t = EstimateLine("all", "all")
    for line in lines:
        t.calls += line.calls
        t.cache_hits += line.cache_hits
        t.unfit += line.unfit
        t.prompt_tokens += line.prompt_tokens
        t.repeated_prefix_tokens += line.repeated_prefix_tokens
        t.completion_tokens += line.completion_tokens
        t.usd = _add(t.usd, line.usd)
        t.usd_prefix_cached = _add(t.usd_prefix_cached, line.usd_prefix_cached)
        t.usd_batch = _add(t.usd_batch, line.usd_batch)
    return t


def check_budget(est: Estimate, budget_usd: float | None) -> None:
    """Refuse a run expected to spend more than its budget before it spends anything: the cap
    would stop it part way, with items left unscorable (budget) for nothing."""
    expected = est.expected_usd
    if budget_usd is not None and expected is not None and expected > budget_usd:
        raise UserError(
            f"the run is estimated at ${expected:.4f}, over --budget-usd {budget_usd:g} "
            "(see --estimate); --force starts it anyway and the cap still stops it there",
            field="--budget-usd",
        )


def _add(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else a + b


def estimate(
    engine: JudgeEngine,
    requests: Sequence[JudgeRequest],
    completion_tokens: int | None = None,
    *,
    min_prefix_tokens: int = MIN_CACHED_PREFIX_TOKENS,
    reasks: Sequence[JudgeRequest] = (),
) -> Estimate:
    """The calls `engine.judge(requests)` would make, with their tokens and dollars per subtask and judge.

    The subtask is the request's `meta["subtask"]`, else its rubric's subtask, else the rubric id.
    `min_prefix_tokens` is the shortest prefix a provider caches (0 measures how much repeats at all).
    `reasks` are calls a run may add after reading answers (the most it can): counted after
    `requests`, whose prefixes they repeat, on lines of their own.
    """
    cfg = engine.config
    expected: dict[tuple[str, str], EstimateLine] = {}
    most: dict[tuple[str, str], EstimateLine] = {}
    counted: dict[tuple[str, str], int] = {}  # (judge, text digest) -> tokens: a prefix is counted once
    sent: set[tuple[str, str]] = set()  # (judge, prefix digest) already sent in this run
    answers: dict[tuple[str, str], int] = {}  # (judge, rubric@version) -> completion tokens per call
    planned: set[str] = set()  # cache keys of calls already counted: a repeat is answered by the cache
    planned_judges = [engine.planned(j) for j in cfg.judges]  # who answers them, before any preflight

    def tokens(model: str, text: str) -> int:
        key = (model, hashlib.sha256(text.encode()).hexdigest())
        if key not in counted:
            counted[key] = client.count_tokens(model, text)
        return counted[key]

    calls = [(call, expected) for call in _calls(engine, requests)]
    calls += [(call, most) for call in _calls(engine, reasks)]
    for (req, rubric, subtask), lines in calls:
        for judge in planned_judges:
            line = lines.setdefault((subtask, judge.model), EstimateLine(subtask, judge.model))
            prices = engine.prices(judge)
            try:
                rendered = engine.render(req, rubric, judge)
            except ContextOverflow:
                line.unfit += cfg.samples
                continue
            messages = rendered.messages()
            sizes = [tokens(judge.model, m["content"]) + _PER_MESSAGE_TOKENS for m in messages]
            prompt = sum(sizes)
            # Every leading run of messages but the last is a prefix another call may repeat.
            runs = [
                (hashlib.sha256(json.dumps(messages[:k]).encode()).hexdigest(), sum(sizes[:k]))
                for k in range(1, len(messages))
            ]
            prefix = runs[-1][1] if runs else 0
            which = (judge.model, f"{rubric.id}@{rubric.version}")
            if which not in answers:
                answers[which] = completion_tokens or _mean_answer(engine, *which)
            answer = answers[which]
            for i in range(cfg.samples):
                key = None if retested(req) else engine.answer_key(rendered, judge, cfg.seed + i)
                if key is not None and (
                    key in planned or engine.cached_answer(rendered, judge, cfg.seed + i)
                ):
                    line.cache_hits += 1
                    continue
                if key is not None:
                    planned.add(key)
                longest = max((n for digest, n in runs if (judge.model, digest) in sent), default=0)
                repeated = longest if longest >= min_prefix_tokens else 0
                sent.update((judge.model, digest) for digest, _ in runs)
                line.calls += 1
                line.prompt_tokens += prompt
                line.repeated_prefix_tokens += repeated
                line.completion_tokens += answer
                if prices is None:
                    line.usd = line.usd_prefix_cached = line.usd_batch = None
                    continue
                first_write = prefix - repeated if client.uses_cache_breakpoints(judge.model) else 0
                line.usd = _add(line.usd, prices.cost(prompt, answer))
                line.usd_prefix_cached = _add(
                    line.usd_prefix_cached, prices.cost(prompt, answer, cached=repeated, written=first_write)
                )
                batch = (
                    None  # a re-ask reads an answer, so it is made online, never in a batch
                    if prices.batch_input is None or prices.batch_output is None or lines is most
                    else prompt * prices.batch_input + answer * prices.batch_output
                )
                line.usd_batch = _add(line.usd_batch, batch)
    return Estimate(list(expected.values()), list(most.values()))


def _calls(
    engine: JudgeEngine, requests: Sequence[JudgeRequest]
) -> Iterator[tuple[JudgeRequest, Rubric, str]]:
    """Each request with its rubric and subtask line (a retest's on a line of its own, `<subtask>
    (retest)`), and the invariance check's second call after it."""
    for req in requests:
        rubric = load_rubric(req.rubric_id)
        subtask = str(req.meta.get("subtask") or rubric.subtask or rubric.id)
        subtask += " (retest)" if retested(req) else ""
        yield req, rubric, subtask
        if engine.config.injection_check == "invariance":
            free = prose_free_fields(rubric, req.fields)
            if free is not None:
                yield replace(req, fields=free), rubric, f"{subtask} (invariance)"


def _mean_answer(engine: JudgeEngine, model: str, rubric: str) -> int:
    seen = engine.cache.mean_completion_tokens(model, rubric) if engine.cache is not None else None
    return round(seen) if seen else DEFAULT_COMPLETION_TOKENS
