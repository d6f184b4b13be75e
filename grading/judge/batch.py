"""Judging through a provider's batch API: half the price, answers within the provider's window.

Every call the engine would make is rendered exactly as it would be sent, the response cache answers
what it can, and the rest goes up as one JSONL file and one batch per judge model (litellm's file
and batch APIs: OpenAI-compatible `/v1/files` and `/v1/batches`). Each batch id is appended to the
run folder's `judge_batches` file (`expgrade.grading.run_folder`) the moment the provider accepts it, so a
run that is stopped and started again polls the batches it already paid for instead of submitting
them twice. The answers become the same `Verdict` records as online judging, priced at the batch
rates of litellm's price table. A line the provider failed or let expire ends unscorable with the
provider's reason; a reply that is not a verdict cannot be re-asked inside a batch and ends
`parse_error`.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from expgrade.grading.jsonl import append_line, cut_torn_tail, iter_json_lines
from expgrade.grading.judge import client
from expgrade.grading.judge.config import JudgeSpec
from expgrade.grading.judge.dialect import format_for
from expgrade.grading.judge.engine import JudgeEngine, _cacheable, _combine, _give_up, graded
from expgrade.grading.judge.fit import ContextOverflow
from expgrade.grading.judge.parse import Parsed, parse_reply
from expgrade.grading.judge.prompt import Rendered
from expgrade.grading.judge.rubrics import Rubric
from expgrade.grading.judge.types import JudgeRequest, Sample, Verdict
from expgrade.grading.run_folder import RunFolder
from expgrade.grading.status import Unscorable

# litellm's afile_content makes a second, unused coroutine of the OpenAI call (its answer is right);
# the warning about it would land in every `--batch` run's terminal.
warnings.filterwarnings("ignore", message="coroutine 'OpenAIFilesAPI.afile_content' was never awaited")

#: Batch states after which nothing more will be answered.
TERMINAL = ("completed", "failed", "expired", "cancelled")
#: Called with (answered, total) lines while polling.
OnProgress = Callable[[int, int], None]


@dataclass
class _Line:
    """One distinct call: identical calls of several items share a line (and its answer)."""

    custom_id: str
    judge: JudgeSpec
    rendered: Rendered
    seed: int
    body: dict[str, Any]


@dataclass
class _Slot:
    """Where one sample of one verdict comes from."""

    request: int
    judge: JudgeSpec
    rendered: Rendered | None
    samples: list[Sample | str] = field(default_factory=list)  # a Sample, or a custom_id to fill in


def _provider(model: str) -> tuple[str, str]:
    """(litellm provider, model name as the provider knows it) for a batch body."""
    provider, _, name = model.partition("/")
    return (provider, name) if name else ("openai", model)


def _batch_prices(prices: client.Prices | None) -> client.Prices | None:
    if prices is None or prices.batch_input is None or prices.batch_output is None:
        return prices
    return replace(prices, input=prices.batch_input, output=prices.batch_output)


async def judge_batch(
    engine: JudgeEngine,
    requests: Sequence[JudgeRequest],
    run_dir: Path,
    *,
    poll_s: float = 30.0,
    on_progress: OnProgress | None = None,
) -> list[Verdict]:
    """`engine.judge(requests)` through the batch API; resumable from `run_dir`."""
    cfg = engine.config
    started = time.monotonic()
    rubrics = engine.check(requests)
    lines: dict[str, _Line] = {}
    slots: list[_Slot] = []
    for i, req in enumerate(requests):
        rubric = rubrics[req.rubric_id]
        for judge in cfg.judges:
            slot = _Slot(i, judge, None)
            slots.append(slot)
            try:
                slot.rendered = rendered = engine.render(req, rubric, judge)
            except ContextOverflow as exc:
                slot.samples = [
                    Sample(status="unscorable", reason=Unscorable.CONTEXT_OVERFLOW, error=str(exc))
                ]
                continue
            for n in range(cfg.samples):
                seed = cfg.seed + n
                key = engine._key(rendered, judge, seed)
                hit = engine.cache.get(key) if engine.cache is not None else None
                if hit is not None:
                    slot.samples.append(engine._replay(hit, judge, rubric.id))
                    continue
                if key not in lines:
                    lines[key] = _Line(key, judge, rendered, seed, _body(engine, judge, rendered, seed))
                slot.samples.append(key)

    results: dict[str, Sample] = {}
    by_model: dict[str, list[_Line]] = {}
    for line in lines.values():
        by_model.setdefault(line.judge.model, []).append(line)
    await asyncio.gather(
        *(
            _run_model(engine, model, group, run_dir, poll_s, results, _Progress(len(lines), on_progress))
            for model, group in by_model.items()
        )
    )
    verdicts = []
    for slot in slots:
        req = requests[slot.request]
        samples = [s if isinstance(s, Sample) else replace(results[s]) for s in slot.samples]
        verdicts.append(
            _combine(
                req,
                rubrics[req.rubric_id],
                slot.judge,
                slot.rendered,
                samples,
                cfg.temperature,
                time.monotonic() - started,
            )
        )
    return verdicts


@dataclass
class _Progress:
    total: int
    callback: OnProgress | None
    done: dict[str, int] = field(default_factory=dict)

    def update(self, batch_id: str, answered: int) -> None:
        self.done[batch_id] = answered
        if self.callback is not None:
            self.callback(sum(self.done.values()), self.total)


def _body(engine: JudgeEngine, judge: JudgeSpec, rendered: Rendered, seed: int) -> dict[str, Any]:
    cfg = engine.config
    body: dict[str, Any] = {
        "model": _provider(judge.model)[1],
        "messages": rendered.messages(),
        "temperature": cfg.temperature,
        "seed": seed,
        "max_tokens": cfg.max_tokens,
        **judge.params,
    }
    # A batch API is OpenAI's: `auto` means its own json_schema (no negotiation offline).
    mode = judge.structured
    fmt = format_for("json_schema" if mode == "auto" else mode, rendered.rubric)
    if fmt is not None:
        body["response_format"] = fmt
    return body


def _state(run_dir: Path) -> dict[str, str]:
    """Batch id by digest of its lines, from earlier sessions of this run.

    A line a crash cut is this run's own unfinished append: cut off, as `append_line` would, so
    that batch is sent again."""
    path = RunFolder(run_dir).judge_batches
    if not path.exists():
        return {}
    cut_torn_tail(path)
    return {rec["lines"]: rec["batch_id"] for _, rec in iter_json_lines(path)}


async def _run_model(
    engine: JudgeEngine,
    model: str,
    group: list[_Line],
    run_dir: Path,
    poll_s: float,
    results: dict[str, Sample],
    progress: _Progress,
) -> None:
    """Submit (or find again) this judge's batch, wait for it, and turn its lines into samples."""
    judge = group[0].judge
    cfg = engine.config
    provider, _ = _provider(model)
    access: dict[str, Any] = {"custom_llm_provider": provider}
    api_base = judge.api_base or cfg.api_base
    if api_base:
        access["api_base"] = api_base
        access["api_key"] = judge.api_key or cfg.api_key or "expgrade-no-key"
    elif judge.api_key or cfg.api_key:
        access["api_key"] = judge.api_key or cfg.api_key
    litellm = client._litellm()
    prices = _batch_prices(engine.prices(judge))

    worst = 0.0
    if prices is not None and engine.budget.budget_usd is not None:
        for line in group:
            worst += engine._worst_case_usd(judge, line.body["messages"], cfg.max_tokens)[0] or 0.0
        if not await engine.budget.try_reserve(worst):
            for line in group:
                results[line.custom_id] = _give_up(
                    Sample(status="unscorable", seed=line.seed),
                    Unscorable.BUDGET,
                    "budget cap reached before the batch",
                )
            return

    payload = "".join(
        json.dumps(
            {"custom_id": ln.custom_id, "method": "POST", "url": "/v1/chat/completions", "body": ln.body}
        )
        + "\n"
        for ln in group
    ).encode()
    digest = hashlib.sha256(f"{model}\n".encode() + payload).hexdigest()
    batch_id = _state(run_dir).get(digest)
    if batch_id is None:
        uploaded = await litellm.acreate_file(file=("judge.jsonl", payload), purpose="batch", **access)
        batch = await litellm.acreate_batch(
            completion_window="24h", endpoint="/v1/chat/completions", input_file_id=uploaded.id, **access
        )
        batch_id = str(batch.id)
        run_dir.mkdir(parents=True, exist_ok=True)
        append_line(
            RunFolder(run_dir).judge_batches,
            {"lines": digest, "batch_id": batch_id, "judge": model, "calls": len(group)},
        )
    wait = min(poll_s, 0.5)  # small batches finish in seconds; large ones are polled every poll_s
    while True:
        batch = await litellm.aretrieve_batch(batch_id=batch_id, **access)
        counts = batch.request_counts
        if counts is not None:
            progress.update(batch_id, int(counts.completed or 0) + int(counts.failed or 0))
        if batch.status in TERMINAL:
            break
        await asyncio.sleep(wait)
        wait = min(poll_s, wait * 1.5)

    answered: dict[str, dict[str, Any]] = {}
    for file_id in (batch.output_file_id, batch.error_file_id):
        if file_id:
            content = await litellm.afile_content(file_id=file_id, **access)
            for text in content.content.decode().splitlines():
                if text.strip():
                    rec = json.loads(text)
                    answered[str(rec.get("custom_id"))] = rec

    spent = 0.0
    for line in group:
        sample = _sample(engine, line, answered.get(line.custom_id), batch.status, prices)
        results[line.custom_id] = sample
        spent += sample.cost_usd or 0.0
        if sample.status == "graded" and engine.cache is not None:
            rubric = line.rendered.rubric
            engine.cache.put(line.custom_id, model, f"{rubric.id}@{rubric.version}", _cacheable(sample))
    if worst:
        await engine.budget.settle(worst, spent)


