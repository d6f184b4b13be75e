"""The direct route and `litellm.acompletion` are one client to the engine: same bytes out, same reply
back, same failure meaning (grading/judge/client.py explains why there are two)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from judge_server import PRICED, ScriptedServer, ServerScript

from expgrade.grading.judge import client

ROUTES = ("direct", "acompletion")
SCHEMA = {
    "type": "json_schema",
    "json_schema": {
        "name": "verdict",
        "strict": True,
        "schema": {
            "type": "object",
            "properties": {"verdict": {"type": "string", "enum": ["pass", "fail"]}},
            "required": ["verdict"],
            "additionalProperties": False,
        },
    },
}


@pytest.fixture
def route(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setenv("EXPGRADE_JUDGE_ROUTE", request.param)
    client._direct_route.cache_clear()
    yield request.param
    client._direct_route.cache_clear()


def call(url: str | None, text: str, *, model: str = PRICED, **params: Any) -> client.Reply:
    messages = [{"role": "system", "content": "You grade."}, {"role": "user", "content": text}]
    return asyncio.run(
        client.complete(
            model,
            messages,
            api_base=url,
            api_key=None,
            temperature=0.0,
            seed=7,
            max_tokens=64,
            timeout_s=1.0,
            response_format=SCHEMA,
            params=params,
        )
    )


def outcome(url: str, text: str) -> client.Reply | tuple[bool, str, float | None]:
    try:
        return call(url, text)
    except Exception as exc:  # the engine's classification is what both routes must agree on
        failure = client.classify(exc)
        return failure.retry, failure.reason, failure.retry_after_s


def test_the_direct_route_is_taken_for_openai_and_can_be_switched_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client._direct_route.cache_clear()
    assert client._direct_route(PRICED, "http://127.0.0.1:9/v1", "k") is not None
    assert client._direct_route("anthropic/claude-3-5-haiku-20241022", None, "k") is None
    monkeypatch.setenv("EXPGRADE_JUDGE_ROUTE", "acompletion")
    client._direct_route.cache_clear()
    assert client._direct_route(PRICED, "http://127.0.0.1:9/v1", "k") is None
    client._direct_route.cache_clear()


def test_without_an_api_base_the_direct_route_goes_where_litellm_s_openai_route_goes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("OPENAI_BASE_URL", "OPENAI_API_BASE", "OPENAI_ORGANIZATION", "OPENAI_PROJECT_ID"):
        monkeypatch.delenv(name, raising=False)
    client._direct_route.cache_clear()
    route = client._direct_route(PRICED, None, "k")
    assert route is not None and route.url == "https://api.openai.com/v1/chat/completions"
    assert route.headers["Authorization"] == "Bearer k"
    # The environment the OpenAI SDK reads on litellm's route: a base URL, organization, project.
    with ScriptedServer() as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        monkeypatch.setenv("OPENAI_API_KEY", "env-key")
        monkeypatch.setenv("OPENAI_ORGANIZATION", "org-expgrade")
        bodies, replies = [], []
        for name in ROUTES:
            monkeypatch.setenv("EXPGRADE_JUDGE_ROUTE", name)
            client._direct_route.cache_clear()
            seen = server.keep_bodies()
            reply = call(None, "@@script verdict=pass@@")  # no api_base: the environment names the server
            bodies.append(seen[-1])
            replies.append(reply)
        route = client._direct_route(PRICED, None, None)
    client._direct_route.cache_clear()
    assert bodies[0] == bodies[1] and replies[0] == replies[1]
    assert route is None  # the last loop turn forced acompletion
    monkeypatch.setenv("EXPGRADE_JUDGE_ROUTE", "direct")
    direct = client._direct_route(PRICED, None, None)
    client._direct_route.cache_clear()
    assert direct is not None and direct.headers["OpenAI-Organization"] == "org-expgrade"
    assert direct.headers["Authorization"] == "Bearer env-key"


def test_both_routes_send_the_same_body_and_read_the_same_reply(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, tuple[dict[str, Any], client.Reply]] = {}
    with ScriptedServer(ServerScript(cache_min_chars=0, cache_block_chars=8)) as server:
        for name in ROUTES:
            monkeypatch.setenv("EXPGRADE_JUDGE_ROUTE", name)
            client._direct_route.cache_clear()
            bodies = server.keep_bodies()
            call(server.url, "warm the prefix cache @@script verdict=pass@@")
            reply = call(server.url, "warm the prefix cache @@script verdict=pass@@")
            seen[name] = (bodies[-1], reply)
    client._direct_route.cache_clear()
    (direct_body, direct_reply), (general_body, general_reply) = seen["direct"], seen["acompletion"]
    assert direct_body == general_body
    assert direct_body["response_format"] == SCHEMA and direct_body["seed"] == 7
    assert direct_reply == general_reply
    assert direct_reply.cached_tokens > 0 and '"pass"' in (direct_reply.content or "")


def test_a_parameter_the_provider_config_does_not_know_goes_through_acompletion() -> None:
    client._direct_route.cache_clear()
    with ScriptedServer() as server:
        bodies = server.keep_bodies()
        reply = call(server.url, "@@script verdict=fail@@", service_tier="flex", not_an_openai_param=1)
    assert '"fail"' in (reply.content or "")
    assert bodies[-1]["service_tier"] == "flex"


@pytest.mark.parametrize("fault", ["429", "500", "503", "drop", "slow", "400", "401", "404", "context"])
def test_both_routes_give_a_failure_the_same_meaning(fault: str, monkeypatch: pytest.MonkeyPatch) -> None:
    outcomes = {}
    with ScriptedServer(ServerScript(retry_after_s=0.25, slow_s=3.0)) as server:
        for name in ROUTES:
            monkeypatch.setenv("EXPGRADE_JUDGE_ROUTE", name)
            client._direct_route.cache_clear()
            outcomes[name] = outcome(server.url, f"@@script fault={fault}@@")
    client._direct_route.cache_clear()
    assert not isinstance(outcomes["direct"], client.Reply)
    assert outcomes["direct"] == outcomes["acompletion"]


#: OpenAI names of every kind: chat models, a self-hosted model's alias, reasoning models (litellm
#: sends `max_completion_tokens` and drops `temperature`), models without `response_format`.
NAMES = (
    "gpt-4o-mini",
    "gpt-4.1-nano",
    "my-local-model",
    "o1",
    "o3-mini",
    "gpt-5-mini",
    "gpt-5-chat",
    "gpt-6-luna",
    "gpt-4",
    "gpt-3.5-turbo-16k",
)
PLAIN = ("gpt-4o-mini", "gpt-4.1-nano", "my-local-model")


@pytest.mark.parametrize("name", NAMES)
def test_the_direct_route_takes_only_models_whose_parameters_litellm_passes_on_as_they_are(name: str) -> None:
    """The direct route sends the engine's parameters as given; litellm's own OpenAI config decides
    which models that is right for, so this checks the route's rule against litellm's configs."""
    client._litellm()
    from litellm.types.utils import LlmProviders
    from litellm.utils import ProviderConfigManager

    wanted = {"temperature": 0.0, "max_tokens": 64, "seed": 7, "response_format": SCHEMA}
    config = ProviderConfigManager.get_provider_chat_config(model=name, provider=LlmProviders.OPENAI)
    assert config is not None
    unchanged = config.map_openai_params(dict(wanted), {}, name, drop_params=True) == wanted
    client._direct_route.cache_clear()
    direct = client._direct_route(f"openai/{name}", "http://127.0.0.1:9/v1", "k") is not None
    client._direct_route.cache_clear()
    assert not direct or unchanged
    assert direct == (name in PLAIN)


_FRESH_PROCESS = """
import json, sys
from expgrade.grading.judge import JudgeConfig, JudgeEngine, JudgeRequest, JudgeSpec
config = JudgeConfig(judges=[JudgeSpec(sys.argv[2])], api_base=sys.argv[1], use_cache=False)
fields = {"question": "2 + 2?", "reference": "4", "response": "4 @@script verdict=pass@@"}
with JudgeEngine(config) as engine:
    [v] = engine.judge_sync([JudgeRequest("i1", "reference-match", fields)])
