"""One chat call, through expgrade's own OpenAI wire or through litellm, and what its failures mean.

litellm is the way out to every provider it knows (`anthropic/`, `azure/`, `ollama/`,
`hosted_vllm/`, ...). Its own retries are switched off (`num_retries=0`, `max_retries=0`): the
engine retries, so that backoff, Retry-After, budgets and rate limits are applied in one place.

Two routes, one reply. `litellm.acompletion` costs milliseconds of CPU per call (a thread-pool
hop, the OpenAI SDK's request transform, logging objects) and importing litellm takes 2-5 s, so
a grader on one core ran at about half a bare HTTP client's pace, whole process (bench/judge.md).
Calls to an `openai/` model whose parameters litellm would pass on unchanged take the *direct*
route instead: the body OpenAI's chat API takes (`model`, `messages` and the engine's own
parameters), posted on one aiohttp session per event loop (`connections`), without importing
litellm at all. litellm still interprets what comes back wrong: an HTTP error is turned into
litellm's exception type by the provider config's `get_error_class` and `exception_type`, as
litellm's own HTTP handler does (litellm is imported then, once, off the event loop), and a
dropped connection or a timeout is `ConnectionError` or `TimeoutError`. Every other provider,
a model litellm's OpenAI config rewrites parameters for (reasoning models: `o1`, `o3`, `gpt-5`,
...; `gpt-4` without `response_format`), a parameter beyond the engine's own, or
`EXPGRADE_JUDGE_ROUTE=acompletion` takes `acompletion`. Both routes end in the same `Reply`, and
tests/test_judge_routes.py pins the same body, reply and failure meaning.

Prices and context windows come from litellm's cost map: the one it ships
(`model_prices_and_context_window_backup.json`, what `LITELLM_LOCAL_MODEL_COST_MAP=True` loads),
read without importing litellm, or `litellm.model_cost` itself once litellm is loaded or when the
environment asks litellm for a remote map.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import re
import sys
import time
import weakref
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from expgrade.grading.heap import heavy_import
from expgrade.grading.judge.dialect import invalid_request
from expgrade.grading.status import Unscorable

if TYPE_CHECKING:
    import aiohttp


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
    #: The model the server says answered (the body's `model`), and its `system_fingerprint`:
    #: a name is not a model (grading/judge/served.py).
    model: str | None = None
    system_fingerprint: str | None = None


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


def reply_of(payload: dict[str, Any]) -> Reply:
    """The reply in an OpenAI-format chat completion body (either route's, or a batch line's)."""
    choice = (payload.get("choices") or [{}])[0]
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
        model=_text(payload.get("model")),
        system_fingerprint=_text(payload.get("system_fingerprint")),
    )


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


@dataclass(frozen=True)
class Failure:
    """A failed call: whether to retry, the unscorable reason if we give up, and a provider wait."""

    retry: bool
    reason: Unscorable
    retry_after_s: float | None
    message: str


#: The parameters the engine sends. For a plain OpenAI chat model litellm's OpenAI config passes
#: them on as they are, so the direct route can too; anything else goes through litellm.
_ENGINE_PARAMS = frozenset({"temperature", "max_tokens", "seed", "response_format"})
#: Models litellm's OpenAI config rewrites those parameters for: reasoning models take
#: `max_completion_tokens` and drop `temperature` (`o1`, `o3-mini`, `gpt-5*`, `gpt-6*`), and
#: `gpt-4` and `gpt-3.5-turbo-16k` get no `response_format`. Kept on litellm's route, so the body
#: a provider sees does not depend on the route (tests/test_judge_routes.py checks these names
#: against litellm's own configs).
_REWRITTEN = re.compile(r"o\d|.*gpt-[56]|(gpt-4|gpt-3\.5-turbo-16k)$")


def _loaded(name: str) -> Any:
    """A setting of litellm's module where a caller loaded and set it; None while litellm is not loaded."""
    lib = sys.modules.get("litellm")
    return getattr(lib, name, None) if lib is not None else None


@dataclass(frozen=True)
class _Direct:
    """Where one model's calls go on the direct route (see the module docstring)."""

    provider: str
    name: str
    url: str
    headers: dict[str, str]
    #: The proxy the environment names for `url` (HTTPS_PROXY, NO_PROXY, ...), found once here
    #: rather than per request: aiohttp's `trust_env` looks it up in a thread on every call.
    proxy: str | None = None
    proxy_auth: Any = None


