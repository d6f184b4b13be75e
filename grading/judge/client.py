"""One chat call through litellm, and what its failures mean for retrying.

litellm is the only way out to a model: any provider it knows (`openai/`, `anthropic/`,
`azure/`, `ollama/`, `hosted_vllm/`, ...) or any OpenAI-compatible endpoint via `api_base`.
Its own retries are switched off (`num_retries=0`, `max_retries=0`): the engine retries, so
that backoff, Retry-After, budgets and rate limits are applied in one place.

Two routes through litellm, one reply. `litellm.acompletion` costs ~8 ms of CPU per call (a
thread-pool hop, the OpenAI SDK's recursive request transform, per-call cost lookups, logging
objects), so a grader on one core ran at a quarter of a bare HTTP client's pace (bench/judge.md).
For providers whose wire format is OpenAI's own, `complete` takes the *direct* route instead:
litellm's provider config maps the parameters, builds the URL, headers and body
(`map_openai_params`, `get_complete_url`, `validate_environment`, `transform_request`), the
request goes out on litellm's shared aiohttp-backed client, and HTTP errors become litellm's
exception types through the provider's `get_error_class` and `exception_type`, as litellm's own
HTTP handler does. What it leaves out is what a grader does not use: callbacks, per-call cost
(the engine prices usage once from litellm's table), response caching, hooks. Every other
provider, a parameter the provider config does not know, or `EXPGRADE_JUDGE_ROUTE=acompletion`
takes `acompletion`. Both routes end in the same `Reply`, which a test pins.
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from functools import cache
from types import ModuleType
from typing import Any, NoReturn

from expgrade.grading.heap import heavy_import
from expgrade.grading.judge.dialect import invalid_request
from expgrade.grading.status import Unscorable


@cache
def _litellm() -> ModuleType:
    """litellm, imported on first use: it takes seconds to import, and `expgrade rubrics` needs none of it."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # never fetch the cost map
    with heavy_import():  # the collector would walk the growing heap for nothing (grading/heap.py)
        import litellm

    litellm.suppress_debug_info = True
    litellm.telemetry = False
    return litellm


#: Providers that cache a prompt prefix only where the request marks a breakpoint (`cache_control`);
#: OpenAI and most others cache long prefixes on their own.
_BREAKPOINT_PROVIDERS = ("anthropic", "bedrock", "vertex_ai", "databricks")


@dataclass(frozen=True)
class Reply:
    content: str | None
    refusal: str | None
    prompt_tokens: int | None
    completion_tokens: int | None
    finish_reason: str | None
    #: Prompt tokens the provider served from its prefix cache (billed at the cached rate).
    cached_tokens: int = 0
    #: Prompt tokens written to the prefix cache (Anthropic bills them above the input rate).
    cache_write_tokens: int = 0
    #: Completion tokens a reasoning model spent on hidden reasoning.
    reasoning_tokens: int = 0


def uses_cache_breakpoints(model: str) -> bool:
    """Whether the model caches a prefix only where `cache_control` marks it (Claude models)."""
    provider = model.split("/", 1)[0]
    return provider == "anthropic" or (provider in _BREAKPOINT_PROVIDERS and "claude" in model)


def with_cache_breakpoints(messages: list[dict[str, Any]], at: tuple[int, ...]) -> list[dict[str, Any]]:
    """The messages with an ephemeral cache breakpoint closing each prefix in `at` (Anthropic's
    format, which litellm passes on to Anthropic, Bedrock and Vertex; at most four per request)."""
    out = list(messages)
    for i in at:
        block = {"type": "text", "text": out[i]["content"], "cache_control": {"type": "ephemeral"}}
        out[i] = {**out[i], "content": [block]}
    return out


def _count(usage: dict[str, Any], group: str, name: str) -> int:
    value = (usage.get(group) or {}).get(name)
    return int(value) if isinstance(value, int) else 0