def _sample(
    engine: JudgeEngine,
    line: _Line,
    record: dict[str, Any] | None,
    status: str,
    prices: client.Prices | None,
) -> Sample:
    s = Sample(
        status="unscorable", seed=line.seed, prompt_tokens=0, completion_tokens=0, cost_usd=0.0, attempts=1
    )
    rubric: Rubric = line.rendered.rubric
    if record is None:
        return _give_up(
            s, Unscorable.PROVIDER_ERROR, f"the batch ended {status} without an answer for this call"
        )
    response = record.get("response") or {}
    if record.get("error") or response.get("status_code") != 200:
        error = record.get("error") or (response.get("body") or {}).get("error") or {}
        detail = (
            f"batch {error.get('code') or response.get('status_code')}: {error.get('message') or 'failed'}"
        )
        return _give_up(s, Unscorable.PROVIDER_ERROR, detail)
    body = response.get("body") or {}
    reply = client.reply_of(body)
    engine._account(s, line.judge, rubric.id, reply, prices)
    s.answered_by, s.system_fingerprint = reply.model, reply.system_fingerprint
    s.raw_response = reply.content if reply.content is not None else reply.refusal
    s.finish_reason = reply.finish_reason
    if not (reply.content or reply.refusal) and reply.finish_reason == "length":
        return _give_up(
            s, Unscorable.EMPTY_RESPONSE, f"empty answer at max_tokens={engine.config.max_tokens}"
        )
    parsed = parse_reply(reply.content, reply.refusal, rubric)
    if isinstance(parsed, Parsed):
        return graded(s, parsed, line.rendered)
    return _give_up(
        s, Unscorable.REFUSAL if parsed.kind == Unscorable.REFUSAL else Unscorable.PARSE_ERROR, parsed.detail
    )
