"""The preflight: each judge checked before a run spends anything or writes anything.

A judge name with a typo, a missing API key or an `--api-base` nothing listens on used to start
the run, write its folder, spend two minutes in retries and end exit 0 with every judged item
`provider_error`. The preflight asks, per judge and in this order, only what it must: is the name
one litellm knows (its model map and providers, read locally); is there a key where the provider
needs one; does the endpoint answer (`GET /models` on an `--api-base`) and list the name (a name
it does not list is refused, unless `JudgeConfig.any_name`: a server that answers every name
with its one model would grade under a typo); and does ONE tiny
completion come back, through the client the run uses (`client.complete`: expgrade's own OpenAI
route or litellm) and in the response format the run will send (under `auto`, the first mode the
server takes, so the run need not probe). What answered is kept (`Ready.served`, then
`JudgeSpec.served`: grading/judge/served.py). A failure is a `JudgeUnavailable`: one sentence with the
cause and the fix. A refused connection fails at once (one attempt, no retry, no backoff).

On a local server it also measures how many calls the server answers at once (a few parallel
one-token calls: a server that answers them one by one takes about n times as long for the last
as for the first), so a run can queue its calls in the client instead of on a server that would
time them out (llama.cpp's server answers one request at a time).

`unavailable` turns a call's exception into that sentence; the engine uses it too, so the Python
API raises the same `JudgeUnavailable` where a judge was never reachable, instead of returning
`unscorable` items.
"""

from __future__ import annotations

import asyncio
import dataclasses
import difflib
import importlib.util
import ipaddress
import json
import os
import socket
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from expgrade.grading.errors import UserError
from expgrade.grading.judge import client
from expgrade.grading.judge.config import JudgeConfig, JudgeSpec
from expgrade.grading.judge.dialect import MODES, OutputMode, format_for, refuses_format, status_of
from expgrade.grading.judge.served import Served, endpoint_of, listed_identity
from expgrade.grading.judge.settings import JudgeSettings
from expgrade.grading.status import Unscorable

#: Parallel calls of the concurrency measurement; a server that answers them one at a time is
#: told apart from one that answers all at once by how much later the last answer comes.
PROBES = 4
#: Below this latency a server is fast enough that queueing on it cannot time a call out.
_MEASURE_FROM_S = 0.05
#: The preflight's own wait for `GET /models` (the completion waits the run's `--timeout`).
_LIST_TIMEOUT_S = 5.0


class JudgeUnavailable(UserError):
    """A judge cannot answer the run: raised before anything is spent, with the cause and the fix."""


@dataclass(frozen=True)
class Ready:
    """One judge that passed: where it answered, how, how fast, and how many calls it takes at once."""

    model: str
    api_base: str | None
    output_mode: OutputMode
    latency_s: float
    #: Calls the server answered at once when PROBES were sent together (None: not measured, or
    #: all of them: the server is no bottleneck at that many).
    serves_at_once: int | None = None
    #: What answered the name (grading/judge/served.py).
    served: Served | None = None


def _identity(
    judge: JudgeSpec, api_base: str | None, rows: list[dict[str, Any]], reply: client.Reply | None = None
) -> Served:
    return Served(
        endpoint_of(judge.model, api_base),
        listed_identity(judge.model, rows),
        reply.model if reply else None,
        reply.system_fingerprint if reply else None,
    )


def _where(api_base: str | None) -> str:
    return api_base or "the provider's API"


@cache
def _known_providers() -> frozenset[str]:
    """Every provider litellm routes to, read without importing litellm (2-5 s): the providers of
    its model map and of the provider table it ships (`provider_endpoints_support_backup.json`);
    litellm's own list where that table is missing."""
    providers = {str(row.get("litellm_provider")) for row in client._cost_table().values()} | {"openai"}
    spec = importlib.util.find_spec("litellm")  # finds the package; imports nothing
    table = (
        Path(spec.origin).parent / "provider_endpoints_support_backup.json" if spec and spec.origin else None
    )
    if table is not None and table.is_file():
        return frozenset(providers | set(json.loads(table.read_bytes()).get("providers") or ()))
    return frozenset(providers | {str(p.value) for p in client._litellm().LlmProviders})


def _suggestion(model: str) -> str | None:
    """The nearest name litellm's map knows, spelt with its provider (`openai/gpt-4o-mini`)."""
    names = []
    for name, row in client._cost_table().items():
        provider = str(row.get("litellm_provider"))
        names.append(name if name.startswith(f"{provider}/") else f"{provider}/{name}")
    found = difflib.get_close_matches(model, names, n=1, cutoff=0.75)
    return found[0] if found else None