def _reply(payload: dict[str, Any]) -> Reply:
    """The reply in an OpenAI-format chat completion body (either route's)."""
    choice = payload["choices"][0]
    message = choice.get("message") or {}
    usage = payload.get("usage") or {}
    return Reply(
        content=message.get("content"),
        refusal=message.get(Unscorable.REFUSAL),
        prompt_tokens=usage.get("prompt_tokens"),
        completion_tokens=usage.get("completion_tokens"),
        finish_reason=choice.get("finish_reason"),
        cached_tokens=_count(usage, "prompt_tokens_details", "cached_tokens"),
        cache_write_tokens=_count(usage, "prompt_tokens_details", "cache_write_tokens"),
        reasoning_tokens=_count(usage, "completion_tokens_details", "reasoning_tokens"),
    )


@dataclass(frozen=True)
class Failure:
    """A failed call: whether to retry, the unscorable reason if we give up, and a provider wait."""

    retry: bool
    reason: Unscorable
    retry_after_s: float | None
    message: str


#: Providers whose chat wire format is OpenAI's, sent as litellm's provider config builds it.
_DIRECT_PROVIDERS = frozenset({"openai"})


@dataclass(frozen=True)
class _Direct:
    """How to send one model's calls on the direct route (see the module docstring)."""

    config: Any  # litellm's provider chat config (a BaseConfig)
    provider: str
    name: str
    url: str
    headers: dict[str, str]
    supported: frozenset[str]


@cache
def _direct_route(model: str, api_base: str | None, api_key: str | None) -> _Direct | None:
    """The direct route for `model`, or None where litellm's general path must take the call."""
    if os.environ.get("EXPGRADE_JUDGE_ROUTE", "direct") == "acompletion":
        return None
    litellm = _litellm()
    from litellm.types.utils import LlmProviders
    from litellm.utils import ProviderConfigManager

    name, provider, key, base = litellm.get_llm_provider(model=model, api_base=api_base, api_key=api_key)
    if provider not in _DIRECT_PROVIDERS:
        return None
    config = ProviderConfigManager.get_provider_chat_config(model=name, provider=LlmProviders(provider))
    if config is None:
        return None
    # The defaults litellm's OpenAI route applies before the SDK sees the call, in its order.
    key = key or api_key or litellm.api_key or litellm.openai_key or os.environ.get("OPENAI_API_KEY")
    base = (
        base
        or api_base
        or litellm.api_base
        or os.environ.get("OPENAI_BASE_URL")
        or os.environ.get("OPENAI_API_BASE")
        or "https://api.openai.com/v1"
    )
    headers = dict(litellm.headers or {})
    # What the OpenAI SDK adds from its environment on litellm's route.
    organization = litellm.organization or os.environ.get("OPENAI_ORGANIZATION")
    if organization:
        headers["OpenAI-Organization"] = organization
    if os.environ.get("OPENAI_PROJECT_ID"):
        headers["OpenAI-Project"] = os.environ["OPENAI_PROJECT_ID"]
    headers = config.validate_environment(headers, name, [], {}, {}, api_key=key, api_base=base)
    url = config.get_complete_url(base, key, name, {}, {})
    return _Direct(config, provider, name, url, headers, frozenset(config.get_supported_openai_params(name)))


def _raise_mapped(exc: Exception, route: _Direct) -> NoReturn:
    """Raise litellm's exception type for a failed direct call, as its own HTTP handler would."""
    import httpx
    from litellm.litellm_core_utils.exception_mapping_utils import exception_type

    error: Exception = exc
    if isinstance(exc, httpx.HTTPStatusError):
        response = exc.response
        error = route.config.get_error_class(response.text, response.status_code, response.headers)
    mapped = exception_type(model=route.name, original_exception=error, custom_llm_provider=route.provider)
    raise mapped from exc