@cache
def _direct_route(model: str, api_base: str | None, api_key: str | None) -> _Direct | None:
    """The direct route for `model`, or None where litellm's general path must take the call.

    URL, key and headers as litellm's OpenAI route resolves them: the call's own, else litellm's
    module settings (when a caller loaded litellm and set them), else the OpenAI SDK's environment.
    """
    if os.environ.get("EXPGRADE_JUDGE_ROUTE", "direct") == "acompletion":
        return None
    provider, _, name = model.partition("/")
    if provider != "openai" or not name or _REWRITTEN.match(name):
        return None
    key = api_key or _loaded("api_key") or _loaded("openai_key") or os.environ.get("OPENAI_API_KEY")
    base = (
        api_base
        or _loaded("api_base")
        or os.environ.get("OPENAI_BASE_URL")
        or os.environ.get("OPENAI_API_BASE")
        or "https://api.openai.com/v1"
    ).rstrip("/")
    headers = dict(_loaded("headers") or {})
    organization = _loaded("organization") or os.environ.get("OPENAI_ORGANIZATION")
    if organization:
        headers["OpenAI-Organization"] = organization
    if os.environ.get("OPENAI_PROJECT_ID"):
        headers["OpenAI-Project"] = os.environ["OPENAI_PROJECT_ID"]
    if key is not None:
        headers["Authorization"] = f"Bearer {key}"
    if "content-type" not in {h.lower() for h in headers}:
        headers["Content-Type"] = "application/json"
    url = base if "chat/completions" in base else f"{base}/chat/completions"
    from aiohttp.helpers import get_env_proxy_for_url
    from yarl import URL

    try:
        proxy, proxy_auth = get_env_proxy_for_url(URL(url))
    except LookupError:  # no proxy for this URL
        return _Direct(provider, name, url, headers)
    return _Direct(provider, name, url, headers, str(proxy), proxy_auth)


@dataclass
class _Pool:
    session: aiohttp.ClientSession
    users: int = 0


#: The direct route's HTTP session of each event loop, open while a `connections()` block runs there.
_pools: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Pool] = weakref.WeakKeyDictionary()


@asynccontextmanager
async def connections() -> AsyncIterator[None]:
    """Keep one HTTP session (its connection pool) open for the direct route's calls on this loop.

    Nested and concurrent blocks on one loop share it; the last to leave closes it, so no session
    outlives the loop it was made on. A call outside any block opens a session of its own.
    """
    import aiohttp

    loop = asyncio.get_running_loop()
    pool = _pools.get(loop)
    if pool is None:
        # limit=0: the engine's semaphores bound the calls in flight. The environment's proxy is
        # each route's own (`_Direct.proxy`).
        session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
        pool = _pools[loop] = _Pool(session)
    pool.users += 1
    try:
        yield
    finally:
        pool.users -= 1
        if pool.users == 0:
            del _pools[loop]
            await pool.session.close()


async def _provider_error(route: _Direct, status: int, text: str, headers: Any) -> Exception:
    """litellm's exception for an HTTP error of the direct route, as its own HTTP handler maps it.

    litellm is imported here on first need, in a thread: the calls in flight keep their pace.
    """
    litellm = _litellm() if _litellm.cache_info().currsize else await asyncio.to_thread(_litellm)
    import httpx
    from litellm.litellm_core_utils.exception_mapping_utils import exception_type
    from litellm.types.utils import LlmProviders
    from litellm.utils import ProviderConfigManager

    error: Exception
    if status < 400:  # HTTP 200 whose body is no chat completion
        error = litellm.APIError(
            status_code=status,
            message=f"not a chat completion: {text[:300]}",
            llm_provider=route.provider,
            model=route.name,
        )
    else:
        openai = LlmProviders.OPENAI
        config = ProviderConfigManager.get_provider_chat_config(model=route.name, provider=openai)
        assert config is not None  # litellm has a config for every OpenAI name
        error = config.get_error_class(text, status, httpx.Headers(dict(headers)))
    try:
        exception_type(model=route.name, original_exception=error, custom_llm_provider=route.provider)
    except Exception as mapped:
        return mapped
    return error  # exception_type always raises; kept for the type checker


