"""Output-mode negotiation through litellm's real HTTP path, against scripted servers that speak
llama.cpp's dialect (json_schema refused with llama-cpp-python 0.3.36's HTTP 500) or neither
structured mode: one refused request per model and endpoint, the mode on every verdict, forced
modes, and a malformed-request refusal never retried whatever its status."""

from __future__ import annotations

from pathlib import Path

import pytest
from judge_server import PRICED, UNPRICED, engine_for, ref_request

from expgrade.grading.judge import JudgeSpec
from expgrade.grading.judge.client import provider_message
from expgrade.grading.testing.judge_server import ScriptedServer, ServerScript

pytestmark = pytest.mark.timeout(120)

LLAMA_REFUSAL = "Input should be 'text' or 'json_object'"


def _requests(tag: str, n: int) -> list:  # type: ignore[type-arg]
    return [ref_request(f"{tag}-{i}", f"It is 42 ({tag} {i}). @@script verdict=pass@@") for i in range(n)]


def test_llama_cpp_dialect_costs_one_refusal_per_model_and_every_call_lands(tmp_path: Path) -> None:
    with (
        ScriptedServer(ServerScript(dialect="llama_cpp", latency_s=0.05)) as server,
        engine_for(server.url, tmp_path, PRICED, UNPRICED, concurrency=8) as engine,
    ):
        verdicts = engine.judge_sync(_requests("llama", 12))
        stats = dict(server.stats)
    assert [v.status for v in verdicts] == ["graded"] * 24
    assert {v.label for v in verdicts} == {"pass"}
    # 8 calls in flight at once, yet each model's json_schema was refused once, not once per call.
    assert stats["refused:json_schema"] == 2
    assert stats["requests"] == 24 + 2
    assert {v.structured_output for v in verdicts} == {"json_object"}
    refused = [v for v in verdicts if v.mode_refused]
    assert sorted(v.judge for v in refused) == sorted([PRICED, UNPRICED])
    assert all(v.mode_refused.startswith("json_schema: ") and LLAMA_REFUSAL in v.mode_refused for v in refused)
    assert set(engine.output_modes.values()) == {"json_object"}


def test_a_server_without_structured_modes_ends_on_prompt_instructions(tmp_path: Path) -> None:
    with (
        ScriptedServer(ServerScript(dialect="plain")) as server,
        engine_for(server.url, tmp_path, PRICED, concurrency=4) as engine,
    ):
        bodies = server.keep_bodies()
        verdicts = engine.judge_sync(_requests("plain", 6))
        stats = dict(server.stats)
    assert [(v.status, v.label, v.structured_output) for v in verdicts] == [("graded", "pass", "off")] * 6
    assert (stats["refused:json_schema"], stats["refused:json_object"]) == (1, 1)
    assert sum("response_format" not in b for b in bodies) == 6


@pytest.mark.parametrize(
    ("forced", "sent"),
    [("json_object", "json_object"), ("off", None), ("json_schema", "json_schema")],
)
def test_a_forced_mode_is_sent_as_given(tmp_path: Path, forced: str, sent: str | None) -> None:
    with (
        ScriptedServer() as server,
        engine_for(server.url, tmp_path, JudgeSpec(PRICED, structured_output=forced)) as engine,  # type: ignore[arg-type]
    ):
        bodies = server.keep_bodies()
        (v,) = engine.judge_sync(_requests(f"forced-{forced}", 1))
    assert (v.status, v.label, v.structured_output) == ("graded", "pass", forced)
    assert [(b.get("response_format") or {}).get("type") for b in bodies] == [sent]
    if forced == "json_object":  # llama.cpp's spelling: the schema beside the type
        assert bodies[0]["response_format"]["schema"]["properties"]["verdict"]["enum"] == ["fail", "pass"]


def test_a_malformed_request_refusal_is_not_retried_even_as_a_500(tmp_path: Path) -> None:
    """Forced json_schema at llama.cpp's server: its 500 says the request is invalid; no retry mends it."""
    spec = JudgeSpec(PRICED, structured_output="json_schema")
    with (
        ScriptedServer(ServerScript(dialect="llama_cpp")) as server,
        engine_for(server.url, tmp_path, spec, max_retries=5) as engine,
    ):
        verdicts = engine.judge_sync(_requests("forced-refused", 3))
        stats = dict(server.stats)
    assert stats["requests"] == 3  # one each: not 3 × (1 + 5 retries)
    for v in verdicts:
        assert (v.status, v.reason, v.samples[0].attempts) == ("unscorable", "provider_error", 1)
        # The server's own words, on the verdict, not just "provider_error".
        assert v.reason_detail is not None and LLAMA_REFUSAL in v.reason_detail


def test_a_transient_500_is_still_retried(tmp_path: Path) -> None:
    with (
        ScriptedServer(ServerScript(dialect="llama_cpp")) as server,
        engine_for(server.url, tmp_path, PRICED) as engine,
    ):
        (v,) = engine.judge_sync([ref_request("flaky", "42 @@script verdict=fail fault=500x2@@")])
    assert (v.status, v.label, v.structured_output, v.samples[0].attempts) == ("graded", "fail", "json_object", 4)


def test_provider_message_is_the_error_bodys_message() -> None:
    exc = Exception(
        'litellm.InternalServerError: OpenAIException - {"error":{"message":"1 validation error:\\n  '
        "{'msg': \\\"Input should be 'text' or 'json_object'\\\"}\",\"type\":\"internal_server_error\"}}"
    )
    assert provider_message(exc) == "1 validation error: {'msg': \"Input should be 'text' or 'json_object'\"}"
    assert provider_message(Exception("connection refused")) == "connection refused"