async def _send_direct(
    route: _Direct, messages: list[dict[str, Any]], wanted: dict[str, Any], timeout_s: float
) -> dict[str, Any]:
    from litellm.llms.custom_httpx.http_handler import get_async_httpx_client

    optional = route.config.map_openai_params(wanted, {}, route.name, drop_params=True)
    litellm_params = {"custom_llm_provider": route.provider, "api_base": route.url}
    body = route.config.transform_request(route.name, messages, optional, litellm_params, dict(route.headers))
    # litellm's shared client for the provider: one connection pool per event loop, aiohttp transport.
    handler = get_async_httpx_client(llm_provider=route.provider)
    try:
        response = await handler.post(route.url, json=body, headers=route.headers, timeout=timeout_s)
        payload = response.json()
        if not isinstance(payload, dict) or not payload.get("choices"):
            raise _litellm().APIError(
                status_code=response.status_code,
                message=f"not a chat completion: {response.text[:300]}",
                llm_provider=route.provider,
                model=route.name,
            )
    except Exception as exc:
        _raise_mapped(exc, route)
    return payload


async def complete(
    model: str,
    messages: list[dict[str, Any]],
    *,
    api_base: str | None,
    api_key: str | None,
    temperature: float,
    seed: int | None,
    max_tokens: int,
    timeout_s: float,
    response_format: dict[str, Any] | None,
    params: dict[str, Any],
    cache_breakpoints: tuple[int, ...] = (),
) -> Reply:
    """One call. `cache_breakpoints` are the indexes of messages that close a prefix other calls
    may share; they are marked for providers that cache only at marked breakpoints."""
    if cache_breakpoints and uses_cache_breakpoints(model):
        messages = with_cache_breakpoints(messages, cache_breakpoints)
    wanted: dict[str, Any] = {"temperature": temperature, "max_tokens": max_tokens, **params}
    if seed is not None:
        wanted["seed"] = seed
    if response_format is not None:
        wanted["response_format"] = response_format
    if api_base:
        # OpenAI-compatible local servers need no key, but the OpenAI SDK insists on one.
        api_key = api_key or os.environ.get("EXPGRADE_API_KEY") or "expgrade-no-key"
    route = _direct_route(model, api_base, api_key)
    if route is not None and wanted.keys() <= route.supported:
        return _reply(await _send_direct(route, messages, wanted, timeout_s))
    kwargs: dict[str, Any] = {
        "model": model,
        "messages": messages,
        "timeout": timeout_s,
        "num_retries": 0,
        "max_retries": 0,
        "drop_params": True,
        **wanted,
    }
    if api_base:
        kwargs["api_base"] = api_base
    if api_key:
        kwargs["api_key"] = api_key
    resp = await _litellm().acompletion(**kwargs)
    return _reply(resp.model_dump())


def _retry_after(exc: BaseException) -> float | None:
    """Seconds the provider asked us to wait: retry-after-ms, else Retry-After (seconds or HTTP date)."""
    headers: Any = getattr(exc, "litellm_response_headers", None)
    if headers is None:
        response = getattr(exc, "response", None)
        headers = getattr(response, "headers", None)
    if not headers:
        return None
    ms = headers.get("retry-after-ms")
    if ms is not None:
        try:
            return max(0.0, float(ms) / 1000.0)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        return max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
    except (TypeError, ValueError):
        return None


#: The `message` of an OpenAI-style error body (`{"error": {"message": ...}}`) inside litellm's text.
_BODY_MESSAGE = re.compile(r'"message"\s*:\s*"((?:[^"\\]|\\.)*)"')


def provider_message(exc: BaseException, limit: int = 500) -> str:
    """The provider's own words for a failure: the error body's `message` where litellm's text
    carries one (unescaped, on one line), else litellm's text; at most `limit` characters."""
    text = str(exc)
    found = _BODY_MESSAGE.search(text)
    if found:
        try:
            text = json.loads(f'"{found.group(1)}"')
        except ValueError:
            text = found.group(1)
    return " ".join(text.split())[:limit]