print(json.dumps({"status": v.status, "label": v.label, "prompt_tokens": v.prompt_tokens,
                  "completion_tokens": v.completion_tokens, "cost_usd": v.cost_usd,
                  "prompt_hash": v.prompt_hash, "raw": v.samples[0].raw_response,
                  "litellm": "litellm" in sys.modules}))
"""


def test_a_direct_call_is_judged_and_priced_without_importing_litellm() -> None:
    """litellm's import (2-5 s) is not paid by a run whose judges all take the direct route, and
    its verdicts still carry tokens, the raw answer and a cost at litellm's prices."""
    with ScriptedServer() as server:
        run = subprocess.run(
            [sys.executable, "-c", _FRESH_PROCESS, server.url, PRICED],
            capture_output=True,
            text=True,
            timeout=100,
        )
    assert run.returncode == 0, run.stderr
    v = json.loads(run.stdout.splitlines()[-1])
    assert v["litellm"] is False
    assert (v["status"], v["label"]) == ("graded", "pass") and v["raw"] and v["prompt_hash"]
    rates = client._litellm().model_cost[PRICED.split("/", 1)[1]]
    expected = (
        v["prompt_tokens"] * rates["input_cost_per_token"]
        + v["completion_tokens"] * rates["output_cost_per_token"]
    )
    assert v["prompt_tokens"] > 0 and v["cost_usd"] == pytest.approx(expected)
