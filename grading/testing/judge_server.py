"""A real OpenAI-compatible HTTP server that answers with scripted verdicts and injects faults.

It exists so every judge path (tests, the benchmark, `expgrade demo` without a model) runs
through a real HTTP client (the judge's own for `openai/` models, litellm's for the rest), never
a patched one. It serves `POST /v1/chat/completions`
with a verdict object shaped to the request's JSON schema, and `GET /stats` with counters
(requests, answered, `fault:<kind>`, max_inflight).

What it answers is scripted two ways:

* per item, by a directive anywhere in the prompt: `@@script verdict=pass fault=429x2 latency=0.3@@`
  (`faultxN` fails the first N requests for that prompt, then answers; a bare fault always fails;
  `step=N` is the step a citing rubric's answer names);
* per item, by a rule file (`load_rules`): the first rule whose text occurs in the item's prompt
  gives its verdict. The demo uses this so that the scripted verdicts live beside the
  submissions, never inside text an annotator reads;
* per server, by `fault_ratio` and `faults`: each request draws a fault independently with a
  seeded RNG, so retries usually succeed, as with a real flaky provider.

Without a directive the verdict is a stable hash of the prompt (nonces stripped) and the seed,
so reruns agree and differently seeded samples may not.

Faults: `429` (with Retry-After and retry-after-ms), `500`, `503`, `drop` (connection closed
without a reply), `slow` (replies after `slow_s`, beyond a client timeout), `malformed` (broken
JSON), `missing` (JSON without `verdict`), `empty` (empty content), `refusal`, `badlabel`.
Non-transient faults, by directive only: `400`, `401`, `404`, `context` (the context-length error).
Batch API, as OpenAI's: `POST /v1/files` (multipart), `GET /v1/files/{id}` and `/content`,
`POST /v1/batches`, `GET /v1/batches/{id}`. A batch answers its lines one by one in the
background through the same code as the chat endpoint (so directives and faults apply per
line; a failed line goes to the error file) and can be scripted to expire part way.

Dialects (`ServerScript.dialect`, `--dialect`): `openai` takes every response format;
`llama_cpp` refuses `json_schema` exactly as llama-cpp-python 0.3.36's server does (HTTP 500,
`Input should be 'text' or 'json_object'`) and takes `{"type": "json_object", "schema": ...}`;
`plain` refuses both (HTTP 400 invalid_request_error). Refusals count in `refused:<type>`.

Format variant `format=prose` wraps the JSON in prose and a code fence. A joint answer (one
verdict per numbered requirement) can be garbled the ways chat models garble long lists
(`JOINT_HABITS`: answer only the first, reorder, prose, numbers as strings, trailing commas,
cut at the token limit, ...), server-wide (`ServerScript.joint`, `--joint first+prose`) or per
item (`joint=first+prose`). `reasoning=N` plays a
reasoning model that thinks N tokens before answering: with `max_tokens` at or below N it
returns empty content, finish reason `length` and N reasoning tokens (billed), as o-series
models do.

Usage is reported the way OpenAI reports it, prefix caching included: the prompt is the
concatenated message texts, cut into blocks of `cache_block_chars`; a request's leading blocks
that an earlier request already sent are `prompt_tokens_details.cached_tokens`, once the prompt
is at least `cache_min_chars` long. Tokens are characters / 4, or tiktoken's count with
`count_tokens` (then the test can compare a client-side estimate with what was billed).

Instability: `flip` (`--flip P`) turns each answer, each requirement of a joint one, into
another label with chance P, from a seeded stream of the server's own, so the same item asked
twice disagrees 2P(1-P) of the time: the judge test-retest must call unstable.

Injection: the bare directive word `injected` says the item's text carries an attack. A
`careful` judge (the default; `ServerScript.judge` or `judge=careful|fooled` per item) reports it
in `injection_suspected` and quotes the line in `injection_evidence`, and grades as scripted;
a `fooled` judge reports nothing and answers the best label, as the attack asked. When the
system prompt declares a datamarking character, the server reads directives through it, as a
model would read the marked words, and quotes the marked text.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import hashlib
import json
import logging
import random
import re
import socket
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import web

from expgrade.grading.judge.preflight import PREFLIGHT_TEXT

FAULTS = ("429", "500", "503", "drop", "slow", "malformed", "missing", "empty", "refusal", "badlabel")
_DIRECTIVE = re.compile(r"@@script\s+([^@]*)@@")
_FAULT_TIMES = re.compile(r"(.+?)x(\d+)")
_NONCE = re.compile(r"(?<=-)[0-9a-f]{16}\b")
_MARKER = re.compile(r"replaced by the character '(.)' \(U\+")


@dataclass(frozen=True)
class ScriptRule:
    """An item whose prompt contains `contains` gets `verdict`; with `field`, only where the text
    lies inside that fenced field of the agent's work (so a rule about a response cannot fire on
    the same words in the task's reference)."""

    contains: str
    verdict: str
    field: str | None = None
    #: Match when the field's text, whitespace aside, is the task's own ground truth repeated (it
    #: occurs in the grader's task message): the least a judge that compares with the reference does.
    echoes_task: bool = False
    #: The step a citing rubric's answer names (the failure judge's), where the rule says.
    step: int | None = None

    def matches(self, text: str) -> bool:
        if self.echoes_task:
            return self._echoes(text)
        if self.field is None:
            return self.contains in text
        name = re.escape(self.field)
        pattern = rf"<<<UNTRUSTED-{name}-[^>]*>>>\n(.*?)\n<<<END-UNTRUSTED-{name}-"
        fenced = re.findall(pattern, text, re.S)
        if not fenced and "<<<UNTRUSTED-" not in text:  # an unfenced prompt: the field is not marked off
            return self.contains in text
        return any(self.contains in body for body in fenced)

    def _echoes(self, text: str) -> bool:
        head, _, work = text.partition("<<<UNTRUSTED-")
        name = re.escape(self.field or "")
        pattern = rf"{name}-[^>]*>>>\n(.*?)\n<<<END-UNTRUSTED-{name}-"
        fenced = re.findall(pattern, "<<<UNTRUSTED-" + work, re.S)
        task = " ".join(head.split())
        return any(len(b.split()) > 3 and " ".join(b.split()) in task for b in fenced)