def classify(exc: BaseException) -> Failure:
    """Transient failures (429, 5xx, connection, timeout) are retried; the rest end the item.

    A refusal whose text says the request itself is invalid is never retried, whatever its
    status: llama.cpp's server answers a response format it lacks with a 500 that no retry mends.
    """
    litellm = _litellm()
    msg = f"{type(exc).__name__}: {provider_message(exc)}"
    if isinstance(exc, litellm.ContextWindowExceededError):
        return Failure(False, Unscorable.CONTEXT_OVERFLOW, None, msg)
    if isinstance(exc, litellm.ContentPolicyViolationError):
        return Failure(False, Unscorable.REFUSAL, None, msg)
    if isinstance(exc, litellm.Timeout | TimeoutError):
        return Failure(True, Unscorable.TIMEOUT, None, msg)
    if isinstance(exc, litellm.RateLimitError):
        return Failure(True, Unscorable.PROVIDER_ERROR, _retry_after(exc), msg)
    if invalid_request(exc):
        return Failure(False, Unscorable.PROVIDER_ERROR, None, msg)
    status = getattr(exc, "status_code", None)
    if isinstance(
        exc, litellm.APIConnectionError | litellm.InternalServerError | litellm.ServiceUnavailableError
    ) or (isinstance(status, int) and (status >= 500 or status in (408, 409, 425))):
        return Failure(True, Unscorable.PROVIDER_ERROR, _retry_after(exc), msg)
    if isinstance(exc, ConnectionError | OSError):
        return Failure(True, Unscorable.PROVIDER_ERROR, None, msg)
    return Failure(False, Unscorable.PROVIDER_ERROR, None, msg)


def _map_entry(model: str) -> dict[str, Any] | None:
    """The model's entry in litellm's bundled cost map (`litellm.model_cost`), looked up locally.

    `provider/name` also matches a bare `name` entry of the same provider, so `openai/gpt-4o-mini`
    is priced but `hosted_vllm/gpt-4o-mini` (a self-hosted model that shares a name) is not.
    litellm's `get_model_info` is not used: for some providers (ollama) it asks the model server.
    """
    table: dict[str, dict[str, Any]] = _litellm().model_cost
    entry = table.get(model)
    if entry is None and "/" in model:
        provider, name = model.split("/", 1)
        bare = table.get(name)
        if bare is not None and bare.get("litellm_provider") == provider:
            entry = bare
    return entry


def model_context_window(model: str) -> int | None:
    """The model's input window from the bundled map; None for models it does not know."""
    entry = _map_entry(model) or {}
    value = entry.get("max_input_tokens") or entry.get("max_tokens")
    return int(value) if value else None


@dataclass(frozen=True)
class Prices:
    """Dollars per token. Rates the map lacks fall back to the plain rates (an upper bound), except
    batch rates, which stay None: a model without them has no batch API we can price."""

    input: float
    output: float
    cached_input: float
    cache_write: float
    batch_input: float | None = None
    batch_output: float | None = None

    @classmethod
    def flat(cls, input: float, output: float) -> Prices:
        return cls(input, output, input, input)

    def cost(self, prompt: int, completion: int, cached: int = 0, written: int = 0) -> float:
        """What one reply costs: cache reads and writes at their own rates, the rest of the prompt plain."""
        plain = max(0, prompt - cached - written)
        return (
            plain * self.input
            + cached * self.cached_input
            + written * self.cache_write
            + completion * self.output
        )


def model_prices(model: str) -> Prices | None:
    """The model's rates from the bundled map; None when it has no input or output price."""
    entry = _map_entry(model) or {}
    prompt, completion = entry.get("input_cost_per_token"), entry.get("output_cost_per_token")
    if prompt is None or completion is None:
        return None

    def rate(name: str) -> float | None:
        value = entry.get(name)
        return float(value) if value is not None else None

    plain_in = float(prompt)
    cached, written = rate("cache_read_input_token_cost"), rate("cache_creation_input_token_cost")
    return Prices(
        plain_in,
        float(completion),
        plain_in if cached is None else cached,
        plain_in if written is None else written,
        rate("input_cost_per_token_batches"),
        rate("output_cost_per_token_batches"),
    )


def count_tokens(model: str, text: str) -> int:
    return int(_litellm().token_counter(model=model, text=text))