def _unknown(model: str, why: str) -> str:
    near = _suggestion(model)
    return f"unknown model '{model}' ({why})" + (f" — did you mean '{near}'?" if near else "")


def name_problem(model: str, api_base: str | None) -> str | None:
    """Why litellm cannot route `model`, or None. A provider litellm knows takes any name (a new
    model, a fine-tune, a local alias): its server says whether the name exists."""
    if client._map_entry(model) is not None:
        return None
    provider, sep, _ = model.partition("/")
    if not sep:
        if api_base:
            return None  # a bare name on an endpoint: the server knows its own names
        return _unknown(model, "name it with its provider, as provider/model")
    if provider in _known_providers():
        return None
    return _unknown(model, f"litellm knows no provider '{provider}'")


def key_problem(judge: JudgeSpec, api_base: str | None, api_key: str | None) -> str | None:
    """The missing key, said with the fix, or None: an `--api-base` needs none (a local server)."""
    if api_base or judge.api_key or api_key:
        return None
    fix = "export it or pass --api-base to a local server"
    if judge.model.startswith("openai/"):
        # Where the OpenAI route goes without an --api-base: a base set there is a server of the
        # user's own (the OpenAI SDK's variables, litellm's module settings), which may need no key.
        elsewhere = (
            client._loaded("api_base")
            or os.environ.get("OPENAI_BASE_URL")
            or os.environ.get("OPENAI_API_BASE")
        )
        key = client._loaded("api_key") or client._loaded("openai_key") or os.environ.get("OPENAI_API_KEY")
        return None if key or elsewhere else f"OPENAI_API_KEY is not set: {fix}"
    found: dict[str, Any] = client._litellm().validate_environment(model=judge.model)
    missing = [str(k) for k in found.get("missing_keys") or ()]
    if found.get("keys_in_environment", True) or not missing:
        return None
    verb = "is" if len(missing) == 1 else "are"
    return f"{' and '.join(missing)} {verb} not set: {fix}"


def static_problem(judge: JudgeSpec, config: JudgeConfig) -> str | None:
    """What is wrong with a judge before any call: its name, then its key."""
    api_base = judge.api_base or config.api_base
    return name_problem(judge.model, api_base) or key_problem(judge, api_base, config.api_key)


def _chain(exc: BaseException) -> list[BaseException]:
    seen: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and current not in seen:
        seen.append(current)
        current = current.__cause__ or current.__context__
    return seen


_NOT_CONNECTED = ("connection refused", "all connection attempts failed", "cannot connect to host")
_NO_NAME = ("name or service not known", "nodename nor servname", "temporary failure in name resolution")


def unreachable(exc: BaseException) -> str | None:
    """Why no connection could be made ("connection refused", "unknown host"), or None: the call
    reached a server (which may have failed it)."""
    for e in _chain(exc):
        if isinstance(e, ConnectionRefusedError):
            return "connection refused"
        if isinstance(e, socket.gaierror):
            return "unknown host"
    text = " ".join(str(e) for e in _chain(exc)).lower()
    if any(s in text for s in _NO_NAME):
        return "unknown host"
    if any(s in text for s in _NOT_CONNECTED):
        return "connection refused"
    return None


def unavailable(
    exc: BaseException, judge: JudgeSpec, api_base: str | None, served: Sequence[str] = ()
) -> str | None:
    """The sentence (cause and fix) for a failure that means the judge cannot answer at all, or
    None for one a retry or a later call may mend (a 429, a 5xx, a refused response format)."""
    where = _where(api_base)
    why = unreachable(exc)
    fix = "start it or fix --api-base" if api_base else "check the network, or pass --api-base"
    if why == "unknown host":
        return (
            f"cannot find the host of {where} (unknown host): fix --api-base"
            if api_base
            else (f"cannot reach {where} (unknown host): check the network, or pass --api-base")
        )
    if why is not None:
        return f"no server listens on {where} ({why}): {fix}"
    status = status_of(exc)
    words = client.provider_message(exc, 200)
    if status in (401, 403) or type(exc).__name__ in ("AuthenticationError", "PermissionDeniedError"):
        fix = "check the key (EXPGRADE_API_KEY for an --api-base)" if api_base else "check the key"
        return f"{where} refused the key for '{judge.model}' (HTTP {status or 401}: {words}): {fix}"
    if status == 404 or type(exc).__name__ == "NotFoundError":
        if served:
            return _not_served(judge.model, api_base, served).removesuffix(".")
        suggested = _suggestion(judge.model)
        hint = f" — did you mean '{suggested}'?" if suggested and suggested != judge.model else ""
        return f"unknown model '{judge.model}' at {where}{hint}"
    return None