async def _post(
    session: aiohttp.ClientSession, route: _Direct, body: dict[str, Any], timeout_s: float
) -> dict[str, Any]:
    import aiohttp

    try:
        async with session.post(
            route.url,
            json=body,
            headers=route.headers,
            timeout=aiohttp.ClientTimeout(total=timeout_s),
            proxy=route.proxy,
            proxy_auth=route.proxy_auth,
        ) as response:
            raw = await response.read()
            status, headers = response.status, response.headers
    except TimeoutError as exc:
        raise TimeoutError(f"no reply from {route.url} within {timeout_s:g} s") from exc
    except (aiohttp.ClientConnectionError, aiohttp.ClientPayloadError) as exc:
        raise ConnectionError(f"{type(exc).__name__}: {exc} ({route.url})") from exc
    payload: Any = None
    if status < 400:
        try:
            payload = json.loads(raw)
        except ValueError:
            payload = None
    if not isinstance(payload, dict) or not payload.get("choices"):
        raise await _provider_error(route, status, raw.decode(errors="replace"), headers)
    return payload


async def _send_direct(
    route: _Direct, messages: list[dict[str, Any]], wanted: dict[str, Any], timeout_s: float
) -> dict[str, Any]:
    body = {"model": route.name, "messages": messages, **wanted}
    async with connections():  # the loop's open session; a call outside the engine opens its own
        return await _post(_pools[asyncio.get_running_loop()].session, route, body, timeout_s)


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
    if route is not None and wanted.keys() <= _ENGINE_PARAMS:
        return reply_of(await _send_direct(route, messages, wanted, timeout_s))
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
    return reply_of(resp.model_dump())


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
    msg = f"{type(exc).__name__}: {provider_message(exc)}"
    # litellm's exception types, where litellm is loaded; while it is not, no failure can be one.
    lib = sys.modules.get("litellm")

    def litellm_error(*names: str) -> bool:
        return lib is not None and isinstance(exc, tuple(getattr(lib, n) for n in names))

    if litellm_error("ContextWindowExceededError"):
        return Failure(False, Unscorable.CONTEXT_OVERFLOW, None, msg)
    if litellm_error("ContentPolicyViolationError"):
        return Failure(False, Unscorable.REFUSAL, None, msg)
    if isinstance(exc, TimeoutError) or litellm_error("Timeout"):
        return Failure(True, Unscorable.TIMEOUT, None, msg)
    if litellm_error("RateLimitError"):
        return Failure(True, Unscorable.PROVIDER_ERROR, _retry_after(exc), msg)
    if invalid_request(exc):
        return Failure(False, Unscorable.PROVIDER_ERROR, None, msg)
    status = getattr(exc, "status_code", None)
    if litellm_error("APIConnectionError", "InternalServerError", "ServiceUnavailableError") or (
        isinstance(status, int) and (status >= 500 or status in (408, 409, 425))
    ):
        return Failure(True, Unscorable.PROVIDER_ERROR, _retry_after(exc), msg)
    if isinstance(exc, ConnectionError | OSError):
        return Failure(True, Unscorable.PROVIDER_ERROR, None, msg)
    return Failure(False, Unscorable.PROVIDER_ERROR, None, msg)


@cache
def _bundled_cost_map() -> dict[str, dict[str, Any]]:
    """The cost map litellm ships, as `litellm.model_cost` holds it, read without importing litellm.

    A row `{"alias_of": NAME}` is served as NAME's entry, and an `aliases` list names the row
    again, as litellm's loader does (tests/test_judge_units.py compares every entry's prices).
    """
    spec = importlib.util.find_spec("litellm")  # finds the package; imports nothing
    if spec is None or spec.origin is None:
        return {}
    table: dict[str, Any] = json.loads(
        (Path(spec.origin).parent / "model_prices_and_context_window_backup.json").read_bytes()
    )
    table.pop("fallback_generalizations", None)  # litellm's rules for unknown names, not a model
    for name, row in list(table.items()):
        if not isinstance(row, dict):
            del table[name]
            continue
        target = row.get("alias_of")
        if isinstance(target, str):
            owner = table.get(target)
            if isinstance(owner, dict) and "alias_of" not in owner:
                table[name] = owner
            else:
                del table[name]
        for alias in row.get("aliases") or ():
            table.setdefault(alias, row)
    return table


