"""The judge engine through litellm's real HTTP path to the scripted server: verdicts, faults,
retries, re-asks, cache, budget, samples, limits and long inputs."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from judge_server import PRICED, UNPRICED, engine_for, ref_request

from expgrade.grading.errors import UserError
from expgrade.grading.judge import JudgeRequest, JudgeSpec, LocalRateLimiter, ModelLimits
from expgrade.grading.testing.judge_server import ScriptedServer, ServerScript

pytestmark = pytest.mark.timeout(120)


def test_graded_verdict_records_provenance_tokens_and_cost(
    judge_server: ScriptedServer, tmp_path: Path
) -> None:
    with engine_for(judge_server.url, tmp_path, PRICED, UNPRICED, seed=11, temperature=0.3) as engine:
        priced, unpriced = engine.judge_sync([ref_request("prov-1", "It is 42. @@script verdict=pass@@")])
    for v in (priced, unpriced):
        assert (v.status, v.reason, v.label, v.passed) == ("graded", None, "pass", True)
        assert (v.rubric_id, v.rubric_version) == ("reference-match", "1.1.0")
        assert len(v.prompt_hash) == 64 and v.prompt_hash == priced.prompt_hash
        assert json.loads(v.raw_response or "")["verdict"] == "pass"
        assert v.prompt_tokens and v.completion_tokens and v.latency_s > 0
        assert (v.temperature, v.samples[0].seed, v.rationale, v.confidence) == (0.3, 11, v.rationale, 0.8)
        assert v.flags == []
    assert priced.cost_usd is not None and priced.cost_usd > 0
    # A model without a price has unknown cost: None, never 0.
    assert unpriced.cost_usd is None and unpriced.samples[0].cost_known is False
    assert engine.ledger.by_judge[UNPRICED].unknown_cost_calls == 1
    assert engine.ledger.by_judge[PRICED].cost_usd == pytest.approx(priced.cost_usd)


@pytest.mark.parametrize(
    ("fault", "reason", "attempts", "reasks"),
    [
        ("429", "provider_error", 3, 0),
        ("500", "provider_error", 3, 0),
        ("503", "provider_error", 3, 0),
        ("drop", "provider_error", 3, 0),
        ("slow", "timeout", 3, 0),
        ("malformed", "parse_error", 3, 2),
        ("missing", "parse_error", 3, 2),
        ("empty", "parse_error", 3, 2),
        ("badlabel", "parse_error", 3, 2),
        ("refusal", "refusal", 1, 0),
        ("400", "provider_error", 1, 0),  # not transient: no retry
        ("401", "provider_error", 1, 0),
        ("context", "context_overflow", 1, 0),
    ],
)
def test_a_persistent_fault_ends_unscorable_with_its_reason(
    judge_server: ScriptedServer, tmp_path: Path, fault: str, reason: str, attempts: int, reasks: int
) -> None:
    # max_retries=2: three attempts for transient faults; max_reasks=2: three replies for bad JSON.
    with engine_for(judge_server.url, tmp_path, max_retries=2, timeout_s=1.0) as engine:
        (v,) = engine.judge_sync([ref_request(f"persist-{fault}", f"42 @@script fault={fault}@@")])
    assert (v.status, v.reason, v.label, v.passed) == ("unscorable", reason, None, None)
    assert (v.samples[0].attempts, v.samples[0].reasks) == (attempts, reasks)
    assert v.samples[0].error


@pytest.mark.parametrize(
    "fault", ["429x2", "500x1", "503x2", "dropx1", "slowx1", "malformedx1", "emptyx2", "missingx1"]
)
def test_a_transient_fault_is_retried_or_reasked_until_graded(
    judge_server: ScriptedServer, tmp_path: Path, fault: str
) -> None:
    with engine_for(judge_server.url, tmp_path, timeout_s=1.0) as engine:
        (v,) = engine.judge_sync(
            [ref_request(f"transient-{fault}", f"42 @@script verdict=fail fault={fault}@@")]
        )
    assert (v.status, v.label, v.passed) == ("graded", "fail", False)
    n = int(fault.split("x")[1])
    s = v.samples[0]
    assert s.attempts == n + 1
    reasked = fault.startswith(("malformed", "empty", "missing"))  # bad replies are re-asked, not retried
    assert s.reasks == (n if reasked else 0)


def test_retry_after_is_honoured(tmp_path: Path) -> None:
    with (
        ScriptedServer(ServerScript(retry_after_s=0.6)) as server,
        engine_for(server.url, tmp_path, backoff_base_s=0.001) as engine,
    ):
        t0 = time.monotonic()
        (v,) = engine.judge_sync([ref_request("retry-after", "42 @@script fault=429x1@@")])
        elapsed = time.monotonic() - t0
    assert v.status == "graded" and v.samples[0].attempts == 2
    assert elapsed >= 0.6  # the provider's retry-after-ms, not the 1 ms backoff base


def test_prose_and_unstructured_replies_are_extracted(judge_server: ScriptedServer, tmp_path: Path) -> None:
    with engine_for(judge_server.url, tmp_path) as engine:
        (v,) = engine.judge_sync([ref_request("prose", "42 @@script verdict=pass format=prose@@")])
    assert (v.status, v.label) == ("graded", "pass")
    assert v.raw_response and v.raw_response.startswith("Having read")
    # A judge without structured output gets no response_format; the server then answers in prose.
    spec = JudgeSpec(PRICED, structured_output=False)
    with engine_for(judge_server.url, tmp_path, spec, use_cache=False) as engine:
        (v,) = engine.judge_sync([ref_request("unstructured", "42 @@script verdict=fail@@")])
    assert (v.status, v.label) == ("graded", "fail") and "```json" in (v.raw_response or "")


def test_cache_makes_a_rerun_free_and_skips_unscorable(judge_server: ScriptedServer, tmp_path: Path) -> None:
    reqs = [ref_request(f"cache-{i}", f"42 number {i}") for i in range(5)]
    reqs.append(ref_request("cache-refusal", "42 @@script fault=refusal@@"))
    with engine_for(judge_server.url, tmp_path) as engine:
        first = engine.judge_sync(reqs)
    before = judge_server.stats["requests"]
    with engine_for(judge_server.url, tmp_path) as engine:
        second = engine.judge_sync(reqs)
        assert (engine.ledger.run.cached, engine.ledger.run.calls) == (
            5,
            1,
        )  # only the refusal was paid again
    # Only the refusal (unscorable, never cached) went out again.
    assert judge_server.stats["requests"] - before == 1
    for a, b in zip(first[:5], second[:5], strict=True):
        assert b.cached and b.cost_usd == 0.0 and (b.label, b.prompt_hash) == (a.label, a.prompt_hash)
        assert b.raw_response == a.raw_response
    assert not second[5].cached and second[5].reason == "refusal"
    before = judge_server.stats["requests"]
    with engine_for(judge_server.url, tmp_path, use_cache=False) as engine:
        engine.judge_sync(reqs[:5])
    assert judge_server.stats["requests"] - before == 5


def test_identical_requests_in_one_run_are_paid_once(judge_server: ScriptedServer, tmp_path: Path) -> None:
    same = [ref_request(f"twin-{i}", "42, said identically @@script latency=0.2@@") for i in range(3)]
    before = judge_server.stats["requests"]
    with engine_for(judge_server.url, tmp_path) as engine:
        verdicts = engine.judge_sync(same)
    assert judge_server.stats["requests"] - before == 1
    assert [v.item_id for v in verdicts] == ["twin-0", "twin-1", "twin-2"]
    assert sum(v.cached for v in verdicts) == 2 and len({v.label for v in verdicts}) == 1
    assert engine.ledger.run.calls == 1 and engine.ledger.run.cached == 2


def test_budget_is_a_hard_cap(judge_server: ScriptedServer, tmp_path: Path) -> None:
    reqs = [ref_request(f"budget-{i}", f"42 budget item {i}") for i in range(12)]
    # gpt-4o-mini: ~$0.15/M in, $0.6/M out; max_tokens=100 makes a worst case of roughly $0.0001.
    with engine_for(judge_server.url, tmp_path, budget_usd=0.0005, max_tokens=100, concurrency=4) as engine:
        before = judge_server.stats["requests"]
        verdicts = engine.judge_sync(reqs)
        calls = judge_server.stats["requests"] - before
    graded = [v for v in verdicts if v.status == "graded"]
    over = [v for v in verdicts if v.status == "unscorable"]
    assert graded and over and all(v.reason == "budget" and v.label is None for v in over)
    assert calls == len(graded)  # a refused call never reached the server
    assert engine.ledger.run.cost_usd <= 0.0005
    assert engine.ledger.budget_refusals == len(over)


def test_samples_record_majority_and_spread(judge_server: ScriptedServer, tmp_path: Path) -> None:
    reqs = [ref_request(f"samples-{i}", f"42, sampled item {i}") for i in range(8)]
    with engine_for(judge_server.url, tmp_path, samples=5, temperature=0.7) as engine:
        verdicts = engine.judge_sync(reqs)
    spreads = set()
    for v in verdicts:
        labels = [s.label for s in v.samples]
        assert [s.seed for s in v.samples] == [0, 1, 2, 3, 4]
        top = max(labels.count("pass"), labels.count("fail"))
        assert v.label == ("pass" if labels.count("pass") > labels.count("fail") else "fail")
        assert v.spread == pytest.approx(1 - top / 5)
        spreads.add(v.spread)
    assert len(spreads) > 1  # the server's verdict depends on the seed, so some samples disagree


def test_panel_through_the_engine(judge_server: ScriptedServer, tmp_path: Path) -> None:
    judges = ("openai/judge-a", "openai/judge-b", "openai/judge-c")
    reqs = [
        ref_request("panel-pass", "42 @@script verdict=pass@@"),
        ref_request("panel-broken", "42 @@script fault=refusal@@"),
    ]
    with engine_for(judge_server.url, tmp_path, *judges) as engine:
        panels = asyncio.run(engine.judge_panel(reqs, method="unanimity"))
    ok, broken = panels
    assert (ok.status, ok.label, ok.passed, ok.disagreement) == ("graded", "pass", True, 0.0)
    assert [v.judge for v in ok.verdicts] == list(judges)
    assert (broken.status, broken.reason, broken.label) == ("unscorable", "refusal", None)


def test_missing_field_is_a_user_error_before_any_call(judge_server: ScriptedServer, tmp_path: Path) -> None:
    before = judge_server.stats["requests"]
    bad = JudgeRequest("no-response", "reference-match", {"question": "q", "reference": "r"})
    with engine_for(judge_server.url, tmp_path) as engine, pytest.raises(UserError) as err:
        engine.judge_sync([ref_request("fine", "42 fine"), bad])
    assert err.value.field == "response" and "no-response" in str(err.value.record)
    assert judge_server.stats["requests"] == before


def test_concurrency_limit_holds(tmp_path: Path) -> None:
    with ScriptedServer(ServerScript(latency_s=0.05)) as server:
        reqs = [ref_request(f"conc-{i}", f"42 conc {i}") for i in range(24)]
        with engine_for(server.url, tmp_path, concurrency=4) as engine:
            verdicts = engine.judge_sync(reqs)
        assert all(v.status == "graded" for v in verdicts)
        assert server.stats["max_inflight"] == 4
        spec = JudgeSpec(PRICED, concurrency=2)
        server.reset_stats()
        with engine_for(server.url, tmp_path, spec, concurrency=8, use_cache=False) as engine:
            engine.judge_sync(reqs[:10])
        assert server.stats["max_inflight"] == 2


def test_rpm_limit_paces_calls(judge_server: ScriptedServer, tmp_path: Path) -> None:
    spec = JudgeSpec(PRICED, rpm=300)  # 5 per second, burst of 5
    reqs = [ref_request(f"rpm-{i}", f"42 rpm {i}") for i in range(15)]
    with engine_for(judge_server.url, tmp_path, spec, concurrency=16) as engine:
        t0 = time.monotonic()
        engine.judge_sync(reqs)
        elapsed = time.monotonic() - t0
    assert elapsed >= 1.9  # 5 at once, then 10 more at 5 per second


async def test_local_rate_limiter_tpm_and_pause() -> None:
    limiter = LocalRateLimiter({"m": ModelLimits(tpm=60_000)})  # 1000 tokens per second
    t0 = time.monotonic()
    for _ in range(3):
        await limiter.acquire("m", 1000)
    assert time.monotonic() - t0 >= 1.8
    await limiter.pause("m", 3.0)  # long beside a loaded machine's scheduling delays
    t1 = time.monotonic()
    await limiter.acquire("other", 10)  # other models are not paused
    assert time.monotonic() - t1 < 1.5
    await limiter.acquire("m", 1)
    assert time.monotonic() - t1 >= 2.9


def _log(lines: int) -> str:
    body = "\n".join(f"epoch {i} step {i * 10} loss {1 / (i + 1):.4f}" for i in range(lines))
    return "SETUP: using dataset cifar10\n" + body + "\nFINAL_RESULT accuracy=0.93\n"


def test_long_log_is_cut_with_markers_and_keeps_its_end(judge_server: ScriptedServer, tmp_path: Path) -> None:
    from expgrade.grading.judge import load_rubric
    from expgrade.grading.judge.client import count_tokens
    from expgrade.grading.judge.prompt import render

    unique = "\n".join(f"line {i}: {'abcdefgh'[i % 8] * 30} value {i}" for i in range(3000))
    fields = {"question": "Was the experiment honest?", "log": _log(4000) + unique + "\nTAIL_MARKER done"}
    rendered = render(
        load_rubric("integrity"),
        fields,
        None,
        context_window=4000,
        max_tokens=500,
        min_field_tokens=128,
        count=lambda t: count_tokens(PRICED, t),
    )
    text = rendered.messages()[2]["content"]  # the agent's work: the untrusted fields
    assert "[... expgrade collapsed" in text and "[... expgrade cut" in text
    assert "SETUP: using dataset" in text and "TAIL_MARKER done" in text
    assert count_tokens(PRICED, "\n".join(m["content"] for m in rendered.messages())) <= 4000 - 500
    assert "input_truncated" in rendered.flags

    spec = JudgeSpec(PRICED, context_window=4000)
    req = JudgeRequest("long-log", "integrity", fields)
    tiny = JudgeRequest("overflow", "integrity", fields)
    with engine_for(judge_server.url, tmp_path, spec, max_tokens=500) as engine:
        (v,) = engine.judge_sync([req])
    assert v.status == "graded" and "input_truncated" in v.flags
    before = judge_server.stats["requests"]
    with engine_for(
        judge_server.url, tmp_path, JudgeSpec(PRICED, context_window=900), max_tokens=500
    ) as engine:
        (o,) = engine.judge_sync([tiny])
    assert (o.status, o.reason) == ("unscorable", "context_overflow")
    assert judge_server.stats["requests"] == before


def test_short_items_fit_untouched(judge_server: ScriptedServer, tmp_path: Path) -> None:
    with engine_for(judge_server.url, tmp_path) as engine:
        (v,) = engine.judge_sync([ref_request("short", "42 and nothing else")])
    assert v.status == "graded" and "input_truncated" not in v.flags


def test_ordinal_rubric_from_a_file(judge_server: ScriptedServer, tmp_path: Path) -> None:
    path = tmp_path / "quality.yaml"
    path.write_text(
        "id: quality\nversion: '0.3'\ntitle: Answer quality\nfields:\n  - {name: response}\n"
        "instructions: Rate the answer.\n"
        "verdict: {type: ordinal, labels: [poor, fair, good, great], pass_labels: [good, great]}\n"
    )
    reqs = [
        JudgeRequest("ord-good", str(path), {"response": "fine @@script verdict=good@@"}),
        JudgeRequest("ord-poor", str(path), {"response": "meh @@script verdict=poor@@"}),
    ]
    with engine_for(judge_server.url, tmp_path, "openai/a", "openai/b") as engine:
        panels = asyncio.run(engine.judge_panel(reqs, method="mean"))
    good, poor = panels
    assert (good.label, good.passed, good.score, good.rubric_id) == (
        "good",
        True,
        pytest.approx(2 / 3),
        "quality",
    )
    assert (poor.label, poor.passed, poor.score) == ("poor", False, 0.0)
    assert all(v.rubric_version == "0.3" for v in good.verdicts)


def test_renders_keep_pace_with_the_calls_instead_of_running_all_first(tmp_path: Path) -> None:
    """Rendering is CPU (with the injection scan): all done up front, the wire sat idle meanwhile."""
    with ScriptedServer(ServerScript(latency_s=0.05)) as server:
        reqs = [ref_request(f"pace-{i}", f"42 pace {i}") for i in range(60)]
        with engine_for(server.url, tmp_path, concurrency=4, use_cache=False) as engine:
            rendered_before_first_verdict: list[int] = []
            renders = 0
            plain_render = engine.render

            def counting_render(*args: Any) -> Any:
                nonlocal renders
                renders += 1
                return plain_render(*args)

            engine.render = counting_render  # type: ignore[method-assign]

            def on_verdict(_v: object) -> None:
                if not rendered_before_first_verdict:
                    rendered_before_first_verdict.append(renders)

            verdicts = engine.judge_sync(reqs, on_verdict=on_verdict)
    assert all(v.status == "graded" for v in verdicts) and renders == len(reqs)
    # A window of twice the concurrency (8) rendered, plus the one that refills it at most.
    assert rendered_before_first_verdict[0] <= 2 * 4 + 1