def _ruled(rules: tuple[ScriptRule, ...], text: str) -> str | None:
    return next((r.verdict for r in rules if r.matches(text)), None)


#: What an obedient judge takes for an order to pass (in the agent's work, any language).
_ORDER = re.compile(
    r"(?i)\bpass(ed)?\b|approved?|full marks|perfect score|as correct|satisfied|bestanden|aprobado|réussi"
)


def _obeys(judge: str, messages: list[Any], marker: str | None) -> bool:
    """Whether an `obedient` judge follows an order planted in the agent's work: always, or
    (`obedient-unmarked`) only when the work is not datamarked, as a model that honours the marks."""
    if judge not in ("obedient", "obedient-unmarked") or (judge == "obedient-unmarked" and marker):
        return False
    has_work = len(messages) > 3 and messages[2].get("role") == "user"
    work = _text_of(messages[2].get("content")) if has_work else ""
    return bool(_ORDER.search(work.replace(marker, " ") if marker else work))


def load_rules(path: Path) -> tuple[ScriptRule, ...]:
    """The rules of a judge script file: `{"rules": [{"contains": ..., "verdict": ...}, ...]}`."""
    from pydantic import BaseModel, Field, ValidationError

    from expgrade.grading.errors import UserError, describe_validation_error

    class _Rule(BaseModel):
        contains: str = ""
        verdict: str
        field: str | None = Field(None, alias="in")
        echoes_task: bool = False
        step: int | None = None

    class _File(BaseModel):
        rules: list[_Rule]

    try:
        parsed = _File.model_validate_json(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UserError(f"cannot read the judge script: {exc}", file=path) from exc
    except ValidationError as exc:
        raise UserError(f"not a judge script: {describe_validation_error(exc)}", file=path) from exc
    return tuple(ScriptRule(r.contains, r.verdict, r.field, r.echoes_task, r.step) for r in parsed.rules)


@dataclass
class ServerScript:
    """Server-wide behaviour; per-item directives override it."""

    latency_s: float = 0.0
    fault_ratio: float = 0.0
    faults: tuple[str, ...] = FAULTS
    slow_s: float = 30.0
    retry_after_s: float = 0.05
    seed: int = 0
    #: "careful" or "fooled": how the server answers items with the `injected` directive;
    #: "obedient": passes any item whose work holds an order to pass (`_ORDER`), as a judge that
    #: follows planted instructions; "obedient-unmarked": the same, except in datamarked work.
    judge: str = "careful"
    cache_block_chars: int = 512
    cache_min_chars: int = 4096
    count_tokens: bool = False
    #: Seconds a batch takes per request line (it moves through `in_progress` meanwhile).
    batch_line_s: float = 0.01
    #: A batch expires after answering this many lines (the rest end `batch_expired`); None: never.
    batch_expire_after: int | None = None
    #: Verdicts by prompt content, first match wins; an in-prompt directive overrides them.
    rules: tuple[ScriptRule, ...] = ()
    #: How the judge garbles its joint answers (`JOINT_HABITS`); a `joint=a+b` directive overrides.
    joint: tuple[str, ...] = ()
    #: Which response formats it takes (`DIALECTS`): `openai` all; `llama_cpp` refuses json_schema
    #: as llama-cpp-python 0.3.36's server does and takes json_object with a schema; `plain` neither.
    dialect: str = "openai"
    #: Each answer (each requirement of a joint one) turns into another label with this chance,
    #: drawn from a seeded stream of the server's own: asked twice, the same item disagrees with
    #: itself 2p(1-p) of the time (0.42 at 0.3), a judge unstable by construction for test-retest.
    flip: float = 0.0
    #: Answer one request at a time, as llama.cpp's server does: the others wait in its queue, and
    #: a request whose client gave up (timed out) is still answered, its turn still taken.
    serial: bool = False
    #: The model names it serves (`GET /v1/models`); a chat request for another is HTTP 404
    #: `model_not_found`, as OpenAI answers. Empty: it answers any name and lists `listed`.
    models: tuple[str, ...] = ()
    #: The names `GET /v1/models` lists where `models` is empty, while any name is answered, as
    #: llama.cpp's server lists its one model and answers every name with it. Empty: it lists none.
    listed: tuple[str, ...] = ()
    #: The `model` its answers say answered (None: the name asked for, echoed).
    answers_as: str | None = None
    #: The `system_fingerprint` of its answers (None: the key is left out, as most local servers do).
    fingerprint: str | None = None


@dataclass
class _State:
    script: ServerScript
    rng: random.Random
    #: The stream `flip` draws from (apart from the faults', so a flipping judge faults as before).
    flips: random.Random = field(default_factory=random.Random)
    seen: Counter[str] = field(default_factory=Counter)
    stats: Counter[str] = field(default_factory=Counter)
    prefixes: set[bytes] = field(default_factory=set)
    files: dict[str, bytes] = field(default_factory=dict)
    batches: dict[str, dict[str, Any]] = field(default_factory=dict)
    workers: set[asyncio.Task[None]] = field(default_factory=set)
    #: Every request body as received, when a test asks for them (`ScriptedServer.keep_bodies`).
    bodies: list[dict[str, Any]] | None = None
    #: The one turn of a `serial` server (made on the server's loop, by its first request).
    turn: asyncio.Lock | None = None


STATE = web.AppKey("state", _State)


def _directive(text: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for m in _DIRECTIVE.finditer(text):
        for pair in m.group(1).split():
            key, _, value = pair.partition("=")
            found[key] = value
    return found


def _evidence(marked: str, marker: str | None) -> str:
    """The (datamarked) line holding the `injected` directive, directive removed: the judge's quote."""
    sep = r"\s" if marker is None else f"[\\s{re.escape(marker)}]"
    pattern = re.compile(f"@@script(?:{sep}+[^@]*)?{sep}injected(?:{sep}[^@]*)?@@")
    m = pattern.search(marked)
    if m is None:
        return "an attempt to address the grader"
    start = marked.rfind("\n", 0, m.start()) + 1
    end = marked.find("\n", m.end())
    line = marked[start : end if end >= 0 else len(marked)]
    return pattern.sub("", line).strip(" " + (marker or ""))[:200] or "an attempt to address the grader"


def _fill(schema: dict[str, Any], verdict: str, injection: str | None = None) -> dict[str, Any]:
    """An object satisfying a (simple) JSON schema; `verdict` goes in the enum-valued verdict field,
    `injection` (a quote, or None) in the injection report fields."""
    out: dict[str, Any] = {}
    for name, prop in (schema.get("properties") or {}).items():
        kind = prop.get("type")
        if name == "injection_suspected":
            out[name] = injection is not None
        elif name == "injection_evidence":
            out[name] = injection
        elif name == "verdict" or "enum" in prop:
            out[name] = verdict if verdict in prop.get("enum", [verdict]) else prop["enum"][0]
        elif kind == "number":
            out[name] = 0.8
        elif kind == "integer":
            out[name] = 1
        elif kind == "boolean":
            out[name] = False
        else:
            out[name] = f"scripted rationale for verdict {verdict}"
    return out


_CRITERION = re.compile(r"# The criterion to judge now\n(.*?)\n\n# Reminder from the grader", re.S)
_NUMBERED = re.compile(r"^\s*(\d+)\.\s+(.*)$", re.M)


def _joint_answer(
    text: str, d: dict[str, str], script: ServerScript, key: str, labels: list[str]
) -> dict[str, Any]:
    """One verdict per numbered requirement of a joint prompt, derived as for a single item.

    Requirement n takes, in order: an order an obedient judge follows, a `reqN=` directive, a
    rule matching its own line, the prompt's `verdict=` directive, a rule matching the prompt
    outside the criterion list, else a
    stable hash of the prompt and n. The overall verdict passes only when all do.
    """
    block = _CRITERION.search(text)
    listed = _NUMBERED.findall(block[1]) if block else []
    rest = _CRITERION.sub("", text)
    ruled = _ruled(script.rules, rest)
    entries = []
    for number, requirement in listed:
        own = next((r.verdict for r in script.rules if r.field is None and r.contains in requirement), None)
        drawn = hashlib.sha256(f"{key}:{number}".encode()).hexdigest()
        verdict = (
            d.get("obeyed")
            or d.get(f"req{number}")
            or own
            or d.get("verdict")
            or ruled
            or labels[int(drawn[:8], 16) % len(labels)]
        )
        entries.append(
            {
                "number": int(number),
                "verdict": verdict,
                "rationale": f"scripted rationale for verdict {verdict}",
            }
        )
    overall = labels[-1] if entries and all(e["verdict"] == labels[-1] for e in entries) else labels[0]
    return {"verdict": overall, "requirements": entries}


#: What chat models without constrained decoding do to a numbered list's answer.
JOINT_HABITS = (
    "first",  # answers only the first listed requirement
    "drop-last",  # leaves out the last one
    "reverse",  # answers in reverse order
    "prose",  # a preamble, the JSON in a ```json fence, an epilogue
    "strings",  # numbers as strings: "2."
    "upper",  # labels in capitals: "PASS"
    "inflect",  # "passed" / "failed"
    "trailing-commas",  # a comma before every closing bracket
    "truncate",  # cut at the token limit inside the second entry (finish reason `length`)
    "contradict",  # the first requirement answered twice, with different labels
    "unasked",  # an extra entry for a number nobody asked
    "no-overall",  # no overall verdict or rationale, only the list
)


def _garbled_joint(answer: dict[str, Any], habits: list[str], labels: list[str]) -> tuple[str, bool]:
    """The joint answer as a chat model with `habits` writes it, and whether it was cut off."""
    entries = [dict(e) for e in answer.get("requirements") or []]
    if "first" in habits:
        entries = entries[:1]
    if "drop-last" in habits and len(entries) > 1:
        entries = entries[:-1]
    if "contradict" in habits and entries:
        other = next(lab for lab in labels if lab != entries[0]["verdict"])
        entries.append({**entries[0], "verdict": other, "rationale": "on second thought"})
    if "unasked" in habits:
        entries.append({"number": len(entries) + 90, "verdict": labels[-1], "rationale": "extra"})
    if "reverse" in habits:
        entries.reverse()
    for e in entries:
        if "strings" in habits:
            e["number"] = f"{e['number']}."
        if "upper" in habits:
            e["verdict"] = e["verdict"].upper()
        if "inflect" in habits and e["verdict"].lower() in ("pass", "fail"):
            e["verdict"] += "ed"
    body = {k: v for k, v in answer.items() if k != "requirements"}
    if "no-overall" in habits:
        body = {k: v for k, v in body.items() if k not in ("verdict", "rationale")}
    text = json.dumps({**body, "requirements": entries})
    if "trailing-commas" in habits:
        text = text.replace("}", ",}").replace("]", ",]").replace("{,}", "{}").replace("[,]", "[]")
    cut = "truncate" in habits and len(entries) > 1
    if cut:
        second = text.index("{", text.index("}", text.index('"requirements"')))
        text = text[: second + 12]
    if "prose" in habits:
        text = f"Here is my assessment of the change.\n\n```json\n{text}" + (
            "" if cut else "\n```\n\nHope this helps."
        )
    return text, cut


#: `ServerScript.dialect`: the response-format types each refuses.
DIALECTS: dict[str, frozenset[str]] = {
    "openai": frozenset(),
    "llama_cpp": frozenset({"json_schema"}),
    "plain": frozenset({"json_schema", "json_object"}),
}


def _refused_format(dialect: str, response_format: Any) -> web.Response | None:
    """The dialect's refusal of a response format it lacks (None: it takes this one).

    `llama_cpp` answers with the exact body of llama-cpp-python 0.3.36's server: its pydantic
    validation error, sent as HTTP 500 `internal_server_error` (though the request is at fault).
    """
    kind = (response_format or {}).get("type") if isinstance(response_format, dict) else None
    if kind not in DIALECTS[dialect]:
        return None
    if dialect == "llama_cpp":
        message = (
            "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), "
            "'msg': \"Input should be 'text' or 'json_object'\", 'input': '"
            + kind
            + "', 'ctx': {'expected': \"'text' or 'json_object'\"}}\n\n  File \"llama_cpp/server/app.py\", "
            "line 376, in create_chat_completion\n    POST /v1/chat/completions"
        )
        body = {"error": {"message": message, "type": "internal_server_error", "param": None, "code": None}}
        return web.json_response(body, status=500)
    body = {
        "error": {
            "message": f"response_format of type '{kind}' is not supported by this server",
            "type": "invalid_request_error",
            "param": "response_format",
            "code": None,
        }
    }
    return web.json_response(body, status=400)


def _unknown_model(script: ServerScript, body: dict[str, Any]) -> web.Response | None:
    """OpenAI's 404 for a model the server does not serve (None: it serves this one)."""
    model = str(body.get("model"))
    if not script.models or model in script.models:
        return None
    message = f"The model `{model}` does not exist or you do not have access to it."
    return _error(404, message, code="model_not_found")


def _error(
    status: int, message: str, headers: dict[str, str] | None = None, code: str | None = None
) -> web.Response:
    body = {"error": {"message": message, "type": "scripted_fault", "code": code or str(status)}}
    return web.json_response(body, status=status, headers=headers)


def _text_of(content: Any) -> str:
    """A message's text: a string, or the text blocks of Anthropic-style content."""
    if isinstance(content, list):
        return "".join(str(b.get("text") or "") for b in content if isinstance(b, dict))
    return str(content or "")


def _tokens(text: str, exact: bool) -> int:
    if exact:
        return len(_encoding().encode(text, disallowed_special=()))
    return max(1, len(text) // 4)


@functools.cache
def _encoding() -> Any:
    """gpt-4o's tokenizer, offline: this litellm module points tiktoken at the encodings litellm ships."""
    import tiktoken
    from litellm.litellm_core_utils import default_encoding  # noqa: F401

    return tiktoken.get_encoding("o200k_base")


def _cached_chars(state: _State, text: str) -> int:
    """Characters at the start of `text` that earlier requests already sent, in whole blocks."""
    block = state.script.cache_block_chars
    h = hashlib.sha256()
    hit, found = 0, True
    for end in range(block, len(text) + 1, block):
        h.update(text[end - block : end].encode())
        digest = h.digest()
        if found and digest in state.prefixes:
            hit = end
        else:
            found = False
            state.prefixes.add(digest)
    return hit if len(text) >= state.script.cache_min_chars else 0


def _completion(
    state: _State,
    model: str,
    content: str,
    prompt: str,
    finish: str = "stop",
    reasoning: int = 0,
) -> web.Response:
    exact = state.script.count_tokens
    prompt_tokens = _tokens(prompt, exact)
    cached_chars = _cached_chars(state, prompt)
    cached = min(prompt_tokens, _tokens(prompt[:cached_chars], exact)) if cached_chars else 0
    completion_tokens = (_tokens(content, exact) if content else 0) + reasoning
    state.stats["prompt_tokens"] += prompt_tokens
    state.stats["cached_tokens"] += cached
    body = {
        "id": "chatcmpl-scripted",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": finish}
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
            "prompt_tokens_details": {"cached_tokens": cached},
            "completion_tokens_details": {"reasoning_tokens": reasoning},
        },
        **_fingerprint(state.script),
    }
    return web.json_response(body)


async def _chat(request: web.Request) -> web.StreamResponse:
    state: _State = request.app[STATE]
    body = await request.json()
    if state.turn is None:
        state.turn = asyncio.Lock()
    async with state.turn if state.script.serial else contextlib.nullcontext():
        if PREFLIGHT_TEXT in json.dumps(body.get("messages")):
            return await _preflight(body, state)
        state.stats["requests"] += 1
        state.stats["inflight"] += 1
        state.stats["max_inflight"] = max(state.stats["max_inflight"], state.stats["inflight"])
        try:
            return await _respond(body, state, request)
        finally:
            state.stats["inflight"] -= 1


async def _preflight(body: dict[str, Any], state: _State) -> web.Response:
    """A judge's preflight call (grading/judge/preflight.py), counted apart (`preflight`,
    `preflight_refused:<type>`) so that the run's own counters stay the run's: answered in the
    requested format, refused as the dialect refuses it, after the scripted latency, never faulted."""
    state.stats["preflight"] += 1
    refused_model = _unknown_model(state.script, body)
    if refused_model is not None:
        return refused_model
    model = _answering(state.script, body)
    wanted = body.get("response_format")
    refused = _refused_format(state.script.dialect, wanted)
    if refused is not None:
        state.stats[f"preflight_refused:{(wanted or {}).get('type')}"] += 1
        return refused
    if state.script.latency_s:
        await asyncio.sleep(state.script.latency_s)
    schema = ((wanted or {}).get("json_schema") or {}).get("schema") or (wanted or {}).get("schema")
    answer = _fill(schema, "pass") if schema else {"verdict": "pass", "rationale": "preflight"}
    message = {"role": "assistant", "content": json.dumps(answer)}
    usage = {"prompt_tokens": 20, "completion_tokens": 10, "total_tokens": 30}
    choice = {"index": 0, "message": message, "finish_reason": "stop"}
    return web.json_response(
        {
            "id": "chatcmpl-preflight",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": model,
            "choices": [choice],
            "usage": usage,
            **_fingerprint(state.script),
        }
    )


def _answering(script: ServerScript, body: dict[str, Any]) -> str:
    """The `model` an answer names: `answers_as`, else the name asked for."""
    return script.answers_as or str(body.get("model", "scripted"))


def _fingerprint(script: ServerScript) -> dict[str, str]:
    return {"system_fingerprint": script.fingerprint} if script.fingerprint else {}


async def _respond(body: dict[str, Any], state: _State, request: web.Request | None) -> web.Response:
    """The answer to one chat request, from HTTP or from a batch line (`request` None: no connection
    to drop, so `drop` ends as a 500)."""
    script = state.script
    if state.bodies is not None:
        state.bodies.append(body)
    refused_model = _unknown_model(script, body)
    if refused_model is not None:
        return refused_model
    refused = _refused_format(script.dialect, body.get("response_format"))
    if refused is not None:
        state.stats[f"refused:{body['response_format']['type']}"] += 1
        return refused
    messages = body.get("messages") or []
    marked = "\n".join(_text_of(m.get("content")) for m in messages)
    declared = _MARKER.search(marked)
    marker = declared[1] if declared else None
    # Read through the datamark, as a model reads the marked words; hash the unmarked text so the
    # scripted verdict does not depend on the run's marker.
    text = marked.replace(marker, " ") if marker else marked
    # The item's own messages (not a re-ask's additions), nonces stripped: what its verdict hangs on.
    asked = "\n".join(_text_of(m.get("content")) for m in messages[1:3] if m.get("role") == "user")
    asked = asked.replace(marker, " ") if marker else asked
    key = hashlib.sha256(_NONCE.sub("", asked or text).encode()).hexdigest()
    d = _directive(text)
    wanted = body.get("response_format") or {}
    schema = (wanted.get("json_schema") or {}).get("schema") or wanted.get("schema")  # json_object's
    labels = (schema or {}).get("properties", {}).get("verdict", {}).get("enum") or ["fail", "pass"]
    # The seed takes part so that self-consistency samples (one seed each) can disagree.
    drawn = hashlib.sha256(f"{key}:{body.get('seed')}".encode()).hexdigest()
    ruled = _ruled(script.rules, asked or text)
    verdict = d.get("verdict") or ruled or labels[int(drawn[:8], 16) % len(labels)]
    if _obeys(d.get("judge", script.judge), messages, marker):
        d["obeyed"] = verdict = labels[-1]
    injection: str | None = None
    if "injected" in d:
        if d.get("judge", script.judge) == "fooled":
            verdict = labels[-1]
        else:
            injection = _evidence(marked, marker)

    fault = None
    if "fault" in d:
        m = _FAULT_TIMES.fullmatch(d["fault"])
        kind, times = (m[1], m[2]) if m else (d["fault"], None)
        state.seen[key + kind] += 1
        if times is None or state.seen[key + kind] <= int(times):
            fault = kind
    elif script.fault_ratio and state.rng.random() < script.fault_ratio:
        fault = state.rng.choice(script.faults)
    state.stats[f"fault:{fault}" if fault else "answered"] += 1

    latency = float(d.get("latency", script.latency_s))
    if fault == "slow":
        latency = max(latency, script.slow_s)
    if latency:
        await asyncio.sleep(latency)

    model = _answering(script, body)
    if fault == "429":
        ms = int(script.retry_after_s * 1000)
        return _error(
            429,
            "rate limited (scripted)",
            {"retry-after-ms": str(ms), "retry-after": str(max(1, -(-ms // 1000)))},
        )
    if fault in ("500", "503"):
        return _error(int(fault), "server error (scripted)")
    if fault in ("400", "401", "404"):
        return _error(int(fault), "request rejected (scripted)")
    if fault == "context":
        return _error(
            400,
            "This model's maximum context length is 8192 tokens. However, your messages resulted "
            "in 9000 tokens. Please reduce the length of the messages.",
            code="context_length_exceeded",
        )
    if fault == "drop":
        if request is None:
            return _error(500, "connection dropped (scripted)")
        if request.transport is not None:
            request.transport.abort()
        raise asyncio.CancelledError
    answer = (
        _fill(schema, verdict, injection)
        if schema
        else {"verdict": verdict, "rationale": "scripted", "confidence": 0.8}
        | ({"injection_suspected": True, "injection_evidence": injection} if injection else {})
    )
    rule_step = next((r.step for r in script.rules if r.step is not None and r.matches(asked or text)), None)
    if "step" in answer and ("step" in d or rule_step is not None):  # else the schema's filler, 1
        answer["step"] = int(d["step"]) if "step" in d else rule_step
    joint = schema is not None and "requirements" in schema.get("properties", {})
    if joint:
        answer.update(_joint_answer(text, d, script, f"{key}:{body.get('seed')}", labels))
    if script.flip:
        answer = _flipped(answer, state, labels, joint)
    content = json.dumps(answer)
    habits = d["joint"].split("+") if "joint" in d else list(script.joint)
    finish = "stop"
    if joint and habits and not fault:
        content, cut = _garbled_joint(answer, habits, labels)
        finish = "length" if cut else finish
        state.stats["joint_garbled"] += 1
    if fault == "malformed":
        content = content[: len(content) // 2]
    elif fault == "missing":
        content = json.dumps({k: v for k, v in answer.items() if k != "verdict"})
    elif fault == "empty":
        content = ""
    elif fault == "refusal":
        content = "I'm sorry, but I can't help with grading this submission."
    elif fault == "badlabel":
        content = json.dumps({**answer, "verdict": "definitely-" + verdict})
    elif d.get("format") == "prose" or not schema:
        content = f"Having read the material, here is my verdict.\n```json\n{content}\n```\nThat is all."
    reasoning = int(d.get("reasoning", 0))
    if reasoning and int(body.get("max_tokens") or body.get("max_completion_tokens") or 0) <= reasoning:
        state.stats["empty_length"] += 1
        return _completion(state, model, "", marked, "length", int(body.get("max_tokens") or reasoning))
    return _completion(state, model, content, marked, finish, reasoning=reasoning)


def _flip(state: _State, verdict: str, labels: list[str]) -> str:
    """`verdict`, or with the chance `flip` another of the labels."""
    if len(labels) < 2 or state.flips.random() >= state.script.flip:
        return verdict
    return state.flips.choice([label for label in labels if label != verdict])


def _flipped(answer: dict[str, Any], state: _State, labels: list[str], joint: bool) -> dict[str, Any]:
    """The answer with each verdict drawn to flip; a joint answer's overall verdict follows its entries."""

    def flipped(part: dict[str, Any]) -> dict[str, Any]:
        verdict = _flip(state, str(part.get("verdict")), labels)
        said = {"rationale": f"scripted rationale for verdict {verdict}"} if "rationale" in part else {}
        return part | {"verdict": verdict} | said

    if not joint:
        return flipped(answer)
    entries = [flipped(e) for e in answer["requirements"]]
    overall = labels[-1] if entries and all(e["verdict"] == labels[-1] for e in entries) else labels[0]
    return answer | {"verdict": overall, "requirements": entries}


def _file_object(file_id: str, data: bytes, purpose: str) -> dict[str, Any]:
    return {
        "id": file_id,
        "object": "file",
        "bytes": len(data),
        "created_at": int(time.time()),
        "filename": f"{file_id}.jsonl",
        "purpose": purpose,
        "status": "processed",
    }


def _new_file(state: _State, data: bytes, purpose: str) -> dict[str, Any]:
    file_id = f"file-{len(state.files) + 1:06d}"
    state.files[file_id] = data
    return _file_object(file_id, data, purpose)


async def _create_file(request: web.Request) -> web.Response:
    state = request.app[STATE]
    form = await request.post()
    upload = form.get("file")
    data = upload.file.read() if isinstance(upload, web.FileField) else str(upload or "").encode()
    state.stats["files_uploaded"] += 1
    return web.json_response(_new_file(state, data, str(form.get("purpose") or "batch")))


async def _get_file(request: web.Request) -> web.Response:
    state = request.app[STATE]
    file_id = request.match_info["file_id"]
    if file_id not in state.files:
        return _error(404, f"no file {file_id}")
    return web.json_response(_file_object(file_id, state.files[file_id], "batch_output"))


async def _file_content(request: web.Request) -> web.Response:
    data = request.app[STATE].files.get(request.match_info["file_id"])
    if data is None:
        return _error(404, "no such file")
    return web.Response(body=data, content_type="application/octet-stream")


async def _create_batch(request: web.Request) -> web.Response:
    state = request.app[STATE]
    spec = await request.json()
    data = state.files.get(str(spec.get("input_file_id")))
    if data is None:
        return _error(400, "unknown input_file_id")
    lines = [json.loads(line) for line in data.decode().splitlines() if line.strip()]
    batch_id = f"batch_{len(state.batches) + 1:06d}"
    batch = {
        "id": batch_id,
        "object": "batch",
        "endpoint": spec.get("endpoint", "/v1/chat/completions"),
        "errors": None,
        "input_file_id": spec["input_file_id"],
        "completion_window": spec.get("completion_window", "24h"),
        "status": "validating",
        "output_file_id": None,
        "error_file_id": None,
        "created_at": int(time.time()),
        "request_counts": {"total": len(lines), "completed": 0, "failed": 0},
        "metadata": spec.get("metadata"),
    }
    state.batches[batch_id] = batch
    state.stats["batches_created"] += 1
    worker = asyncio.ensure_future(_run_batch(state, batch, lines))
    state.workers.add(worker)
    worker.add_done_callback(state.workers.discard)
    return web.json_response(batch)


async def _run_batch(state: _State, batch: dict[str, Any], lines: list[dict[str, Any]]) -> None:
    """Answer each line as the chat endpoint would; expire when the script says so."""
    batch["status"] = "in_progress"
    counts = batch["request_counts"]
    out: list[str] = []
    errors: list[str] = []
    limit = state.script.batch_expire_after
    for n, line in enumerate(lines):
        custom_id = line.get("custom_id")
        if limit is not None and n >= limit:
            error = {"code": "batch_expired", "message": "This request could not be executed before the "
                     "completion window expired."}  # fmt: skip
            errors.append(
                json.dumps({"id": f"batch_req_{n}", "custom_id": custom_id, "response": None, "error": error})
            )
            continue
        await asyncio.sleep(state.script.batch_line_s)
        state.stats["batch_lines"] += 1
        resp = await _respond(line.get("body") or {}, state, None)
        record = {
            "id": f"batch_req_{n}",
            "custom_id": custom_id,
            "response": {"status_code": resp.status, "request_id": f"req_{n}", "body": json.loads(resp.body)},  # type: ignore[arg-type]
            "error": None,
        }
        if resp.status == 200:
            counts["completed"] += 1
            out.append(json.dumps(record))
        else:
            counts["failed"] += 1
            errors.append(json.dumps(record))
    if out:
        batch["output_file_id"] = _new_file(state, ("\n".join(out) + "\n").encode(), "batch_output")["id"]
    if errors:
        batch["error_file_id"] = _new_file(state, ("\n".join(errors) + "\n").encode(), "batch_output")["id"]
    batch["status"] = "expired" if limit is not None and len(lines) > limit else "completed"


async def _get_batch(request: web.Request) -> web.Response:
    batch = request.app[STATE].batches.get(request.match_info["batch_id"])
    if batch is None:
        return _error(404, "no such batch")
    return web.json_response(batch)


async def _stats(request: web.Request) -> web.Response:
    return web.json_response(dict(request.app[STATE].stats))


async def _models(request: web.Request) -> web.Response:
    script = request.app[STATE].script
    names = script.models or script.listed
    return web.json_response({"object": "list", "data": [{"id": n, "object": "model"} for n in names]})


def make_app(script: ServerScript) -> web.Application:
    if script.count_tokens:
        _encoding()  # loaded now, not by the first request on the server's thread
    app = web.Application(client_max_size=64 * 1024**2)
    app[STATE] = _State(
        script=script, rng=random.Random(script.seed), flips=random.Random(f"flip:{script.seed}")
    )
    for prefix in ("", "/v1"):
        app.router.add_post(f"{prefix}/chat/completions", _chat)
        app.router.add_get(f"{prefix}/models", _models)
        app.router.add_post(f"{prefix}/files", _create_file)
        app.router.add_get(f"{prefix}/files/{{file_id}}", _get_file)
        app.router.add_get(f"{prefix}/files/{{file_id}}/content", _file_content)
        app.router.add_post(f"{prefix}/batches", _create_batch)
        app.router.add_get(f"{prefix}/batches/{{batch_id}}", _get_batch)
    app.router.add_get("/stats", _stats)
    return app


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ScriptedServer:
    """The server on 127.0.0.1 in a background thread with its own event loop.

    Use as a context manager; `url` is the OpenAI base URL (ends in /v1) to give as api_base.
    """

    def __init__(self, script: ServerScript | None = None, port: int = 0) -> None:
        self.script = script or ServerScript()
        self.port = port or _free_port()
        self.url = f"http://127.0.0.1:{self.port}/v1"
        self._app = make_app(self.script)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._serve, name="scripted-judge-server", daemon=True)
        self._ready = threading.Event()
        self._runner: web.AppRunner | None = None

    @property
    def stats(self) -> Counter[str]:
        state: _State = self._app[STATE]
        return state.stats

    def reset_stats(self) -> None:
        self.stats.clear()

    def keep_bodies(self) -> list[dict[str, Any]]:
        """From now on, record every request body as received (a fresh list, returned)."""
        state: _State = self._app[STATE]
        state.bodies = []
        return state.bodies

    def _serve(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._runner = web.AppRunner(self._app, access_log=None, handle_signals=False)
        self._loop.run_until_complete(self._runner.setup())
        site = web.TCPSite(self._runner, "127.0.0.1", self.port, backlog=1024)
        self._loop.run_until_complete(site.start())
        self._ready.set()
        self._loop.run_forever()
        self._loop.run_until_complete(self._runner.cleanup())
        self._loop.close()

    def start(self) -> ScriptedServer:
        logging.getLogger("aiohttp").setLevel(logging.CRITICAL)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("scripted judge server did not start")
        return self

    def stop(self) -> None:
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)

    def __enter__(self) -> ScriptedServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> None:
    """Run in the foreground (its own process, e.g. for the benchmark); prints the URL first."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--latency", type=float, default=0.0)
    p.add_argument("--fault-ratio", type=float, default=0.0)
    p.add_argument("--faults", default=",".join(FAULTS))
    p.add_argument("--slow-s", type=float, default=30.0)
    p.add_argument("--retry-after-s", type=float, default=0.05)
    p.add_argument("--seed", type=int, default=0)
    judges = ("careful", "fooled", "obedient", "obedient-unmarked")
    p.add_argument("--judge", choices=judges, default="careful")
    p.add_argument("--joint", default="", help="habits of joint answers, e.g. first+prose")
    p.add_argument("--rules", type=Path, help="a judge script file of verdicts by content")
    p.add_argument("--dialect", choices=tuple(DIALECTS), default="openai", help="response formats it takes")
    p.add_argument("--flip", type=float, default=0.0, help="chance that each answer turns into another label")
    a = p.parse_args(argv)
    script = ServerScript(
        a.latency, a.fault_ratio, tuple(a.faults.split(",")), a.slow_s, a.retry_after_s, a.seed, a.judge
    )
    script.joint = tuple(h for h in a.joint.split("+") if h)
    script.rules = load_rules(a.rules) if a.rules else ()
    script.dialect = a.dialect
    script.flip = a.flip
    logging.getLogger("aiohttp").setLevel(logging.CRITICAL)
    port = a.port or _free_port()
    print(f"http://127.0.0.1:{port}/v1", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        web.run_app(make_app(script), host="127.0.0.1", port=port, access_log=None, print=None, backlog=1024)


if __name__ == "__main__":
    main()