def _cost_table() -> dict[str, dict[str, Any]]:
    """litellm's cost map: `litellm.model_cost` where litellm is loaded (a caller may have
    registered models) or where the environment asks litellm for its remote map; else the
    bundled map, which is what litellm would load here."""
    lib = sys.modules.get("litellm")
    if lib is not None and not hasattr(lib, "model_cost"):
        lib = None  # another thread is importing it right now: what it will load is the bundled map
    if lib is None and os.environ.get("LITELLM_LOCAL_MODEL_COST_MAP", "true").lower() != "true":
        lib = _litellm()
    return lib.model_cost if lib is not None else _bundled_cost_map()  # type: ignore[no-any-return]


def model_cost_map() -> dict[str, dict[str, Any]]:
    """litellm's model map as the judge prices from it, for other layers that read its names
    (the annotation app's masking takes models' providers and families from it)."""
    return _cost_table()


def _map_entry(model: str) -> dict[str, Any] | None:
    """The model's entry in litellm's cost map, looked up locally.

    `provider/name` also matches a bare `name` entry of the same provider, so `openai/gpt-4o-mini`
    is priced but `hosted_vllm/gpt-4o-mini` (a self-hosted model that shares a name) is not.
    litellm's `get_model_info` is not used: for some providers (ollama) it asks the model server.
    """
    table = _cost_table()
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


#: Names litellm counts with a HuggingFace tokenizer rather than tiktoken (its `select_tokenizer`).
_HF_TOKENIZED = re.compile(r"llama-[23]|replicate|deepseek|command-r|claude", re.IGNORECASE)
#: litellm encodes a text in chunks of this many characters and sums them (TIKTOKEN_ENCODE_CHUNK_SIZE_CHARS).
_CHUNK_CHARS = 1024


@cache
def _encoding(name: str) -> Any:
    """tiktoken's encoding `name`, from the files litellm ships (offline), without importing
    litellm: its package is found, not imported, and TIKTOKEN_CACHE_DIR set as its import sets it."""
    spec = importlib.util.find_spec("litellm")  # finds the package; imports nothing
    if spec is not None and spec.submodule_search_locations:
        bundled = Path(next(iter(spec.submodule_search_locations))) / "litellm_core_utils" / "tokenizers"
        os.environ["TIKTOKEN_CACHE_DIR"] = os.environ.get("CUSTOM_TIKTOKEN_CACHE_DIR") or str(bundled)
    import tiktoken

    return tiktoken.get_encoding(name)


def _openai_encoding_name(name: str) -> str:
    """The encoding litellm counts an OpenAI chat model's text with: for a name OpenAI's rows of its
    cost map list, or one tiktoken gives o200k_base, tiktoken's own (o200k_base for gpt-4o, and for
    a listed name tiktoken does not know yet); any other name (a local model's) is counted as
    gpt-3.5-turbo, with cl100k_base."""
    import tiktoken

    try:
        known: str | None = tiktoken.encoding_name_for_model(name)
    except KeyError:
        known = None
    table = _cost_table()
    listed = any(
        (table.get(key) or {}).get("litellm_provider") in ("openai", "azure")
        for key in (name, f"azure/{name}")
    )
    if "gpt-4o" in name or (listed and known is None):
        return "o200k_base"
    return known if known is not None and (listed or known == "o200k_base") else "cl100k_base"


def count_tokens(model: str, text: str) -> int:
    """Tokens of `text` as litellm's `token_counter` counts them. An `openai/` model it counts with
    tiktoken is counted here the same way (the same encoding, the same chunks), without importing
    litellm: `--budget-usd` prices every call on the direct route, which must stay lean
    (tests/test_judge_lean_start.py compares the two counts)."""
    provider, _, name = model.partition("/")
    if provider == "openai" and name and not _HF_TOKENIZED.search(name):
        encoding = _encoding(_openai_encoding_name(name))
        return sum(
            len(encoding.encode(text[i : i + _CHUNK_CHARS], disallowed_special=()))
            for i in range(0, len(text), _CHUNK_CHARS)
        )
    return int(_litellm().token_counter(model=model, text=text))
