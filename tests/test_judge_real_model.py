"""A real judge: SmolLM2-135M-Instruct served by llama.cpp's server (llama-cpp-python 0.3.36),
judged as `openai/<alias>` with `--api-base` on both of expgrade's real HTTP routes: its own
OpenAI-format client (the default for `openai/` models) and litellm's `acompletion` (every other
provider, and `EXPGRADE_JUDGE_ROUTE=acompletion`).

What holds for a real model, whatever it answers: the server refuses `json_schema` once and the
run settles on `json_object` with the schema; every verdict is graded with a rubric label or is
honestly unscorable with the raw reply kept; the server's token counts are recorded. Skipped with
the reason where llama_cpp or the model is not installed, except under CI=1 (scripts/bootstrap.sh
installs both), where that fails instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from judge_server import ref_request
from llama_server import LlamaServer, llama_server, missing

from expgrade.grading.judge import JudgeConfig, JudgeEngine, JudgeSpec, client

pytestmark = pytest.mark.timeout(600)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    lack = missing()
    if lack is not None:
        if os.environ.get("CI") == "1":
            pytest.fail(f"CI=1 but {lack}")
        pytest.skip(lack)
    with llama_server(log_dir=tmp_path_factory.mktemp("llama")) as running:
        yield running


@pytest.mark.parametrize("route", ["direct", "acompletion"])
def test_smollm2_through_llama_cpps_server_negotiates_json_object_and_judges(
    server: LlamaServer,
    tmp_path: Path,
    route: str,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
) -> None:
    if route == "acompletion":
        monkeypatch.setenv("EXPGRADE_JUDGE_ROUTE", "acompletion")
    client._direct_route.cache_clear()  # the route is chosen once per model and endpoint
    request.addfinalizer(client._direct_route.cache_clear)
    spec = JudgeSpec(server.judge, context_window=2048, input_cost_per_token=0.0, output_cost_per_token=0.0)
    config = JudgeConfig(
        judges=[spec],
        api_base=server.url,
        cache_path=tmp_path / "judge.sqlite",
        max_tokens=256,
        timeout_s=240.0,
        max_retries=1,
        max_reasks=1,
        concurrency=2,
    )
    requests = [
        ref_request("right", "Six times seven is 42."),
        ref_request("wrong", "Six times seven is 48."),
        ref_request("empty", "I do not know."),
    ]
    with JudgeEngine(config) as engine:
        verdicts = engine.judge_sync(requests)
    # llama.cpp's server refused json_schema once (its pydantic 500), then took json_object.
    key = (server.judge, server.url)
    assert engine.output_modes == {key: "json_object"}
    assert list(engine.mode_refusals[key]) == ["json_schema"]
    assert "Input should be 'text' or 'json_object'" in engine.mode_refusals[key]["json_schema"]
    assert engine.http_calls >= len(requests) + 1
    for v in verdicts:
        assert v.structured_output == "json_object"
        assert v.status in ("graded", "unscorable")
        if v.status == "graded":
            assert v.label in ("pass", "fail") and v.passed is (v.label == "pass")
        else:  # honestly unscorable: never a pass or a fail, with what the model said kept
            assert v.reason in ("parse_error", "empty_response") and v.passed is None
            assert v.raw_response is not None
        assert v.prompt_tokens and v.prompt_tokens > 200  # the server's count of the rubric prompt
        assert v.completion_tokens and v.completion_tokens > 0
        assert v.cost_usd == 0.0
    print({v.item_id: (v.status, v.label or v.reason, v.raw_response) for v in verdicts})