async def _listed(api_base: str, headers: dict[str, str]) -> list[dict[str, Any]] | None:
    """The rows of the models an endpoint lists (None where it lists none: many servers do not)."""
    import aiohttp

    url = api_base.rstrip("/") + "/models"
    timeout = aiohttp.ClientTimeout(total=_LIST_TIMEOUT_S)
    async with aiohttp.ClientSession(timeout=timeout) as session:
        try:
            async with session.get(url, headers=headers) as response:
                if response.status >= 400:
                    return None
                payload: Any = json.loads(await response.read())
        except (aiohttp.ClientConnectorError, OSError) as exc:
            raise ConnectionError(f"{type(exc).__name__}: {exc} ({url})") from exc
        except (aiohttp.ClientError, TimeoutError, ValueError):
            return None
    rows = payload.get("data") if isinstance(payload, dict) else None
    return [r for r in rows if isinstance(r, dict) and "id" in r] if isinstance(rows, list) else None


def unlisted(judge: JudgeSpec, api_base: str | None, served: Sequence[str]) -> str | None:
    """The refusal of a name the endpoint's `/models` does not list, with the names it lists and
    the nearest of them; None where it lists the name (or nothing). A server that answers any
    name (llama.cpp's answers every name with its one model) would otherwise grade under a typo
    and record the typo as the judge."""
    _, sep, name = judge.model.partition("/")
    if not served or (name if sep else judge.model) in served or judge.model in served:
        return None
    return (
        f"{_not_served(judge.model, api_base, served)} If the server answers every name with its one "
        "model (llama.cpp's does), pass --judge-any-name"
    )


def _not_served(model: str, api_base: str | None, served: Sequence[str]) -> str:
    """A model the endpoint does not serve, said with what it serves and the nearest name:
    "unknown model 'M' at URL (it serves: a, b) — did you mean 'p/a'?" (a full stop without one)."""
    provider, sep, name = model.partition("/")
    near = difflib.get_close_matches(name if sep else model, list(served), n=1)
    spelt = [f"{provider}/{n}" if sep else n for n in near]
    hint = f" — did you mean '{spelt[0]}'?" if spelt else "."
    return f"unknown model '{model}' at {_where(api_base)} (it serves: {', '.join(served[:8])}){hint}"


def _local(api_base: str | None) -> bool:
    """Whether an endpoint is on this machine or a private network (where measuring is cheap)."""
    host = urlparse(api_base or "").hostname or ""
    if host == "localhost":
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_private


def _modes(judge: JudgeSpec) -> tuple[OutputMode, ...]:
    return MODES if judge.structured == "auto" else (judge.structured,)


#: What a preflight call asks (a test double can tell it from the run's calls by this text).
PREFLIGHT_TEXT = "Preflight check of the judge"
_TINY = [
    {"role": "system", "content": "You are a grader. Answer in JSON."},
    {"role": "user", "content": f"{PREFLIGHT_TEXT}: answer the verdict pass."},
]


async def _tiny(
    judge: JudgeSpec, config: JudgeConfig, api_base: str | None, mode: OutputMode | None, max_tokens: int
) -> tuple[float, client.Reply]:
    """One tiny call as the run makes it: its latency in seconds, and the reply."""
    from expgrade.grading.judge.rubrics import load_rubric

    started = time.monotonic()
    reply = await client.complete(
        judge.model,
        _TINY,
        api_base=api_base,
        api_key=judge.api_key or config.api_key,
        temperature=config.temperature,
        seed=config.seed,
        max_tokens=max_tokens,
        timeout_s=config.timeout_s,
        response_format=format_for(mode, load_rubric("reference-match")) if mode else None,
        params=judge.params,
    )
    return time.monotonic() - started, reply


async def _measure(judge: JudgeSpec, config: JudgeConfig, api_base: str | None) -> int | None:
    """How many of PROBES parallel one-token calls the server answered at once (None: all)."""

    async def one() -> float:
        return (await _tiny(judge, config, api_base, None, 1))[0]

    try:
        latencies = await asyncio.gather(*(one() for _ in range(PROBES)))
    except Exception:  # a failed measurement measures nothing; the check itself has passed
        return None
    first, last = min(latencies), max(latencies)
    at_once = max(1, round(PROBES * first / last)) if last > 0 else PROBES
    return at_once if at_once < PROBES else None


async def check_judge(judge: JudgeSpec, config: JudgeConfig, *, measure: bool = True) -> Ready:
    """One judge checked (see the module docstring); raises JudgeUnavailable with the sentence."""
    api_base = judge.api_base or config.api_base
    problem = static_problem(judge, config)
    if problem is not None:
        raise JudgeUnavailable(problem)
    rows: list[dict[str, Any]] = []
    if api_base:
        key = judge.api_key or config.api_key or os.environ.get("EXPGRADE_API_KEY") or "expgrade-no-key"
        try:
            rows = await _listed(api_base, {"Authorization": f"Bearer {key}"}) or []
        except ConnectionError as exc:
            raise JudgeUnavailable(unavailable(exc, judge, api_base) or str(exc)) from exc
    served = [str(r["id"]) for r in rows]
    refused_name = None if config.any_name else unlisted(judge, api_base, served)
    if refused_name is not None:
        raise JudgeUnavailable(refused_name)
    refusals: list[str] = []
    for mode in _modes(judge):
        try:
            latency, reply = await _tiny(judge, config, api_base, None if mode == "off" else mode, 16)
        except Exception as exc:
            sentence = unavailable(exc, judge, api_base, served)
            if sentence is not None:
                raise JudgeUnavailable(sentence) from exc
            if isinstance(exc, TimeoutError) or client.classify(exc).reason == Unscorable.TIMEOUT:
                raise JudgeUnavailable(
                    f"{_where(api_base)} did not answer a tiny request to '{judge.model}' within "
                    f"{config.timeout_s:g} s: is the server busy or still loading? Give a longer --timeout"
                ) from exc
            if refuses_format(exc) and judge.structured == "auto":
                refusals.append(f"{mode}: {client.provider_message(exc, 120)}")
                continue
            failure = client.classify(exc)
            if failure.retry:  # a 429 or a 5xx: the server is there and the run's retries handle it
                return Ready(judge.model, api_base, mode, 0.0, served=_identity(judge, api_base, rows))
            raise JudgeUnavailable(
                f"'{judge.model}' at {_where(api_base)} refused a tiny request"
                + (f" in --structured-output {mode}" if judge.structured != "auto" else "")
                + f": {client.provider_message(exc, 200)}"
                + ("; try --structured-output auto" if judge.structured not in ("auto", "off") else "")
            ) from exc
        at_once = None
        if measure and _local(api_base) and latency >= _MEASURE_FROM_S:
            at_once = await _measure(judge, config, api_base)
        return Ready(judge.model, api_base, mode, latency, at_once, _identity(judge, api_base, rows, reply))
    raise JudgeUnavailable(  # every mode refused, `off` included: no plain chat completion either
        f"'{judge.model}' at {_where(api_base)} refused every output mode ({'; '.join(refusals)})"
    )


async def preflight(config: JudgeConfig, *, measure: bool = True) -> list[Ready]:
    """Every judge of `config` checked at once; the first failure (in judge order) is raised."""
    outcomes = await asyncio.gather(
        *(check_judge(j, config, measure=measure) for j in config.judges), return_exceptions=True
    )
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            raise outcome
    return [o for o in outcomes if isinstance(o, Ready)]


def preflight_sync(config: JudgeConfig, *, measure: bool = True) -> list[Ready]:
    """`preflight` for synchronous callers (not from inside a running event loop)."""
    return asyncio.run(preflight(config, measure=measure))


def checked(settings: JudgeSettings) -> tuple[JudgeSettings, list[str]]:
    """The settings once every judge passed (else JudgeUnavailable), and what to tell the user.

    A local server measured to answer fewer calls at once than the run would send gets that many
    in flight (`JudgeSpec.concurrency`), so calls wait in expgrade, where no clock runs, instead
    of on the server, where they time out and are sent again; unless the user chose
    `--judge-concurrency` (`settings.concurrency_chosen`), who is told instead.
    """
    readies = preflight_sync(settings.config)
    notes: list[str] = []
    judges = []
    for judge, ready in zip(settings.config.judges, readies, strict=True):
        at_once = ready.serves_at_once
        in_flight = min(settings.config.concurrency, judge.concurrency or settings.config.concurrency)
        if at_once is not None and at_once < in_flight:
            where = f"the server at {ready.api_base}"
            told = f"{where} answered {PROBES} parallel calls {at_once} at a time"
            if settings.concurrency_chosen or judge.concurrency is not None:
                notes.append(
                    f"{told}: with {in_flight} calls in flight the rest wait on it and may time out; "
                    f"--judge-concurrency {at_once} queues them in expgrade instead"
                )
            else:
                notes.append(f"{told}: sending it {at_once} at a time (give --judge-concurrency to choose)")
                judge = dataclasses.replace(judge, concurrency=at_once)
        judges.append(dataclasses.replace(judge, served=ready.served))
    config = dataclasses.replace(settings.config, judges=tuple(judges))
    return dataclasses.replace(settings, config=config, preflight=False), notes
